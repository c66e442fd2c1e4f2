// A card's tools (server/web.py card_tools): "Copy as text" puts the card's lines, as the CLI
// draws them, on the clipboard for a forum post; a link to a card (#eN) scrolls to it once
// the page has settled its feed (table.js keeps the newest card in view first), and a card
// that is not on this page opens on its own page (/games/G/log/N#eN).
(function () {
  "use strict";
  function said(button, text) {
    const status = button.parentElement && button.parentElement.querySelector(".copied");
    if (status) status.textContent = text;
  }
  function fallback(text) {
    const box = document.createElement("textarea");
    box.value = text; box.setAttribute("readonly", ""); box.className = "offscreen";
    document.body.appendChild(box); box.select();
    let done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    box.remove();
    return done;
  }
  document.addEventListener("click", function (ev) {
    const button = ev.target instanceof Element ? ev.target.closest("[data-copy]") : null;
    if (!button) return;
    const text = button.getAttribute("data-copy") || "";
    const copied = function () { said(button, " Copied"); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(copied, function () {
        if (fallback(text)) copied(); else said(button, " Could not copy");
      });
    } else if (fallback(text)) copied(); else said(button, " Could not copy");
  });
  // The feed is one Tab stop; from it, or from a card's tool, the arrow keys move between
  // the cards' tools (each out of the Tab order): Up and Down to the card before or after,
  // Left and Right between a card's tools, Home and End to the first and newest card,
  // Escape back to the feed.
  const KEYS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "Escape"];
  function tools(card) {
    if (!card) return [];
    return Array.from(card.querySelectorAll(
      ".card-tools a, .card-tools button, .pose-tools:not([hidden]) > button"));
  }
  // A pose's Edit and Delete (server/web_poses.py) show to its author alone, while the
  // game's edit window lasts (rulings S11, S74): the card is drawn alike for every reader,
  // and the service refuses anyone else anyway.
  function mine(root) {
    const nav = document.querySelector("nav[data-user]");
    if (!nav || !root || !root.querySelectorAll) return;
    const minutes = Number(nav.dataset.poseWindow || "0");
    root.querySelectorAll(".pose-tools").forEach(function (box) {
      const posed = new Date(box.dataset.posed || "").getTime();
      const open = box.dataset.author === nav.dataset.user && minutes > 0 &&
        !isNaN(posed) && Date.now() < posed + minutes * 60000;
      if (box.hidden === open) box.hidden = !open;
    });
  }
  document.addEventListener("htmx:load", function (ev) { mine(ev.detail.elt); });
  document.addEventListener("DOMContentLoaded", function () {
    mine(document);
    setInterval(function () { mine(document); }, 30000);
  });
  // Edit opens the pose's form in place, its text as it stands; Cancel (or Edit again)
  // closes it.
  document.addEventListener("click", function (ev) {
    const button = ev.target instanceof Element ? ev.target.closest("[data-edit]") : null;
    if (!button) return;
    const form = document.getElementById(button.getAttribute("data-edit") || "");
    if (!form) return;
    form.hidden = !form.hidden;
    const opener = form.parentElement && form.parentElement.querySelector("button[aria-controls]");
    if (opener) opener.setAttribute("aria-expanded", String(!form.hidden));
    const box = form.querySelector("textarea");
    if (!form.hidden && box) box.focus();
    else if (opener instanceof HTMLElement) opener.focus();
  });
  function cards(feed) {
    return Array.from(feed.children).filter(function (c) { return tools(c).length > 0; });
  }
  document.addEventListener("keydown", function (ev) {
    const here = ev.target instanceof Element ? ev.target : null;
    const feed = here && here.closest("#feed");
    if (!feed || !KEYS.includes(ev.key)) return;
    const all = cards(feed);
    if (!all.length) return;
    if (ev.key === "Escape") { feed.focus(); ev.preventDefault(); return; }
    let card = here === feed ? null : here.closest("#feed > *");
    let at = card ? Math.max(0, tools(card).indexOf(here)) : 0;
    const index = card ? all.indexOf(card) : all.length;
    if (ev.key === "Home") card = all[0];
    else if (ev.key === "End" || !card) card = all[all.length - 1];
    else if (ev.key === "ArrowUp") card = all[Math.max(0, index - 1)];
    else if (ev.key === "ArrowDown") card = all[Math.min(all.length - 1, index + 1)];
    else at += ev.key === "ArrowRight" ? 1 : -1;
    const choices = tools(card);
    const target = choices[Math.max(0, Math.min(at, choices.length - 1))];
    if (target) { target.focus(); target.scrollIntoView({ block: "nearest" }); ev.preventDefault(); }
  });
  document.addEventListener("DOMContentLoaded", function () {
    const hash = /^#e(\d+)$/.exec(location.hash);
    if (!hash) return;
    const card = document.getElementById("e" + hash[1]);
    if (card) {
      card.classList.add("linked-card");
      setTimeout(function () { card.scrollIntoView({ block: "center" }); }, 0);
      return;
    }
    const nav = document.querySelector("nav[data-yours]");
    const game = /^\/games\/([^/]+)/.exec(location.pathname);
    if (nav && game) location.replace("/games/" + game[1] + "/log/" + hash[1] + location.hash);
  });
})();
