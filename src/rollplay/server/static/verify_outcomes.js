// What any command's entries keep, held in the browser as provable_outcomes.py holds them
// (issue 29): their draw order, and a contest's verdict by its system's rules; each system's
// card in its own module (verify_fs3.js, verify_gurps.js, verify_d6.js).

import { eventNumber, eventKey } from "./verify_checks.js";
import { isObject, isPart } from "./verify_cards.js";
import { d6ContestProblems } from "./verify_d6.js";
import { fs3ContestProblems } from "./verify_fs3.js";
import { teamworkProblems } from "./verify_team.js";

export { D6_PRESETS, d6AfterProblems, d6ContestProblems, d6Problems } from "./verify_d6.js";
export { FS3_PRESETS, fs3Judged, fs3Problems } from "./verify_fs3.js";
export { GURPS_PRESETS, gurpsProblems } from "./verify_gurps.js";

/** A contest's two entries must say what their sides make, and a teamwork roll its assist
 * modifier (as provable_outcomes.contest_problems); rules: event key -> the ruleset in force. */
export function contestProblems(group, rules) {
  if (group.some((line) => isObject(line.outcome) && line.outcome.system === "d6")) {
    return d6ContestProblems(group, rules);
  }
  return new Map([...teamworkProblems(group, rules), ...fs3ContestProblems(group, rules)]);
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
