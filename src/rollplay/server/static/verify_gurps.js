// A GURPS success roll's card held to its dice (issue 29): provable_gurps.py written again
// for verify_log.js, with the same lines. Keep the two in step (tests/verify_corpus).

import { isObject, isWhole, presetOf, shown } from "./verify_cards.js";

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
export function gurpsProblems(line, rules = null) {
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
  const preset = rules ? gurpsPresetFrom(rules) : presetOf(line, GURPS_PRESETS);
  if (rules && preset === null) return ["its ruleset is not a GURPS ruleset this verifier can read"];
  if (preset !== null) {
    const right = judged(total, effective, preset);
    if (said !== right) {
      return [`its outcome is ${shown(said)}, but a roll of ${total} against an effective ` +
        `skill of ${effective} is a ${right}`];
    }
  }
  return [];
}

/** The numbers a GURPS ruleset's canonical data gives, or null (as gurps_preset). */
export function gurpsPresetFrom(data) {
  const keys = ["always_succeed_up_to", "always_fail_from", "critical_success_up_to",
    "critical_success_at", "critical_failure_from", "critical_failure_at", "critical_failure_margin"];
  if (!keys.every((key) => Object.hasOwn(data, key))) return null;
  const table = (pairs) => {
    if (!Array.isArray(pairs) || !pairs.every((p) => Array.isArray(p) && p.length === 2)) return null;
    return pairs.every(([k, v]) => isWhole(k) && isWhole(v)) ? Object.fromEntries(pairs) : null;
  };
  const made = keys.map((key, i) => (i === 3 || i === 5 ? table(data[key]) : data[key]));
  return made.every((v, i) => (i === 3 || i === 5 ? v !== null : isWhole(v))) ? made : null;
}
