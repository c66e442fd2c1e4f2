"""Reading an exported log as strictly as the browser does (``server/static/strict_json.js``):
the first step of ``rollplay verify`` (provable_log.py), one line saying what is wrong."""

from __future__ import annotations

import json
from typing import Any

from rollplay.errors import RollplayError
from rollplay.table.dice.provable import MAX_NONCE

__all__ = ["BadLog", "Fraction", "read_log"]


class BadLog(RollplayError):
    """The input is not an exported log (one line saying where)."""


def read_log(text: str) -> list[dict[str, Any]]:
    """The lines of a JSON Lines export, or BadLog naming the first bad line. Strict, as
    verify_log.js reads it: a number written with a fraction or an exponent (``2.0``, ``1e3``)
    is never a whole number, so a whole-number field holding one is refused; a whole number
    past 2**53 - 1 (what a browser keeps exact) and NaN or Infinity refuse the file."""
    out = []
    for number, raw in enumerate(text.split("\n"), 1):  # only \n: a JSON string may hold U+2028
        if not raw.strip():
            continue
        try:
            line = json.loads(raw, parse_float=Fraction, parse_int=_whole,
                              parse_constant=_no_constant)  # fmt: skip
        except _Unsafe as exc:
            raise BadLog(f"line {number} holds {exc}: not an exported log") from None
        except ValueError:
            raise BadLog(f"line {number} is not JSON: not an exported log "
                         f"(rollplay log --export jsonl)") from None  # fmt: skip
        if not isinstance(line, dict) or type(line.get("id")) is not int:
            raise BadLog(f"line {number} is not a log entry (an object with an id): not an "
                         f"exported log (rollplay log --export jsonl)")  # fmt: skip
        out.append(line)
    return out


class Fraction(float):
    """A JSON number written with a fraction or an exponent: never a whole number, however
    it reads (``2.0``); shown as it was written, as verify_log.js shows it."""

    text: str

    def __new__(cls, text: str) -> Fraction:
        made = super().__new__(cls, text)
        made.text = text
        return made

    def __repr__(self) -> str:
        return self.text


class _Unsafe(ValueError):
    pass


def _whole(text: str) -> int:
    value = int(text)
    if abs(value) > MAX_NONCE:
        raise _Unsafe(f"the number {text[:20]}, past 2**53 - 1 (a browser cannot read it exactly)")
    return value


def _no_constant(text: str) -> Any:
    raise _Unsafe(f"{text}, which JSON does not allow")
