// The scene page (on top of table.js, which keeps the feed in order, once, and resumes a
// dropped stream from the newest card): the pose box posts on Enter (Shift+Enter breaks the
// line), the pose order is redrawn as cards arrive, "posed 4 min ago" is kept current in the
// reader's own time, and when the scene comes to wait on the reader the tab title says so
// (counting what arrived while the tab was hidden), with a sound and a browser notification
// if the reader turned either on (both off until then; remembered in localStorage).
(function () {
  "use strict";
  const SOUND = "rollplay.turnSound", NOTIFY = "rollplay.turnNotify";
  const title = document.title;
  let unseen = 0, yourTurn = false, audio = null, redraw = null;

  function stored(key) { try { return localStorage.getItem(key) === "on"; } catch (e) { return false; } }
  function store(key, on) { try { localStorage.setItem(key, on ? "on" : "off"); } catch (e) { /* private mode */ } }

  function retitle() {
    document.title = (unseen ? "(" + unseen + ") " : "") + (yourTurn ? "Your turn · " : "") + title;
  }

  function ago(when) {
    const minutes = Math.round((Date.now() - when.getTime()) / 60000);
    if (minutes < 1) return "just now";
    if (minutes < 60) return minutes + " min ago";
    const hours = Math.floor(minutes / 60);
    if (hours < 24) return hours + " h " + (minutes % 60) + " min ago";
    return "at " + when.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
  }
  function times() {
    document.querySelectorAll("time[data-ago]").forEach(function (t) {
      const when = new Date(t.getAttribute("datetime"));
      if (isNaN(when.getTime())) return;
      t.textContent = ago(when);
      t.title = when.toLocaleString();
    });
  }

  function beep() {
    try {
      audio = audio || new AudioContext();
      const tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = 660; gain.gain.value = 0.1;
      tone.connect(gain).connect(audio.destination);
      tone.start(); tone.stop(audio.currentTime + 0.15);
    } catch (e) { /* no audio here */ }
  }
  function notify() {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    const scene = document.querySelector("[data-scene]");
    new Notification("Your turn", { body: scene ? scene.dataset.scene : title, tag: "rollplay-turn" });
  }

  function turn() {
    const panel = document.querySelector("[data-your-turn]");
    const now = !!panel && panel.dataset.yourTurn === "true";
    if (now && !yourTurn) {
      if (stored(SOUND)) beep();
      if (stored(NOTIFY)) notify();
    }
    yourTurn = now;
    retitle();
    times();
  }

  document.addEventListener("htmx:sseMessage", function (ev) {
    if (!ev.detail) return;
    if (ev.detail.type === "card" && document.hidden) { unseen += 1; retitle(); }
    // The order panel changes only with a pose or a change to the scene (the server sends
    // "order" then). Every open page asks for it, so each waits a moment of its own: 200
    // viewers' asks are spread over a second, not all made as the next pose arrives.
    if (ev.detail.type !== "order" || redraw !== null) return;  // one redraw for a burst
    redraw = setTimeout(function () {
      redraw = null;
      const order = document.getElementById("order");
      if (order && window.htmx) window.htmx.trigger(order, "refresh");
    }, 150 + Math.random() * 850);
  });
  document.addEventListener("htmx:afterSwap", function (ev) {
    if (ev.target && ev.target.id === "order") turn();
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { unseen = 0; retitle(); }
  });
  document.addEventListener("keydown", function (ev) {
    const box = ev.target;
    if (!(box instanceof HTMLTextAreaElement) || !box.hasAttribute("data-pose-box")) return;
    if (ev.key !== "Enter" || ev.shiftKey || ev.isComposing) return;
    ev.preventDefault();
    if (box.value.trim() && box.form) box.form.requestSubmit();
  });
  document.addEventListener("DOMContentLoaded", function () {
    const sound = document.querySelector("[data-turn-sound]");
    const note = document.querySelector("[data-turn-notify]");
    if (sound) {
      sound.checked = stored(SOUND);
      sound.addEventListener("change", function () { store(SOUND, sound.checked); if (sound.checked) beep(); });
    }
    if (note) {
      note.checked = stored(NOTIFY) && "Notification" in window && Notification.permission === "granted";
      note.addEventListener("change", function () {
        if (!note.checked || !("Notification" in window)) { store(NOTIFY, false); note.checked = false; return; }
        Notification.requestPermission().then(function (answer) {
          note.checked = answer === "granted";
          store(NOTIFY, note.checked);
        });
      });
    }
    turn();
    setInterval(times, 30000);
  });
})();
