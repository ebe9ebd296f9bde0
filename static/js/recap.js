// "Since your last move" (lobby/recap.py): the panel above the board can be dismissed,
// and it goes by itself once the board shows a newer version (the player moved).
(function () {
  "use strict";

  function panels() {
    return Array.prototype.slice.call(document.querySelectorAll("[data-recap]"));
  }

  function dropWhenMoved() {
    panels().forEach(function (panel) {
      var board = document.getElementById(panel.dataset.board);
      if (board && Number(board.dataset.version) > Number(panel.dataset.version)) {
        panel.remove();
      }
    });
  }

  function wire() {
    panels().forEach(function (panel) {
      var button = panel.querySelector("[data-recap-dismiss]");
      if (!button) return;
      button.hidden = false;
      button.addEventListener("click", function () {
        panel.remove();
        document.querySelectorAll(".recap-changed").forEach(function (region) {
          region.classList.remove("recap-changed");
        });
      });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", wire);
  } else {
    wire();
  }
  document.addEventListener("htmx:afterSwap", dropWhenMoved);
  document.addEventListener("htmx:wsAfterMessage", dropWhenMoved);
})();
