"""FS3 combat's events (002 Combat; 004): a combat started, joined, left, stopped; actions
and stances set; luck spent between turns; a resolved turn's report; a healing day.

What FS3 keeps from the players (an NPC's dice, pools and rating: systems/fs3/combat/
secrecy.py) is left out of their part of an event, so in these types every field that
holds dice or a rating is optional: the players' view of a turn is the same type with those
fields None, and a card drawn from it says "dice kept by the Storyteller" by construction.
An NPC's plan for the turn is the Storyteller's alone: players learn only that one was
set (``HiddenStep``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import (
    ConfigDict,
    Field,
    JsonValue,
    field_validator,
)

from rollplay.table.events.outcomes import FS3Roll, Record
from rollplay.table.events.payloads import Payload, Provable, Sparse

# -- reports' parts -----------------------------------------------------------------------


class WoundRecord(Record):
    """A wound as combat reports it (002 Damage)."""

    location: str
    severity: str
    type: str = "wound"
    treated: bool = False  # first aid (004 Healing Damage)
    begun_healing: bool = False  # healing points gathered (002 Damage: either halves it)
    healing: int | None = None  # fifths of a level healed so far (004 Healing Damage)


class ArmorLayer(Record):
    """One layer of armor or cover a hit met (004 Armor, Cover)."""

    source: str
    protection: int | None = None
    stop_chance: int
    roll: int | None = None
    stopped: bool = False
    bypassed: bool = False
    reduction: int = 0
    reduction_roll: int | None = None


class Hit(Record):
    """Where a hit landed, what armor did, and the damage (002 Attack Resolution; 004 Hit
    Location, Damage Severity)."""

    kind: str | None = None  # for an explosion's hits: blast or shrapnel
    location: str | None = None
    moved_from: str | None = None  # an automatic hit's chart entry (a Miss, or taken): 004
    location_roll: int | None = None
    location_dice: tuple[int, ...] | None = None
    armor: tuple[ArmorLayer, ...] = ()
    damage_roll: int | None = None

    @field_validator("armor", mode="before")
    @classmethod
    def _layers(cls, value: object) -> object:
        """A blast's hit met one layer or none; a shot's, a list: always a list here."""
        if value is None:
            return ()
        return (value,) if isinstance(value, dict) else value

    damage: int | None = None
    wound: WoundRecord | None = None


class CrewRoll(Record):
    """004 Crew Hits: whether one of a vehicle's crew was hurt by a wound to it."""

    name: str
    chance: int
    roll: int | None = None
    hurt: bool = False
    count_dice: tuple[int, ...] = ()
    hits: tuple[Hit, ...] = ()


class Shot(Hit):
    """One attack: the two rolls, whether it hit, and the hit (002 Attack Resolution)."""

    actor: str | None = None
    action: str | None = None
    target: str | None = None
    attacker: str | None = None
    defender: str | None = None
    weapon: str | None = None
    attack_dice: tuple[int, ...] | None = None
    defense_dice: tuple[int, ...] | None = None
    attack_hits: int | None = None
    defense_hits: int | None = None
    attack_roll: FS3Roll | None = None
    defense_roll: FS3Roll | None = None
    pools: tuple[int, ...] | None = None
    outcome: str | None = None
    cover_roll: int | None = None
    effect: str | None = None
    result: str | None = None  # reports stored before effects were codes
    crew_hits: dict[str, tuple[Hit, ...]] | None = None
    crew_rolls: tuple[CrewRoll, ...] = ()
    severity: str | None = None  # the damage's level, a graze too (no wound: rulings A29)
    strength_roll: FS3Roll | None = None  # a melee hit's strength roll (rulings A31)


class Caught(Record):
    """Someone an explosion caught (004 Explosions): their zone, their defense, their hits."""

    name: str
    distance: float | None = None
    start_zone: int | None = None
    zone: int | None = None
    defense_dice: tuple[int, ...] | None = None
    defense_roll: FS3Roll | None = None
    hits: tuple[Hit, ...] = ()
    pieces_dice: tuple[int, ...] | None = None
    effect: str | None = None
    crew_hits: dict[str, tuple[Hit, ...]] | None = None
    crew_rolls: tuple[CrewRoll, ...] = ()


class Safe(Record):
    name: str
    distance: float


class Step(Shot):
    """What one combatant did in a turn: an attack (with its hit), a burst (its bullets), a
    throw (who it caught), or another action (aim, reload, escape, rally, treat, pass), with
    its effect and any roll it took."""

    why: str | None = None  # an action that could not be taken
    rounds: int | None = None
    bullets: tuple[Shot, ...] = ()
    caught: tuple[Caught, ...] = ()
    safe: tuple[Safe, ...] = ()
    suppression: int | None = None
    aim_bonus: int | None = None
    revived: bool | None = None
    ability: str | None = None
    dice: tuple[int, ...] | None = None
    roll: FS3Roll | None = None
    holder_dice: tuple[int, ...] | None = None
    holder_roll: FS3Roll | None = None


class Initiative(Record):
    """002 Initiative: a combatant's roll and tie-breaks."""

    name: str
    hits: int | None = None
    tiebreak: int | None = None
    tiebreaks: tuple[int, ...] = ()
    dice: tuple[int, ...] | None = None
    roll: FS3Roll | None = None


