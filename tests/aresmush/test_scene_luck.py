"""Luck for scenes, as an AresMUSH config's luck_for_scene gives it (fs3skills_misc.yml;
AresMUSH's FS3Skills.luck_for_scene; rulings A17): as a scene finishes, each character who
posed in it earns, for each other who did, twice the row for 0 scenes the first time (three
times with a character under 30 days old), then the row for the most scenes the two have
shared; whole points are awarded as the sum passes them, within max_luck."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from rollplay.systems.fs3.house import SceneLuck
from rollplay.systems.fs3.scene_luck import Meeting, earned
from rollplay.table import commands as c
from rollplay.table.service import Table
from tests.aresmush.skills_game import table

__all__ = ["table"]
ROWS = [{"after": 0, "luck": 0.2}, {"after": 1, "luck": 0.1}]
SHEET = {"attributes": {"Brawn": 2, "Reflexes": 2, "Grit": 2, "Wits": 2, "Presence": 2}}


def _seat(t: Table, rules: dict[str, object]) -> None:
    t.new_game("Mars", "fs3", "3.3", {"luck_for_scene": ROWS, **rules})
    for user, name in (("Pia", "Vesna"), ("Otto", "Dara"), ("Olly", "")):
        t.add_user(user)
        t.add_member("Mars", user, "player", ())
        if name:
            t.acting_as(user).new_character("Mars", {"name": name, **SHEET})


def _scene(t: Table, number: int, posers: tuple[str, ...] = ("Pia", "Otto")) -> None:
    t.execute(c.SceneStart("Mars", f"Scene {number}"))
    for user in (*posers, "Olly"):
        t.acting_as(user).execute(c.SceneJoin("Mars", number))
    for user in posers:
        t.acting_as(user).execute(c.Pose("Mars", "waves."))
    t.execute(c.SceneStop("Mars", number))


@pytest.mark.storage  # scenes' and characters' times as each database keeps them
def test_luck_for_scene_accrues_and_is_awarded_in_whole_points(table: Table) -> None:
    _seat(table, {})
    start = table.character("Mars", "Vesna").luck
    assert start == 1
    # Scene 1: a newcomer met the first time: 3 x 0.2 = 0.6. Scene 2: one scene shared
    # before: the row for 0, 0.2 (0.8). Scene 3: two before: the row for 1, 0.1 (0.9).
    for number in (1, 2, 3):
        _scene(table, number)
        assert table.character("Mars", "Vesna").luck == start, number
    _scene(table, 4)  # 1.0: a whole point, to each who posed
    assert table.character("Mars", "Vesna").luck == start + 1
    assert table.character("Mars", "Dara").luck == start + 1


def test_luck_for_scene_stops_at_max_luck_and_needs_another_poser(table: Table) -> None:
    _seat(table, {"max_luck": 1, "luck_for_scene": [{"after": 0, "luck": 1.0}]})
    _scene(table, 1)  # 3 points earned, none past max_luck 1
    assert table.character("Mars", "Vesna").luck == 1
    table.award_luck("Mars", "Vesna", 1)  # and an award, too, stops there
    assert table.character("Mars", "Vesna").luck == 1


def test_alone_in_a_scene_earns_nothing(table: Table) -> None:
    _seat(table, {"luck_for_scene": [{"after": 0, "luck": 1.0}]})
    _scene(table, 1, ("Pia",))
    assert table.character("Mars", "Vesna").luck == 1


def test_an_older_character_met_first_earns_twice_the_first_row() -> None:
    made = datetime(2026, 1, 1, tzinfo=UTC)
    scene = Meeting(made + timedelta(days=40), ((1, made), (2, made)))
    rows = [SceneLuck(0, 0.1), SceneLuck(10, 0.075)]
    assert earned(rows, [scene]) == {1: 0.2, 2: 0.2}
    later = [Meeting(made + timedelta(days=41 + i), scene.people) for i in range(11)]
    luck = earned(rows, [scene, *later])[1]  # 10 more at 0.1, the eleventh past 10: 0.075
    assert abs(luck - (0.2 + 10 * 0.1 + 0.075)) < 1e-9
