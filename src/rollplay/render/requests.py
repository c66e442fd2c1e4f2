"""A scene's roll requests, edits and reveals as lines (issue 30), for every surface: a
request's card (who is asked for what, its exact odds, and whether it was answered, with
the answer as its reader may see it), and a reveal's (the secret roll, whole)."""

from __future__ import annotations

from rollplay.render.cards import outcome_card, source_spans
from rollplay.render.combat import turn_lines
from rollplay.render.odds import odds_parts
from rollplay.render.spans import Line, Span, bold, plain
from rollplay.table.answers import OddsOf
from rollplay.table.events import combat as cb
from rollplay.table.events import payloads as p
from rollplay.table.events import requests as rq


def request_lines(d: rq.RollRequested, number: int | None = None) -> list[Line]:
    """'The Storyteller asks Nikos for a roll: Piloting+1 (secret)', its odds, its state."""
    secret = " (secret: only the Storyteller sees the result)" if d.secret else ""
    lines: list[Line] = [[plain("The Storyteller asks "), bold(d.character),
                          plain(" for a roll: "), bold(d.expression), plain(secret)]]  # fmt: skip
    lines += odds_lines(d)
    match d.state:
        case "open":
            answer = f"answer {number}" if number is not None else "answer N"
            if d.needs is not None:  # a Hail Mary the Storyteller allows (000; rulings R31)
                answer += f"/luck={d.needs}"
            lines.append([Span(f"  open: {d.character} rolls with ", "muted"), bold(answer)])
        case "cancelled":
            lines.append([Span("  cancelled by the Storyteller", "muted")])
        case "answered":
            lines += answered_lines(d)
    return lines


def odds_lines(d: rq.RollRequested) -> list[Line]:
    """A request's odds as its character's sheet now stands, or why it cannot be rolled."""
    if d.problem is not None:
        return [[Span(f"  not rollable as the sheet now stands: {d.problem}", "alarm")]]
    if d.odds is None:
        return []
    odds = OddsOf.model_validate(d.odds)
    parts = ", ".join(f"{what} {chance}" for what, chance in odds_parts(odds))
    return [[Span(f"  odds: {odds.check}: {parts}", "muted")]]


def answered_lines(d: rq.RollRequested) -> list[Line]:
    """The answer, as far as the reader may see it (rulings S10)."""
    by = f" by #{d.answer}" if d.answer is not None else ""
    result = d.result
    if isinstance(result, p.Roll) and result.outcome is not None:
        head: Line = [plain(f"  answered{by}"), *source_spans(result.dice_source, result.provable)]
        return [head, *([plain("    "), *line] for line in outcome_card(result.outcome, ""))]
    return [[plain(f"  answered{by}"), Span(" (its result is the Storyteller's)", "muted")]]


def reveal_lines(d: rq.RollRevealed) -> list[Line]:
    """A secret roll shown to the scene: whose it was, then its card; a combat turn shown
    whole, NPCs' dice and all: its report (rulings S73)."""
    shown = d.shown
    if isinstance(shown, cb.Turn):
        said: Line = [plain("The Storyteller reveals "),
                      bold(f"{shown.combat}: turn {shown.turn}"), plain(f" (#{d.roll})"),
                      *source_spans(shown.dice_source, shown.provable)]  # fmt: skip
        return [said, *([plain("  " + line)] for line in turn_lines(shown)[1:])]
    head: Line = [plain("The Storyteller reveals secret roll "), bold(f"#{d.roll}"),
                  plain(f" ({d.character or shown.npc or 'an NPC'}"),
                  plain(f" · {shown.expression})" if shown.expression else ")"),
                  *source_spans(shown.dice_source, shown.provable)]  # fmt: skip
    if shown.outcome is None:
        return [head, [Span("  (its outcome is in a form this rollplay cannot read)", "muted")]]
    return [head, *([plain("  "), *line] for line in outcome_card(shown.outcome, ""))]


def change_line(d: rq.RequestCancelled | rq.RequestOdds | rq.PoseEdited | rq.PoseDeleted
                ) -> Line:  # fmt: skip
    """A request cancelled or its odds changed, a pose edited or deleted, in a line."""
    match d:
        case rq.RequestOdds():
            said = odds_lines(d.asked)
            now = [Span(s.text.strip(), s.kind) for s in said[0]] if said else []
            return [plain(f"Request #{d.request} for "), bold(d.asked.character),
                    plain(", as the sheet changed: "), *now]  # fmt: skip
        case rq.RequestCancelled():
            return [plain(f"Request #{d.request} for "), bold(d.character), plain(" is cancelled")]
        case rq.PoseEdited():
            # Not its text: the pose shows it, and a pose deleted later shows none.
            return [bold(d.who), plain(f" edits pose #{d.pose}")]
        case rq.PoseDeleted():
            return [bold(d.who), plain(f" deletes pose #{d.pose}")]
