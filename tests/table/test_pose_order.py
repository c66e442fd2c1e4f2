"""A scene's pose order (issue 30; rulings S20 to S22): who posed last and who the scene
waits on, in free order and round-robin, as people join and leave; set by its starter or
the Storyteller, shown by every scene answer and by ``rollplay scene show``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rollplay.dice import SeededDice
from rollplay.errors import RollplayError
from rollplay.grammar import parse
from rollplay.table import commands as c
from rollplay.table.access.authz import Forbidden
from rollplay.table.answers import PoseOrder, SceneShown
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.clirun import fails_cleanly, run, run_json
from tests.databases import Databases, opened

pytestmark = pytest.mark.storage


@pytest.fixture
def seated(databases: Databases, backend: str, tmp_path: Path) -> Iterator[Table]:
    """The example games with tests/people.py's people (Stella, Pia as Nikos, Otto as
    Mavros)."""
    with opened(databases, backend, "everyone", tmp_path) as table:
        yield table


def _order(t: Table, number: int = 1) -> PoseOrder:
    shown, _ = t.scene("Pegasus", number)
    assert shown.order is not None
    return shown.order


def _three(t: Table) -> tuple[Table, Table, Table]:
    """Stella's scene, joined by Pia and then Otto."""
    stella, pia, otto = (t.acting_as(n) for n in ("Stella", "Pia", "Otto"))
    stella.execute(c.SceneStart("Pegasus", "Docks"))
    pia.execute(c.SceneJoin("Pegasus", 1))
    otto.execute(c.SceneJoin("Pegasus", 1))
    return stella, pia, otto


def test_free_order_waits_on_who_has_not_posed_then_the_longest_waiting(seated: Table) -> None:
    stella, pia, otto = _three(seated)
    assert _order(seated).waiting == ("Stella", "Pia", "Otto")  # nobody has posed
    pia.execute(c.Pose("Pegasus", "leans in."))
    order = _order(seated)
    assert (order.mode, order.last, order.waiting) == ("free", "Nikos", ("Stella", "Otto"))
    otto.execute(c.Pose("Pegasus", "shrugs."))
    assert _order(seated).waiting == ("Stella",)
    stella.execute(c.Pose("Pegasus", "The rain thickens.", name="Harbourmaster"))
    assert _order(seated).waiting == ("Pia",)  # all have posed: Pia's is the oldest
    # An OOC remark and a roll take no turn.
    pia.execute(c.Pose("Pegasus", "brb", style="ooc"))
    pia.execute(c.Roll("Pegasus", c.Side("Nikos", Request("Firearms"))), dice=SeededDice(1))
    order = _order(seated)
    assert (order.last, order.waiting) == ("Harbourmaster", ("Pia",))
    pia.execute(c.Pose("Pegasus", "Not here.", style="say"))
    order = _order(seated)
    assert order.waiting == ("Otto",)
    turns = {t.name: t for t in order.people}
    assert [t.name for t in order.people] == ["Stella", "Pia", "Otto"]
    assert (turns["Pia"].posed_as, turns["Pia"].waiting) == ("Nikos", False)
    assert turns["Otto"].waiting
    assert turns["Otto"].posed_at is not None


def test_round_robin_goes_in_join_order_and_follows_joins_and_leaves(seated: Table) -> None:
    stella, pia, otto = _three(seated)
    with pytest.raises(Forbidden, match="only its starter or the Storyteller"):
        pia.execute(c.SceneOrder("Pegasus", "round-robin", 1))
    shown = stella.execute(c.SceneOrder("Pegasus", "round-robin"))
    assert isinstance(shown, SceneShown)
    assert shown.order is not None
    assert (shown.order.mode, shown.order.waiting) == ("round-robin", ("Stella",))
    stella.execute(c.Pose("Pegasus", "Thunder."))
    assert _order(seated).waiting == ("Pia",)
    otto.execute(c.Pose("Pegasus", "cuts in."))  # out of turn: the next is after Otto
    assert _order(seated).waiting == ("Stella",)
    stella.execute(c.Pose("Pegasus", "Lightning."))
    # Pia moves on to a scene of her own: she leaves this one's order (rulings S22).
    pia.execute(c.SceneStart("Pegasus", "Hangar"))
    order = _order(seated)
    assert ([t.name for t in order.people], order.waiting) == (["Stella", "Otto"], ("Otto",))
    assert [t.name for t in _order(seated, 2).people] == ["Pia"]
    pia.execute(c.ScenePause("Pegasus", 2))  # her poses land here again: she is back
    assert [t.name for t in _order(seated).people] == ["Stella", "Pia", "Otto"]
    pia.execute(c.SceneResume("Pegasus", 2))
    # Back again, she comes in at the end; a newcomer is in the order at once.
    pia.execute(c.SceneJoin("Pegasus", 1))
    otto.execute(c.Pose("Pegasus", "waits."))
    order = _order(seated)
    assert ([t.name for t in order.people], order.waiting) == (["Stella", "Otto", "Pia"],
                                                              ("Pia",))  # fmt: skip
    pia.execute(c.Pose("Pegasus", "returns."))
    assert _order(seated).waiting == ("Stella",)  # round and round


