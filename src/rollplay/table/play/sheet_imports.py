"""Characters brought in from AresMUSH (issue 38 §2; docs/moving.md; rulings A40-A49): each
sheet file read (aresmush/sheets.py), made into a sheet of the game's rules with a report
of every line (aresmush/characters.py), and made a character of the game, unapproved, with
its origin (file, form, when) beside it. Its XP and luck come with it, each as the event
an award writes.

Every sheet of one import is made in one transaction (A48): a bad file, a name the game
already has, or an unknown player, and nothing is made. Only the game's Storyteller
imports (A47)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.aresmush import characters, sheets
from rollplay.aresmush.report import Item, Status
from rollplay.errors import RollplayError
from rollplay.table.access.authz import Act, Forbidden
from rollplay.table.base import ServiceBase
from rollplay.table.events import payloads as ev
from rollplay.table.events.outcomes import Record
from rollplay.table.limits import MAX_LUCK, MAX_XP
from rollplay.table.play.names import name_key
from rollplay.table.store.accounts import Membership
from rollplay.table.store.models import Character, Game, now

MAX_SHEETS = 50  # sheets in one import (a whole MUSH's roster comes in a few)


class ImportedItem(Record):
    """One line of a sheet and what became of it (aresmush/report.py's Item)."""

    file: str
    key: str
    status: Status
    note: str


class ImportedSheet(Record):
    """One character made: its name, where it came from, each line's fate, and the
    advantages the sheet rated (kept for when the game's rules know them)."""

    name: str
    file: str
    form: str
    origin: str
    items: tuple[ImportedItem, ...]
    advantages: dict[str, int]


class SheetsImported(Record):
    game: str
    player: str | None
    characters: tuple[ImportedSheet, ...]


def origin_note(file: str, form: str, when: datetime) -> str:
    """The note an imported character carries: its file, the file's form, and when."""
    return f"imported from AresMUSH ({form}) {file} on {when:%Y-%m-%d %H:%M} UTC"[:500]


def import_sheets(
    t: ServiceBase,
    game_name: str,
    files: Sequence[tuple[str, bytes]],
    player: str | None = None,
) -> SheetsImported:
    """Each file's character made in the game, unapproved (see the module's note)."""
    if not files:
        raise RollplayError("give one or more AresMUSH sheet files")
    if len(files) > MAX_SHEETS:
        raise RollplayError(f"{len(files)} sheets; import at most {MAX_SHEETS} at a time")
    read = [(label, sheets.read_bytes(body, label)) for label, body in files]
    with t.transaction() as s:
        game = t.game_row(s, game_name)
        standing = t.require(s, game, Act.CREATE)
        if not standing.storyteller:
            raise Forbidden(
                f"{t.actor.name} may not import characters into {game.name}: its Storyteller "
                f"does (an imported sheet brings XP and luck, which a Storyteller gives: A47)"
            )
        if game.system != "fs3":
            raise RollplayError(
                f"{game.name} plays {game.system}; an AresMUSH sheet is an FS3 sheet: import "
                f"it into an FS3 game"
            )
        player_id = None if player is None else _player(s, game, player)
        rules, _ = t.ruleset_of(game)
        when = now()
        seen: dict[str, str] = {}
        made = []
        for label, ares in read:
            first = seen.setdefault(name_key(ares.name), label)
            if first != label:
                raise RollplayError(f"{label} and {first} are both {ares.name}: import one")
            done = characters.convert(ares, rules, label)
            origin = origin_note(label, ares.form, when)
            try:
                answer = t.add_character_row(s, game, done.sheet, player_id, origin=origin)
            except RollplayError as exc:
                raise type(exc)(f"{label}: {exc}; nothing imported") from None
            same = Character.game_id == game.id, Character.name == answer.name
            row = s.scalar(select(Character).where(*same))
            assert row is not None
            _points(t, s, game, row, done, label=label)
            made.append(ImportedSheet(
                name=row.name, file=label, form=ares.form, origin=origin,
                items=tuple(_item(i) for i in done.items), advantages=done.advantages,
            ))  # fmt: skip
        return SheetsImported(game=game.name, player=player, characters=tuple(made))


def _item(i: Item) -> ImportedItem:
    return ImportedItem(file=i.file, key=i.key, status=i.status, note=i.note)


def _player(s: Session, game: Game, player: str) -> int:
    """The user who will play the characters: a member of the game."""
    from rollplay.table.access.members import user_row

    user = user_row(s, player)
    member = s.scalar(select(Membership).where(Membership.game_id == game.id,
                                               Membership.user_id == user.id))  # fmt: skip
    if member is None or member.role == "observer":
        raise RollplayError(
            f"{user.name} does not play in {game.name}: add them as a player first "
            f"(rollplay member add {game.name} {user.name} --role player)"
        )
    return user.id


def _points(
    t: ServiceBase, s: Session, game: Game, row: Character, done: characters.Converted,
    *, label: str,
) -> None:  # fmt: skip
    """The sheet's XP and luck on the character, each written as an award's event."""
    if done.xp > MAX_XP or done.luck > MAX_LUCK:
        raise RollplayError(f"{label}: {done.xp} XP and {done.luck} luck; a character holds "
                            f"at most {MAX_XP:,} XP and {MAX_LUCK:,} luck")  # fmt: skip
    reason = f"imported from AresMUSH ({label})"
    if done.xp:
        row.xp_halves = done.xp * 2
        t.record(s, game, ev.XPAwarded.written({"amount": done.xp, "xp": float(done.xp),
                                                "reason": reason}), character=row)  # fmt: skip
    if done.luck != row.luck:  # the sheet's luck, from the game's starting luck
        more, row.luck = done.luck - row.luck, done.luck
        kind = ev.LuckAwarded if more > 0 else ev.LuckSpent
        t.record(s, game, kind.written({"amount": abs(more), "luck": row.luck,
                                        "reason": reason}), character=row)  # fmt: skip
