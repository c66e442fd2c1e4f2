"""What each kind of event says: one typed model per kind, the ``payload`` its row stores
(validated when written), and for the kinds some viewers see only in part, the type of that
part (a hidden roll is its own type, with no dice to forget). Combat's kinds are in
combat.py. Old rows decode through these too (decode.py): fields added since take their
defaults."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import (
    ConfigDict,
    Field,
    JsonValue,
    SerializerFunctionWrapHandler,
    ValidationError,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_serializer,
)

from rollplay.table.events.base import Payload as Payload
from rollplay.table.events.base import Sparse as Sparse
from rollplay.table.events.base import Visibility as Visibility
from rollplay.table.events.outcomes import Outcome, Record

# The verifiable dice's kinds (seeds.py), named here too, with every other kind of event.
from rollplay.table.events.seeds import ClientSeedSet as ClientSeedSet
from rollplay.table.events.seeds import RulesetInForce as RulesetInForce
from rollplay.table.events.seeds import SeedCommitted as SeedCommitted
from rollplay.table.events.seeds import SeedLink as SeedLink
from rollplay.table.events.seeds import SeedRevealed as SeedRevealed

# -- rolls ----------------------------------------------------------------------------------


class Spends(Record):
    """The points a roll spent: luck (FS3), Character and Fate Points (D6), and whose luck a
    boost or hinder came from (002 Luck). Only what was spent is said."""

    luck: int | None = None
    character_points: int | None = None
    fate_points: int | None = None
    luck_from: str | None = None

    @model_serializer(mode="wrap")
    def _only_spent(self, handler: SerializerFunctionWrapHandler) -> dict[str, JsonValue]:
        return {k: v for k, v in handler(self).items() if v is not None}

    @property
    def any(self) -> bool:
        return any(v is not None for v in (self.luck, self.character_points, self.fate_points))


class Provable(Record):
    """What a verifier needs of a roll's dice but the seed itself (docs/verify.md): its
    chain and that chain's commitment, the client seed, the nonce, every draw (sides and
    faces), and which of the command's faces are this roll's (``part``: from, to)."""

    chain: str
    commitment: str
    client_seed: str
    nonce: int
    draws: tuple[tuple[int, tuple[int, ...]], ...] = ()
    part: tuple[int, int] | None = None


class D6Dice(Record):
    """A D6 roll's dice, kept apart by kind (003)."""

    dice: tuple[int, ...]
    wild: tuple[int, ...] = ()
    cp_dice: tuple[tuple[int, ...], ...] = ()


class Roll(Sparse):
    """A logged roll: what was asked, what it spent, every die, the outcome, the ruleset it
    was judged by, and where its dice came from."""

    kind: ClassVar[str] = "roll"
    system: str
    expression: str = ""
    modifiers: tuple[str, ...] = ()
    spends: Spends = Spends()
    dice: tuple[int, ...] | D6Dice = ()
    outcome: Outcome | None  # None: stored in a shape this rollplay cannot read
    ruleset_version: str = ""
    dice_source: str = "secure"  # rows from before verifiable dice drew from OS entropy
    provable: Provable | None = None
    npc: str | None = None  # who rolled, for a roll with no sheet
    request: int | None = None  # the roll request it answers (issue 30), by its number
    # A reader's, never stored: the reveal that showed this secret roll (events/ledger.py).
    revealed: int | None = None
    # A roll no one asked for is written and shown as rolls always were: no ``request``.
    unset: ClassVar[Mapping[str, JsonValue]] = {"request": None, "revealed": None}

    @field_validator("outcome", mode="wrap")
    @classmethod
    def _readable(
        cls, value: object, handler: ValidatorFunctionWrapHandler, info: ValidationInfo
    ) -> object:
        """An outcome no record of this rollplay reads (a row written by an early version,
        or damaged) leaves the roll readable, its dice and all, without it; a write must
        give one."""
        try:
            return handler(value)
        except ValidationError:
            if info.context and info.context.get("writing"):
                raise
            return None


class HiddenRoll(Sparse):
    """What a viewer who may not see a roll learns: that one was made, in which system
    (001 When the GM Rolls). No dice, no outcome, no roller."""

    kind: ClassVar[str] = "roll"
    system: str
    request: int | None = None  # the roll request it answers (issue 30): not a secret
    unset: ClassVar[Mapping[str, JsonValue]] = {"request": None}


# -- games and members --------------------------------------------------------------------


class GameMade(Payload):
    kind: ClassVar[str] = "game"
    name: str
    system: str
    edition: str
    rules: dict[str, JsonValue] = Field(default_factory=dict)


class GameSettings(Payload):
    """The table settings a Storyteller changed (None: left as it was)."""

    kind: ClassVar[str] = "game_settings"
    announce_secret: bool | None = None
    players_ask_secret: bool | None = None
    provable: bool | None = None
    pose_window: int | None = None


class GameRenamed(Payload):
    """The Storyteller gave the game a new name (issue 31)."""

    kind: ClassVar[str] = "game_renamed"
    old: str
    new: str


class GameArchived(Payload):
    """The Storyteller archived the game (``archived``) or took it out of the archive."""

    kind: ClassVar[str] = "game_archived"
    archived: bool


class Membership(Payload):
    """A user's role in a game given, changed or taken away (``role`` None: they left)."""

    kind: ClassVar[str] = "member"
    game: str
    user: str
    role: str | None = None
    characters: tuple[str, ...] = ()


# -- characters and points (a sheet's changes: sheets.py) -----------------------------------


class CharacterMade(Payload):
    kind: ClassVar[str] = "character"
    name: str
    sheet: dict[str, JsonValue]
    origin: str | None = None  # an imported character's origin (issue 38)


class Approved(Payload):
    kind: ClassVar[str] = "approved"
    approved: bool = True


class SentBack(Payload):
    """The Storyteller sends a sheet back to its player with a comment (issue 31)."""

    kind: ClassVar[str] = "sent_back"
    comment: str


class PlayerSet(Payload):
    kind: ClassVar[str] = "player"
    player: str | None = None


class LuckAwarded(Payload):
    kind: ClassVar[str] = "luck_award"
    amount: int
    luck: int
    reason: str = ""


class LuckSpent(Payload):
    kind: ClassVar[str] = "luck_spend"
    amount: int = 1
    luck: int
    reason: str = ""


class XPAwarded(Payload):
    kind: ClassVar[str] = "xp_award"
    amount: float
    xp: float
    reason: str = ""


class Raised(Payload):
    """002 Experience: a skill raised one level for XP."""

    model_config = ConfigDict(frozen=True, extra="ignore", populate_by_name=True)
    kind: ClassVar[str] = "raise"
    skill: str
    before: int = Field(alias="from")
    after: int = Field(alias="to")
    cost: float
    attribute: str | None = None  # a new background skill's ruling attribute (002; R30)
