"""Whole combats simulated many at a time."""

from __future__ import annotations

from pathlib import Path

import pytest

from rollplay.errors import RollplayError
from rollplay.systems.fs3.combat.battle import Fighter, simulate_battles, wilson
from rollplay.systems.fs3.presets import FS3_3
from tests.clirun import fails_cleanly, run_json

SKIRMISH = str(Path(__file__).parents[3] / "examples" / "fs3" / "skirmish.yaml")


def side(name: str, rating: int, weapon: str = "Pistol", armor: str = "None") -> list[Fighter]:
    return [Fighter(f"{name} {i}", name, rating, weapon, armor) for i in range(2)]


def test_mirror_match_is_even() -> None:
    stats = simulate_battles(side("Red", 5) + side("Blue", 5), rules=FS3_3.combat, fs3=FS3_3,
                             combats=20_000, seed=4)  # fmt: skip
    lo, hi = stats.wins_ci["Red"]
    assert lo < 0.5 + stats.draws < hi + 0.02  # even, give or take draws
    assert abs(stats.wins["Red"] - stats.wins["Blue"]) < 0.03
    assert stats.unfinished < 0.01
    assert sum(stats.turns.values()) == pytest.approx(1 - stats.unfinished)


def test_better_gear_wins() -> None:
    stats = simulate_battles(side("Armored", 6, "Rifle", "Tactical Armor") + side("Mob", 4),
                             rules=FS3_3.combat, fs3=FS3_3, combats=5_000, seed=2)  # fmt: skip
    assert stats.wins["Armored"] > 0.9
    assert stats.knockouts_mean["Mob"] > 1.8


def test_a_seed_repeats() -> None:
    fighters = side("A", 5) + side("B", 5, "Knife")
    one = simulate_battles(fighters, rules=FS3_3.combat, fs3=FS3_3, combats=2_000, seed=9)
    two = simulate_battles(fighters, rules=FS3_3.combat, fs3=FS3_3, combats=2_000, seed=9)
    assert one == two


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3)
    assert hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0


def test_one_side_is_no_combat() -> None:
    with pytest.raises(RollplayError, match="two sides"):
        simulate_battles(side("A", 5), rules=FS3_3.combat, fs3=FS3_3, combats=10)


def test_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = run_json(capsys, "fs3", "simulate", "combat", SKIRMISH, "--combats", "2000",
                    "--seed", "1")  # fmt: skip
    assert set(data["wins"]) == {"Marines", "Raiders"}
    assert data["combats"] == 2000
    bad = tmp_path / "bad.yaml"
    bad.write_text("sides: {A: [{rating: 5}]}\n")
    assert "two or more" in fails_cleanly(capsys, "fs3", "simulate", "combat", str(bad))
    bad.write_text("sides: {A: [{rating: 5}], B: [{name: x}]}\n")
    assert "needs a rating" in fails_cleanly(capsys, "fs3", "simulate", "combat", str(bad))


def test_charts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    png, svg = tmp_path / "battle.png", tmp_path / "attack.svg"
    run_json(capsys, "fs3", "simulate", "combat", SKIRMISH, "--combats", "500", "--seed", "1",
             "--chart", str(png))  # fmt: skip
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    run_json(capsys, "fs3", "simulate", "attack", "--attack-dice", "5", "--defense-dice", "3",
             "--weapon", "Pistol", "--trials", "1000", "--chart", str(svg))  # fmt: skip
    assert "<svg" in svg.read_text()
    assert ".png or .svg" in fails_cleanly(
        capsys, "fs3", "simulate", "combat", SKIRMISH, "--chart", str(tmp_path / "x.gif")
    )
