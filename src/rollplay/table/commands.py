"""The table's commands as typed values: what every surface (the command line, the command
language of ``grammar.py``, the server, the chat bridges) asks the service to do.

A command names what to do and to what, never who asks: the service runs it for an actor
(``Service.execute(actor, command)``) and decides there whether that actor may. Where a
command leaves ``character`` as None, it means the actor's own character in the game (a
player's only character there); ``game`` None means the only game the names fit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rollplay.errors import RollplayError
from rollplay.table.combat_commands import CombatAction as CombatAction
from rollplay.table.combat_commands import CombatJoin as CombatJoin
from rollplay.table.combat_commands import CombatLeave as CombatLeave
from rollplay.table.combat_commands import CombatMoveWound as CombatMoveWound
from rollplay.table.combat_commands import CombatOrders as CombatOrders
from rollplay.table.combat_commands import CombatRecover as CombatRecover
from rollplay.table.combat_commands import CombatStance as CombatStance
from rollplay.table.combat_commands import CombatStart as CombatStart
from rollplay.table.combat_commands import CombatStatus as CombatStatus
from rollplay.table.combat_commands import CombatStop as CombatStop
from rollplay.table.combat_commands import CombatTurn as CombatTurn
from rollplay.table.combat_commands import NpcOrder as NpcOrder
from rollplay.table.scene_commands import AnswerRequest as AnswerRequest
from rollplay.table.scene_commands import CancelRequest as CancelRequest
from rollplay.table.scene_commands import ImportScene as ImportScene
from rollplay.table.scene_commands import Pose as Pose
from rollplay.table.scene_commands import PoseDelete as PoseDelete
from rollplay.table.scene_commands import PoseEdit as PoseEdit
from rollplay.table.scene_commands import PoseStyle as PoseStyle
from rollplay.table.scene_commands import Reveal as Reveal
from rollplay.table.scene_commands import SceneInvite as SceneInvite
from rollplay.table.scene_commands import SceneJoin as SceneJoin
from rollplay.table.scene_commands import SceneOrder as SceneOrder
from rollplay.table.scene_commands import ScenePause as ScenePause
from rollplay.table.scene_commands import SceneResume as SceneResume
from rollplay.table.scene_commands import SceneSet as SceneSet
from rollplay.table.scene_commands import SceneStart as SceneStart
from rollplay.table.scene_commands import SceneStop as SceneStop
from rollplay.table.systems import Request

Visibility = Literal["public", "private", "secret"]
# attribute and advantage: where a game prices them in XP (rulings A12).
SkillKind = Literal["action", "background", "language", "attribute", "advantage"]


_VISIBILITIES: dict[str, Visibility] = {"public": "public", "private": "private",
                                        "secret": "secret"}  # fmt: skip
_KINDS: dict[str, SkillKind] = {"action": "action", "background": "background",
                                "language": "language", "attribute": "attribute",
                                "advantage": "advantage"}  # fmt: skip


def visibility(text: str) -> Visibility:
    """``text`` as a visibility, or one line naming those there are."""
    found = _VISIBILITIES.get(text)
    if found is None:
        raise RollplayError(f"unknown visibility {text!r}; accepted: public, private, secret")
    return found


def skill_kind(text: str) -> SkillKind:
    """``text`` as a kind of FS3 skill (002 Experience), or one line naming them."""
    found = _KINDS.get(text)
    if found is None:
        raise RollplayError(f"unknown kind of skill {text!r}; accepted: {', '.join(_KINDS)}")
    return found


@dataclass(frozen=True)
class Side:
    """One roller in a roll: a character (None: the actor's own) and what they roll."""

    character: str | None
    request: Request


# -- rolls ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """A roll from a character's sheet (``roll Firearms+Reflexes-1``, ``roll Nikos/Piloting``)."""

    game: str | None
    side: Side
    visibility: Visibility = "public"


@dataclass(frozen=True)
class NpcRoll:
    """A roll with no sheet behind it, made by a Storyteller: an FS3 NPC's single rating
    (``roll 5``, 004), a GURPS level (``roll 12``), a D6 code (``roll 4D+2 vs 15``). ``name``
    says who rolls, for the log."""

    game: str | None
    request: Request
    name: str | None = None
    visibility: Visibility = "public"


@dataclass(frozen=True)
class Opposed:
    """Two sides roll against each other (``Nikos/Firearms vs Mavros/Melee``)."""

    game: str | None
    first: Side
    second: Side
    visibility: Visibility = "public"


@dataclass(frozen=True)
class Teamwork:
    """FS3 teamwork (000): the assisters roll first, then the leader."""

    game: str | None
    leader: Side
    assisters: tuple[Side, ...]
    visibility: Visibility = "public"


@dataclass(frozen=True)
class PointsAfter:
    """D6: Character Points spent on a roll already made (003), by its log id."""

    game: str | None
    entry: int
    count: int


# -- luck, experience, sheets --------------------------------------------------------------


@dataclass(frozen=True)
class AwardLuck:
    game: str | None
    character: str
    amount: int = 1
    reason: str = ""


@dataclass(frozen=True)
class SpendLuck:
    """A luck point spent outside a roll (002 Luck: cancelling, plot points)."""

    game: str | None
    character: str | None = None
    reason: str = ""


@dataclass(frozen=True)
class AwardXP:
    game: str | None
    character: str
    amount: float
    reason: str = ""


@dataclass(frozen=True)
class AwardTable:
    """Luck or XP to every character of the table (``luck/award *=N``): one transaction."""

    game: str | None
    points: Literal["luck", "xp"]
    amount: float
    reason: str = ""


@dataclass(frozen=True)
class RaiseSkill:
    """``xp/raise [NAME=]SKILL[/KIND[,attribute=A]]``: XP spent on a skill; ``attribute``, a
    new 3.2 background skill's ruling attribute (002 Ruling Attribute)."""

    game: str | None
    character: str | None
    skill: str
    kind: SkillKind = "action"
    attribute: str | None = None


@dataclass(frozen=True)
class ShowSheet:
    game: str | None
    character: str | None = None


@dataclass(frozen=True)
class SetSheet:
    """Merge changes into a sheet (tables key by key; None removes a key)."""

    game: str | None
    character: str
    changes: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Approve:
    game: str | None
    character: str


@dataclass(frozen=True)
class SendBack:
    """The Storyteller sends a sheet back to its player with a comment (issue 31)."""

    game: str | None
    character: str
    comment: str


# -- the game ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class HealDay:
    game: str | None
    day: int | None = None
    doctors: Mapping[str, str] = field(default_factory=dict)
    hospital: tuple[str, ...] = ()
    repairs: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True)
