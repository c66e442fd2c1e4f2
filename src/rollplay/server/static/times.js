// Every <time datetime> on a page (server/times.py writes them in UTC) shown in the reader's
// own time zone and language; the UTC text stays as its title. A script file, not inline:
// the pages' Content-Security-Policy runs no inline script. Content htmx swaps in later is
// turned as it arrives (htmx:load).
(function () {
  "use strict";
  const SHOWN = { dateStyle: "medium", timeStyle: "short" };

  function localize(root) {
    root.querySelectorAll("time[datetime]:not([data-local])").forEach(function (el) {
      const moment = new Date(el.getAttribute("datetime"));
      if (isNaN(moment.getTime())) { return; }
      el.title = el.textContent;
      el.textContent = moment.toLocaleString(undefined, SHOWN);
      el.dataset.local = "";
    });
  }

  document.addEventListener("DOMContentLoaded", function () { localize(document); });
  document.addEventListener("htmx:load", function (event) {
    const root = event.target;
    if (root instanceof Element) { localize(root.parentElement || root); }
  });
}());
