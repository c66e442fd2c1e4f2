"""The tampering corpus's house-rules part (issue 29 point 3, rulings V14): an FS3 game
under house rules alone in its own database, its rules changed mid-game (as the engine
would see a changed rules file), and forgeries only a verifier that re-computes each roll
under the ruleset in force at it (the export's ``ruleset`` events) catches."""

from __future__ import annotations

import json
from functools import partial

from sqlalchemy import update

from rollplay.table.service import Table
from rollplay.table.store.models import Game
from rollplay.table.systems import Request
from tests.verify_corpus.forge import Case, Line, forged, lines_of

KEEP = "Keep"
HOUSE = {"success_at": 5, "embarrassing_title": "Disaster"}
LATER = {"success_at": 4, "embarrassing_title": "Disaster"}


def play_house(table: Table) -> str:
    """An FS3 3.2 game under house rules, NPC rolls before and after its rules changed, its
    public seed revealed: the Storyteller's export."""
    table.new_game(KEEP, "fs3", "3.2", rules=HOUSE)
    table.add_user("Stella")
    table.add_member(KEEP, "Stella", "storyteller")
    stella = table.acting_as("Stella")
    for pool in ("5", "7", "3"):
        stella.npc_roll(KEEP, Request(pool), name="Guard")
    with table.engine.begin() as conn:  # the rules file changed: the next roll names new rules
        conn.execute(update(Game).where(Game.name == KEEP).values(rules=LATER))
    for pool in ("6", "4"):
        stella.npc_roll(KEEP, Request(pool), name="Guard")
    stella.rotate_seed(KEEP)
    return stella.export_log("jsonl", game_name=KEEP)


def _rolls(lines: list[Line]) -> list[Line]:
    return [line for line in lines if line["kind"] == "roll"]


def _level_raised(lines: list[Line]) -> None:
    """A roll under house rules made an Amazing Success, its dice and counts left alone."""
    o = _rolls(lines)[0]["outcome"]
    o.update(level="Amazing Success", embarrassing=False, succeeded=True)


def _ruleset_edited(lines: list[Line]) -> None:
    """The first ruleset edited in the file (successes from 2), each roll under it counted
    again to agree: the rolls' fingerprint no longer names it."""
    ruleset = next(line for line in lines if line["kind"] == "ruleset")
    data = json.loads(ruleset["rules"])
    data["success_at"] = 2
    ruleset["rules"] = json.dumps(data, sort_keys=True)
    for line in _rolls(lines)[:3]:
        o = line["outcome"]
        o.update(success_at=2, successes=sum(d >= 2 for d in o["dice"]))


def _older_rules_named(lines: list[Line]) -> None:
    """A roll made after the rules changed names the earlier ruleset, its card saying the
    earlier rules' ``success_at`` (its dice count the same under both)."""
    first = next(line for line in lines if line["kind"] == "ruleset")
    line = _rolls(lines)[-1]
    line["ruleset_version"] = first["version"]
    line["outcome"]["success_at"] = HOUSE["success_at"]


def house_corpus(honest: str) -> dict[str, Case]:
    base = lines_of(honest)
    assert sum(line["kind"] == "ruleset" for line in base) == 2  # the change is an event
    changed = partial(forged, base)

    return {
        "house_honest": Case(base, 0),
        "house_level_raised": Case(changed(_level_raised), 1),
        "house_ruleset_edited": Case(changed(_ruleset_edited), 1),
        "house_older_rules_named": Case(changed(_older_rules_named), 1),
    }
