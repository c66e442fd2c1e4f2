// An FS3 roll's card held to its dice (issue 29): provable_fs3.py written again for
// verify_log.js, with the same lines. Keep the two in step (tests/verify_corpus).

import { eventKey } from "./verify_checks.js";
import { contestSides, disagreeing, isObject, isPart, isWhole, presetOf, shown } from "./verify_cards.js";

function counts(roll, said, at) {
  const dice = roll.dice;
  const pool = roll.pool;
  if (!Array.isArray(dice) || !dice.every(isWhole)) return [`${said}its dice are not a list of whole numbers`];
  if (isWhole(pool) && dice.length !== pool && !(pool < 1 && dice.length <= 1)) {
    return [`${said}it shows ${dice.length} dice for a pool of ${pool}`];
  }
  if (isWhole(at)) {
    const counted = dice.filter((d) => d >= at).length;
    if (!(isWhole(roll.successes) && roll.successes === counted)) {
      return [`${said}its ${shown(roll.successes)} successes are not the ${counted} of its ` +
        `dice at ${at} or over`];
    }
  }
  const ones = dice.filter((d) => d === 1).length;
  if (!(isWhole(roll.ones) && roll.ones === ones)) {
    return [`${said}its ${shown(roll.ones)} ones are not the ${ones} of its dice`];
  }
  return [];
}

function rank(roll, at) {
  const dice = roll.dice;
  if (!Array.isArray(dice) || !isWhole(at) || typeof roll.embarrassing !== "boolean") return null;
  return [!roll.embarrassing, dice.filter((d) => isWhole(d) && d >= at).length];
}

function drawn(draws) {
  const good = (d) => Array.isArray(d) && d.length === 2 && Array.isArray(d[1]);
  return Array.isArray(draws) && draws.every(good) ? draws.flatMap(([, f]) => f) : null;
}

function kept(line, mine, other, at) {
  const first = mine.dice;
  const block = line.provable;
  const faces = drawn(isObject(block) ? block.draws : undefined);
  if (faces === null || !Array.isArray(first)) return [];
  const start = isObject(block) && isPart(block.part) ? block.part[0] : 0;
  const head = faces.slice(start, start + first.length);
  const keptFirst = head.length === first.length && head.every((f, i) => f === first[i]);
  const a = rank(mine, at);
  const b = rank(other, at);
  if (a === null || b === null) return [];
  const less = a[0] !== b[0] ? a[0] < b[0] : a[1] < b[1];
  const tie = a[0] === b[0] && a[1] === b[1];
  if (less || (tie && !keptFirst)) {
    return ["its luck re-roll keeps the worse roll, or the second on a tie: the better is " +
      "kept, the first on a tie"];
  }
  return [];
}

// As provable_outcomes.FS3_PRESETS: an edition's own rules, by their fingerprint.
const LEVELS_33 = [[0, "Failure"], [1, "Success"], [3, "Good Success"], [5, "Great Success"],
  [7, "Amazing Success"]];
const LEVELS_32 = [[0, "Failure"], [1, "Success"], [2, "Good Success"], [4, "Great Success"],
  [6, "Amazing Success"]];
const MARGINS = [[0, "Draw"], [1, "Marginal Victory"], [2, "Solid Victory"]];
const fs3Preset = (successAt, levels, majorityOnes, onlyOnFailure, defaultAttribute,
  embarrassingTitle, countsEmbarrassing, margins, assists, assistCap) => ({ successAt, levels,
  majorityOnes, onlyOnFailure, defaultAttribute, embarrassingTitle, countsEmbarrassing, margins,
  assists, assistCap });
// 000 Teamwork: (level, the modifier an assister at it earns), the embarrassing title first.
const assistsOf = (levels, title) => [[title, -1], ...levels.map(([, t], i) => [t, [-1, 1, 2, 3, 4][i]])];
export const FS3_PRESETS = {
  "40e943bba5417858": fs3Preset(6, LEVELS_33, true, false, 2, "Embarrassing Failure", false,
    [...MARGINS, [3, "Crushing Victory"]], assistsOf(LEVELS_33, "Embarrassing Failure"), 4), // 3.3
  d0e74c2617ee7d22: fs3Preset(7, LEVELS_32, false, true, 2, "Embarrassing Failure", false,
    [...MARGINS, [4, "Crushing Victory"]], assistsOf(LEVELS_32, "Embarrassing Failure"), 4), // 3.2
};

const bands = (rows) => {
  const out = rows.map((row) => [row.at_least, row.title]);
  if (!out.every(([n, t]) => isWhole(n) && typeof t === "string")) throw new TypeError("not bands");
  return out.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
};

