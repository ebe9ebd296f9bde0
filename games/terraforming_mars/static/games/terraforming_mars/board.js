// Terraforming Mars on a phone: tabs for the map, the hand, the tableau and the standard
// projects. The chosen tab is kept (per browser tab) across pushes and whole-board swaps;
// on a wide screen the tabs are hidden by the CSS and every part shows.
(function () {
  "use strict";
  var KEY = "tm-tab";

  function chosen(board) {
    var tab = null;
    try { tab = window.sessionStorage.getItem(KEY); } catch (e) { tab = null; }
    if (!tab || !board.querySelector('.tm-tab[data-tab="' + tab + '"]')) { tab = "map"; }
    return tab;
  }

  function show(board, tab) {
    board.setAttribute("data-tab", tab);
    var tabs = board.querySelectorAll(".tm-tab");
    for (var i = 0; i < tabs.length; i++) {
      tabs[i].setAttribute("aria-pressed", tabs[i].getAttribute("data-tab") === tab ? "true" : "false");
    }
  }

  function wire() {
    var boards = document.querySelectorAll(".tm-board");
    for (var i = 0; i < boards.length; i++) {
      var nav = boards[i].querySelector(".tm-tabs");
      if (!nav) { continue; }
      nav.hidden = false;
      show(boards[i], chosen(boards[i]));
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest(".tm-tab") : null;
    if (!button) { return; }
    var board = button.closest(".tm-board");
    var tab = button.getAttribute("data-tab");
    try { window.sessionStorage.setItem(KEY, tab); } catch (e) { /* private mode: not kept */ }
    show(board, tab);
  });
  // htmx:load fires for the page and for every swapped-in part (a region or the whole board).
  document.addEventListener("htmx:load", wire);
  document.addEventListener("DOMContentLoaded", wire);
})();
