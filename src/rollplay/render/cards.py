"""The card for any outcome or log entry, whichever system made it: one ``match`` on the
record's type, so a new kind of roll fails the type check here rather than at a table."""

from __future__ import annotations

from typing import assert_never

from rollplay.render import d6, fs3, gurps
from rollplay.render.spans import Line, Span, bold, plain
from rollplay.table.events.outcomes import (
    D6Opposed,
    D6Roll,
    FS3Opposed,
    FS3Roll,
    FS3Team,
    GurpsRoll,
)
from rollplay.table.events.views import HiddenEntry, LogEntry, SeenEntry, UnreadableEntry

# The log marks rolls whose dice were not drawn at the table (docs/verify.md).
MARKED = {"typed": "typed dice", "seeded": "seeded dice"}

Card = FS3Team | FS3Roll | FS3Opposed | GurpsRoll | D6Roll | D6Opposed


def outcome_card(r: Card, who: str | None = None) -> list[Line]:
    """A roll, an opposed roll or a teamwork roll of any system, as lines of spans; ``who``
    (for one roll) names its roller instead of the record ("" for nobody: the log's head
    says who)."""
    match r:
        case FS3Team():
            return fs3.team_card(r, who)
        case FS3Roll():
            lines = fs3.roll_card(r, who)
            if r.opposed is not None:  # one side of a contest, as the log keeps it
                lines.append(fs3.contest_summary(r.opposed))
            if r.assisting:
                lines.append([plain(f"(assisting {r.assisting})")])
            return lines
        case FS3Opposed():
            return fs3.opposed_card(r)
        case GurpsRoll():
            return gurps.roll_card(r, who)
        case D6Roll():
            lines = d6.roll_card(r, who)
            if r.opposed is not None and r.opposed.winner is not None:  # one side, as logged
                lines.append([plain("opposed: "), bold(f"{r.opposed.winner.capitalize()} wins"),
                              plain(f" by {r.opposed.margin}")])  # fmt: skip
            return lines
        case D6Opposed():
            return d6.opposed_card(r)
        case _:
            assert_never(r)


def entry_card(e: LogEntry) -> list[Line]:
    """A log entry: who, when, where and how visible, then the roll's card (or, for what the
    viewer may not see, only that the roll was made)."""
    when = e.time[:16].replace("T", " ")
    head: Line = [
        Span(f"#{e.id} {when} ", "muted"),
        plain(f"{e.game} · "),
        bold(e.character or "a roll"),  # a secret roll's roller stays secret
    ]
    match e:
        case SeenEntry():
            if e.expression:
                head.append(plain(f" · {e.expression}"))
            _marks(head, e.visibility, e.dice_source)
            if e.outcome is None:  # an early version's row: its dice, no verdict
                faces = e.dice if isinstance(e.dice, tuple) else (*e.dice.dice, *e.dice.wild)
                said = f"  dice {' '.join(map(str, faces))} (its outcome is in a form this "
                return [head, [plain(said + "rollplay cannot read)")]]
            body = outcome_card(e.outcome, who="")
            return [head, *([plain("  "), *line] for line in body)]
        case HiddenEntry():
            _marks(head, e.visibility, None)
            said = f"  ({e.visibility} roll: its dice and result are hidden)"
            return [head, [Span(said, "muted")]]
        case UnreadableEntry():
            _marks(head, e.visibility, None)
            return [head, [Span(f"  (a roll this rollplay cannot read: {e.problem})", "muted")]]
        case _:
            assert_never(e)


def _marks(head: Line, visibility: str, dice_source: str | None) -> None:
    if visibility != "public":
        head.append(Span(f" [{visibility}]", "muted"))
    if dice_source in MARKED:  # not drawn from the game's committed seed
        head.append(Span(f" · {MARKED[dice_source]}", "muted"))
