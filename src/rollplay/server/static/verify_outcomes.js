// What an FS3, GURPS or D6 roll's card says, held to its dice (issue 29): provable_outcomes.py written
// again for verify_log.js, with the same lines. Keep the two in step (tests/verify_corpus).

import { eventKey, eventNumber } from "./verify_checks.js";

const isWhole = (value) => typeof value === "number" && Number.isInteger(value);
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isPart = (part) => Array.isArray(part) && part.length === 2 && part.every(isWhole) &&
  0 <= part[0] && part[0] <= part[1];

// JSON as Python's json.dumps writes a count (provable_cards.shown).
function shown(value) {
  if (value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(shown).join(", ")}]`;
  if (isObject(value) && value.constructor === Object) {
    return `{${Object.keys(value).map((k) => `${JSON.stringify(k)}: ${shown(value[k])}`).join(", ")}}`;
  }
  if (isObject(value) && "text" in value) return value.text; // a Fraction, as written
  return JSON.stringify(value);
}

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
  embarrassingTitle, countsEmbarrassing, margins) => ({ successAt, levels, majorityOnes,
  onlyOnFailure, defaultAttribute, embarrassingTitle, countsEmbarrassing, margins });
export const FS3_PRESETS = {
  "40e943bba5417858": fs3Preset(6, LEVELS_33, true, false, 2, "Embarrassing Failure", false,
    [...MARGINS, [3, "Crushing Victory"]]), // 3.3
  d0e74c2617ee7d22: fs3Preset(7, LEVELS_32, false, true, 2, "Embarrassing Failure", false,
    [...MARGINS, [4, "Crushing Victory"]]), // 3.2
};

function presetOf(line, presets) {
  const v = line.ruleset_version;
  const version = typeof v === "string" ? v : shown(v ?? null);
  return Object.hasOwn(presets, version) ? presets[version] : null;
}

const band = (rows, count) => rows.filter(([atLeast]) => count >= atLeast).at(-1)[1];

/** [level, embarrassing], as rolls.judge_counts judges them (provable_outcomes.fs3_judged). */
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
export function fs3Problems(line) {
  const outcome = line.outcome;
  if (!isObject(outcome) || outcome.system !== "fs3") return [];
  const at = outcome.success_at;
  const preset = presetOf(line, FS3_PRESETS);
  if (preset !== null && !(isWhole(at) && at === preset.successAt)) {
    return [`its successes start at ${shown(at)}, but its ruleset's at ${preset.successAt}`];
  }
  const checked = (roll, said) => {
    const wrong = counts(roll, said, at);
    return wrong.length ? wrong : levelProblems(roll, said, preset);
  };
  const out = checked(outcome, "");
  if (isObject(outcome.discarded)) {
    out.push(...checked(outcome.discarded, "its discarded roll: "));
    out.push(...kept(line, outcome, outcome.discarded, at));
  }
  return out;
}

/** An FS3 contest's two entries must say what their sides' counted successes make (as
 * provable_outcomes.contest_problems). */
export function contestProblems(group) {
  if (group.some((line) => isObject(line.outcome) && line.outcome.system === "d6")) {
    return d6ContestProblems(group);
  }
  const sides = contestSides(group, "fs3", ["first", "second"]);
  if (sides === null) return new Map();
  const rules = presetOf(sides.first, FS3_PRESETS);
  if (rules === null) return new Map();
  const hits = [];
  const failed = [];
  for (const side of ["first", "second"]) {
    if (fs3Problems(sides[side]).length) return new Map(); // its own line says what is wrong
    const roll = sides[side].outcome;
    const [, shamed, succeeded] = judgement(roll, rules);
    hits.push(rules.countsEmbarrassing || !shamed ? roll.successes : 0);
    failed.push(!succeeded);
  }
  const net = hits[0] - hits[1];
  const winner = net > 0 ? "first" : net < 0 ? "second" : null;
  const name = winner === null ? null : sides[winner].outcome.name ?? null;
  const right = {
    winner, net: Math.abs(net), margin: band(rules.margins, Math.abs(net)),
    winner_name: typeof name === "string" ? name : null, both_failed: failed.every(Boolean),
  };
  const none = rules.countsEmbarrassing ? "" : " (an embarrassing failure counting none)";
  return disagreeing(sides, right, `the sides' successes, ${hits[0]} against ${hits[1]}${none},`);
}

/** A contest's two entries by side, in one ruleset; null unless the group is exactly that
 * (as provable_cards.contest_sides). */
