// The ruleset each roll was judged by, from the export (issue 29, rulings V14):
// provable_rules.py written again for verify_log.js, with the same lines. Keep the two in
// step (tests/verify_corpus).

import { parseStrict } from "./strict_json.js";
import { eventKey, eventNumber, said } from "./verify_checks.js";

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** A ruleset's fingerprint: the first 16 hex digits of the SHA-256 of its canonical JSON. */
export async function fingerprint(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

/** [event key -> the ruleset in force at each roll, where the file gives one; event key ->
 * the line saying a roll names a ruleset other than the one in force] (as rules_in_force). */
export async function rulesInForce(lines) {
  const current = new Map();
  const rules = new Map();
  const out = new Map();
  for (const line of [...lines].sort((a, b) => eventNumber(a) - eventNumber(b))) {
    const game = said(line.game ?? null);
    if (line.kind === "ruleset") {
      const text = line.rules;
      current.set(game, typeof text === "string"
        ? [eventNumber(line), await fingerprint(text), parsed(text)]
        : [eventNumber(line), "", null]);
      continue;
    }
    if (line.kind !== "roll" || !isObject(line.outcome) || !current.has(game)) continue;
    const [number, version, data] = current.get(game);
    const named = line.ruleset_version ?? null;
    if (named !== version) {
      out.set(eventKey(line), `it names the ruleset ${said(named)}, but the ruleset in ` +
        `force, #${number}'s, hashes to ${version || "nothing"}`);
    } else if (data === null) {
      out.set(eventKey(line), `its ruleset, #${number}'s, is not a JSON object`);
    } else {
      rules.set(eventKey(line), data);
    }
  }
  return [rules, out];
}

function parsed(text) {
  try {
    const data = parseStrict(text);
    return isObject(data) ? data : null;
  } catch {
    return null;
  }
}
