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
from rollplay.table.events.payloads import Provable
from rollplay.table.events.views import HiddenEntry, LogEntry, SeenEntry, UnreadableEntry

# Every card of a roll not dealt from the game's committed seed says where its dice came
# from instead, in these words on every surface (docs/render.md, docs/verify.md).
MARKED = {"secure": "OS dice", "typed": "typed dice", "seeded": "seeded dice"}

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
            _marks(head, e.visibility, None)
            head += source_spans(e.dice_source, e.provable)
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


def source_spans(dice_source: str | None, provable: Provable | None = None) -> Line:
    """Where a card's dice came from, for its head line: the mark of dice not dealt from the
    provable dice, or a provable roll's chain and nonce (what a verifier looks it up by)."""
    if provable is not None:
        return [Span(f" · {provable.chain} nonce {provable.nonce}", "muted")]
    mark = dice_mark(dice_source)
    return [] if mark is None else [mark]


def dice_mark(dice_source: str | None) -> Span | None:
    """The mark of a roll not dealt from the provable dice (OS, typed or seeded dice), or
    None for provable dice and for a roll whose source the viewer is not shown. An unknown
    source (a future version's) is marked too: only ``provable`` goes unmarked."""
    if dice_source is None or dice_source == "provable":
        return None
    return Span(f" · {MARKED.get(dice_source, dice_source + ' dice')}", "muted")


def dice_note(dice_source: str) -> Line:
    """The line under a card rolled away from any table (``rollplay fs3 roll``...), whose
    dice are never provable: which dice they were, in the cards' words."""
    return [Span(f"({MARKED.get(dice_source, dice_source + ' dice')}: not provable)", "muted")]


def _marks(head: Line, visibility: str, dice_source: str | None) -> None:
    if visibility != "public":
        head.append(Span(f" [{visibility}]", "muted"))
    head += source_spans(dice_source)
