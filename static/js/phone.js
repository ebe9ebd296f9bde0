/* Phone first: the header's menu button, and the move log and chat folded on a small screen.
 *
 * Loaded in <head> without defer, so <html> is marked "js" before the first paint: the CSS then
 * hides the phone's menu behind its button (without this script the menu simply stays open).
 * Everything else listens on the document, so it needs no element to exist yet.
 */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var small = window.matchMedia("(max-width: 600px)");

  function panelOf(toggle) {
    return toggle && document.getElementById(toggle.getAttribute("aria-controls"));
  }

  function menuSet(toggle, open, refocus) {
    var panel = panelOf(toggle);
    if (!panel) return;
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    panel.classList.toggle("open", open);
    if (!open && refocus) toggle.focus();
  }

  document.addEventListener("click", function (event) {
    var toggle = event.target.closest(".menu-toggle");
    if (toggle) {
      menuSet(toggle, toggle.getAttribute("aria-expanded") !== "true", false);
      return;
    }
    // A click or tap outside the open menu closes it.
    var open = document.querySelector(".menu-toggle[aria-expanded='true']");
    if (open && !event.target.closest("#" + open.getAttribute("aria-controls"))) {
      menuSet(open, false, false);
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var open = document.querySelector(".menu-toggle[aria-expanded='true']");
    if (open) menuSet(open, false, true);
  });

  // <details data-fold-phone="name" open>: open on a desktop, closed on a phone until the player
  // opens it; their choice holds when the board is replaced by a newer one.
  var chosen = {};

  document.addEventListener(
    "toggle",
    function (event) {
      var details = event.target;
      if (details.matches && details.matches("details[data-fold-phone]") && details.dataset.folded) {
        chosen[details.dataset.foldPhone] = details.open;
      }
    },
    true
  );

  function fold(root) {
    if (!small.matches || !root || !root.querySelectorAll) return;
    var found = Array.prototype.slice.call(root.querySelectorAll("details[data-fold-phone]"));
    if (root.matches && root.matches("details[data-fold-phone]")) found.push(root);
    found.forEach(function (details) {
      if (details.dataset.folded) return;
      var name = details.dataset.foldPhone;
      details.open = Object.prototype.hasOwnProperty.call(chosen, name) ? chosen[name] : false;
      details.dataset.folded = "1";
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    fold(document);
  });
  // New content from htmx (a move's answer, a board pushed over the socket, a chat line).
  document.addEventListener("htmx:load", function (event) {
    fold(event.target);
  });
})();
