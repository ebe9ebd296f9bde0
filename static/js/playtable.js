// Playtable: count the turn clocks down between server updates.
// Each clock carries the seconds left when the server rendered it (data-left) and
// whether it runs; every board update replaces the element, which re-syncs it.
// A paused clock says for how long it stands still (data-paused-for).
(function () {
  "use strict";
  var seen = new WeakMap();

  function format(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    var d = Math.floor(seconds / 86400), h = Math.floor(seconds % 86400 / 3600);
    var m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    function pad(n) { return (n < 10 ? "0" : "") + n; }
    // The words come from the page (<body data-clock-days>, in the reader's language).
    function fill(words, fallback, values) {
      return (words || fallback).replace(/%\((\w+)\)s/g, function (all, key) {
        return key in values ? values[key] : all;
      });
    }
    var body = document.body.dataset;
    if (d > 0) return fill(body.clockDays, "%(days)sd %(hours)sh", { days: d, hours: h });
    if (h > 0) {
      return fill(body.clockHours, "%(hours)sh %(minutes)sm", { hours: h, minutes: pad(m) });
    }
    return pad(m) + ":" + pad(s);
  }

  function tick() {
    var now = performance.now();
    document.querySelectorAll(".clock[data-left]").forEach(function (el) {
      if (!seen.has(el)) seen.set(el, now);
      var left = parseFloat(el.dataset.left);
      var running = (now - seen.get(el)) / 1000;
      // A paused clock (its player's quiet hours or vacation) stands still until the
      // pause ends (data-paused-for, seconds from the drawing), then runs.
      if (el.dataset.pausedFor) running -= parseFloat(el.dataset.pausedFor);
      if (el.dataset.running === "1" && running > 0) left -= running;
      el.textContent = format(left);
      var paused = Boolean(el.dataset.pausedFor) && running <= 0;
      el.classList.toggle("paused", el.dataset.running === "1" && paused);
      el.classList.toggle("low", el.dataset.running === "1" && !paused && left < 30);
    });
  }

  // A message can be dismissed; "your table is open" goes by itself once the table is not
  // open any more (the board arrives by socket, the page is not reloaded).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-dismiss]");
    if (button) button.closest(".message").remove();
  });
  function dropStale() {
    var wrap = document.querySelector(".board-wrap[data-status]");
    if (wrap && wrap.dataset.status !== "open") {
      document.querySelectorAll(".message.while-open").forEach(function (el) { el.remove(); });
    }
  }
  document.addEventListener("DOMContentLoaded", dropStale);
  document.addEventListener("htmx:afterSettle", dropStale);
  document.addEventListener("htmx:wsAfterMessage", dropStale);

  // Read-only fields meant for copying (the invite link) select themselves on focus.
  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("[data-select-on-focus]")) {
      event.target.select();
    }
  });

  // A board pushed over the socket may have been drawn before the answer to this
  // player's own move arrived: never let an older board replace a newer one. A push of
  // the version already shown is dropped too: it says nothing new, and replacing the
  // board under the pointer loses a click that is on its way. A whole board the page
  // asked for ("resync") is taken unless it is older.
  //
  // Most pushes carry only the regions of the board that changed (lobby.rendering
  // .board_message): first a meta element with the new version and the version they
  // apply to (data-base). The page takes them only on top of that version; on top of
  // any other it asks the socket for the whole board instead.
  var META = /id="([^"]+-board)-meta" hidden data-version="(\d+)" data-base="(\d+)" data-status="(\w+)"/;
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var message = event.detail.message;
    var meta = META.exec(message.slice(0, 300));
    if (meta) {
      var wrap = document.getElementById(meta[1]);
      var shown = wrap ? Number(wrap.dataset.version) : -1;
      if (!wrap || shown >= Number(meta[2])) {
        event.preventDefault();
      } else if (shown !== Number(meta[3])) {
        event.preventDefault();
        event.detail.socketWrapper.send("resync");
      }
      return;
    }
    var match = /id="([^"]+-board)"[^>]*data-version="(\d+)"/.exec(message);
    if (!match) return;
    var current = document.getElementById(match[1]);
    var resync = / data-resync="1"/.test(message.slice(0, 400));
    if (current && Number(current.dataset.version) > Number(match[2]) - (resync ? 0 : 1)) {
      event.preventDefault();
    }
  });
  // After a push of regions, the board says which version (and status) it now shows.
  document.addEventListener("htmx:wsAfterMessage", function (event) {
    var meta = META.exec(event.detail.message.slice(0, 300));
    if (!meta) return;
    var wrap = document.getElementById(meta[1]);
    if (wrap) {
      wrap.dataset.version = meta[2];
      wrap.dataset.status = meta[4];
    }
    dropStale();
  });

  // The same for the answer to a move: when the table moved on while it travelled (a
  // bot answering at once, the other player), the socket may already have shown a newer
  // board, which the older answer must not replace.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    var text = xhr && typeof xhr.responseText === "string" ? xhr.responseText : "";
    var match = /id="([^"]+-board)"[^>]*data-version="(\d+)"/.exec(text.slice(0, 400));
    if (!match) return;
    var current = document.getElementById(match[1]);
    if (current && Number(current.dataset.version) > Number(match[2])) {
      event.detail.shouldSwap = false;
    }
  });

  // htmx wires up swapped-in content only when the swap settles. A click in between
  // would submit a move form the browser's way: a full page instead of a board, and a
  // board drawn for the socket carries no CSRF field, so a 403. Wire the form up first;
  // for a form htmx already knows this does nothing.
  function wireUp(event) {
    var form = event.target && event.target.closest ? event.target.closest("form[hx-post]") : null;
    if (form && window.htmx) window.htmx.process(form);
  }
  document.addEventListener("click", wireUp, true);
  document.addEventListener("submit", wireUp, true);

  // Keyboard players: a board replaced under the focus (the answer to a move, or a move
  // pushed over the socket) takes the focused button with it, and the browser drops the
  // focus to the top of the page. Put it back into the new board: on the same control if
  // it is still there (the same move, or a button of the same name), else on the first
  // move that can be made now, else on the status line that says whose turn it is.
  var lastFocus = null;
  var byKeyboard = false;
  document.addEventListener("keydown", function (event) {
    if (event.key === "Tab" || event.key === "Enter" || event.key === " ") byKeyboard = true;
  }, true);
  document.addEventListener("pointerdown", function () { byKeyboard = false; }, true);

  function label(el) {
    return (el.getAttribute("aria-label") || el.textContent || "").replace(/\s+/g, " ").trim();
  }
  function shown(el) {
    return !el.disabled && el.getClientRects().length > 0;
  }
  document.addEventListener("focusin", function (event) {
    var el = event.target;
    var board = el.closest && el.closest(".board-wrap[id]");
    lastFocus = board ? { el: el, board: board.id, tag: el.tagName, id: el.id || "",
      typing: /^(TEXTAREA|SELECT)$/.test(el.tagName) ||
        (el.tagName === "INPUT" && !/^(submit|button|checkbox|radio|hidden)$/.test(el.type)), value: el.value || "",
      name: el.getAttribute("name") || "", label: label(el) } : null;
  });

  function sameControl(board, seen) {
    var byId = seen.id ? document.getElementById(seen.id) : null;
    if (byId && board.contains(byId) && shown(byId)) return byId;
    var found = null;
    board.querySelectorAll(seen.tag).forEach(function (el) {
      if (found || !shown(el) || el.tabIndex < 0) return;
      if (seen.value && el.value === seen.value && el.getAttribute("name") === seen.name) found = el;
    });
    if (found) return found;
    board.querySelectorAll(seen.tag).forEach(function (el) {
      if (!found && shown(el) && el.tabIndex >= 0 && seen.label && label(el) === seen.label) found = el;
    });
    return found;
  }
  function firstMove(board) {
    var found = null;
    board.querySelectorAll(".move-form button[name=action], .move-form input").forEach(function (el) {
      if (!found && el.type !== "hidden" && !el.classList.contains("undo") && shown(el)) found = el;
    });
    return found;
  }

  function refocus() {
    // Only for a keyboard player: after a mouse click the focus stays where the browser
    // leaves it, so that Space scrolls the page and never presses a move.
    // A field being typed in is put back for everyone.
    if (!lastFocus || lastFocus.el.isConnected || (!byKeyboard && !lastFocus.typing)) return;
    var active = document.activeElement;
    if (active && active !== document.body && active !== document.documentElement) return;
    var board = document.getElementById(lastFocus.board);
    if (!board) return;
    var target = sameControl(board, lastFocus) || firstMove(board);
    if (!target) {
      target = board.querySelector(".status-line") || board;
      target.setAttribute("tabindex", "-1");
    }
    target.focus();
  }
  function refocusSoon() { setTimeout(refocus, 0); }
  document.addEventListener("htmx:afterSettle", refocusSoon);
  document.addEventListener("htmx:oobAfterSwap", refocusSoon);
  document.addEventListener("htmx:wsAfterMessage", refocusSoon);

  // Changes you can see. A push replaces some regions of the board (out-of-band swaps):
  // the page must not jump, open panels stay open, and what the other player's latest
  // move touched lights up for a few seconds.
  //
  // 1. Scroll: before a swap, take an anchor, an element in view that the swap leaves in
  // place (not inside an element it replaces), and its distance from the viewport's top;
  // after it, scroll by however far the anchor moved. Fixed and sticky bars never anchor.
  var anchor = null;
  function pinned(el) {
    for (; el && el !== document.body; el = el.parentElement) {
      var position = getComputedStyle(el).position;
      if (position === "fixed" || position === "sticky") return true;
    }
    return false;
  }
  function takeAnchor(replaced) {
    anchor = null;
    if (!window.scrollY) return;
    var gone = replaced.map(function (id) { return document.getElementById(id); })
      .filter(Boolean);
    var height = window.innerHeight, width = document.documentElement.clientWidth;
    for (var y = 8; y < height; y += 48) {
      var xs = [width / 2, width / 4, width * 3 / 4];
      for (var i = 0; i < xs.length; i++) {
        var el = document.elementFromPoint(xs[i], y);
        if (!el || el === document.body || el === document.documentElement) continue;
        if (gone.some(function (g) { return g.contains(el); }) || pinned(el)) continue;
        anchor = { el: el, top: el.getBoundingClientRect().top };
        return;
      }
    }
  }
  function keepAnchor() {
    if (!anchor || !anchor.el.isConnected) { anchor = null; return; }
    var moved = anchor.el.getBoundingClientRect().top - anchor.top;
    anchor = null;
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
  }
  function idsIn(html) {
    var ids = [], found, pattern = /<[a-z][^>]*\sid="([^"]+)"/g;
    while ((found = pattern.exec(html))) ids.push(found[1]);
    return ids;
  }

  // 2. Open panels: a <details> of the board the player opened or closed stays so when a
  // swap draws it anew and when the page is loaded again (sessionStorage, per browser tab),
  // per table: the board's id names the table. A panel is known by its data-panel (a game
  // names the panels it draws several of, as Terraforming Mars' stacks of each player), else
  // its id, else its region, its class and its place among the region's panels of that
  // class (not its summary's words, which may count things). Only the player's own clicks
  // are kept, so what a script opens or folds (phone.js on a phone) stays its own choice.
  // Without storage (private mode) the choice lasts while the page does.
  var panels = {};
  function panelStore(board) {
    return "playtable.panels:" + board.id;
  }
  function storedPanels(board) {
    var key = panelStore(board);
    if (!Object.prototype.hasOwnProperty.call(panels, key)) {
      var kept = null;
      try { kept = JSON.parse(window.sessionStorage.getItem(key) || "null"); } catch (e) { kept = null; }
      panels[key] = kept && typeof kept === "object" ? kept : {};
    }
    return panels[key];
  }
  function panelKey(details) {
    if (details.dataset.panel) return "=" + details.dataset.panel;
    if (details.id) return "#" + details.id;
    var region = details.closest(".region[id]");
    var kind = details.classList[0] || "";
    var same = Array.prototype.filter.call(
      (region || details.closest(".board-wrap")).querySelectorAll("details"),
      function (d) { return (d.classList[0] || "") === kind; });
    return (region ? region.id : "") + "|" + kind + "|" + same.indexOf(details);
  }
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("summary");
    var details = summary && summary.parentElement;
    if (!details || details.tagName !== "DETAILS") return;
    var board = details.closest(".board-wrap[id]");
    if (!board) return;
    var key = panelKey(details);
    function store(open) {
      var kept = storedPanels(board);
      kept[key] = open;
      try { window.sessionStorage.setItem(panelStore(board), JSON.stringify(kept)); } catch (e) { /* not kept */ }
    }
    // The click toggles the panel after this handler: keep what it will be now (a reload
    // right after the click finds it), and what it is once the click is done.
    store(!details.open);
    setTimeout(function () { store(details.open); }, 0);
  });
  function keepPanels() {
    document.querySelectorAll(".board-wrap[id]").forEach(function (board) {
      var kept = storedPanels(board);
      if (!Object.keys(kept).length) return;
      board.querySelectorAll("details").forEach(function (details) {
        var key = panelKey(details);
        if (Object.prototype.hasOwnProperty.call(kept, key) && details.open !== kept[key]) {
          details.open = kept[key];
        }
      });
    });
  }

  // 3. The last move: elements marked data-last-move="<move number>" (lobby.marks) light
  // up when a newer move's marks arrive, also on the first load. A mark drawn again for the
  // same move (a region sent again for another reason, replacing the lit element) is lit
  // again where the light already is in its course, so it neither restarts nor goes out
  // early (without motion the outline simply stays until the next move).
  var lit = {};
  function lightLastMove() {
    document.querySelectorAll(".board-wrap[id]").forEach(function (board) {
      var marked = board.querySelectorAll("[data-last-move]");
      var newest = 0;
      marked.forEach(function (el) { newest = Math.max(newest, Number(el.dataset.lastMove)); });
      var seen = lit[board.id];
      if (!newest || (seen && newest < seen.n)) return;
      if (!seen || newest > seen.n) seen = lit[board.id] = { n: newest, at: Date.now() };
      var elapsed = Date.now() - seen.at;
      marked.forEach(function (el) {
        if (Number(el.dataset.lastMove) !== newest || el.classList.contains("last-move")) return;
        if (elapsed > 0) el.style.animationDelay = -elapsed + "ms";
        el.classList.add("last-move");
      });
    });
  }

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    if (event.defaultPrevented) return;
    takeAnchor(idsIn(event.detail.message));
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.shouldSwap === false) return;
    var target = event.detail.target;
    takeAnchor(target && target.id ? [target.id] : []);
  });
  function afterSwap() {
    keepAnchor();
    keepPanels();
    lightLastMove();
  }
  document.addEventListener("htmx:wsAfterMessage", afterSwap);
  document.addEventListener("htmx:afterSwap", afterSwap);
  // A region swapped in (htmx:load, after phone.js folded it) and a move's answer settled.
  document.addEventListener("htmx:load", keepPanels);
  document.addEventListener("htmx:afterSettle", keepPanels);
  document.addEventListener("DOMContentLoaded", function () {
    keepPanels();
    lightLastMove();
  });

  setInterval(tick, 250);
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSettle", tick);
})();

