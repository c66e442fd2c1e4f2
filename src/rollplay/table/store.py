"""``Table``: games, characters, experience, luck and the roll log over one database.

Every public method is one transaction: it commits whole or not at all, so a crash or an
error mid-command leaves the database as it was. Points are spent with a conditional
``UPDATE ... WHERE points >= n``, so two processes can never both spend the last one; a
character whose sheet changes is read with a row lock (PostgreSQL) or under SQLite's write
lock, and a version column turns any lost update into an error instead.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, NamedTuple

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from rollplay.dice import Dice, default_dice, settle
from rollplay.errors import RollplayError, RuleError, suggest
from rollplay.table.db import StorageError, database_url, open_engine, upgrade
from rollplay.table.limits import MAX_LOG_LIMIT, MAX_LUCK, MAX_LUCK_AWARD, MAX_XP, MAX_XP_AWARD
from rollplay.table.models import Character, Game, RollEntry, now
from rollplay.table.systems import (
    Points,
    Request,
    check_options,
    ruleset_version,
    spent,
    system,
)
from rollplay.table.writers import CoreWriter, Writer, writing

VISIBILITIES = ("public", "private", "secret")


class _Inexact(Exception):
    """A name in a roll is not exactly as stored: resolve it, then roll again."""


class _GameRow(NamedTuple):
    id: int
    name: str
    system: str
    edition: str
    rules: dict[str, Any]


class _CharacterRow(NamedTuple):
    id: int
    name: str
    sheet: dict[str, Any]
    luck: int
    character_points: int
    fate_points: int
    version: int


class Side(NamedTuple):
    """One character's part in a roll: the row, the check its sheet makes, what it spent."""

    row: _CharacterRow
    check: Any
    spent: dict[str, Any]
    request: Request


