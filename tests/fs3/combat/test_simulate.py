"""The attack simulator against exact probabilities computed independently, for simple
cases: no armor, armor only, cover only."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.kit import MISS
from rollplay.systems.fs3.combat.simulate import simulate_attacks
from rollplay.systems.fs3.presets import FS3_3
from tests.stats import z_ok

RULES = CombatRules()
P = Fraction(3, 8)  # FS3.3: a d8 shows 6+


def counted(n: int) -> list[Fraction]:
    """Entry h: the chance that n dice count h hits, an Embarrassing Failure (more than half
    the dice 1s, 000) counting none (rulings R2). Each die: 3 faces succeed, 1 is a one, 4
    are neither."""
    out = [Fraction(0)] * (n + 1)
    for s in range(n + 1):
        for k in range(n - s + 1):
            p = (
                comb(n, s)
                * comb(n - s, k)
                * P**s
                * Fraction(1, 8) ** k
                * Fraction(4, 8) ** (n - s - k)
            )
            out[0 if 2 * k > n else s] += p
    return out


def two_d8() -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x in range(1, 9):
        for y in range(1, 9):
            out[x + y] = out.get(x + y, Fraction(0)) + Fraction(1, 64)
    return out


def layer(protection: int, penetration: int) -> list[tuple[Fraction, int | None]]:
    """(chance, reduction) outcomes of one armor layer; None: stopped."""
    if protection <= 0:
        return [(Fraction(1), 0)]
    chance = max(min(int(((protection / penetration) * 2 - 1) * 25 + 10), 100), 0)
    out: list[tuple[Fraction, int | None]] = [(Fraction(1, 100), 0)]  # 100 bypasses
    out.append((Fraction(min(chance, 99), 100), None))
    rest = Fraction(99 - min(chance, 99), 100)
    out += [(rest / (chance + 1), r) for r in range(chance + 1)]
    return out


Odds = tuple[float, dict[str, float], float, dict[str, float]]


def exact(attack: int, defense: int, *, penetration: int, lethality: int, protection: int,
          cover: bool) -> Odds:  # fmt: skip
    """Enumerate every case (floats: ample for five-sigma checks, and quick)."""
    chart = RULES.chart("Chest")
    missed = 0.0
    location: dict[str, float] = {}
    stopped = 0.0
    severity = {s.name: 0.0 for s in RULES.severities}
    for a, pa in enumerate(counted(attack)):
        for d, pd in enumerate(counted(defense)):
            p = float(pa * pd)
            if a == 0 or a < d:
                missed += p
                location[MISS] = location.get(MISS, 0.0) + p
                continue
            for total, pt in two_d8().items():
                where = chart[min(max(total + a - d, 1), len(chart)) - 1]
                q = p * float(pt)
                location[where] = location.get(where, 0.0) + q
                if where == MISS:
                    continue
                covers = [(1.0, False)]
                if cover and a < RULES.cover_exposed_at:
                    covers = [(0.75, True), (0.25, False)]
                for pc, behind in covers:
                    first = (
                        layer(RULES.cover_protection, penetration) if behind else [(Fraction(1), 0)]
                    )
                    for p1, r1 in first:
                        if r1 is None:
                            stopped += q * pc * float(p1)
                            continue
                        for p2, r2 in layer(protection, penetration):
                            w = q * pc * float(p1 * p2)
                            if r2 is None:
                                stopped += w
                                continue
                            base = lethality + RULES.location_bonus(where) - r1 - r2
                            for name, n in _severity_counts(base).items():
                                severity[name] += w * n / 100
    return missed, location, stopped, severity


def _severity_counts(base: int) -> dict[str, int]:
    """How many of the d100's 100 faces give each severity at this modifier."""
    out: dict[str, int] = {}
    for roll in range(1, 101):
        name = RULES.severity(roll + base).name
        out[name] = out.get(name, 0) + 1
    return out


