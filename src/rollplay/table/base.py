"""The lookups every command shares, on the service's core (core.py): games and characters
by name (loosely, with suggestions), rulesets and parsed sheets (cached per version), what a
command leaves to context (the actor's own character, their only game, the combat under
way), and the one entry every surface calls: ``execute`` (and ``odds``), which finds a
command's handler in the registry (handlers.py).
"""

from __future__ import annotations

import json
import typing
from collections.abc import Mapping
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.dice import Dice
from rollplay.errors import RollplayError, suggest
from rollplay.table.answers import Answer, AnyAnswer, OddsOf
from rollplay.table.answers import Character as CharacterAnswer
from rollplay.table.core import WRITTEN, Core, Written
from rollplay.table.events import payloads as ev
from rollplay.table.events.audiences import told
from rollplay.table.handlers import HANDLERS
from rollplay.table.play.names import casefold_match, character_dict, new_character_name
from rollplay.table.sheet_limits import stored_sheet
from rollplay.table.store import idempotency
from rollplay.table.store.db import StorageError
from rollplay.table.store.models import Character, Combat, Game
from rollplay.table.store.ordering import order_events
from rollplay.table.systems import ruleset_version, system

SHEETS_KEPT = 10_000  # parsed sheets kept per worker (every character of 500 tables of six)


