// What a whole log must hold besides each roll's own dice (issue 29): provable_checks.py
// written again for verify_log.js, with the same lines. Keep the two in step
// (tests/verify_corpus holds them to the same verdicts).

import { Fraction } from "./strict_json.js";

// Why a roll could not be proven, by its status, in the order the lines are written.
export const UNPROVEN = {
  awaiting: "awaiting a reveal (its seed is not revealed yet)",
  hidden: "hidden from you (its dice are not in your export)",
  typed: "typed-in dice (not drawn from a committed seed)",
  seeded: "seeded dice (not drawn from a committed seed)",
  secure: "OS-entropy dice (the game had verifiable dice off)",
  before: "rolled before verifiable dice",
  unseeded: "rolled before its roller's client seed was logged (a database from before " +
    "rulings V10)",
};
/** The statuses of a roll whose dice were judged against its seed (as provable_checks). */
export const JUDGED = ["verified", "mismatch", "awaiting", "unseeded"];

/** A line's event number: its id (the one place the verifier reads it). */
export function eventNumber(line) {
  return line.id;
}

/** Which event a line is, as a key: its game and its number there (each game's own). */
export function eventKey(line) {
  return `${said(line.game ?? null)}\u0000${eventNumber(line)}`;
}

/** Whether the log sets the line's roller a client seed before it (as seeded_before). */
export function seededBefore(line, seeds) {
  const roller = line.actor;
  if (typeof roller !== "string") return true;
  const history = seeds.get(`${said(line.game ?? null)}\u0000${roller}`) || [];
  return history.some(([at]) => at < eventNumber(line));
}

/** A value from the log in a message, as provable_checks._said writes it: text as it is,
 * the rest as JSON with Python's json.dumps spacing (verify_log.js says values the same). */
export function said(value) {
  return typeof value === "string" ? value : dumps(value ?? null);
}

function dumps(value) {
  if (value instanceof Fraction) return value.text;
  if (Array.isArray(value)) return `[${value.map(dumps).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value).map((k) => `${JSON.stringify(k)}: ${dumps(value[k])}`).join(", ")}}`;
  }
  return JSON.stringify(value) ?? String(value);
}

/** Per seed, the commands out of step with the events: event number -> the line saying so
 * (as provable_checks.nonce_order). commands: [{game, commitment, nonce, lines}]. */
export function nonceOrder(commands) {
  const firsts = new Map();
  for (const { game, commitment, nonce, lines } of commands) {
    const first = Math.min(...lines.map(eventNumber));
    const key = `${game}\u0000${commitment}`;
    if (!firsts.has(key)) firsts.set(key, { game, events: [] });
    firsts.get(key).events.push([first, nonce]);
  }
  const out = new Map();
  for (const { game, events } of firsts.values()) {
    events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const kept = rising(events.map(([, nonce]) => nonce));
    events.forEach(([number, nonce], at) => {
      if (!kept.has(at)) {
        out.set(`${game}\u0000${number}`, `its nonce ${nonce} is out of step with the events: under a seed, ` +
          "nonces rise with the events");
      }
    });
  }
  return out;
}

// The places of a longest strictly rising run in values (patience sorting, as _rising).
function rising(values) {
  const tails = [];
  const least = [];
  const before = [];
  values.forEach((value, at) => {
    let lo = 0;
    let hi = least.length;
    while (lo < hi) { // bisect_left
      const mid = (lo + hi) >> 1;
      if (least[mid] < value) lo = mid + 1;
      else hi = mid;
    }
    before.push(lo ? tails[lo - 1] : -1);
    if (lo === tails.length) {
      tails.push(at);
      least.push(value);
    } else {
      tails[lo] = at;
      least[lo] = value;
    }
  });
  const kept = new Set();
  let at = tails.length ? tails[tails.length - 1] : -1;
  while (at >= 0) {
    kept.add(at);
    at = before[at];
  }
  return kept;
}

/** A provable line's client seed against its roller's in force at its event, and the seed
 * its roller says they chose (as provable_checks.client_seed_problems). seeds: Map
 * "game\0user" -> [[event number, seed]] in order; chosen: {user: seed}. */
export function clientSeedProblems(line, seeds, chosen) {
  const block = line.provable;
  const roller = line.actor;
  const used = block !== null && typeof block === "object" && !Array.isArray(block)
    ? block.client_seed : undefined;
  if (typeof roller !== "string") {
    return ["it does not name its roller, whose client seed it must use"];
  }
  const number = eventNumber(line);
  const history = seeds.get(`${said(line.game ?? null)}\u0000${roller}`) || [];
  const before = history.filter(([at]) => at < number).map(([, seed]) => seed);
  if (!before.length) return [`its roller ${roller} has no client seed in the log before it`];
  const problems = [];
  if (before[before.length - 1] !== used) {
    problems.push(`its client seed is ${said(used ?? null)}, but its roller ${roller}'s was ` +
      said(before[before.length - 1]));
  }
  const mine = Object.hasOwn(chosen, roller) ? chosen[roller] : undefined;
  if (mine !== undefined) { // in each game where the log sets it (a seed is chosen per game)
    const set = history.find(([, seed]) => seed === mine);
    if (set !== undefined && set[0] < number && used !== mine) {
      problems.push(`${roller} chose the client seed ${mine} (#${set[0]}), but it used ` +
        said(used ?? null));
    }
  }
  return problems;
}

