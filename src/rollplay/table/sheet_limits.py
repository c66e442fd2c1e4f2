"""The size of a sheet the table stores (docs/limits.md, "Sheets"), checked on every write:
a new character, an imported game, a sheet change (the API's PATCH, `char set`, the web's
`sheet/set`) and a raise with XP all go through ``stored_sheet``.

Each system's reader bounds its own lists (FS3's background skills, GURPS's and D6's
skills); these bounds hold for any sheet and for the changes to one, so that no number of
small changes grows a sheet, or the log of its changes, without end. One walk, linear in
the sheet; the first limit passed is named in one line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rollplay.errors import RollplayError

MAX_SHEET_CHARS = 200_000  # the whole sheet written as JSON
MAX_ENTRIES = 2_000  # in any one table or list of a sheet (GURPS's and D6's skills)
MAX_DEPTH = 6  # tables and lists within one another
MAX_KEY = 100  # characters in a key: an ability's, a skill's, a specialty's name
MAX_TEXT = 10_000  # characters in any text value (a system may allow less: FS3 concept 2,000)


class SheetLimitError(RollplayError):
    """A sheet, or a change to one, past one of the table's limits."""


def check_sheet(data: Any, what: str = "the sheet") -> None:
    """Refuse ``data`` past the limits, naming the first one passed and where."""
    _walk(data, what, "", 0)
    size = len(json.dumps(data, ensure_ascii=False, default=str))
    if size > MAX_SHEET_CHARS:
        raise SheetLimitError(
            f"{what} is {size:,} characters long written as JSON; a sheet holds at most "
            f"{MAX_SHEET_CHARS:,} (docs/limits.md)"
        )


def stored_sheet(game_system: str, data: Mapping[str, Any], rules: Any) -> dict[str, Any]:
    """A sheet as the table stores it: within the limits, then checked by its system."""
    from rollplay.table.systems import system

    check_sheet(data)
    return system(game_system).sheet(data, rules, "sheet")


def _walk(value: Any, what: str, path: str, depth: int) -> None:
    where = f"{what} at {path!r}" if path else what
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise SheetLimitError(
                f"{where} is {len(value):,} characters long; a text in a sheet is at most "
                f"{MAX_TEXT:,} (docs/limits.md)"
            )
        return
    if not isinstance(value, Mapping | list | tuple):
        return
    if depth >= MAX_DEPTH:
        raise SheetLimitError(
            f"{where} nests tables or lists more than {MAX_DEPTH} deep (docs/limits.md)"
        )
    if len(value) > MAX_ENTRIES:
        raise SheetLimitError(
            f"{where} has {len(value):,} entries; a table or list in a sheet holds at most "
            f"{MAX_ENTRIES:,} (docs/limits.md)"
        )
    if isinstance(value, Mapping):
        for key, item in value.items():
            name = str(key)
            if len(name) > MAX_KEY:
                raise SheetLimitError(
                    f"{where} has a name {len(name):,} characters long ({name[:40]!r}...); a "
                    f"name in a sheet is at most {MAX_KEY} (docs/limits.md)"
                )
            _walk(item, what, f"{path}.{name}" if path else name, depth + 1)
    else:
        for i, item in enumerate(value):
            _walk(item, what, f"{path}[{i}]", depth + 1)
