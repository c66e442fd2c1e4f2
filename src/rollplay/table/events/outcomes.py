"""Every system's roll as the table keeps it: the typed JSON of an outcome, as its event
stores it and every surface draws it. A system computes with its own outcome objects
(rollplay.systems); its adapter (table/systems/) hands the table these records, the event
stores their JSON, and a card drawn from the log reads the same record it was drawn from
when the roll was made.

Fields that older rows lack take defaults, so every stored roll still decodes (the
version each was added in is noted where it matters); fields a newer rollplay adds are
ignored by an older one."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Discriminator, Tag, ValidationInfo, model_validator

WRITING = {"writing": True}  # the validation context of a write: no unknown keys


class Record(BaseModel):
    """A stored shape: immutable, and tolerant of keys it does not know when it reads (a row
    from a newer rollplay), but not when it writes: a key no field holds would be lost."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    @model_validator(mode="before")
    @classmethod
    def _nothing_lost(cls, data: Any, info: ValidationInfo) -> Any:
        if info.context and info.context.get("writing") and isinstance(data, dict):
            known = set(cls.model_fields) | {
                f.alias for f in cls.model_fields.values() if f.alias is not None
            }
            unknown = sorted(set(data) - known)
            if unknown:
                raise ValueError(f"{cls.__name__} has no field for {', '.join(unknown)}")
        return data

    @classmethod
    def written(cls, data: object) -> Self:
        """``data`` validated as this record for a write (see ``_nothing_lost``)."""
        return cls.model_validate(data, context=WRITING)


class Modifier(Record):
    """A named modifier to a pool, a skill or a difficulty: ``-1 wounds``."""

    reason: str
    value: int


# -- FS3 (000, 002) ------------------------------------------------------------------------


class Part(Record):
    """One term of an FS3 pool as the card says it: ``Firearms 3``, and its dice."""

    label: str
    dice: int


class Contest(Record):
    """One side of a contest, as its log entry keeps the result (000/002 Opposed Rolls; D6's
    initiator and resister). ``side`` says which side the entry is, and ``contest`` the log
    number of the contest's first entry (None on that entry itself), so points spent after
    the roll on either side can judge the contest again (003 Character Points; since issue
    28: older contests' entries have neither)."""

    winner: str | None = None
    winner_name: str | None = None
    net: int | None = None
    margin: str | int | None = None
    both_failed: bool = False
    side: str | None = None
    contest: int | None = None


class FS3Roll(Record):
    """An FS3 ability roll (000): its pool, every die, the successes and the level."""

    system: Literal["fs3"] = "fs3"
    name: str | None = None
    edition: str = "3.3"
    expression: str = ""
    parts: tuple[Part, ...] = ()
    pool: int
    requested: int
    attribute: int | None = None
    dice: tuple[int, ...]
    successes: int
    ones: int = 0
    level: str
    embarrassing: bool = False
    succeeded: bool = False
    modifiers: tuple[Modifier, ...] = ()
    luck: str | None = None
    discarded: FS3Roll | None = None  # a luck re-roll's roll not kept (002 Luck)
    ruleset: str | None = None  # the ruleset's name (since issue 8)
    success_at: int | None = None  # the face a success starts at, as judged (since issue 8)
    unlisted: str | None = None  # a skill not on the sheet, rolled at Everyman (000; R7)
    closest: str | None = None  # the listed name nearest to it, in case of a typo
    unneeded_luck: str | None = None  # a Hail Mary asked for on a roll allowed anyway (R12)
    # What the log adds to one roll of a command that made several:
    opposed: Contest | None = None  # one side of a contest
    assisting: str | None = None  # an assist roll, and whose roll it helped (000 Teamwork)

    @property
    def threshold(self) -> int:
        """The face a success starts at: as judged, or by the edition for older rows."""
        return self.success_at or (7 if self.edition == "3.2" else 6)


class FS3Team(FS3Roll):
    """The leader's roll of FS3 teamwork (000 Teamwork), with the assists it took."""

    assists: tuple[FS3Roll, ...]
    assist_modifier: int = 0
    assist_uncapped: int = 0


class FS3Opposed(Record):
    """Two FS3 rolls against each other (000/002 Opposed Rolls)."""

    system: Literal["fs3"] = "fs3"
    first: FS3Roll
    second: FS3Roll
    winner: Literal["first", "second"] | None = None
    winner_name: str | None = None
    net: int = 0
    margin: str = ""
    both_failed: bool = False


