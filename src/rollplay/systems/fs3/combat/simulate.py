"""Many single attacks at once, with numpy: what a weapon does against an armor (issue 7's
simulator). Each trial follows attack.py's steps; the dice become arrays.

The hits of a pool of n d8 are a binomial count (each die succeeds with the same chance,
independently), so a pool is one ``binomial`` draw rather than n dice; everything else is
drawn as the rules draw it. A fixed seed gives the same result on every run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.kit import MISS
from rollplay.systems.fs3.ruleset import FS3Ruleset


@dataclass(frozen=True)
class AttackStats:
    trials: int
    attack_missed: float  # missed or blocked on the rolls
    location: dict[str, float]  # each chart entry, misses included
    stopped: float  # stopped by armor or cover
    severity: dict[str, float]  # of all trials

    def to_dict(self) -> dict[str, Any]:
        return {
            "trials": self.trials,
            "attack_missed": self.attack_missed,
            "location": self.location,
            "stopped": self.stopped,
            "severity": self.severity,
        }


def armor_rolls(
    rng: np.random.Generator,
    active: np.ndarray,
    protection: np.ndarray,
    penetration: int | np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """004 Armor for every trial where ``active`` (attack.armor_roll, as arrays): (stopped,
    reduction). Penetration may be one number or one per trial."""
    pen = np.maximum(penetration, 1)
    chance = np.clip(np.floor(((protection / pen) * 2 - 1) * 25 + 10), 0, 100)
    chance = np.where(protection > 0, chance, -1)
    roll = rng.integers(1, 101, size=active.shape)
    applies = active & (protection > 0) & (roll != 100)
    stopped = applies & (roll <= chance)
    reduce = applies & ~stopped
    reduction = np.where(reduce, np.floor(rng.random(active.shape) * (chance + 1)), 0)
    return stopped, reduction.astype(np.int64)


BATCH = 250_000  # trials drawn at once: the same for every run, so a seed always repeats
Progress = Callable[[int], None]


def hits(rng: np.random.Generator, pool: np.ndarray | int, p: float, fs3: FS3Ruleset,
         size: int | None = None) -> np.ndarray:  # fmt: skip
    """Hits of pools of dice with no attribute (NPC ratings), under the ruleset's
    below-one-die ruling (one die, or with ``fail`` no dice and no hits): the successes are a
    binomial draw, the 1s among the other dice another, and an Embarrassing Failure, judged
    as judging.judge_counts judges it, counts no hits (rulings R2)."""
    pools = np.asarray(pool, dtype=np.int64)
    dice = np.maximum(pools, 1)
    drawn: np.ndarray = rng.binomial(dice, p, size)
    ones = rng.binomial(dice - drawn, 1 / (fs3.success_at - 1))  # 1 of the failing faces
    # 000: more than half the dice 1s; 002: as many 1s as the attribute (an NPC's: R3).
    embarrassing = 2 * ones > dice if fs3.majority_ones else ones >= fs3.default_attribute
    if fs3.embarrassing_only_on_failure:
        embarrassing &= drawn == 0
    drawn = np.where(embarrassing, 0, drawn)
    if fs3.below_one_die == "fail":
        drawn = np.where(pools < 1, 0, drawn)
    return drawn


def simulate_attacks(
    attack_dice: int,
    defense_dice: int,
    *,
    penetration: int,
    lethality: int,
    protection: int | dict[str, int],
    cover: bool = False,
    target: str = "Chest",
    rules: CombatRules,
    fs3: FS3Ruleset,
    trials: int,
    seed: int | None = None,
    progress: Progress | None = None,
) -> AttackStats:
    """``trials`` attacks, in batches of ``BATCH``; ``progress`` hears the trials done."""
    rng = np.random.default_rng(seed)
    chart = rules.chart(target)
    names = list(dict.fromkeys(chart))
    totals = np.zeros(2 + len(names) + len(rules.severities), dtype=np.int64)
    done = 0
    while done < trials:
        n = min(BATCH, trials - done)
        totals += _batch(rng, n, attack_dice=attack_dice, defense_dice=defense_dice,
                         penetration=penetration, lethality=lethality, protection=protection,
                         cover=cover, names=names, chart=chart, rules=rules, fs3=fs3)  # fmt: skip
        done += n
        if progress is not None:
            progress(done)
    missed, stopped = totals[:2]
    where, severity = totals[2 : 2 + len(names)], totals[2 + len(names) :]
    return AttackStats(
        trials,
        float(missed) / trials,
        {name: float(c) / trials for name, c in zip(names, where, strict=True)},
        float(stopped) / trials,
        {row.name: float(c) / trials for row, c in zip(rules.severities, severity, strict=True)},
    )


def _batch(
    rng: np.random.Generator, trials: int, *, attack_dice: int, defense_dice: int,
    penetration: int, lethality: int, protection: int | dict[str, int], cover: bool,
    names: list[str], chart: tuple[str, ...], rules: CombatRules, fs3: FS3Ruleset,
) -> np.ndarray:  # fmt: skip
    """Counts for one batch: missed, stopped, each location, each severity."""
    p = (fs3.sides - fs3.success_at + 1) / fs3.sides
    a = hits(rng, attack_dice, p, fs3, trials)
    d = hits(rng, defense_dice, p, fs3, trials)
    hit = (a > 0) & (a >= d)
    index_of = np.array([names.index(x) for x in chart])
    roll = rng.integers(1, 9, trials) + rng.integers(1, 9, trials) + (a - d)
    where = index_of[np.clip(roll, 1, len(chart)) - 1]
    landed = hit & (where != names.index(MISS)) if MISS in names else hit
    by_location = (
        {n: protection.get(n, 0) for n in names}
        if isinstance(protection, dict)
        else dict.fromkeys(names, protection)
    )
    prot = np.array([by_location[n] for n in names])[where]
    stopped = np.zeros(trials, dtype=bool)
    reduction = np.zeros(trials, dtype=np.int64)
    if cover:
        exposed = a >= rules.cover_exposed_at
        applies = landed & ~exposed & (rng.integers(1, 101, trials) <= rules.cover_chance)
        s, r = armor_rolls(rng, applies, np.full(trials, rules.cover_protection), penetration)
        stopped |= s
        reduction += r
    s, r = armor_rolls(rng, landed & ~stopped, prot, penetration)
    stopped |= s
    reduction += r
    bonus = np.array([rules.location_bonus(n) for n in names])[where]
    damage = rng.integers(1, 101, trials) + lethality + bonus - reduction
    wounded = landed & ~stopped
    edges = [row.at_most for row in rules.severities if row.at_most is not None]
    level = np.searchsorted(np.array(edges), damage, side="left")
    severity = np.bincount(level[wounded], minlength=len(rules.severities))
    miss_at = names.index(MISS) if MISS in names else 0
    location = np.bincount(np.where(hit, where, miss_at), minlength=len(names))
    counts = [np.sum(~hit), np.sum(landed & stopped)]
    return np.concatenate([np.array(counts), location, severity]).astype(np.int64)
