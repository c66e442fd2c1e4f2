"""What the slash commands type, as lines of the command language: /roll's text with its
secrecy, and /roll's autocomplete."""

from __future__ import annotations

from collections.abc import Sequence


def roll_line(line: str, secrecy: str | None) -> str:
    """/roll's text as a line: ``roll`` put in front unless typed, ``secrecy`` as its switch
    (``Firearms`` -> ``roll Firearms``; secrecy private -> ``roll/private Firearms``)."""
    text = " ".join(line.split())
    head, _, rest = text.partition(" ")
    word, _, switch = head.partition("/")
    if word.casefold() in ("roll", "r"):
        if secrecy and secrecy != "public" and not switch:
            return f"roll/{secrecy} {rest}".strip()
        return text
    return f"roll/{secrecy} {text}" if secrecy and secrecy != "public" else f"roll {text}"


def complete_line(current: str, abilities: Sequence[str], limit: int = 25) -> list[str]:
    """``current`` with its last word finished as each matching ability (Discord shows up to
    25 choices of up to 100 characters)."""
    cut = max(current.rfind(c) for c in " +-/,=")
    head, word = current[: cut + 1], current[cut + 1 :]
    matches = [a for a in abilities if a.casefold().startswith(word.casefold())]
    return [f"{head}{a}" for a in matches if len(head) + len(a) <= 100][:limit]
