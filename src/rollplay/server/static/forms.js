// Every write the page's htmx sends carries an Idempotency-Key (docs/api.md). An element
// keeps its key until an answer arrives, so the same write sent again after a lost answer
// (a dropped connection, a second click while waiting) is done once; after any answer, or
// when what it sends changes, the next write gets a new key. A script file, not inline: the
// pages' Content-Security-Policy runs no inline script.
(function () {
  "use strict";
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
    if (xhr && xhr.status !== 0) keys.delete(ev.target);  // answered: the next is a new write
  });
})();
