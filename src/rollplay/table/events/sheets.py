"""Character sheets as the table stores them, typed: each system's own format (docs/fs3.md,
docs/gurps.md, docs/d6.md), as its adapter writes it (table/systems/), for the renderers.
What a sheet holds beyond these fields is kept (``extra``), so reading one loses nothing."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Discriminator, Field, Tag

from rollplay.table.events.combat import WoundRecord
from rollplay.table.events.outcomes import Record


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
