// The character form's tables (background skills, languages, quirks, skills): "Add a ..."
// copies the table's <template> row and moves the focus into it; "Remove" takes its row out
// and gives the focus to the table's add button. Either asks htmx to check the sheet again
// (an input event, as typing sends). And the check box, kept at the foot of the screen
// (rollplay.css), never covers the field being typed in: the page keeps the field above it
// when it gets the focus, as it is typed in and as the box grows (issue 37). A script file:
// the pages' Content-Security-Policy runs no inline script.
(function () {
  "use strict";

  function recheck(rows) {
    rows.dispatchEvent(new Event("input", { bubbles: true }));
  }

  document.addEventListener("click", function (event) {
    const add = event.target.closest("[data-add]");
    if (add) {
      const kind = add.getAttribute("data-add");
      const rows = document.getElementById("rows-" + kind);
      const template = document.getElementById("row-" + kind);
      if (!rows || !template) return;
      if (rows.children.length >= Number(rows.getAttribute("data-max") || "100")) return;
      rows.appendChild(template.content.cloneNode(true));
      const field = rows.lastElementChild && rows.lastElementChild.querySelector("input, select");
      if (field) field.focus();
      return;
    }
    const remove = event.target.closest("[data-remove]");
    if (!remove) return;
    const row = remove.closest(".entry");
    const rows = row && row.parentElement;
    if (!row || !rows) return;
    row.remove();
    recheck(rows);
    const again = rows.parentElement && rows.parentElement.querySelector("[data-add]");
    if (again) again.focus();
  });

  const GAP = 8; // pixels between the field and the box

  function clear() {
    const box = document.querySelector(".chargen .check");
    const field = document.activeElement;
    if (!box || !field || !field.closest || !field.closest(".chargen") || box.contains(field)) {
      return;
    }
    const at = field.getBoundingClientRect();
    const under = box.getBoundingClientRect();
    const room = Math.min(under.top, window.innerHeight) - GAP;
    if (at.bottom > room && at.top < under.bottom) {
      window.scrollBy(0, at.bottom - room);
    }
  }

  // The browser scrolls a field it focuses into view with this much room at the foot.
  function pad(box) {
    document.documentElement.style.scrollPaddingBottom = box.offsetHeight + GAP + "px";
  }

  document.addEventListener("focusin", function () {
    clear();
    window.requestAnimationFrame(clear); // after the browser's own scroll to the field
  });
  document.addEventListener("input", clear);
  document.addEventListener("htmx:afterSettle", clear);
  document.addEventListener("DOMContentLoaded", function () {
    const box = document.querySelector(".chargen .check");
    if (!box) return;
    pad(box);
    if (window.ResizeObserver) {
      new ResizeObserver(function () { pad(box); clear(); }).observe(box);
    }
  });
})();
