// The ratings an FS3 roll, a D6 code and a GURPS level used, held to its character's sheet
// at that moment (issue 29): provable_sheets.py written again for verify_log.js, with the same lines. Keep the two in
// step (tests/verify_corpus).

import { eventKey, eventNumber, said } from "./verify_checks.js";

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isWhole = (value) => typeof value === "number" && Number.isInteger(value);
const SECTIONS = ["attributes", "action", "background", "languages"];

/** Event key of each roll of a character with a sheet -> the line saying what it rolled is
 * not what the sheet then gives (as rating_problems; rules: each roll's ruleset in force). */
export function ratingProblems(lines, rules = new Map()) {
  const sheets = new Map();
  const out = new Map();
  for (const line of [...lines].sort((a, b) => eventNumber(a) - eventNumber(b))) {
    const { character: name, kind } = line;
    if (typeof name !== "string") continue;
    const key = `${said(line.game ?? null)}\u0000${name}`;
    if (kind === "character") {
      if (isObject(line.sheet)) sheets.set(key, [eventNumber(line), line.sheet]);
    } else if (kind === "sheet" && sheets.has(key)) {
      if (isObject(line.sheet)) sheets.set(key, [eventNumber(line), line.sheet]);
      else if (isObject(line.changes)) {
        sheets.set(key, [eventNumber(line), merge(sheets.get(key)[1], line.changes)]);
      }
    } else if (kind === "raise" && sheets.has(key)) {
      sheets.set(key, [eventNumber(line), raised(sheets.get(key)[1], line)]);
    } else if (kind === "roll" && sheets.has(key) && line.hidden !== true) {
      const wrong = pool(line, name, ...sheets.get(key), rules.get(eventKey(line)) ?? null);
      if (wrong) out.set(eventKey(line), wrong);
    }
  }
  return out;
}

function pool(line, name, at, sheet, rules) {
  const o = line.outcome;
  if (isObject(o) && o.system === "d6") return codeProblem(o, name, at, sheet);
  if (isObject(o) && o.system === "gurps") return levelProblem(o, name, at, sheet, rules);
  if (!isObject(o) || o.system !== "fs3") return "";
  const parts = o.parts;
  if (!Array.isArray(parts) || !parts.every(isObject)) return "";
  for (const part of parts) {
    const label = part.label;
    if (typeof label !== "string") continue;
    const cut = label.lastIndexOf(" ");
    const ability = cut < 0 ? "" : label.slice(0, cut);
    const shown = cut < 0 ? label : label.slice(cut + 1);
    if (!/^[0-9]+$/.test(shown)) continue;
    const rating = ratingOf(sheet, ability);
    if (rating !== null && rating !== Number(shown)) {
      return `its pool counts ${label}, but ${name}'s sheet (#${at}) rates ${ability} ` +
        `${rating} then`;
    }
  }
  return "";
}

// A D6 check rolls the sheet's code: a skill's own, an attribute's rolled by its name, and,
// untrained, the attribute's it names (as provable_sheets._code).
function codeProblem(o, name, at, sheet) {
  const { skill, attribute } = o;
  const { skills, attributes } = sheet;
  if (typeof skill !== "string") return "";
  let held;
  let what;
  if (typeof attribute === "string") [held, what] = [attributes, attribute];
  else if (isObject(skills) && Object.hasOwn(skills, skill)) [held, what] = [skills, skill];
  else [held, what] = [attributes, skill];
  if (!isObject(held) || !Object.hasOwn(held, what)) return "";
  let code = held[what];
  if (isObject(code)) code = code.code;
  if (typeof code === "string" && (o.code ?? null) !== code) {
    return `its code for ${skill} is ${said(o.code ?? null)}, but ${name}'s sheet (#${at}) ` +
      `gives ${what} ${code} then`;
  }
  return "";
}

// A GURPS roll's base level is the sheet's: an attribute's, a trained skill's, or the
// default it names, one the sheet lists for the skill and the best of them where it lists
// any (as provable_sheets._level).
function levelProblem(o, name, at, sheet, rules) {
  const { skill, base } = o;
  const via = o.default ?? null;
  const { attributes, skills } = sheet;
  if (typeof skill !== "string" || !isWhole(base) || !isObject(attributes) || !isObject(skills)) {
    return "";
  }
  let value;
  let what;
  if (via === null) {
    value = Object.hasOwn(attributes, skill) ? attributes[skill]
      : Object.hasOwn(skills, skill) ? skills[skill] : null;
    what = skill;
  } else if (typeof via === "string") {
    value = byDefault(via, attributes, skills, rules);
    what = `${skill} (${via})`;
    const listed = sheet.defaults;
    const mine = isObject(listed) && Object.hasOwn(listed, skill) ? listed[skill] : null;
    if (Array.isArray(mine) && mine.length && mine.every((t) => typeof t === "string")) {
      if (!mine.map(keyOf).includes(keyOf(via))) {
        return `its base level comes from the default ${via}, but ${name}'s sheet (#${at}) ` +
          `lists ${skill}'s defaults as ${said(mine)} then`;
      }
      const levels = mine.map((t) => byDefault(t, attributes, skills, rules));
      const best = levels.every(isWhole) ? Math.max(...levels) : null;
      if (isWhole(value) && best !== null && value < best) {
        return `its base level is ${base}, but ${name}'s sheet (#${at}) gives ${skill} ` +
          `${best} by its best default then`;
      }
    }
  } else {
    return "";
  }
  if (isWhole(value) && value !== base) {
    return `its base level is ${base}, but ${name}'s sheet (#${at}) gives ${what} ${value} then`;
  }
  return "";
}

// A default's level off the sheet ("IQ-5"), or null where it cannot be told.
function byDefault(text, attributes, skills, rules) {
  const m = /^(.+?)(?:([+-])([0-9]+))?$/.exec(text);
  if (m === null) return null;
  const source = m[1];
  let value = null;
  if (Object.hasOwn(attributes, source) && isObject(rules)) {
    value = attributes[source];
    const cap = rules.default_attribute_cap;
    const capped = rules.capped_attributes;
    if (isWhole(value) && isWhole(cap) && cap > 0 && cap < value && Array.isArray(capped) &&
        capped.includes(source)) value = cap;
  } else if (Object.hasOwn(skills, source) && !Object.hasOwn(attributes, source)) {
    value = skills[source];
  }
  const by = m[2] === "-" ? -Number(m[3]) : Number(m[3] ?? 0);
  return isWhole(value) ? value + by : null;
}

// A default as the sheet may spell it ("per - 6" is "Per-6").
const keyOf = (text) => text.replace(/\s+/g, "").replaceAll("\u2212", "-").toLowerCase();

function ratingOf(sheet, ability) {
  for (const section of SECTIONS) {
    const held = sheet[section];
    if (isObject(held) && Object.hasOwn(held, ability)) {
      let value = held[ability];
      if (isObject(value)) value = value.rating;
      return isWhole(value) ? value : null;
    }
  }
  return null;
}

function raised(sheet, line) {
  const { skill, to: after } = line;
  const out = { ...sheet };
  for (const section of SECTIONS.slice(1)) {
    const held = out[section];
    if (isObject(held) && typeof skill === "string" && Object.hasOwn(held, skill)) {
      const value = held[skill];
      out[section] = { ...held, [skill]: isObject(value) ? { ...value, rating: after } : after };
      break;
    }
  }
  return out;
}

function merge(base, changes) {
  const out = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete out[key];
    else if (isObject(value) && isObject(out[key])) out[key] = merge(out[key], value);
    else out[key] = value;
  }
  return out;
}
