// Terraforming Mars: sorting of the hand.
//
// The hand's sort is a personal preference kept in this browser (localStorage): as dealt,
// by cost, playable first, by victory points, or the player's own order (drag and drop, or
// the move left/right buttons for the keyboard), kept per game (the table's address). It is
// applied again after every htmx swap, since a push replaces the hand's region. The stacks of
// the tableau (<details data-panel>) stay open or closed like every panel of a board
// (static/js/playtable.js, "Open panels").
(function () {
  "use strict";
  if (window.tmHandReady) return; // the board may be rendered again whole: bind once
  window.tmHandReady = true;

  var SORT_KEY = "playtable.tm.handSort";
  function orderKey() {
    return "playtable.tm.handOrder:" + location.pathname;
  }

  function read(store, key, fallback) {
    try {
      var raw = store.getItem(key);
      return raw === null ? fallback : JSON.parse(raw);
    } catch (e) {
      return fallback;
    }
  }

  function write(store, key, value) {
    try {
      store.setItem(key, JSON.stringify(value));
    } catch (e) {
      /* storage full or disabled: the preference lasts for this page only */
    }
  }

  function num(li, key) {
    return Number(li.dataset[key] || 0);
  }

  var COMPARE = {
    none: function (a, b) { return num(a, "dealt") - num(b, "dealt"); },
    cost: function (a, b) { return num(a, "cost") - num(b, "cost") || num(a, "dealt") - num(b, "dealt"); },
    playable: function (a, b) { return num(b, "playable") - num(a, "playable") || num(a, "cost") - num(b, "cost") || num(a, "dealt") - num(b, "dealt"); },
    vp: function (a, b) { return num(b, "vp") - num(a, "vp") || num(a, "dealt") - num(b, "dealt"); },
  };

  function manualCompare() {
    var order = read(localStorage, orderKey(), []);
    var rank = {};
    order.forEach(function (id, i) { rank[id] = i; });
    return function (a, b) {
      var ra = a.dataset.card in rank ? rank[a.dataset.card] : order.length + num(a, "dealt");
      var rb = b.dataset.card in rank ? rank[b.dataset.card] : order.length + num(b, "dealt");
      return ra - rb;
    };
  }

  function sortHand() {
    var list = document.querySelector(".tm-hand-cards");
    if (!list) return;
    var mode = read(localStorage, SORT_KEY, "none");
    if (!(mode in COMPARE) && mode !== "manual") mode = "none";
    var select = document.querySelector(".tm-hand [data-tm-sort]");
    if (select) {
      select.value = mode;
      select.closest(".tm-hand-sort").hidden = false;
    }
    list.dataset.sort = mode;
    var cards = Array.prototype.slice.call(list.children);
    cards.sort(mode === "manual" ? manualCompare() : COMPARE[mode]);
    cards.forEach(function (li) {
      list.appendChild(li);
      li.draggable = mode === "manual";
      var move = li.querySelector(".tm-move");
      if (move) move.hidden = mode !== "manual";
    });
  }

  function saveManual(list) {
    var ids = Array.prototype.map.call(list.children, function (li) { return li.dataset.card; });
    write(localStorage, orderKey(), ids);
  }

  document.addEventListener("change", function (event) {
    var select = event.target.closest("[data-tm-sort]");
    if (!select) return;
    var list = document.querySelector(".tm-hand-cards");
    if (select.value === "manual" && list && list.dataset.sort !== "manual") {
      saveManual(list); // the own order starts from what is on screen now
    }
    write(localStorage, SORT_KEY, select.value);
    sortHand();
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-tm-move]");
    if (!button) return;
    event.preventDefault();
    var li = button.closest(".tm-hand-card");
    var list = li.parentNode;
    if (Number(button.dataset.tmMove) < 0) {
      if (li.previousElementSibling) list.insertBefore(li, li.previousElementSibling);
    } else if (li.nextElementSibling) {
      list.insertBefore(li.nextElementSibling, li);
    }
    saveManual(list);
    button.focus();
  });

  var dragged = null;
  document.addEventListener("dragstart", function (event) {
    var li = event.target.closest && event.target.closest(".tm-hand-cards[data-sort=manual] .tm-hand-card");
    if (!li) return;
    dragged = li;
    li.classList.add("tm-dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", li.dataset.card);
  });
  document.addEventListener("dragover", function (event) {
    if (!dragged) return;
    var over = event.target.closest && event.target.closest(".tm-hand-card");
    if (!over || over === dragged || over.parentNode !== dragged.parentNode) return;
    event.preventDefault();
    var box = over.getBoundingClientRect();
    var after = event.clientX > box.left + box.width / 2;
    over.parentNode.insertBefore(dragged, after ? over.nextElementSibling : over);
  });
  document.addEventListener("drop", function (event) {
    if (dragged) event.preventDefault();
  });
  document.addEventListener("dragend", function () {
    if (!dragged) return;
    dragged.classList.remove("tm-dragging");
    saveManual(dragged.parentNode);
    dragged = null;
  });

  document.addEventListener("htmx:afterSwap", sortHand);
  document.addEventListener("htmx:oobAfterSwap", sortHand);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", sortHand);
  } else {
    sortHand();
  }
})();