class Help:
    """The command language (grammar/help.py), or one command word's part of it."""

    game: str | None
    topic: str | None = None


@dataclass(frozen=True)
class ShowLog:
    game: str | None
    character: str | None = None
    limit: int = 20


# -- roll requests (issue 30) ----------------------------------------------------------------


@dataclass(frozen=True)
class RequestRoll:
    """``request NAME ROLL`` (``request/secret``): the Storyteller asks a character for a
    roll, in the scene they are in (or the game's log)."""

    game: str | None
    side: Side
    secret: bool = False


Command = (
    Roll | NpcRoll | Opposed | Teamwork | PointsAfter | AwardLuck | SpendLuck | AwardXP
    | AwardTable | RaiseSkill | ShowSheet | SetSheet | Approve | SendBack | CombatStart
    | CombatJoin | CombatLeave | CombatStance | CombatAction | CombatTurn | CombatStatus
    | CombatStop | CombatMoveWound | CombatRecover | CombatOrders | HealDay | ShowLog
    | SceneStart | SceneJoin | ScenePause | SceneResume | SceneStop | SceneInvite | SceneOrder
    | SceneSet | Pose | RequestRoll | CancelRequest | AnswerRequest | PoseEdit | PoseDelete
    | Reveal | Help
)  # fmt: skip
