"""Every ability a combat or healing roll uses must be one the game can roll: checked when
its ruleset is built, so a house-ruled ability list that forgets its ``[combat]`` abilities
fails when the game is created, not mid-fight (rulings C11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollplay.errors import RollplayError
from rollplay.systems.fs3.expression import parse
from rollplay.systems.fs3.pool import resolve

if TYPE_CHECKING:
    from rollplay.systems.fs3.combat.gear import CombatRules
    from rollplay.systems.fs3.ruleset import FS3Ruleset

_ROLES = ("initiative", "toughness", "treat", "repair", "rally", "escape")


def combat_abilities(rules: CombatRules) -> list[tuple[str, str]]:
    """(setting, ability) for every ability combat and healing roll."""
    found = [(f"{role}_ability", getattr(rules, f"{role}_ability")) for role in _ROLES]
    for role in ("recovery", "healing", "strength"):  # house rules (rulings A31, A33)
        if getattr(rules, f"{role}_ability"):
            found.append((f"{role}_ability", getattr(rules, f"{role}_ability")))
    found += [(f"{t.name} defense_skill", t.defense_skill)
              for t in rules.combatant_types if t.defense_skill]  # fmt: skip
    found += [(f"{v.name} pilot_skill", v.pilot_skill) for v in rules.vehicle_types]
    for w in rules.weapons:
        found += [(f"{w.name} attack_skill", w.attack_skill)]
        found += [(f"{w.name} defense_skill", w.defense_skill)]
    return found


def unrollable(fs3: FS3Ruleset) -> str | None:
    """What is wrong, or None: each ability resolves as a roll string of this ruleset."""
    top = max(fs3.attribute_range[1], 1)
    ratings = dict.fromkeys(fs3.attributes, top)
    ratings.update({s.name: fs3.skill_range[0] for s in fs3.action_skills})
    for setting, ability in combat_abilities(fs3.combat):
        try:
            expression = parse(ability)
            if not expression.names:
                raise RollplayError("it names no ability")
            resolve(expression, fs3, ratings, hail_mary=True, unlisted="refuse")
        except RollplayError as exc:
            known = [*fs3.attributes, *(s.name for s in fs3.action_skills), *fs3.languages]
            why = str(exc).split(":")[0]
            return (
                f"combat {setting} {ability!r} is not rollable here ({why}); this game's "
                f"abilities: {', '.join(known)}; name them in its [combat] table"
            )
    return None