/** The numbers an FS3 ruleset's canonical data gives, or null (as provable_fs3.fs3_preset). */
export function fs3PresetFrom(data) {
  let made;
  try {
    const titles = need(data, "levels").map((row) => need(row, "title")); // the ruleset's order
    const mods = need(data, "assist_modifiers");
    if (!Array.isArray(mods) || mods.length !== titles.length || !titles.length) return null;
    const assists = [need(data, "embarrassing_title"), ...titles].map((t, i) => [t, [mods[0], ...mods][i]]);
    made = fs3Preset(need(data, "success_at"), bands(need(data, "levels")),
      need(data, "embarrassing") === "more-than-half-ones", need(data, "embarrassing_only_on_failure"),
      need(data, "default_attribute"), need(data, "embarrassing_title"),
      need(data, "opposed_counts_embarrassing"), bands(need(data, "margins")), assists,
      need(data, "assist_cap"));
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
  if (!made.assists.every(([t, m]) => typeof t === "string" && isWhole(m))) return null;
  const right = isWhole(made.successAt) && typeof made.onlyOnFailure === "boolean" && isWhole(made.assistCap) &&
    isWhole(made.defaultAttribute) && typeof made.embarrassingTitle === "string" &&
    typeof made.countsEmbarrassing === "boolean";
  const starts = right && made.levels.length && made.margins.length;
  return starts && made.levels[0][0] <= 0 && made.margins[0][0] <= 0 ? made : null;
}

function need(data, key) {
  if (!isObject(data) || !Object.hasOwn(data, key)) throw new TypeError(`no ${key}`);
  const value = data[key];
  if (key === "levels" || key === "margins") {
    if (!Array.isArray(value) || !value.every(isObject)) throw new TypeError(`bad ${key}`);
  }
  return value;
}

export const preset = (line, rules) => (rules ? fs3PresetFrom(rules) : presetOf(line, FS3_PRESETS));

const band = (rows, count) => rows.filter(([atLeast]) => count >= atLeast).at(-1)[1];

/** [level, embarrassing], as judging.judge_counts judges them (provable_outcomes.fs3_judged). */
export function fs3Judged(successes, ones, dice, attribute, rules) {
  let embarrassing = rules.majorityOnes
    ? 2 * ones > dice // 000: "more than half your dice are 1's"
    : ones >= (attribute === null ? rules.defaultAttribute : attribute || 1); // 002
  if (embarrassing && successes && rules.onlyOnFailure) embarrassing = false;
  if (embarrassing) return [rules.embarrassingTitle, true];
  return [band(rules.levels, successes), false];
}

function judgement(roll, rules) {
  const attribute = roll.attribute ?? null;
  if (attribute !== null && !isWhole(attribute)) {
    return `its attribute ${shown(attribute)} is not a whole number`;
  }
  const [level, shamed] = fs3Judged(roll.successes, roll.ones, roll.dice.length, attribute, rules);
  return [level, shamed, !shamed && roll.successes > 0];
}

function levelProblems(roll, said, rules) {
  if (rules === null) return []; // house rules: not re-computed (V14)
  const judged = judgement(roll, rules);
  if (typeof judged === "string") return [said + judged];
  const [level, shamed, succeeded] = judged;
  if (roll.level !== level) {
    const weighed = rules.majorityOnes ? "" : `, attribute ${shown(roll.attribute ?? null)}`;
    return [`${said}its level is ${shown(roll.level)}, but its counts (successes ` +
      `${roll.successes}, ones ${roll.ones}, dice ${roll.dice.length}${weighed}) ` +
      `make ${shown(level)}`];
  }
  for (const [flag, right] of [["embarrassing", shamed], ["succeeded", succeeded]]) {
    if (roll[flag] !== right) {
      return [`${said}its ${flag} ${shown(roll[flag])} does not agree with its level ` +
        shown(level)];
    }
  }
  return [];
}

/** What is wrong with an FS3 roll's counts and level (as provable_outcomes.fs3_problems). */
export function fs3Problems(line, rules = null) {
  const outcome = line.outcome;
  if (!isObject(outcome) || outcome.system !== "fs3") return [];
  const at = outcome.success_at;
  const rulesOf = preset(line, rules);
  if (rules && rulesOf === null) return ["its ruleset is not an FS3 ruleset this verifier can read"];
  if (rulesOf !== null && !(isWhole(at) && at === rulesOf.successAt)) {
    return [`its successes start at ${shown(at)}, but its ruleset's at ${rulesOf.successAt}`];
  }
  const checked = (roll, said) => {
    const wrong = counts(roll, said, at);
    return wrong.length ? wrong : levelProblems(roll, said, rulesOf);
  };
  const out = checked(outcome, "");
  if (isObject(outcome.discarded)) {
    out.push(...checked(outcome.discarded, "its discarded roll: "));
    out.push(...kept(line, outcome, outcome.discarded, at));
  }
  return out;
}

/** An FS3 contest's two entries must say what their sides' counted successes make (as
 * provable_fs3.fs3_contest_problems); rules: event key -> the ruleset in force. */
export function fs3ContestProblems(group, rules) {
  const sides = contestSides(group, "fs3", ["first", "second"]);
  if (sides === null) return new Map();
  const given = (line) => rules.get(eventKey(line)) ?? null;
  const rulesOf = preset(sides.first, given(sides.first));
  if (rulesOf === null) return new Map();
  const hits = [];
  const failed = [];
  for (const side of ["first", "second"]) {
    if (fs3Problems(sides[side], given(sides[side])).length) return new Map(); // its own line says
    const roll = sides[side].outcome;
    const [, shamed, succeeded] = judgement(roll, rulesOf);
    hits.push(rulesOf.countsEmbarrassing || !shamed ? roll.successes : 0);
    failed.push(!succeeded);
  }
  const net = hits[0] - hits[1];
  const winner = net > 0 ? "first" : net < 0 ? "second" : null;
  const name = winner === null ? null : sides[winner].outcome.name ?? null;
  const right = {
    winner, net: Math.abs(net), margin: band(rulesOf.margins, Math.abs(net)),
    winner_name: typeof name === "string" ? name : null, both_failed: failed.every(Boolean),
  };
  const none = rulesOf.countsEmbarrassing ? "" : " (an embarrassing failure counting none)";
  return disagreeing(sides, right, `the sides' successes, ${hits[0]} against ${hits[1]}${none},`);
}
