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
from rollplay.table.systems import Request

Visibility = Literal["public", "private", "secret"]
SkillKind = Literal["action", "background", "language"]


_VISIBILITIES: dict[str, Visibility] = {"public": "public", "private": "private",
                                        "secret": "secret"}  # fmt: skip
_KINDS: dict[str, SkillKind] = {"action": "action", "background": "background",
                                "language": "language"}  # fmt: skip


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
        raise RollplayError(
            f"unknown kind of skill {text!r}; accepted: action, background, language"
        )
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
    game: str | None
    character: str | None
    skill: str
    kind: SkillKind = "action"


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


# -- combat (FS3) -----------------------------------------------------------------------------
# ``combat`` None: the one combat under way in the game (or the one the actor's character is in).


@dataclass(frozen=True)
class CombatStart:
    game: str | None
    combat: str


@dataclass(frozen=True)
class CombatJoin:
    game: str | None
    combat: str | None
    who: str | None  # None: the actor's own character
    team: str = "A"
    rating: int | None = None  # an NPC's single rating (004)
    weapon: str = "Unarmed"
    armor: str = "None"
    kind: str = "Human"
    crew: tuple[str, ...] = ()


@dataclass(frozen=True)
class CombatLeave:
    game: str | None
    combat: str | None
    who: str | None


@dataclass(frozen=True)
class CombatStance:
    game: str | None
    combat: str | None
    who: str | None
    stance: str


@dataclass(frozen=True)
class CombatAction:
    """Set a combatant's action for this turn (002 Combat Turns): ``kind`` attack, aim,
    suppress, reload, subdue, escape, rally, treat or pass, with its details."""

    game: str | None
    combat: str | None
    who: str | None
    kind: str
    target: str | None = None
    called: str | None = None
    range: str = "short"
    luck: str | None = None
    luck_spend: str | None = None
    luck_on: str | None = None
    stance: str | None = None
    weapon: str | None = None
    burst: tuple[str, ...] = ()
    near: tuple[str, ...] = ()


@dataclass(frozen=True)
class CombatTurn:
    game: str | None
    combat: str | None


@dataclass(frozen=True)
class CombatStatus:
    game: str | None
    combat: str | None


@dataclass(frozen=True)
class CombatStop:
    game: str | None
    combat: str | None


@dataclass(frozen=True)
class CombatMoveWound:
    """002 Luck: move an injury just taken to another location."""

    game: str | None
    combat: str | None
    who: str | None
    wound: int
    location: str


@dataclass(frozen=True)
class CombatRecover:
    """002 Luck: recover from a knockout the last turn dealt."""

    game: str | None
    combat: str | None
    who: str | None


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


# -- scenes (issue 30) ------------------------------------------------------------------------

PoseStyle = Literal["pose", "semipose", "say", "emit", "ooc"]


@dataclass(frozen=True)
class SceneStart:
    """``scene/start TITLE[=SUMMARY]`` (``scene/private``: a private one): its starter joins."""

    game: str | None
    title: str
    summary: str = ""
    private: bool = False


@dataclass(frozen=True)
class SceneJoin:
    """``scene/join [N]``: None, the game's only running scene."""

    game: str | None
    number: int | None = None


@dataclass(frozen=True)
class ScenePause:
    game: str | None
    number: int | None = None


@dataclass(frozen=True)
class SceneResume:
    game: str | None
    number: int | None = None


@dataclass(frozen=True)
class SceneStop:
    game: str | None
    number: int | None = None


@dataclass(frozen=True)
class SceneInvite:
    """``scene/invite NAME``: a user of the game invited to the actor's current scene."""

    game: str | None
    user: str
    number: int | None = None


@dataclass(frozen=True)
class SceneSet:
    """``scene/set [N] location=PLACE`` or ``scene/set [N] type=social|action|plot``: where a
    scene happens and what kind it is; its starter or the Storyteller."""

    game: str | None
    key: Literal["location", "type"]
    value: str
    number: int | None = None


@dataclass(frozen=True)
class SceneOrder:
    """``scene/order free|round-robin [N]``: how the scene waits on its people (rulings S20,
    S21); its starter or the Storyteller."""

    game: str | None
    order: Literal["free", "round-robin"]
    number: int | None = None


@dataclass(frozen=True)
class Pose:
    """A pose in the running scene the actor joined last (rulings S2): as their character,
    or (a Storyteller's ``pose/as``) as ``name``."""

    game: str | None
    text: str
    style: PoseStyle = "pose"
    name: str | None = None


# -- requests, edits and reveals (issue 30) -----------------------------------------------


@dataclass(frozen=True)
class RequestRoll:
    """``request NAME ROLL`` (``request/secret``): the Storyteller asks a character for a
    roll, in the scene they are in (or the game's log)."""

    game: str | None
    side: Side
    secret: bool = False


@dataclass(frozen=True)
class CancelRequest:
    """``request/cancel N``: the Storyteller withdraws an open request."""

    game: str | None
    number: int


@dataclass(frozen=True)
class AnswerRequest:
    """``answer N`` (a request card's Roll button): the roll request N asks, made by the
    character it names, answering it."""

    game: str | None
    number: int


@dataclass(frozen=True)
class PoseEdit:
    """``pose/edit N=TEXT``: a pose's author gives it new text, within the game's window."""

    game: str | None
    number: int
    text: str


@dataclass(frozen=True)
class PoseDelete:
    """``pose/delete N``: a pose's author takes it back, within the game's window."""

    game: str | None
    number: int


@dataclass(frozen=True)
class Reveal:
    """``reveal N``: the Storyteller shows a secret roll to the scene it was made in."""

    game: str | None
    number: int


Command = (
    Roll | NpcRoll | Opposed | Teamwork | PointsAfter | AwardLuck | SpendLuck | AwardXP
    | AwardTable | RaiseSkill | ShowSheet | SetSheet | Approve | SendBack | CombatStart
    | CombatJoin | CombatLeave | CombatStance | CombatAction | CombatTurn | CombatStatus
    | CombatStop | CombatMoveWound | CombatRecover | HealDay | ShowLog | SceneStart | SceneJoin
    | ScenePause | SceneResume | SceneStop | SceneInvite | SceneOrder | SceneSet | Pose
    | RequestRoll | CancelRequest | AnswerRequest | PoseEdit | PoseDelete | Reveal | Help
)  # fmt: skip
