// A D6 System check's card held to its dice (issue 29): provable_d6.py written again for
// verify_log.js, with the same lines. Keep the two in step (tests/verify_corpus).

import { eventKey, eventNumber, said as textOf } from "./verify_checks.js";
import { contestSides, disagreeing, isObject, isWhole, presetOf, shown } from "./verify_cards.js";

// As provable_outcomes.D6_PRESETS: an edition's own rules, by their fingerprint.
const d6Preset = (explodeOn, tiesSucceed, wildOnes, maxTosses, bonusDivisor, damageDivisor,
  rushing) => ({ explodeOn, tiesSucceed, wildOnes, maxTosses, bonusDivisor, damageDivisor, rushing });
export const D6_PRESETS = {
  "15e3d55b404789e1": d6Preset(6, true, ["complication", "cancel"], 100, 2, 5,
    [[25, 5], [50, 10], [75, 20]]), // 003, the D6 System
};

/** The numbers a D6 ruleset's canonical data gives, or null (as provable_d6.d6_preset). */
export function d6PresetFrom(data) {
  const { explode_on: explodeOn, ties_succeed: ties } = data;
  if (!isWhole(explodeOn) || explodeOn < 2 || explodeOn > 6 || typeof ties !== "boolean") return null;
  const divisors = [data.bonus_divisor, data.damage_divisor];
  const rushing = data.rushing;
  if (!divisors.every((d) => isWhole(d) && d > 0) || !Array.isArray(rushing)) return null;
  if (!rushing.every((r) => Array.isArray(r) && r.length === 2 && r.every(isWhole))) return null;
  return d6Preset(explodeOn, ties, ["complication", "cancel"], 100, ...divisors,
    rushing.map(([less, up]) => [less, up]));
}

const preset = (line, data) => (data ? d6PresetFrom(data) : presetOf(line, D6_PRESETS));

const wholeList = (value) => Array.isArray(value) && value.every(isWhole);
const total = (values) => values.reduce((a, b) => a + b, 0);

function tossProblem(name, tosses, rules) {
  if (!tosses.length || !tosses.every((t) => 1 <= t && t <= 6)) {
    return `its ${name} shows ${shown(tosses)}, not tosses of a six-sided die`;
  }
  const last = tosses.at(-1);
  if (tosses.slice(0, -1).some((t) => t < rules.explodeOn) ||
    (last >= rules.explodeOn && tosses.length < rules.maxTosses)) {
    return `its ${name} shows ${shown(tosses)}, but it rolls again on a ` +
      `${rules.explodeOn} or more and stops under it`;
  }
  return "";
}

function d6Verdict(o, sum, rules) {
  const difficulty = o.difficulty ?? null;
  if (difficulty !== null && !isWhole(difficulty)) {
    return [`its difficulty ${shown(difficulty)} is not a whole number`];
  }
  if (o.ties_succeed !== rules.tiesSucceed) {
    return [`its ties_succeed ${shown(o.ties_succeed ?? null)} is not its ruleset's ` +
      shown(rules.tiesSucceed)];
  }
  const success = difficulty === null ? null
    : sum > difficulty || (rules.tiesSucceed && sum === difficulty);
  const points = difficulty === null ? null : sum - difficulty;
  if ((o.success ?? null) !== success) {
    const against = difficulty === null ? "no difficulty" : `a difficulty of ${difficulty}`;
    return [`its success is ${shown(o.success ?? null)}, but a total of ${sum} against ` +
      `${against} makes it ${shown(success)}`];
  }
  const said = o.result_points ?? null;
  if (said !== points || (points !== null && !isWhole(said))) {
    return [`its result_points ${shown(said)} are not its total less its difficulty, ` +
      shown(points)];
  }
  return [];
}

/** What is wrong with a D6 skill check's total and verdict (as provable_outcomes.d6_problems). */
export function d6Problems(line, data = null) {
  const o = line.outcome;
  if (!isObject(o) || o.system !== "d6") return [];
  const rules = preset(line, data);
  if (rules === null) {
    return data ? ["its ruleset is not a D6 ruleset this verifier can read"] : []; // V14
  }
  for (const field of ["dice", "wild", "cancelled"]) {
    if (!wholeList(o[field])) return [`its ${field} are not a list of whole numbers`];
  }
  const cp = o.cp_dice;
  if (!Array.isArray(cp) || !cp.every((d) => wholeList(d) && d.length > 0)) {
    return ["its cp_dice are not lists of whole numbers"];
  }
  for (const field of ["pips", "bonus", "related", "total"]) {
    if (!isWhole(o[field])) return [`its ${field} ${shown(o[field] ?? null)} is not a whole number`];
  }
  const { dice, wild } = o;
  for (const [name, tosses] of [["Wild Die", wild], ...cp.map((d) => ["Character Point die", d])]) {
    const wrong = tossProblem(name, tosses, rules);
    if (wrong) return [wrong];
  }
  const option = o.wild_one;
  if (!rules.wildOnes.includes(option)) {
    return [`its wild_one ${shown(option ?? null)} is not one of ${shown(rules.wildOnes)}`];
  }
  const critical = wild[0] === 1;
  const flags = { critical_failure: critical, complication: critical && option === "complication",
    critical_success: wild[0] >= rules.explodeOn };
  for (const [flag, right] of Object.entries(flags)) {
    if (o[flag] !== right) {
      return [`its ${flag} ${shown(o[flag] ?? null)} does not agree with its Wild Die's first ` +
        `toss, ${wild[0]} (${option})`];
    }
  }
  const cancelled = critical && option === "cancel" ? (dice.length ? [1, Math.max(...dice)] : [1]) : [];
  if (shown(o.cancelled) !== shown(cancelled)) {
    return [`its cancelled dice ${shown(o.cancelled)} are not the ${shown(cancelled)} ` +
      `its Wild Die's first toss, ${wild[0]} (${option}), cancels`];
  }
  const bonuses = o.bonuses ?? [];
  const numbers = (Array.isArray(bonuses) ? bonuses : [null])
    .map((b) => (isObject(b) ? b.number : null));
  if (!numbers.every(isWhole)) return ["its bonuses are not a list of numbered bonuses"];
  const added = total(numbers);
  if (o.bonus !== added) return [`its bonus ${o.bonus} is not the ${added} of its bonuses`];
  const right = total(dice) + total(wild) - total(cancelled) + total(cp.map(total)) + o.pips +
    o.bonus + o.related;
  if (o.total !== right) {
    return [`its total ${o.total} is not the ${right} its dice, Wild Die, Character Point ` +
      "dice, pips, bonus and related modifier make"];
  }
  const verdict = d6Verdict(o, o.total, rules);
  return verdict.length ? verdict : d6Points(o, rules);
}

