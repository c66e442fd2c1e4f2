"""Events as a viewer is handed them: decoded once from their rows into their kind's type
(payloads.py, combat.py), whole or as the part written for viewers who may not see them
whole, and the roll log's entries, a seen roll and a hidden one being different types.

A row that no type of this rollplay can read (a shape from a future version, damage) is an
``Unreadable`` payload rather than an error: every stored event still shows, as what it is.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import JsonValue, ValidationError

from rollplay.table.events import combat as cb
from rollplay.table.events import payloads as p
from rollplay.table.events import requests as rq
from rollplay.table.events import scenes as sc
from rollplay.table.events import sheets as sh
from rollplay.table.events.outcomes import Outcome, Record


class Unreadable(p.Payload):
    """An event this rollplay cannot decode, kept as it was stored, with why."""

    kind: ClassVar[str] = "unreadable"
    stored_kind: str
    data: dict[str, JsonValue] | None = None
    problem: str


WholePayload = (
    p.Roll | p.GameMade | p.GameSettings | p.GameRenamed | p.GameArchived | p.Membership
    | p.CharacterMade | sh.SheetChanged | sh.SheetResubmitted | p.Approved | p.SentBack
    | p.PlayerSet | p.LuckAwarded
    | p.LuckSpent | p.XPAwarded | p.Raised
    | p.SeedCommitted | p.SeedRevealed | p.ClientSeedSet | p.RulesetInForce | cb.CombatStarted
    | cb.CombatStopped | cb.CombatDeleted | cb.Joined | cb.Left | cb.StanceTaken
    | cb.ActionChosen | cb.LuckBetween | cb.Turn | cb.HealDay | sc.SceneStarted | sc.SceneJoined
    | sc.ScenePaused | sc.SceneResumed | sc.SceneStopped | sc.SceneInvited | sc.SceneOrdered
    | sc.SceneSet | sc.Posed | sc.SceneImported | sc.ImportedEntry | rq.RollRequested
    | rq.RequestOdds | rq.RequestCancelled
    | rq.PoseEdited
    | rq.PoseDeleted | rq.RollRevealed
)  # fmt: skip
# Every payload a viewer may be handed: whole, or the part for those who may not see it all.
AnyPayload = WholePayload | p.HiddenRoll | cb.HiddenStep | Unreadable

_WHOLE: dict[str, type[p.Payload]] = {
    cls.kind: cls
    for cls in (
        p.Roll, p.GameMade, p.GameSettings, p.GameRenamed, p.GameArchived, p.Membership,
        p.CharacterMade, sh.SheetChanged, sh.SheetResubmitted, p.Approved, p.SentBack,
        p.PlayerSet, p.LuckAwarded,
        p.LuckSpent, p.XPAwarded, p.Raised,
        p.SeedCommitted, p.SeedRevealed, p.ClientSeedSet, p.RulesetInForce, cb.CombatStarted,
        cb.CombatStopped, cb.CombatDeleted, cb.Joined, cb.Left, cb.StanceTaken, cb.ActionChosen,
        cb.LuckBetween, cb.Turn, cb.HealDay, *sc.SCENE_PAYLOADS, *rq.LEDGER_PAYLOADS,
    )
}  # fmt: skip


def _shared(kind: str, data: dict[str, JsonValue]) -> type[p.Payload]:
    """The type of the part written for viewers who may not see an event whole."""
    if kind == "roll":
        return p.HiddenRoll
    if kind.startswith("combat_") and "who" in data and "name" not in data:
        return cb.HiddenStep  # an NPC's plan (combat/base.py)
    return _WHOLE.get(kind, Unreadable)  # the players' view: the same type, dice left out


def payload_type(kind: str, data: dict[str, JsonValue], whole: bool) -> type[p.Payload]:
    return _WHOLE.get(kind, Unreadable) if whole else _shared(kind, data)


def decode(kind: str, data: JsonValue, whole: bool = True) -> AnyPayload:
    """A stored payload (or shared part) as its type; an ``Unreadable`` if it is not one."""
    if not isinstance(data, dict):
        return Unreadable(stored_kind=kind, problem="not an object")
    cls = payload_type(kind, data, whole)
    if cls is Unreadable:
        return Unreadable(stored_kind=kind, data=data, problem=f"unknown kind {kind!r}")
    try:
        decoded = cls.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(map(str, first["loc"])) or "the event"
        return Unreadable(stored_kind=kind, data=data, problem=f"{where}: {first['msg']}")
    assert isinstance(decoded, AnyPayload)  # every type in _WHOLE and _shared is one
    return decoded


def encode(payload: p.Payload) -> dict[str, JsonValue]:
    """A payload as its row stores it (by the names older rows used: ``from``, ``kind``)."""
    return payload.model_dump(mode="json", by_alias=True)


class EventView(Record):
    """One event as one viewer sees it: ``hidden`` when they see only its shared part (then
    ``actor`` is None, and ``character`` too unless it is theirs)."""

    id: int
    time: str
    game: str
    actor: str | None
    kind: str
    character: str | None
    visibility: p.Visibility
    hidden: bool
    data: AnyPayload


# -- the roll log -------------------------------------------------------------------------


class SeenEntry(Record):
    """A roll in the log, whole: who rolled, what, every die and the outcome."""

    id: int
    time: str
    game: str
    character: str | None
    system: str
    expression: str
    modifiers: tuple[str, ...]
    spends: p.Spends
    dice: tuple[int, ...] | p.D6Dice
    outcome: Outcome | None  # None: its outcome is in a shape this rollplay cannot read
    visibility: p.Visibility
    ruleset_version: str
    hidden: Literal[False] = False
    dice_source: str
    provable: p.Provable | None = None
    actor: str | None = None  # who rolled: their client seed is the one the roll must use


class HiddenEntry(Record):
    """A roll the viewer may know only was made (001 When the GM Rolls): no dice, no outcome,
    and no roller unless it is their own character's. Its empty fields are there, as None,
    so that the log's JSON has one shape."""

    id: int
    time: str
    game: str
    character: str | None
    system: str
    expression: None = None
    modifiers: None = None
    spends: None = None
    dice: None = None
    outcome: None = None
    visibility: p.Visibility
    ruleset_version: None = None
    hidden: Literal[True] = True
    dice_source: None = None
    provable: None = None


class UnreadableEntry(Record):
    """A roll event this rollplay cannot read (see ``Unreadable``)."""

    id: int
    time: str
    game: str
    character: str | None
    visibility: p.Visibility
    hidden: bool
    problem: str


LogEntry = SeenEntry | HiddenEntry | UnreadableEntry


def entry(view: EventView) -> LogEntry:
    """A roll event as a log entry."""
    data = view.data
    head = {"id": view.id, "time": view.time, "game": view.game, "character": view.character,
            "visibility": view.visibility}  # fmt: skip
    if isinstance(data, p.Roll):
        return SeenEntry(
            **head, system=data.system, expression=data.expression, modifiers=data.modifiers,
            spends=data.spends, dice=data.dice, outcome=data.outcome,
            ruleset_version=data.ruleset_version, dice_source=data.dice_source,
            provable=data.provable, actor=view.actor,
        )  # fmt: skip
    if isinstance(data, p.HiddenRoll):
        return HiddenEntry(**head, system=data.system)
    problem = data.problem if isinstance(data, Unreadable) else f"not a roll ({view.kind})"
    return UnreadableEntry(**head, hidden=view.hidden, problem=problem)
