"""Characters: sheets made, changed, read, checked and approved (002 Character Creation)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.errors import RollplayError, RuleError
from rollplay.table.access.authz import Act
from rollplay.table.answers import Character as CharacterAnswer
from rollplay.table.base import ServiceBase
from rollplay.table.events import payloads as ev
from rollplay.table.play.names import character_dict, merge
from rollplay.table.store.models import User, now
from rollplay.table.systems import system


class CharactersMixin(ServiceBase):
    def new_character(self, game_name: str, sheet: Mapping[str, Any]) -> CharacterAnswer:
        """A new character; a player who makes one plays it."""
        with self.transaction() as s:
            game = self.game_row(s, game_name)
            standing = self.require(s, game, Act.CREATE)
            player = None if standing.storyteller else self.actor.user_id
            return self.add_character_row(s, game, sheet, player)

    def set_character(
        self, game_name: str | None, name: str, changes: Mapping[str, Any]
    ) -> CharacterAnswer:
        """Merge ``changes`` into the sheet (tables merge key by key; a value of None
        removes a key). A changed sheet needs approving again."""
        with self.transaction() as s:
            game, row = self.character_row(s, game_name, name, lock=True)
            self.require(s, game, Act.EDIT, row)
            rules, _ = self.ruleset_of(game)
            merged = merge(row.sheet, changes)
            if merged.get("name") != row.sheet.get("name"):
                raise RollplayError(
                    f"a sheet's name is the character's ({row.name}); it cannot be changed "
                    f"or removed with a sheet change"
                )
            row.sheet = system(game.system).sheet(merged, rules, "sheet")
            row.approved = False
            row.updated_at = now()
            self.record(s, game, ev.SheetChanged.written({"changes": dict(changes)}),
                        character=row)  # fmt: skip
            return character_dict(row, game)

    def character(self, game_name: str | None, name: str) -> CharacterAnswer:
        with self.reading() as s:
            game, row = self.character_row(s, game_name, name)
            self.require(s, game, Act.READ)
            player = None if row.player_id is None else s.get(User, row.player_id)
            rules, _ = self.ruleset_of(game)
            sys_ = system(game.system)
            return character_dict(
                row, game, None if player is None else player.name, system=game.system,
                edition=game.edition, problems=sys_.problems(row.sheet, rules),
                **sys_.sheet_facts(self.sheet_of(game, row, rules), rules),
            )  # fmt: skip

    def check(self, game_name: str | None, name: str) -> list[str]:
        """Every character-creation problem, at once (002); empty when valid."""
        return list(self.character(game_name, name).problems or ())

    def approve(self, game_name: str | None, name: str) -> CharacterAnswer:
        with self.transaction() as s:
            game, row = self.character_row(s, game_name, name, lock=True)
            self.require(s, game, Act.APPROVE, row)
            rules, _ = self.ruleset_of(game)
            problems = system(game.system).problems(row.sheet, rules)
            if problems:
                raise RuleError(f"{row.name} cannot be approved: {'; '.join(problems)}")
            row.approved = True
            self.record(s, game, ev.Approved.written({"approved": True}), character=row)
            return character_dict(row, game)

    def set_player(self, game_name: str | None, name: str, user: str | None) -> CharacterAnswer:
        """Who plays a character (None: nobody, the Storyteller's NPC)."""
        from rollplay.table.access.members import user_row

        with self.transaction() as s:
            game, row = self.character_row(s, game_name, name, lock=True)
            self.require(s, game, Act.MANAGE)
            player = None if user is None else user_row(s, user)
            row.player_id = None if player is None else player.id
            named = ev.PlayerSet(player=None if player is None else player.name)
            self.record(s, game, named, character=row)
            return character_dict(row, game, None if player is None else player.name)
