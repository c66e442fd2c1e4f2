// The table page's live feed, on top of htmx's SSE extension: a card already on the page is
// not added twice (a stream the extension re-makes replays from its URL), the stream's URL
// follows the newest card so a re-made stream resumes there, the feed keeps its newest card
// in view unless the reader scrolled up, and #live says whether the feed is connected.
(function () {
  "use strict";
  function live(text) {
    const status = document.getElementById("live");
    if (status && status.textContent !== text) status.textContent = text;
  }
  document.addEventListener("htmx:sseBeforeMessage", function (ev) {
    const msg = ev.detail;
    if (!msg || msg.type !== "card" || !msg.lastEventId) return;
    if (document.getElementById("e" + msg.lastEventId)) { ev.preventDefault(); return; }
    const source = ev.target.closest("[sse-connect]");
    if (source) {
      const url = new URL(source.getAttribute("sse-connect"), location.href);
      url.searchParams.set("after", msg.lastEventId);
      source.setAttribute("sse-connect", url.pathname + url.search);
    }
    const feed = document.getElementById("feed");
    if (feed) feed.dataset.stick = String(feed.scrollHeight - feed.scrollTop - feed.clientHeight < 40);
  });
  document.addEventListener("htmx:sseMessage", function (ev) {
    const feed = document.getElementById("feed");
    if (feed && ev.detail && ev.detail.type === "card" && feed.dataset.stick !== "false") {
      feed.scrollTop = feed.scrollHeight;
    }
  });
  // A roll request's Roll button shows only to whom it asks (and the Storyteller): the
  // service refuses anyone else, this spares them a button that would be refused.
  function answerable(root) {
    // Who the viewer is in the game: the game page's navigation says (_game.html), so the
    // table's feed and a scene's ledger alike show the button.
    const who = document.querySelector("nav[data-yours]");
    if (!who || !root || !root.querySelectorAll) return;
    let yours = [];
    try { yours = JSON.parse(who.dataset.yours || "[]"); } catch (e) { yours = []; }
    root.querySelectorAll("form[data-for]").forEach(function (form) {
      form.hidden = !who.dataset.storyteller && yours.indexOf(form.dataset.for) < 0;
    });
  }
  document.addEventListener("htmx:load", function (ev) { answerable(ev.detail.elt); });
  document.addEventListener("htmx:sseOpen", function () { live("Live"); });
  document.addEventListener("htmx:sseError", function () { live("Reconnecting…"); });
  // A roll sent: its line and its odds are cleared for the next (a static handler, as the
  // Content-Security-Policy runs no inline script). A line refused is kept to be mended
  // (rollplay.done, forms.js: htmx calls a 4xx it swaps in "successful").
  document.addEventListener("htmx:afterRequest", function (ev) {
    const form = ev.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-clear-after")) return;
    if (!window.rollplay.done(ev.detail) || ev.detail.elt !== form) return;
    const text = form.querySelector("#text");
    if (text) text.value = "";
    const odds = document.getElementById("odds");
    if (odds) odds.replaceChildren();
  });
  // A roll sent from the box or a quick-roll button: luck, points and a narrower audience
  // were for that roll, so they go back to their defaults unless the player pinned them (a
  // roll refused keeps them, to be sent again).
  document.addEventListener("htmx:afterRequest", function (ev) {
    const elt = ev.detail.elt;
    if (!window.rollplay.done(ev.detail) || !(elt instanceof Element)) return;
    if (!(elt.id === "roll" || elt.hasAttribute("data-quick"))) return;
    const pin = document.getElementById("pin");
    const spend = document.getElementById("spend");
    if (!spend || (pin instanceof HTMLInputElement && pin.checked)) return;
    for (const field of spend.querySelectorAll("select, input")) {
      if (field === pin) continue;
      if (field instanceof HTMLSelectElement) field.selectedIndex = 0;
      else if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = false;
      else if (field instanceof HTMLInputElement && field.type === "number") field.value = field.defaultValue;
    }
  });
  // #mine is redrawn after each roll (its points change): the quick-roll button that had the
  // focus gets it back in the new drawing, so a keyboard user keeps their place.
  let quickFocus = null;
  document.addEventListener("htmx:beforeSwap", function (ev) {
    if (!(ev.detail.target instanceof Element) || ev.detail.target.id !== "mine") return;
    const active = document.activeElement;
    quickFocus = active instanceof Element && ev.detail.target.contains(active)
      ? active.getAttribute("data-quick") : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (quickFocus === null) return;
    const key = quickFocus;
    quickFocus = null;
    for (const button of document.querySelectorAll("#mine [data-quick]")) {
      if (button.getAttribute("data-quick") === key && button instanceof HTMLElement) {
        button.focus();
        return;
      }
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    const feed = document.getElementById("feed");
    if (feed) feed.scrollTop = feed.scrollHeight;
    answerable(document);
  });
})();
