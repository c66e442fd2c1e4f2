// Verifiable dice in the browser (issue 18): re-derive a roll's dice from its revealed server
// seed with WebCrypto, so a player can check the table without trusting the server that sent
// the page's data. The derivation is documented in src/rollplay/provable.py; this is the same
// algorithm written again, and its messages are the same lines verify_draws gives
// (tests/browser/test_verify_js.py holds the two to the same answers). Pure functions, no
// dependencies. crypto.subtle needs a secure context: https, or http on 127.0.0.1/localhost.

import { Fraction } from "./strict_json.js";

const MAX_NONCE = Number.MAX_SAFE_INTEGER; // 2**53 - 1: a JSON number stays exact up to it
const MAX_SIDES = 2 ** 32;
const CLIENT_SEED = /^[!-~]{1,64}$/;
const HEX_SEED = /^[0-9a-fA-F]{64}$/;
// When a roll does not check out, these explain it if they can (as provable._explain does).
const NONCE_WINDOW = 16;
const SIDES_TRIED = [2, 3, 4, 6, 8, 10, 12, 20, 100];
const ORDER_BUDGET = 1000;
const encoder = new TextEncoder();

class Refused extends Error {} // bad input: one line, as provable's DiceError

// A bad value quoted on one line, as provable._shown does it (Python's repr for what JSON
// holds: lists and objects spaced as Python prints them, None, True, False).
function shown(value) {
  const escape = (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
  const text =
    typeof value === "string" ? `'${value.replace(/[^ -~]/g, escape)}'` : repr(value);
  return text.length <= 70 ? text : text.slice(0, 69) + "\u2026";
}

function repr(value) {
  if (value instanceof Fraction) return value.text; // as written: "2.0" is not 2
  if (Array.isArray(value)) return `[${value.map(repr).join(", ")}]`;
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "string") return `'${value}'`;
  if (typeof value === "object") {
    return `{${Object.keys(value).map((k) => `'${k}': ${repr(value[k])}`).join(", ")}}`;
  }
  return JSON.stringify(value) ?? String(value);
}

function isWhole(value) {
  return typeof value === "number" && Number.isInteger(value);
}

