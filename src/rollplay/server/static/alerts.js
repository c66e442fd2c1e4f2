// What needs the reader, on the table, scene and combat pages alike (issue 31): cards that
// arrived while the tab was hidden are counted in its title; while something waits on the
// reader the title says so ("Your turn" on a scene whose pose order reaches them, "Your
// action" while a character of theirs has no action for the coming combat turn); and when
// something new needs them (either of those, a roll request for one of their characters, a
// secret roll's result for the Storyteller) a sound and a browser notification, each off
// until the reader turns it on ([data-turn-sound], [data-turn-notify]; kept in localStorage).
(function () {
  "use strict";
  const SOUND = "rollplay.turnSound", NOTIFY = "rollplay.turnNotify";
  const OWN = 3000;  // a card this soon after the reader's own write is likely theirs
  let title = null, unseen = 0, audio = null, waiting = new Map(), wrote = 0;

  function stored(key) { try { return localStorage.getItem(key) === "on"; } catch (e) { return false; } }
  function store(key, on) { try { localStorage.setItem(key, on ? "on" : "off"); } catch (e) { /* private mode */ } }

  // What waits on the reader now: key -> [title mark, what a notification says].
  function needs() {
    const now = new Map();
    const turn = document.querySelector("[data-your-turn]");
    if (turn && turn.dataset.yourTurn === "true") {
      const scene = document.querySelector("[data-scene]");
      now.set("turn", ["Your turn", "Your turn in " + (scene ? scene.dataset.scene : "the scene")]);
    }
    document.querySelectorAll("[data-action-needed]").forEach(function (el) {
      const who = el.dataset.actionNeeded;
      now.set("act:" + who, ["Your action", who + " needs an action for the coming turn"]);
    });
    return now;
  }
  function retitle() {
    if (title === null) title = document.title;
    const marks = Array.from(new Set(Array.from(waiting.values(), function (v) { return v[0]; })));
    document.title = (unseen ? "(" + unseen + ") " : "") + (marks.length ? marks.join(" · ") + " · " : "") + title;
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
  function alert(text) {
    if (stored(SOUND)) beep();
    if (stored(NOTIFY) && "Notification" in window && Notification.permission === "granted") {
      new Notification(text, { body: title || document.title, tag: "rollplay" });
    }
    document.dispatchEvent(new CustomEvent("rollplay:alert", { detail: text }));
  }
  function check() {
    const now = needs();
    now.forEach(function (said, key) { if (!waiting.has(key)) alert(said[1]); });
    waiting = now;
    retitle();
  }
  // A card that arrived: a roll request for one of the reader's characters, or (for the
  // Storyteller) a secret roll's result, needs them.
  function arrived(html) {
    if (Date.now() - wrote < OWN) return;
    const nav = document.querySelector("nav[data-yours]");
    if (!nav) return;
    let yours = [];
    try { yours = JSON.parse(nav.dataset.yours || "[]"); } catch (e) { yours = []; }
    const card = document.createElement("template");
    card.innerHTML = html;
    const asked = card.content.querySelector("form[data-for]");
    if (asked && yours.indexOf(asked.dataset.for) >= 0) alert("A roll is asked of " + asked.dataset.for);
    else if (!asked && nav.dataset.storyteller && card.content.querySelector(".card.secret")) alert("A secret roll's result");
  }

  document.addEventListener("htmx:sseMessage", function (ev) {
    if (!ev.detail || ev.detail.type !== "card") return;
    if (document.hidden) { unseen += 1; retitle(); }
    arrived(String(ev.detail.data || ""));
  });
  document.addEventListener("htmx:beforeRequest", function (ev) {
    const verb = ev.detail.requestConfig && ev.detail.requestConfig.verb;
    if (verb && verb !== "get") wrote = Date.now();
  });
  document.addEventListener("htmx:afterSettle", check);
  document.addEventListener("rollplay:order", check);  // scene.js drew the pose order
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { unseen = 0; retitle(); }
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
    check();
  });
})();
