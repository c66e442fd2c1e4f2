"""Actions carry into the next turn unless changed (rulings W40), on both databases (the
Storyteller's orders for every NPC at once: test_combat_orders.py)."""

from __future__ import annotations

from typing import Any

import pytest

from rollplay.dice import ScriptedDice
from rollplay.systems.fs3.combat.turn import Action
from rollplay.table.combat.tracker import Tracker
from rollplay.table.service import Table
from rollplay.table.systems import ruleset_version, system
from tests.table.conftest import NIKOS

pytestmark = pytest.mark.storage

# Everyone fails: initiative 4 + 4 dice of 2s, tied, broken by d100 50 and 40; Nikos's attack
# (6 dice, 9 with a luck point) and the Raiders' (4 dice, one less suppressed) all miss.
QUIET = [2] * 8 + [50, 40] + [2] * 20


def fight(db_url: str, rules: dict[str, Any] | None = None) -> Tracker:
    table = Table(db_url)
    table.new_game("Pegasus", "fs3", "3.3", rules)
    table.new_character("Pegasus", NIKOS)  # luck 1
    tracker = Tracker(table)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Nikos", weapon="Pistol", armor="Flak Vest")
    tracker.join("Pegasus", "Hangar", "Raider", team="B", rating=4, weapon="Rifle")
    return tracker


def test_an_attack_carries_to_the_next_turn_without_its_luck(db_url: str) -> None:
    tracker = fight(db_url)
    tracker.act("Pegasus", "Hangar", "Nikos", Action("attack", "Raider", luck="attack"))
    tracker.turn("Pegasus", "Hangar", ScriptedDice(QUIET))
    status = tracker.status("Pegasus", "Hangar")
    kept = status.actions["Nikos"]
    assert (status.turn, kept.kind, kept.target, kept.luck) == (2, "attack", "Raider", None)
    assert [(i.name, i.tiebreak) for i in status.initiative] == [("Nikos", 50), ("Raider", 40)]
    assert "Raider" not in status.actions  # an NPC's action chosen for it is chosen anew
    # The carried action is played: turn 2's report has Nikos attack the Raider again.
    report = tracker.turn("Pegasus", "Hangar", ScriptedDice([2] * 8 + [50, 40] + [2] * 17))
    assert next((e.actor, e.action, e.target) for e in report.events) == (
        "Nikos", "attack", "Raider")  # fmt: skip


def test_an_aim_does_not_carry_and_a_game_may_carry_nothing(db_url: str) -> None:
    tracker = fight(db_url)
    tracker.act("Pegasus", "Hangar", "Nikos", Action("aim", "Raider"))
    tracker.turn("Pegasus", "Hangar", ScriptedDice([2] * 8 + [50, 40] + [2] * 8))
    assert tracker.status("Pegasus", "Hangar").actions == {}
    table = Table(db_url)
    table.new_game("Fresh", "fs3", "3.3", {"combat": {"carry_over": []}})
    table.new_character("Fresh", NIKOS)
    none = Tracker(table)
    none.start("Fresh", "Dock")
    none.join("Fresh", "Dock", "Nikos", weapon="Pistol")
    none.join("Fresh", "Dock", "Raider", team="B", rating=4, weapon="Rifle")
    none.act("Fresh", "Dock", "Nikos", Action("attack", "Raider"))
    none.turn("Fresh", "Dock", ScriptedDice(QUIET[:10] + [2] * 17))
    assert none.status("Fresh", "Dock").actions == {}


def test_the_setting_leaves_the_rulesets_fingerprint_alone() -> None:
    """``carry_over`` runs the tracker and judges no die: it is not in the fingerprint the
    verifier finds a ruleset's preset by (the editions' own: tests/table/test_verify_rules.py)."""
    fs3 = system("fs3")
    strict = fs3.ruleset("3.3", {"combat": {"carry_over": []}})
    more = fs3.ruleset("3.3", {"combat": {"carry_over": ["attack", "aim"]}})
    assert (strict.combat.carry_over, more.combat.carry_over) == ((), ("attack", "aim"))
    assert ruleset_version(strict) == ruleset_version(more)
