"""Character sheets as the table stores them, typed: each system's own format (docs/fs3.md,
docs/gurps.md, docs/d6.md), as its adapter writes it (table/systems/), for the renderers.
What a sheet holds beyond these fields is kept (``extra``), so reading one loses nothing.
A sheet's change is told field by field in these types (``SheetDiff``: an FS3 background
skill is a ``Background``, a wound a ``WoundRecord``), so what draws it reads types, not the
keys a system happens to store."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    ConfigDict,
    Discriminator,
    Field,
    JsonValue,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    Tag,
)

from rollplay.table.events.combat import WoundRecord
from rollplay.table.events.outcomes import Record
from rollplay.table.events.payloads import Payload


class Sheet(Record):
    model_config = ConfigDict(frozen=True, extra="allow")
    name: str
    concept: str = ""


class Background(Record):
    """An FS3 background skill: its rating, and in 3.2 the attribute that rules it."""

    rating: int
    attribute: str | None = None


class FS3Sheet(Sheet):
    system: Literal["fs3"] = "fs3"
    attributes: dict[str, int] = Field(default_factory=dict)
    action: dict[str, int] = Field(default_factory=dict)
    background: dict[str, Background] = Field(default_factory=dict)
    languages: dict[str, int] = Field(default_factory=dict)
    specialties: dict[str, list[str]] = Field(default_factory=dict)
    quirks: list[str] = Field(default_factory=list)
    wounds: list[WoundRecord] = Field(default_factory=list)
    experience: dict[str, dict[str, int]] = Field(default_factory=dict)  # bought with XP


class GurpsSheet(Sheet):
    system: Literal["gurps"] = "gurps"
    attributes: dict[str, int] = Field(default_factory=dict)
    skills: dict[str, int] = Field(default_factory=dict)
    defaults: dict[str, list[str] | Literal["none"]] = Field(default_factory=dict)


class D6Skill(Record):
    """A D6 skill with the attribute it falls under (its code None when untrained)."""

    code: str | None = None
    attribute: str | None = None


class D6Sheet(Sheet):
    system: Literal["d6"] = "d6"
    attributes: dict[str, str] = Field(default_factory=dict)
    skills: dict[str, str | D6Skill] = Field(default_factory=dict)
    character_points: int = 0
    fate_points: int = 0


def _system(data: Any) -> str:
    return str(data.get("system", "fs3") if isinstance(data, dict) else data.system)


AnySheet = Annotated[
    Annotated[FS3Sheet, Tag("fs3")] | Annotated[GurpsSheet, Tag("gurps")]
    | Annotated[D6Sheet, Tag("d6")],
    Discriminator(_system),
]  # fmt: skip


# One field of a sheet as a change tells it: a rating, a text, a flag, an FS3 background
# skill, a D6 skill, wounds, a list of names; anything else a sheet keeps (its ``extra``) as
# stored. Read in this order, so a stored value is read back as the type it was written.
SheetValue = Annotated[
    StrictBool | StrictInt | StrictFloat | StrictStr | Background | D6Skill
    | tuple[WoundRecord, ...] | tuple[StrictStr, ...] | JsonValue | None,
    Field(union_mode="left_to_right"),
]  # fmt: skip


class SheetDiff(Record):
    """One field of a sheet that a change changed (issue 37): its key path (``attributes``,
    ``Brawn``; ``experience``, ``action``, ``Medicine``), what it held before and after
    (None: it was not there, or is no more; a stored sheet holds no null), typed."""

    path: tuple[str, ...]
    before: SheetValue = None
    after: SheetValue = None


class SheetChanged(Payload):
    kind: ClassVar[str] = "sheet"
    changes: dict[str, JsonValue]
    approved: bool = False
    # The sheet as stored after the change (None: an event from before issue 29), so an
    # export shows the ratings each later roll had to use (rulings V14).
    sheet: dict[str, JsonValue] | None = None
    # What it changed, field by field (empty: an event from before issue 37). Whether it
    # was its player's fix to a sheet sent back is SheetResubmitted's, told as privately as
    # the send-back (rulings W91, H17): this event is every member's.
    diff: tuple[SheetDiff, ...] = ()


class SheetResubmitted(Payload):
    """Its player's change to a sheet the Storyteller sent back is the fix asked for (issue
    37, rulings W91): what it changed, and the comment it answers. Private, as the send-back
    is (rulings H17): the player and the Storyteller; every member sees the change itself
    (SheetChanged)."""

    kind: ClassVar[str] = "sheet_resubmitted"
    comment: str
    diff: tuple[SheetDiff, ...] = ()
