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
