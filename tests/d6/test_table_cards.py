"""A D6 roll at the table reads as `rollplay d6 roll` shows it (003), on its card and in the
log: an attack's damage bonus (003 Result Points), an untrained skill's attribute (003
Untrained Skill Use), the multi-action penalty's dice with their sign (issue 28, 2.5)."""

from __future__ import annotations

import pytest

from tests.clirun import run, run_json


@pytest.fixture
def db(db_url: str, capsys: pytest.CaptureFixture[str]) -> str:
    run_json(capsys, "game", "example", "--db", db_url)
    return db_url


def _card(capsys: pytest.CaptureFixture[str], db: str, *args: str) -> tuple[str, str]:
    """What `rollplay roll` prints, and the log's newest entry as it prints it."""
    code, out, err = run(capsys, "roll", "Kara Voss", *args, "--db", db)
    assert code == 0, err
    code, logged, err = run(capsys, "log", "--limit", "1", "--db", db)
    assert code == 0, err
    return out, logged


def test_an_attack_shows_its_damage_bonus_on_the_card_and_in_the_log(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    # Search 4D+1 (Kara Voss): 6 6 6 and a Wild Die 5, + 1 = 24 vs 10: 14 result points,
    # a fifth of them rounded up: +3 (003 Result Points).
    card, logged = _card(capsys, db, "Search", "--attack", "--difficulty", "10",
                         "--faces", "6,6,6,5")  # fmt: skip
    for shown in (card, logged):
        assert "Damage bonus +3 (a fifth of the result points, rounded up)" in shown
    card, logged = _card(capsys, db, "Search", "--attack", "--difficulty", "30",
                         "--faces", "1,1,1,2")  # fmt: skip
    assert "The attack misses: no damage" in card
    assert "The attack misses: no damage" in logged


def test_an_untrained_roll_names_the_attribute_it_falls_under(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    card, logged = _card(capsys, db, "Lockpicking", "--unskilled", "--attribute",
                         "Coordination", "--difficulty", "10", "--faces", "3,4")  # fmt: skip
    for shown in (card, logged):
        assert "Lockpicking untrained, from Coordination 2D+1" in shown


def test_the_multi_action_penalty_is_a_loss_of_dice(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    card, logged = _card(capsys, db, "Search", "--actions", "2", "--faces", "3,3,3")
    for shown in (card, logged):
        assert "\u22121D multi-action penalty (2 actions)" in shown
        assert "+-1D" not in shown
