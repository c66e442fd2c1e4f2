// What every system's card check shares (issue 29): provable_cards.py written again for the
// browser, with the same lines. Keep the two in step (tests/verify_corpus).

import { eventKey } from "./verify_checks.js";

export const isWhole = (value) => typeof value === "number" && Number.isInteger(value);
export const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
export const isPart = (part) => Array.isArray(part) && part.length === 2 && part.every(isWhole) &&
  0 <= part[0] && part[0] <= part[1];

// JSON as Python's json.dumps writes a count (provable_cards.shown).
export function shown(value) {
  if (value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(shown).join(", ")}]`;
  if (isObject(value) && value.constructor === Object) {
    return `{${Object.keys(value).map((k) => `${JSON.stringify(k)}: ${shown(value[k])}`).join(", ")}}`;
  }
  if (isObject(value) && "text" in value) return value.text; // a Fraction, as written
  return JSON.stringify(value);
}

/** The preset an edition's own rules give, by the roll's fingerprint; null for another. */
export function presetOf(line, presets) {
  const v = line.ruleset_version;
  const version = typeof v === "string" ? v : shown(v ?? null);
  return Object.hasOwn(presets, version) ? presets[version] : null;
}

/** A contest's two entries by side, in one ruleset; null unless the group is exactly that
 * (as provable_cards.contest_sides). */
export function contestSides(group, system, names) {
  const sides = {};
  for (const line of group) {
    const o = line.outcome;
    const said = isObject(o) && o.system === system ? o.opposed : undefined;
    if (isObject(said) && names.includes(said.side)) {
      if (Object.hasOwn(sides, said.side)) return null;
      sides[said.side] = line;
    }
  }
  if (!names.every((name) => sides[name])) return null;
  const version = (line) => {
    const v = line.ruleset_version;
    return typeof v === "string" ? v : shown(v ?? null);
  };
  return version(sides[names[0]]) === version(sides[names[1]]) ? sides : null;
}

/** Event key -> the first of right's fields an entry's contest says otherwise, and why (as
 * provable_cards.disagreeing). */
export function disagreeing(sides, right, because) {
  const out = new Map();
  for (const line of Object.values(sides)) {
    const said = line.outcome.opposed;
    for (const [field, value] of Object.entries(right)) {
      const got = said[field] ?? null;
      if (got !== value) {
        out.set(eventKey(line), `its contest's ${field} is ${shown(got)}, but ${because} ` +
          `make it ${shown(value)}`);
        break;
      }
    }
  }
  return out;
}

