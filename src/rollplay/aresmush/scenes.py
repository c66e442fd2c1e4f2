"""An AresMUSH scene log, read (issue 38, "Scene logs"): the text the web portal's scene
download saves (plugins/scenes/web/download_scene_handler.rb), read back into its parts.

The download is a header, then the log:

    TITLE                       (left out when the scene has none)
    Date: ICDATE
    Summary: SUMMARY            (each of these three only when set)
    Location: LOCATION
    Plot: PLOT TITLE
    Participants: Nikos, Pia

then the scene's log (a shared scene's stored log, built by helpers/logging.rb): each pose
followed by a blank line; a set pose between two rules (``<`` and 39 dashes); a run of
``<System>`` poses opened by ``<System>`` and a rule, closed by a rule; a pose divider (two
rules on one line) where the game turns them on; ``<`` and ``>`` inside a pose written as
``&lt;`` and ``&gt;``. A download of a scene not shared writes ``<OOC> ...`` and
``<System> ...`` lines, one per pose, and (AresMUSH resets its text there) no header: this
reader takes those lines too, after a header (rulings A51).

Nothing here knows a game: ``read`` gives the parts, ``speaker`` says whose a pose is by
the MUSH convention (it begins with its character's name), and the table service makes
the scene (table/play/scene_import.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from rollplay.errors import RollplayError
from rollplay.table.limits import MAX_SUMMARY, MAX_TITLE

MAX_LOG_BYTES = 4_000_000  # one log file (a long scene of a few hundred poses is ~300 KB)
MAX_ENTRIES = 10_000  # entries one log may hold
MAX_ENTRY = 32_000  # characters in one entry (AresMUSH sets no limit on a pose)
MAX_PARTICIPANTS = 200
RULE = "<" + "-" * 39  # the download's rule (its ``line``)
_RULES = (RULE,)
_SYSTEM_BLOCK = (f"<System> {RULE}",)
_DIVIDERS = (RULE + RULE,)
_KEYS = ("Summary", "Location", "Plot")
# Control characters but line breaks and tabs, bidi controls (which reorder how text shows:
# refused in every pose, rulings S4) and lone surrogates (no database stores them).
_CONTROL = re.compile(
    r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
    r"\ud800-\udfff]"
)

EntryKind = Literal["pose", "set", "ooc", "system"]


class LogError(RollplayError):
    """A file that is not an AresMUSH scene log, or one that breaks its form."""


@dataclass(frozen=True)
class Entry:
    """One entry of the log, in order: a pose (or emit: whose it is, ``speaker`` says), a
    set pose, an OOC line or a system line, its text as written (line breaks kept)."""

    kind: EntryKind
    text: str


@dataclass(frozen=True)
class SceneLog:
    """A scene log's parts: its header and its entries in order."""

    title: str
    date: str
    summary: str
    location: str
    plots: tuple[str, ...]
    participants: tuple[str, ...]
    entries: tuple[Entry, ...]


def decode(data: bytes, name: str = "the log") -> str:
    """A file's bytes as text (UTF-8, a BOM dropped), or one line saying why not."""
    if not data.strip():
        raise LogError(f"{name} is empty: an AresMUSH scene log (the portal's Download) "
                       "begins with the scene's title and a Date: line")  # fmt: skip
    if len(data) > MAX_LOG_BYTES:
        raise LogError(f"{name} is {len(data):,} bytes: a scene log may be at most "
                       f"{MAX_LOG_BYTES:,}")  # fmt: skip
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LogError(f"{name} is not UTF-8 text (byte {exc.start}): an AresMUSH scene "
                       "log is the text its portal's Download saves") from None  # fmt: skip


