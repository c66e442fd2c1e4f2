"""Who may do what: every service command, tried by every role, on SQLite and PostgreSQL.

The example games, with users: Stella runs Pegasus (FS3) and Stars (D6), Pia plays Nikos and
Kara Voss, Olly observes, Nora is in no game. The owner (the local command line) is
Storyteller of every game. Each case sets up what it needs as the owner, then runs as the
role; an allowed command must work, a refused one must change nothing and say who may."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rollplay.systems.fs3.combat.state import Action
from rollplay.table import commands as c
from rollplay.table.access.authz import Forbidden
from rollplay.table.answers import D6Rolled
from rollplay.table.combat.healing import heal_day
from rollplay.table.combat.tracker import Tracker, stance
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.databases import Databases, opened, template
from tests.typed import of

pytestmark = pytest.mark.examples  # every test starts from the example games

ROLES = ("owner", "storyteller", "player", "observer", "outsider")
USERS = {"storyteller": "Stella", "player": "Pia", "observer": "Olly", "outsider": "Nora"}
ST, PLAYER, READERS = {"owner", "storyteller"}, {"owner", "storyteller", "player"}, set(ROLES[:4])
_fresh = itertools.count(1)
# Reads change nothing; users belong to no game.
WRITE_NO_GAME_EVENT = {"game show", "char show", "log", "events", "members", "combat status",
                       "add user", "users", "vocabulary", "check sheet", "seed show",
                       "verify the log", "export aresmush", "import aresmush"}  # fmt: skip

Setup = Callable[[Table, str], Any]
Run = Callable[[Table, str], Any]


def _nothing(_: Table, __: str) -> None:
    return None


def _luck(t: Table, _: str) -> None:
    t.award_luck("Pegasus", "Nikos", 1)


def _xp(t: Table, _: str) -> None:
    t.award_xp("Pegasus", "Nikos", 20)


def _archived(t: Table, _: str) -> None:
    if not t.game("Pegasus").archived:
        t.archive_game("Pegasus")


def _combat(t: Table, n: str, *, join: bool = True) -> None:
    tracker = Tracker(t)
    tracker.start("Pegasus", f"Fight{n}")
    if join:
        tracker.join("Pegasus", f"Fight{n}", "Nikos", weapon="Pistol")
        tracker.join("Pegasus", f"Fight{n}", f"Raider{n}", rating=4, team="B")


def _rolled(t: Table, _: str) -> int:
    return of(D6Rolled, t.roll("Stars", "Kara Voss", Request("Search"))).log_id


def _member(t: Table, n: str) -> None:
    t.add_user(f"Gone{n}")
    t.add_member("Pegasus", f"Gone{n}", "observer")


def _stopped(t: Table, n: str) -> None:
    _combat(t, n, join=False)
    Tracker(t).stop("Pegasus", f"Fight{n}")


CASES: dict[str, tuple[set[str], Setup, Run]] = {
    "game show": (READERS, _nothing, lambda t, _: t.game("Pegasus")),
    # Issue 38: a game's house rules as AresMUSH files are a read of it; anyone may make a
    # game, from an AresMUSH config too (its event is in the new game).
    "export aresmush": (READERS, _nothing, lambda t, _: t.aresmush_files("Pegasus")),
    "import aresmush": (
        set(ROLES),
        _nothing,
        lambda t, n: t.import_aresmush(
            f"Mars {n}", {"fs3skills_misc.yml": b"fs3skills:\n  max_luck: 3\n"}
        ),
    ),
    "char show": (READERS, _nothing, lambda t, _: t.character("Pegasus", "Nikos")),
    "log": (READERS, _nothing, lambda t, _: t.log(game_name="Pegasus")),
    "events": (READERS, _nothing, lambda t, _: t.events_for("Pegasus")),
    "members": (READERS, _nothing, lambda t, _: t.members("Pegasus")),
    "roll own": (
        PLAYER,
        _nothing,
        lambda t, _: t.roll("Pegasus", "Nikos", Request("Firearms")),
    ),
    "roll private": (
        PLAYER,
        _nothing,
        lambda t, _: t.roll("Pegasus", "Nikos", Request("Firearms"), visibility="private"),
    ),
    "roll secret": (  # a player asks it of the Storyteller (rulings T9)
        PLAYER,
        _nothing,
        lambda t, _: t.roll("Pegasus", "Nikos", Request("Firearms"), visibility="secret"),
    ),
    "roll secret where players may not ask": (
        ST,
        lambda owner, _: owner.game_settings("Pegasus", players_ask_secret=False),
        lambda t, _: t.roll("Pegasus", "Nikos", Request("Firearms"), visibility="secret"),
    ),
    "roll another's": (
        ST,
        _nothing,
        lambda t, _: t.roll("Pegasus", "Mavros", Request("Firearms")),
    ),
    "roll own with luck": (
        PLAYER,
        _luck,
        lambda t, _: t.roll("Pegasus", "Nikos", Request("Firearms", luck="bonus")),
    ),
    "opposed against another": (
        PLAYER,
        _nothing,
        lambda t, _: t.opposed(
            "Pegasus", ("Nikos", Request("Melee")), ("Mavros", Request("Melee"))
        ),
    ),
    "opposed spending another's": (
        ST,
        lambda t, _: t.award_luck("Pegasus", "Mavros", 1),
        lambda t, _: t.opposed(
            "Pegasus", ("Nikos", Request("Melee")), ("Mavros", Request("Melee", luck="bonus"))
        ),
    ),
    "teamwork with another": (
        PLAYER,
        _nothing,
        lambda t, _: t.teamwork(
            "Pegasus", ("Nikos", Request("Piloting")), [("Mavros", Request("Athletics"))]
        ),
    ),
    "cp after own roll": (PLAYER, _rolled, _nothing),  # run on the roll's id: see below
    "award luck": (ST, _nothing, lambda t, _: t.award_luck("Pegasus", "Nikos", 1)),
    "award xp": (ST, _nothing, lambda t, _: t.award_xp("Pegasus", "Nikos", 1)),
    "spend luck": (PLAYER, _luck, lambda t, _: t.spend_luck("Pegasus", "Nikos")),
    "raise skill": (PLAYER, _xp, lambda t, _: t.raise_skill("Pegasus", "Nikos", "Melee")),
    "change own sheet": (
        PLAYER,
        _nothing,
        lambda t, n: t.set_character("Pegasus", "Nikos", {"concept": f"Pilot {n}"}),
    ),
    "change another's sheet": (
        ST,
        _nothing,
        lambda t, n: t.set_character("Pegasus", "Mavros", {"concept": f"Marine {n}"}),
    ),
    "approve": (ST, _nothing, lambda t, _: t.approve("Stars", "Kara Voss")),
    "new character": (
        PLAYER,
        _nothing,
        lambda t, n: t.new_character(
            "Pegasus",
            {
                "name": f"Extra {n}",
                "attributes": {"Brawn": 2, "Reflexes": 2, "Grit": 2, "Wits": 2, "Presence": 2},
            },
        ),
    ),
    "add member": (ST, _nothing, lambda t, _: t.add_member("Pegasus", "Nora", "observer")),
    "announce secrets": (ST, _nothing, lambda t, _: t.set_announce_secret("Pegasus", False)),
    "game settings": (
        ST,
        _nothing,
        lambda t, _: t.game_settings("Pegasus", players_ask_secret=False),
    ),
    "combat start": (ST, _nothing, lambda t, n: Tracker(t).start("Pegasus", f"Fight{n}")),
    "combat join own": (
        PLAYER,
        lambda t, n: _combat(t, n, join=False),
        lambda t, n: Tracker(t).join("Pegasus", f"Fight{n}", "Nikos"),
    ),
    "combat join npc": (
        ST,
        lambda t, n: _combat(t, n, join=False),
        lambda t, n: Tracker(t).join("Pegasus", f"Fight{n}", "Pirate", rating=3),
    ),
    "combat action own": (
        PLAYER,
        _combat,
        lambda t, n: Tracker(t).act(
            "Pegasus", f"Fight{n}", "Nikos", Action("attack", target=f"Raider{n}")
        ),
    ),
    "combat action npc": (
        ST,
        _combat,
        lambda t, n: Tracker(t).act(
            "Pegasus", f"Fight{n}", f"Raider{n}", Action("attack", target="Nikos")
        ),
    ),
    "combat npc orders": (
        ST,
        _combat,
        lambda t, n: t.execute(
            c.CombatOrders("Pegasus", f"Fight{n}", (c.NpcOrder(f"Raider{n}", "attack", "Nikos"),))
        ),
    ),
    "combat stance own": (
        PLAYER,
        _combat,
        lambda t, n: stance(Tracker(t), "Pegasus", f"Fight{n}", "Nikos", "Cover"),
    ),
    "combat leave own": (
        PLAYER,
        _combat,
        lambda t, n: Tracker(t).leave("Pegasus", f"Fight{n}", "Nikos"),
    ),
    "combat status": (READERS, _combat, lambda t, n: Tracker(t).status("Pegasus", f"Fight{n}")),
    "combat turn": (
        ST,
        _combat,
        lambda t, n: Tracker(t).turn("Pegasus", f"Fight{n}"),
    ),
    "combat stop": (ST, _combat, lambda t, n: Tracker(t).stop("Pegasus", f"Fight{n}")),
    "heal day": (ST, _nothing, lambda t, _: heal_day(t, "Pegasus")),
    "add user": ({"owner"}, _nothing, lambda t, n: t.add_user(f"New{n}")),
    "users": (set(ROLES), _nothing, lambda t, _: t.users()),
    "vocabulary": (READERS, _nothing, lambda t, _: t.vocabulary("Pegasus")),
    "npc roll": (ST, _nothing, lambda t, _: t.npc_roll("Pegasus", Request("5"), name="Raider")),
    "set player": (ST, _nothing, lambda t, _: t.set_player("Pegasus", "Mavros", None)),
    "remove member": (ST, _member, lambda t, n: t.remove_member("Pegasus", f"Gone{n}")),
    "check sheet": (READERS, _nothing, lambda t, _: t.check("Pegasus", "Nikos")),
    "combat delete": (
        ST,
        _stopped,
        lambda t, n: Tracker(t).delete("Pegasus", f"Fight{n}"),
    ),
    # Verifiable dice: any member sees the seeds (and verifies the log as they see it); a
    # player sets their own client seed; only the Storyteller reveals and replaces a seed.
    "seed show": (READERS, _nothing, lambda t, _: t.seeds("Pegasus")),
    "verify the log": (READERS, _nothing, lambda t, _: t.export_log("jsonl", game_name="Pegasus")),
    "seed client": (PLAYER, _nothing, lambda t, n: t.set_client_seed("Pegasus", f"mine-{n}")),
    "seed rotate": (ST, _nothing, lambda t, _: t.rotate_seed("Pegasus")),
    "seed rotate hidden": (ST, _nothing, lambda t, _: t.rotate_seed("Pegasus", "hidden")),
    "award the table": (ST, _nothing, lambda t, _: t.execute(c.AwardTable("Pegasus", "xp", 1))),
    "rename game": (
        ST,
        _nothing,
        lambda t, n: t.rename_game(t.rename_game("Pegasus", f"Renamed{n}").name, "Pegasus"),
    ),
    "archive game": (ST, _archived, lambda t, _: t.archive_game("Pegasus", False)),
    "provable off": (ST, _nothing, lambda t, _: t.game_settings("Pegasus", provable=False)),
    "execute a line's command": (
        PLAYER,
        _nothing,
        lambda t, _: t.execute(c.Roll("Pegasus", c.Side("Nikos", Request("Firearms")))),
    ),
}


def _seat(table: Table) -> None:
    for name in USERS.values():
        table.add_user(name)
    table.add_member("Pegasus", "Stella", "storyteller")
    table.add_member("Stars", "Stella", "storyteller")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    table.add_member("Stars", "Pia", "player", ("Kara Voss",))
    table.add_member("Pegasus", "Olly", "observer")


SEATED = template("authz", _seat)  # seated once a session, copied for each test


@pytest.fixture
def tables(databases: Databases, backend: str, tmp_path: Path) -> Iterator[dict[str, Table]]:
    with opened(databases, backend, SEATED, tmp_path) as table:
        yield {r: table if r == "owner" else table.acting_as(USERS[r]) for r in ROLES}


def _events(owner: Table) -> int:
    return sum(len(owner.events_for(game, limit=1000)) for game in ("Pegasus", "Stars"))


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_command_for_every_role(case: str, tables: dict[str, Table]) -> None:
    allowed, setup, run = CASES[case]
    owner = tables["owner"]
    for role in ROLES:
        n = str(next(_fresh))
        made = setup(owner, n)
        if case == "cp after own roll":
            from rollplay.table.play.after import add_character_points

            def run(t: Table, _: str, made: Any = made) -> Any:
                return add_character_points(t, "Stars", made, 1)

        before = _events(owner)
        if role in allowed:
            run(tables[role], n)
            if case not in WRITE_NO_GAME_EVENT:  # every change is an event in its game
                assert _events(owner) > before, f"{case} by the {role} wrote no event"
            continue
        with pytest.raises(Forbidden) as refused:
            run(tables[role], n)
        message = str(refused.value)
        assert USERS[role] in message, message
        assert any(why in message for why in (
            "only the Storyteller", "for the characters they play", "is not in", "owner",
        )), message  # fmt: skip
        assert _events(owner) == before, f"a refused {case} by the {role} left an event"