// The table chat: the poster's own answer carries their message at once (their socket may
// not be open yet), and the socket's push of the same message follows. A line whose id is
// already in the list is not added again.
(function () {
  "use strict";
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var detail = event.detail;
    var list = detail && detail.target;
    if (!list || !list.classList || !list.classList.contains("chat-list")) return;
    var fresh = 0;
    Array.prototype.forEach.call(detail.fragment.querySelectorAll("li[id]"), function (item) {
      if (document.getElementById(item.id)) item.remove();
      else fresh += 1;
    });
    if (!fresh) detail.shouldSwap = false;
  });
})();

// A socket the server closed with 4012 reconnects, as htmx's own reconnects after 1012
// ("service restart"), which a server cannot send through daphne: the server lost Redis
// and found it again (config.channel_layer), so what was pushed meanwhile is lost, and
// the new connection is sent what is current. A random pause first: every open page of
// the site hears it at the same moment.
(function () {
  "use strict";
  var START_AFRESH = 4012;
  document.addEventListener("htmx:wsClose", function (event) {
    var detail = event.detail || {};
    var closed = detail.event;
    if (!closed || closed.code !== START_AFRESH || !detail.socketWrapper) return;
    window.setTimeout(detail.socketWrapper.reconnect, 250 + Math.random() * 1750);
  });
})();
