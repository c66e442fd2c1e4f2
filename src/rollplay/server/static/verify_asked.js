// What a roll asked for, held to its outcome (issue 29 point 3, rulings V14):
// provable_asked.py written again for verify_log.js, with the same lines. Keep the two in
// step (tests/verify_corpus). Only as much of each system's roll grammar as the checks need.

import { said } from "./verify_checks.js";
import { Fraction } from "./strict_json.js";

const isObject = (v) => !(v instanceof Fraction) && v !== null && typeof v === "object" &&
  !Array.isArray(v);
const isWhole = (v) => typeof v === "number" && Number.isInteger(v);
const NUMBER = /^\s*([+-])?\s*([0-9]{1,6})\s*$/; // an FS3 roll string's number term
const HEAD = /^\s*([+\-\u2212]?)\s*([0-9]+)/; // gurps.modifiers._HEAD
const CODE = /^\s*([0-9]+)\s*[dD]\s*(?:([+\-\u2212])\s*([0-9]+))?\s*$/; // d6.code
const SIGN = String.raw`\s*([+\-\u2212])\s*`;
const BONUS = new RegExp(`^${SIGN}([0-9]{1,4})\\s*([dD]?)\\s*(?:${SIGN}([0-9]{1,4}))?\\s*$`);
// The bonuses a D6 roll's options make (modifiers.py, results.py): not typed, nor sized here.
const MADE = ["multi-action penalty (", "preparing (", "carried result points (", "from the attack's "];
const LUCK = { luck: ["bonus"], "luck (someone else's)": ["boost", "hinder"] };
const TASK = " (task difficulty)";

/** The lines saying a roll's outcome is not what its request and the rules in force
 * (or null) make of it (as asked_problems). */
export function askedProblems(line, rules) {
  const o = line.outcome;
  if (!isObject(o)) return [];
  const asked = line.modifiers;
  let typed = Array.isArray(asked) ? asked.filter((m) => typeof m === "string") : null;
  if (typed !== null && typed.length !== asked.length) typed = null;
  const given = isObject(rules) ? rules : null;
  if (o.system === "fs3") return fs3(line.expression, typed, o, given);
  if (o.system === "gurps") return gurps(line.expression, typed, o, given);
  if (o.system === "d6") return d6(line.expression, typed, o, given);
  return [];
}

const rows = (v) => (Array.isArray(v) && v.every(isObject) ? v : null);
const signed = (sign, digits) => (sign === "-" || sign === "\u2212" ? -Number(digits) : Number(digits));
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const listed = (values) => `[${values.map((v) => said(v)).join(", ")}]`;
const texts = (v) => (Array.isArray(v) ? v.filter((x) => typeof x === "string") : []);
const plus = (n) => (n >= 0 ? `+${n}` : `${n}`);

function whole(text) {
  const clean = text.trim().replaceAll("\u2212", "-");
  const digits = clean.replace(/^[+-]+/, "");
  if (!/^[0-9]+$/.test(digits) || clean.length - digits.length > 1) return null;
  return Number(clean);
}

function numbers(expression) {
  if (typeof expression !== "string") return null;
  const out = [];
  for (const term of expression.split(/(?=[+-])/)) {
    const m = NUMBER.exec(term);
    if (m) out.push(signed(m[1], m[2]));
  }
  return out;
}

function fs3(expression, typed, o, rules) {
  const parts = rows(o.parts);
  const mods = rows(o.modifiers);
  if (!parts || !parts.length || mods === null) return [];
  const out = [];
  const numbered = numbers(expression);
  const counted = parts.filter((p) => p.label === "rating" || p.label === "modifier")
    .map((p) => p.dice ?? null);
  if (numbered !== null && !same(counted, numbered)) {
    out.push(`its roll string ${said(expression)} adds ${listed(numbered)}, but its pool ` +
      `counts ${listed(counted)}`);
  }
  const given = typed === null ? null : typed.map(whole);
  const named = mods.filter((m) => m.reason === "modifier").map((m) => m.value ?? null);
  if (given !== null && !given.includes(null) && !same(named, given)) {
    out.push(`it was asked with the modifiers ${listed(given)}, but its pool counts ` +
      `${listed(named)}`);
  }
  if (rules !== null) {
    for (const m of mods) { const s = fs3Modifier(m, o, rules); if (s) out.push(s); }
    for (const p of parts) { const s = fs3Part(p, parts, rules); if (s) out.push(s); }
  }
  const dice = parts.map((p) => p.dice ?? null);
  const values = mods.map((m) => m.value ?? null);
  const requested = o.requested ?? null;
  if ([...dice, ...values, requested].every(isWhole)) {
    const right = [...dice, ...values].reduce((a, b) => a + b, 0);
    if (requested !== right) {
      out.push(`it asks for ${requested} dice, but its parts and modifiers add up to ${right}`);
    }
  }
  return out;
}

