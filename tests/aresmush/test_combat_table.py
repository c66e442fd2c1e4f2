"""One combat turn through the table service in a game made with an imported AresMUSH
config's house rules (issue 38): NPCs join as their combatant types with the types' kit
(fs3combat.combatant_types; rulings A24), and the turn fights by the game's own charts,
weapons and damage levels."""

from __future__ import annotations

from pathlib import Path

from rollplay.aresmush import config as ares_config
from rollplay.dice import SeededDice
from rollplay.systems.fs3.combat.turn import Action
from rollplay.table.combat.tracker import Tracker
from rollplay.table.service import Table
from tests.aresmush.combat_helpers import rules_of
from tests.aresmush.fixtures import game_dir, needs_configs


@needs_configs
def test_a_turn_at_the_table_in_an_imported_game(tmp_path: Path) -> None:
    ruleset, mapping, _ = rules_of(ares_config.read(game_dir("Red-Planet-MU__aresmush")))
    table = Table(f"sqlite:///{tmp_path / 'frontier.db'}")
    table.new_game("Frontier", "fs3", "3.3", mapping)
    tracker = Tracker(table)
    tracker.start("Frontier", "Canyon")
    # No --type: the config's default_type (Citizen), with its weapon and armor.
    tracker.join("Frontier", "Canyon", "Jed", rating=4)
    tracker.join("Frontier", "Canyon", "Rattler", team="B", rating=4, kind="Quadruped")
    standing = {
        c.name: (c.weapon, c.armor)
        for c in tracker.status("Frontier", "Canyon").combatants
        if not isinstance(c, str)
    }
    assert standing == {"Jed": ("Revolver", "Practical"), "Rattler": ("Claws", "Hide")}
    tracker.act("Frontier", "Canyon", "Rattler", Action("attack", "Jed"))
    tracker.act("Frontier", "Canyon", "Jed", Action("attack", "Rattler"))
    report = tracker.turn("Frontier", "Canyon", SeededDice("frontier"))
    shots = {e.actor: e for e in report.events}
    assert shots["Jed"].weapon == "Revolver"
    assert shots["Rattler"].weapon == "Claws"
    # Where a hit lands is drawn from the target type's list chart (rulings A23).
    citizen = ruleset.combat.hit_charts["Citizen"].areas["Chest"]
    quadruped = ruleset.combat.hit_charts["Quadruped"]
    for shot, rows in ((shots["Rattler"], citizen),
                       (shots["Jed"], quadruped.areas[quadruped.center()])):  # fmt: skip
        assert shot.location in rows  # this seed's dice: both hit
    levels = {s.name for s in ruleset.combat.severities}
    assert all(e.severity in levels for e in report.events if e.severity is not None)
