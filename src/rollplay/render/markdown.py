"""Cards as Markdown for chat (Discord's flavour): successes in bold, ones struck through,
Wild Die sixes in italics, the verdict in bold; everything a player typed is escaped, so a
name can never format (or ping) anything."""

from __future__ import annotations

import re

from rollplay.render.spans import Line

_SPECIAL = re.compile(r"([\\*_~`|>#\[\]()@<:-])")
_WRAP = {"bold": "**", "success": "**", "alarm": "**", "one": "~~", "wild": "*", "muted": "",
         "em": "_"}  # fmt: skip


def escape(text: str) -> str:
    """Text that Markdown shows as typed (no emphasis, links, mentions or headings)."""
    return _SPECIAL.sub(r"\\\1", text)


def line_markdown(line: Line) -> str:
    out = []
    for span in line:
        text = escape(span.text)
        mark = _WRAP.get(span.kind, "")
        out.append(f"{mark}{text}{mark}" if mark and span.text.strip() else text)
    return "".join(out)


def card_markdown(lines: list[Line]) -> str:
    """A card as one chat message: its first line as the heading line, the rest beneath."""
    return "\n".join(line_markdown(line) for line in lines)
