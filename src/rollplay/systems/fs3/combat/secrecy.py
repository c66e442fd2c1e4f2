"""What FS3 combat keeps from the players: an NPC's single rating (004 NPC Skills) is the
Storyteller's to know, so the players' view of a turn shows what every roll involving an NPC
did (hit, wound, knockout) but not the NPC's dice, whose count would give the rating away.
In an attack between a character and an NPC the character's own side (its attack or its
defense) keeps its dice: they are drawn from the character's ratings alone (rulings W71)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

# The keys a part of a turn names its combatants by.
_WHO = ("name", "actor", "attacker", "target", "defender", "patient", "holder")


def players_view(turn: Mapping[str, Any], npcs: Collection[str]) -> dict[str, Any]:
    """A resolved turn (or any part of it) with the dice of every part an NPC takes part in
    left out; parts among characters only are kept whole."""
    if not npcs:
        return dict(turn)
    return dict(_redact(turn, set(npcs)))  # the part itself too: an NPC's join names its rating


# An attack's two sides: the keys its dice are under, and who rolled them.
_SIDES = {"attack_": ("attacker", "actor"), "defense_": ("defender", "target")}


def _redact(value: Any, npcs: set[str]) -> Any:
    if isinstance(value, Mapping):
        involved = any(value.get(k) in npcs for k in _WHO if isinstance(value.get(k), str))
        return {
            k: _redact(v, npcs) for k, v in value.items()
            if not (involved and _is_dice(k) and not _characters_own(value, k, npcs))
        }  # fmt: skip
    if isinstance(value, list):
        return [_redact(v, npcs) for v in value]
    return value


def _characters_own(part: Mapping[str, Any], key: str, npcs: set[str]) -> bool:
    """Whether ``key`` is one side of an attack rolled by a character, not an NPC (its
    ``pools`` hold both sides, so never)."""
    for prefix, roles in _SIDES.items():
        if key.startswith(prefix):
            who = next((part[r] for r in roles if isinstance(part.get(r), str)), None)
            return who is not None and who not in npcs
    return False


def _is_dice(key: str) -> bool:
    return key in ("dice", "roll", "rating", "ratings", "pool", "pools") or key.endswith(
        ("_dice", "_roll", "_rating")
    )


def npc_names(combatants: list[Mapping[str, Any]]) -> set[str]:
    """The NPCs among a combat's stored combatants."""
    return {str(c["name"]) for c in combatants if c.get("npc") or c.get("rating") is not None}