def test_nobody_waits_in_a_paused_scene_and_the_order_is_checked(seated: Table) -> None:
    stella, _pia, _ = _three(seated)
    stella.execute(c.ScenePause("Pegasus", 1))
    assert _order(seated).waiting == ()
    stella.execute(c.SceneStop("Pegasus", 1))
    with pytest.raises(RollplayError, match="is over"):
        stella.execute(c.SceneOrder("Pegasus", "free", 1))
    assert parse("scene/order round-robin 2", system="fs3", game="Pegasus") == c.SceneOrder(
        "Pegasus", "round-robin", 2
    )
    with pytest.raises(RollplayError, match="say the pose order"):
        parse("scene/order alphabetical", system="fs3", game="Pegasus")
    assert [s.order for s in seated.scenes("Pegasus")] == [None]  # a list stays light


def test_the_command_line_shows_the_pose_order(
    capsys: pytest.CaptureFixture[str], db_url: str
) -> None:
    for args in (["game", "example"], ["user", "add", "Pia"],
                 ["member", "add", "Pegasus", "Pia", "--role", "player",
                  "--character", "Nikos"]):  # fmt: skip
        assert run(capsys, *args, "--db", db_url)[0] == 0
    pegasus = ("--game", "Pegasus", "--db", db_url)
    run_json(capsys, "--as", "Pia", "scene", "start", "Docks", *pegasus)
    run_json(capsys, "--as", "Pia", "do", "scene/order round-robin", *pegasus)
    run_json(capsys, "--as", "Pia", "do", ":leans in.", *pegasus)
    shown = run_json(capsys, "scene", "show", "1", *pegasus)
    assert shown["order"]["mode"] == "round-robin"
    assert shown["order"]["last"] == "Nikos"
    code, out, _ = run(capsys, "scene", "show", "1", *pegasus)
    assert code == 0
    assert "Pose order: round-robin; waiting on Pia" in out
    assert "Pia posed as Nikos at" in out
    said = fails_cleanly(capsys, "--as", "Pia", "do", "scene/order sometimes", *pegasus)
    assert "say the pose order" in said


def _game_id(t: Table) -> int:
    return t.watch("Pegasus")[0]


def test_the_live_read_sees_the_order_as_of_its_events_not_a_later_one(
    seated: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37 (rulings S52): the hub's read of a batch of events and of the pose order
    they leave is one moment. A pause committed between its two statements (the race that
    made a pose's panel read "Paused" on a busy machine) is not in what it reads."""
    from rollplay.table.play import scene_reads

    stella, pia, _ = _three(seated)
    before = seated.latest_event(_game_id(seated))
    pia.execute(c.Pose("Pegasus", "checks the mooring."))
    real = scene_reads._orders
    paused: list[bool] = []

    def pause_then_read(*args: object) -> dict[int, SceneShown]:
        if not paused:  # another connection commits between the events and the order
            paused.append(True)
            stella.execute(c.ScenePause("Pegasus", 1))
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(scene_reads, "_orders", pause_then_read)
    scene = seated.scene_id("Pegasus", 1)
    rows, orders, _ = seated.live_batch(_game_id(seated), before, 500, [scene])
    assert paused
    assert [row.kind for row in rows] == ["pose"]
    assert orders[scene].state == "running"
    order = orders[scene].order
    assert order is not None
    assert order.waiting == ("Stella", "Otto")
    monkeypatch.setattr(scene_reads, "_orders", real)
    rows, orders, _ = seated.live_batch(_game_id(seated), before, 500, [scene])
    assert [row.kind for row in rows] == ["pose", "scene_pause"]  # the next read: the pause
    assert orders[scene].state == "paused"


def test_a_page_cut_short_sends_no_order_a_later_event_changes(seated: Table) -> None:
    """A batch cut off by its limit before a later change of the same scene's order carries
    no order (it would be ahead of the batch); the batch with the change carries it."""
    _stella, pia, otto = _three(seated)
    before = seated.latest_event(_game_id(seated))
    pia.execute(c.Pose("Pegasus", "checks the mooring."))
    otto.execute(c.Pose("Pegasus", "shrugs."))
    scene = seated.scene_id("Pegasus", 1)
    rows, orders, _ = seated.live_batch(_game_id(seated), before, 1, [scene])
    assert [row.kind for row in rows] == ["pose"]
    assert orders == {}
    rows, orders, _ = seated.live_batch(_game_id(seated), rows[-1].number, 1, [scene])
    order = orders[scene].order
    assert order is not None
    assert order.last == "Mavros"
    caught = pia.scene_catch_up("Pegasus", 1, before, 1)
    assert caught.order is None
    assert caught.more is not None
    caught = pia.scene_catch_up("Pegasus", 1, caught.more, 1)
    assert caught.order is not None
    assert caught.more is not None
    assert caught.order.order is not None
    assert caught.order.order.last == "Mavros"
    assert pia.scene_catch_up("Pegasus", 1, caught.more, 1) == ([], None, None, {})
