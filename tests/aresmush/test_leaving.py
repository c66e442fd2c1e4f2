"""Leaving loses nothing (issue 38, section 4: "a group is never locked in"; rulings A18,
A37): a real config imported and written back gives every setting's value back, the ones
rollplay does not use (shortcuts, crons, permissions, gear's descriptions) as the game had
them; a game made in rollplay writes AresMUSH's own defaults for those."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
import yaml

from rollplay.aresmush import config as ares_config
from rollplay.aresmush import convert
from rollplay.aresmush.config import walk
from rollplay.aresmush.files import config_text
from rollplay.systems.fs3.houserules import from_mapping
from rollplay.systems.fs3.presets import preset
from rollplay.systems.fs3.ruleset import FS3Ruleset
from rollplay.table.systems.protocol import ruleset_version
from tests.aresmush.fixtures import GAMES, game_dir, needs_configs


def _imported(cfg: ares_config.Config) -> FS3Ruleset:
    rules, _ = convert.house_rules(cfg)
    return from_mapping({k: v for k, v in rules.items() if k != "extends"}, source="aresmush")


def _merged(files: dict[str, Any]) -> dict[str, Any]:
    """Every setting by plugin and dotted key, as AresMUSH merges the files' sections."""
    out: dict[str, Any] = {}
    for data in files.values():
        for plugin, section in (data or {}).items():
            for key, value in walk(section):
                out[f"{plugin}.{key}"] = value
    return out


# What does not come back as the file had it, precisely (comments, key order and a key's
# quoting are the YAML's, not settings, and are not compared): each is a value the import
# converted to what AresMUSH's own code makes of it (docs/rulings.md A18, A37), so the
# MUSH plays the written value as it played the original.
LMG = ("LMG", "Lmg")  # a combatant type's weapon, spelled as the weapon it names
RAIDER = (["Kew", "Missile", "Nuke"], ["Kew", "Missile"])  # no weapon Nuke: left off (A27)
CONVERTED: dict[str, dict[str, tuple[Any, Any]]] = {
    "AresMUSH__aresmush": {
        "fs3combat.combatant_types.Centurion.weapon": LMG,
        "fs3combat.vehicles.Raider.weapons": RAIDER,
    },
    "CharlyLeetham__aresmush": {
        "fs3combat.combatant_types.Centurion.weapon": LMG,
        "fs3combat.vehicles.Raider.weapons": RAIDER,
        # none of AresMUSH's weapon types: its code fights it as Ranged (A22)
        "fs3combat.weapons.Unarmed.weapon_type": ("Fighting", "Ranged"),
    },
    # AresMUSH writes an empty table as [] too; rollplay writes {}
    "Red-Planet-MU__aresmush": {"fs3combat.vehicles": ([], {})},
}


@needs_configs
@pytest.mark.parametrize("game", GAMES)
def test_every_setting_of_a_real_config_comes_back_from_the_export(game: str) -> None:
    cfg = ares_config.read(game_dir(game))
    first = _imported(cfg)
    written = {n: yaml.safe_load(config_text(d)) for n, d in convert.config_files(first).items()}
    before = _merged({n: f.data for n, f in cfg.files.items()})
    after = _merged(written)
    lost = {k: v for k, v in before.items() if k not in after}
    changed = {k: (v, after[k]) for k, v in before.items()
               if k in after and after[k] != v}  # fmt: skip
    assert lost == {}
    assert changed == CONVERTED[game]
    again = _imported(ares_config.parse({n: config_text(d).encode() for n, d in written.items()},
                                        "export"))  # fmt: skip
    assert again == first


@needs_configs
def test_a_game_made_in_rollplay_writes_aresmushs_own_defaults() -> None:
    # Nothing imported to keep: the MUSH-only settings are what an AresMUSH game starts with
    # (its default game's config), so weekly XP and public sheets are on, as there.
    written = _merged(convert.config_files(preset("3.3")))
    default = _merged({n: f.data for n, f in ares_config.read(game_dir(GAMES[0])).files.items()})
    for key in ("fs3skills.periodic_xp", "fs3skills.public_sheets",
                "fs3skills.job_on_luck_spend", "fs3skills.roll_channel"):  # fmt: skip
        assert written[key] == default[key], key
    for table in ("shortcuts", "xp_cron", "healing_cron"):
        mine = {k: v for k, v in written.items() if f".{table}." in k}
        theirs = {k: v for k, v in default.items() if f".{table}." in k}
        assert mine, table
        assert mine == theirs, table
    for table in ("achievements", "permissions"):  # the names AresMUSH's code looks up
        names = {k for k in written if f".{table}." in k and not k.endswith(".message")}
        assert names == {k for k in default if f".{table}." in k and not k.endswith(".message")}
        levels = {k: v for k, v in written.items() if k.endswith(".levels")}
        assert levels == {k: v for k, v in default.items() if k.endswith(".levels")}


@needs_configs
def test_kept_settings_judge_nothing_and_go_with_a_deleted_entry() -> None:
    # Rulings A18: the kept table never touches a roll, so not the ruleset's fingerprint
    # either; a weapon the Storyteller deleted since is not written back as its description.
    first = _imported(ares_config.read(game_dir(GAMES[0])))
    assert any(row.path[1:3] == ("weapons", "Knife") for row in first.aresmush)
    bare = replace(first, aresmush=(), from_aresmush=False)
    assert ruleset_version(bare) == ruleset_version(first)
    weapons = tuple(w for w in first.combat.weapons if w.name != "Knife")
    without = replace(first, combat=replace(first.combat, weapons=weapons))
    written = convert.config_files(without)["fs3combat_weapons.yml"]["fs3combat"]
    assert "Knife" not in written["weapons"]
    assert "Pistol" in written["weapons"]