function fs3Modifier(m, o, rules) {
  const { reason, value } = m;
  if (typeof reason !== "string" || ["modifier", "wounds", "teamwork"].includes(reason)) return "";
  if (!isWhole(value)) return "";
  const sizes = new Map((rows(rules.situations) ?? []).filter((s) => typeof s.name === "string")
    .map((s) => [s.name, s.modifier ?? null]));
  const luck = o.luck;
  let want;
  if (sizes.has(reason)) {
    want = sizes.get(reason);
  } else if (Object.hasOwn(LUCK, reason) && LUCK[reason].includes(luck)) {
    want = rules[luck === "bonus" ? "luck_bonus" : "luck_on_others"] ?? null;
    if (luck === "hinder" && isWhole(want)) want = -want;
  } else if (typeof luck === "string" && reason === `luck (${luck}, cancelled)`) {
    want = 0;
  } else {
    return `its modifier ${said(reason)} (${plus(value)}) is none its request or the rules make`;
  }
  if (!(isWhole(want) && want === value)) {
    return `its modifier ${reason} is ${plus(value)}, but ${said(rules.name)} makes it ${said(want)}`;
  }
  return "";
}

function fs3Part(part, parts, rules) {
  const { label, dice } = part;
  if (typeof label !== "string" || !isWhole(dice) || label === "rating" || label === "modifier") {
    return "";
  }
  const everyman = rules.everyman_dice ?? null;
  const scale = Array.isArray(rules.scaled_skill_dice) ? rules.scaled_skill_dice : [];
  const cut = label.lastIndexOf(" ");
  const name = cut < 0 ? "" : label.slice(0, cut);
  const rating = label.slice(cut + 1);
  const kind = kindOf(name || label, rules);
  const scaled = kind !== "action" && scale.length > 0;
  let want;
  if (label === "Everyman") want = everyman; // an attribute alone, 000 Linked Attributes
  else if (rating === "Everyman") want = scaled ? scale[0] : everyman;
  else if (label.endsWith(` (${said(rules.language_known)})`)) want = 0;
  else if (!/^[0-9]+$/.test(rating)) return "";
  else if (kind === "attribute") {
    const alone = parts.every((p) => p === part || p.label === "Everyman" || p.label === "modifier");
    const times = rules.bare_attribute_multiplier;
    want = Number(rating) * (alone && isWhole(times) ? times : 1);
  } else if (scaled) want = Number(rating) < scale.length ? scale[Number(rating)] : null;
  else want = Number(rating) > 0 ? Number(rating) : everyman;
  if (!(isWhole(want) && want === dice)) {
    return `its pool counts ${label} as ${dice} dice, but ${said(rules.name)} gives ${said(want)}`;
  }
  return "";
}

function kindOf(name, rules) {
  if (texts(rules.attributes).includes(name)) return "attribute";
  if ((rows(rules.action_skills) ?? []).some((s) => s.name === name)) return "action";
  if (texts(rules.languages).some((n) => n.toLowerCase() === name.toLowerCase())) return "language";
  return "background";
}

function gurps(expression, typed, o, rules) {
  const mods = rows(o.modifiers);
  const base = o.base ?? null;
  const effective = o.effective ?? null;
  if (mods === null) return [];
  const out = [];
  const level = typeof expression === "string" ? whole(expression) : null;
  if (level !== null && !(isWhole(base) && base === level)) {
    out.push(`it was asked against ${level}, but its base level is ${said(base)}`);
  }
  const heads = typed === null ? null : typed.map((m) => HEAD.exec(m));
  if (heads !== null && !heads.includes(null)) {
    const given = heads.map((h) => signed(h[1], h[2]));
    const rest = mods.slice(given.length);
    const named = mods.slice(0, given.length).map((m) => m.value ?? null);
    if (!same(named, given) || rest.length > 1 || !rest.every(taskNamed)) {
      out.push(`it was asked with the modifiers ${listed(given)}, but it counts ` +
        `${listed(mods.map((m) => m.value ?? null))}`);
    } else if (rest.length && rules !== null) {
      out.push(...task(rest[0], rules));
    }
  }
  const values = mods.map((m) => m.value ?? null);
  if ([base, effective, ...values].every(isWhole)) {
    const made = values.reduce((a, b) => a + b, base);
    if (effective !== made) {
      out.push(`its effective skill is ${effective}, but its base level and modifiers make ${made}`);
    }
  }
  return out;
}

