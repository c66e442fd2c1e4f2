"""Linking a MUSH account to a table user with a one-time code, and what an account that is
not linked (or a MUSH with no table) is told: one line, to it alone."""

from __future__ import annotations

from django.test import override_settings

from rollplay.bridges.evennia.commands import CmdRoll, CmdRollplay, CmdSheet
from rollplay.table.service import Table
from tests.evennia.seating import GAME, TableTest, link_code


class LinkTest(TableTest):
    def rolls(self) -> int:
        table = Table(self.db)
        try:
            return len(table.log(game_name=GAME, limit=0))
        finally:
            table.close()

    def test_an_account_links_with_the_code_its_user_made(self) -> None:
        said = self.heard(CmdRollplay(), "/unlink")[self.char1]
        assert said.startswith("Unlinked")
        code = link_code(self.db, "Pia")
        heard = self.heard(CmdRollplay(), f"/link {code}")
        assert (
            heard[self.char1]
            == f"Linked: this account plays as Pia at the rollplay table ({GAME})."
        )
        assert all(heard[s] == "" for s in self.listeners() if s != self.char1)
        assert "plays as Pia" in self.heard(CmdRollplay(), "")[self.char1]
        before = self.rolls()
        self.heard(CmdRoll(), " Firearms")
        assert self.rolls() == before + 1

    def test_a_code_works_once(self) -> None:
        code = link_code(self.db, "Otto")
        assert "Linked" in self.heard(CmdRollplay(), f"/link {code}")[self.char1]
        again = self.heard(CmdRollplay(), f"/li {code}")[self.char1]
        assert again.startswith("rollplay: this link code is unknown, used or expired")
        assert self.heard(CmdRollplay(), "/link NOPE-NOPE")[self.char1].startswith(
            "rollplay: this link code is unknown"
        )
        assert self.heard(CmdRollplay(), "/link")[self.char1].startswith("rollplay: type the code")

    def test_an_unlinked_account_is_told_how_to_link_and_nothing_happens(self) -> None:
        self.heard(CmdRollplay(), "/unlink")
        before = self.rolls()
        for command, args in ((CmdRoll(), " Firearms"), (CmdSheet(), ""), (CmdRollplay(), "")):
            heard = self.heard(command, args)
            said = heard[self.char1]
            assert said.startswith("rollplay: your account is not linked"), said
            assert "+rollplay/link CODE" in said
            assert "\n" not in said
            assert all(heard[s] == "" for s in self.listeners() if s != self.char1)
        assert self.rolls() == before

    def test_a_wrong_switch_is_one_line(self) -> None:
        said = self.heard(CmdRollplay(), "/frobnicate")[self.char1]
        assert said == "rollplay: +rollplay takes /link CODE or /unlink"

    def test_a_mush_without_a_table_says_so(self) -> None:
        with override_settings(ROLLPLAY_DB=None):
            said = self.heard(CmdRoll(), " Firearms")[self.char1]
        assert said.startswith("rollplay: this game has no rollplay table yet")

    def test_two_mushes_on_one_table_do_not_share_linked_accounts(self) -> None:
        """Evennia numbers accounts from 1 in every game: a second MUSH's account with the
        same number is not the first one's user."""
        with override_settings(ROLLPLAY_GAME="Stars"):  # another MUSH, another game
            said = self.heard(CmdRollplay(), "")[self.char1]
        assert said.startswith("rollplay: your account is not linked"), said
        with override_settings(ROLLPLAY_PLATFORM="evennia-two"):
            said = self.heard(CmdRollplay(), "")[self.char1]
        assert said.startswith("rollplay: your account is not linked"), said
        assert "plays as Pia" in self.heard(CmdRollplay(), "")[self.char1]  # the first MUSH
