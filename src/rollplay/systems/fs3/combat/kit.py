"""Combat's kit: the kinds of its data (weapons, armor, severities, explosion zones, crew
hits) and the default of each, which a game's rules file may replace (gear.py's
``CombatRules`` holds them with the rest of combat's numbers; docs/combat.md). The head chart
is 004's, exactly; the others are designed in its spirit (rulings C1): the better the roll,
the nearer the bullseye, and the worst rolls miss.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

DamageType = Literal["wound", "stun"]
# Settings added after rulesets were fingerprinted: left out of a ruleset's fingerprint
# while at their default, so a game that sets none keeps the fingerprint it had
# (table/systems/protocol.py canonical_rules).
QUIET = {"quiet_default": True}


@dataclass(frozen=True)
class Weapon:
    name: str
    attack_skill: str
    defense_skill: str
    melee: bool = False
    lethality: int = 0
    penetration: int = 2
    recoil: int = 0
    # Rounds in a full clip; 0 for melee weapons, and for a ranged weapon that never runs out
    # (AresMUSH's weapons with no ammo: rulings A22).
    ammo: int = 0
    damage: DamageType = "wound"
    burst: int = 0  # rounds in a full-auto burst (004 Burst Fire); 0: single shots only
    blast_radius: int = 0  # explosives (004 Explosions): zone 0 within it, zone 1 within twice
    shrapnel: bool = False
    # House rules real games use (rulings A20-A22, A25); the defaults are the texts' rules.
    accuracy: int = field(default=0, metadata=QUIET)  # added to every attack roll with it
    init_mod: int = field(default=0, metadata=QUIET)  # added to its wielder's initiative roll
    suppressive: bool = field(
        default=False, metadata=QUIET
    )  # it only suppresses (an attack with it is refused)
    specials: tuple[str, ...] = field(
        default=(), metadata=QUIET
    )  # the weapon specials a player may fit to it


@dataclass(frozen=True)
class Armor:
    name: str
    protection: dict[str, int] = field(default_factory=dict)  # hit location -> protection
    defense: int = field(
        default=0, metadata=QUIET
    )  # added to its wearer's defense rolls (rulings A25)
    specials: tuple[str, ...] = field(
        default=(), metadata=QUIET
    )  # the armor specials a player may fit to it

    def at(self, location: str) -> int:
        return self.protection.get(location, 0)


@dataclass(frozen=True)
class Severity:
    """A row of 004's Damage Severity table, with 002's wound modifier."""

    name: str
    modifier: float
    at_most: int | None = None  # the highest modified damage roll of this severity; None: no top
    # False: a hit of this severity leaves no wound (AresMUSH's graze; rulings A29).
    tracked: bool = field(default=True, metadata=QUIET)


MISS = "Miss"


def chart(text: str) -> tuple[str, ...]:
    """A chart written as 004 writes it: entry n is for a modified 2d8 roll of n."""
    return tuple(MISS if word.upper() == "MISS" else word for word in text.split())


# 004 Hit Location, exactly.
HEAD = chart(
    "MISS MISS MISS MISS Right_Arm Left_Arm Abdomen Chest Chest Neck Head Head Head Head Head"
)
# The others, designed in its spirit: a torso's worst rolls stray to the limbs, a limb's to
# the torso; the best rolls hit what was aimed at (rulings C1).
_TORSO = (
    "MISS MISS MISS Right_Leg Left_Leg Right_Arm Left_Arm {near} {near} "
    "{it} {it} {it} {it} {it} {it}"
)
_ARM = "MISS MISS MISS MISS MISS {near} Abdomen Chest Chest {it} {it} {it} {it} {it} {it}"
_LEG = "MISS MISS MISS MISS MISS {other} {arm} Abdomen Abdomen {it} {it} {it} {it} {it} {it}"
CHARTS: dict[str, tuple[str, ...]] = {
    "Head": HEAD,
    "Neck": chart(
        "MISS MISS MISS MISS Right_Arm Left_Arm Abdomen Chest Chest Head Neck Neck Neck Neck Neck"
    ),
    "Chest": chart(_TORSO.format(near="Abdomen", it="Chest")),
    "Abdomen": chart(_TORSO.format(near="Chest", it="Abdomen")),
    "Right_Arm": chart(_ARM.format(near="Right_Leg", it="Right_Arm")),
    "Left_Arm": chart(_ARM.format(near="Left_Leg", it="Left_Arm")),
    "Right_Leg": chart(_LEG.format(other="Left_Leg", arm="Right_Arm", it="Right_Leg")),
    "Left_Leg": chart(_LEG.format(other="Right_Leg", arm="Left_Arm", it="Left_Leg")),
    # A ground vehicle: its main body (the hull), with the engine, wheels and cockpit about it.
    "Hull": chart(
        "MISS MISS MISS MISS Wheels Wheels Engine Engine Hull Cockpit Hull Hull Hull Hull Hull"
    ),
    "Cockpit": chart("MISS MISS MISS MISS Wheels Engine Hull Hull Hull " + "Cockpit " * 6),
}

WEAPONS = (
    Weapon("Unarmed", "Melee", "Melee", melee=True, lethality=-30, penetration=1, damage="stun"),
    Weapon("Knife", "Melee", "Melee", melee=True, lethality=-10, penetration=2),
    Weapon("Sword", "Melee", "Melee", melee=True, lethality=0, penetration=2),
    Weapon("Pistol", "Firearms", "Reflexes", lethality=0, penetration=2, recoil=1, ammo=12),
    Weapon("Rifle", "Firearms", "Reflexes", lethality=10, penetration=4, recoil=1, ammo=30),
    Weapon(
        "Assault Rifle",
        "Firearms",
        "Reflexes",
        lethality=10,
        penetration=4,
        recoil=1,
        ammo=30,
        burst=10,
    ),
    Weapon("Shotgun", "Firearms", "Reflexes", lethality=15, penetration=2, recoil=2, ammo=6),
    Weapon("Taser", "Firearms", "Reflexes", lethality=-20, penetration=1, ammo=1, damage="stun"),
    Weapon(
        "Grenade",
        "Athletics",
        "Reflexes",
        lethality=0,
        penetration=3,
        ammo=1,
        blast_radius=5,
        shrapnel=True,
    ),
    # 004 Vehicle Weapons; fired with Firearms, dodged like any gun (rulings C11).
    Weapon("Vehicle Gun", "Firearms", "Reflexes", lethality=0, penetration=8, ammo=20),
)
TORSO = ("Chest", "Abdomen")
ARMOR = (
    Armor("None"),
    Armor("Flak Vest", dict.fromkeys(TORSO, 4)),
    Armor("Helmet", {"Head": 5}),
    Armor("Tactical Armor", {**dict.fromkeys(TORSO, 6), "Head": 5, "Neck": 2}),
    Armor("Light Vehicle", {"Hull": 6, "Engine": 6, "Wheels": 4, "Cockpit": 3}),
)


@dataclass(frozen=True)
class Zone:
    """A row of 004's explosion zone table: shrapnel pieces ("4d4", "1d4/2", "" for none)
    and the damage modifier."""

    shrapnel: str
    modifier: int


ZONES = (Zone("4d4", 50), Zone("1d6", 0), Zone("1d4", -25), Zone("1d4/2", -50), Zone("", -100))


@dataclass(frozen=True)
class CrewHit:
    """A row of 004's Crew Hits table: a passenger's chance (percent) to be hurt when the
    vehicle takes a wound of this severity in its main body, and how many hits."""

    severity: str
    chance: int
    hits: str  # "1", "1d4/2", "1d4"


CREW_HITS = (
    CrewHit("Light", 1, "1"),
    CrewHit("Moderate", 5, "1"),
    CrewHit("Serious", 10, "1d4/2"),
    CrewHit("Critical", 50, "1d4"),
)
