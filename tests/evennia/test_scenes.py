"""Scenes on the MUSH (issue 30): a room hosts a scene, its pose, say and emit are the
scene's, poses made on the web and in Discord are shown in the room (and the room's in
Discord), a private scene's poses reach only those who may read it, and bad input is one
line. The Discord side is the bot's handlers with the fake interaction of tests/bridges."""

from __future__ import annotations

import asyncio

from rollplay.bridges.discord import scenes as discord_scenes
from rollplay.bridges.discord.relay import Relay
from rollplay.bridges.discord.table import DiscordTable
from rollplay.bridges.evennia import relay
from rollplay.bridges.evennia.scene_commands import (
    CmdRequest,
    CmdScene,
    CmdSceneEmit,
    CmdScenePose,
    CmdSceneSay,
)
from rollplay.table import commands as c
from rollplay.table.events.scenes import Posed
from rollplay.table.service import Table
from tests.bridges.fake_discord import Courier, Interaction
from tests.evennia.seating import GAME, TableTest, link_code
from tests.typed import of


class SceneTest(TableTest):
    def setUp(self) -> None:
        super().setUp()
        relay.reset()
        self.addCleanup(relay.reset)
        self.table = Table(self.db)
        self.addCleanup(self.table.close)

    def poses(self, who: str = "Stella", number: int = 1) -> list[str]:
        """The scene's poses as ``who`` reads them on the web."""
        _, views = self.table.acting_as(who).scene(GAME, number)
        return [of(Posed, v.data).text for v in views if v.kind == "pose"]

    def relayed(self) -> dict[object, str]:
        """One read of the MUSH's relay, and what each listener was sent by it."""
        return self.heard_by(relay.step)

    def heard_by(self, work: object) -> dict[object, str]:
        from unittest.mock import Mock

        from tests.evennia.seating import _text

        kept = {someone: someone.msg for someone in self.listeners()}
        mocks = {someone: Mock() for someone in self.listeners()}
        for someone, mock in mocks.items():
            someone.msg = mock
        try:
            work()  # type: ignore[operator]
        finally:
            for someone, msg in kept.items():
                someone.msg = msg
        return {someone: _text(mock) for someone, mock in mocks.items()}

    def test_a_pose_crosses_the_web_discord_and_the_mush(self) -> None:
        # The room hosts scene 1; Otto (Mavros) joins on the MUSH.
        heard = self.heard(CmdScene(), "/start Docks=A rainy night")
        assert "Scene 1: Docks begins" in heard[self.char3]
        self.heard(CmdScene(), "/join", caller=self.char3)
        relay.step()  # the relay starts from here
        # Discord: channel 100 plays the same scene.
        self.table.link_account("discord", "2", link_code(self.db, "Pia"))
        self.table.acting_as("Stella").bind_channel("discord", "100", GAME, "999")
        bot = DiscordTable(self.table, Courier())
        bound = Interaction(2)
        asyncio.run(discord_scenes.scene(bot, bound, "bind", "1"))
        assert "plays scene 1 (Docks)" in bound.record.to("me")
        bridge = Relay(bot)
        asyncio.run(bridge.start())

        # The MUSH -> Discord and the web: Mavros's say in the room.
        heard = self.heard(CmdSceneSay(), " Not here.", caller=self.char3)
        for someone in (self.char1, self.char2, self.obj1):
            assert 'Mavros says, "Not here."' in heard[someone]
        asyncio.run(bridge.step())
        assert 'Mavros says, "Not here."' in bot.courier.record.to("channel:100")  # type: ignore[attr-defined]
        assert self.relayed()[self.char1] == ""  # the room saw it already: not twice

        # Discord -> the MUSH: Pia's /pose in the channel.
        posed = Interaction(2)
        asyncio.run(discord_scenes.pose(bot, posed, "leans on the rail."))
        assert "Nikos leans on the rail." in posed.record.to("channel")
        heard = self.relayed()
        for someone in (self.char1, self.char2, self.char3, self.obj1):
            assert heard[someone] == "Nikos leans on the rail.", heard[someone]

        # The web -> the MUSH and Discord: Stella's emit on the web page.
        self.table.acting_as("Stella").execute(c.SceneJoin(GAME, 1))
        self.table.acting_as("Stella").execute(c.Pose(GAME, "Rain drums on the tin roof.", "emit"))
        assert "Rain drums on the tin roof." in self.relayed()[self.char3]
        asyncio.run(bridge.step())
        assert "Rain drums" in bot.courier.record.to("channel:100")  # type: ignore[attr-defined]

        # And back on the MUSH: Nikos's pose in the room. The web's ledger holds them all.
        heard = self.heard(CmdScenePose(), "shrugs.", cmdstring=":")
        assert heard[self.char3] == "Nikos shrugs."
        asyncio.run(bridge.step())
        assert "Nikos shrugs." in bot.courier.record.to("channel:100")  # type: ignore[attr-defined]
        assert self.poses() == ["Not here.", "leans on the rail.", "Rain drums on the tin roof.",
                                "shrugs."]  # fmt: skip

    def test_rolls_semiposes_and_emits_in_the_room_are_the_scenes(self) -> None:
        self.heard(CmdScene(), "/start Docks")
        self.heard(CmdScenePose(), "'s hand shakes.", cmdstring=";")
        heard = self.heard(CmdSceneEmit(), " The lights go out.")
        assert heard[self.char2] == "The lights go out."
        from rollplay.bridges.evennia.commands import CmdRoll

        self.heard(CmdRoll(), " Firearms")
        _, views = self.table.acting_as("Stella").scene(GAME, 1)
        assert [v.kind for v in views] == ["scene_start", "pose", "pose", "roll"]
        assert self.poses()[0] == "'s hand shakes."
        heard = self.heard(CmdScene(), "/stop")
        assert self.table.channel_game(relay_platform(), f"#{self.room1.id}").scene is None  # type: ignore[union-attr]
        # With the scene over, pose is Evennia's own again: nothing reaches the table.
        heard = self.heard(CmdScenePose(), "waves.")
        assert "Nikos waves." in heard[self.char2]
        assert len(self.poses()) == 2

    def test_a_private_scene_reaches_only_those_who_may_read_it(self) -> None:
        self.obj2.location = self.room2
        self.char3.location = self.room2
        self.heard(CmdScene(), "/private Vault", caller=self.char2)  # room1 hosts scene 1
        self.heard(CmdScene(), "/start Docks", caller=self.char3)  # room2 hosts scene 2
        relay.step()
        # Stella's pose in the room: Nikos stands there, but Pia is not in the scene.
        heard = self.heard(CmdScenePose(), "opens the vault.", caller=self.char2)
        for someone in (self.char1, self.obj1, self.char3, self.obj2):
            assert "vault" not in heard[someone], someone
        # On the web: the relay shows room1's readers alone (Stella), and room2 nothing.
        self.table.acting_as("Stella").execute(c.Pose(GAME, "The vault hums.", "emit"))
        self.table.acting_as("Otto").execute(c.Pose(GAME, "keeps watch."))  # scene 2, open
        heard = self.relayed()
        assert "The vault hums." in heard[self.char2]
        for someone in (self.char1, self.obj1, self.char3, self.obj2):
            assert "vault" not in heard[someone], someone
        assert "Mavros keeps watch." in heard[self.obj2]
        assert "keeps watch" not in heard[self.char2]
        # Pia in the private scene's room is refused, in one line, and writes nothing.
        said = self.heard(CmdScenePose(), "peeks in.")[self.char1]
        assert "is not playing scene 1" in said
        assert "peeks in." not in str(self.poses())

    def test_the_relay_starts_once_on_a_running_reactor(self) -> None:
        from unittest.mock import patch

        from twisted.internet import reactor

        relay.start()  # no reactor running (a test): nothing starts
        assert relay._STATE["loop"] is None
        with patch.object(reactor, "running", True, create=True):
            self.heard(CmdScene(), "/start Docks")  # +scene starts it, and it reads at once
            loop = relay._STATE["loop"]
            assert loop is not None
            assert loop.running
            relay.start()
            assert relay._STATE["loop"] is loop  # once
        self.table.acting_as("Otto").execute(c.SceneJoin(GAME, 1))
        self.table.acting_as("Otto").execute(c.Pose(GAME, "nods."))
        assert "Mavros nods." in self.relayed()[self.char1]  # from where it started

    def test_a_request_from_the_room_asks_in_its_scene(self) -> None:
        self.heard(CmdScene(), "/start Docks")
        # Stella has not joined the scene her room plays: refused, one line (rulings S41).
        said = self.heard(CmdRequest(), " Nikos Piloting+1", caller=self.char2)[self.char2]
        assert said.startswith("rollplay: "), said
        assert "join it first" in said, said
        self.table.acting_as("Stella").execute(c.SceneJoin(GAME, 1))
        said = self.heard(CmdRequest(), " Nikos Piloting+1", caller=self.char2)[self.char2]
        _, views = self.table.acting_as("Pia").scene(GAME, 1)
        assert views[-1].kind == "roll_request", views  # in the scene, where Pia reads it
        assert "asks Nikos for a roll: Piloting+1" in said

    def test_bad_input_is_one_line(self) -> None:
        lines = [self.heard(CmdSceneEmit(), " hi")[self.char1],  # no scene here
                 self.heard(CmdScene(), "/s Docks")[self.char1],  # start, stop or show?
                 self.heard(CmdScene(), "/dance")[self.char1],
                 self.heard(CmdScene(), "/bind x")[self.char1],
                 self.heard(CmdScene(), "")[self.char1]]  # fmt: skip
        self.heard(CmdScene(), "/start Docks")
        lines += [self.heard(CmdScenePose(), "")[self.char1],
                  self.heard(CmdScenePose(), "a\u202eb")[self.char1],
                  self.heard(CmdSceneSay(), " " + "x" * 8_001)[self.char1],
                  self.heard(CmdScene(), "/stop", caller=self.char3)[self.char3]]  # fmt: skip
        # +request forwards its line to the table's request command: asking no one, one line.
        lines.append(self.heard(CmdRequest(), " ", caller=self.char2)[self.char2])
        for line in lines:
            assert line.startswith("rollplay: "), line
            assert "\n" not in line, line
        assert "empty" in lines[5]
        assert "bidi" in lines[6]
        assert "8,000" in lines[7]
        assert "request" in lines[9]
        assert self.poses() == []


def relay_platform() -> str:
    from rollplay.bridges.evennia.config import platform_for

    return platform_for(GAME)
