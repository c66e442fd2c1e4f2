"""The card for any outcome or log entry, whichever system made it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.render import d6, fs3, gurps
from rollplay.render.spans import Line, Span, bold, plain

# The log marks rolls whose dice were not drawn at the table (docs/verify.md).
MARKED = {"typed": "typed dice", "seeded": "seeded dice"}


def outcome_card(r: Mapping[str, Any]) -> list[Line]:
    """A roll, an opposed roll or a teamwork roll of any system, as lines of spans."""
    system = r.get("system")
    if system == "gurps":
        return gurps.roll_card(r)
    if system == "d6":
        return d6.opposed_card(r) if "initiator" in r else d6.roll_card(r)
    if "first" in r and "second" in r:
        return fs3.opposed_card(r)
    if "assists" in r:
        return fs3.team_card(r)
    lines = fs3.roll_card(r)
    contest = r.get("opposed")
    if isinstance(contest, Mapping):  # one side of a contest, as the log keeps it
        lines.append(_contest_summary(contest))
    if r.get("assisting"):
        lines.append([plain(f"(assisting {r['assisting']})")])
    return lines


def _contest_summary(c: Mapping[str, Any]) -> Line:
    if c.get("winner") is None:
        return [plain("opposed: "), bold(str(c.get("margin", "Draw")))]
    return [plain("opposed: "), bold(f"{c.get('winner_name') or c['winner']} wins"),
            plain(f" by {c.get('net')}: "), bold(str(c.get("margin")))]  # fmt: skip


def entry_card(e: Mapping[str, Any]) -> list[Line]:
    """A log entry: who, when, where and how visible, then the roll's card (or, for what the
    viewer may not see, only that the roll was made)."""
    when = str(e["time"])[:16].replace("T", " ")
    head: Line = [
        Span(f"#{e['id']} {when} ", "muted"),
        plain(f"{e['game']} · "),
        bold(str(e["character"] or "a roll")),  # a secret roll's roller stays secret
    ]
    if e.get("expression"):
        head.append(plain(f" · {e['expression']}"))
    if e.get("visibility") != "public":
        head.append(Span(f" [{e['visibility']}]", "muted"))
    if e.get("dice_source") in MARKED:  # not drawn from the game's committed seed
        head.append(Span(f" · {MARKED[e['dice_source']]}", "muted"))
    if e.get("outcome") is None:
        return [
            head,
            [Span(f"  ({e['visibility']} roll: its dice and result are hidden)", "muted")],
        ]
    body = outcome_card({**e["outcome"], "name": None})
    return [head, *([plain("  "), *line] for line in body)]
