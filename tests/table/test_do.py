"""``rollplay do "LINE" --game G [--as USER]``: the command language through the service, as
the web roll box and the chat bridges will use it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.clirun import fails_cleanly, run, run_json


@pytest.fixture
def db(db_url: str, capsys: pytest.CaptureFixture[str]) -> str:
    for args in (
        ["game", "example"],
        ["user", "add", "Pia"],
        ["member", "add", "Pegasus", "Pia", "--role", "player", "--character", "Nikos"],
    ):
        assert run(capsys, *args, "--db", db_url)[0] == 0  # fmt: skip
    return db_url


def do(
    capsys: pytest.CaptureFixture[str], db: str, line: str, game: str, *extra: str,
    user: str | None = None,
) -> Any:  # fmt: skip
    acting = ("--as", user) if user else ()
    return run_json(capsys, *acting, "do", line, "--game", game, *extra, "--db", db)


def test_lines_of_each_system(capsys: pytest.CaptureFixture[str], db: str) -> None:
    fs3 = do(capsys, db, "roll Nikos/Firearms+Reflexes-1", "Pegasus", "--faces", "8,7,6,1,2,3")
    assert (fs3["command"], fs3["pool"], fs3["successes"]) == ("Roll", 6, 3)
    contest = do(capsys, db, "Nikos/Melee vs Mavros/Melee", "Pegasus")
    assert contest["command"] == "Opposed"
    gurps = do(capsys, db, "roll/secret Inspector Vance/Detect Lies", "Dungeon")
    assert (gurps["visibility"], "information" in gurps) == ("secret", True)
    d6 = do(capsys, db, "roll 4D+2 vs 15", "Stars")
    assert (d6["command"], d6["difficulty"]) == ("NpcRoll", 15)
    award = do(capsys, db, "luck/award Nikos=1/a fine pose", "Pegasus")
    assert award["luck"] == 2
    events = run_json(capsys, "events", "--game", "Pegasus", "--db", db)
    assert events[-1]["data"]["reason"] == "a fine pose"


def test_a_player_acts_as_themself(capsys: pytest.CaptureFixture[str], db: str) -> None:
    mine = do(capsys, db, "roll Firearms", "Pegasus", user="Pia")
    assert mine["character"] == "Nikos"
    refused = fails_cleanly(capsys, "--as", "Pia", "do", "luck/award Nikos=1", "--game",
                            "Pegasus", "--db", db)  # fmt: skip
    assert "only the Storyteller may award luck" in refused
    code, out, _ = run(capsys, "--as", "Pia", "do", "roll Firearms", "--game", "Pegasus",
                       "--db", db)  # fmt: skip
    assert code == 0
    assert "Nikos (Pegasus)" in out  # the roll's card, as `rollplay roll` shows it


def test_bad_lines_get_one_clear_line(capsys: pytest.CaptureFixture[str], db: str) -> None:
    assert "did you mean 'Nikos'" in fails_cleanly(
        capsys, "do", "roll Nikso/Firearms", "--game", "Pegasus", "--db", db
    )
    assert "unknown command" in fails_cleanly(
        capsys, "do", "dance wildly", "--game", "Pegasus", "--db", db
    )
    assert "no game called" in fails_cleanly(capsys, "do", "roll 5", "--game", "Pegasu", "--db", db)


def test_a_character_against_an_npc(capsys: pytest.CaptureFixture[str], db: str) -> None:
    """``Nikos/Firearms vs Raider/5``: the NPC rolls its single rating (004), spending
    nothing, so a player may roll against one; both sides are logged."""
    done = do(capsys, db, "Nikos/Firearms vs Raider/5", "Pegasus", user="Pia")
    assert done["command"] == "Opposed"
    assert (done["first"]["name"], done["second"]["name"]) == ("Nikos", "Raider")
    assert done["second"]["pool"] == 5
    log = run_json(capsys, "log", "--limit", "2", "--db", db)
    assert [e["character"] for e in log] == ["Raider", "Nikos"]
    d6 = do(capsys, db, "roll Kara Voss/Search vs Thug/3D+1", "Stars")
    assert d6["resister"]["code"] == "3D+1"


def test_000_a_skill_not_on_the_sheet_rolls_from_the_roll_box(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    # 000 Untrained Rolls: Nikos has no Cooking; she rolls it at Everyman (1 die) + Wits 3,
    # and the card says it is unlisted (rulings R7).
    rolled = do(capsys, db, "roll Nikos/Cooking", "Pegasus", "--faces", "6,2,2,2")
    assert (rolled["pool"], rolled["unlisted"], rolled["level"]) == (4, "Cooking", "Success")
    code, out, _ = run(capsys, "do", "roll Nikos/Poker Face", "--game", "Pegasus", "--db", db)
    assert code == 0
    assert "Poker Face is not listed on the sheet (did you mean Poker?)" in out
    # A listed name mistyped is not a skill missing from the sheet (rulings R28): refused,
    # in one line, and nothing logged.
    before = run_json(capsys, "log", "--limit", "0", "--db", db)
    said = fails_cleanly(capsys, "do", "roll Nikos/Pokr", "--game", "Pegasus", "--db", db)
    assert "(did you mean Poker?)" in said
    assert run_json(capsys, "log", "--limit", "0", "--db", db) == before


def test_the_storyteller_orders_every_npc_in_one_line(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    """``combat/orders`` (rulings W80): the NPC form's orders typed, all or none."""
    do(capsys, db, "combat/start Hangar", "Pegasus")
    do(capsys, db, "combat/join Nikos/weapon=Pistol", "Pegasus")
    for npc in ("Raider 1", "Thug"):
        do(capsys, db, f"combat/join {npc}/npc=4,team=B,weapon=Rifle", "Pegasus")
    where = ("--game", "Pegasus", "--db", db)
    refused = fails_cleanly(capsys, "do", "combat/orders Raider 1=attack Nikos, Thug=attack Thug",
                            *where)  # fmt: skip
    assert "Thug cannot attack themself" in refused
    assert "not an NPC" in fails_cleanly(capsys, "do", "combat/orders Nikos=pass", *where)
    assert "attack needs a target" in fails_cleanly(capsys, "do", "combat/orders Thug=attack",
                                                    *where)  # fmt: skip
    assert "only the Storyteller" in fails_cleanly(
        capsys, "--as", "Pia", "do", "combat/orders Thug=pass", *where)  # fmt: skip
    assert do(capsys, db, "combat/status", "Pegasus")["actions"] == {}
    done = do(capsys, db, "combat/orders Raider 1=attack Nikos, thug=suppress nikos", "Pegasus")
    assert done["command"] == "CombatOrders"
    actions = do(capsys, db, "combat/status", "Pegasus")["actions"]
    assert {k: (a["kind"], a["target"]) for k, a in actions.items()} == {
        "Raider 1": ("attack", "Nikos"), "Thug": ("suppress", "Nikos")}  # fmt: skip
    code, out, _ = run(capsys, "do", "combat/orders Thug=reload", *where)
    assert (code, out.strip()) == (0, "Hangar: done (turn 1)")
