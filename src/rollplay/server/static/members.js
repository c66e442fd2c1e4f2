// The members page: a "Copy" button copies the invite link beside it (a script file: the
// pages' Content-Security-Policy runs no inline script).
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-copy]");
    if (!button) return;
    const field = document.querySelector(button.getAttribute("data-copy"));
    if (!field) return;
    field.select();
    if (navigator.clipboard) navigator.clipboard.writeText(field.value).catch(function () {});
    button.textContent = "Copied";
  });
})();
