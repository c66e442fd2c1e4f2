"""What a sheet change changed, field by field (issue 37): "Medicine 2 -> 3" on the card a
Storyteller reads, rather than every key a whole sheet typed again holds. Computed from the
sheets as their system's types (events/sheets.py), so each field's old and new values are
typed too (an FS3 background skill a ``Background``, wounds ``WoundRecord``s), and what
draws them never reads a system's stored keys."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from rollplay.table.answers import SHEETS
from rollplay.table.events.sheets import SheetDiff

MAX_DIFF = 200  # fields in one change's diff: past any sheet's (docs/limits.md)


def sheet_diff(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[SheetDiff, ...]:
    """Every field whose value differs, in the sheet's order (its type's fields, then what
    else it keeps): tables key by key (a table of tables, such as FS3's ``experience``, one
    level deeper), anything else (a rating, a text, a skill, a list) whole."""
    out: list[SheetDiff] = []
    _walk(_fields(SHEETS.validate_python(dict(before))),
          _fields(SHEETS.validate_python(dict(after))), (), out)  # fmt: skip
    return tuple(out[:MAX_DIFF])


def _fields(sheet: BaseModel) -> dict[str, Any]:
    """A typed sheet's fields by name, its declared ones first, then its ``extra``."""
    return {**{k: getattr(sheet, k) for k in type(sheet).model_fields},
            **(sheet.model_extra or {})}  # fmt: skip


def _walk(before: Mapping[str, Any], after: Mapping[str, Any], at: tuple[str, ...],
          out: list[SheetDiff]) -> None:  # fmt: skip
    for key in dict.fromkeys([*before, *after]):
        old, new = before.get(key), after.get(key)
        tables = [v for v in (old, new) if v is not None]
        if tables and all(isinstance(v, Mapping) for v in tables) and len(at) < 2:
            _walk(old or {}, new or {}, (*at, str(key)), out)  # a table new or gone: by key
        elif old != new:
            out.append(SheetDiff(path=(*at, str(key)), before=_held(old), after=_held(new)))


def _held(value: Any) -> Any:
    """A field's value as a change holds it: a list as a tuple; an empty table as none."""
    if isinstance(value, list):
        return tuple(value)
    return None if isinstance(value, Mapping) and not value else value
