"""What the service answers a command with, typed: every surface (the command line, the web
table, the JSON API, the chat bridges) receives one of these and hands it to render/'s one
dispatcher, which matches on its type, so a new kind of answer fails the type check there,
not at a table.

A roll's answer is the roll itself (its system's record, outcomes.py) with what the table
adds: the game, who rolled, the log ids, who sees it, what it spent and where its dice came
from; its JSON is flat, as docs/cli.md has long documented it. A player's own secret roll
answers ``SecretRollMade``: only that it was made (rulings T9), by construction no dice."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field, JsonValue, PrivateAttr, TypeAdapter

from rollplay.table.events import outcomes as o
from rollplay.table.events.combat import ActionSet, HealDay, Initiative, Standing, Turn
from rollplay.table.events.outcomes import Record
from rollplay.table.events.payloads import Provable, Spends, Visibility
from rollplay.table.events.requests import (
    PoseDeleted,
    PoseEdited,
    RequestCancelled,
    RollRequested,
    RollRevealed,
)
from rollplay.table.events.scenes import Posed, SceneKind
from rollplay.table.events.sheets import AnySheet, D6Sheet, FS3Sheet, GurpsSheet
from rollplay.table.events.views import LogEntry

SHEETS: TypeAdapter[FS3Sheet | GurpsSheet | D6Sheet] = TypeAdapter(AnySheet)


class Answer(Record):
    """What every answer carries: the command it answers (its type's name, set by
    ``Service.execute``) and the ids of the events it wrote that its actor may see (S78).
    ``wrote``: every event it wrote, for a chat bridge, which posts each to its own
    audience (links.audiences); never said in the answer itself."""

    command: str = ""
    event_ids: tuple[int, ...] = ()
    _written: tuple[int, ...] = PrivateAttr(default=())

    @property
    def wrote(self) -> tuple[int, ...]:
        return self._written


class Rolled(Answer):
    """What the table adds to any roll: where, who sees it, and its dice's source."""

    game: str
    visibility: Visibility
    dice_source: str


class Dealt(Rolled):
    """A roll its roller is shown whole, with the command's provable block (chain, nonce,
    draws: docs/verify.md) when its dice were provable, so every answer can name its nonce."""

    provable: Provable | None = None


class OneRolled(Dealt):
    """One logged roll of one character (or an NPC)."""

    character: str
    log_id: int
    spent: Spends = Spends()
    request: int | None = None  # the roll request it answered (issue 30)


class FS3Rolled(o.FS3Roll, OneRolled):
    pass


class GurpsRolled(o.GurpsRoll, OneRolled):
    pass


class D6Rolled(o.D6Roll, OneRolled):
    """A D6 roll; with Character Points added after it in the same command, the roll they
    improved (``first_roll``)."""

    first_roll: D6Rolled | None = None


class FS3TeamRolled(o.FS3Team, Dealt):
    """000 Teamwork: the leader's roll with its assists; ``log_ids`` in draw order (the
    assisters', then the leader's)."""

    character: str
    log_ids: tuple[int, ...]


class FS3OpposedRolled(o.FS3Opposed, Dealt):
    log_ids: tuple[int, ...]


class D6OpposedRolled(o.D6Opposed, Dealt):
    """A D6 contest; with Character Points after it in the same command, each side's
    improved roll, judged again (``after``)."""

    log_ids: tuple[int, ...]
    after: tuple[D6Rolled, ...] = ()


class SecretRollMade(Rolled):
    """A secret roll a player asked of the Storyteller: its player learns only that it was
    made (rulings T9). There is no field here for a die or a verdict to leak through."""

    character: str
    log_id: int | None = None
    log_ids: tuple[int, ...] = ()
    spent: Spends = Spends()
    request: int | None = None  # the roll request it answered (issue 30)
    secret: Literal[True] = True
    message: str


RollAnswer = (
    FS3Rolled | GurpsRolled | D6Rolled | FS3TeamRolled | FS3OpposedRolled | D6OpposedRolled
    | SecretRollMade
)  # fmt: skip


class Raise(Record):
    """002 Experience: a skill raised one level, and what it cost."""

    model_config = ConfigDict(frozen=True, extra="ignore", populate_by_name=True)
    skill: str
    before: int = Field(alias="from")
    after: int = Field(alias="to")
    cost: float


class Learning(Record):
    """FS3: what learning a background skill the sheet lacks costs in XP (its first level,
    002 Experience), and the ruling attributes it may take where each character chooses one
    (002 Ruling Attribute; empty where the edition links them: 000, Wits)."""

    cost: float
    attributes: tuple[str, ...] = ()


class Character(Answer):
    """A character as a command leaves it: its sheet and the points its system keeps (luck
    and XP in FS3; Character and Fate Points in D6), and for ``ShowSheet`` what the sheet
    means besides its data (the system and edition, character-creation problems, and in FS3
    each rating's name, the dice it rolls, the wound modifier and what raises cost)."""

    game: str
    name: str
    approved: bool = False
    player: str | None = None
    sheet: dict[str, JsonValue]
    luck: int | None = None
    xp: float | None = None
    character_points: int | None = None
    fate_points: int | None = None
    system: str | None = None
    edition: str | None = None
    problems: tuple[str, ...] | None = None
    # The game's unusual skills the sheet holds: a note for the Storyteller's review, never
    # a problem (AresMUSH's app review lists them and approves anyway; rulings A11).
    unusual: tuple[str, ...] | None = None
    # What the game says of each ability the sheet holds, by name (rulings A3)
    about: dict[str, str] | None = None
    review_note: str | None = None  # why the Storyteller sent it back, for whoever plays it
    origin: str | None = None  # where an imported character came from (issue 38)
    ratings: dict[str, str] | None = None
    dice: dict[str, int] | None = None
    wound_modifier: int | None = None
    raises: dict[str, dict[str, float | None]] | None = None
    learning: Learning | None = None
    raised: Raise | None = None

    @property
    def typed_sheet(self) -> FS3Sheet | GurpsSheet | D6Sheet:
        """The sheet as its system's type (events/sheets.py), for what draws it."""
        return SHEETS.validate_python(self.sheet)