/** A client seed its roller says they chose that no game in the log ever sets for them (as
 * provable_checks.unset_choices). */
export function unsetChoices(seeds, chosen) {
  const out = [];
  for (const [roller, mine] of Object.entries(chosen)) {
    const set = [...seeds.entries()].some(([who, history]) =>
      who.split("\u0000")[1] === roller && history.some(([, seed]) => seed === mine));
    if (!set) out.push(`${roller} chose the client seed ${mine}, which the log never sets`);
  }
  return out;
}

/** One line per reason some rolls could not be proven, naming the first ten of them. */
export function unprovenLines(verdicts) {
  const out = [];
  for (const [status, why] of Object.entries(UNPROVEN)) {
    const numbers = verdicts.filter((v) => v.status === status).map((v) => v.id);
    if (numbers.length) {
      const listed = numbers.slice(0, 10).map((n) => `#${n}`).join(", ") +
        (numbers.length > 10 ? ", \u2026" : "");
      out.push(`${numbers.length} not proven, ${why}: ${listed}`);
    }
  }
  return out;
}

const DICE_KINDS = ["roll", "combat_turn", "heal_day"]; // the events that may draw from a seed

function listed(numbers) {
  return numbers.slice(0, 10).map((n) => `#${n}`).join(", ") + (numbers.length > 10 ? ", \u2026" : "");
}

/** Each game's event numbers must be 1, 2, 3, ... (as provable_checks.numbering): the lines
 * saying which are not, and the set of games that pass. */
export function numbering(lines) {
  const games = new Map();
  for (const line of lines) {
    const game = said(line.game ?? null);
    if (!games.has(game)) games.set(game, []);
    games.get(game).push(eventNumber(line));
  }
  const out = [];
  const whole = new Set();
  for (const [game, numbers] of games) {
    numbers.sort((a, b) => a - b);
    const twice = [...new Set(numbers.filter((n, i) => i > 0 && numbers[i - 1] === n))];
    const seen = new Set(numbers);
    const missing = [];
    for (let n = 1; n <= numbers[numbers.length - 1] && missing.length < 11; n++) {
      if (!seen.has(n)) missing.push(n);
    }
    if (twice.length) out.push(`event numbers ${listed(twice)} of ${game} are in the file twice`);
    if (missing.length) {
      out.push(`event numbers ${listed(missing)} of ${game} are not in the file (an ` +
        "export holds every event, as a placeholder if you may not see it)");
    }
    if (!twice.length && !missing.length) whole.add(game);
  }
  return [out, whole];
}

/** The "game\0chain" keys whose every roll this file does not show (as withheld). */
export function withheld(lines) {
  const out = new Set();
  for (const line of lines) {
    const game = said(line.game ?? null);
    if (line.kind === "placeholder" && DICE_KINDS.includes(line.of)) {
      out.add(`${game}\u0000public`);
      out.add(`${game}\u0000hidden`);
    } else if ((line.kind === "placeholder" && (line.of === null || line.of === undefined)) ||
               line.hidden === true) {
      out.add(`${game}\u0000hidden`);
    }
  }
  return out;
}

// A value to compare as provable_checks._json does: 2.0 (a Fraction) is not 2.
function json(value) {
  if (value instanceof Fraction) return `${value.text}f`;
  return JSON.stringify(value ?? null);
}

/** Each seed event's after must be a seed of its chain revealed in the log, with that count
 * (as provable_checks.links). commits, reveals: Maps "game\0commitment" -> line. */
export function links(commits, reveals) {
  const out = [];
  for (const [key, line] of [...commits, ...reveals]) {
    let link = line.after;
    if (link === undefined || link === null) continue;
    if (typeof link !== "object" || Array.isArray(link) || link instanceof Fraction) link = {};
    const game = key.split("\u0000")[0];
    const where = `#${eventNumber(line)} (${game}, the ${said(line.chain ?? null)} chain)`;
    const before = said(link.commitment ?? null);
    const reveal = reveals.get(`${game}\u0000${before}`);
    if (reveal === undefined || json(reveal.chain) !== json(line.chain)) {
      out.push(`${where} follows the seed ${before.slice(0, 16)}\u2026, which this log never ` +
        "reveals in that chain");
    } else if (json(reveal.nonces) !== json(link.nonces)) {
      out.push(`${where} follows a seed that served ${said(link.nonces ?? null)} nonces, but ` +
        `its reveal #${eventNumber(reveal)} says ${said(reveal.nonces ?? null)}`);
    }
  }
  return out;
}
