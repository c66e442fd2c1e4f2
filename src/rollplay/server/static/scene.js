// The scene page (on top of table.js, which keeps the feed in order, once, and resumes a
// dropped stream from the newest card, and alerts.js, which marks the tab and may sound or
// notify when the pose order reaches the reader): the pose box posts on Enter (Shift+Enter
// breaks the line), the pose order is redrawn from what the stream sends after each pose,
// and "posed 4 min ago" is kept current in the reader's own time.
(function () {
  "use strict";
  let redraw = null;

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

  // "Your turn" on this page when its reader is among those waited on: the panel's shared
  // part is drawn once for every viewer (_scene_people.html), with both texts in it.
  function mark() {
    const waiting = document.getElementById("waiting");
    const panel = document.querySelector("[data-me]");
    if (!waiting || !waiting.dataset.waiting || !panel) return;
    let who = [], me = null;
    try { who = JSON.parse(waiting.dataset.waiting); me = JSON.parse(panel.dataset.me); } catch (e) { return; }
    const mine = who.indexOf(me) >= 0;
    waiting.dataset.yourTurn = mine ? "true" : "false";
    const said = waiting.querySelector("strong");
    if (said) said.textContent = mine ? waiting.dataset.mine : waiting.dataset.others;
  }
  // Ask the server for the whole panel (its controls too), a moment of this page's own
  // later, after a change to the scene's state ("controls", rare; a stream that comes back
  // replays what it missed, these too): 200 viewers' asks are spread over a second.
  function refresh() {
    if (redraw !== null) return;  // one a burst
    redraw = setTimeout(function () {
      redraw = null;
      const order = document.getElementById("order");
      if (order && window.htmx) window.htmx.trigger(order, "refresh");
    }, 150 + Math.random() * 850);
  }

  document.addEventListener("htmx:sseMessage", function (ev) {
    if (!ev.detail) return;
    if (ev.detail.type === "controls") refresh();
    if (ev.detail.type !== "order") return;
    // After a pose (or any change to the order) the panel's new people and pose order come
    // with the card: drawn here, with no request.
    const people = document.getElementById("order-people");
    if (!people) return;
    people.innerHTML = String(ev.detail.data || "");
    mark();
    times();
    document.dispatchEvent(new CustomEvent("rollplay:order"));
  });
  document.addEventListener("htmx:afterSwap", function (ev) {
    if (ev.target && ev.target.id === "order") times();
  });
  document.addEventListener("keydown", function (ev) {
    const box = ev.target;
    if (!(box instanceof HTMLTextAreaElement) || !box.hasAttribute("data-pose-box")) return;
    if (ev.key !== "Enter" || ev.shiftKey || ev.isComposing) return;
    ev.preventDefault();
    if (box.value.trim() && box.form) box.form.requestSubmit();
  });
  document.addEventListener("DOMContentLoaded", function () {
    times();
    setInterval(times, 30000);
  });
})();
