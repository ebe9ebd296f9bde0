/* Terraforming Mars: a log line that names a space lights that space on the map.
   Hover or keyboard focus on a line with data-space puts a ring on the map's hex (the map's
   <g data-space> and its .tm-lit-ring, drawn by terraforming_mars_map.py). Listeners sit on the
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
    }
  });
  document.addEventListener("focusout", function (event) {
    if (lineOf(event.target)) {
      light(null);
    }
  });
})();
