// Playtable: "your turn" alerts on every page of a logged-in player.
//
// One WebSocket per page (/ws/me/, lobby.consumers.MeConsumer) says at how many tables it
// is the player's turn; this keeps the navigation's counter, the tab title ("(2) Your turn
// · …") and the favicon's badge in step with it. When the turn comes to the player, it
// plays a short tone and shows a browser notification if they turned those on in their
// preferences. Every word shown comes from data-* attributes that the server translated.
(function () {
  "use strict";
  var link = document.getElementById("turn-alert");
  if (!link) return;
  var item = link.closest("li") || link;
  var counter = link.querySelector(".count");
  var label = link.dataset.title;
  var count = Number(link.dataset.turns) || 0;
  var prefix = function (n) { return "(" + n + ") " + label + " · "; };
  // The page's own title, without the prefix the server may have put in front of it.
  var baseTitle = document.title;
  if (count > 0 && baseTitle.indexOf(prefix(count)) === 0) {
    baseTitle = baseTitle.slice(prefix(count).length);
  }
  var icon = document.querySelector('link[rel="icon"]');
  var plainIcon = link.dataset.favicon;
  var iconImage = null;

  // The favicon with a red badge and the number, drawn from our own favicon.svg.
  function badge(n) {
    if (!icon) return;
    if (n <= 0) {
      icon.type = "image/svg+xml";
      icon.href = plainIcon;
      return;
    }
    var draw = function () {
      if (count !== n) return; // the number changed again while the image loaded
      var canvas = document.createElement("canvas");
      canvas.width = canvas.height = 64;
      var g = canvas.getContext("2d");
      if (!g) return;
      g.drawImage(iconImage, 0, 0, 64, 64);
      g.beginPath();
      g.arc(44, 20, 19, 0, 2 * Math.PI);
      g.fillStyle = "#c62828";
      g.fill();
      g.lineWidth = 3;
      g.strokeStyle = "#ffffff";
      g.stroke();
      g.fillStyle = "#ffffff";
      g.font = "bold " + (n > 9 ? 22 : 28) + "px system-ui, sans-serif";
      g.textAlign = "center";
      g.textBaseline = "middle";
      g.fillText(n > 9 ? "9+" : String(n), 44, 22);
      icon.type = "image/png";
      icon.href = canvas.toDataURL("image/png");
    };
    if (iconImage && iconImage.complete) {
      draw();
      return;
    }
    iconImage = new Image();
    iconImage.addEventListener("load", draw);
    iconImage.src = plainIcon;
  }

  function show(n) {
    count = n;
    counter.textContent = String(n);
    link.dataset.turns = String(n);
    item.hidden = n <= 0;
    document.title = n > 0 ? prefix(n) + baseTitle : baseTitle;
    badge(n);
  }

  // The tone: synthesized, no audio file. Browsers let a page make sound only after the
  // player has clicked or typed on it, so the audio context is made (or resumed) then.
  var audio = null;
  function unlockAudio() {
    if (link.dataset.sound !== "1" && !document.querySelector("[data-sound-test]")) return;
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume();
  }
  document.addEventListener("pointerdown", unlockAudio, true);
  document.addEventListener("keydown", unlockAudio, true);

  function tone() {
    if (!audio || audio.state !== "running") return;
    var start = audio.currentTime;
    [[660, 0], [880, 0.16]].forEach(function (note) {
      var oscillator = audio.createOscillator();
      var gain = audio.createGain();
      var at = start + note[1];
      oscillator.type = "sine";
      oscillator.frequency.value = note[0];
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      oscillator.connect(gain);
      gain.connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.32);
    });
  }

  function notifyAllowed() {
    return "Notification" in window && Notification.permission === "granted";
  }

  function notification(url) {
    if (link.dataset.notify !== "1" || !notifyAllowed() || !document.hidden) return;
    try {
      var note = new Notification(label, {
        body: link.dataset.notifyText, icon: plainIcon, tag: "playtable-turn",
      });
      note.addEventListener("click", function () {
        window.focus();
        if (url) window.location.href = url;
        note.close();
      });
    } catch (error) {
      // Some mobile browsers only notify through a service worker: no notice there.
    }
  }

  // Every tab of the player hears the same change; only the first to claim it alerts.
  // localStorage alone is not enough: tabs in different processes can both read the old
  // key before either writes it. A Web Lock named after the change is held for a while by
  // the tab that got it; the others, asking a moment later, are told it is taken.
  function remembered(key) {
    try {
      if (window.localStorage.getItem("playtable-turn-alert") === key) return true;
      window.localStorage.setItem("playtable-turn-alert", key);
    } catch (error) {
      // No storage (private mode): only the lock tells the tabs apart.
    }
    return false;
  }

  function claim(key, alert) {
    var locks = navigator.locks;
    if (!locks) {
      if (!remembered(key)) alert();
      return;
    }
    locks.request("playtable-turn-alert:" + key, { ifAvailable: true }, function (lock) {
      if (!lock || remembered(key)) return null;
      alert();
      return new Promise(function (done) { window.setTimeout(done, 10000); });
    });
  }

  function received(event) {
    var data;
    try {
      data = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    if (!data || data.type !== "turns") return;
    var n = Number(data.count) || 0;
    show(n);
    if (data.url) {
      claim(String(data.key || data.url), function () {
        if (link.dataset.sound === "1") tone();
        notification(data.url);
      });
    }
  }

  var delay = 1000;
  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + link.dataset.socket);
    socket.addEventListener("open", function () { delay = 1000; });
    socket.addEventListener("message", received);
    socket.addEventListener("close", function (event) {
      // 4401/4403: logged out, suspended or banned; the page says so on its next load.
      if (event.code === 4401 || event.code === 4403) return;
      window.setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    });
  }

  // The preferences page: ask for the permission only when the player presses the
  // button, and let them hear the tone.
  function setUp(panel) {
    var state = panel.querySelector("[data-notify-state]");
    var ask = panel.querySelector("[data-notify-ask]");
    function say() {
      if (!("Notification" in window)) {
        state.textContent = panel.dataset.unsupported;
        ask.hidden = true;
        return;
      }
      state.textContent = panel.dataset[Notification.permission] || "";
      ask.hidden = Notification.permission !== "default";
    }
    ask.addEventListener("click", function () {
      var asked = Notification.requestPermission(say);
      if (asked && asked.then) asked.then(say);
    });
    panel.querySelector("[data-sound-test]").addEventListener("click", function () {
      unlockAudio();
      if (audio && audio.resume) {
        audio.resume().then(tone);
      }
    });
    panel.hidden = false;
    say();
  }

  var panel = document.querySelector("[data-alert-setup]");
  if (panel) setUp(panel);
  show(count);
  connect();
})();