class CombatStatus(Answer):
    """A combat as a command leaves it: its turn, its combatants (their names, or with
    ``CombatStatus`` how each stands), the actions set (an NPC's only for the Storyteller),
    sheets that cannot be read, and whether it was deleted."""

    combat: str
    turn: int
    active: bool = True
    combatants: tuple[Standing, ...] | tuple[str, ...] = ()
    actions: dict[str, ActionSet] = Field(default_factory=dict)
    problems: tuple[str, ...] = ()
    deleted: bool = False
    initiative: tuple[Initiative, ...] = ()  # the last resolved turn's order (status only)

    @property
    def names(self) -> list[str]:
        """The combatants' names, in order."""
        return [c if isinstance(c, str) else c.name for c in self.combatants]


class TurnResolved(Turn, Answer):
    """A resolved combat turn, as the Storyteller who resolved it sees it."""


class DayHealed(HealDay, Answer):
    """A healing day's report."""


class OddsOf(Answer):
    """A roll's exact odds before it is made (``Service.odds``): what is rolled, the chance
    of success (of the first side winning, for a contest), and each system's own detail
    (FS3's levels, GURPS's criticals, D6's totals), kept as the system gives them
    (table/systems/envelope.py); ``exact`` holds each chance as a fraction's text."""

    model_config = ConfigDict(frozen=True, extra="allow")
    of: str
    system: str
    check: str
    game: str
    visibility: Visibility
    success: float | None = None
    first_wins: float | None = None
    draw: float | None = None
    second_wins: float | None = None
    levels: dict[str, float] | None = None
    critical_failure: float | None = None
    mean: float | None = None
    character: str | None = None
    spends: dict[str, JsonValue] = Field(default_factory=dict)
    exact: dict[str, JsonValue] = Field(default_factory=dict)


class LogPage(Answer):
    """A page of the roll log, newest first."""

    entries: tuple[LogEntry, ...] = Field(default_factory=tuple)


class PoseTurn(Record):
    """Someone in a scene's pose order: their name, who they last posed as and when (ISO
    8601 UTC; None: not yet), and whether the scene waits on them."""

    name: str
    posed_as: str | None = None
    posed_at: str | None = None
    waiting: bool = False


class PoseOrder(Record):
    """Who posed last and who the scene waits on (table/play/pose_order.py; rulings S20 to
    S22). ``people``: those in the order, in it (round-robin) or as they joined (free)."""

    mode: Literal["free", "round-robin"] = "free"
    people: tuple[PoseTurn, ...] = ()
    last: str | None = None  # who posed last (the name they posed as)
    waiting: tuple[str, ...] = ()  # the names of those it waits on


class SceneShown(Answer):
    """A scene as it stands after a scene command (issue 30); ``order``: its pose order
    (None in a list of scenes)."""

    game: str
    number: int
    title: str
    summary: str = ""
    location: str = ""
    scene_kind: SceneKind = "social"
    state: Literal["running", "paused", "finished"]
    privacy: Literal["open", "private"]
    people: tuple[str, ...] = ()  # its participants, by name ("owner": the database's owner)
    order: PoseOrder | None = None
    starter: str | None = None  # who started it (who, with the Storyteller, may run it)


class Attributed(Record):
    """Whose poses an imported log held: a name, how many, and whether it is a character of
    the game's (else a participant the log named, kept by name)."""

    name: str
    poses: int
    character: bool


class LogImported(Answer):
    """A scene log made a finished scene (issue 38): the scene, and what became of each of
    the log's entries: poses by whom, emits (poses no name matched), set poses, OOC lines
    and system lines (kept as text, never rolls)."""

    game: str
    scene: int
    title: str
    file: str = ""
    entries: int
    attributed: tuple[Attributed, ...] = ()
    emits: int = 0
    sets: int = 0
    ooc: int = 0
    system: int = 0


class PoseMade(Answer):
    """A pose written to a scene's ledger."""

    game: str
    scene: int
    log_id: int
    pose: Posed


class LedgerWritten(Answer):
    """A request, its cancellation, a pose's edit or deletion, or a reveal, written to the
    ledger (issue 30): the event as written, its number, and its scene (None: the log's)."""

    game: str
    log_id: int
    scene: int | None = None
    event: RollRequested | RequestCancelled | PoseEdited | PoseDeleted | RollRevealed


class HelpLine(Record):
    line: str  # what to type
    says: str  # what it does


class HelpShown(Answer):
    """The command language, as ``help`` shows it in a game of ``system`` (grammar/help.py)."""

    system: str
    lines: tuple[HelpLine, ...]


class TableAwarded(Answer):
    """Luck or XP given to every character of the table at once: each as it is now."""

    game: str
    characters: tuple[Character, ...]


# Every answer the service gives a command (render/answers.py matches on it).
AnyAnswer = (
    RollAnswer | Character | CombatStatus | TurnResolved | DayHealed | LogPage | SceneShown
    | PoseMade | LedgerWritten | HelpShown | TableAwarded | LogImported
)  # fmt: skip


def drawn_from(answer: AnyAnswer) -> str | None:
    """Where an answer's dice came from (docs/verify.md), if it rolled any."""
    if isinstance(answer, Rolled | TurnResolved | DayHealed):
        return answer.dice_source
    return None
