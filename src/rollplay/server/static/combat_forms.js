// The combat forms (_combat_forms.html) start from the orders in force (rulings W84): each
// control is drawn with the value in force as its default (its `selected`, `checked` or
// `value` attribute), so what differs from its default is what the reader has changed.
// Two things follow, here:
// - Picking another combatant in a "who" select fills its form with that one's orders (the
//   option's data-fill), as new defaults, and says its action in words (data-said).
// - When the page redraws the forms (a turn resolved, someone's order changed, someone
//   joined), what the reader had changed and not yet sent stays changed, unless the order
//   it was changing changed under it: then the new order shows. A form sent and done takes
//   what it sent as its defaults, so the redraw that follows does not put it back.
// A script file, not inline: the pages' Content-Security-Policy runs no inline script.
(function () {
  "use strict";
  const FORMS = "combat-forms";

  // A control's value now and as drawn: a select's option, a checkbox's "on" or "", text.
  function now(field) {
    if (field instanceof HTMLInputElement && field.type === "checkbox") return field.checked ? field.value : "";
    return field.value;
  }
  function drawn(field) {
    if (field instanceof HTMLSelectElement) {
      for (const option of field.options) if (option.defaultSelected) return option.value;
      return field.options.length ? field.options[0].value : "";
    }
    if (field instanceof HTMLInputElement && field.type === "checkbox") return field.defaultChecked ? field.value : "";
    return field.defaultValue;
  }
  function put(field, value, asDefault) {
    if (field instanceof HTMLSelectElement) {
      const known = Array.from(field.options).some(function (o) { return o.value === value; });
      if (asDefault) for (const option of field.options) option.defaultSelected = known && option.value === value;
      field.value = known ? value : (field.options.length ? field.options[0].value : "");
    } else if (field instanceof HTMLInputElement && field.type === "checkbox") {
      if (asDefault) field.defaultChecked = value === field.value;
      field.checked = value === field.value;
    } else if (field instanceof HTMLInputElement) {
      if (asDefault) field.defaultValue = value;
      field.value = value;
    }
  }
  function controls(root) {
    return Array.from(root.querySelectorAll("select, input")).filter(function (f) {
      return !(f instanceof HTMLInputElement && f.type === "hidden") && (f.dataset.keep || f.id);
    });
  }
  function key(field) { return field.dataset.keep || field.id; }

  // A "who" select: its chosen combatant's orders fill the form, as its defaults.
  function follow(select) {
    const option = select.selectedOptions[0];
    if (!option || !select.form) return;
    let fill = {};
    try { fill = JSON.parse(option.dataset.fill || "{}"); } catch (e) { return; }
    for (const name of Object.keys(fill)) {
      const field = select.form.elements.namedItem(name);
      if (field instanceof HTMLSelectElement || field instanceof HTMLInputElement) put(field, String(fill[name]), true);
    }
    put(select, option.value, true);
    const said = select.id === "act-who" ? document.getElementById("act-said") : null;
    if (said && option.dataset.said !== undefined) said.textContent = option.dataset.said;
  }
  document.addEventListener("change", function (ev) {
    const select = ev.target;
    if (select instanceof HTMLSelectElement && select.hasAttribute("data-fills")) follow(select);
  });

  // A redraw keeps the reader's changes whose order did not change meanwhile.
  let changed = null;
  document.addEventListener("htmx:beforeSwap", function (ev) {
    const target = ev.detail.target;
    if (!(target instanceof Element) || target.id !== FORMS) return;
    changed = new Map();
    for (const field of controls(target)) {
      if (now(field) !== drawn(field)) changed.set(key(field), { was: drawn(field), now: now(field) });
    }
  });
  document.addEventListener("htmx:afterSwap", function (ev) {
    const target = ev.detail.target;
    if (!(target instanceof Element) || target.id !== FORMS || changed === null) return;
    const kept = changed;
    changed = null;
    for (const field of controls(target)) {
      const edit = kept.get(key(field));
      if (edit && drawn(field) === edit.was) put(field, edit.now, false);
    }
  });

  // A form sent and done: what it sent is in force now, its new defaults. One refused is
  // not (rollplay.done, forms.js: htmx calls the 4xx it swaps in "successful"): what it sent
  // stays the reader's change, to mend and send again.
  document.addEventListener("htmx:afterRequest", function (ev) {
    const form = ev.detail.elt;
    if (!window.rollplay.done(ev.detail) || !(form instanceof HTMLFormElement)) return;
    if (!form.closest("#" + FORMS)) return;
    for (const field of controls(form)) put(field, now(field), true);
  });
})();
