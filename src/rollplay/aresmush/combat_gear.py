"""Weapons, armor and their specials (``fs3combat_weapons.yml``, ``fs3combat_armor.yml``):
read into house rules and written back (issue 38; rulings A20 to A25)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.aresmush.combat_base import Side
from rollplay.systems.fs3.combat.kindcheck import WEAPON_CHANGES
from rollplay.systems.fs3.combat.kit import Armor, Weapon

WEAPON_TYPES = ("melee", "ranged", "explosive", "suppressive")
BURST = 8  # AresMUSH's full-auto fires 8 rounds (rulings A22)
BLAST = 5  # an explosive's blast radius, as rollplay's own Grenade (rulings A22)
SHRAPNEL = "Shrapnel"
WEAPON_KEYS = (
    "skill",
    "lethality",
    "penetration",
    "weapon_type",
    "is_automatic",
    "recoil",
    "damage_type",
    "accuracy",
    "init_mod",
    "has_shrapnel",
    "ammo",
    "allowed_specials",
)


def read_weapons(side: Side, defense: str, skills: set[str] | None) -> list[dict[str, Any]]:
    """Each weapon as a house-rules row; ranged weapons are dodged with ``defense`` (the
    default defense skill), melee ones parried with their own skill (A24)."""
    file, weapons = side.table("weapons")
    out = []
    for name, w in weapons.items():
        key = f"weapons.{name}"
        side.rest(file, key, w, WEAPON_KEYS)
        skill = w.get("skill")
        if name == SHRAPNEL or isinstance(skill, int):
            side.claim(  # kept as the game had it for the export (rulings A18)
                file,
                key,
                "unsupported",
                "AresMUSH's own shrapnel and crew-hit weapon (a fixed pool); rollplay's "
                "shrapnel and crew hits follow 004 Explosions and Crew Hits, so it is "
                "not a weapon there (rulings A22)",
            )
            continue
        skill = side.text(file, f"{key}.skill", skill)
        if skills is not None and skill.casefold() not in skills:
            raise side.bad(file, f"{key}.skill", f"{skill!r} is not an action skill of this game")
        kind = str(w.get("weapon_type", "")).casefold()
        if kind not in WEAPON_TYPES:
            kind = "odd"
        nums = {
            k: int(side.number(file, f"{key}.{k}", w.get(k) or 0))
            for k in ("lethality", "penetration", "recoil", "accuracy", "init_mod", "ammo")
        }
        melee = kind == "melee"
        row = {
            "name": str(name),
            "attack_skill": skill,
            "defense_skill": skill if melee else defense,
            "melee": melee,
            **nums,
            "damage": _damage(w.get("damage_type")),
            "burst": BURST if w.get("is_automatic") is True else 0,
            "blast_radius": BLAST if kind == "explosive" else 0,
            "shrapnel": w.get("has_shrapnel") is True,
            "suppressive": kind == "suppressive",
            "specials": list(
                side.names(file, f"{key}.allowed_specials", w.get("allowed_specials"))
            ),
        }
        out.append(row)
        _claim_weapon(side, file, key, w)
    return out


def _damage(value: Any) -> str:
    return "stun" if str(value).casefold() == "stun" else "wound"


def _claim_weapon(side: Side, file: str, key: str, w: Mapping[str, Any]) -> None:
    kept = (
        "skill",
        "lethality",
        "penetration",
        "recoil",
        "ammo",
        "accuracy",
        "init_mod",
        "has_shrapnel",
        "allowed_specials",
    )
    for k in kept:
        if k in w:
            side.claim(file, f"{key}.{k}", "kept", _NOTES.get(k, "as it is"))
    if "damage_type" in w:
        side.claim(
            file,
            f"{key}.damage_type",
            "converted",
            "Stun deals stun damage (002), anything else wounds",
        )
    if "weapon_type" in w:
        kind = str(w["weapon_type"]).casefold()
        odd = (
            f"{w['weapon_type']!r} is none of AresMUSH's weapon types (Melee, Ranged, "
            f"Explosive, Suppressive), which its code fights as a ranged weapon: so does "
            f"rollplay"
        )
        side.claim(file, f"{key}.weapon_type", "converted", _TYPE_NOTES.get(kind, odd))
    if "is_automatic" in w:
        side.claim(
            file,
            f"{key}.is_automatic",
            "converted",
            f"true: fires {BURST}-round bursts by 004 Burst Fire, every bullet after the "
            f"first at -recoil per bullet so far, as AresMUSH's full-auto does (A22)",
        )


_NOTES = {
    "skill": "its attack skill",
    "accuracy": "added to every attack roll with it (rulings A20)",
    "init_mod": "added to its wielder's initiative roll (rulings A21)",
    "recoil": "taken off each later bullet of a burst, per bullet so far (004 Burst Fire)",
    "allowed_specials": "the specials a player may fit: WEAPON+SPECIAL (rulings A25)",
}
_TYPE_NOTES = {
    "melee": "a melee weapon: parried with its own skill, 004's melee modifier (A24)",
    "ranged": "a ranged weapon, dodged with the default defense skill or the target type's",
    "explosive": f"an explosive: 004 Explosions, blast radius {BLAST} (AresMUSH hits each "
    "target named; rollplay catches bystanders by zone) (rulings A22)",
    "suppressive": "only suppresses (004 Suppressing); an attack with it is refused (A22)",
}


def read_specials(side: Side, key: str, changes: tuple[str, ...]) -> list[dict[str, Any]]:
    """``weapon specials`` or ``armor specials``: each a name and the numbers it adds."""
    file, table = side.table(key)
    out = []
    for name, s in table.items():
        where = f"{key}.{name}"
        row: dict[str, Any] = {"name": str(name), "changes": {}, "protection": {}}
        for stat, value in s.items():
            if stat == "description":
                continue
            if stat == "protection" and key == "armor specials":
                row["protection"] = _protection(side, file, f"{where}.protection", value)
            elif stat in changes:
                row["changes"][stat] = int(side.number(file, f"{where}.{stat}", value))
            else:
                continue
            side.claim(file, f"{where}.{stat}", "kept", "added to the gear it is fitted to (A25)")
        side.rest(file, where, s, (*changes, "protection"))
        out.append(row)
    return out


def read_armor(side: Side) -> list[dict[str, Any]]:
    file, table = side.table("armor")
    out = []
    for name, a in table.items():
        key = f"armor.{name}"
        side.rest(file, key, a, ("defense", "protection", "allowed_specials"))
        out.append(
            {
                "name": str(name),
                "protection": _protection(side, file, f"{key}.protection", a.get("protection")),
                "defense": int(side.number(file, f"{key}.defense", a.get("defense") or 0)),
                "specials": list(
                    side.names(file, f"{key}.allowed_specials", a.get("allowed_specials"))
                ),
            }
        )
        side.claim(file, f"{key}.protection", "kept", "by hit location (004 Armor)")
        for k, note in (
            ("defense", "added to its wearer's defense rolls (A25)"),
            ("allowed_specials", "the specials a player may fit: ARMOR+SPECIAL"),
        ):
            if k in a:
                side.claim(file, f"{key}.{k}", "kept", note)
    return out


def _protection(side: Side, file: str, key: str, value: Any) -> dict[str, int]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise side.bad(file, key, "hit locations and their protection, like Head: 4")
    return {str(k): int(side.number(file, f"{key}.{k}", v)) for k, v in value.items()}


def write_weapons(weapons: tuple[Weapon, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for w in weapons:
        kind = (
            "Melee"
            if w.melee
            else "Explosive"
            if w.blast_radius
            else "Suppressive"
            if w.suppressive
            else "Ranged"
        )
        out[w.name] = {
            "description": w.name,
            "skill": w.attack_skill,
            "lethality": w.lethality,
            "penetration": w.penetration,
            "weapon_type": kind,
            "is_automatic": w.burst > 0,
            "recoil": w.recoil,
            "damage_type": "Stun" if w.damage == "stun" else "Physical",
            "accuracy": w.accuracy,
            "has_shrapnel": w.shrapnel,
            "init_mod": w.init_mod,
            "ammo": w.ammo,
        }
        if w.specials:
            out[w.name]["allowed_specials"] = list(w.specials)
    out.setdefault(
        SHRAPNEL,
        {
            "description": "Random Shrapnel",  # AresMUSH's default game's
            "skill": 3,
            "lethality": 0,
            "penetration": 5,
            "weapon_type": "Ranged",
            "is_automatic": False,
            "recoil": 0,
            "damage_type": "Physical",
            "accuracy": 0,
            "has_shrapnel": False,
            "init_mod": 0,
        },
    )
    return out


def write_armor(armor: tuple[Armor, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for a in armor:
        out[a.name] = {
            "description": a.name,
            "defense": a.defense,
            "protection": dict(a.protection),
        }
        if a.specials:
            out[a.name]["allowed_specials"] = list(a.specials)
    return out


WEAPON_SPECIAL_CHANGES = WEAPON_CHANGES
