// The scene page (on top of table.js, which keeps the feed in order, once, and resumes a
// dropped stream from the newest card, and alerts.js, which marks the tab and may sound or
// notify when the pose order reaches the reader): the pose box posts on Enter (Shift+Enter
// breaks the line), the pose order is redrawn from what the stream sends after each pose,
// and "posed 4 min ago" is kept current in the reader's own time. The header is redrawn from
// the stream after each change to the scene ("head"); once it says the scene is over, the pose
// box and the controls that write to the scene leave the page (issue 37).
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
    turnByBox(false);  // unless they are waited on (nobody is in a paused scene)
    if (!waiting || !waiting.dataset.waiting || !panel) return;
    let who = [], me = null;
    try { who = JSON.parse(waiting.dataset.waiting); me = JSON.parse(panel.dataset.me); } catch (e) { return; }
    const mine = who.indexOf(me) >= 0;
    waiting.dataset.yourTurn = mine ? "true" : "false";
    const said = waiting.querySelector("strong");
    if (said) said.textContent = mine ? waiting.dataset.mine : waiting.dataset.others;
    turnByBox(mine);
  }
  // "Your turn" by the pose box too (on a phone the order panel is far below it).
  function turnByBox(mine) {
    const turn = document.getElementById("pose-turn");
    if (turn) turn.hidden = !mine;
  }
  // The header as it now stands: a scene over takes the pose box and its controls away;
  // a scene paused or running keeps them (the server refuses what it must), and the header's
  // edit form follows it, but for a field being typed in.
  function headed() {
    const where = document.getElementById("scene-where");
    if (!where) return;
    if (where.dataset.state === "finished") {
      for (const id of ["scene-acts", "scene-edit"]) {
        const gone = document.getElementById(id);
        if (gone) gone.remove();
      }
      return;
    }
    editFrom(where, false);
  }
  // A field the reader changed since the form opened is theirs until it is sent or the form
  // is closed: neither a header arriving nor the form's opening (whose "toggle" event comes
  // a moment after the click, when a quick hand may already be typing) takes it back.
  function editFrom(where, opening) {
    const location = document.getElementById("scene-location");
    const kind = document.getElementById("scene-kind");
    const free = (field) => field.dataset.changed !== "1" &&
      (opening || document.activeElement !== field);
    if (location instanceof HTMLInputElement && free(location)) {
      location.value = where.dataset.location || "";
    }
    if (kind instanceof HTMLSelectElement && free(kind)) {
      kind.value = where.dataset.kind || "social";
    }
  }
  function editDone() {
    const edit = document.getElementById("scene-edit");
    if (!edit) return;
    for (const field of edit.querySelectorAll("input, select")) delete field.dataset.changed;
  }
  for (const type of ["input", "change"]) {
    document.addEventListener(type, function (ev) {
      const field = ev.target;
      if (field instanceof HTMLElement && field.closest("#scene-edit")) field.dataset.changed = "1";
    }, true);
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
    if (ev.detail.type === "head") headed();
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
    if (!ev.target || ev.target.id !== "order") return;
    times();
    const waiting = document.getElementById("waiting");
    turnByBox(!!waiting && waiting.dataset.yourTurn === "true");
  });
  // The header's edit form starts, each time it opens, from the header as it now stands.
  document.addEventListener("toggle", function (ev) {
    const edit = ev.target;
    if (!(edit instanceof HTMLDetailsElement) || edit.id !== "scene-edit") return;
    if (!edit.open) {
      editDone();
      return;
    }
    const where = document.getElementById("scene-where");
    if (where) editFrom(where, true);
  }, true);
  // A line posted: luck, points and who sees it were for that line, back to their defaults
  // (a line refused keeps them: rollplay.done, forms.js).
  document.addEventListener("htmx:afterRequest", function (ev) {
    const done = window.rollplay.done(ev.detail);
    const sent = ev.detail.elt;
    // Saved: the header the feed sends is the form's.
    if (sent instanceof HTMLElement && sent.closest("#scene-edit") && done) editDone();
    const form = ev.detail.elt;
    if (!(form instanceof HTMLFormElement) || form.id !== "pose" || !done) return;
    const spend = document.getElementById("pose-spend");
    if (!spend) return;
    for (const field of spend.querySelectorAll("select, input")) {
      if (field instanceof HTMLSelectElement) field.selectedIndex = 0;
      else if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = false;
      else if (field instanceof HTMLInputElement) field.value = field.defaultValue;
    }
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