def read(text: str, name: str = "the log") -> SceneLog:
    """A scene log's parts, or one line naming what is wrong (and where) and what a log
    holds."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_LOG_BYTES:
        raise LogError(f"{name} is over {MAX_LOG_BYTES:,} bytes: too large for a scene log")
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    lines = [line.rstrip() for line in text.split("\n")]
    for number, line in enumerate(lines, 1):
        bad = _CONTROL.search(line)
        if bad:
            raise LogError(f"{name}, line {number}: control character "
                           f"U+{ord(bad.group()):04X}: a scene log is text")  # fmt: skip
    at = 0
    while at < len(lines) and not lines[at].strip():
        at += 1
    if at == len(lines):
        raise LogError(f"{name} is empty: an AresMUSH scene log (the portal's Download) "
                       "begins with the scene's title and a Date: line")  # fmt: skip
    head, at = _header(lines, at, name)
    entries = _body(lines, at, name)
    if not entries:
        raise LogError(f"{name} holds no poses after its header: nothing to import")
    if len(entries) > MAX_ENTRIES:
        raise LogError(f"{name} holds {len(entries):,} entries: at most {MAX_ENTRIES:,}")
    return SceneLog(head.title, head.date, head.summary, head.location, head.plots,
                    head.participants, tuple(entries))  # fmt: skip


def _header(lines: list[str], at: int, name: str) -> tuple[SceneLog, int]:
    """The header's fields and the line after it (after Participants:)."""
    title = ""
    if not lines[at].startswith("Date:"):
        title = lines[at].strip()
        at += 1
    if at >= len(lines) or not lines[at].startswith("Date:"):
        raise LogError(f"{name}, line {at + 1}: not an AresMUSH scene log: its header is the "
                       "title, then 'Date: ...', then Summary:, Location:, Plot: (each if "
                       "set) and 'Participants: ...' (a scene not yet shared downloads "
                       "without it: share it, then download it again)")  # fmt: skip
    fields: dict[str, list[str]] = {"Date": [lines[at][5:].strip()]}
    plots: list[str] = []
    last = "Date"
    at += 1
    while True:
        if at >= len(lines):
            raise LogError(f"{name}: no 'Participants: ...' line after its Date: line: an "
                           "AresMUSH scene log's header ends with it")  # fmt: skip
        line = lines[at]
        key, colon, value = line.partition(":")
        if colon and key == "Participants":
            people = [p.strip() for p in value.split(",") if p.strip()]
            if len(people) > MAX_PARTICIPANTS:
                raise LogError(f"{name}, line {at + 1}: {len(people)} participants: at most "
                               f"{MAX_PARTICIPANTS}")  # fmt: skip
            break
        if colon and key in _KEYS:
            if key == "Plot":
                plots.append(value.strip())
            else:
                fields[key] = [value.strip()]
            last = key
        elif last == "Plot":  # a plot's title is one line: anything else breaks the header
            raise LogError(f"{name}, line {at + 1}: {line[:40]!r} in the header: after Plot: "
                           "comes Participants:")  # fmt: skip
        else:  # a summary (or date) written over several lines (%r in AresMUSH)
            fields[last].append(line)
        at += 1
    if len(_one_line(title)) > MAX_TITLE:
        raise LogError(f"{name}, line 1: a title of {len(_one_line(title))} characters: at "
                       f"most {MAX_TITLE}")  # fmt: skip
    head = SceneLog(
        title=title,
        date="\n".join(fields["Date"]).strip(),
        summary="\n".join(fields.get("Summary", [])).strip(),
        location="\n".join(fields.get("Location", [])).strip(),
        plots=tuple(plots),
        participants=tuple(people),
        entries=(),
    )
    for what, text, most in (("location", head.location, MAX_TITLE),
                             ("summary", head.summary, MAX_SUMMARY)):  # fmt: skip
        if len(_one_line(text)) > most:  # the scene's own limits, said before anything is made
            raise LogError(f"{name}: a {what} of {len(_one_line(text)):,} characters: at most "
                           f"{most:,}")  # fmt: skip
    return head, at + 1


def _one_line(text: str) -> str:
    """A header's field as the scene keeps it: on one line (table/play/scene_text.one_line)."""
    return " ".join(text.split())


def _body(lines: list[str], at: int, name: str) -> list[Entry]:
    """The log's entries: paragraphs (split at blank lines), a set pose's block whole, each
    of a system block's paragraphs a system line."""
    out: list[Entry] = []
    para: list[str] = []
    block: EntryKind | None = None  # "set" or "system" while inside one
    opened = 0
    set_text: list[str] = []

    def end() -> None:
        if not para:
            return
        text = "\n".join(para)
        para.clear()
        if block == "set":
            set_text.append(text)
        elif block == "system":
            out.append(_entry("system", text, name))
        elif text.startswith("<OOC> "):  # a shared log escapes "<": these are real marks
            out.append(_entry("ooc", text.split(" ", 1)[1], name))
        elif text.startswith("<System> "):
            out.append(_entry("system", text.split(" ", 1)[1], name))
        else:
            out.append(_entry("pose", text, name))

    for number in range(at, len(lines)):
        line = lines[number]
        if not line.strip() or line in _DIVIDERS:
            end()
        elif line in _SYSTEM_BLOCK:
            end()
            if block is not None:
                raise LogError(f"{name}, line {number + 1}: a <System> block opens inside "
                               f"the {block} block opened at line {opened}")  # fmt: skip
            block, opened = "system", number + 1
        elif line in _RULES:
            end()
            if block is None:
                block, opened = "set", number + 1
            else:
                if block == "set" and set_text:  # a set pose left empty is nothing
                    out.append(_entry("set", "\n\n".join(set_text), name))
                    set_text.clear()
                block = None
        else:
            para.append(line.strip())
    end()
    if block is not None:
        what = "set pose" if block == "set" else "<System>"
        raise LogError(f"{name}, line {opened}: the {what} block opened there is never closed "
                       f"(a line of {RULE!r} closes it)")  # fmt: skip
    return out


def _entry(kind: EntryKind, text: str, name: str) -> Entry:
    text = text.replace("&lt;", "<").replace("&gt;", ">").strip()
    if len(text) > MAX_ENTRY:
        raise LogError(f"{name}: an entry of {len(text):,} characters ({text[:30]!r}...): "
                       f"at most {MAX_ENTRY:,}")  # fmt: skip
    return Entry(kind, text)


_AT_PLACE = re.compile(r"\*At [^\n*]+\*:\n")  # a pose made at a place of the room


def speaker(text: str, names: Iterable[str]) -> str | None:
    """Whose pose ``text`` is by the MUSH convention: the name it begins with ('Nikos leans
    in.', "Nikos's hand...", 'Nikos says, "..."'), the longest of ``names`` that it begins
    with followed by no letter or digit (so 'Nikosia' is not Nikos's); None: an emit. A pose
    made at a place ('*At the bar*:' on its first line) is read from its second line."""
    found = _AT_PLACE.match(text)
    if found:
        text = text[found.end() :]
    best: str | None = None
    for who in names:
        if who and text.startswith(who) and (best is None or len(who) > len(best)):
            after = text[len(who) : len(who) + 1]
            if not after or not (after.isalnum() or after == "_"):
                best = who
    return best
