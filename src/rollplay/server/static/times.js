// Every <time datetime> on a page (server/times.py and the cards' heads, render/html.py,
// write them in UTC) shown in the reader's own time zone and language: a time alone where
// the card showed one (data-show="time"), else a date and time; the UTC text stays as its
// title. Cards and panels that arrive later (the live feed, htmx swaps) are turned as they
// land. A script file, not inline: the pages' Content-Security-Policy runs no inline script.
(function () {
  "use strict";
  const SHOWN = { dateStyle: "medium", timeStyle: "short" };
  const TIME = { timeStyle: "short" };

  function localize(root) {
    root.querySelectorAll("time[datetime]:not([data-local])").forEach(function (el) {
      const moment = new Date(el.getAttribute("datetime"));
      if (isNaN(moment.getTime())) { return; }
      const utc = el.textContent;
      el.title = utc.endsWith("UTC") ? utc : utc + " UTC";
      el.textContent = moment.toLocaleString(undefined, el.dataset.show === "time" ? TIME : SHOWN);
      el.dataset.local = "";
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    localize(document);
    new MutationObserver(function (changes) {
      changes.forEach(function (change) {
        change.addedNodes.forEach(function (node) {
          if (node instanceof Element) { localize(node.parentElement || node); }
        });
      });
    }).observe(document.body, { childList: true, subtree: true });
  });
}());
