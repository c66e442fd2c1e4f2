"""What the combat tracker's forms offer and start from (_combat_forms.html): whom the viewer
acts for, who may still join, the game's gear, and the orders in force they are drawn filled
with (rulings W84), keyed so the page redraws them only when one of these changes. Shared by
the combat page (web_combat.py), a scene's combat panel (web_scene_combat.py) and the NPC
roster's "add to combat" (web_npcs.py, the gear)."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any, NamedTuple

from rollplay.render.combat import action_rest, action_said
from rollplay.server.pages import templates
from rollplay.systems.fs3.combat.state import ACTIONS, LUCK_ROLLS
from rollplay.table.answers import CombatStatus
from rollplay.table.events.combat import ActionSet
from rollplay.table.info import GameInfo
from rollplay.table.systems import system

# An action in words, in the tracker's Action column and the forms' "in force" line: the
# templates that draw them are rendered only by the routes that import this module.
templates.env.filters["action_said"] = action_said
templates.env.filters["action_rest"] = action_rest


class Gear(NamedTuple):
    """The choices a game's combat forms offer, from its own combat rules."""

    weapons: tuple[str, ...]
    armor: tuple[str, ...]
    stances: tuple[str, ...]
    locations: tuple[str, ...]
    ranges: tuple[str, ...]
    actions: tuple[str, ...]
    luck: tuple[str, ...]


class FormChoices(NamedTuple):
    """What the combat forms offer and start from (``form_choices``); a template's context
    as ``context()``."""

    fighters: list[str]
    mine: list[str]
    joinable: list[str]
    gear: Gear
    orders: dict[str, dict[str, str]]
    stances: dict[str, dict[str, str]]
    acting: str
    npcs: list[str]
    roster: str

    def context(self) -> dict[str, Any]:
        return self._asdict()


def form_choices(info: GameInfo, status: CombatStatus, who: str = "") -> FormChoices:
    """What the forms offer: whom the viewer acts for (the Storyteller: everyone), who may
    still join, and the game's gear; and what they start from, the orders in force (rulings
    W84): each combatant's action set (a carried one too) and stance, as the viewer may see
    them, ``acting`` (``who``, or the first the viewer acts for) drawn filled in. ``roster``
    keys all of it, to know when to redraw: a turn resolved, an order or a stance changed,
    someone joining, leaving or knocked out (static/combat_forms.js keeps what the reader
    was changing across the redraw)."""
    fighters = status.names
    storyteller = info.role == "storyteller"
    yours = {name_key(n) for n in info.yours}
    mine = fighters if storyteller else [n for n in fighters if name_key(n) in yours]
    inside = {name_key(n) for n in fighters}
    pool = info.characters if storyteller else info.yours
    joinable = [n for n in pool if name_key(n) not in inside]
    standing = [c for c in status.combatants if not isinstance(c, str)]
    stances = {c.name: {"stance": c.stance} for c in standing if c.name in mine}
    orders = {n: _filled(status.actions.get(n)) for n in mine}
    acting = next((n for n in mine if name_key(n) == name_key(who)), mine[0] if mine else "")
    npcs = [c.name for c in standing if c.npc and not c.knocked_out] if storyteller else []
    rules = json.dumps(info.rules or {}, sort_keys=True)
    seen = json.dumps([status.active, status.turn, fighters, mine, joinable, info.role, rules,
                       orders, stances, npcs])  # fmt: skip
    return FormChoices(fighters, mine, joinable, gear_of(info), orders, stances, acting, npcs,
                       hashlib.sha256(seen.encode()).hexdigest()[:20])  # fmt: skip


def _filled(a: ActionSet | None) -> dict[str, str]:
    """The action form's fields as an action in force fills them ("" where it sets none:
    the form's first choice, or none)."""
    if a is None:
        return {"kind": "", "target": "", "called": "", "range": "short", "luck": "",
                "burst": ""}  # fmt: skip
    return {"kind": a.kind, "target": a.target or "", "called": a.called or "",
            "range": a.range or "short", "luck": a.luck or "",
            "burst": "on" if a.burst else ""}  # fmt: skip


def gear_of(info: GameInfo) -> Gear:
    """The weapons, armor and the rest a game's combat forms offer (the NPC roster's too)."""
    return _gear(info.system, info.edition, json.dumps(info.rules or {}, sort_keys=True))


@lru_cache(maxsize=64)
def _gear(system_name: str, edition: str, rules: str) -> Gear:
    """The choices the forms offer, from the game's own combat rules (docs/combat.md)."""
    gear = system(system_name).ruleset(edition, json.loads(rules)).combat
    return Gear(weapons=tuple(w.name for w in gear.weapons),
                armor=tuple(a.name for a in gear.armor), stances=tuple(gear.stances),
                locations=tuple(gear.charts), ranges=tuple(gear.range_modifiers),
                actions=ACTIONS, luck=LUCK_ROLLS)  # fmt: skip


def name_key(name: str) -> str:
    """A name as the tracker matches it: spaces tidied, any case."""
    return " ".join(name.split()).casefold()
