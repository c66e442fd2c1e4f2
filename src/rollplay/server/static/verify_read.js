// Reading an exported log in the browser (issue 18, 29): its lines, strictly parsed, and
// what each line shows, for verify_log.js (split from it); provable_log.py and
// provable_read.py are the same in Python, with the same lines.

import { Fraction, Unsafe, parseStrict } from "./strict_json.js";
import { eventNumber } from "./verify_checks.js";

export class BadLog extends Error {}

/** The lines of a JSON Lines export, or BadLog naming the first bad line. */
export function readLog(text) {
  const out = [];
  text.split("\n").forEach((raw, i) => { // only \n, as provable_log: JSON may hold U+2028
    if (!raw.trim()) return;
    let line;
    try {
      line = parseStrict(raw); // not JSON.parse: it reads "nonce": 2.0 as 2 (strict_json.js)
    } catch (error) {
      if (error instanceof Unsafe) {
        throw new BadLog(`line ${i + 1} holds ${error.message}: not an exported log`);
      }
      throw new BadLog(
        `line ${i + 1} is not JSON: not an exported log (rollplay log --export jsonl)`,
      );
    }
    if (line === null || typeof line !== "object" || Array.isArray(line) || !isWhole(line.id)) {
      throw new BadLog(
        `line ${i + 1} is not a log entry (an object with an id): not an exported log ` +
          "(rollplay log --export jsonl)",
      );
    }
    out.push(line);
  });
  return out;
}

export function isWhole(value) {
  return typeof value === "number" && Number.isInteger(value);
}

export function isObject(value) {
  return !(value instanceof Fraction) && value !== null && typeof value === "object" && !Array.isArray(value);
}

function list(value) {
  return Array.isArray(value) ? [...value] : [];
}

function flat(tosses) {
  return tosses.flatMap((toss) => list(toss));
}

/** The faces a roll shows that its own command drew, in draw order (as provable_log). */
export function shownFaces(entry) {
  const dice = entry.dice;
  const outcome = isObject(entry.outcome) ? entry.outcome : {};
  let faces;
  if (isObject(dice)) {
    const tosses = list(dice.cp_dice);
    if (outcome.adds_to !== undefined && outcome.adds_to !== null) {
      let added = isObject(entry.spends) ? entry.spends.character_points : 0;
      added = isWhole(added) && added > 0 ? added : 0;
      return [added ? flat(tosses.slice(Math.max(0, tosses.length - added))) : []];
    }
    faces = [...list(dice.dice), ...list(dice.wild), ...flat(tosses)];
  } else {
    faces = list(dice);
  }
  if (isObject(outcome.discarded)) {
    const other = list(outcome.discarded.dice);
    return [[...faces, ...other], [...other, ...faces]];
  }
  return [faces];
}

function same(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function isPart(part) {
  return Array.isArray(part) && part.length === 2 && part.every(isWhole) && 0 <= part[0] &&
    part[0] <= part[1];
}

export function withoutPart(block) {
  const copy = { ...block };
  delete copy.part;
  return copy;
}

// JSON with sorted keys, as Python's json.dumps(sort_keys=True), to compare blocks.
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

// What a line is (an export older than verifiable dice names no kind: a roll).
export function kindOf(line) {
  return typeof line.kind === "string" && line.kind ? line.kind : "roll";
}

export function nameOf(line) {
  const kind = kindOf(line);
  if (kind !== "roll") return `#${eventNumber(line)} ${kind.replaceAll("_", " ")}`;
  const said = `#${eventNumber(line)} ${line.character || "a roll"}`;
  return line.expression ? `${said} \u00b7 ${line.expression}` : said;
}

// Every face of the draws, in order; null unless they are [[sides, [faces]], ...].
export function drawn(draws) {
  const good = (d) => Array.isArray(d) && d.length === 2 && Array.isArray(d[1]);
  return Array.isArray(draws) && draws.every(good) ? draws.flatMap(([, f]) => f) : null;
}

export function shownProblems(line, draws, part) {
  const faces = drawn(draws);
  if (faces === null) return []; // verifyDraws names a malformed draw
  const [start, end] = isPart(part) ? part : [0, faces.length];
  const mine = faces.slice(start, end);
  const shown = shownFaces(line);
  if (end > faces.length || !shown.some((f) => same(f, mine))) {
    return [`its dice ${said(shown[0])} are not its draws ${said(mine)} in order`];
  }
  return [];
}

// A value from the log in a message, as provable_log writes it: text as it is, the rest as
// JSON with Python's json.dumps spacing.
export function said(value) {
  return typeof value === "string" ? value : dumps(value ?? null); // absent: None, "null"
}

function dumps(value) {
  if (value instanceof Fraction) return value.text;
  if (Array.isArray(value)) return `[${value.map(dumps).join(", ")}]`;
  if (isObject(value)) {
    return `{${Object.keys(value).map((k) => `${JSON.stringify(k)}: ${dumps(value[k])}`).join(", ")}}`;
  }
  return JSON.stringify(value) ?? String(value);
}
