"""An AresMUSH character's FS3 sheet, read from what AresMUSH lets a player take out
(issue 38 §2; docs/moving.md): the ``sheet`` command's text as a MU client logs it, and the
web portal's character backup (``backup``: a .zip whose ``profile/sheet.txt`` is the same
sheet, drawn without colour), or that file alone.

The form is AresMUSH's ``plugins/fs3skills/templates/sheet.erb`` and ``sheet_template.rb``:
a header line, the character's name and approval status, then a section per kind of
ability (a line such as ``-----[ Attributes ]-----``, or the title alone for a screen
reader), two abilities to a row, each ``Name:`` in 14 columns (a longer name is *cut* there,
losing its colon), its rating as dots (``@@@``) in 8 and its rating's name in 16 (an action
skill's linked attribute after it, as ``(REF)``); a screen reader's rows are ``Name: 3 Good
:: ``. Then ``Specialties: Sniper (Firearms), ...``, and ``XP: 12   Luck Points: 3``.
Earlier forms are read too: before 2019 there were no dots, from 2021 to 2024 a screen
reader's row held the number where the dots are, and in April-May 2024 no number at all.

The rating's name says the number (AresMUSH's English locale; each kind has its own
words); the dots, where there are any, must agree. Nothing here knows a game's rules:
``aresmush/characters.py`` turns a parsed sheet into a rollplay sheet and a report."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from typing import Literal

from rollplay.aresmush.config import DAMAGED
from rollplay.aresmush.learning import Learned
from rollplay.aresmush.sheet_rows import (
    TITLES,
    WORDS,
    Kind,
    Rated,
    SheetFileError,
    row,
    title,
)
from rollplay.aresmush.sheet_rows import specialties as read_specialties

__all__ = ["WORDS", "AresSheet", "Kind", "Rated", "SheetFileError", "parse", "read_bytes"]

MAX_TEXT_BYTES = 200_000  # a sheet's text (a big one is about 3 KB)
MAX_FILE_BYTES = 20_000_000  # a backup .zip (its scenes and uploads come with it)
BACKUP_SHEET = "profile/sheet.txt"  # where AresMUSH's WikiCharExporter writes the sheet

Form = Literal["sheet", "screen reader", "backup"]

STATUSES = ("Not Yet Approved", "Approved", "NPC", "On Roster", "Idled Out")


@dataclass(frozen=True)
class AresSheet:
    """What a sheet says, in its order. ``specialties``: (skill, specialty) pairs, the
    skill named whole (the specialties line does not cut names)."""

    name: str
    status: str
    form: Form
    attributes: tuple[Rated, ...] = ()
    action: tuple[Rated, ...] = ()
    specialties: tuple[tuple[str, str], ...] = ()
    background: tuple[Rated, ...] = ()
    languages: tuple[Rated, ...] = ()
    advantages: tuple[Rated, ...] = ()
    xp: int = 0
    luck: int = 0
    sections: tuple[Kind, ...] = field(default=())
    learned: tuple[Learned, ...] = ()  # the xp page's rows, when it came with the sheet

    def of(self, kind: Kind) -> tuple[Rated, ...]:
        out: tuple[Rated, ...] = getattr(self, kind)
        return out


ACCEPTED = (
    "the text of AresMUSH's sheet command, or a character backup's profile/sheet.txt or its .zip"
)


def read_bytes(body: bytes, label: str) -> AresSheet:
    """A sheet from a file's bytes: a backup .zip or the text (see the module's note)."""
    if len(body) > MAX_FILE_BYTES:
        raise SheetFileError(f"{label}: larger than {MAX_FILE_BYTES:,} bytes")
    form: Form | None = None
    if body[:4] == b"PK\x03\x04":
        body, form = _from_backup(body, label), "backup"
    if len(body) > MAX_TEXT_BYTES:
        raise SheetFileError(f"{label}: a sheet's text is at most {MAX_TEXT_BYTES:,} bytes")
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SheetFileError(f"{label}: not UTF-8 text; give {ACCEPTED}") from None
    return parse(text, label, form)


def _from_backup(body: bytes, label: str) -> bytes:
    try:
        archive = zipfile.ZipFile(io.BytesIO(body))
    except DAMAGED:
        raise SheetFileError(f"{label}: not a .zip file") from None
    with archive:
        names = [i for i in archive.infolist() if i.filename.endswith(BACKUP_SHEET)]
        if not names:
            raise SheetFileError(
                f"{label}: a .zip with no {BACKUP_SHEET} (an AresMUSH character backup "
                f"holds one when the game uses FS3)"
            )
        try:
            with archive.open(names[0]) as handle:  # read no more than a sheet may be
                return handle.read(MAX_TEXT_BYTES + 1)
        except DAMAGED as exc:  # damaged, encrypted, or packed in a way Python lacks
            raise SheetFileError(f"{label}: its {BACKUP_SHEET} cannot be unpacked "
                                 f"({type(exc).__name__})") from None  # fmt: skip


_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_MUSH = re.compile(r"%x[a-z0-9!]", re.IGNORECASE)  # a raw colour code left in by a client
_SECTION = re.compile(r"^[^\w]*?\s*(" + "|".join(TITLES) + r")\s*[^\w]*$")
_XP = re.compile(r"^XP:\s*(-?\d+)\s+Luck Points:\s*(-?\d+)\s*$")
_SPECIALTIES = re.compile(r"^Specialties:\s*(.*)$")


def clean(text: str) -> list[str]:
    """The text's lines, colour codes (ANSI, or MUSH codes a client left) taken out."""
    text = _MUSH.sub("", _ANSI.sub("", text)).replace("\r\n", "\n").replace("\r", "\n")
    return [line.rstrip() for line in text.split("\n")]


