"""Which of a turn's actions carry into the next (rulings W40): those of the kinds the game's
``carry_over`` names, set by a player or the Storyteller (not an NPC's chosen for it), checked
again against the combat as the turn left it. A luck point, a stance change and a weapon drawn
were for the turn just played, so they do not carry; an action at someone knocked out, or that
the rules now refuse (an empty clip, a target gone), is dropped and asked for anew."""

from __future__ import annotations

from dataclasses import asdict, replace

from rollplay.errors import RollplayError
from rollplay.systems.fs3.combat.checks import check_action
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.state import Action, Combatant, mentions
from rollplay.systems.fs3.ruleset import FS3Ruleset


def carried(
    actions: dict[str, Action], after: list[Combatant], rules: CombatRules, fs3: FS3Ruleset
) -> dict[str, Action]:
    """The actions set for the turn just resolved that stand for the next one."""
    everyone = {f.name: f for f in after}
    kept: dict[str, Action] = {}
    for name, action in actions.items():
        me = everyone.get(name)
        if me is None or action.kind not in rules.carry_over:
            continue
        again = replace(action, luck=None, luck_on=None, luck_spend="bonus", stance=None,
                        weapon=None)  # fmt: skip
        named = mentions(asdict(again))
        if any(n not in everyone or everyone[n].knocked_out for n in named):
            continue
        try:
            check_action(me, again, everyone, rules, fs3=fs3, others=kept)
        except RollplayError:
            continue
        kept[name] = again
    return kept
