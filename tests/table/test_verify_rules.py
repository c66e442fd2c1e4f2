"""The numbers each verifier reads from a ruleset's canonical data (provable_rules.py, rulings
V14) are the ones the rules engine judges by: an edition's are its preset's, by fingerprint,
and a house ruleset's judge every count as the engine does."""

from __future__ import annotations

import json

from rollplay.systems.d6.presets import EDITIONS as D6_EDITIONS
from rollplay.systems.fs3.presets import EDITIONS as FS3_EDITIONS
from rollplay.systems.fs3.rolls import judge_counts
from rollplay.systems.gurps.presets import EDITIONS as GURPS_EDITIONS
from rollplay.table.dice.provable_d6 import D6_PRESETS, d6_preset
from rollplay.table.dice.provable_fs3 import FS3_PRESETS, fs3_judged, fs3_preset
from rollplay.table.dice.provable_gurps import GURPS_PRESETS, gurps_preset
from rollplay.table.dice.provable_rules import fingerprint
from rollplay.table.systems import ruleset_version, system
from rollplay.table.systems.protocol import canonical_rules


def test_an_editions_canonical_data_gives_its_preset() -> None:
    for editions, presets, read in ((FS3_EDITIONS, FS3_PRESETS, fs3_preset),
                                    (D6_EDITIONS, D6_PRESETS, d6_preset),
                                    (GURPS_EDITIONS, GURPS_PRESETS, gurps_preset)):  # fmt: skip
        for rules in editions.values():
            text = canonical_rules(rules)
            assert fingerprint(text) == ruleset_version(rules)
            assert read(json.loads(text)) == presets[ruleset_version(rules)]


def test_a_house_rulesets_data_judges_every_count_as_the_engine() -> None:
    house = {"success_at": 6, "embarrassing_title": "Disaster", "opposed_counts_embarrassing": True,
             "levels": [{"at_least": 0, "title": "Miss"}, {"at_least": 3, "title": "Hit"}],
             "assist_modifiers": [-1, 1]}  # fmt: skip
    for edition in ("3.2", "3.3"):
        rules = system("fs3").ruleset(edition, house)
        read = fs3_preset(json.loads(canonical_rules(rules)))
        assert read is not None
        assert read.success_at == 6
        assert read.counts_embarrassing
        for dice in range(12):
            for s in range(dice + 1):
                for ones in range(dice - s + 1):
                    for attribute in (None, 1, 2, 4):
                        assert fs3_judged(s, ones, dice, attribute, read) == judge_counts(
                            s, ones, dice, attribute, rules
                        )
