"""Options after a slash, MUSH-style: ``Bo/called=Head,burst``, ``Search/cp=1,prepare=1``.

An option list is items separated by commas; an item is ``KEY=VALUE`` or a bare ``FLAG``.
Keys are found without regard to case and from any beginning only one key has
(``diff=hard`` is ``difficulty=hard``); a value with a fixed set of choices is found the same
way. Values cannot hold a comma (it separates options).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from rollplay.grammar.errors import GrammarError, ambiguous, clip, matches, pick, unknown
from rollplay.grammar.words import number

Kind = Literal["flag", "value", "many", "number", "flag-or-number", "flag-or-many"]


@dataclass(frozen=True)
class Spec:
    """One option: its ``key`` in a line, the command ``field`` it fills, its kind (a flag,
    one value, a value given as often as wanted, a whole number, a flag or a number) and
    the ``choices`` a value is one of, when it is."""

    key: str
    field: str
    kind: Kind = "value"
    choices: tuple[str, ...] = ()
    low: int = 0


def items(text: str) -> list[tuple[str, str | None]]:
    """'called=Head, burst' -> [('called', 'Head'), ('burst', None)]."""
    found: list[tuple[str, str | None]] = []
    for raw in text.split(","):
        item = raw.strip()
        key, sep, value = item.partition("=")
        if not key.strip():
            raise GrammarError(
                f"an empty option in {clip(text)!r}: write KEY=VALUE or FLAG, separated by commas",
                text,
            )
        found.append((" ".join(key.split()), value.strip() if sep else None))
    return found


def looks_like_options(text: str, flags: Iterable[str]) -> bool:
    """Whether a slash-separated part is an option list rather than a name or an ability:
    every item has a value or is a flag's exact key. (An ability's name never holds '=', and
    a flag's name is never read as an ability's.)"""
    known = {f.casefold() for f in flags}
    parts = [p.strip() for p in text.split(",")]
    return all(("=" in p and p.partition("=")[0].strip()) or p.casefold() in known for p in parts)


def read(
    text: str,
    specs: Sequence[Spec],
    what: str,
    stray: Callable[[str], GrammarError | None] | None = None,
) -> dict[str, Any]:
    """An option list as the fields it sets: a flag True, a value its text (or its choice),
    a repeated option a tuple, a number an int, a flag-or-number "default" or its digits.
    ``stray`` names the error for a key the command does not take but another does."""
    keys = [s.key for s in specs]
    by_key = {s.key: s for s in specs}
    out: dict[str, Any] = {}
    for key, value in items(text):
        found = matches(key, keys)
        if len(found) > 1:
            raise ambiguous(f"{what} option", key, found)
        if not found:
            error = stray(key) if stray else None
            raise error or unknown(f"{what} option", key, keys)
        spec = by_key[found[0]]
        _one(spec, value, out)
    return out


def _one(spec: Spec, value: str | None, out: dict[str, Any]) -> None:
    if spec.field in out and spec.kind not in ("many", "flag-or-many"):
        raise GrammarError(f"{spec.key} is given twice; once is accepted", spec.key)
    if spec.kind == "flag":
        if value is not None:
            raise GrammarError(f"{spec.key} takes no value: write {spec.key} alone", spec.key)
        out[spec.field] = True
        return
    if spec.kind == "flag-or-number":
        out[spec.field] = "default" if value is None else str(number(value, spec.key))
        return
    if spec.kind == "flag-or-many" and value is None:  # burst: on; burst=Lee: and at Lee
        out.setdefault(spec.field, ())
        return
    if value is None or not value:
        raise GrammarError(f"{spec.key} needs a value: {spec.key}=...", spec.key)
    if spec.kind == "number":
        out[spec.field] = number(value, spec.key, low=spec.low)
        return
    if spec.choices:
        value = pick(value, spec.choices, spec.key)
    if spec.kind in ("many", "flag-or-many"):
        out[spec.field] = (*out.get(spec.field, ()), value)
    else:
        out[spec.field] = value
