// One line of an export read as provable_log.read_log reads it (issue 29). JSON.parse turns
// "2.0" into 2, so a forged "nonce": 2.0 would pass here and fail in Python; this parser keeps
// a number written with a fraction or an exponent as a Fraction, which is never a whole
// number, and refuses a whole number past 2**53 - 1 (JSON.parse would round it). Strings go
// through JSON.parse itself, so their escapes read exactly as everywhere else. No dependencies.

export class Fraction {
  constructor(text) {
    this.text = text; // shown as written, as Python's provable_log.Fraction
  }
}

export class Unsafe extends Error {} // what read_log says as "line N holds ..."

const SPACE = /[ \t\n\r]*/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const WORDS = { true: true, false: false, null: null };

/** The value of one JSON text; SyntaxError if it is not JSON, Unsafe if a number is unsafe. */
export function parseStrict(text) {
  let at = 0;
  const skip = () => {
    SPACE.lastIndex = at;
    SPACE.exec(text);
    at = SPACE.lastIndex;
  };
  const fail = () => {
    throw new SyntaxError(`not JSON at ${at}`);
  };
  const take = (pattern) => {
    pattern.lastIndex = at;
    const found = pattern.exec(text);
    if (!found) fail();
    at = pattern.lastIndex;
    return found;
  };
  function value(depth) {
    if (depth > 1000) fail(); // Python's parser stops too (a RecursionError: not JSON)
    skip();
    const c = text[at];
    if (c === "{") {
      at += 1;
      const out = {};
      skip();
      if (text[at] === "}") {
        at += 1;
        return out;
      }
      for (;;) {
        skip();
        const key = JSON.parse(take(STRING)[0]);
        skip();
        if (text[at] !== ":") fail();
        at += 1;
        Object.defineProperty(out, key, {
          value: value(depth + 1), enumerable: true, writable: true, configurable: true,
        }); // "__proto__" is a key like any other, as in Python
        skip();
        if (text[at] === ",") at += 1;
        else if (text[at] === "}") return (at += 1), out;
        else fail();
      }
    }
    if (c === "[") {
      at += 1;
      const out = [];
      skip();
      if (text[at] === "]") return (at += 1), out;
      for (;;) {
        out.push(value(depth + 1));
        skip();
        if (text[at] === ",") at += 1;
        else if (text[at] === "]") return (at += 1), out;
        else fail();
      }
    }
    if (c === '"') return JSON.parse(take(STRING)[0]);
    for (const [word, meant] of Object.entries(WORDS)) {
      if (text.startsWith(word, at)) return (at += word.length), meant;
    }
    if (text.startsWith("NaN", at) || text.startsWith("Infinity", at) ||
        text.startsWith("-Infinity", at)) {
      throw new Unsafe(`${text.startsWith("-", at) ? "-Infinity" : text.startsWith("N", at) ? "NaN" : "Infinity"}, which JSON does not allow`);
    }
    const found = take(NUMBER);
    if (found[1] !== undefined || found[2] !== undefined) return new Fraction(found[0]);
    const whole = BigInt(found[0]);
    if (whole > 9007199254740991n || whole < -9007199254740991n) {
      throw new Unsafe(
        `the number ${found[0].slice(0, 20)}, past 2**53 - 1 (a browser cannot read it exactly)`,
      );
    }
    return Number(found[0]);
  }
  const out = value(0);
  skip();
  if (at !== text.length) fail();
  return out;
}
