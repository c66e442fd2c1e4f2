"""The table service: every surface (the command line, the server, the chat bridges) calls
this, for an actor. Its one entry for commands is ``execute`` (base.py), which runs each
command's registered handler (handlers.py); the methods below are typed shorthands for the
service's operations, each a call into the module that holds it, so the service's logic lives
in its parts, grouped by what they hold: play/ (games, characters, points, rolls, odds),
events/ (the feed, the log), access/ (users, accounts, invites, chat links), dice/ (seeds),
combat/ (the tracker, healing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# Every part that registers command handlers (handlers.py) is imported here, so that the
# service's registry is whole whichever surface opened it.
from rollplay.table.combat import handlers as _combat  # noqa: F401
from rollplay.table.dice import seeds as _seeds
from rollplay.table.events import log as _log
from rollplay.table.events import watching as _watching
from rollplay.table.imports_facade import ImportService
from rollplay.table.play import after as _after  # noqa: F401
from rollplay.table.play import characters as _characters
from rollplay.table.play import games as _games
from rollplay.table.play import helping as _helping  # noqa: F401
from rollplay.table.play import npc as _npc
from rollplay.table.play import npc_roster as _npc_roster
from rollplay.table.play import odds as _odds  # noqa: F401
from rollplay.table.play import points as _points
from rollplay.table.play import poses as _poses  # noqa: F401
from rollplay.table.play import records as _records
from rollplay.table.play import requests as _requests  # noqa: F401
from rollplay.table.play import rolling as _rolling
from rollplay.table.play import scene_channels as _scene_channels
from rollplay.table.play import scene_combat as _scene_combat
from rollplay.table.play import scene_order as _scene_order  # noqa: F401
from rollplay.table.play import scene_reads as _scene_reads
from rollplay.table.play import scenes as _scenes
from rollplay.table.play import search as _search
from rollplay.table.play.names import parse_sheet_file

if TYPE_CHECKING:
    from collections.abc import Collection, Iterator, Mapping
    from datetime import datetime
    from typing import Any

    from rollplay.dice import Dice
    from rollplay.table.access.authz import Standing
    from rollplay.table.answers import Character as CharacterAnswer
    from rollplay.table.answers import RollAnswer, SceneShown
    from rollplay.table.events.ledger import Folded
    from rollplay.table.events.views import EventView, LogEntry
    from rollplay.table.info import (
        ChannelBinding,
        ClientSeed,
        GameInfo,
        NpcInfo,
        Rotation,
        Seeds,
        Vocabulary,
    )
    from rollplay.table.play.search import SceneHit
    from rollplay.table.systems import Request


class Service(ImportService):
    """The table's records in one database (a SQLAlchemy URL, a SQLite path, or the default
    file), served to one actor: the database's owner unless ``acting``/``acting_as``."""

    # -- play.games ----------------------------------------------------------------------
    def new_game(
        self,
        name: str,
        system_name: str,
        edition: str | None = None,
        rules: Mapping[str, Any] | None = None,
    ) -> GameInfo:
        """A new game; a user who makes one is its Storyteller."""
        return _games.new_game(self, name, system_name, edition, rules)

    def games(self) -> list[GameInfo]:
        return _games.games(self)

    def game(self, name: str) -> GameInfo:
        return _games.game(self, name)

    def vocabulary(self, name: str) -> Vocabulary:
        return _games.vocabulary(self, name)

    def set_announce_secret(self, name: str, announce: bool) -> GameInfo:
        """Whether players learn that a secret roll was made (001 When the GM Rolls)."""
        return _games.set_announce_secret(self, name, announce)

    def game_settings(
        self,
        name: str,
        *,
        announce_secret: bool | None = None,
        players_ask_secret: bool | None = None,
        provable: bool | None = None,
        pose_window: int | None = None,
    ) -> GameInfo:
        return _games.game_settings(
            self,
            name,
            announce_secret=announce_secret,
            players_ask_secret=players_ask_secret,
            provable=provable,
            pose_window=pose_window,
        )

    def rename_game(self, name: str, new: str) -> GameInfo:
        return _games.rename_game(self, name, new)

    def archive_game(self, name: str, archived: bool = True) -> GameInfo:
        return _games.archive_game(self, name, archived)

    def add_examples(self) -> list[str]:
        return _games.add_examples(self)

    # -- play.characters -----------------------------------------------------------------
    def new_character(self, game_name: str, sheet: Mapping[str, Any]) -> CharacterAnswer:
        """A new character; a player who makes one plays it."""
        return _characters.new_character(self, game_name, sheet)

    def set_character(
        self, game_name: str | None, name: str, changes: Mapping[str, Any]
    ) -> CharacterAnswer:
        return _characters.set_character(self, game_name, name, changes)

    def character(self, game_name: str | None, name: str) -> CharacterAnswer:
        return _characters.character(self, game_name, name)

    def check(self, game_name: str | None, name: str) -> list[str]:
        """Every character-creation problem, at once (002); empty when valid."""
        return _characters.check(self, game_name, name)

    def approve(self, game_name: str | None, name: str) -> CharacterAnswer:
        return _characters.approve(self, game_name, name)

    def send_back(self, game_name: str | None, name: str, comment: str) -> CharacterAnswer:
        """A sheet back to its player with a comment, not approved (issue 31)."""
        return _characters.send_back(self, game_name, name, comment)

    def draft_problems(self, game_name: str, sheet: Mapping[str, Any]) -> list[str]:
        """A sheet not yet made, checked as it is typed (issue 31)."""
        return _characters.draft_problems(self, game_name, sheet)

    def draft_check(self, game_name: str, sheet: Mapping[str, Any]) -> _characters.DraftCheck:
        """A sheet not yet made: its problems and the points it spends, as its form is
        filled (issue 31)."""
        return _characters.draft_check(self, game_name, sheet)

    def npcs(self, game_name: str) -> list[NpcInfo]:
        """The Storyteller's NPC roster (issue 31)."""
        return _npc_roster.npcs(self, game_name)

    def add_npc(self, game_name: str, name: str, rating: str, note: str = "") -> NpcInfo:
        return _npc_roster.add_npc(self, game_name, name, rating, note)

    def remove_npc(self, game_name: str, name: str) -> None:
        _npc_roster.remove_npc(self, game_name, name)

    def set_player(self, game_name: str | None, name: str, user: str | None) -> CharacterAnswer:
        """Who plays a character (None: nobody, the Storyteller's NPC)."""
        return _characters.set_player(self, game_name, name, user)

    # -- play.points ---------------------------------------------------------------------
    def award_xp(
        self, game_name: str | None, name: str, amount: float, reason: str = ""
    ) -> CharacterAnswer:
        """The Storyteller awards XP (002 Experience): whole or half points."""
        return _points.award_xp(self, game_name, name, amount, reason)

    def raise_skill(
        self, game_name: str | None, name: str, skill: str, kind: str = "action",
        attribute: str | None = None,
    ) -> CharacterAnswer:  # fmt: skip
        """002 Experience: spend XP to raise a skill (or learn a language) one level; a new
        background skill's ruling attribute where each character chooses it."""
        return _points.raise_skill(self, game_name, name, skill, kind, attribute=attribute)

    def award_luck(
        self, game_name: str | None, name: str, amount: int = 1, reason: str = ""
    ) -> CharacterAnswer:
        """The Storyteller awards luck points (002 Luck)."""
        return _points.award_luck(self, game_name, name, amount, reason)

    def spend_luck(self, game_name: str | None, name: str, reason: str = "") -> CharacterAnswer:
        """Spend a luck point outside a roll (cancelling one used against the character)."""
        return _points.spend_luck(self, game_name, name, reason)

    # -- play.rolling --------------------------------------------------------------------
    def roll(
        self,
        game_name: str | None,
        name: str,
        request: Request,
        *,
        visibility: str = "public",
        dice: Dice | None = None,
    ) -> RollAnswer:
        """A roll from a character's sheet, its spends taken and the roll logged, together."""
        return _rolling.roll(self, game_name, name, request, visibility=visibility, dice=dice)

    def opposed(
        self,
        game_name: str | None,
        first: tuple[str, Request],
        second: tuple[str, Request],
        *,
        visibility: str = "public",
        dice: Dice | None = None,
        npc_second: bool = False,
    ) -> RollAnswer:
        return _rolling.opposed(
            self, game_name, first, second, visibility=visibility, dice=dice, npc_second=npc_second
        )

    def teamwork(
        self,
        game_name: str | None,
        leader: tuple[str, Request],
        assisters: list[tuple[str, Request]],
        *,
        visibility: str = "public",
        dice: Dice | None = None,
    ) -> RollAnswer:
        """000 Teamwork with named characters: the assisters roll, then the leader."""
        return _rolling.teamwork(
            self, game_name, leader, assisters, visibility=visibility, dice=dice
        )

    # -- play.npc ------------------------------------------------------------------------
    def npc_roll(
        self,
        game_name: str,
        request: Request,
        *,
        name: str | None = None,
        visibility: str = "public",
        dice: Dice | None = None,
    ) -> RollAnswer:
        return _npc.npc_roll(self, game_name, request, name=name, visibility=visibility, dice=dice)

    # -- play.scenes (issue 30) -----------------------------------------------------------
    def scenes(self, game_name: str) -> list[SceneShown]:
        return _scenes.scenes(self, game_name)

    def scene(self, game_name: str, number: int) -> tuple[SceneShown, list[EventView]]:
        return _scenes.scene(self, game_name, number)

    # -- play.scene_channels (issue 30: scenes in chat) ------------------------------------
    def bind_scene(
        self, platform: str, channel_id: str, game_name: str, number: int
    ) -> ChannelBinding:
        """Play a scene in a chat channel or a MUSH's room (its starter or the Storyteller)."""
        return _scene_channels.bind_scene(self, platform, channel_id, game_name, number)

    def relayed(self, platform: str, after: Mapping[int, int] | None) -> _scene_channels.RelayBatch:
        """What the scenes bound to a platform's channels wrote after each game's cursor,
        for each channel as its readers see it (the owner: a bridge)."""
        return _scene_channels.relayed(self, platform, after)

    def scene_readers(self, platform: str, game_name: str, scene_id: int) -> list[str]:
        return _scene_channels.scene_readers(self, platform, game_name, scene_id)

    def scene_shown(self, game_name: str, number: int) -> SceneShown:
        return _scene_reads.scene_shown(self, game_name, number)

    def scene_id(self, game_name: str, number: int) -> int:
        return _scene_reads.scene_id(self, game_name, number)

    def scene_combat(self, game_name: str, number: int) -> str | None:
        """The combat under way that the scene plays, if any (its page's combat panel)."""
        return _scene_combat.scene_combat(self, game_name, number)

    def scene_events(
        self, game_name: str, number: int, after: int = 0, limit: int = 100
    ) -> list[EventView]:
        return _scene_reads.scene_events(self, game_name, number, after, limit)

    def scene_ledger(self, game_name: str, number: int, before: int | None = None,
                     limit: int = 200) -> _scene_reads.LedgerPage:  # fmt: skip
        return _scene_reads.scene_ledger(self, game_name, number, before, limit)

    def scene_panel(self, game_name: str, number: int) -> _scene_reads.ScenePanel:
        return _scene_reads.scene_panel(self, game_name, number)

    def scene_orders(self, game_id: int, scene_ids: Collection[int]) -> dict[int, SceneShown]:
        return _scene_reads.scene_orders(self, game_id, scene_ids)

    def live_batch(self, game_id: int, after: int, limit: int,
                   watched: Collection[int]) -> _scene_reads.LiveBatch:  # fmt: skip
        return _scene_reads.live_batch(self, game_id, after, limit, watched)

    def scene_catch_up(self, game_name: str, number: int, after: int,
                       limit: int) -> _scene_reads.CaughtUp:  # fmt: skip
        return _scene_reads.scene_catch_up(self, game_name, number, after, limit)

    def current_scene(self, game_name: str) -> int | None:
        return _scene_reads.current_scene(self, game_name)

    # -- events.log ----------------------------------------------------------------------
    def events_for(self, game_name: str, after: int = 0, limit: int = 100) -> list[EventView]:
        return _log.events_for(self, game_name, after, limit)

    def feed_page(self, game_name: str, after: int = 0, limit: int = 100) -> Folded:
        return _log.feed_page(self, game_name, after, limit)

    def log(
        self,
        *,
        game_name: str | None = None,
        character: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int | None = 100,
        viewer: str | None = None,
    ) -> list[LogEntry]:
        """Rolls, newest first, as this actor sees them (the owner: as the Storyteller)."""
        return _log.log(
            self,
            game_name=game_name,
            character=character,
            since=since,
            until=until,
            limit=limit,
            viewer=viewer,
        )

    def export_log(self, fmt: str = "jsonl", **filters: Any) -> str:
        """Every matching roll, oldest first, as JSON Lines or CSV."""
        return _log.export_log(self, fmt, **filters)

    # -- events.watching -----------------------------------------------------------------
    def watch(self, game_name: str) -> tuple[int, str, Standing]:
        """The game's id and name and the actor's standing there, if they may read it."""
        return _watching.watch(self, game_name)

    def latest_event(self, game_id: int | None = None) -> int:
        """The newest event's number in one game (or, for all games, the newest id: a
        sign that something was written), 0 before any."""
        return _watching.latest_event(self, game_id)

    def events_after(self, game_id: int, after: int, limit: int) -> list[Any]:
        return _watching.events_after(self, game_id, after, limit)

    def written_since(self, after: int) -> tuple[int, dict[int, int]]:
        return _watching.written_since(self, after)

    def event_counts(self, game_ids: Collection[int]) -> dict[int, int]:
        return _watching.event_counts(self, game_ids)

    # -- dice.seeds ----------------------------------------------------------------------
    def seeds(self, game_name: str) -> Seeds:
        return _seeds.seeds(self, game_name)

    def set_client_seed(self, game_name: str, value: str) -> ClientSeed:
        return _seeds.set_client_seed(self, game_name, value)

    def rotate_seed(self, game_name: str, chain: str = "public") -> Rotation:
        return _seeds.rotate_seed(self, game_name, chain)

    # -- play.records, play.search: a scene's record (issue 30) ----------------------------
    def export_scene(self, game_name: str, number: int, fmt: str = "markdown") -> str:
        return _records.export_scene(self, game_name, number, fmt)

    def export_scene_parts(self, game_name: str, number: int, fmt: str = "markdown",
                           ) -> Iterator[str]:  # fmt: skip
        """``export_scene`` a part at a time (checked now, read as it is taken)."""
        return _records.export_scene_parts(self, game_name, number, fmt)

    def search_scenes(self, game_name: str, query: str) -> list[SceneHit]:
        return _search.search(self, game_name, query)


Table = Service  # the name the command line and the tests have long used

__all__ = ["Service", "Table", "parse_sheet_file"]
