"""Characters: sheets made, changed, read, checked and approved (002 Character Creation)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rollplay.dice import Dice
from rollplay.errors import RollplayError, RuleError
from rollplay.table import commands as c
from rollplay.table.access.authz import Act
from rollplay.table.answers import Character as CharacterAnswer
from rollplay.table.base import ServiceBase
from rollplay.table.events import payloads as ev
from rollplay.table.events import sheets as sh
from rollplay.table.events.requests import RequestOdds
from rollplay.table.handlers import handles
from rollplay.table.play.names import character_dict, character_name, merge
from rollplay.table.play.request_odds import refresh_odds
from rollplay.table.play.sheet_diff import sheet_diff
from rollplay.table.sheet_limits import check_sheet, stored_sheet
from rollplay.table.store.models import Character, User, now
from rollplay.table.systems import system
from rollplay.table.systems.protocol import System, Tally

MAX_COMMENT = 1000  # the review_note column's length


def new_character(t: ServiceBase, game_name: str, sheet: Mapping[str, Any]) -> CharacterAnswer:
    """A new character; a player who makes one plays it."""
    with t.transaction() as s:
        game = t.game_row(s, game_name)
        standing = t.require(s, game, Act.CREATE)
        player = None if standing.storyteller else t.actor.user_id
        if not standing.storyteller:  # what only the Storyteller sets (FS3's XP: R29)
            rules, _ = t.ruleset_of(game)
            stored = stored_sheet(game.system, sheet, rules)
            system(game.system).check_player_edit(None, stored, rules)
        return t.add_character_row(s, game, sheet, player)


def set_character(
    t: ServiceBase, game_name: str | None, name: str, changes: Mapping[str, Any]
) -> CharacterAnswer:
    """Merge ``changes`` into the sheet (tables merge key by key; a value of None
    removes a key). A changed sheet needs approving again."""
    with t.transaction() as s:
        game, row = t.character_row(s, game_name, name, lock=True)
        standing = t.require(s, game, Act.EDIT, row)
        rules, _ = t.ruleset_of(game)
        check_sheet(changes, "the changes")  # they are kept in the log too
        before = row.sheet
        merged = merge(before, changes)
        if merged.get("name") != before.get("name"):
            raise RollplayError(
                f"a sheet's name is the character's ({row.name}); it cannot be changed "
                f"or removed with a sheet change"
            )
        stored = stored_sheet(game.system, merged, rules)
        if not standing.storyteller:  # what only the Storyteller sets (FS3's XP: R29)
            system(game.system).check_player_edit(before, stored, rules)
        row.sheet = stored
        # Its player's change to a sheet sent back is the fix the Storyteller asked for:
        # it goes back to them, and the comment is answered (rulings W91).
        answered = row.review_note if row.player_id is not None \
            and row.player_id == t.actor.user_id else None  # fmt: skip
        row.review_note = None if answered else row.review_note
        row.approved = False
        row.updated_at = now()
        diff = sheet_diff(before, row.sheet)
        t.record(s, game, sh.SheetChanged.written({
            "changes": dict(changes), "sheet": row.sheet,
            "diff": [d.model_dump(mode="json") for d in diff],
        }), character=row)  # fmt: skip
        if answered:  # as private as the send-back it answers (rulings H17)
            t.record(s, game, sh.SheetResubmitted(comment=answered, diff=diff),
                     visibility="private", character=row)  # fmt: skip
        refresh_odds(t, s, game, row)
        return character_dict(row, game)


def character(t: ServiceBase, game_name: str | None, name: str) -> CharacterAnswer:
    with t.reading() as s:
        game, row = t.character_row(s, game_name, name)
        standing = t.require(s, game, Act.READ)
        # The comment a sheet was sent back with is its player's, as its event is (private).
        note = row.review_note if standing.plays(row.id) else None
        player = None if row.player_id is None else s.get(User, row.player_id)
        rules, _ = t.ruleset_of(game)
        sys_ = system(game.system)
        return character_dict(
            row, game, None if player is None else player.name, system=game.system,
            edition=game.edition, problems=_problems(sys_, row, rules), review_note=note,
            **sys_.sheet_facts(t.sheet_of(game, row, rules), rules),
        )  # fmt: skip


def check(t: ServiceBase, game_name: str | None, name: str) -> list[str]:
    """Every character-creation problem, at once (002); empty when valid."""
    return list(character(t, game_name, name).problems or ())


def approve(t: ServiceBase, game_name: str | None, name: str) -> CharacterAnswer:
    with t.transaction() as s:
        game, row = t.character_row(s, game_name, name, lock=True)
        t.require(s, game, Act.APPROVE, row)
        rules, _ = t.ruleset_of(game)
        problems = _problems(system(game.system), row, rules)
        if problems:
            raise RuleError(f"{row.name} cannot be approved: {'; '.join(problems)}")
        row.approved = True
        row.review_note = None
        t.record(s, game, ev.Approved.written({"approved": True}), character=row)
        return character_dict(row, game)


def _problems(sys_: System, row: Character, rules: Any) -> list[str]:
    """What stops approval: an imported character is held to the game's rules, not to a
    fresh character's budget (issue 38; rulings A44)."""
    if row.origin is not None:
        return sys_.imported_problems(row.sheet, rules)
    return sys_.problems(row.sheet, rules)


