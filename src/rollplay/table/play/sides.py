"""The sides of a roll, made ready: each character looked up by name in the roll's game,
the actor's right to roll checked, the check its sheet makes built and the points its
request spends taken. A roll prepares them in its write transaction (rolling.py); its odds
prepare them the same way in a read (odds.py), spending nothing, so both are refused alike."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from rollplay.errors import RollplayError, RuleError
from rollplay.table.access.authz import Act, Standing
from rollplay.table.base import ServiceBase
from rollplay.table.core import in_play
from rollplay.table.events.audiences import VISIBILITIES
from rollplay.table.play.checks import sheet_check
from rollplay.table.store.db import StorageError
from rollplay.table.store.writers import CoreWriter, DryRun, Writer, session_writer, writing
from rollplay.table.systems import Points, Request, check_options, system


class _Inexact(Exception):
    """A name in a roll is not exactly as stored: resolve it, then roll again."""


class GameRow(NamedTuple):
    id: int
    name: str
    system: str
    edition: str
    rules: dict[str, Any]
    announce_secret: bool
    players_ask_secret: bool
    provable: bool
    archived: bool


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
    answers: Answering | None = None  # the roll request it answers (issue 30)


class Answering(NamedTuple):
    """The roll request a roll answers: its number, and its scene (the answer lands there)."""

    number: int
    scene: tuple[int, bool] | None


@contextmanager
def rolling_sides(
    t: ServiceBase,
    game_name: str | None,
    sides: list[tuple[str, Request]],
    visibility: str,
    *,
    contest: bool = False,
    npcs: frozenset[int] = frozenset(),
    dry: bool = False,
    answers: Answering | None = None,
) -> Iterator[Rolling]:
    """One write transaction with each side prepared; ``dry``, a read transaction in
    which spends are checked but not made and nothing can be written (for odds).

    Names are looked up exactly first, inside the transaction; names given loosely (no
    game, other case) are resolved in a read of their own before the write begins, since
    SQLite allows one writer and the lookup must not wait on this very transaction."""
    if visibility not in VISIBILITIES:
        raise RollplayError(
            f"unknown visibility {visibility!r}; accepted: {', '.join(VISIBILITIES)}"
        )
    if game_name is not None:
        try:
            with _writer(t, dry) as w:  # an inexact name rolls it all back
                yield _prepare(t, w, game_name, sides, visibility, contest=contest, npcs=npcs,
                               answers=answers)  # fmt: skip
                return
        except _Inexact:
            pass
    with t.reading() if dry else t.transaction() as lookup:
        exact = []
        where = game_name
        for i, (name, request) in enumerate(sides):
            if i in npcs:
                exact.append((name, request))
                continue
            game, row = t.character_row(lookup, where, name)
            where = game.name  # every side plays in the first one's game
            exact.append((row.name, request))
    try:
        with _writer(t, dry) as w:
            yield _prepare(t, w, str(where), exact, visibility, contest=contest, npcs=npcs,
                           answers=answers)  # fmt: skip
    except _Inexact:
        raise StorageError("a character was renamed or removed while rolling; try again") from None


@contextmanager
def _writer(t: ServiceBase, dry: bool) -> Iterator[Writer]:
    if not dry and t.holding:  # one transaction for the whole command: join it
        with t.transaction() as s:
            yield session_writer(s)
        return
    if not dry:
        with writing(t.engine) as w:
            yield w
        return
    with t.reading() as s:
        yield DryRun(CoreWriter(s.connection()))


def _prepare(
    t: ServiceBase, w: Writer, game_name: str, sides: list[tuple[str, Request]],
    visibility: str, *, contest: bool, npcs: frozenset[int] = frozenset(),
    answers: Answering | None = None,
) -> Rolling:  # fmt: skip
    """The game and each side (its row and the check its sheet makes), with the points
    its request spends already taken (conditionally: see spend). Raises _Inexact when a
    name does not match exactly."""
    game: Any = None
    standing: Any = None
    prepared: list[Side] = []
    for i, (name, request) in enumerate(sides):
        if i in npcs and game is not None:  # an NPC answering a character's roll
            prepared.append(_npc_side(t, game, standing, name, request))
            continue
        found = w.side(game_name, name)
        if found is None:
            raise _Inexact
        game = GameRow._make((*found[:7], *found[15:17]))
        row = CharacterRow(*found[7:15])
        if standing is None:
            visibility = system(game.system).visibility(request, visibility)
            standing = _may_roll(t, w, game, row, visibility, asked=answers is not None)
        if any(side.row.id == row.id for side in prepared):
            raise RuleError(
                f"{row.name} appears twice in one roll: nobody assists or opposes themself"
            )
        rules, _ = t.ruleset_of(game)
        points = Points(row.luck, row.character_points, row.fate_points)
        check, used = sheet_check(game.system, t.sheet_of(game, row, rules), points, request,
                                  rules, contest=contest)  # fmt: skip
        if used:  # nobody spends the points of a character they do not play
            standing.require(Act.SPEND, row.id, row.name)
        t.spend(w, row, Points(used.get("luck", 0), used.get("character_points", 0),
                                  used.get("fate_points", 0)))  # fmt: skip
        if request.luck_from:  # 002 Luck: a point spent on someone else's roll
            payer = _spend_for(t, w, standing, request.luck_from, row)
            used = {**used, "luck_from": payer}
        prepared.append(Side(row, check, used, request))
    return Rolling(w, game, standing, prepared, visibility, answers)


def _npc_side(
    t: ServiceBase, game: GameRow, standing: Standing, name: str, request: Request
) -> Side:
    """An NPC's side with no sheet: rolled as the system rolls a bare rating or code;
    it spends nothing, so a player may roll against one."""
    from rollplay.table.play.names import clean_name

    standing.require(Act.ROLL_OTHER)
    rules, _ = t.ruleset_of(game)
    sys_ = system(game.system)
    check_options(request, game.system, sys_.options)
    who = clean_name(name, "roller")
    row = CharacterRow(None, who, {}, 0, 0, 0, 0, None)  # type: ignore[arg-type]
    return Side(row, sys_.npc_check(request, rules, who), {}, request)


def _may_roll(
    t: ServiceBase,
    w: Writer,
    game: GameRow,
    first: CharacterRow,
    visibility: str,
    *,
    asked: bool = False,
) -> Any:
    """A roll leads with a character the actor plays (a player may roll against, or be
    helped by, characters they do not: spending nothing of theirs); a secret roll is the
    Storyteller's, or one a player asks of them for their own character, if the game
    lets players ask, or one the Storyteller asked of them (``asked``: a secret roll
    request, rulings S10) (rulings T9: they learn only that it was made)."""
    standing = t.standing(w, game)
    standing.require(Act.READ)
    in_play(game, Act.ROLL)
    if visibility == "secret" and not (
        (game.players_ask_secret or asked) and standing.may(Act.ROLL, first.id)
    ):
        standing.require(Act.SECRET)
    standing.require(Act.ROLL, first.id, first.name)
    return standing


def _spend_for(
    t: ServiceBase, w: Writer, standing: Standing, spender: str, target: CharacterRow
) -> str:
    """Take one luck point from ``spender`` (same game) for a boost or hinder."""
    found = w.side(standing.game, spender)
    if found is None:
        raise StorageError(f"{standing.game} has no character called {spender!r}")
    payer = CharacterRow(*found[7:15])
    if payer.id == target.id:
        raise RuleError("a boost or hinder is spent on someone else's roll, not your own")
    standing.require(Act.SPEND, payer.id, payer.name)
    t.spend(w, payer, Points(luck=1))
    return str(payer.name)
