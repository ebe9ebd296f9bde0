// Playtable replay: arrow keys, Home/End and autoplay step the board with htmx.
// Every step is also a plain link, so the replay works without this file. Steps asked
// for while one is loading are merged: the board goes straight to the last one wanted.
(function () {
  "use strict";
  var wanted = null;   // the step the player asked for, until the board shows it
  var busy = false;    // a step requested here is on its way
  var playing = false;
  var timer = null;

  function frame() { return document.querySelector(".replay-frame"); }
  function stepOf(f) { return Number(f.dataset.step); }
  function totalOf(f) { return Number(f.dataset.total); }

  function load(f, step) {
    var url = f.dataset.base + step;
    if (!window.htmx) { window.location.href = url; return; }
    busy = true;
    window.htmx.ajax("GET", url, { source: f, target: f, swap: "outerHTML", replace: url })
      .then(done, done);
  }

  function done() { busy = false; settle(); }

  function go(step) {
    var f = frame();
    if (!f) return;
    wanted = Math.max(0, Math.min(totalOf(f), step));
    if (!busy && wanted !== stepOf(f)) load(f, wanted);
  }

  // Mark the current move in the list and scroll the list (never the page) to it.
  function mark(step) {
    var list = document.querySelector(".replay-moves ol");
    if (!list) return;
    var old = list.querySelector("a[aria-current]");
    if (old) old.removeAttribute("aria-current");
    var link = list.querySelector('a[data-n="' + step + '"]');
    if (!link) return;
    link.setAttribute("aria-current", "step");
    var item = link.parentElement;
    if (item.offsetTop < list.scrollTop ||
        item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, item.offsetTop - list.clientHeight / 3);
    }
  }

  function settle() {
    var f = frame();
    if (!f) return;
    var step = stepOf(f);
    mark(step);
    if (wanted !== null && wanted !== step) {
      if (!busy) load(f, wanted);
      return;
    }
    wanted = null;
    if (playing) schedule();
  }

  // Autoplay: one step after another, each once the previous one is on screen.
  function speed() {
    var select = document.querySelector("[data-replay-speed]");
    return select ? Number(select.value) : 1200;
  }

  function schedule() {
    clearTimeout(timer);
    var f = frame();
    if (!f || stepOf(f) >= totalOf(f)) { stop(); return; }
    timer = setTimeout(function () {
      var now = frame();
      if (playing && now) go(stepOf(now) + 1);
    }, speed());
  }

  function show(isPlaying) {
    var button = document.querySelector("[data-replay-play]");
    if (!button) return;
    button.setAttribute("aria-pressed", isPlaying ? "true" : "false");
    button.querySelector("[data-label-play]").hidden = isPlaying;
    button.querySelector("[data-label-pause]").hidden = !isPlaying;
    var use = button.querySelector("use");
    var href = use.getAttribute("href").split("#")[0];
    use.setAttribute("href", href + (isPlaying ? "#pause" : "#play"));
  }

  function start() {
    var f = frame();
    if (!f) return;
    playing = true;
    show(true);
    // At the end, play from the start again.
    if (stepOf(f) >= totalOf(f)) go(0); else schedule();
  }

  function stop() {
    playing = false;
    clearTimeout(timer);
    show(false);
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName))) {
      return;
    }
    var f = frame();
    if (!f) return;
    var current = wanted !== null ? wanted : stepOf(f);
    var to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: totalOf(f) }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-replay-play]")) {
      if (playing) stop(); else start();
    }
  });

  document.addEventListener("change", function (event) {
    if (!event.target.matches("[data-replay-speed]")) return;
    try { window.localStorage.setItem("replay-speed", event.target.value); } catch (e) { /* private mode */ }
    if (playing) schedule();
  });

  // A step the player clicked (a link) lands here too.
  document.addEventListener("htmx:afterSettle", function () { if (!busy) settle(); });

  document.addEventListener("DOMContentLoaded", function () {
    var controls = document.querySelector("[data-replay-controls]");
    if (controls) controls.hidden = false;
    var select = document.querySelector("[data-replay-speed]");
    var saved = null;
    try { saved = window.localStorage.getItem("replay-speed"); } catch (e) { /* private mode */ }
    if (select && /^\d+$/.test(saved || "") && select.querySelector('option[value="' + saved + '"]')) {
      select.value = saved;
    }
    var f = frame();
    if (f) mark(stepOf(f));
  });
})();
