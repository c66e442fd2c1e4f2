"""Each built-in edition's combat data. gear.py's defaults name FS3.3's abilities (000); FS3.2
rolls 002's: attributes Academic, Athletic, Creative, Reactive and Social, and its action
skills (rulings C11)."""

from __future__ import annotations

from dataclasses import replace

from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.kit import WEAPONS

# FS3.3 ability -> the FS3.2 one that does the same job in a fight.
_AS_32 = {"Reflexes": "Reactive", "Athletics": "Athletic"}

WEAPONS_32 = tuple(
    replace(
        w,
        attack_skill=_AS_32.get(w.attack_skill, w.attack_skill),
        defense_skill=_AS_32.get(w.defense_skill, w.defense_skill),
    )
    for w in WEAPONS
)

COMBAT_33 = CombatRules()
COMBAT_32 = CombatRules(
    weapons=WEAPONS_32,
    initiative_ability="Reactive",  # 002 Order of Actions: the Storyteller's choice
    toughness_ability="Athletic",  # 002 Knockout: "usually an attribute"
    rally_ability="Social",  # 002 Rally: "a big morale boosting speech"
)