function seedFromHex(text) {
  if (typeof text !== "string" || !HEX_SEED.test(text)) {
    throw new Refused(`a server seed is 64 hex digits (32 bytes), not ${shown(text)}`);
  }
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function checkClientSeed(text) {
  if (typeof text !== "string" || !CLIENT_SEED.test(text)) {
    throw new Refused(
      "a client seed is 1 to 64 printable ASCII characters without spaces (letters, " +
        `digits, punctuation), not ${shown(text)}`,
    );
  }
}

function checkNonce(nonce) {
  if (!isWhole(nonce) || nonce < 0 || nonce > MAX_NONCE) {
    throw new Refused(`a nonce is a whole number from 0 to ${MAX_NONCE}, not ${shown(nonce)}`);
  }
}

function loggedDraws(draws) {
  if (!Array.isArray(draws)) throw new Refused(`the draws must be a list, not ${shown(draws)}`);
  return draws.map((draw, i) => {
    const number = i + 1;
    if (!Array.isArray(draw) || draw.length !== 2) {
      throw new Refused(`draw ${number} must be [sides, [faces]], not ${shown(draw)}`);
    }
    const [sides, faces] = draw;
    if (!isWhole(sides) || sides < 1 || sides > MAX_SIDES) {
      throw new Refused(`draw ${number}: a die has 1 to ${MAX_SIDES} sides, not ${shown(sides)}`);
    }
    if (!Array.isArray(faces) || !faces.every(isWhole)) {
      throw new Refused(`draw ${number}: the faces must be whole numbers, not ${shown(faces)}`);
    }
    return [sides, faces];
  });
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

function hmacKey(seed) {
  return crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

// One roll's stream: block k = HMAC-SHA256(seed, "client:nonce:k"), read a byte at a time.
class Stream {
  constructor(key, clientSeed, nonce) {
    this.key = key;
    this.prefix = `${clientSeed}:${nonce}:`;
    this.k = 0;
    this.bytes = new Uint8Array(0);
    this.pos = 0;
  }

  async refill() {
    const message = encoder.encode(`${this.prefix}${this.k}`);
    this.k += 1;
    this.bytes = new Uint8Array(await crypto.subtle.sign("HMAC", this.key, message));
    this.pos = 0;
  }

  async next() {
    if (this.pos === this.bytes.length) await this.refill();
    return this.bytes[this.pos++];
  }

  // count faces of a die with sides sides: one byte each up to 255 sides, else four
  // (little-endian); values at or above the largest multiple of sides are skipped.
  async roll(sides, count) {
    const faces = [];
    const small = sides <= 255;
    const span = small ? 256 : MAX_SIDES;
    const limit = span - (span % sides);
    while (faces.length < count) {
      let value = await this.next();
      if (!small) {
        for (let i = 1; i < 4; i++) value += (await this.next()) * 2 ** (8 * i);
      }
      if (value < limit) faces.push((value % sides) + 1);
    }
    return faces;
  }
}

async function deriveWith(key, clientSeed, nonce, shape) {
  const stream = new Stream(key, clientSeed, nonce);
  const out = [];
  for (const [sides, count] of shape) out.push(await stream.roll(sides, count));
  return out;
}

function same(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function sameAll(a, b) {
  return a.length === b.length && a.every((x, i) => same(x, b[i]));
}

/** The commitment of a server seed given as 64 hex digits: its SHA-256 as lowercase hex;
 * with after ([commitment, nonces] of the seed before it in its chain), the SHA-256 of the
 * seed's bytes then ":COMMITMENT:NONCES" (as provable.commitment). */
export async function commitmentOf(seedHex, after = null) {
  return hashed(seedFromHex(seedHex), after);
}

async function hashed(seed, after) {
  if (after === null) return hex(await crypto.subtle.digest("SHA-256", seed));
  const tail = encoder.encode(`:${after[0]}:${after[1]}`);
  const message = new Uint8Array(seed.length + tail.length);
  message.set(seed);
  message.set(tail, seed.length);
  return hex(await crypto.subtle.digest("SHA-256", message));
}

/** A seed event's after ({commitment, nonces}) as commitmentOf takes it, or null (as
 * provable.chained). */
export function chained(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const { commitment, nonces } = value;
  if (typeof commitment === "string" && HEX_SEED.test(commitment) && isWhole(nonces)) {
    return [commitment.toLowerCase(), nonces];
  }
  return null;
}

/** The faces of each [sides, count] draw in shape, in order, as the roll got them. */
export async function derive(seedHex, clientSeed, nonce, shape) {
  const seed = seedFromHex(seedHex);
  checkClientSeed(clientSeed);
  checkNonce(nonce);
  for (const [sides, count] of shape) {
    if (!isWhole(sides) || sides < 1 || sides > MAX_SIDES || !isWhole(count) || count < 0) {
      throw new Refused(`cannot roll ${shown(count)} dice of ${shown(sides)} sides`);
    }
  }
  return deriveWith(await hmacKey(seed), clientSeed, nonce, shape);
}

/** What is wrong with a logged roll, one line each (as provable.verify_draws); an empty
 * list means it checks out. draws: [[sides, [faces...]], ...] as logged. */
export async function verifyDraws({ server_seed, commitment, client_seed, nonce, draws, after = null }) {
  let seed, logged;
  try {
    seed = seedFromHex(server_seed);
    checkClientSeed(client_seed);
    checkNonce(nonce);
    logged = loggedDraws(draws);
  } catch (error) {
    if (error instanceof Refused) return [error.message];
    throw error;
  }
  const problems = [];
  const got = await hashed(seed, after);
  if (typeof commitment !== "string" || got !== commitment.toLowerCase()) {
    problems.push(
      `the server seed does not match the commitment: it hashes to ${got}, ` +
        `but the commitment is ${shown(commitment)}`,
    );
  }
  const key = await hmacKey(seed);
  const shape = logged.map(([sides, faces]) => [sides, faces.length]);
  const derived = await deriveWith(key, client_seed, nonce, shape);
  logged.forEach(([sides, faces], i) => {
    const wrong = [];
    faces.forEach((face, j) => {
      if (face !== derived[i][j]) {
        wrong.push(`die ${j + 1} is ${face} in the log, the seed gives ${derived[i][j]}`);
      }
    });
    if (wrong.length) {
      problems.push(`draw ${i + 1} (${faces.length}d${sides}): ${wrong.join("; ")}`);
    }
  });
  const faces = logged.map(([, f]) => f);
  if (!sameAll(derived, faces)) {
    problems.push(...(await explain(key, client_seed, nonce, logged, derived)));
  }
  return problems;
}

// Name the tampering when one simple change accounts for every logged die: a draw's side
// count, the order of the draws, or the nonce; tried in the same order as provable._explain.
async function explain(key, clientSeed, nonce, logged, derived) {
  const faces = logged.map(([, f]) => f);
  const shape = logged.map(([sides, f]) => [sides, f.length]);
  const first = faces.findIndex((f, i) => !same(f, derived[i]));
  const sides = shape[first][0];
  const highest = faces[first].reduce((a, b) => Math.max(a, b), 1);
  const others = [...new Set([...SIDES_TRIED, ...shape.map(([s]) => s)])]
    .filter((s) => s !== sides)
    .sort((a, b) => a - b);
  for (const other of others) {
    if (other < highest) continue;
    const tried = shape.map((draw, i) => (i === first ? [other, draw[1]] : draw));
    if (sameAll(await deriveWith(key, clientSeed, nonce, tried), faces)) {
      return [
        `draw ${first + 1} is logged as a d${sides}, but its dice are what the seed ` +
          `gives a d${other}: its sides were changed`,
      ];
    }
  }
  const order = await reordering(key, clientSeed, nonce, logged);
  if (order !== null) {
    const listed = order.map((i) => i + 1).join(", ");
    return [`the draws are out of order: the seed gives them in the order ${listed}`];
  }
  for (let step = 1; step <= NONCE_WINDOW; step++) {
    for (const other of [nonce - step, nonce + step]) {
      if (other >= 0 && other <= MAX_NONCE &&
          sameAll(await deriveWith(key, clientSeed, other, shape), faces)) {
        return [`these dice are what nonce ${other} gives, not the logged nonce ${nonce}`];
      }
    }
  }
  return [];
}

// An order of the logged draws (0-based) that the stream gives, tried depth first.
async function reordering(key, clientSeed, nonce, logged) {
  if (logged.length < 2) return null;
  let budget = ORDER_BUDGET;
  async function extend(order) {
    if (order.length === logged.length) return order;
    const shape = order.map((i) => [logged[i][0], logged[i][1].length]);
    for (let j = 0; j < logged.length; j++) {
      if (order.includes(j) || budget === 0) continue;
      budget -= 1;
      const [sides, faces] = logged[j];
      const got = await deriveWith(key, clientSeed, nonce, [...shape, [sides, faces.length]]);
      if (same(got[got.length - 1], faces)) {
        const found = await extend([...order, j]);
        if (found !== null) return found;
      }
    }
    return null;
  }
  return extend([]);
}
