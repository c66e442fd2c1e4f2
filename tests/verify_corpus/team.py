"""The tampering corpus's teamwork part (issue 29 point 3, rulings V14): an FS3 game alone in
its own database, teamwork rolls revealed, and a forgery only a re-computed assist modifier
catches (forge.py has the rest)."""

from __future__ import annotations

from functools import partial

from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.verify_corpus.forge import ADA, BEN, Case, Line, forged, lines_of

CREW = "Crew"
CY = {**BEN, "name": "Cy", "concept": "A pilot who never lands twice in one place."}


def play_team(table: Table) -> str:
    """Teamwork under FS3 3.2: Ada leads, Ben and Cy assist, their sheets changed between
    the two rolls; the Storyteller's export."""
    table.new_game(CREW, "fs3", "3.2")
    for sheet in (ADA, BEN, CY):
        table.new_character(CREW, sheet)
    table.add_user("Stella")
    table.add_member(CREW, "Stella", "storyteller")
    stella = table.acting_as("Stella")
    for at in range(2):
        stella.teamwork(CREW, ("Ada", Request("Firearms")),
                        [("Ben", Request("Melee")), ("Cy", Request("Firearms"))])  # fmt: skip
        if not at:  # the sheets change between the two: each roll uses the ratings then
            stella.set_character(CREW, "Cy", {"action": {"Firearms": 3}})
            stella.award_xp(CREW, "Ben", 8)
            stella.raise_skill(CREW, "Ben", "Melee")
    stella.rotate_seed(CREW)
    return stella.export_log("jsonl", game_name=CREW)


def _assist_raised(lines: list[Line]) -> None:
    """A teamwork leader's assist modifier raised by one (uncapped, capped and the teamwork
    modifier alike) and a part of its pool lowered by one to keep the dice: a better
    teamwork than the assisters' rolls earned."""
    o = next(line["outcome"] for line in lines if line["kind"] == "roll"
             and line["outcome"].get("assists"))  # fmt: skip
    o["assist_uncapped"] += 1
    o["assist_modifier"] += 1
    next(m for m in o["modifiers"] if m["reason"] == "teamwork")["value"] += 1
    o["parts"][0]["dice"] -= 1


def team_corpus(honest: str) -> dict[str, Case]:
    base = lines_of(honest)
    changed = partial(forged, base)

    return {
        "team_honest": Case(base, 0),
        "team_assist_raised": Case(changed(_assist_raised), 1),
    }