const RUSHING = /^rushing \(([0-9]{1,3})% less time\)$/;

// Its bonus and damage points from its result points; each rushing modifier the ruleset's
// increase (as provable_d6._d6_points).
function d6Points(o, rules) {
  const points = o.result_points ?? null;
  for (const [field, divisor] of [["bonus_points", rules.bonusDivisor],
    ["damage_bonus", rules.damageDivisor]]) {
    const right = points === null ? null : points > 0 ? Math.ceil(points / divisor) : 0;
    const got = o[field] ?? null;
    if (got !== right || (right !== null && !isWhole(got))) {
      return [`its ${field} ${shown(got)} are not its result points ${shown(points)} over ` +
        `${divisor}, rounded up: ${shown(right)}`];
    }
  }
  const mods = o.difficulty_modifiers ?? [];
  for (const mod of Array.isArray(mods) ? mods : []) {
    const reason = isObject(mod) ? mod.reason : undefined;
    const rushed = typeof reason === "string" ? RUSHING.exec(reason) : null;
    if (rushed === null) continue;
    const found = rules.rushing.find(([less]) => less === Number(rushed[1]));
    const right = found === undefined ? null : found[1];
    const value = mod.value ?? null;
    if (value !== right || !isWhole(value)) {
      const said = right === null ? "is not a time its ruleset allows" : `is +${right}`;
      return [`its difficulty modifier ${shown(reason)} is ${shown(value)}, but under its ` +
        `ruleset rushing ${rushed[1]}% less time ${said}`];
    }
  }
  return [];
}

/** A D6 contest's two entries must both say the winner and margin their totals make (as
 * provable_outcomes.d6_contest_problems). */
export function d6ContestProblems(group, rules) {
  const sides = contestSides(group, "d6", ["initiator", "resister"]);
  const given = (line) => rules.get(eventKey(line)) ?? null;
  if (sides === null || preset(sides.initiator, given(sides.initiator)) === null) return new Map(); // V14
  const scores = ["initiator", "resister"].map((side) => score(sides[side], rules));
  if (scores[0] === null || scores[1] === null) return new Map(); // its own line says
  const right = { winner: scores[0] >= scores[1] ? "initiator" : "resister",
    margin: Math.abs(scores[0] - scores[1]) };
  return disagreeing(sides, right, `the sides' scores, ${scores[0]} against ${scores[1]},`);
}

/** A D6 contest judged again after Character Points on one side: the new entry's winner and
 * margin against the other side's latest entry before it (as d6_after_problems). */
export function d6AfterProblems(lines, rules) {
  const latest = new Map();
  const out = new Map();
  for (const line of [...lines].sort((a, b) => eventNumber(a) - eventNumber(b))) {
    const o = line.outcome;
    const said = isObject(o) && o.system === "d6" ? o.opposed : undefined;
    if (line.kind !== "roll" || !isObject(said)) continue;
    const side = said.side;
    const first = said.contest ?? null;
    if (!["initiator", "resister"].includes(side) || (first !== null && !isWhole(first))) continue;
    const key = `${textOf(line.game ?? null)}\u0000${first || eventNumber(line)}`;
    if (!latest.has(key)) latest.set(key, {});
    const sides = latest.get(key);
    const other = sides[side === "initiator" ? "resister" : "initiator"];
    if ((o.adds_to ?? null) !== null && other !== undefined) {
      const mine = score(line, rules);
      const theirs = score(other, rules);
      if (mine !== null && theirs !== null) {
        const [a, b] = side === "initiator" ? [mine, theirs] : [theirs, mine];
        const right = { winner: a >= b ? "initiator" : "resister", margin: Math.abs(a - b) };
        for (const [k, v] of disagreeing({ [side]: line }, right, `the sides' scores, ${a} against ${b},`)) {
          out.set(k, v);
        }
      }
    }
    sides[side] = line;
  }
  return out;
}

// A contest side's score (its total less its own difficulty modifiers), or null where it is
// not judged (as provable_d6._score).
function score(line, rules) {
  const given = rules.get(eventKey(line)) ?? null;
  if (preset(line, given) === null || d6Problems(line, given).length) return null;
  const mods = line.outcome.difficulty_modifiers ?? [];
  const values = (Array.isArray(mods) ? mods : [null]).map((m) => (isObject(m) ? m.value : null));
  return values.every(isWhole) ? line.outcome.total - total(values) : null;
}
