"""Rolls at the table: a character's roll from their sheet, two characters opposed, FS3
teamwork. Each reads its sides, spends their points, rolls and writes its events in one write
transaction (writers.py: the fast path on SQLite)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NamedTuple

from sqlalchemy.orm import Session

from rollplay.dice import Dice, default_dice, settle
from rollplay.errors import RollplayError, RuleError
from rollplay.table.authz import Act, Standing
from rollplay.table.base import ServiceBase
from rollplay.table.db import StorageError
from rollplay.table.events import VISIBILITIES
from rollplay.table.systems import Points, Request, check_options, require, spent, system
from rollplay.table.writers import Writer, writing


class _Inexact(Exception):
    """A name in a roll is not exactly as stored: resolve it, then roll again."""


class GameRow(NamedTuple):
    id: int
    name: str
    system: str
    edition: str
    rules: dict[str, Any]
    announce_secret: bool


class CharacterRow(NamedTuple):
    id: int
    name: str
    sheet: dict[str, Any]
    luck: int
    character_points: int
    fate_points: int
    version: int
    player_id: int | None


class Side(NamedTuple):
    """One character's part in a roll: the row, the check its sheet makes, what it spent."""

    row: CharacterRow
    check: Any
    spent: dict[str, Any]
    request: Request


class Rolling(NamedTuple):
    """A roll's write transaction, its game, the actor's standing there, and its sides."""

    w: Writer
    game: GameRow
    standing: Standing
    sides: list[Side]
    visibility: str  # as asked, unless the system's rules say (a GURPS Sense roll: secret)


