"""Lines of styled spans: what a card is made of before a target writes it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple

Kind = Literal["", "bold", "success", "one", "alarm", "wild", "muted", "em"]


class Span(NamedTuple):
    text: str
    kind: Kind = ""


Line = list[Span]


def plain(text: str) -> Span:
    return Span(text)


def bold(text: str) -> Span:
    return Span(text, "bold")


def alarm(text: str) -> Span:
    return Span(text, "alarm")


def joined(spans: Iterable[Span], sep: str = " ") -> Line:
    out: Line = []
    for span in spans:
        if out:
            out.append(Span(sep))
        out.append(span)
    return out


def signed(n: int) -> str:
    """+2, or a true minus sign and 1."""
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def spaced(n: int) -> str:
    """A term inside a sum: "+ 2", or a minus sign, a space and 1."""
    return f"+ {n}" if n >= 0 else f"\u2212 {-n}"


def dice_word(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def text_of(line: Line) -> str:
    """A line without its styles (tests, logs, screen readers)."""
    return "".join(span.text for span in line)
