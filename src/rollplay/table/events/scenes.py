"""Scenes' events (issue 30): a scene's life (started, joined, paused, resumed, stopped, an
invitation) and the poses that make up its story. Each is an event like a roll, in the
game's log and its scene's ledger (the event's ``scene_id``), with the same audiences."""

from __future__ import annotations

from typing import ClassVar, Literal, get_args

from pydantic import JsonValue, SerializerFunctionWrapHandler, model_serializer

from rollplay.table.events.payloads import Payload

PoseStyle = Literal["pose", "semipose", "say", "emit", "ooc"]
SceneKind = Literal["social", "action", "plot"]
SCENE_KINDS: tuple[SceneKind, ...] = get_args(SceneKind)  # the one list: forms, grammar, checks
Privacy = Literal["open", "private"]
PoseOrderMode = Literal["free", "round-robin"]


UNCHANGED = ("edited", "deleted", "earlier")  # a pose's fields when nothing changed it


class SceneStep(Payload):
    """What every scene event names: the scene's number in its game and its title."""

    kind: ClassVar[str] = "scene_step"
    scene: int
    title: str


class SceneStarted(SceneStep):
    kind: ClassVar[str] = "scene_start"
    summary: str = ""
    scene_kind: SceneKind = "social"
    privacy: Privacy = "open"


class SceneJoined(SceneStep):
    kind: ClassVar[str] = "scene_join"
    user: str


class ScenePaused(SceneStep):
    kind: ClassVar[str] = "scene_pause"


class SceneResumed(SceneStep):
    kind: ClassVar[str] = "scene_resume"


class SceneStopped(SceneStep):
    kind: ClassVar[str] = "scene_stop"


class SceneInvited(SceneStep):
    kind: ClassVar[str] = "scene_invite"
    user: str


class SceneSet(SceneStep):
    """Where a scene happens (``location``) or what kind it is (``scene_kind``), as set."""

    kind: ClassVar[str] = "scene_set"
    location: str | None = None
    scene_kind: SceneKind | None = None


class SceneOrdered(SceneStep):
    """The scene's pose order set: free or round-robin (rulings S20, S21)."""

    kind: ClassVar[str] = "scene_order"
    order: PoseOrderMode


class Posed(Payload):
    """A pose, as typed: ``who`` it is as (the player's character, or a name a Storyteller
    poses as), its style (how it is drawn, render/events.py) and its text (line breaks kept;
    every surface escapes it, so HTML in a pose is text)."""

    kind: ClassVar[str] = "pose"
    scene: int
    style: PoseStyle
    who: str
    text: str
    # Never stored: a reader is handed the pose as it stands (events/ledger.py), its text
    # the latest edit's, and (the Storyteller only) the texts it had before.
    edited: bool = False
    deleted: bool = False
    earlier: tuple[str, ...] = ()

    @model_serializer(mode="wrap")
    def _as_posed(self, handler: SerializerFunctionWrapHandler) -> dict[str, JsonValue]:
        """A pose never edited is written and shown as it always was."""
        return {k: v for k, v in handler(self).items() if k not in UNCHANGED or v}


# -- scenes brought in from another table's log (issue 38) ---------------------------------

ImportedStyle = Literal["pose", "emit", "set", "ooc", "system"]


class SceneImported(SceneStep):
    """A scene brought in from another table's log (issue 38, rulings A50): the scene's
    first event, finished as it arrives, its head as the log gave it (``date``: the log's
    own, in-character date, as written) and where it came from. Its entries follow, each an
    ``ImportedEntry``. ``imported`` and ``provable`` say on every reader's copy what it is:
    nothing of it was played or rolled here."""

    kind: ClassVar[str] = "scene_import"
    source: str = "AresMUSH"
    file: str = ""
    date: str = ""
    summary: str = ""
    location: str = ""
    scene_kind: SceneKind = "social"
    plots: tuple[str, ...] = ()
    participants: tuple[str, ...] = ()
    entries: int = 0
    imported: Literal[True] = True
    provable: Literal[False] = False


class ImportedEntry(Payload):
    """One entry of an imported log, as the log wrote it (rulings A52 to A54): a pose
    (``who``: the name it begins with, a character of the game's or a participant of the
    log's), an emit (a pose no name matched), a set pose, an OOC line (``who`` as a pose's)
    or a system line, kept as text and never a roll. Never edited, never provable."""

    kind: ClassVar[str] = "imported"
    scene: int
    style: ImportedStyle
    who: str = ""
    text: str
    imported: Literal[True] = True
    provable: Literal[False] = False


IMPORTED_KINDS = (SceneImported.kind, ImportedEntry.kind)

SCENE_PAYLOADS = (SceneStarted, SceneJoined, ScenePaused, SceneResumed, SceneStopped,
                  SceneInvited, SceneOrdered, SceneSet, Posed, SceneImported,
                  ImportedEntry)  # fmt: skip