class ServiceBase(Core):
    """The service's core with its shared lookups and its one entry, ``execute``."""

    def execute(self, command: object, *, dice: Dice | None = None) -> AnyAnswer:
        """Run ``command`` (table/commands.py) for this service's actor, through its handler;
        its answer names the command's type and the events it wrote. Under an Idempotency-
        Key (``KEYED``) the command runs in one transaction that also stores its answer in
        the key's row, so a write that committed is never run again: its retry is answered
        from what was stored (rulings H11)."""
        keyed = idempotency.KEYED.get()
        if keyed is None or keyed.taken:
            return self._execute(command, dice)[0]
        keyed.taken = True  # the request's first command: a second runs as any would
        if keyed.replay is not None:
            return _stored(*keyed.replay)
        with self.held() as s:
            answer, wrote = self._execute(command, dice)
            if wrote:  # a read keeps nothing (rulings H8)
                idempotency.written(s.connection(), keyed.row, type(answer).__name__,
                                    answer.model_dump_json().encode())  # fmt: skip
        keyed.written = wrote
        return answer

    def _execute(self, command: object, dice: Dice | None) -> tuple[AnyAnswer, bool]:
        """The command's answer, naming the events it wrote that its actor may see, and
        whether it wrote any."""
        handler = HANDLERS.of(command)
        written: list[Written] = []
        token = WRITTEN.set(written)
        try:
            answer: AnyAnswer = handler.run(self, command, dice)
        finally:
            WRITTEN.reset(token)
        said = answer.model_copy(
            update={"command": type(command).__name__, "event_ids": self._told(written)}
        )
        said._written = tuple(w.number for w in written)
        return said, bool(written)

    def _told(self, written: list[Written]) -> tuple[int, ...]:
        """The numbers of the events ``written`` its actor may see, as any read of them would
        project them (audiences.told), as the actor stands once the command is done: a raise
        that gives a request new odds in a private scene they are not in names only the
        raise (S78). The events are in hand; the actor's standing is read once a game, and
        only when an event is not every member's (in a private scene, or for some)."""
        narrow = {w.game.id: w.game for w in written
                  if w.audience != "everyone" or w.scene_private}  # fmt: skip
        if not narrow or (self.actor.user_id is None and self.actor.as_character is None):
            return tuple(w.number for w in written)  # the owner: Storyteller of every game
        with self.reading() as s:
            standings = {gid: self.standing(s, game) for gid, game in narrow.items()}
        return tuple(w.number for w in written
                     if w.game.id not in standings or told(w, standings[w.game.id]))  # fmt: skip

    def odds(self, command: object) -> OddsOf:
        """The odds of the roll ``command`` asks for, as this actor would make it: prepared
        as the roll is (and refused alike), in a read that spends and writes nothing."""
        handler = HANDLERS.of(command)
        if handler.odds is None:
            rolls = ", ".join(h.command.__name__ for h in HANDLERS.all() if h.odds is not None)
            raise RollplayError(f"odds are for a roll ({rolls}), not {type(command).__name__}")
        return handler.odds(self, command)

    # -- context: what a command leaves unsaid -----------------------------------------------

    def game_for(self, game: str | None) -> str:
        """The game a command means: the one named, or the only one the actor is in."""
        if game is not None:
            return game
        with self.transaction() as s:
            mine = [g.name for g in s.scalars(select(Game).order_by(Game.name))
                    if self.standing(s, g).role is not None]  # fmt: skip
        if len(mine) == 1:
            return mine[0]
        raise RollplayError(
            f"say which game ({', '.join(mine)})" if mine else "there is no game to play in"
        )

    def own_character(self, game: str | None, name: str | None) -> tuple[str, str]:
        """(game, character) for a command about ``name``, or about the actor's own
        character: the one they play in the game, if they play just one."""
        if name is not None:
            if game is None:
                with self.transaction() as s:
                    found, _ = self.character_row(s, None, name)
                    return found.name, name
            return game, name
        game = self.game_for(game)
        with self.transaction() as s:
            row = self.game_row(s, game)
            ids = self.standing(s, row).characters
            names = [ch.name for ch in s.scalars(select(Character).where(
                Character.game_id == row.id, Character.id.in_(list(ids))))]  # fmt: skip
        if len(names) == 1:
            return game, names[0]
        if names:
            raise RollplayError(f"say which character: you play {', '.join(sorted(names))}")
        raise RollplayError(f"say which character (NAME/...): you play none in {game}")

    def combat_for(self, game: str, name: str | None) -> str:
        """The combat a command means: the one named, or the only one under way."""
        if name is not None:
            return name
        with self.transaction() as s:
            row = self.game_row(s, game)
            standing = self.standing(s, row)  # a private scene's combat is not theirs (H9)
            going = [name for name, scene, private in s.execute(
                select(Combat.name, Combat.scene_id, Combat.scene_private)
                .where(Combat.game_id == row.id, Combat.active))
                if standing.in_scene(scene, private)]  # fmt: skip
        if len(going) == 1:
            return going[0]
        raise RollplayError(
            f"say which combat ({', '.join(going)})" if going else f"no combat under way in {game}"
        )

    # -- games and characters --------------------------------------------------------------

    def game_row(self, s: Session, name: str) -> Game:
        """A game by name, or an error suggesting the closest one."""
        game = s.scalar(select(Game).where(Game.name == name))
        if game is not None:
            order_events(s.connection(), game.id)  # a write's events in order (writers.py)
        if game is None:
            if not self.actor.owner:  # the table's other games are not a member's business
                raise StorageError(f"no game called {name!r}")
            known = list(s.scalars(select(Game.name)))
            raise StorageError(
                f"no game called {name!r}{suggest(name, known)}; "
                f"games: {', '.join(known) or 'none'}"
            )
        return game

    def ruleset_of(self, game: Any) -> tuple[Any, str]:
        """A game's ruleset and its fingerprint, built once per version of its rules."""
        key = (game.id, json.dumps(game.rules, sort_keys=True) + game.edition)
        cached = self._rulesets.get(key)
        if cached is None:
            rules = system(game.system).ruleset(game.edition, game.rules)
            cached = self._rulesets[key] = (rules, ruleset_version(rules))
        return cached

    def sheet_of(self, game: Any, row: Any, rules: Any) -> Any:
        """The character's checked sheet, parsed once per stored version of it (the version
        column changes with every write, from any process)."""
        key = (game.id, row.id, row.version, id(rules))
        parsed = self._sheets.get(key)
        if parsed is None:
            if len(self._sheets) >= SHEETS_KEPT:  # the oldest goes (clearing them all made
                del self._sheets[next(iter(self._sheets))]  # 500 tables re-read every sheet)
            parsed = self._sheets[key] = system(game.system).parse(row.sheet, rules)
        return parsed

    def add_character_row(
        self,
        s: Session,
        game: Game,
        sheet: Mapping[str, Any],
        player_id: int | None = None,
        origin: str | None = None,
    ) -> CharacterAnswer:
        """A new character in ``game``, its sheet checked and its starting points given
        (``origin``: where an imported one came from, issue 38)."""
        rules, _ = self.ruleset_of(game)
        sys_ = system(game.system)
        stored = stored_sheet(game.system, sheet, rules)
        points = sys_.starting_points(stored, rules)
        name = new_character_name(s, game, stored["name"])
        stored = {**stored, "name": name}  # its one form (NFKC), as the row has it
        row = Character(
            game_id=game.id, name=name, sheet=stored, approved=False, luck=points.luck,
            xp_halves=0, character_points=points.character_points,
            fate_points=points.fate_points, player_id=player_id, origin=origin,
        )  # fmt: skip
        s.add(row)
        s.flush()
        made = ev.CharacterMade(name=name, sheet=stored, origin=origin)
        self.record(s, game, made, character=row)
        return character_dict(row, game)

    def _find(self, s: Session, game: Game, name: str, lock: bool = False) -> Character | None:
        query = select(Character).where(Character.game_id == game.id, Character.name == name)
        if lock:
            query = query.with_for_update()
        return s.scalar(query)

    def character_row(
        self, s: Session, game_name: str | None, name: str, lock: bool = False
    ) -> tuple[Game, Character]:
        """A character (and its game) by name, loosely matched; errors suggest names."""
        game = self.game_row(s, game_name) if game_name else self._game_of(s, name)
        row = self._find(s, game, name, lock)
        if row is None:
            row = self._find(s, game, casefold_match(s, game, name) or name, lock)
        if row is None:
            known = list(s.scalars(select(Character.name).where(Character.game_id == game.id)))
            raise StorageError(
                f"{game.name} has no character called {name!r}{suggest(name, known)}"
            )
        return game, row

    def _game_of(self, s: Session, name: str) -> Game:
        """The game of a character named without --game, matched exactly or else without
        regard to case: it must be unambiguous."""
        games = list(
            s.scalars(
                select(Game).join(Character).where(Character.name == name).order_by(Game.name)
            )
        )
        if not games:
            pairs = s.execute(select(Game, Character.name).join(Character).order_by(Game.name))
            games = [g for g, known in pairs if known.casefold() == name.casefold()]
        if len(games) == 1:
            return games[0]
        all_games = list(s.scalars(select(Game).order_by(Game.name)))
        if not games and len(all_games) == 1:
            return all_games[0]
        if games:
            names = ", ".join(g.name for g in games)
            raise StorageError(f"{name!r} is in several games ({names}); say which with --game")
        known = list(s.scalars(select(Character.name)))
        raise StorageError(f"no character called {name!r}{suggest(name, known)} in any game")


def _answer_types(kind: Any) -> dict[str, type[Answer]]:
    """Every answer type of ``AnyAnswer``, by name."""
    members = typing.get_args(kind)
    if not members:
        return {kind.__name__: kind}
    return {name: cls for member in members for name, cls in _answer_types(member).items()}


def _stored(kind: str, body: bytes) -> AnyAnswer:
    """A command's answer as ``execute`` stored it under its key."""
    found = _answer_types(AnyAnswer).get(kind)
    if found is None:
        raise RollplayError("the write with this Idempotency-Key was done; its answer can no "
                            "longer be shown")  # fmt: skip
    answer: AnyAnswer = found.model_validate_json(body)  # type: ignore[assignment]
    return answer
