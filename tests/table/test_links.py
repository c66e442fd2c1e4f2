"""Chat accounts linked by a one-time code, channels bound to games, and what a bridge may
post where (table/links.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update

from rollplay.errors import RollplayError
from rollplay.grammar import parse
from rollplay.table.access.authz import Forbidden
from rollplay.table.access.links import LinkError, PlayerPart
from rollplay.table.answers import AnyAnswer, OneRolled, SecretRollMade
from rollplay.table.events.payloads import HiddenRoll, Roll
from rollplay.table.events.views import EventView
from rollplay.table.service import Table
from rollplay.table.store.models import LinkCode, now
from tests.typed import of

pytestmark = pytest.mark.examples  # every test starts from the example games


@pytest.fixture
def people(table: Table) -> dict[str, Table]:
    for user in ("Stella", "Pia", "Olly", "Nora"):
        table.add_user(user)
    table.add_member("Pegasus", "Stella", "storyteller")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    table.add_member("Pegasus", "Olly", "observer")
    return {name: table.acting_as(name) for name in ("Stella", "Pia", "Olly", "Nora")}


def test_a_code_links_a_chat_account_once(table: Table, people: dict[str, Table]) -> None:
    made = people["Pia"].link_code()
    assert len(made.code) == 9
    assert made.code[4] == "-"
    assert made.minutes == 15
    assert table.linked("discord", "111") is None
    typed = made.code.lower().replace("-", " ")  # as a player might type it
    assert table.link_account("discord", "111", typed, "pia#0001").user == "Pia"
    actor = table.linked("discord", "111")
    assert actor is not None
    assert actor.name == "Pia"
    with pytest.raises(LinkError, match="unknown, used or expired"):
        table.link_account("discord", "222", made.code)
    assert [(k.platform, k.external_id, k.label) for k in people["Pia"].links()] == [
        ("discord", "111", "pia#0001")
    ]
    assert people["Olly"].links() == []


@pytest.mark.storage  # expiry compared in SQL
def test_a_code_expires_and_a_new_one_replaces_the_old(
    table: Table, people: dict[str, Table]
) -> None:
    first = people["Pia"].link_code()
    second = people["Pia"].link_code()
    with pytest.raises(LinkError):
        table.link_account("evennia", "7", first.code)
    with table.transaction() as s:
        s.execute(update(LinkCode).values(expires_at=now() - timedelta(seconds=1)))
    with pytest.raises(LinkError):
        table.link_account("evennia", "7", second.code)
    with pytest.raises(LinkError):
        table.link_account("evennia", "7", "AAAA-AAAA")


def test_the_owner_has_no_code_and_only_its_user_unlinks(
    table: Table, people: dict[str, Table]
) -> None:
    with pytest.raises(RollplayError, match="a user's"):
        table.link_code()
    table.link_account("discord", "111", people["Pia"].link_code().code)
    with pytest.raises(Forbidden):
        people["Olly"].unlink_account("discord", "111")
    people["Pia"].unlink_account("discord", "111")
    assert table.linked("discord", "111") is None
    with pytest.raises(LinkError, match="not linked"):
        table.unlink_account("discord", "111")


@pytest.mark.parametrize(
    ("platform", "external"), [("Discord", "1"), ("", "1"), ("discord", ""), ("d" * 21, "1"),
                               ("discord", "x" * 101)],
)  # fmt: skip
def test_bad_platforms_and_ids_are_refused(table: Table, platform: str, external: str) -> None:
    with pytest.raises(RollplayError):
        table.link_account(platform, external, "AAAA-AAAA")


def test_only_the_storyteller_binds_a_channel(table: Table, people: dict[str, Table]) -> None:
    for who in ("Pia", "Olly", "Nora"):
        with pytest.raises(Forbidden):
            people[who].bind_channel("discord", "c1", "Pegasus")
    bound = people["Stella"].bind_channel("discord", "c1", "Pegasus", gm_channel="gm")
    assert (bound.platform, bound.channel, bound.game, bound.gm_channel) == (
        "discord", "c1", "Pegasus", "gm")  # fmt: skip
    assert table.channel_game("discord", "c1") == bound
    assert table.channel_game("discord", "c2") is None
    with pytest.raises(RollplayError, match="must not be the table's own channel"):
        people["Stella"].bind_channel("discord", "c1", "Pegasus", gm_channel="c1")
    # Moving a channel to another game needs a Storyteller of the game it leaves, too.
    table.add_member("Stars", "Pia", "storyteller")
    with pytest.raises(Forbidden):
        people["Pia"].bind_channel("discord", "c1", "Stars")


def test_linked_storytellers_are_where_secrets_go(table: Table, people: dict[str, Table]) -> None:
    table.link_account("discord", "st", people["Stella"].link_code().code)
    table.link_account("discord", "pl", people["Pia"].link_code().code)
    assert table.linked_ids("discord", "Pegasus") == ["st"]
    assert table.linked_ids("discord", "Pegasus", role="player") == ["pl"]
    assert table.linked_ids("evennia", "Pegasus") == []


def _run(t: Table, line: str) -> AnyAnswer:
    words = t.vocabulary("Pegasus")
    return t.execute(parse(line, system="fs3", game="Pegasus", abilities=words.abilities,
                           characters=words.characters))  # fmt: skip


@pytest.mark.parametrize(
    ("line", "everyone_sees", "roller_sees"),
    [("roll Nikos/Firearms", "whole", "whole"), ("roll/private Nikos/Firearms", None, "whole"),
     ("roll/secret Nikos/Firearms", "fact", "fact")],
)  # fmt: skip
def test_audiences_say_who_sees_each_part(
    people: dict[str, Table], line: str, everyone_sees: str | None, roller_sees: str
) -> None:
    done = _run(people["Pia"], line)
    assert isinstance(done, OneRolled | SecretRollMade)  # a player's secret roll: the fact

    ids = list(done.event_ids)
    assert ids == [done.log_id]
    (seen,) = people["Pia"].audiences("Pegasus", ids)

    def kind(view: EventView | None) -> str | None:
        if view is None:
            return None
        return "fact" if view.hidden else "whole"

    assert (kind(seen.everyone), kind(seen.actor)) == (everyone_sees, roller_sees)
    assert kind(seen.storyteller) == "whole"
    if everyone_sees == "fact":
        everyone = of(EventView, seen.everyone)
        assert everyone.data == HiddenRoll(system="fs3")  # no die, no verdict
        assert everyone.character is None
        assert everyone.actor is None


def test_audiences_are_for_members_only(people: dict[str, Table]) -> None:
    done = _run(people["Pia"], "roll Nikos/Firearms")
    with pytest.raises(Forbidden):
        people["Nora"].audiences("Pegasus", list(done.event_ids))


def test_a_storytellers_private_roll_reaches_the_characters_player(
    table: Table, people: dict[str, Table]
) -> None:
    table.link_account("discord", "pl", people["Pia"].link_code().code)
    done = _run(people["Stella"], "roll/private Nikos/Firearms")
    (seen,) = people["Stella"].audiences("Pegasus", list(done.event_ids), platform="discord")
    assert seen.everyone is None
    player = of(PlayerPart, seen.player)
    assert player.ids == ["pl"]
    view = of(EventView, player.view)
    assert not view.hidden
    assert of(Roll, view.data).dice
    # The player's own roll has no one else to tell; an NPC's roll no player at all.
    mine = _run(people["Pia"], "roll/private Nikos/Firearms")
    assert people["Pia"].audiences("Pegasus", list(mine.event_ids))[0].player is None
    npc = _run(people["Stella"], "roll/private Guard/5")
    assert people["Stella"].audiences("Pegasus", list(npc.event_ids))[0].player is None
