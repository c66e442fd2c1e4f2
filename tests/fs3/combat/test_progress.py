"""The simulators' progress bar and their numeric options, from the command line."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.clirun import fails_cleanly, run

SKIRMISH = str(Path(__file__).parents[3] / "examples" / "fs3" / "skirmish.yaml")
ATTACK = ["fs3", "simulate", "attack", "--attack-dice", "5", "--defense-dice", "3",
          "--weapon", "Pistol", "--trials", "1000", "--seed", "1"]  # fmt: skip
COMBAT = ["fs3", "simulate", "combat", SKIRMISH, "--combats", "200", "--seed", "1"]


def slow_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """stdout (the test's capture, so called in the test) a terminal, and a clock on which
    every look takes two seconds."""
    import rollplay.cli.fs3_simulate as cli

    ticks: Iterator[int] = iter(range(0, 10_000, 2))
    monkeypatch.setattr(cli, "_clock", lambda: float(next(ticks)))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)


@pytest.mark.parametrize(("args", "label"), [(ATTACK, "attacks"), (COMBAT, "combats")])
def test_a_long_run_on_a_terminal_shows_progress(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    label: str,
) -> None:
    slow_terminal(monkeypatch)
    code, out, _ = run(capsys, *args)
    assert code == 0
    assert label in out
    assert "100%" in out
    assert "\x1b[" in out  # drawn for a terminal, and cleared again


@pytest.mark.parametrize("args", [ATTACK, COMBAT])
def test_never_with_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    slow_terminal(monkeypatch)
    code, out, _ = run(capsys, *args, "--json")
    assert code == 0
    assert json.loads(out)["system"] == "fs3"  # nothing but the JSON


@pytest.mark.parametrize("args", [ATTACK, COMBAT])
def test_never_when_stdout_is_not_a_terminal_or_the_run_is_quick(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    code, out, _ = run(capsys, *args)
    assert code == 0
    assert "\x1b[" not in out
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)  # a terminal, the real clock
    code, out, _ = run(capsys, *args)
    assert code == 0
    assert "%" not in out.split("\n")[0]


BIG, NAN, INF = str(2**63), "nan", "inf"
OPTIONS = [
    (o, ATTACK)
    for o in (
        "--attack-dice",
        "--defense-dice",
        "--penetration",
        "--lethality",
        "--protection",
        "--trials",
        "--seed",
    )
]
OPTIONS += [(o, COMBAT) for o in ("--combats", "--max-turns", "--seed")]  # fmt: skip


@pytest.mark.parametrize(
    ("option", "args", "value"),
    [(o, a, v) for o, a in OPTIONS for v in (BIG, "-1", NAN, INF, f"-{BIG}")
     if (o, v) != ("--lethality", "-1")],  # a lethality of -1 is fine
)  # fmt: skip
def test_numeric_options_have_ranges(
    capsys: pytest.CaptureFixture[str], option: str, args: list[str], value: str
) -> None:
    err = fails_cleanly(capsys, *args, f"{option}={value}")
    assert option in err


def test_a_pool_goes_up_to_max_dice(capsys: pytest.CaptureFixture[str]) -> None:
    err = fails_cleanly(capsys, "fs3", "simulate", "attack", "--attack-dice", "101",
                        "--defense-dice", "3", "--weapon", "Pistol")  # fmt: skip
    assert "max_dice, 100" in err


def test_scenario_ratings_have_a_range(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    for rating in (2**63, 0, True, 31):
        bad.write_text(f"sides: {{A: [{{rating: {json.dumps(rating)}}}], B: [{{rating: 3}}]}}\n")
        assert "1 to 30" in fails_cleanly(capsys, "fs3", "simulate", "combat", str(bad))