def send_back(t: ServiceBase, game_name: str | None, name: str, comment: str) -> CharacterAnswer:
    """The Storyteller sends a sheet back to its player with a comment: it is not approved,
    and its player sees why on the sheet (private: the player and the Storyteller)."""
    said = " ".join(comment.split())
    if not said:
        raise RollplayError("say why the sheet goes back: a comment for its player")
    if len(said) > MAX_COMMENT:
        raise RollplayError(f"a comment is at most {MAX_COMMENT} characters, not {len(said)}")
    with t.transaction() as s:
        game, row = t.character_row(s, game_name, name, lock=True)
        t.require(s, game, Act.APPROVE, row)
        row.approved = False
        row.review_note = said
        row.updated_at = now()
        t.record(s, game, ev.SentBack(comment=said), visibility="private", character=row)
        return character_dict(row, game)


@dataclass(frozen=True)
class DraftCheck:
    """A sheet not yet made, as its form shows it while it is typed: its problems (what
    would stop it being made, in one line, or its character-creation problems) and what it
    spends of the game's points."""

    problems: tuple[str, ...]
    tallies: tuple[Tally, ...] = ()


def draft_check(t: ServiceBase, game_name: str, sheet: Mapping[str, Any]) -> DraftCheck:
    """A sheet not yet made, checked as it is typed (002); no problems: it could be approved."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        t.require(s, game, Act.CREATE)
        rules, _ = t.ruleset_of(game)
        sys_ = system(game.system)
        try:
            stored = stored_sheet(game.system, dict(sheet), rules)
            character_name(stored["name"])  # refused when made: say so while it is typed
            tallies = tuple(sys_.tallies(stored, rules))
            return DraftCheck(tuple(sys_.problems(stored, rules)), tallies)
        except RollplayError as exc:
            return DraftCheck((str(exc),))


def draft_problems(t: ServiceBase, game_name: str, sheet: Mapping[str, Any]) -> list[str]:
    """A draft's problems alone (draft_check)."""
    return list(draft_check(t, game_name, sheet).problems)


def set_player(
    t: ServiceBase, game_name: str | None, name: str, user: str | None
) -> CharacterAnswer:
    """Who plays a character (None: nobody, the Storyteller's NPC)."""
    from rollplay.table.access.members import user_row

    with t.transaction() as s:
        game, row = t.character_row(s, game_name, name, lock=True)
        t.require(s, game, Act.MANAGE)
        player = None if user is None else user_row(s, user)
        row.player_id = None if player is None else player.id
        named = ev.PlayerSet(player=None if player is None else player.name)
        t.record(s, game, named, character=row)
        return character_dict(row, game, None if player is None else player.name)


@handles(c.SendBack, act=Act.APPROVE, writes=(ev.SentBack,))
def run_send_back(t: ServiceBase, cmd: c.SendBack, dice: Dice | None) -> CharacterAnswer:
    """The Storyteller sends a sheet back to its player with a comment (issue 31)."""
    return send_back(t, cmd.game, cmd.character, cmd.comment)


@handles(c.ShowSheet, act=Act.READ)
def run_show(t: ServiceBase, cmd: c.ShowSheet, dice: Dice | None) -> CharacterAnswer:
    """A sheet, the actor's own character's unless named."""
    game, who = t.own_character(cmd.game, cmd.character)
    return character(t, game, who)


@handles(c.SetSheet, act=Act.EDIT, writes=(sh.SheetChanged, sh.SheetResubmitted, RequestOdds))
def run_set(t: ServiceBase, cmd: c.SetSheet, dice: Dice | None) -> CharacterAnswer:
    """Changes merged into a sheet; it needs approving again."""
    return set_character(t, cmd.game, cmd.character, cmd.changes)


@handles(c.Approve, act=Act.APPROVE, writes=(ev.Approved,))
def run_approve(t: ServiceBase, cmd: c.Approve, dice: Dice | None) -> CharacterAnswer:
    """The Storyteller approves a sheet with no character-creation problems (002)."""
    return approve(t, cmd.game, cmd.character)