function contestSides(group, system, names) {
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
function disagreeing(sides, right, because) {
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

/** A command's entries in event order must take its draws in order (as part_order). */
export function partOrder(group) {
  const out = new Map();
  const ordered = [...group].sort((a, b) => eventNumber(a) - eventNumber(b));
  let reach = 0;
  for (const line of ordered) {
    const part = line.provable.part;
    if (!isPart(part)) return new Map();
    if (part[0] !== reach) {
      out.set(eventKey(line), `its part of the draws, ${part[0]} to ${part[1]}, is out ` +
        "of draw order: a command's entries are logged as they drew");
    }
    reach = part[1];
  }
  return out;
}

// As provable_outcomes.GURPS_PRESETS: an edition's own rules, by their fingerprint.
export const GURPS_PRESETS = {
  dca762882d050e21: [4, 17, 4, { 5: 15, 6: 16 }, 18, { 17: 15 }, 10], // 4e, the Basic Set
};

function judged(total, effective, [upTo, failFrom, critUpTo, critAt, critFailFrom, critFailAt, margin]) {
  if (total <= upTo || (total < failFrom && total <= effective)) {
    const lowest = Object.hasOwn(critAt, total) ? critAt[total] : effective + 1;
    return total <= critUpTo || effective >= lowest ? "critical success" : "success";
  }
  if (total >= critFailFrom || total - effective >= margin) return "critical failure";
  const highest = Object.hasOwn(critFailAt, total) ? critFailAt[total] : effective - 1;
  return effective <= highest ? "critical failure" : "failure";
}

/** What is wrong with a GURPS success roll's card (as provable_outcomes.gurps_problems). */
export function gurpsProblems(line) {
  const o = line.outcome;
  if (!isObject(o) || o.system !== "gurps") return [];
  const { dice, roll: total, effective } = o;
  if (!Array.isArray(dice) || dice.length !== 3 || !dice.every(isWhole)) {
    return [`it shows ${shown(dice)} for three dice`];
  }
  const sum = dice[0] + dice[1] + dice[2];
  if (!(isWhole(total) && total === sum)) return [`its roll ${shown(total)} is not its dice's total ${sum}`];
  if (!isWhole(effective)) return [`its effective skill ${shown(effective)} is not a whole number`];
  if (!(isWhole(o.margin) && o.margin === effective - sum)) {
    return [`its margin ${shown(o.margin)} is not its effective skill ${effective} ` +
      `less its roll ${total}`];
  }
  const said = o.outcome;
  const flags = {
    success: said === "success" || said === "critical success",
    critical: said === "critical success" || said === "critical failure",
    critical_success: said === "critical success",
    critical_failure: said === "critical failure",
  };
  for (const [flag, right] of Object.entries(flags)) {
    if (o[flag] !== right) {
      return [`its ${flag} ${shown(o[flag])} does not agree with its outcome ${shown(said)}`];
    }
  }
  const preset = presetOf(line, GURPS_PRESETS);
  if (preset !== null) {
    const right = judged(total, effective, preset);
    if (said !== right) {
      return [`its outcome is ${shown(said)}, but a roll of ${total} against an effective ` +
        `skill of ${effective} is a ${right}`];
    }
  }
  return [];
}

// As provable_outcomes.D6_PRESETS: an edition's own rules, by their fingerprint.
const d6Preset = (explodeOn, tiesSucceed, wildOnes, maxTosses) => ({ explodeOn, tiesSucceed,
  wildOnes, maxTosses });
export const D6_PRESETS = {
  "15e3d55b404789e1": d6Preset(6, true, ["complication", "cancel"], 100), // 003, the D6 System
};

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
export function d6Problems(line) {
  const o = line.outcome;
  if (!isObject(o) || o.system !== "d6") return [];
  const rules = presetOf(line, D6_PRESETS);
  if (rules === null) return []; // house rules: not re-computed (V14)
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
  return d6Verdict(o, o.total, rules);
}

/** A D6 contest's two entries must both say the winner and margin their totals make (as
 * provable_outcomes.d6_contest_problems). */
export function d6ContestProblems(group) {
  const sides = contestSides(group, "d6", ["initiator", "resister"]);
  if (sides === null || presetOf(sides.initiator, D6_PRESETS) === null) return new Map(); // V14
  const scores = [];
  for (const side of ["initiator", "resister"]) {
    if (d6Problems(sides[side]).length) return new Map(); // its own line says what is wrong
    const mods = sides[side].outcome.difficulty_modifiers ?? [];
    const values = (Array.isArray(mods) ? mods : [null]).map((m) => (isObject(m) ? m.value : null));
    if (!values.every(isWhole)) return new Map(); // its card is malformed; not judged here
    scores.push(sides[side].outcome.total - total(values));
  }
  const right = { winner: scores[0] >= scores[1] ? "initiator" : "resister",
    margin: Math.abs(scores[0] - scores[1]) };
  return disagreeing(sides, right, `the sides' scores, ${scores[0]} against ${scores[1]},`);
}
