// Playtable: moves over the table's WebSocket (lobby.socket_moves).
// Only for the move forms marked data-socket-moves (the games in SOCKET_MOVE_GAMES).
//
// While the table page's socket is open, a move form's submit is sent over it as the
// form's fields ({"action": ..., "version": ..., "ref": ...}) instead of an HTTP POST:
// the server plays it through the same service and answers on this socket with what
// changed on the board, or with the refusal's words in the board's error region, either
// naming the ref. With the socket
// down (connecting, reconnecting, closed) htmx posts the form as before; without
// JavaScript the browser does. A confirmation (confirm.js) comes first either way:
// this runs at htmx's "confirm" step, which follows the submit.
(function () {
  "use strict";
  var socket = null;
  var socketElt = null;
  // When the last move went over the socket, until its answer or its refusal (each names
  // the move's "ref"): a submit meanwhile is dropped, as htmx drops a second post of a
  // form whose first answer replaces it. A double click is one move, not a move and a
  // refusal of the same move as stale (or, in Mondo, two turns of the tile), also when
  // another player's push reaches the page between the two clicks.
  var sentAt = 0;
  var sentRef = "";
  var sent = 0;
  var ON_ITS_WAY_MS = 10000;

  function isTableSocket(elt) {
    var url = elt && elt.getAttribute ? elt.getAttribute("ws-connect") || "" : "";
    return url.indexOf("/ws/table/") === 0;
  }

  document.addEventListener("htmx:wsOpen", function (event) {
    if (!isTableSocket(event.target)) return;
    socket = event.detail.socketWrapper;
    socketElt = event.target;
  });
  document.addEventListener("htmx:wsClose", function (event) {
    if (event.target === socketElt) {
      socket = socketElt = null;
      sentAt = 0;
    }
  });
  // The answer counts also when the page drops it as older than the board it shows.
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    if (event.target !== socketElt || !sentAt) return;
    var head = String(event.detail.message || "").slice(0, 400);
    if (head.indexOf(' data-ref="' + sentRef + '"') >= 0) sentAt = 0;
  });

  document.addEventListener("htmx:confirm", function (event) {
    var form = event.detail.elt;
    if (!socket || !socketElt || !(form instanceof HTMLFormElement)) return;
    if (!form.classList.contains("move-form") || !form.hasAttribute("data-socket-moves")) return;
    if (!socketElt.contains(form)) return;
    var trigger = event.detail.triggeringEvent;
    var submitter = trigger && trigger.submitter ? trigger.submitter : null;
    var data;
    try {
      data = submitter ? new FormData(form, submitter) : new FormData(form);
    } catch (error) {
      return; // an old browser without FormData(form, submitter): post it
    }
    var action = data.get("action");
    if (typeof action !== "string" || !action) return;
    event.preventDefault(); // no HTTP request: the answer comes over the socket
    if (sentAt && Date.now() - sentAt < ON_ITS_WAY_MS) return; // the last one is on its way
    sentAt = Date.now();
    sent += 1;
    sentRef = "m" + sent;
    socket.send(
      JSON.stringify({ action: action, version: String(data.get("version") || ""), ref: sentRef })
    );
  });
})();
