// The scene page (on top of table.js, which keeps the feed in order, once, and resumes a
// dropped stream from the newest card, and alerts.js, which marks the tab and may sound or
// notify when the pose order reaches the reader): the pose box posts on Enter (Shift+Enter
// breaks the line), the pose order is redrawn as cards arrive, and "posed 4 min ago" is kept
// current in the reader's own time.
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

  document.addEventListener("htmx:sseMessage", function (ev) {
    // The order panel changes only with a pose or a change to the scene (the server sends
    // "order" then). Every open page asks for it, so each waits a moment of its own: 200
    // viewers' asks are spread over a second, not all made as the next pose arrives.
    if (!ev.detail || ev.detail.type !== "order" || redraw !== null) return;  // one a burst
    redraw = setTimeout(function () {
      redraw = null;
      const order = document.getElementById("order");
      if (order && window.htmx) window.htmx.trigger(order, "refresh");
    }, 150 + Math.random() * 850);
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