# -- GURPS (001) --------------------------------------------------------------------------


class Information(Record):
    """What a secret roll for information is worth (001 When the GM Rolls)."""

    category: str
    grade: str
    meaning: str
    truthful: bool | None = None


class GurpsRoll(Record):
    """A GURPS success roll (001): 3d6 against the effective skill."""

    system: Literal["gurps"] = "gurps"
    name: str | None = None
    skill: str | None = None
    default: str | None = None
    dice: tuple[int, ...]
    roll: int
    base: int
    modifiers: tuple[Modifier, ...] = ()
    effective: int
    defense: bool = False
    success: bool
    critical: bool = False
    critical_success: bool = False
    critical_failure: bool = False
    outcome: str
    margin: int
    secret: bool = False
    information: Information | None = None  # a secret roll graded for the GM


# -- D6 System (003) ----------------------------------------------------------------------


class Bonus(Record):
    """A die or number bonus to a D6 roll: ``+1D`` or ``+2``, and why."""

    dice: int = 0
    number: int = 0
    reason: str = ""


class D6Roll(Record):
    """A D6 skill check (003): the regular dice, the Wild Die's tosses, Character Point
    dice, what cancelled, and the verdict against a difficulty."""

    system: Literal["d6"] = "d6"
    name: str | None = None
    skill: str | None = None
    attribute: str | None = None
    code: str
    rolled: str
    dice: tuple[int, ...]
    wild: tuple[int, ...]
    cp_dice: tuple[tuple[int, ...], ...] = ()
    cancelled: tuple[int, ...] = ()
    pips: int = 0
    bonus: int = 0
    bonuses: tuple[Bonus, ...] = ()
    related: int = 0
    total: int
    difficulty: int | None = None
    difficulty_modifiers: tuple[Modifier, ...] = ()
    success: bool | None = None
    ties_succeed: bool = True
    critical_success: bool = False
    critical_failure: bool = False
    complication: bool = False
    wild_one: str = "complication"
    result_points: int | None = None
    bonus_points: int | None = None
    damage_bonus: int | None = None
    attack: bool = False
    fate: bool = False
    character_points: int = 0
    gm_allows_both: bool = False
    # What the log adds: one side of a contest; points added after the roll (003).
    opposed: Contest | None = None
    adds_to: int | None = None  # the entry this roll improves
    total_before: int | None = None


class D6Scores(Record):
    initiator: int
    resister: int


class D6Opposed(Record):
    """Two D6 rolls against each other (003 Opposed Difficulties): the initiator rolls
    first, and wins ties."""

    system: Literal["d6"] = "d6"
    initiator: D6Roll
    resister: D6Roll
    winner: Literal["initiator", "resister"]
    margin: int
    scores: D6Scores | None = None
    damage_bonus: int | None = None


def _kind(data: Any) -> str:
    """Which record a stored roll is: its system, and for FS3 and D6 whether it is a
    teamwork roll or a contest of two."""
    get = (
        data.get
        if isinstance(data, dict)
        else lambda key, default=None: getattr(data, key, default)
    )
    system = str(get("system", "fs3"))
    if get("assists") is not None:
        return "fs3-team"
    if get("first") is not None or get("initiator") is not None:
        return f"{system}-opposed"
    return system


# One roll as its log entry keeps it, whatever the system.
Outcome = Annotated[
    Annotated[FS3Roll, Tag("fs3")] | Annotated[FS3Team, Tag("fs3-team")]
    | Annotated[GurpsRoll, Tag("gurps")] | Annotated[D6Roll, Tag("d6")],
    Discriminator(_kind),
]  # fmt: skip
# What a roll command answers with: one roll, or a contest of two.
Rolled = Annotated[
    Annotated[FS3Roll, Tag("fs3")] | Annotated[FS3Team, Tag("fs3-team")]
    | Annotated[FS3Opposed, Tag("fs3-opposed")] | Annotated[GurpsRoll, Tag("gurps")]
    | Annotated[D6Roll, Tag("d6")] | Annotated[D6Opposed, Tag("d6-opposed")],
    Discriminator(_kind),
]  # fmt: skip