const taskNamed = (m) => typeof m.reason === "string" && m.reason.endsWith(TASK);

function task(m, rules) {
  const title = m.reason.slice(0, -TASK.length);
  const value = m.value ?? null;
  for (const row of rows(rules.difficulties) ?? []) {
    if (row.name === title) {
      const low = row.lowest ?? null;
      const high = row.highest ?? null;
      if ([low, value, high].every(isWhole) && low <= value && value <= high) return [];
      return [`its task difficulty ${title} is ${said(value)}, but ${said(rules.name)} rates ` +
        `${title} ${said(low)} to ${said(high)}`];
    }
  }
  return [`its task difficulty ${title} is not in ${said(rules.name)}'s table`];
}

function d6(expression, typed, o, rules) {
  const out = [];
  const code = codeOf(o.code);
  const rolled = codeOf(o.rolled);
  const bonuses = rows(o.bonuses);
  const asked = typeof expression === "string" ? codeOf(expression) : null;
  if (asked !== null && code !== null && !same(asked, code)) {
    out.push(`it was asked to roll ${said(expression)}, but its code is ${said(o.code ?? null)}`);
  }
  const given = typed === null ? null : typed.map(bonusOf);
  if (bonuses !== null && given !== null && !given.includes(null)) {
    const named = bonuses.filter((b) => !made(b)).map((b) => [b.dice ?? null, b.number ?? null]);
    const order = (a, b) => a[0] - b[0] || a[1] - b[1];
    const key = (pairs) => JSON.stringify([...pairs].sort(order));
    if (named.every((p) => p.every(isWhole)) && key(named) !== key(given)) {
      out.push(`it was asked with the bonuses ${listed(given)}, but it counts ${listed(named)}`);
    }
  }
  let want = null;
  const fate = o.fate;
  const per = rules !== null ? rules.pips_per_die : null;
  if (fate === false) want = code;
  else if (fate === true && rules !== null && isWhole(per) && per > 0 && code) {
    const pips = 2 * (code[0] * per + code[1]); // 003 Fate Points (rulings D12)
    const doubled = [Math.floor(pips / per), pips - per * Math.floor(pips / per)];
    want = rules.fate_doubles_pips === true ? doubled : [code[0] * 2, code[1]];
  }
  if (code && rolled && want !== null && !same(want, rolled)) {
    out.push(`it rolled ${said(o.rolled ?? null)}, but its code ${said(o.code ?? null)} ` +
      `gives ${shown(want)}`);
  }
  const dice = o.dice;
  const extra = (bonuses ?? []).map((b) => b.dice ?? null);
  if (rolled && Array.isArray(dice) && extra.every(isWhole)) {
    const regular = Math.max(rolled[0] + extra.reduce((a, b) => a + b, 0), 1) - 1;
    if (dice.length !== regular) {
      out.push(`it rolled ${dice.length} regular dice beside the Wild Die, but ` +
        `${said(o.rolled ?? null)} and its bonuses give ${regular}`);
    }
  }
  return out;
}

const made = (b) => typeof b.reason === "string" && MADE.some((m) => b.reason.startsWith(m));

function codeOf(text) {
  const m = typeof text === "string" && text.length <= 40 ? CODE.exec(text) : null;
  return m ? [Number(m[1]), m[3] !== undefined ? signed(m[2], m[3]) : 0] : null;
}

function shown([dice, pips]) {
  return pips ? `${dice}D${pips > 0 ? "+" : "-"}${Math.abs(pips)}` : `${dice}D`;
}

function bonusOf(text) {
  const head = text.trim().split(" ")[0];
  const m = head ? BONUS.exec(head) : null;
  if (m === null || (!m[3] && m[5] !== undefined)) return null;
  const value = signed(m[1], m[2]);
  if (!m[3]) return [0, value];
  return [value, m[5] !== undefined ? signed(m[4], m[5]) : 0];
}
