"""Many single attacks at once, with numpy: what a weapon does against an armor (issue 7's
simulator). Each trial follows attack.py's steps; the dice become arrays.

The hits of a pool of n d8 are a binomial count (each die succeeds with the same chance,
independently), so a pool is one ``binomial`` draw rather than n dice; everything else is
drawn as the rules draw it. A fixed seed gives the same result on every run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from rollplay.systems.fs3.combat.gear import MISS, CombatRules
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
) -> AttackStats:
    rng = np.random.default_rng(seed)
    p = (fs3.sides - fs3.success_at + 1) / fs3.sides
    a = rng.binomial(max(attack_dice, 1), p, trials)
    d = rng.binomial(max(defense_dice, 1), p, trials)
    hit = (a > 0) & (a >= d)
    chart = rules.chart(target)
    names = list(dict.fromkeys(chart))
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
    counts = np.bincount(level[wounded], minlength=len(rules.severities))
    location_counts = np.bincount(np.where(hit, where, names.index(MISS) if MISS in names
                                           else 0), minlength=len(names))  # fmt: skip
    return AttackStats(
        trials,
        float(np.mean(~hit)),
        {n: float(c) / trials for n, c in zip(names, location_counts, strict=True)},
        float(np.mean(landed & stopped)),
        {row.name: float(c) / trials for row, c in zip(rules.severities, counts, strict=True)},
    )
