"""The Storyteller's game admin (issue 31): renaming and archiving a game, and luck or XP to
the whole table in one transaction; on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.access.authz import Forbidden
from rollplay.table.answers import TableAwarded
from rollplay.table.events.payloads import GameArchived, GameRenamed, LuckAwarded, XPAwarded
from rollplay.table.limits import MAX_LUCK, MAX_LUCK_AWARD
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.clirun import fails_cleanly, run_json

pytestmark = [pytest.mark.examples, pytest.mark.storage]


def test_a_renamed_game_keeps_its_record_under_the_new_name(table: Table) -> None:
    table.roll("Pegasus", "Nikos", Request("Firearms"))
    before = len(table.events_for("Pegasus", limit=1000))
    renamed = table.rename_game("Pegasus", "  Pegasus   Two ")
    assert renamed.name == "Pegasus Two"
    events = table.events_for("Pegasus Two", limit=1000)
    assert len(events) == before + 1
    assert events[-1].data == GameRenamed(old="Pegasus", new="Pegasus Two")
    with pytest.raises(RollplayError, match="no game called 'Pegasus'"):
        table.game("Pegasus")
    with pytest.raises(RollplayError, match="already a game called 'Dungeon'"):
        table.rename_game("Pegasus Two", "Dungeon")
    assert table.game("Dungeon").system == "gurps"  # the refused rename changed nothing


def test_an_archived_game_is_read_but_not_played_until_taken_out(table: Table) -> None:
    archived = table.archive_game("Pegasus")
    assert archived.archived
    assert table.game("Pegasus").archived
    assert table.events_for("Pegasus", limit=1000)[-1].data == GameArchived(archived=True)
    count = len(table.events_for("Pegasus", limit=1000))
    with pytest.raises(Forbidden, match="Pegasus is archived"):
        table.roll("Pegasus", "Nikos", Request("Firearms"))
    with pytest.raises(Forbidden, match="Pegasus is archived"):
        table.award_luck("Pegasus", "Nikos", 1)
    assert len(table.events_for("Pegasus", limit=1000)) == count
    assert table.log(game_name="Pegasus") is not None  # still read
    with pytest.raises(RollplayError, match="already archived"):
        table.archive_game("Pegasus")
    assert not table.archive_game("Pegasus", False).archived
    table.roll("Pegasus", "Nikos", Request("Firearms"))


def _points(table: Table) -> dict[str, tuple[int | None, float | None]]:
    return {n: (ch.luck, ch.xp) for n in ("Nikos", "Mavros")
            for ch in [table.character("Pegasus", n)]}  # fmt: skip


def test_the_whole_table_gets_its_award_in_one_transaction_or_none(table: Table) -> None:
    table.add_user("Pia")
    table.add_user("Otto")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    table.add_member("Pegasus", "Otto", "player", ("Mavros",))
    before = _points(table)
    answer = table.execute(c.AwardTable("Pegasus", "luck", 2, "  the   raid "))
    assert isinstance(answer, TableAwarded)
    assert [ch.name for ch in answer.characters] == ["Mavros", "Nikos"]
    after = _points(table)
    assert all(after[n][0] == (before[n][0] or 0) + 2 for n in after)
    said = [e.data for e in table.events_for("Pegasus", limit=1000)[-2:]]
    assert all(isinstance(d, LuckAwarded) and d.reason == "the raid" for d in said)
    assert table.vocabulary("Pegasus").characters  # Inspector Vance etc. keep theirs
    table.execute(c.AwardTable("Pegasus", "xp", 1.5))
    assert isinstance(table.events_for("Pegasus", limit=1000)[-1].data, XPAwarded)
    # One character at its limit: nobody gets any, and no event is written.
    while (table.character("Pegasus", "Mavros").luck or 0) + MAX_LUCK_AWARD <= MAX_LUCK:
        table.award_luck("Pegasus", "Mavros", MAX_LUCK_AWARD)  # Mavros filled to the top
    count = len(table.events_for("Pegasus", limit=1000))
    nikos = table.character("Pegasus", "Nikos").luck
    with pytest.raises(RollplayError, match="Mavros would hold"):
        table.execute(c.AwardTable("Pegasus", "luck", MAX_LUCK_AWARD))
    assert table.character("Pegasus", "Nikos").luck == nikos
    assert len(table.events_for("Pegasus", limit=1000)) == count


def test_a_table_award_needs_players_and_a_sound_amount(table: Table) -> None:
    with pytest.raises(RollplayError, match="has a player yet"):
        table.execute(c.AwardTable("Pegasus", "luck", 1))
    with pytest.raises(RollplayError, match="award 1 to"):
        table.execute(c.AwardTable("Pegasus", "luck", 1.5))
    with pytest.raises(RollplayError, match="whole or half"):
        table.execute(c.AwardTable("Pegasus", "xp", 0.3))
    with pytest.raises(RollplayError, match="luck as points"):
        table.execute(c.AwardTable("Dungeon", "luck", 1))


def test_the_cli_renames_and_archives(capsys: pytest.CaptureFixture[str], db_url: str) -> None:
    run_json(capsys, "game", "example", "--db", db_url)
    renamed = run_json(capsys, "game", "rename", "Pegasus", "Galactica", "--db", db_url)
    assert renamed["name"] == "Galactica"
    assert run_json(capsys, "game", "archive", "Galactica", "--db", db_url)["archived"] is True
    assert run_json(capsys, "game", "archive", "Galactica", "--undo", "--db", db_url)[
        "archived"] is False  # fmt: skip
    fails_cleanly(capsys, "game", "rename", "Galactica", "Dungeon", "--db", db_url)
