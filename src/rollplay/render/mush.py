"""Cards as Evennia's colour markup (``|g``, ``|r``, ``|n``...) for a MUSH. Every ``|`` in
the text is doubled, so a name or a reason a player typed shows as typed and can never
colour or break a line; control characters become spaces, so nothing raw reaches a client.
The brackets around successes and ones stay, for clients without colour.

Evennia finds its MXP links (``|lc...|lt...|le``) after undoing ``||``, so a doubled pipe
alone would still let a typed link through: a zero-width space between a pipe and an ``l``
breaks it, unseen."""

from __future__ import annotations

import re

from rollplay.render.spans import Line

# |h is bold; |g, |r and |c are the bright colours; |x is dark grey; |n ends any of them.
_CODES = {"bold": "|h", "success": "|g", "one": "|r", "alarm": "|r", "wild": "|c", "muted": "|x"}
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_LINK = re.compile(r"\|(?=[lL])")
ZWSP = "\u200b"


def escape(text: str) -> str:
    """Text that Evennia shows as typed: ``||`` is its escape for a literal ``|``."""
    return _LINK.sub(f"|{ZWSP}", _CONTROL.sub(" ", text)).replace("|", "||")


def line_mush(line: Line) -> str:
    out = []
    for span in line:
        text = escape(span.text)
        code = _CODES.get(span.kind, "")
        out.append(f"{code}{text}|n" if code and text else text)
    return "".join(out)


def card_mush(lines: list[Line]) -> str:
    """A card as one message, a line of the card a line of text."""
    return "\n".join(line_mush(line) for line in lines)
