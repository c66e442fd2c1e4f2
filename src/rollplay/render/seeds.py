"""A game's verifiable dice as a member sees them (``Service.seeds``): for the surfaces that
show them as a card (the Discord bot's /seed); the command line's `rollplay seed show` says
the same in its own lines."""

from __future__ import annotations

from rollplay.render.spans import Line, Span, bold, plain
from rollplay.table.info import Seeds

SHOWN_REVEALED = 3  # the latest reveals; the rest are in `rollplay seed show` and the export


def seeds_lines(data: Seeds, how_to_set: str) -> list[Line]:
    """The game's state of verifiable dice, each chain's commitment (and rolls so far, where
    the viewer may know them), the viewer's client seed (``how_to_set``: the surface's way
    to set one) and the latest revealed seeds."""
    state = "on" if data.provable else "off: rolls use OS dice, which cannot be verified"
    lines: list[Line] = [[bold(data.game), plain(f": verifiable dice {state}")]]
    for row in data.current:
        used = "" if row.nonces is None else f" ({_rolls(row.nonces)} so far)"
        lines.append([plain(f"{row.chain} seed commitment{used}: "), Span(row.commitment, "muted")])
    if data.client_seed:
        lines.append([plain("your client seed: "), bold(data.client_seed)])
    else:
        lines.append([plain(f"your client seed: none yet (one is made at your first roll; "
                            f"{how_to_set})")])  # fmt: skip
    for old in data.revealed[-SHOWN_REVEALED:]:
        when = old.revealed[:16].replace("T", " ")
        lines.append([plain(f"revealed {when}: {old.chain} seed "), Span(old.seed, "muted"),
                      plain(f" ({_rolls(old.nonces)}; commitment "), Span(old.commitment, "muted"),
                      plain(")")])  # fmt: skip
    return lines


def _rolls(n: int) -> str:
    return f"{n} roll{'s' * (n != 1)}"
