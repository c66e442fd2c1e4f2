"""What a sheet change changed, field by field (issue 37): "Medicine 2 -> 3" on the card a
Storyteller reads, rather than every key a whole sheet typed again holds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.table.events.payloads import SheetDiff

MAX_DIFF = 200  # fields in one change's diff: past any sheet's (docs/limits.md)


def sheet_diff(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[SheetDiff, ...]:
    """Every field whose value differs, in the sheet's order (the old keys first): tables
    key by key, anything else (a number, a text, a list) whole."""
    out: list[SheetDiff] = []
    _walk(before, after, (), out)
    return tuple(out[:MAX_DIFF])


def _walk(before: Mapping[str, Any], after: Mapping[str, Any], at: tuple[str, ...],
          out: list[SheetDiff]) -> None:  # fmt: skip
    for key in dict.fromkeys([*before, *after]):
        old, new = before.get(key), after.get(key)
        if isinstance(old, Mapping) and isinstance(new, Mapping):
            _walk(old, new, (*at, str(key)), out)
        elif old != new:
            out.append(SheetDiff(path=(*at, str(key)), before=old, after=new))
