// The ratings an FS3 roll used, held to its character's sheet at that moment (issue 29):
// provable_sheets.py written again for verify_log.js, with the same lines. Keep the two in
// step (tests/verify_corpus).

import { eventKey, eventNumber, said } from "./verify_checks.js";

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isWhole = (value) => typeof value === "number" && Number.isInteger(value);
const SECTIONS = ["attributes", "action", "background", "languages"];

/** Event key of each FS3 roll -> the line saying its pool is not what its character's sheet
 * then gives (as rating_problems). */
export function ratingProblems(lines) {
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
      const wrong = pool(line, name, ...sheets.get(key));
      if (wrong) out.set(eventKey(line), wrong);
    }
  }
  return out;
}

function pool(line, name, at, sheet) {
  const o = line.outcome;
  if (isObject(o) && o.system === "d6") return codeProblem(o, name, at, sheet);
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
  const dice = parts.map((p) => p.dice ?? null);
  const mods = Array.isArray(o.modifiers) ? o.modifiers : [null];
  const values = mods.map((m) => (isObject(m) ? m.value ?? null : null));
  const asked = o.requested ?? null;
  if (parts.length && [...dice, ...values, asked].every(isWhole)) {
    const right = [...dice, ...values].reduce((a, b) => a + b, 0);
    if (asked !== right) return `it asks for ${asked} dice, but its parts and modifiers add up to ${right}`;
  }
  return "";
}

// A D6 check of a skill on the sheet rolls the sheet's code for it (as provable_sheets._code).
function codeProblem(o, name, at, sheet) {
  const { skill } = o;
  const skills = sheet.skills;
  if (typeof skill !== "string" || !isObject(skills) || !Object.hasOwn(skills, skill)) return "";
  let code = skills[skill];
  if (isObject(code)) code = code.code;
  if (typeof code === "string" && (o.code ?? null) !== code) {
    return `its code for ${skill} is ${said(o.code ?? null)}, but ${name}'s sheet (#${at}) ` +
      `gives ${code} then`;
  }
  return "";
}

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
