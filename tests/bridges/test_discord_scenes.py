"""Scenes in Discord (issue 30), offline: /scene start binds the channel, /pose, /say and
/ooc land in the channel's scene and show there, poses made elsewhere (the web, another
channel) are relayed with the character's name, a private scene's poses reach only its own
channel, bad input and the rate limit get one line, and nothing is posted twice."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rollplay.bridges.discord import scenes
from rollplay.bridges.discord.limits import Limiter, Rate
from rollplay.bridges.discord.relay import Relay
from rollplay.bridges.discord.table import DiscordTable
from rollplay.grammar import parse
from rollplay.table import commands as c
from rollplay.table.answers import PoseMade
from rollplay.table.events.scenes import Posed
from rollplay.table.service import Table
from tests.bridges.fake_discord import Courier
from tests.bridges.test_discord import SEATED, as_, copies, run
from tests.databases import Databases, opened
from tests.typed import of


@pytest.fixture
def table(databases: Databases, backend: str, tmp_path: Path) -> Iterator[Table]:
    with opened(databases, backend, SEATED, tmp_path) as t:
        yield t


@pytest.fixture
def bot(table: Table) -> DiscordTable:
    bot = DiscordTable(table, Courier())
    for channel in (100, 200):
        said = as_(bot, "Stella", lambda i: bot.bind(i, "Pegasus", "999"), channel)
        assert "This channel plays Pegasus" in said.record.to("me")
    return bot


def scene(bot: DiscordTable, who: str, action: str, args: str = "", channel: int = 100) -> Any:
    return as_(bot, who, lambda i: scenes.scene(bot, i, action, args), channel)


def pose(bot: DiscordTable, who: str, text: str, style: str = "pose", *, channel: int = 100,
         name: str | None = None) -> Any:  # fmt: skip
    return as_(bot, who, lambda i: scenes.pose(bot, i, text, style, name), channel)


def relay(bot: DiscordTable) -> Relay:
    r = Relay(bot)
    run(r.start())
    return r


def ledger(table: Table, who: str, number: int) -> list[str]:
    """The scene's poses as ``who`` reads them on the web (the service's ledger)."""
    _, views = table.acting_as(who).scene("Pegasus", number)
    return [of(Posed, v.data).text for v in views if v.kind == "pose"]


def test_a_pose_crosses_between_the_web_and_discord(bot: DiscordTable, table: Table) -> None:
    i = scene(bot, "Pia", "start", "Docks=A rainy night")
    assert "Scene 1: Docks begins" in i.record.to("channel")
    assert table.channel_game("discord", "100").scene == 1  # type: ignore[union-attr]
    assert "Scene 1" in scene(bot, "Otto", "join").record.to("channel")
    r = relay(bot)

    # Discord -> the web: her pose is shown in the channel as her answer, and is the scene's.
    i = pose(bot, "Pia", "leans on the rail.")
    assert "Nikos leans on the rail." in i.record.to("channel")
    assert ledger(table, "Otto", 1) == ["leans on the rail."]
    feed = table.acting_as("Otto").events_for("Pegasus")  # what the web's live feed sends
    assert of(Posed, feed[-1].data).text == "leans on the rail."
    # The web -> Discord: Otto's pose on the web page is relayed with his character's name.
    table.acting_as("Otto").execute(c.Pose("Pegasus", "It's late, Nikos.", "say"))
    assert run(r.step()) == 1
    assert 'Mavros says, "It\'s late, Nikos."' in copies(bot).to("channel:100")
    assert "leans on the rail" not in copies(bot).to("channel:100")  # not twice
    assert run(r.step()) == 0  # and nothing again

    # A second channel bound to the scene gets the first channel's poses by the relay.
    assert "plays scene 1 (Docks)" in scene(bot, "Stella", "bind", "1", 200).record.to("me")
    pose(bot, "Pia", "shrugs.")
    run(r.step())
    assert "Nikos shrugs." in copies(bot).to("channel:200")
    assert "Nikos shrugs." not in copies(bot).to("channel:100")

    # A roll in the scene's channel lands in the scene; /ooc and /say too.
    as_(bot, "Pia", lambda i: bot.roll(i, "Firearms"))
    pose(bot, "Pia", "brb", "ooc")
    _, views = table.acting_as("Otto").scene("Pegasus", 1)
    assert [v.kind for v in views][-2:] == ["roll", "pose"]
    # /scene show lists the scene, to the one who asked.
    shown = scene(bot, "Otto", "show")
    assert shown.record.places() == {"me"}
    assert "Scene 1 Docks (social; running)" in shown.record.to("me")
    assert "<OOC> Nikos: brb" in shown.record.to("me")
    # Stopping it ends the channel's scene: the channel plays the game again.
    scene(bot, "Pia", "stop")
    assert table.channel_game("discord", "100").scene is None  # type: ignore[union-attr]
    assert "is over" in pose(bot, "Pia", "waves.").record.to("me")


@pytest.mark.storage
def test_a_private_scenes_poses_never_reach_another_channel(
    bot: DiscordTable, table: Table
) -> None:
    scene(bot, "Stella", "private", "Vault", 200)  # channel 200 plays the private scene 1
    scene(bot, "Pia", "start", "Docks")  # channel 100 plays the open scene 2
    as_(bot, "Stella", lambda i: bot.roll(i, "roll/private Nikos/Piloting"), 200)
    r = relay(bot)
    stella = table.acting_as("Stella")
    stella.execute(c.Pose("Pegasus", "The vault hums.", "emit"))  # on the web, in scene 1
    stella.execute(c.SceneInvite("Pegasus", "Otto", 1))
    table.acting_as("Otto").execute(c.SceneJoin("Pegasus", 1))
    table.acting_as("Otto").execute(c.Pose("Pegasus", "cracks the safe."))
    pia = table.acting_as("Pia")
    pia.execute(c.Pose("Pegasus", "keeps watch."))  # scene 2, open
    # Her private and secret rolls on the web, in the open scene: its channel's readers
    # see no private roll, and a secret one only as the bare fact.
    words = pia.vocabulary("Pegasus")
    for line in ("roll/private Piloting", "roll/secret Alertness"):
        pia.execute(parse(line, system=words.system, game="Pegasus",
                          abilities=words.abilities, characters=words.characters))  # fmt: skip
    run(r.step())
    private, open_ = copies(bot).to("channel:200"), copies(bot).to("channel:100")
    assert "The vault hums." in private
    assert "Mavros cracks the safe." in private
    for secret in ("vault", "Vault", "safe", "Otto", "Piloting"):
        assert secret not in open_, secret
    assert "Nikos keeps watch." in open_
    assert "roll: its dice and result are hidden" in open_
    for secret in ("Piloting", "Alertness"):
        assert secret not in open_, secret
    assert "keeps watch" not in private
    # Pia is not in the private scene: in its channel she is refused, in one line.
    i = pose(bot, "Pia", "peeks in.", channel=200)
    assert "is not playing scene 1" in i.record.to("me")
    assert i.record.places() == {"me"}
    assert "peeks in" not in str(ledger(table, "Stella", 1))


def test_bad_input_gets_one_line_and_changes_nothing(bot: DiscordTable, table: Table) -> None:
    lines = [
        pose(bot, "Pia", "waves.").record.to("me"),  # no scene joined
        scene(bot, "Pia", "bind", "x").record.to("me"),
        scene(bot, "Pia", "bind", "9").record.to("me"),
        scene(bot, "Pia", "show").record.to("me"),  # the channel plays no scene
        scene(bot, "Pia", "dance").record.to("me"),
        scene(bot, "Pia", "start", "").record.to("me"),
    ]
    scene(bot, "Pia", "start", "Docks")
    lines += [
        pose(bot, "Pia", "   ").record.to("me"),
        pose(bot, "Pia", "x" * 8_001).record.to("me"),
        pose(bot, "Pia", "a\u202eb").record.to("me"),
        pose(bot, "Pia", "grins.", "semipose", name="Vance").record.to("me"),
        pose(bot, "Pia", "grins.", name="Vance").record.to("me"),  # not hers to pose as
        pose(bot, "Olly", "watches.").record.to("me"),  # an observer
        scene(bot, "Otto", "stop").record.to("me"),  # not his scene to stop
        pose(bot, "Nobody", "hi").record.to("me"),
        pose(bot, "Pia", "hi", channel=555).record.to("me"),
    ]
    for line in lines:
        assert line, lines
        assert "\n" not in line, line
    assert "no scene 9" in lines[2]
    assert "bidi" in lines[8]
    assert ledger(table, "Stella", 1) == []
    assert table.channel_game("discord", "200").scene is None  # type: ignore[union-attr]


def test_the_scene_commands_share_the_rate_limit(bot: DiscordTable, table: Table) -> None:
    class Clock:
        now = 0.0

        def __call__(self) -> float:
            return self.now

    limited = DiscordTable(table, Courier(), Limiter(Rate(2, 10), Clock()))
    scene(limited, "Pia", "start", "Docks")
    pose(limited, "Pia", "one.")
    for refused in (pose(limited, "Pia", "two."), scene(limited, "Pia", "show"),
                    scene(limited, "Pia", "join"), pose(limited, "Pia", "   ")):  # fmt: skip
        assert refused.record.to("me").startswith("slow down: at most 2 commands per 10 s")
        assert refused.record.steps == ["reply"]
    assert ledger(table, "Stella", 1) == ["one."]
    assert pose(bot, "Otto", "hi").record.to("me")  # another user's bucket is his own


@pytest.mark.storage  # the relay's SQL
def test_the_relay_reads_in_batches_and_posts_each_event_once(
    bot: DiscordTable, table: Table
) -> None:
    from rollplay.table.play.scene_channels import relayed

    scene(bot, "Pia", "start", "Docks")
    table.acting_as("Pia").execute(c.Pose("Pegasus", "before the relay started."))
    start = relayed(table, "discord", None).cursors  # from here: no history
    scene(bot, "Pia", "bind", "1", 200)
    for n in range(4):
        table.acting_as("Pia").execute(c.Pose("Pegasus", f"pose {n}."))
    cursors, posted = start, []
    for _ in range(10):  # batches of 3 rows: each event is 2 rows (2 channels)
        batch = relayed(table, "discord", cursors, limit=3)
        posted += [(p.channel, of(Posed, p.view.data).text) for p in batch.posts]
        if batch.cursors == cursors:
            break
        cursors = batch.cursors
    wanted = [(ch, f"pose {n}.") for n in range(4) for ch in ("100", "200")]
    assert posted == wanted
    assert relayed(table, "discord", cursors).posts == []


def test_the_bot_offers_the_scene_commands(tmp_path: Any) -> None:
    from rollplay.bridges.discord.bot import RollplayBot

    bot = RollplayBot(Table(f"sqlite:///{tmp_path / 'tree.db'}"))
    names = {command.name for command in bot.tree.get_commands()}
    assert {"pose", "say", "ooc", "scene"} <= names
    pose_ = bot.tree.get_command("pose")
    assert [p.display_name for p in pose_.parameters] == ["text", "style", "as"]  # type: ignore[union-attr]
    scene_ = bot.tree.get_command("scene")
    action = scene_.parameters[0]  # type: ignore[union-attr]
    assert [c.value for c in action.choices] == list(scenes.ACTIONS)


def test_a_channel_bound_to_another_game_plays_none_of_the_first_games_scenes(
    bot: DiscordTable, table: Table
) -> None:
    scene(bot, "Pia", "start", "Docks")
    assert table.channel_game("discord", "100").scene == 1  # type: ignore[union-attr]
    names = [g.name for g in table.games() if g.name != "Pegasus"]
    again = table.bind_channel("discord", "100", names[0])  # the owner, the other game
    assert again.scene is None
    assert table.channel_game("discord", "100").scene is None  # type: ignore[union-attr]


def test_the_relay_posts_a_pose_as_it_stands_when_it_reads_it(
    bot: DiscordTable, table: Table
) -> None:
    """Rulings S70: a pose edited, and another deleted, from the web before the relay read
    them are posted as they stand: the one's text in force, nothing of the other's words."""
    scene(bot, "Pia", "start", "Docks")
    r = relay(bot)
    pia = table.acting_as("Pia")
    kept = of(PoseMade, pia.execute(c.Pose("Pegasus", "Quaysidefirst"))).log_id
    pia.execute(c.PoseEdit("Pegasus", kept, "Quaysidenow"))
    gone = of(PoseMade, pia.execute(c.Pose("Pegasus", "Dockwordone"))).log_id
    pia.execute(c.PoseEdit("Pegasus", gone, "Dockwordtwo"))
    pia.execute(c.PoseDelete("Pegasus", gone))
    assert run(r.step()) == 5  # two poses, two edits, a deletion: each once
    posted = copies(bot).to("channel:100")
    assert "Nikos Quaysidenow (edited)" in posted
    for word in ("Quaysidefirst", "Dockwordone", "Dockwordtwo"):
        assert word not in posted, posted
    assert "Nikos's pose was deleted" in posted
