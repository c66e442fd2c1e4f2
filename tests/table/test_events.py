"""Events and audiences: every change is an event, and each viewer is handed only their part
of it (events.py), on SQLite and PostgreSQL; the same through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rollplay.systems.fs3.combat.state import Action
from rollplay.table.answers import FS3Rolled
from rollplay.table.combat.tracker import Tracker
from rollplay.table.events.combat import Joined, Turn
from rollplay.table.events.payloads import HiddenRoll, LuckAwarded
from rollplay.table.events.views import EventView
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.clirun import fails_cleanly, run, run_json
from tests.people import THREE, seat
from tests.typed import dumped, of

pytestmark = [pytest.mark.storage, pytest.mark.examples]  # audiences filtered and paged in SQL


@pytest.fixture
def game(table: Table) -> Table:
    return seat(table, "Pegasus", THREE)


def _seen(table: Table, user: str, after: int = 0) -> list[EventView]:
    return table.acting_as(user).events_for("Pegasus", after=after, limit=1000)


def test_each_viewer_gets_their_part_of_each_roll(game: Table) -> None:
    start = game.events_for("Pegasus", limit=1000)[-1].id
    public = of(FS3Rolled, game.roll("Pegasus", "Nikos", Request("Firearms")))
    private = of(
        FS3Rolled, game.roll("Pegasus", "Nikos", Request("Piloting"), visibility="private")
    )
    secret = of(
        FS3Rolled, game.roll("Pegasus", "Mavros", Request("Alertness"), visibility="secret")
    )
    ids = [public.log_id, private.log_id, secret.log_id]

    def view(user: str) -> dict[int, EventView]:
        return {e.id: e for e in _seen(game, user, start)}

    stella, pia, olly = view("Stella"), view("Pia"), view("Olly")
    assert [stella[i].hidden for i in ids] == [False, False, False]
    assert [pia[i].hidden for i in ids] == [False, False, True]  # her own private roll
    rolls = sorted(i for i, e in olly.items() if e.kind == "roll")
    assert rolls == [ids[0], ids[2]]  # another's private roll: not even that it happened
    for hidden in (pia[ids[2]], olly[ids[2]]):  # a secret roll: that it was made, no more
        assert hidden.character is None
        assert hidden.data == HiddenRoll(system="fs3")
    # Nothing secret is anywhere in what a player is handed.
    for user in ("Pia", "Olly"):
        handed = json.dumps([dumped(e) for e in _seen(game, user, start)])
        assert "Alertness" not in handed
        assert "Mavros" not in handed


def test_a_game_may_keep_secret_rolls_unannounced(game: Table) -> None:
    game.set_announce_secret("Pegasus", False)
    start = game.events_for("Pegasus", limit=1000)[-1].id
    game.roll("Pegasus", "Mavros", Request("Alertness"), visibility="secret")
    assert _seen(game, "Pia", start) == []  # not even the roller's client seed, made for it
    exported = game.acting_as("Pia").export_log("jsonl", game_name="Pegasus").splitlines()
    said = [json.loads(line) for line in exported if '"kind": "client_seed"' in line]
    assert [line["user"] for line in said] == ["Stella", "Pia"]  # theirs, made at joining
    assert [e.kind for e in _seen(game, "Stella", start)] == ["client_seed", "roll"]


def test_events_after_an_id_page_in_order(game: Table) -> None:
    for _ in range(5):
        game.award_luck("Pegasus", "Nikos", 1, reason="good play")
    everything = game.events_for("Pegasus", limit=1000)
    ids = [e.id for e in everything]
    assert ids == sorted(ids)
    assert [e.kind for e in everything[-5:]] == ["luck_award"] * 5
    assert of(LuckAwarded, everything[-1].data).reason == "good play"
    page = game.events_for("Pegasus", after=ids[-4], limit=2)
    assert [e.id for e in page] == ids[-3:-1]
    with pytest.raises(ValueError, match="1 to 1000 events"):
        game.events_for("Pegasus", limit=0)


def test_a_combat_turn_hides_the_npcs_dice_from_players(game: Table) -> None:
    tracker = Tracker(game)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Nikos", weapon="Pistol")
    tracker.join("Pegasus", "Hangar", "Raider", rating=4, team="B", weapon="Knife")
    start = game.events_for("Pegasus", limit=1000)[-1].id
    tracker.turn("Pegasus", "Hangar")
    (st_turn,) = [e for e in _seen(game, "Stella", start) if e.kind == "combat_turn"]
    (pia_turn,) = [e for e in _seen(game, "Pia", start) if e.kind == "combat_turn"]
    assert not st_turn.hidden
    assert pia_turn.hidden  # a part of it: the players' view
    st_init = {i.name: i for i in of(Turn, st_turn.data).initiative}
    pia_init = {i.name: i for i in of(Turn, pia_turn.data).initiative}
    assert st_init["Raider"].dice is not None
    assert pia_init["Raider"].dice is None  # four dice would say its rating is 4
    assert pia_init["Raider"].roll is None  # nor would its roll
    assert pia_init["Nikos"].dice == st_init["Nikos"].dice  # characters' dice are shown


def test_an_attack_on_an_npc_keeps_its_pool_from_players(game: Table) -> None:
    tracker = Tracker(game)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Nikos", weapon="Pistol")
    tracker.join("Pegasus", "Hangar", "Raider", rating=4, team="B", weapon="Knife")
    tracker.act("Pegasus", "Hangar", "Nikos", Action("attack", "Raider"))
    start = game.events_for("Pegasus", limit=1000)[-1].id
    tracker.turn("Pegasus", "Hangar")
    (st_turn,) = [e for e in _seen(game, "Stella", start) if e.kind == "combat_turn"]
    (pia_turn,) = [e for e in _seen(game, "Pia", start) if e.kind == "combat_turn"]
    (st_attack,) = [e for e in of(Turn, st_turn.data).events if e.actor == "Nikos"]
    (pia_attack,) = [e for e in of(Turn, pia_turn.data).events if e.actor == "Nikos"]
    assert st_attack.pools is not None  # the attacker's and the defender's pools
    assert pia_attack.outcome == st_attack.outcome  # what happened, to everyone
    assert pia_attack.defense_hits == st_attack.defense_hits
    for key in ("pools", "defense_roll", "defense_dice"):
        assert getattr(pia_attack, key) is None, key  # the Raider's pool would say its rating
    for key in ("attack_roll", "attack_dice"):  # Nikos's own, from his ratings (rulings W71)
        assert getattr(pia_attack, key) == getattr(st_attack, key) is not None, key


def test_the_command_line_acts_as_a_user(
    capsys: pytest.CaptureFixture[str], db_url: str, tmp_path: Path
) -> None:
    def cli(*args: str) -> tuple[int, str, str]:
        return run(capsys, *args, "--db", db_url)

    assert cli("game", "example")[0] == 0
    assert cli("user", "add", "Pia")[0] == 0
    assert "already a user" in fails_cleanly(capsys, "user", "add", "pia", "--db", db_url)
    assert (
        cli("member", "add", "Pegasus", "Pia", "--role", "player", "--character", "Nikos")[0] == 0
    )
    members = run_json(capsys, "member", "list", "Pegasus", "--db", db_url)
    assert members == [
        {"game": "Pegasus", "user": "Pia", "role": "player", "characters": ["Nikos"]}
    ]
    rolled = run_json(capsys, "--as", "Pia", "roll", "Nikos", "Firearms", "--db", db_url)
    assert rolled["character"] == "Nikos"
    refusal = fails_cleanly(capsys, "--as", "Pia", "luck", "award", "Nikos", "--db", db_url)
    assert "Pia is a player in Pegasus: only the Storyteller may award luck" in refusal
    assert "no user called 'Pai' (did you mean Pia?)" in fails_cleanly(
        capsys, "--as", "Pai", "log", "--db", db_url
    )
    assert cli("roll", "Mavros", "Alertness", "--visibility", "secret")[0] == 0
    as_pia = run_json(capsys, "log", "--as", "Pia", "--db", db_url)
    assert [e["hidden"] for e in as_pia] == [True, False]
    assert as_pia == run_json(capsys, "--as", "Pia", "log", "--db", db_url)
    upgraded = run_json(capsys, "db", "upgrade", "--db", db_url)
    assert upgraded["before"] == upgraded["after"]


def test_an_npc_joining_keeps_its_rating_from_players(game: Table) -> None:
    tracker = Tracker(game)
    tracker.start("Pegasus", "Hangar")
    start = game.events_for("Pegasus", limit=1000)[-1].id
    tracker.join("Pegasus", "Hangar", "Cylon", rating=7, team="B", weapon="Knife")
    (st_join,) = [e for e in _seen(game, "Stella", start) if e.kind == "combat_join"]
    (pia_join,) = [e for e in _seen(game, "Pia", start) if e.kind == "combat_join"]
    assert of(Joined, st_join.data).rating == 7
    assert of(Joined, pia_join.data).name == "Cylon"
    assert of(Joined, pia_join.data).rating is None