def parse(text: str, label: str, form: Form | None = None) -> AresSheet:
    """A sheet's text (see the module's note); a text that is not one is one line saying
    what it is not."""
    from rollplay.aresmush import learning

    lines, learned, learner = learning.split(clean(text), label)
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")):
        raise SheetFileError(f"{label}: a JSON file (another system's character?), not {ACCEPTED}")
    if m := re.search(r"^system:\s*(fs3|gurps|d6)\s*$", text, re.MULTILINE | re.IGNORECASE):
        raise SheetFileError(f"{label}: a rollplay sheet file ({m.group(1).lower()}), not an "
                             f"AresMUSH sheet: add it with `rollplay char import`")  # fmt: skip
    sections = [i for i, line in enumerate(lines) if _SECTION.match(line)]
    titles = [TITLES[m.group(1)] for i in sections if (m := _SECTION.match(lines[i]))]
    if "attributes" not in titles:
        raise SheetFileError(
            f"{label}: not an AresMUSH FS3 sheet (no Attributes section); give {ACCEPTED}"
        )
    if len(set(titles)) != len(titles):
        raise SheetFileError(f"{label}: two {title(_dupe(titles))} sections; give one sheet")
    name, status = _name(lines[: sections[0]], label)
    if learner is not None and learner.casefold() != name.casefold():
        raise SheetFileError(f"{label}: the xp page is {learner}'s and the sheet {name}'s")
    spoken = any("::" in line for line in lines)
    found: dict[Kind, list[Rated]] = {}
    specialties: list[tuple[str, str]] = []
    xp_luck: tuple[int, int] | None = None
    bounds = [*sections, len(lines)]
    for at, kind in enumerate(titles):
        rows: list[Rated] = []
        for number in range(bounds[at] + 1, bounds[at + 1]):
            line = lines[number]
            where = f"{label} line {number + 1}"
            if not line.strip() or not re.search(r"\w", line):
                continue
            if m := _XP.match(line.strip()):
                xp_luck = (int(m.group(1)), int(m.group(2)))
                continue
            if m := _SPECIALTIES.match(line.strip()):
                if kind != "action":
                    raise SheetFileError(f"{where}: specialties outside the Action Skills")
                specialties.extend(read_specialties(m.group(1), where))
                continue
            if xp_luck is not None:  # the footer, or what a client logged after the sheet
                continue
            rows.extend(row(line, kind, spoken, where))
        found[kind] = [_whole(r, learned) for r in rows]
    if xp_luck is None:
        raise SheetFileError(f"{label}: no 'XP: N  Luck Points: N' line; is the sheet whole?")
    xp, luck = xp_luck
    if xp < 0 or luck < 0:
        raise SheetFileError(f"{label}: XP and luck are never negative on a sheet")
    for kind, rows in found.items():
        seen = [r.name.casefold() for r in rows]
        if len(set(seen)) != len(seen):
            twice = next(r.name for r in rows if seen.count(r.name.casefold()) > 1)
            raise SheetFileError(f"{label}: {twice} is listed twice under {title(kind)}")
    return AresSheet(
        name=name, status=status, form=form or ("screen reader" if spoken else "sheet"),
        attributes=tuple(found.get("attributes", ())), action=tuple(found.get("action", ())),
        specialties=tuple(specialties), background=tuple(found.get("background", ())),
        languages=tuple(found.get("languages", ())),
        advantages=tuple(found.get("advantages", ())), xp=xp, luck=luck,
        sections=tuple(titles), learned=learned,
    )  # fmt: skip


def _whole(r: Rated, learned: tuple[Learned, ...]) -> Rated:
    """A name the sheet cut, made whole by the xp page's row for it (its 20 columns), when
    just one row's name begins so."""
    if not r.cut:
        return r
    begins = [x for x in learned if x.name.casefold().startswith(r.name.casefold())]
    if len(begins) != 1:
        return r
    return Rated(begins[0].name, r.rating, begins[0].cut, r.linked)


def _dupe(titles: list[Kind]) -> Kind:
    return next(t for t in titles if titles.count(t) > 1)


def _name(head: list[str], label: str) -> tuple[str, str]:
    """The name and status line: the first line before the sections with words in it (the
    header above it is a line of the skin's pattern)."""
    for line in head:
        text = line.strip()
        if not re.search(r"[A-Za-z0-9]", text):
            continue
        for status in STATUSES:
            at = text.find(status)
            if at > 0 and text[:at].strip():
                return text[:at].strip(), text[at:].strip()
        return text, ""
    raise SheetFileError(f"{label}: no character's name above the Attributes")
