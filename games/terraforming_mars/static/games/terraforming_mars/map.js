/* Terraforming Mars: a log line that names a space lights that space on the map.
   Hover or keyboard focus on a line with data-space puts a ring on the map's hex (the map's
   <g data-space> and its .tm-lit-ring, drawn by terraforming_mars_map.py); focus or a click
   also scrolls the space into view when it is out of it. Listeners sit on the
   document, so boards and regions swapped in by pushes need nothing new; the script may be
   swapped in again with the map, hence the guard. */
(function () {
  "use strict";
  if (window.playtableTmMap) {
    return;
  }
  window.playtableTmMap = true;

  function light(id) {
    document.querySelectorAll(".tm-space.tm-lit").forEach(function (g) {
      g.classList.remove("tm-lit");
    });
    var ring = document.querySelector(".tm-mars .tm-lit-ring");
    if (ring) {
      ring.classList.remove("tm-on");
    }
    if (!id || !ring) {
      return;
    }
    var space = document.querySelector('.tm-mars .tm-space[data-space="' + CSS.escape(id) + '"]');
    var hex = space && space.querySelector(".tm-h");
    if (!hex) {
      return;
    }
    space.classList.add("tm-lit");
    ring.setAttribute("x", hex.getAttribute("x"));
    ring.setAttribute("y", hex.getAttribute("y"));
    ring.classList.add("tm-on");
  }

  // Keyboard focus or a click on a line (a click focuses it too) also brings the lit space
  // into view when it is out of it (below the sticky action bar at the top); hovering never
  // scrolls. Smooth, unless the player wants less motion.
  function reveal(id) {
    var space = document.querySelector('.tm-mars .tm-space[data-space="' + CSS.escape(id) + '"]');
    if (!space) {
      return;
    }
    var box = space.getBoundingClientRect();
    if (!box.width) {
      return; // the map is not shown (a phone's other tab)
    }
    var bar = document.querySelector(".tm-actionbar");
    var top = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
    if (box.top >= top && box.bottom <= window.innerHeight) {
      return;
    }
    var still = document.body.classList.contains("fewer-animations") ||
      window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    var by = box.top + box.height / 2 - (top + window.innerHeight) / 2;
    window.scrollBy({ top: by, behavior: still ? "auto" : "smooth" });
  }

  function lineOf(node) {
    return node && node.closest ? node.closest(".tm-log [data-space]") : null;
  }

  document.addEventListener("mouseover", function (event) {
    var line = lineOf(event.target);
    if (line) {
      light(line.getAttribute("data-space"));
    }
  });
  document.addEventListener("mouseout", function (event) {
    var line = lineOf(event.target);
    if (line && !line.contains(event.relatedTarget)) {
      light(null);
    }
  });
  document.addEventListener("focusin", function (event) {
    var line = lineOf(event.target);
    if (line) {
      light(line.getAttribute("data-space"));
      reveal(line.getAttribute("data-space"));
    }
  });
  document.addEventListener("focusout", function (event) {
    if (lineOf(event.target)) {
      light(null);
    }
  });
})();
