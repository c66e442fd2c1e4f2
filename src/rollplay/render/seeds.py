"""A game's verifiable dice as a member sees them (``Service.seeds``): for the surfaces that
show them as a card (the Discord bot's /seed); the command line's `rollplay seed show` says
the same in its own lines."""

from __future__ import annotations

from typing import assert_never

from rollplay.render.spans import Line, Span, bold, plain
from rollplay.table.events import payloads as p
from rollplay.table.info import Seeds

SHOWN_REVEALED = 3  # the latest reveals; the rest are in `rollplay seed show` and the export
SHORT = 12  # a hash's characters on a card's line; the whole value is in its details and JSON

# The game's records of its dice and rules: each one quiet line (the web opens it to the rest).
SeedEvent = p.SeedCommitted | p.SeedRevealed | p.ClientSeedSet | p.RulesetInForce


def shortened(value: str) -> str:
    """A hash or seed as a card's one line shows it: its start, enough to tell two apart."""
    return value if len(value) <= SHORT + 4 else value[:SHORT] + "\u2026"


def seed_line(d: SeedEvent) -> Line:
    """A seed or ruleset event's one line, its hash shortened."""
    match d:
        case p.ClientSeedSet():
            return [bold(d.user), plain("'s client seed is now "),
                    Span(shortened(d.client_seed), "muted")]  # fmt: skip
        case p.RulesetInForce():
            return [plain(f"The rules every roll is judged by from here on ({d.system.upper()} "
                          f"{d.edition}): "), Span(shortened(d.version), "muted")]  # fmt: skip
        case p.SeedCommitted():
            return [plain(f"New {d.chain} dice seed committed: "),
                    Span(shortened(d.commitment), "muted")]  # fmt: skip
        case p.SeedRevealed():
            rolls = f"{d.nonces} roll{'s' * (d.nonces != 1)} to verify"
            return [plain(f"The {d.chain} dice seed is revealed ({rolls}): "),
                    Span(shortened(d.seed), "muted")]  # fmt: skip
        case _:
            assert_never(d)


def seed_details(d: SeedEvent) -> list[Line]:
    """A seed event's whole values, for the web's details under its one line (every other
    surface has them in JSON and the exports)."""
    lines: list[Line]
    match d:
        case p.SeedCommitted():
            lines = [[plain("commitment (SHA-256 of the hidden seed): "),
                      Span(d.commitment, "muted")]]  # fmt: skip
        case p.SeedRevealed():
            lines = [[plain("seed: "), Span(d.seed, "muted")],
                     [plain("its commitment: "), Span(d.commitment, "muted")],
                     [plain(f"rolls dealt from it: {d.nonces}")]]  # fmt: skip
        case p.ClientSeedSet():
            return [[plain(f"{d.user}'s client seed: "), Span(d.client_seed, "muted")],
                    [plain("it is mixed into the dice of each of their rolls")]]  # fmt: skip
        case p.RulesetInForce():
            return [[plain("its fingerprint: "), Span(d.version, "muted")],
                    [plain("the rules themselves are in the game's export, where rollplay "
                           "verify judges each roll by them")]]  # fmt: skip
        case _:
            assert_never(d)
    if d.after is not None:
        lines.append([plain("after the seed of commitment "), Span(d.after.commitment, "muted"),
                      plain(f", which dealt {_rolls(d.after.nonces)}")])  # fmt: skip
    return lines


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