class RollingMixin(ServiceBase):
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
        with self._rolling(game_name, [(name, request)], visibility) as r:
            (side,) = r.sides
            rules, _ = self.ruleset_of(r.game)
            source = dice or default_dice()
            rolled = system(r.game.system).roll(side.check, rules, source, r.visibility == "secret")
            result = {"system": r.game.system, **rolled}
            entry_id = self.log_roll(r, side, result, r.visibility)
            settle(source)
            return {**result, "character": side.row.name, "game": r.game.name,
                    "log_id": entry_id, "visibility": r.visibility,
                    "spent": side.spent}  # fmt: skip

    def opposed(
        self,
        game_name: str | None,
        first: tuple[str, Request],
        second: tuple[str, Request],
        *,
        visibility: str = "public",
        dice: Dice | None = None,
        npc_second: bool = False,
    ) -> dict[str, Any]:
        """Two characters of one game roll against each other (000/002, 003); each side is
        logged, with the contest's result. ``npc_second``: the second side is an NPC with no
        sheet (``Raider/5``: an FS3 rating, a D6 code), named for the log."""
        npcs = frozenset({1}) if npc_second else frozenset()
        with self._rolling(game_name, [first, second], visibility, contest=True, npcs=npcs) as r:
            a, b = r.sides
            rules, _ = self.ruleset_of(r.game)
            source = dice or default_dice()
            result = system(r.game.system).opposed(a.check, b.check, rules, source)
            settle(source)
            keys = ("first", "second") if "first" in result else ("initiator", "resister")
            ids = [
                self.log_roll(r, side, {"system": r.game.system, **result[key],
                                        "opposed": _contest(result)}, r.visibility)
                for side, key in zip((a, b), keys, strict=True)
            ]  # fmt: skip
            return {"system": r.game.system, "game": r.game.name, **result, "log_ids": ids,
                    "visibility": r.visibility}  # fmt: skip

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
        with self._rolling(game_name, [leader, *assisters], visibility) as r:
            lead, *helpers = r.sides
            sys_ = require(r.game, "teamwork", "teamwork", "000 Teamwork")
            rules, _ = self.ruleset_of(r.game)
            source = dice or default_dice()
            result = sys_.teamwork(lead.check, [h.check for h in helpers], rules, source)
            settle(source)
            ids = [
                self.log_roll(r, helper, {"system": r.game.system, **rolled,
                                          "assisting": lead.row.name}, r.visibility)
                for helper, rolled in zip(helpers, result["assists"], strict=True)
            ]  # fmt: skip
            ids.append(self.log_roll(r, lead, {"system": r.game.system, **result}, r.visibility))
            return {"system": r.game.system, "game": r.game.name, **result,
                    "character": lead.row.name, "log_ids": ids,
                    "visibility": r.visibility}  # fmt: skip

    @contextmanager
    def _rolling(
        self,
        game_name: str | None,
        sides: list[tuple[str, Request]],
        visibility: str,
        contest: bool = False,
        npcs: frozenset[int] = frozenset(),
    ) -> Iterator[Rolling]:
        """One write transaction with each side prepared.

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
                    yield self._prepare(w, game_name, sides, visibility, contest, npcs=npcs)
                    return
            except _Inexact:
                pass
        with Session(self.engine) as lookup, lookup.begin():
            exact = []
            where = game_name
            for i, (name, request) in enumerate(sides):
                if i in npcs:
                    exact.append((name, request))
                    continue
                game, row = self.character_row(lookup, where, name)
                where = game.name  # every side plays in the first one's game
                exact.append((row.name, request))
        try:
            with writing(self.engine) as w:
                yield self._prepare(w, str(where), exact, visibility, contest, npcs=npcs)
        except _Inexact:
            raise StorageError(
                "a character was renamed or removed while rolling; try again"
            ) from None

    def _prepare(
        self, w: Writer, game_name: str, sides: list[tuple[str, Request]], visibility: str,
        contest: bool, *, npcs: frozenset[int] = frozenset(),
    ) -> Rolling:  # fmt: skip
        """The game and each side (its row and the check its sheet makes), with the points
        its request spends already taken (conditionally: see spend). Raises _Inexact when a
        name does not match exactly."""
        game: Any = None
        standing: Any = None
        prepared: list[Side] = []
        for i, (name, request) in enumerate(sides):
            if i in npcs and game is not None:  # an NPC answering a character's roll
                prepared.append(self._npc_side(game, standing, name, request))
                continue
            found = w.side(game_name, name)
            if found is None:
                raise _Inexact
            game = GameRow(*found[:6])
            row = CharacterRow(*found[6:])
            if standing is None:
                visibility = system(game.system).visibility(request, visibility)
                standing = self._may_roll(w, game, row, visibility)
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
            if used:  # nobody spends the points of a character they do not play
                standing.require(Act.SPEND, row.id, row.name)
            self.spend(w, row, Points(used.get("luck", 0), used.get("character_points", 0),
                                      used.get("fate_points", 0)))  # fmt: skip
            if request.luck_from:  # 002 Luck: a point spent on someone else's roll
                payer = self._spend_for(w, game, standing, request.luck_from, row)
                used = {**used, "luck_from": payer}
            prepared.append(Side(row, check, used, request))
        return Rolling(w, game, standing, prepared, visibility)

    def _npc_side(self, game: GameRow, standing: Standing, name: str, request: Request) -> Side:
        """An NPC's side with no sheet: rolled as the system rolls a bare rating or code;
        it spends nothing, so a player may roll against one."""
        from rollplay.table.names import clean_name

        standing.require(Act.ROLL_OTHER)
        rules, _ = self.ruleset_of(game)
        sys_ = system(game.system)
        check_options(request, game.system, sys_.options)
        who = clean_name(name, "roller")
        row = CharacterRow(None, who, {}, 0, 0, 0, 0, None)  # type: ignore[arg-type]
        return Side(row, sys_.npc_check(request, rules, who), {}, request)

    def _may_roll(self, w: Writer, game: GameRow, first: CharacterRow, visibility: str) -> Any:
        """A roll leads with a character the actor plays (a player may roll against, or be
        helped by, characters they do not: spending nothing of theirs); a secret roll is the
        Storyteller's."""
        standing = self.standing(w, game)
        standing.require(Act.READ)
        if visibility == "secret":
            standing.require(Act.SECRET)
        standing.require(Act.ROLL, first.id, first.name)
        return standing

    def _spend_for(
        self, w: Writer, game: GameRow, standing: Standing, spender: str, target: CharacterRow
    ) -> str:
        """Take one luck point from ``spender`` (same game) for a boost or hinder."""
        found = w.side(game.name, spender)
        if found is None:
            raise StorageError(f"{game.name} has no character called {spender!r}")
        payer = CharacterRow(*found[6:])
        if payer.id == target.id:
            raise RuleError("a boost or hinder is spent on someone else's roll, not your own")
        standing.require(Act.SPEND, payer.id, payer.name)
        self.spend(w, payer, Points(luck=1))
        return str(payer.name)

    def log_roll(self, r: Rolling, side: Side, outcome: Mapping[str, Any], visibility: str) -> int:
        """A roll's event: the whole roll for its audience; for a secret one, the bare fact
        that it happened for the others, if the game says so (001 When the GM Rolls)."""
        _, version = self.ruleset_of(r.game)
        request = side.request
        payload = {
            "system": r.game.system,
            "expression": request.expression[:200],
            "modifiers": list(request.mods) + list(request.bonuses),
            "spends": side.spent,
            "dice": dice_of(outcome),
            "outcome": dict(outcome),
            "ruleset_version": version,
        }
        secret = visibility == "secret" and r.game.announce_secret
        shared = {"system": r.game.system} if secret else None
        return self.record(r.w, r.game, "roll", payload, visibility=visibility,
                           character=side.row, shared=shared)  # fmt: skip


def _contest(result: Mapping[str, Any]) -> dict[str, Any]:
    keys = ("winner", "winner_name", "net", "margin", "both_failed")
    return {k: result[k] for k in keys if k in result}


def dice_of(result: Mapping[str, Any]) -> Any:
    keys = [k for k in ("dice", "wild", "cp_dice") if k in result]
    if keys == ["dice"]:
        return result["dice"]
    return {k: result[k] for k in keys}
