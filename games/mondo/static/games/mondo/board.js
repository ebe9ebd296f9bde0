// Mondo: keyboard and mouse shortcuts for the held tile.
// Q / E (or the arrow keys) turn it, F flips it, Esc puts it back, Enter says "ready";
// over the held tile the mouse wheel turns it and a right click flips it. Each shortcut
// clicks the board's own button, so the move goes through the same form as a click.
(function () {
  "use strict";
  if (window.mondoShortcuts) return;
  window.mondoShortcuts = true;

  var ALIASES = { ArrowLeft: "q", ArrowRight: "e", Q: "q", E: "e", F: "f" };
  var last = 0;

  function press(key) {
    var board = document.querySelector("[data-mo-board]");
    if (!board) return false;
    var button = board.querySelector('button[data-key="' + key + '"]');
    if (!button || button.disabled) return false;
    var now = Date.now();
    if (now - last < 150) return true; // one action per burst of wheel events
    last = now;
    button.click();
    return true;
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var key = ALIASES[event.key] || event.key;
    if (press(key)) event.preventDefault();
  });

  document.addEventListener("wheel", function (event) {
    if (!event.target.closest || !event.target.closest("[data-mo-held]")) return;
    if (press(event.deltaY > 0 ? "e" : "q")) event.preventDefault();
  }, { passive: false });

  // A refused move's message lives inside the board. In a game where everybody moves at
  // once, another player's move (often the very one that beat you to a tile) can redraw
  // the board over the socket right after (and clear the error region) or while your
  // request is on its way (htmx then drops the answer, as the button that sent it is
  // gone). So read every refusal where it arrives, from the HTTP answer or from the
  // table socket (a move sent over it, static/js/socket-moves.js, is refused there), and
  // keep its message on screen for a few seconds, outside the board.
  var toastTimer = null;
  function toast(text) {
    var box = document.querySelector(".mo-toast");
    if (!box) {
      box = document.createElement("div");
      box.className = "mo-toast";
      box.setAttribute("role", "alert");
      box.addEventListener("click", function () { box.remove(); });
      document.body.appendChild(box);
    }
    box.textContent = text;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { box.remove(); }, 5000);
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!xhr || !event.target.closest || !event.target.closest(".board-wrap")) return;
    if (!document.querySelector("[data-mo-board]")) return;
    xhr.addEventListener("loadend", function () {
      if (xhr.status < 400 || xhr.status >= 500) return;
      var page = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
      var error = page.querySelector(".board-error");
      if (error) toast(error.textContent.trim());
    });
  });

  // A move sent over the table socket is refused by a message that is the board's error
  // region alone (lobby.socket_moves.refusal_html); a push carries a meta element first.
  var REFUSAL = /^<div id="[^"]+-board-error" class="region"[ >]/;
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var message = event.detail && event.detail.message;
    if (typeof message !== "string" || !REFUSAL.test(message)) return;
    if (!document.querySelector("[data-mo-board]")) return;
    var page = new DOMParser().parseFromString(message, "text/html");
    var error = page.querySelector(".board-error");
    if (error) toast(error.textContent.trim());
  });

  document.addEventListener("contextmenu", function (event) {
    if (!event.target.closest || !event.target.closest("[data-mo-held]")) return;
    if (press("f")) event.preventDefault();
  });
})();
