"""AresMUSH's ``xp`` page, when a player saved it with the sheet (issue 38 §2: "XP and its
history if given"; rulings A49): the XP each ability has had spent on it toward its next
level. AresMUSH learns an ability a point of XP at a time (``learn``) until the level's cost
is met; rollplay raises a level whole (002 Experience), so what was spent toward a level not
yet reached comes back as XP to spend.

The page is ``plugins/fs3skills/templates/xp.erb``: a header, ``Learning Progress - Name``,
a title row, then a row per ability, ``left(name, 20)``, a ten-character bar of ``@`` and
``.``, ``(xp/needed)`` or ``(---)`` (it cannot be raised further with XP), and the days until
it may be learned again; then ``XP: N``. Its names are cut at 20 columns, not the sheet's 14,
so it gives back the whole of a name the sheet cut (``Starship Engineering``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rollplay.aresmush.sheet_rows import SheetFileError

NAME_WIDTH = 20
_TITLE = re.compile(r"^\s*Learning Progress - (.+?)\s*$")
_ROW = re.compile(
    r"^(?P<name>\w[\w ]{0,19}?)\s+(?P<bar>[@.]{10})\s+\((?:(?P<xp>\d+)/(?P<need>\d+)|---)\)"
    r"\s*(?:Now|\d+ days)?\s*$"
)
_XP = re.compile(r"^\s*XP:\s*\d+\s*$")
_HEAD = re.compile(r"^\s*Ability\s+Progress\s+Learn Again In\s*$")
_ADVANTAGES = "You can't raise advantages directly with XP."


@dataclass(frozen=True)
class Learned:
    """One ability's row: XP spent toward its next level (None: it cannot be raised
    further, so the page shows none), and whether its name filled the 20 columns."""

    name: str
    xp: int | None
    needed: int | None
    cut: bool


def split(lines: list[str], label: str) -> tuple[list[str], tuple[Learned, ...], str | None]:
    """The lines without the ``xp`` page (left blank, so line numbers hold), its rows,
    and the name it is for (None when there is no page)."""
    start = next((i for i, line in enumerate(lines) if _TITLE.match(line)), None)
    if start is None:
        return lines, (), None
    title = _TITLE.match(lines[start])
    assert title is not None
    rows: list[Learned] = []
    out = list(lines)
    end = start
    for end in range(start, len(lines)):
        line = lines[end]
        out[end] = ""
        if end == start or not line.strip() or _HEAD.match(line) or _ADVANTAGES in line:
            continue
        if _XP.match(line):
            break
        m = _ROW.match(line)
        if m is None:
            if not re.search(r"\w", line):  # the page's footer line
                continue
            raise SheetFileError(
                f"{label} line {end + 1}: cannot read {line.strip()[:60]!r} as a row of the xp "
                f"page ('Name  @@@.......  (3/6)  Now')"
            )
        xp, need = m.group("xp"), m.group("need")
        cut = len(line) > NAME_WIDTH and line[NAME_WIDTH - 1] != " "
        rows.append(Learned(" ".join(m.group("name").split()), None if xp is None else int(xp),
                            None if need is None else int(need), cut))  # fmt: skip
    return out, tuple(rows), title.group(1)