class Table:
    """The table's records in one database (a SQLAlchemy URL, a SQLite path, or the default
    file); the schema is brought up to date on opening."""

    def __init__(self, url: str | None = None, *, engine: Engine | None = None) -> None:
        self.url = database_url(url)
        self.engine = engine or open_engine(self.url)
        upgrade(self.engine)
        self._rulesets: dict[tuple[int, str], tuple[Any, str]] = {}
        self._sheets: dict[tuple[int, int, int, int], Any] = {}

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One ORM transaction: committed when the block ends, rolled back if it raises."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    # -- games ---------------------------------------------------------------------------

    def new_game(
        self,
        name: str,
        system_name: str,
        edition: str | None = None,
        rules: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        sys_ = system(system_name)
        overrides = dict(rules or {})
        edition = str(overrides.pop("extends", None) or edition or _default_edition(sys_.name))
        sys_.ruleset(edition, overrides)  # refuse bad rules before storing them
        name = _name(name, "game")
        with self.transaction() as s:
            if s.scalar(select(Game).where(Game.name == name)) is not None:
                raise StorageError(f"there is already a game called {name!r}")
            game = Game(name=name, system=sys_.name, edition=edition, rules=overrides)
            s.add(game)
            s.flush()
            return _game_dict(game)

    def games(self) -> list[dict[str, Any]]:
        with self.transaction() as s:
            return [_game_dict(g) for g in s.scalars(select(Game).order_by(Game.name))]

    def game(self, name: str) -> dict[str, Any]:
        with self.transaction() as s:
            game = self.game_row(s, name)
            data = _game_dict(game)
            data["characters"] = list(
                s.scalars(
                    select(Character.name)
                    .where(Character.game_id == game.id)
                    .order_by(Character.name)
                )
            )
            return data

    def game_row(self, s: Session, name: str) -> Game:
        """A game by name, or an error suggesting the closest one."""
        game = s.scalar(select(Game).where(Game.name == name))
        if game is None:
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

    def add_examples(self) -> list[str]:
        """Create the example games (rollplay/examples/games.yaml) that are not here yet;
        each is one transaction. Returns the names created."""
        from pathlib import Path

        import yaml

        root = Path(__file__).parents[1] / "examples"
        created = []
        existing = {g["name"] for g in self.games()}
        for spec in yaml.safe_load((root / "games.yaml").read_text(encoding="utf-8")):
            if spec["name"] in existing:
                continue
            sheets = [parse_sheet_file(str(root / c), spec["system"]) for c in spec["characters"]]
            with self.transaction() as s:
                game = Game(name=spec["name"], system=spec["system"], edition=spec["edition"],
                            rules={})  # fmt: skip
                s.add(game)
                s.flush()
                for sheet in sheets:
                    self._add_character(s, game, sheet)
            created.append(spec["name"])
        return created

    # -- characters ----------------------------------------------------------------------

    def new_character(self, game_name: str, sheet: Mapping[str, Any]) -> dict[str, Any]:
        with self.transaction() as s:
            return self._add_character(s, self.game_row(s, game_name), sheet)

    def _add_character(self, s: Session, game: Game, sheet: Mapping[str, Any]) -> dict[str, Any]:
        rules, _ = self.ruleset_of(game)
        sys_ = system(game.system)
        stored = sys_.sheet(sheet, rules, "sheet")
        points = sys_.starting_points(stored, rules)
        name = _character_name(stored["name"])
        if _casefold_match(s, game, name) is not None:
            raise StorageError(f"{game.name} already has a character called {name!r}")
        row = Character(
            game_id=game.id,
            name=name,
            sheet=stored,
            approved=False,
            luck=points.luck,
            xp_halves=0,
            character_points=points.character_points,
            fate_points=points.fate_points,
        )
        s.add(row)
        s.flush()
        return _character_dict(row, game)

    def set_character(
        self, game_name: str | None, name: str, changes: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Merge ``changes`` into the sheet (tables merge key by key; a value of None
        removes a key). A changed sheet needs approving again."""
        with self.transaction() as s:
            game, row = self.character_row(s, game_name, name, lock=True)
            rules, _ = self.ruleset_of(game)
            merged = _merge(row.sheet, changes)
            if merged.get("name") != row.sheet.get("name"):
                raise RollplayError(
                    f"a sheet's name is the character's ({row.name}); it cannot be changed "
                    f"or removed with a sheet change"
                )
            row.sheet = system(game.system).sheet(merged, rules, "sheet")
            row.approved = False
            row.updated_at = now()
            return _character_dict(row, game)

    def character(self, game_name: str | None, name: str) -> dict[str, Any]:
        with self.transaction() as s:
            game, row = self.character_row(s, game_name, name)
            data = _character_dict(row, game)
            rules, _ = self.ruleset_of(game)
            data["problems"] = system(game.system).problems(row.sheet, rules)
            if game.system == "fs3":
                sheet = self.sheet_of(game, row, rules)
                data["ratings"] = sheet.rating_names(rules)
                data["dice"] = sheet.pools(rules)
                data["wound_modifier"] = -sheet.wound_modifier(rules)
            return data

    def check(self, game_name: str | None, name: str) -> list[str]:
        """Every character-creation problem, at once (002); empty when valid."""
        return list(self.character(game_name, name)["problems"])

    def approve(self, game_name: str | None, name: str) -> dict[str, Any]:
        with self.transaction() as s:
            game, row = self.character_row(s, game_name, name, lock=True)
            rules, _ = self.ruleset_of(game)
            problems = system(game.system).problems(row.sheet, rules)
            if problems:
                raise RuleError(f"{row.name} cannot be approved: {'; '.join(problems)}")
            row.approved = True
            return _character_dict(row, game)

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
            row = self._find(s, game, _casefold_match(s, game, name) or name, lock)
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

    # -- experience and luck (002) ---------------------------------------------------------

    def award_xp(self, game_name: str | None, name: str, amount: float) -> dict[str, Any]:
        """The Storyteller awards XP (002 Experience): whole or half points."""
        if not math.isfinite(amount) or not 0 < amount <= MAX_XP_AWARD or (amount * 2) % 1:
            raise RollplayError(
                f"award XP in whole or half points from 0.5 to {MAX_XP_AWARD:,}, like 2 or "
                f"1.5; not {amount:g}"
            )
        halves = int(amount * 2)
        with self.transaction() as s:
            game, row = self.character_row(s, game_name, name, lock=True)
            _fs3_only(game, "experience")
            if row.xp_halves + halves > MAX_XP * 2:
                raise RollplayError(
                    f"{row.name} would hold {(row.xp_halves + halves) / 2:g} XP; at most {MAX_XP:,}"
                )
            row.xp_halves += halves
            row.raises_since_award = 0
            return _character_dict(row, game)

    def raise_skill(
        self, game_name: str | None, name: str, skill: str, kind: str = "action"
    ) -> dict[str, Any]:
        """002 Experience: spend XP to raise a skill (or learn a language) one level."""
        from rollplay.systems.fs3.sheet import raise_ability, sheet_from_mapping

        with self.transaction() as s:
            game, row = self.character_row(s, game_name, name, lock=True)
            _fs3_only(game, "experience")
            rules, _ = self.ruleset_of(game)
            sheet = sheet_from_mapping(row.sheet, rules, "sheet")
            canonical = _ability_name(skill, kind, sheet, rules)
            data, cost, current = raise_ability(sheet, _skill_kind(kind), canonical, rules)
            limit = rules.max_raises_between_awards
            if limit is not None and row.raises_since_award >= limit:
                raise RuleError(
                    f"{row.name} has raised {row.raises_since_award} skill"
                    f"{'s' if row.raises_since_award != 1 else ''} since the last XP award; "
                    f"this game allows {limit} (002 Experience)"
                )
            if row.xp_halves < cost:
                raise RuleError(
                    f"raising {canonical} from {current} costs {cost / 2:g} XP; "
                    f"{row.name} has {row.xp_halves / 2:g}"
                )
            row.sheet = system(game.system).sheet(data, rules, "sheet")
            row.xp_halves -= cost
            row.raises_since_award += 1
            row.updated_at = now()
            result = _character_dict(row, game)
            result["raised"] = {"skill": canonical, "from": current, "cost": cost / 2}
            return result

    def award_luck(self, game_name: str | None, name: str, amount: int = 1) -> dict[str, Any]:
        """The Storyteller awards luck points (002 Luck)."""
        if not 1 <= amount <= MAX_LUCK_AWARD:
            raise RollplayError(f"award 1 to {MAX_LUCK_AWARD} luck points at a time, not {amount}")
        with self.transaction() as s:
            game, row = self.character_row(s, game_name, name, lock=True)
            _fs3_only(game, "luck")
            if row.luck + amount > MAX_LUCK:
                raise RollplayError(
                    f"{row.name} would hold {row.luck + amount} luck points; at most {MAX_LUCK:,}"
                )
            row.luck += amount
            return _character_dict(row, game)

    def spend_luck(self, game_name: str | None, name: str, reason: str = "") -> dict[str, Any]:
        """Spend a luck point outside a roll (cancelling one used against the character)."""
        with self.transaction() as s:
            game, row = self.character_row(s, game_name, name)
            _fs3_only(game, "luck")
            self.spend(CoreWriter(s.connection()), row, Points(luck=1))
            s.refresh(row)
            return _character_dict(row, game)

    def spend(self, w: Writer, row: Any, cost: Points) -> None:
        """Take points away in one conditional UPDATE: the database decides, so two
        processes cannot both spend the last point."""
        if not (cost.luck or cost.character_points or cost.fate_points):
            return
        if w.spend(row.id, cost.luck, cost.character_points, cost.fate_points):
            return
        have = dict(zip(("luck", "Character Points", "Fate Points"), w.points(row.id), strict=True))
        wanted = {
            "luck": cost.luck,
            "Character Points": cost.character_points,
            "Fate Points": cost.fate_points,
        }
        short = [f"{k}: wants {v}, has {have[k]}" for k, v in wanted.items() if v > have[k]]
        raise RuleError(f"{row.name} has too few points ({'; '.join(short)})")

    # -- rolls -----------------------------------------------------------------------------

    def roll(
        self,
        game_name: str | None,
        name: str,
        request: Request,
        *,
        visibility: str = "public",
        dice: Dice | None = None,
    ) -> dict[str, Any]:
        """A roll from a character's sheet, its spends taken and the roll logged, together."""
        with self._rolling(game_name, [(name, request)], visibility) as (s, game, side):
            rules, _ = self.ruleset_of(game)
            source = _dice(dice)
            rolled = system(game.system).roll(side.check, rules, source, visibility == "secret")
            result = {"system": game.system, **rolled}
            entry_id = self._log(s, game, side, result, visibility)
            settle(source)
            return {**result, "character": side.row.name, "game": game.name, "log_id": entry_id,
                    "visibility": visibility, "spent": side.spent}  # fmt: skip

    def opposed(
        self,
        game_name: str | None,
        first: tuple[str, Request],
        second: tuple[str, Request],
        *,
        visibility: str = "public",
        dice: Dice | None = None,
    ) -> dict[str, Any]:
        """Two characters of one game roll against each other (000/002, 003); each side is
        logged, with the contest's result."""
        with self._rolling(game_name, [first, second], visibility, contest=True) as (
            s, game, a, b,
        ):  # fmt: skip
            rules, _ = self.ruleset_of(game)
            source = _dice(dice)
            result = system(game.system).opposed(a.check, b.check, rules, source)
            settle(source)
            keys = ("first", "second") if "first" in result else ("initiator", "resister")
            ids = [
                self._log(s, game, side, {"system": game.system, **result[key],
                                          "opposed": _contest(result)}, visibility)
                for side, key in zip((a, b), keys, strict=True)
            ]  # fmt: skip
            return {"system": game.system, "game": game.name, **result, "log_ids": ids,
                    "visibility": visibility}  # fmt: skip

    def teamwork(
        self,
        game_name: str | None,
        leader: tuple[str, Request],
        assisters: list[tuple[str, Request]],
        *,
        visibility: str = "public",
        dice: Dice | None = None,
    ) -> dict[str, Any]:
        """000 Teamwork with named characters: the assisters roll, then the leader."""
        with self._rolling(game_name, [leader, *assisters], visibility) as (
            s,
            game,
            lead,
            *helpers,
        ):
            if game.system != "fs3":
                raise RuleError(
                    f"teamwork is FS3's (000 Teamwork); {game.name} plays {game.system}"
                )
            from rollplay.table.systems import FS3

            rules, _ = self.ruleset_of(game)
            source = _dice(dice)
            result = FS3().teamwork(lead.check, [h.check for h in helpers], rules, source)
            settle(source)
            ids = [
                self._log(s, game, helper, {"system": "fs3", **rolled,
                                            "assisting": lead.row.name}, visibility)
                for helper, rolled in zip(helpers, result["assists"], strict=True)
            ]  # fmt: skip
            ids.append(self._log(s, game, lead, {"system": "fs3", **result}, visibility))
            return {"system": "fs3", "game": game.name, **result, "character": lead.row.name,
                    "log_ids": ids, "visibility": visibility}  # fmt: skip

    @contextmanager
    def _rolling(
        self,
        game_name: str | None,
        sides: list[tuple[str, Request]],
        visibility: str,
        contest: bool = False,
    ) -> Iterator[tuple[Any, ...]]:
        """One write transaction with each side prepared: (connection, game, *sides).

        Names are looked up exactly first, inside the transaction; names given loosely (no
        game, other case) are resolved in a read of their own before the write begins, since
        SQLite allows one writer and the lookup must not wait on this very transaction."""
        if visibility not in VISIBILITIES:
            raise RollplayError(
                f"unknown visibility {visibility!r}; accepted: {', '.join(VISIBILITIES)}"
            )
        if game_name is not None:
            try:
                with writing(self.engine) as w:  # an inexact name rolls it all back
                    yield (w, *self._prepare(w, game_name, sides, contest))
                    return
            except _Inexact:
                pass
        with Session(self.engine) as lookup, lookup.begin():
            exact = []
            where = game_name
            for name, request in sides:
                game, row = self.character_row(lookup, where, name)
                where = game.name  # every side plays in the first one's game
                exact.append((row.name, request))
        try:
            with writing(self.engine) as w:
                yield (w, *self._prepare(w, str(where), exact, contest))
        except _Inexact:
            raise StorageError(
                "a character was renamed or removed while rolling; try again"
            ) from None

    def _prepare(
        self, w: Writer, game_name: str, sides: list[tuple[str, Request]], contest: bool
    ) -> tuple[Any, ...]:
        """The game and each side (its row and the check its sheet makes), with the points
        its request spends already taken (conditionally: see spend). Raises _Inexact when a
        name does not match exactly."""
        game: Any = None
        prepared: list[Side] = []
        for name, request in sides:
            found = w.side(game_name, name)
            if found is None:
                raise _Inexact
            game = _GameRow(*found[:5])
            row = _CharacterRow(*found[5:])
            if any(side.row.id == row.id for side in prepared):
                raise RuleError(
                    f"{row.name} appears twice in one roll: nobody assists or opposes themself"
                )
            rules, _ = self.ruleset_of(game)
            check_options(request, game.system, system(game.system).options)
            before = Points(row.luck, row.character_points, row.fate_points)
            check, after = system(game.system).check(
                self.sheet_of(game, row, rules), before, request, rules, contest=contest
            )
            used: dict[str, Any] = spent(before, after)
            self.spend(w, row, Points(used.get("luck", 0), used.get("character_points", 0),
                                       used.get("fate_points", 0)))  # fmt: skip
            if request.luck_from:  # 002 Luck: a point spent on someone else's roll
                used = {**used, "luck_from": self._spend_for(w, game, request.luck_from, row)}
            prepared.append(Side(row, check, used, request))
        return (game, *prepared)

    def _spend_for(self, w: Writer, game: Any, spender: str, target: Any) -> str:
        """Take one luck point from ``spender`` (same game) for a boost or hinder."""
        found = w.side(game.name, spender)
        if found is None:
            raise StorageError(f"{game.name} has no character called {spender!r}")
        payer = _CharacterRow(*found[5:])
        if payer.id == target.id:
            raise RuleError("a boost or hinder is spent on someone else's roll, not your own")
        self.spend(w, payer, Points(luck=1))
        return str(payer.name)

    def sheet_of(self, game: Any, row: Any, rules: Any) -> Any:
        """The character's checked sheet, parsed once per stored version of it (the version
        column changes with every write, from any process)."""
        key = (game.id, row.id, row.version, id(rules))
        parsed = self._sheets.get(key)
        if parsed is None:
            if len(self._sheets) > 1000:
                self._sheets.clear()
            parsed = self._sheets[key] = system(game.system).parse(row.sheet, rules)
        return parsed

    def _log(
        self, w: Writer, game: Any, side: Side, outcome: dict[str, Any],
        visibility: str,
    ) -> int:  # fmt: skip
        _, version = self.ruleset_of(game)
        request = side.request
        values = {
            "game_id": game.id,
            "character_id": side.row.id,
            "character": side.row.name,
            "system": game.system,
            "expression": request.expression[:200],
            "modifiers": list(request.mods) + list(request.bonuses),
            "spends": side.spent,
            "dice": _dice_of(outcome),
            "outcome": outcome,
            "visibility": visibility,
            "ruleset_version": version,
            "created_at": now(),
        }
        return w.log(values)

    # -- the log ---------------------------------------------------------------------------

    def log(
        self,
        *,
        game_name: str | None = None,
        character: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int | None = 100,
        viewer: str | None = None,
    ) -> list[dict[str, Any]]:
        """Log entries, newest first. With no ``viewer`` they are as the Storyteller sees
        them; a player (``viewer`` = one of their characters, found like any character name)
        sees public rolls and that character's private ones, and secret rolls only as having
        been made. Character names match without regard to case."""
        if limit is not None and not 0 <= limit <= MAX_LOG_LIMIT:
            raise RollplayError(f"a log limit is 0 (all) to {MAX_LOG_LIMIT:,}, not {limit}")
        since_at = self._stored_time(since, "since") if since else None
        until_at = self._stored_time(until, "until") if until else None
        with self.transaction() as s:
            query = select(RollEntry, Game.name).join(Game).order_by(RollEntry.id.desc())
            if game_name:
                query = query.where(RollEntry.game_id == self.game_row(s, game_name).id)
            if character:
                query = query.where(RollEntry.character.in_(_names_like(s, game_name, character)))
            if since_at:
                query = query.where(RollEntry.created_at >= since_at)
            if until_at:
                query = query.where(RollEntry.created_at < until_at)
            if limit:
                query = query.limit(limit)
            sees = None if viewer is None else self.character_row(s, game_name, viewer)[1].id
            return [_entry_dict(e, g, sees) for e, g in s.execute(query)]

    def _stored_time(self, when: datetime, what: str) -> datetime:
        """SQLite keeps times as UTC text without a zone; compare like with like."""
        try:
            utc = when.astimezone(UTC) if when.tzinfo else when.replace(tzinfo=UTC)
        except OverflowError:
            raise RollplayError(
                f"--{what} {when.isoformat()} is at the end of the calendar; give a date "
                f"from 0001-01-02 to 9999-12-30"
            ) from None
        return utc.replace(tzinfo=None) if self.engine.dialect.name == "sqlite" else utc

    def export_log(self, fmt: str = "jsonl", **filters: Any) -> str:
        entries = list(reversed(self.log(limit=None, **filters)))
        if fmt == "jsonl":
            return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries)
        if fmt == "csv":
            out = io.StringIO()
            columns = [
                "id",
                "time",
                "game",
                "character",
                "system",
                "expression",
                "visibility",
                "dice",
                "outcome",
                "modifiers",
                "spends",
                "ruleset_version",
            ]
            writer = csv.DictWriter(out, columns, extrasaction="ignore")
            writer.writeheader()
            for e in entries:
                writer.writerow(
                    {k: _cell(json.dumps(v) if isinstance(v, dict | list) else v)
                     for k, v in e.items()}
                )  # fmt: skip
            return out.getvalue()
        raise RollplayError(f"unknown log format {fmt!r}; accepted: jsonl, csv")


# -- helpers ------------------------------------------------------------------------------


def _default_edition(system_name: str) -> str:
    return {"fs3": "3.3", "gurps": "4e", "d6": "d6"}[system_name]


def _name(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > 100:
        raise RollplayError(f"a {what} needs a name of 1 to 100 characters")
    return " ".join(value.split())


def _character_name(value: Any) -> str:
    """A character's name: one the command forms can address (``NAME/EXPR``, ``A vs B``)."""
    name = _name(value, "character")
    if "/" in name or name.casefold() == "vs":
        raise RollplayError(
            f"a character's name cannot contain '/' or be 'vs' ({name!r}): rolls are written "
            f"NAME/EXPR and A vs B"
        )
    return name


def _merge(base: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _casefold_match(s: Session, game: Game, name: str) -> str | None:
    for known in s.scalars(select(Character.name).where(Character.game_id == game.id)):
        if known.casefold() == name.casefold():
            return known
    return None


def _fs3_only(game: Game, what: str) -> None:
    if game.system != "fs3":
        raise RuleError(
            f"{what} as points to award and spend is FS3's (002); {game.name} plays {game.system}"
        )


def _skill_kind(kind: str) -> Any:
    if kind not in ("action", "background", "language"):
        raise RollplayError(
            f"unknown kind of skill {kind!r}; accepted: action, background, language"
        )
    return kind


def _ability_name(skill: str, kind: str, sheet: Any, rules: Any) -> str:
    if kind == "action":
        names = [a.name for a in rules.action_skills]
    elif kind == "language":
        names = list(rules.languages)
    elif kind == "background":
        return str(next((k for k in sheet.background if k.casefold() == skill.casefold()), skill))
    else:
        return skill
    for n in names:
        if n.casefold() == skill.casefold():
            return str(n)
    raise RollplayError(f"unknown {kind} skill {skill!r}{suggest(skill, names)}")


def _dice(dice: Dice | None) -> Dice:
    return dice or default_dice()


def _contest(result: Mapping[str, Any]) -> dict[str, Any]:
    keys = ("winner", "winner_name", "net", "margin", "both_failed")
    return {k: result[k] for k in keys if k in result}


def _dice_of(result: Mapping[str, Any]) -> Any:
    keys = [k for k in ("dice", "wild", "cp_dice") if k in result]
    if keys == ["dice"]:
        return result["dice"]
    return {k: result[k] for k in keys}


def _game_dict(g: Game) -> dict[str, Any]:
    return {"name": g.name, "system": g.system, "edition": g.edition, "rules": g.rules}


def _character_dict(c: Character, g: Game) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": g.name,
        "name": c.name,
        "approved": c.approved,
        "sheet": c.sheet,
    }
    if g.system == "fs3":
        data.update(luck=c.luck, xp=c.xp_halves / 2)
    if g.system == "d6":
        data.update(character_points=c.character_points, fate_points=c.fate_points)
    return data


def _entry_dict(e: RollEntry, game: str, viewer: int | None) -> dict[str, Any]:
    """A log entry as ``viewer`` (a character's id; None: the Storyteller) may see it."""
    data = {
        "id": e.id,
        "time": (e.created_at if e.created_at.tzinfo else e.created_at.replace(tzinfo=UTC))
        .astimezone(UTC)
        .isoformat(),
        "game": game,
        "character": e.character,
        "system": e.system,
        "expression": e.expression,
        "modifiers": e.modifiers,
        "spends": e.spends,
        "dice": e.dice,
        "outcome": e.outcome,
        "visibility": e.visibility,
        "ruleset_version": e.ruleset_version,
    }
    hidden = viewer is not None and (
        e.visibility == "secret" or (e.visibility == "private" and e.character_id != viewer)
    )
    if hidden:
        data.update(dice=None, outcome=None, modifiers=None, spends=None)
    return data


def _cell(value: Any) -> Any:
    """A CSV cell a spreadsheet will not run as a formula: text starting with = + - @ (or a
    tab or carriage return) gets a leading apostrophe, as OWASP advises for CSV injection."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _names_like(s: Session, game_name: str | None, name: str) -> list[str]:
    """The stored names a log filter means: this name in any case, in the game if given."""
    query = select(Character.name).distinct()
    if game_name:
        query = query.join(Game).where(Game.name == game_name)
    known = list(s.scalars(query))
    found = [k for k in known if k.casefold() == name.casefold()]
    if not found:
        raise StorageError(f"no character called {name!r}{suggest(name, known)}")
    return found


def parse_sheet_file(path: str, game_system: str) -> dict[str, Any]:
    """A sheet file: YAML/TOML/JSON in the system's own format, or a GCS file for GURPS."""
    from rollplay.rulesfile import read

    if path.lower().endswith(".gcs"):
        if game_system != "gurps":
            raise RollplayError(
                f"{path}: a GCS file is a GURPS character; this game plays {game_system}"
            )
        from rollplay.gurps import gcs_sheet

        return gcs_sheet(path)
    return read(path, "sheet", RollplayError)
