"""Sheets, luck, experience and combat through the command set: an answer goes to the one
who asked, a change to the room, and the service's permissions decide who may."""

from __future__ import annotations

from rollplay.bridges.evennia.commands import (
    CmdCombat,
    CmdLog,
    CmdLuck,
    CmdRoll,
    CmdSheet,
    CmdXP,
)
from tests.evennia.seating import TableTest


class PointsTest(TableTest):
    def quiet_but(self, heard: dict[object, str], *speakers: object) -> None:
        for someone in self.listeners():
            if someone not in speakers:
                assert heard[someone] == "", (someone, heard[someone])

    def test_a_sheet_is_for_the_one_who_asked(self) -> None:
        heard = self.heard(CmdSheet(), "")
        assert "Nikos" in heard[self.char1]
        assert "Firearms" in heard[self.char1]
        self.quiet_but(heard, self.char1)
        assert "Mavros" in self.heard(CmdSheet(), " Mavros")[self.char1]

    def test_spending_luck_is_told_to_the_room(self) -> None:
        heard = self.heard(CmdLuck(), "/spend to cancel the hinder")
        for someone in (self.char1, self.char2, self.char3, self.obj1):
            assert "Nikos spends 1 luck (to cancel the hinder)" in heard[someone]

    def test_only_a_storyteller_awards_luck_and_experience(self) -> None:
        refused = self.heard(CmdLuck(), "/award Nikos=1/a fine pose")
        assert refused[self.char1].startswith("rollplay: Pia is a player in Pegasus")
        self.quiet_but(refused, self.char1)
        heard = self.heard(CmdLuck(), "/award Nikos=1/a fine pose", caller=self.char2)
        assert "Nikos gains 1 luck (a fine pose)" in heard[self.char3]
        heard = self.heard(CmdXP(), "/award Nikos=4/the raid", caller=self.char2)
        assert "Nikos gains 4 XP (the raid), now 4" in heard[self.char1]

    def test_xp_raises_the_puppets_skill(self) -> None:
        short = self.heard(CmdXP(), "/raise Firearms")[self.char1]
        assert short == "rollplay: raising Firearms from 3 costs 4 XP; Nikos has 0"
        self.heard(CmdXP(), "/award Nikos=4", caller=self.char2)
        heard = self.heard(CmdXP(), "/raise Firearms")
        assert "Nikos raises Firearms from 3 to 4" in heard[self.char3]

    def test_combat_joins_stances_and_attacks_in_the_room(self) -> None:
        start = self.heard(CmdCombat(), "/start Fight", caller=self.char2)
        assert "Fight: the fight begins" in start[self.char1]
        joined = self.heard(CmdCombat(), "/join")
        assert "Fight: Nikos joins (team A)" in joined[self.char3]
        joined = self.heard(CmdCombat(), "/join /team=B", caller=self.char3)
        assert "Fight: Mavros joins (team B)" in joined[self.char1]
        stance = self.heard(CmdCombat(), "/stance Banzai")
        assert "Fight: Nikos takes the Banzai stance" in stance[self.char2]
        attack = self.heard(CmdCombat(), "/attack Mavros")
        assert "Fight: Nikos: attack Mavros" in attack[self.char3]
        turn = self.heard(CmdCombat(), "/newturn", caller=self.char2)
        assert "Nikos attacks Mavros" in turn[self.char3]  # the turn's report, to the room
        status = self.heard(CmdCombat(), "/status")
        assert "Nikos [A]: Banzai" in status[self.char1]  # each combatant, as on the CLI
        self.quiet_but(status, self.char1)
        wrong = self.heard(CmdCombat(), "/stance Sideways")[self.char1]
        assert wrong.startswith("rollplay: unknown stance 'Sideways'")

    def test_the_storyteller_orders_the_npcs_at_once(self) -> None:
        """``+combat/orders`` (rulings W80): the NPCs' plans reach the Storyteller only; a
        player is refused in a line only she reads."""
        self.heard(CmdCombat(), "/start Fight", caller=self.char2)
        self.heard(CmdCombat(), "/join")
        for npc in ("Raider", "Thug"):
            self.heard(CmdCombat(), f"/join {npc}/npc=4,team=B", caller=self.char2)
        refused = self.heard(CmdCombat(), "/orders Raider=pass")
        assert "only the Storyteller may run a combat" in refused[self.char1], refused
        self.quiet_but(refused, self.char1)
        heard = self.heard(CmdCombat(), "/orders Raider=attack Nikos, Thug=reload",
                           caller=self.char2)  # fmt: skip
        assert "Fight: Raider: attack Nikos" in heard[self.char2]
        assert "Fight: Thug: reload" in heard[self.char2]
        assert "Raider has chosen an action" in heard[self.char1]
        assert "attack Nikos" not in heard[self.char1]  # an NPC's plan stays the Storyteller's
        wrong = self.heard(CmdCombat(), "/orders Nikos=pass", caller=self.char2)[self.char2]
        assert wrong.startswith("rollplay: Nikos is not an NPC"), wrong

    def test_the_log_shows_the_caller_what_they_may_see(self) -> None:
        self.heard(CmdLuck(), "/spend")
        self.heard(CmdRoll(), "/secret Mavros/Alertness", caller=self.char2)
        log = self.heard(CmdLog(), "")
        assert "secret roll: its dice and result are hidden" in log[self.char1]
        assert "Alertness" not in log[self.char1]
        self.quiet_but(log, self.char1)
