// Every write the page's htmx sends carries an Idempotency-Key (docs/api.md). An element
// keeps its key until a final answer arrives, so the same write sent again after a lost
// answer (a dropped connection, a second click while waiting, a 5xx, a 429, or the 409 that
// says the first is still being answered) is done once; after a final answer, or when what
// it sends changes, the next write gets a new key. A script file, not inline: the pages'
// Content-Security-Policy runs no inline script.
//
// It also gives the pages' scripts (table.js, scene.js, combat_forms.js) one answer to "was
// this write done?": htmx calls any answer it swaps "successful", and the game pages' htmx
// config swaps a 4xx (the form's one-line refusal: _game.html), so a refused write read as
// done (issue 37). `rollplay.done(ev.detail)` reads the status instead.
window.rollplay = window.rollplay || {};
window.rollplay.done = function (detail) {
  const xhr = detail && detail.xhr;
  return !!xhr && xhr.status >= 200 && xhr.status < 300;
};
(function () {
  "use strict";

  // Whether an answer leaves the write undone or unknown, so a retry must carry the same key:
  // no answer (status 0), a server error or timeout, a throttle, or the middleware's 409
  // "still being answered" (the only 409 with a Retry-After).
  function keepsKey(status, retryAfter) {
    return status === 0 || status >= 500 || status === 408 || status === 429 ||
      (status === 409 && retryAfter !== null && retryAfter !== undefined && retryAfter !== "");
  }
  const WRITES = new Set(["post", "put", "patch", "delete"]);
  const keys = new WeakMap();  // element -> {key, sent}

  function newKey() {  // crypto.randomUUID needs https; getRandomValues does not
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
  }

  function sent(detail) {
    const form = detail.formData instanceof FormData ? detail.formData : null;
    const fields = form ? new URLSearchParams(form).toString() : JSON.stringify(detail.parameters || {});
    return detail.verb + " " + detail.path + "?" + fields;
  }

  document.addEventListener("htmx:configRequest", function (ev) {
    if (!WRITES.has(String(ev.detail.verb).toLowerCase())) return;
    const what = sent(ev.detail);
    let held = keys.get(ev.target);
    if (!held || held.sent !== what) {
      held = { key: newKey(), sent: what };
      keys.set(ev.target, held);
    }
    ev.detail.headers["Idempotency-Key"] = held.key;
  });

  document.addEventListener("htmx:afterRequest", function (ev) {
    const xhr = ev.detail && ev.detail.xhr;
    if (!xhr || keepsKey(xhr.status, xhr.getResponseHeader("Retry-After"))) return;
    keys.delete(ev.target);  // a final answer: the next is a new write
  });
})();
