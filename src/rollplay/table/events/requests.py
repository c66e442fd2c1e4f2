"""A scene's requests, edits and reveals (issue 30): the Storyteller asks a character for a
roll (and may cancel the ask), a pose's author edits or deletes it, the Storyteller reveals a
secret roll. Each is an event of its own that points at the one it is about (the row's
``refers``), so the ledger keeps every earlier state: nothing written is ever changed
(migration 0006), and readers are shown the latest (events/ledger.py ``fold``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

from pydantic import Field, JsonValue, SerializerFunctionWrapHandler, model_serializer

from rollplay.table.events import combat as cb
from rollplay.table.events import payloads as p
from rollplay.table.events.scenes import PoseStyle

RequestState = Literal["open", "answered", "cancelled"]


class RollRequested(p.Payload):
    """The Storyteller asks ``character`` for a roll: ``expression`` and its options (a
    roll's request, table/systems/request.py), secret or not, and the roll's exact odds as
    they stood when asked (answers.OddsOf's JSON), and what its roller may spend on it as on
    a roll of their own (``spends``: FS3 luck's ``bonus``, ``reroll``, ``hail-mary``; D6's
    ``cp`` and ``fate``; rulings R31), and the spend it needs (``needs``: a Hail Mary the
    Storyteller allows, 000). ``problem``: why the roll can no longer be made as
    the sheet now stands (RequestOdds). The last three fields are never stored: a reader is
    handed them as the ledger stands (events/ledger.py)."""

    kind: ClassVar[str] = "roll_request"
    character: str
    expression: str
    options: dict[str, JsonValue] = Field(default_factory=dict)
    secret: bool = False
    odds: dict[str, JsonValue] | None = None
    spends: tuple[str, ...] = ()
    needs: str | None = None  # the luck spend the roll needs: "hail-mary" (000; R31)
    problem: str | None = None
    state: RequestState = "open"
    answer: int | None = None  # the answering roll's number, if the reader may see it
    result: p.Roll | p.HiddenRoll | None = None  # that roll, as the reader may see it

    @model_serializer(mode="wrap")
    def _as_asked(self, handler: SerializerFunctionWrapHandler) -> dict[str, JsonValue]:
        """Stored as asked: its state is the ledger's to say, never the row's."""
        said: dict[str, JsonValue] = handler(self)
        if self.state == "open":
            return {k: v for k, v in said.items() if k not in ("state", "answer", "result")}
        return said


class RequestOdds(p.Payload):
    """An open request's odds again, after its character's sheet changed (a raise, a wound,
    an edit): the request as it now stands, for its card (rulings R32)."""

    kind: ClassVar[str] = "request_odds"
    request: int
    asked: RollRequested
    asked_at: str = ""  # when the request was made (ISO 8601), for its card drawn again


class RequestCancelled(p.Payload):
    kind: ClassVar[str] = "request_cancel"
    request: int
    character: str


class PoseEdited(p.Sparse):
    """A pose's new text (its author's, within the game's window): what the pose shows. A
    reader is handed it as the ledger stands (events/ledger.py, rulings S70): ``text`` the
    pose's text now (a later edit's), none once it is ``deleted``; ``posed`` the pose's own
    time. Those two are never stored."""

    kind: ClassVar[str] = "pose_edit"
    scene: int
    pose: int
    style: PoseStyle
    who: str
    text: str
    deleted: bool = False
    posed: str | None = None
    # Stored as typed: what the ledger says of it later is never the row's.
    unset: ClassVar[Mapping[str, JsonValue]] = {"deleted": False, "posed": None}


class PoseDeleted(p.Sparse):
    """A pose taken back; ``posed``, the pose's own time, is a reader's (never stored)."""

    kind: ClassVar[str] = "pose_delete"
    scene: int
    pose: int
    who: str
    posed: str | None = None
    unset: ClassVar[Mapping[str, JsonValue]] = {"posed": None}


class RollRevealed(p.Sparse):
    """The Storyteller shows a secret roll to the scene (or the game), or a combat turn that
    hid its NPCs' dice (rulings S73): the roll or the turn, whole (``roll``: its number)."""

    kind: ClassVar[str] = "roll_reveal"
    roll: int
    character: str | None
    shown: p.Roll | cb.Turn
    rolled: str | None = None  # a reader's, never stored: the roll's own time
    unset: ClassVar[Mapping[str, JsonValue]] = {"rolled": None}


LEDGER_PAYLOADS = (RollRequested, RequestOdds, RequestCancelled, PoseEdited, PoseDeleted,
                   RollRevealed)  # fmt: skip
# The kinds a pose's edit window covers, and those never edited nor deleted (one line says).
EDITS = ("pose_edit", "pose_delete")