@pytest.mark.parametrize(
    ("protection", "cover"), [(0, False), (4, False), (0, True)], ids=["none", "armor", "cover"]
)
def test_simulator_matches_exact_odds(protection: int, cover: bool) -> None:
    trials = 200_000
    sim = simulate_attacks(4, 3, penetration=4, lethality=10, protection=protection,
                           cover=cover, rules=RULES, fs3=FS3_3, trials=trials, seed=11)  # fmt: skip
    missed, location, stopped, severity = exact(
        4, 3, penetration=4, lethality=10, protection=protection, cover=cover
    )
    assert z_ok(round(sim.attack_missed * trials), trials, missed)
    assert z_ok(round(sim.stopped * trials), trials, stopped)
    for name, p in location.items():
        assert z_ok(round(sim.location[name] * trials), trials, p), name
    for name, p in severity.items():
        assert z_ok(round(sim.severity[name] * trials), trials, p), name


def test_a_seed_repeats() -> None:
    args = {"penetration": 2, "lethality": 0, "protection": 2, "rules": RULES, "fs3": FS3_3,
            "trials": 10_000}  # fmt: skip
    assert simulate_attacks(5, 5, seed=3, **args) == simulate_attacks(5, 5, seed=3, **args)  # type: ignore[arg-type]


def test_cli_contract(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.clirun import fails_cleanly, run_json

    data = run_json(capsys, "fs3", "simulate", "attack", "--attack-dice", "6", "--defense-dice",
                    "4", "--weapon", "Rifle", "--armor", "Flak Vest", "--cover", "--trials",
                    "20000", "--seed", "5")  # fmt: skip
    assert set(data) >= {"attack_missed", "location", "stopped", "severity"}
    assert set(data["severity"]) == {"Light", "Moderate", "Serious", "Critical"}
    assert sum(data["location"].values()) == pytest.approx(1)
    again = run_json(capsys, "fs3", "simulate", "attack", "--attack-dice", "6",
                     "--defense-dice", "4", "--weapon", "Rifle", "--armor", "Flak Vest",
                     "--cover", "--trials", "20000", "--seed", "5")  # fmt: skip
    assert again == data  # a fixed seed repeats
    assert "give --weapon" in fails_cleanly(
        capsys, "fs3", "simulate", "attack", "--attack-dice", "6", "--defense-dice", "4"
    )
    assert "unknown weapon" in fails_cleanly(
        capsys, "fs3", "simulate", "attack", "--attack-dice", "6", "--defense-dice", "4",
        "--weapon", "Phaser",
    )  # fmt: skip


def test_000_below_one_die_holds_in_the_simulators() -> None:
    # Rulings R4: under "fail" a pool under 1 rolls nothing and every attack misses; under
    # "roll-one" it rolls one die, which hits 3 times in 8 (FS3.3). Both simulators draw their
    # pools through the same helper.
    from dataclasses import replace

    import numpy as np

    from rollplay.systems.fs3.combat.simulate import hits

    args = {"penetration": 2, "lethality": 0, "protection": 0, "rules": RULES, "trials": 20_000,
            "seed": 2}  # fmt: skip
    strict = replace(FS3_3, below_one_die="fail")
    assert simulate_attacks(0, 0, fs3=strict, **args).attack_missed == 1.0  # type: ignore[arg-type]
    hit = 1 - simulate_attacks(0, 0, fs3=FS3_3, **args).attack_missed  # type: ignore[arg-type]
    assert z_ok(round(hit * 20_000), 20_000, float(P))
    pools = np.array([-2, 0] * 5000)
    assert not hits(np.random.default_rng(1), pools, float(P), strict).any()
    assert hits(np.random.default_rng(1), pools, float(P), FS3_3).max() == 1


def test_000_an_embarrassing_failure_counts_no_hits_in_the_simulators() -> None:
    # As in a fight (rulings R2): 3 dice showing 1 1 6 have a success, but more than half
    # their dice are 1s, so they count none; both simulators draw their pools through hits().
    import numpy as np

    from rollplay.systems.fs3.combat.simulate import hits

    drawn = hits(np.random.default_rng(4), 3, float(P), FS3_3, 400_000)
    for h, p in enumerate(counted(3)):
        assert z_ok(int((drawn == h).sum()), 400_000, p), h
