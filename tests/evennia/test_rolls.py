"""Rolls through the command set: a public card reaches the room with every die; a private
roll reaches the roller and the online Storytellers only; a secret roll never shows the room
its result; a contest shows both sides; a bad line is one line to the one who typed it; and
each roll lands in the game's log, as the web table reads it."""

from __future__ import annotations

from unittest.mock import patch

from django.test import override_settings

from rollplay.bridges.evennia.cmdset import RollplayCmdSet
from rollplay.bridges.evennia.commands import CmdRoll
from rollplay.render.fs3 import result_line
from rollplay.render.spans import text_of
from rollplay.table.events.outcomes import FS3Roll
from rollplay.table.events.payloads import Roll
from rollplay.table.events.views import LogEntry, SeenEntry
from rollplay.table.service import Table
from tests.evennia.seating import GAME, TableTest
from tests.typed import of

HIDDEN = "roll: its dice and result are hidden"


class RollTest(TableTest):
    def last_roll(self) -> SeenEntry:
        table = Table(self.db)
        try:
            return of(SeenEntry, table.log(game_name=GAME, limit=1)[0])
        finally:
            table.close()

    def rolls(self) -> int:
        table = Table(self.db)
        try:
            return len(table.log(game_name=GAME, limit=0))
        finally:
            table.close()

    def dice_of(self, entry: LogEntry) -> str:
        """The card's dice line: every die, successes in [ ], ones in ( )."""
        return text_of(result_line(of(FS3Roll, of(SeenEntry, entry).outcome)))

    def test_a_public_roll_reaches_the_room_with_every_die(self) -> None:
        heard = self.heard(CmdRoll(), " Firearms+Reflexes")
        entry = self.last_roll()
        assert (entry.character, entry.visibility) == ("Nikos", "public")
        dice = self.dice_of(entry)
        assert len(of(FS3Roll, entry.outcome).dice) == 7  # Firearms 3 + Reflexes 4
        for someone in (self.char1, self.char2, self.char3, self.obj1, self.obj2):
            assert dice in heard[someone], (someone, heard[someone])
            assert "Nikos · Firearms+Reflexes" in heard[someone]
        for account in (self.account2, self.account3, self.account4):
            assert heard[account] == ""  # the room told them; no second copy

    def test_a_private_roll_reaches_only_the_roller_and_online_storytellers(self) -> None:
        heard = self.heard(CmdRoll(), "/private Piloting")
        entry = self.last_roll()
        assert entry.visibility == "private"
        assert self.dice_of(entry) in heard[self.char1]
        assert self.dice_of(entry) in heard[self.account2]  # Stella, online, anywhere
        assert "[private]" in heard[self.account2]
        for someone in (self.char2, self.char3, self.obj1, self.obj2, self.account3,
                        self.account4):  # fmt: skip
            assert heard[someone] == "", (someone, heard[someone])  # Sam is offline

    def test_a_storytellers_secret_roll_never_shows_the_room_its_result(self) -> None:
        heard = self.heard(CmdRoll(), "/secret Mavros/Alertness", caller=self.char2)
        entry = self.last_roll()
        assert (entry.character, entry.visibility) == ("Mavros", "secret")
        assert self.dice_of(entry) in heard[self.char2]
        level = of(FS3Roll, entry.outcome).level

        for someone in (self.char1, self.obj1, self.obj2):
            assert f"secret {HIDDEN}" in heard[someone]  # the bare fact: a roll was made
            for secret in (self.dice_of(entry), level, "Alertness", "Mavros"):
                assert secret not in heard[someone], (someone, secret)
        # Mavros's player learns the roll was Mavros's (rulings T2), and nothing more.
        assert "Mavros [secret]" in heard[self.account3]
        assert heard[self.char3] == ""
        for secret in (self.dice_of(entry), level, "Alertness"):
            assert secret not in heard[self.account3], secret
        for account in (self.account, self.account4):
            assert heard[account] == ""

    def test_a_storytellers_private_roll_for_nikos_reaches_nikoss_player(self) -> None:
        heard = self.heard(CmdRoll(), "/private Nikos/Piloting", caller=self.char2)
        entry = self.last_roll()
        assert (entry.character, entry.visibility) == ("Nikos", "private")
        assert self.dice_of(entry) in heard[self.char2]  # Stella typed it
        assert self.dice_of(entry) in heard[self.account]  # Pia plays Nikos
        for someone in (self.char1, self.char3, self.obj1, self.account3):
            assert self.dice_of(entry) not in heard[someone], someone

    def test_a_quiet_games_secret_roll_still_tells_the_player_it_was_made(self) -> None:
        table = Table(self.db)
        try:
            table.set_announce_secret(GAME, False)
        finally:
            table.close()
        heard = self.heard(CmdRoll(), "/secret Alertness")
        entry = self.last_roll()
        assert "Rolled in secret for Nikos" in heard[self.char1]
        assert self.dice_of(entry) not in heard[self.char1]
        assert self.dice_of(entry) in heard[self.account2]  # the Storyteller's copy
        for someone in (self.char2, self.char3, self.obj1):
            assert heard[someone] == "", someone  # a quiet game tells the room nothing

    def test_a_players_secret_roll_tells_them_only_that_it_was_made(self) -> None:
        heard = self.heard(CmdRoll(), "/secret Alertness")
        entry = self.last_roll()
        assert entry.visibility == "secret"
        assert f"secret {HIDDEN}" in heard[self.char1]
        assert self.dice_of(entry) not in heard[self.char1]
        assert self.dice_of(entry) in heard[self.account2]  # the Storyteller's copy
        assert heard[self.char2] == ""  # her puppet is not told the bare fact on top
        assert f"secret {HIDDEN}" in heard[self.char3]
        assert "Alertness" not in heard[self.char3]
        assert heard[self.account4] == ""

    def test_a_contest_shows_the_room_both_sides_and_who_won(self) -> None:
        heard = self.heard(CmdRoll(), " Firearms vs Mavros/Melee")
        table = Table(self.db)
        try:
            second, first = table.log(game_name=GAME, limit=2)
        finally:
            table.close()
        assert (first.character, second.character) == ("Nikos", "Mavros")
        for someone in (self.char1, self.char3, self.obj1):
            assert self.dice_of(first) in heard[someone]
            assert self.dice_of(second) in heard[someone]
            assert "opposed: " in heard[someone]

    def test_a_bad_line_is_one_clear_line_to_the_caller(self) -> None:
        for args in (" Firearms++", "/loudly Firearms", ""):
            heard = self.heard(CmdRoll(), args)
            said = heard[self.char1]
            assert said.startswith("rollplay: "), said
            assert "\n" not in said
            assert "Traceback" not in said
            assert all(heard[s] == "" for s in self.listeners() if s != self.char1)
        # 000 Untrained Rolls: a skill not on the sheet rolls at Everyman (R7), but a listed
        # name mistyped is refused with the name meant, to the caller alone, and nothing is
        # logged (rulings R28).
        before = self.rolls()
        heard = self.heard(CmdRoll(), " Firearm")
        said = heard[self.char1]
        assert said.startswith("rollplay: "), said
        assert "(did you mean Firearms?)" in said
        assert "\n" not in said
        assert all(heard[s] == "" for s in self.listeners() if s != self.char1)
        assert self.rolls() == before

    def test_a_fault_is_logged_for_the_admins_and_one_line_to_the_caller(self) -> None:
        with (
            patch("rollplay.bridges.evennia.playing.command_for", side_effect=KeyError("x")),
            patch("evennia.utils.logger.log_trace") as logged,
        ):
            heard = self.heard(CmdRoll(), " Firearms")
        assert heard[self.char1] == (
            "rollplay: something went wrong at the table; it is in the server log."
        )
        logged.assert_called_once()
        with override_settings(ROLLPLAY_DB="sqlite:////nonexistent/folder/table.db"):
            said = self.heard(CmdRoll(), " Firearms")[self.char1]
        assert said.startswith("rollplay: cannot open the database")

    def test_a_roll_lands_in_the_games_log_and_events(self) -> None:
        self.heard(CmdRoll(), " Piloting")
        table = Table(self.db)
        try:
            (logged,) = table.log(game_name=GAME, limit=1)
            events = table.acting_as("Otto").events_for(GAME, after=logged.id - 1)
        finally:
            table.close()
        entry = of(SeenEntry, logged)
        assert (entry.character, entry.expression) == ("Nikos", "Piloting")
        assert [e.id for e in events if e.kind == "roll"] == [entry.id]
        assert of(Roll, events[0].data).outcome == entry.outcome

    def test_a_game_that_names_a_puppet_differently_rolls_for_that_character(self) -> None:
        self.char1.key = "Lieutenant Nikos"
        self.char1.db.rollplay_name = "Nikos"
        self.heard(CmdRoll(), " Piloting")
        assert self.last_roll().character == "Nikos"

    def test_the_command_set_parses_switches_as_evennia_hands_them_over(self) -> None:
        self.char1.cmdset.add(RollplayCmdSet)
        said: list[str] = []
        self.char1.msg = lambda text=None, **_: said.append(str(text))
        try:
            self.char1.execute_cmd("+roll/priv Firearms")
            self.char1.execute_cmd("+rollplay")
        finally:
            del self.char1.msg
        assert self.last_roll().visibility == "private"
        assert any("plays as |hPia|n" in text for text in said), said
