// The new-character form's tables (background skills, languages, quirks, skills): "Add a ..."
// copies the table's <template> row and moves the focus into it; "Remove" takes its row out
// and gives the focus to the table's add button. Either asks htmx to check the sheet again
// (an input event, as typing sends). A script file: the pages' Content-Security-Policy runs
// no inline script.
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
})();
