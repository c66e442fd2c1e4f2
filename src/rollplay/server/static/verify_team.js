// An FS3 teamwork roll's assist modifier held to its assisters' rolls (issue 29):
// provable_team.py written again for verify_log.js, with the same lines. Keep the two in
// step (tests/verify_corpus).

import { eventKey, eventNumber } from "./verify_checks.js";
import { isObject, isWhole, shown } from "./verify_cards.js";
import { fs3Problems, preset } from "./verify_fs3.js";

const isFs3 = (line) => isObject(line.outcome) && line.outcome.system === "fs3";
const hasAssists = (o) => Array.isArray(o.assists) && o.assists.length > 0;

/** Event key of a teamwork command's leader -> the line saying its card's assist modifier is
 * not the one its assisters' levels earn (as teamwork_problems); rules: key -> ruleset. */
export function teamworkProblems(group, rules) {
  const leads = group.filter((line) => isFs3(line) && hasAssists(line.outcome));
  if (leads.length !== 1) return new Map();
  const [lead] = leads;
  const o = lead.outcome;
  const given = (line) => rules.get(eventKey(line)) ?? null;
  const rulesOf = preset(lead, given(lead));
  const helpers = [...group].sort((a, b) => eventNumber(a) - eventNumber(b))
    .filter((line) => line !== lead && isFs3(line) && (line.outcome.assisting ?? null) !== null);
  if (rulesOf === null || [lead, ...helpers].some((line) => fs3Problems(line, given(line)).length)) {
    return new Map(); // not judged, or its own lines say what is wrong
  }
  const said = (text) => new Map([[eventKey(lead), text]]);
  if (o.assists.length !== helpers.length) {
    return said(`its teamwork counts ${o.assists.length} assists, but its command logs ` +
      `${helpers.length} assisters`);
  }
  const levels = helpers.map((line) => line.outcome.level);
  const earned = levels.map((level) => {
    const found = rulesOf.assists.find(([title]) => title === level);
    return found === undefined ? null : found[1];
  });
  if (!earned.every(isWhole)) return new Map();
  const uncapped = earned.reduce((a, b) => a + b, 0);
  const modifier = Math.min(uncapped, rulesOf.assistCap);
  const because = `its assisters' levels (${levels.join(", ")}) earn`;
  for (const [field, right] of [["assist_uncapped", uncapped], ["assist_modifier", modifier]]) {
    if (!isWhole(o[field]) || o[field] !== right) {
      return said(`its ${field} is ${shown(o[field] ?? null)}, but ${because} ${right}`);
    }
  }
  const mods = Array.isArray(o.modifiers) ? o.modifiers : [];
  const teamwork = mods.filter((m) => isObject(m) && m.reason === "teamwork").map((m) => m.value ?? null);
  if (!(teamwork.length === 1 && isWhole(teamwork[0]) && teamwork[0] === modifier)) {
    return said(`its teamwork modifiers are ${shown(teamwork)}, but ${because} ` +
      `[${modifier}] (at most ${rulesOf.assistCap})`);
  }
  return new Map();
}
