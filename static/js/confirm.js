// Playtable: ask before a move that cannot be taken back.
//
// A form, or the button that submits it, with data-confirm="<question>" asks that
// question first; Cancel sends nothing. With the player's "confirm every move"
// preference (data-confirm-moves on <body>), every move form asks, naming the move,
// but for buttons marked data-confirm-skip.
//
// This listens to "submit" on the document in the capture phase, so it runs before
// htmx's own listener on the form; a cancelled submit stops there, and htmx never
// starts a request. Pages use data-confirm and never hx-confirm, so htmx's
// htmx:confirm step finds no question of its own and a move asks exactly once.
(function () {
  "use strict";

  function question(form, submitter) {
    var own = submitter && submitter.getAttribute("data-confirm");
    if (own) return own;
    if (form.hasAttribute("data-confirm")) return form.getAttribute("data-confirm");
    var every = document.body.getAttribute("data-confirm-moves");
    if (!every || !form.classList.contains("move-form")) return null;
    // Steps that decide nothing (turning the tile in hand, taking a step back) never ask.
    if (submitter && submitter.hasAttribute("data-confirm-skip")) return null;
    var name = "";
    if (submitter) {
      name = submitter.getAttribute("aria-label") || submitter.textContent || "";
      name = name.replace(/\s+/g, " ").trim();
    }
    return name ? every + "\n\n" + name : every;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    var text = question(form, event.submitter || null);
    if (text && !window.confirm(text)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
})();