class Knockout(Record):
    """002 Knockout: a toughness roll after the turn's actions."""

    name: str
    dice: tuple[int, ...] | None = None
    modifier: int | None = None
    knocked_out: bool
    luck: str | None = None
    roll: FS3Roll | None = None


class Standing(Record):
    """How a combatant stands, after a turn or in a status (between.summary)."""

    name: str
    team: str
    npc: bool = False
    kind: str = "Human"
    weapon: str = "Unarmed"
    armor: str = "None"
    stance: str = "Normal"
    ammo: int | None = None
    wounds: tuple[WoundRecord, ...] = ()
    wound_modifier: int = 0
    fresh_wounds: tuple[int, ...] = ()
    suppression: int = 0
    luck: int | None = None
    knocked_out: bool = False
    subdued_by: str | None = None
    crew: tuple[str, ...] = ()


class ActionSet(Record):
    """An action set for the coming turn (002 Combat Turns)."""

    kind: str
    target: str | None = None
    called: str | None = None
    range: str = "short"
    luck: str | None = None
    stance: str | None = None
    weapon: str | None = None
    burst: tuple[str, ...] = ()
    near: tuple[str, ...] = ()
    luck_spend: str | None = None
    luck_on: str | None = None


# -- the events -----------------------------------------------------------------------------


class Step_(Payload):
    """What every combat event says: which combat, at which turn."""

    kind: ClassVar[str] = "combat"
    combat: str
    turn: int = 1


class CombatStarted(Step_):
    kind: ClassVar[str] = "combat_start"


class CombatStopped(Step_):
    kind: ClassVar[str] = "combat_stop"


class CombatDeleted(Step_):
    kind: ClassVar[str] = "combat_delete"


class Joined(Step_):
    """Someone joined; an NPC's rating is left out of the players' part."""

    model_config = ConfigDict(frozen=True, extra="ignore", populate_by_name=True)
    kind: ClassVar[str] = "combat_join"
    name: str
    team: str = "A"
    npc: bool = False
    rating: int | None = None
    weapon: str = "Unarmed"
    armor: str = "None"
    type_: str = Field("Human", alias="kind")


class Left(Step_):
    kind: ClassVar[str] = "combat_leave"
    name: str


class StanceTaken(Step_):
    kind: ClassVar[str] = "combat_stance"
    name: str
    stance: str


class ActionChosen(Step_):
    kind: ClassVar[str] = "combat_action"
    name: str
    action: ActionSet


class LuckBetween(Step_):
    """002 Luck in combat, between turns: a wound moved or a knockout recovered."""

    kind: ClassVar[str] = "combat_luck"
    name: str
    combatant: Standing


class HiddenStep(Step_):
    """An NPC's plan, as players learn of it: that one was set, by whom."""

    kind: ClassVar[str] = "combat_action"
    who: str


class Turn(Step_, Sparse):
    """A resolved turn (002 Combat Turns), every roll in it, top to bottom."""

    kind: ClassVar[str] = "combat_turn"
    game: str | None = None
    initiative: tuple[Initiative, ...] = ()
    events: tuple[Step, ...] = ()
    knockouts: tuple[Knockout, ...] = ()
    notes: tuple[str, ...] = ()
    combatants: tuple[Standing, ...] = ()
    dice_source: str | None = None
    provable: Provable | None = None  # the whole event's only: never in the players' part
    # A reader's, never stored: the reveal that showed the turn whole (events/ledger.py).
    revealed: int | None = None
    unset: ClassVar[Mapping[str, JsonValue]] = {"revealed": None}

    def hides(self) -> bool:
        """Whether players are shown less of it than the Storyteller (an NPC fought in it:
        their dice and ratings, 004), so the Storyteller may reveal it (rulings S73)."""
        return any(c.npc for c in self.combatants)


# -- healing (004 Healing Damage, Vehicle Healing) -------------------------------------------


class Healed(Record):
    """One wound's progress in a day."""

    model_config = ConfigDict(frozen=True, extra="ignore", populate_by_name=True)
    location: str
    before: str = Field(alias="from")
    after: str = Field(alias="to")


class Patient(Record):
    name: str
    hospital: bool = False
    points: int = 0
    wounds: tuple[Healed, ...] = ()
    toughness: tuple[int, ...] = ()
    toughness_roll: FS3Roll
    doctor: str | None = None
    medicine: tuple[int, ...] | None = None
    medicine_roll: FS3Roll | None = None
    doctor_problem: str | None = None


class Repaired(Record):
    vehicle: str
    mechanic: str
    combat: str | None = None
    points: int = 0
    wounds: tuple[Healed, ...] = ()
    repair: tuple[int, ...] = ()
    repair_roll: FS3Roll


class Skipped(Record):
    name: str
    problem: str


class HealDay(Payload):
    kind: ClassVar[str] = "heal_day"
    game: str
    day: int
    already_healed: bool = False
    patients: tuple[Patient, ...] = ()
    vehicles: tuple[Repaired, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    dice_source: str | None = None
    provable: Provable | None = None
