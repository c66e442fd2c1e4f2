"""The ruleset each roll was judged by, from the export (issue 29 point 3, rulings V14;
``server/static/verify_rules.js`` is the same, with the same lines).

A game's ``ruleset`` events carry the canonical JSON of the rules the engine used, written
before the first roll that names a new fingerprint. A roll's ``ruleset_version`` must be
the fingerprint of the ruleset in force at its event (the first 16 hex digits of the
SHA-256 of that text): a ruleset edited in the file no longer hashes to what its rolls name.
Each system's module reads from it the numbers its outcomes need (``*_preset``); a file
without a ruleset event (an export from before it) falls back to the editions' own numbers,
by fingerprint, and re-computes nothing under any other."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from rollplay.table.dice.provable_checks import event_key, event_number
from rollplay.table.dice.provable_checks import said as _said
from rollplay.table.dice.provable_read import Fraction

__all__ = ["Rules", "fingerprint", "rules_in_force"]

Line = Mapping[str, Any]
Rules = Mapping[str, Any]  # a ruleset's canonical data, parsed


def fingerprint(text: str) -> str:
    """A ruleset's fingerprint: what a roll's ``ruleset_version`` names."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def rules_in_force(
    lines: Sequence[Line],
) -> tuple[dict[tuple[str, int], Rules], dict[tuple[str, int], str]]:
    """(game, event number) of each roll -> the ruleset in force at it, where the file gives
    one; and -> the line saying a roll names a ruleset other than the one in force."""
    current: dict[str, tuple[int, str, Rules | None]] = {}
    rules: dict[tuple[str, int], Rules] = {}
    out: dict[tuple[str, int], str] = {}
    for line in sorted(lines, key=event_number):
        game = _said(line.get("game"))
        if line.get("kind") == "ruleset":
            text = line.get("rules")
            if isinstance(text, str):
                current[game] = (event_number(line), fingerprint(text), _parsed(text))
            else:
                current[game] = (event_number(line), "", None)
            continue
        if line.get("kind") != "roll" or not isinstance(line.get("outcome"), Mapping):
            continue
        if game not in current:
            continue
        number, version, data = current[game]
        named = line.get("ruleset_version")
        if named != version:
            hashed = version or "nothing"
            out[event_key(line)] = (f"it names the ruleset {_said(named)}, but the ruleset in "
                                    f"force, #{number}'s, hashes to {hashed}")  # fmt: skip
        elif data is None:
            out[event_key(line)] = f"its ruleset, #{number}'s, is not a JSON object"
        else:
            rules[event_key(line)] = data
    return rules, out


def _parsed(text: str) -> Rules | None:
    from rollplay.table.dice.provable_read import _whole

    try:
        data = json.loads(text, parse_float=Fraction, parse_int=_whole,
                          parse_constant=_refused)  # fmt: skip
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _refused(text: str) -> Any:
    raise ValueError(text)
