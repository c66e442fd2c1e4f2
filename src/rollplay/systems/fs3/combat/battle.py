"""Whole combats simulated many at a time (issue 7's ``simulate combat``), with numpy.

Each combatant is an NPC-style fighter (one rating, 004) with a weapon and armor, acting by
the tracker's default: reload an empty weapon, else attack the first standing enemy. A turn
is the engine's: initiative (ties at random), actions in that order with wounds counting at
once, knockout rolls after all actions, suppression falling by two. Every array has one row
per simulated combat; the combatants are its columns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from rollplay.errors import RollplayError
from rollplay.systems.fs3.combat.gear import CombatRules
from rollplay.systems.fs3.combat.kit import MISS
from rollplay.systems.fs3.combat.simulate import Progress, armor_rolls, hits
from rollplay.systems.fs3.ruleset import FS3Ruleset


@dataclass(frozen=True)
class Fighter:
    name: str
    side: str
    rating: int
    weapon: str = "Unarmed"
    armor: str = "None"


@dataclass(frozen=True)
class BattleStats:
    combats: int
    wins: dict[str, float]  # side -> fraction of combats won (draws: nobody standing)
    wins_ci: dict[str, tuple[float, float]]  # 95% Wilson intervals
    draws: float
    unfinished: float  # still going after max_turns
    turns_mean: float
    turns: dict[int, float]  # turns to finish -> fraction
    knockouts_mean: dict[str, float] = field(default_factory=dict)  # side -> mean knocked out

    def to_dict(self) -> dict[str, Any]:
        return {
            "combats": self.combats,
            "wins": self.wins,
            "wins_ci": {k: list(v) for k, v in self.wins_ci.items()},
            "draws": self.draws,
            "unfinished": self.unfinished,
            "turns_mean": self.turns_mean,
            "turns": {str(k): v for k, v in self.turns.items()},
            "knockouts_mean": self.knockouts_mean,
        }


def scenario_fighters(data: dict[str, Any], rules: CombatRules, source: str) -> list[Fighter]:
    """The fighters of a scenario's ``sides`` (docs/combat.md), their gear checked: ratings
    1 to 30 as an NPC's, names of 1 to 100 characters, at most 100 fighters."""
    sides = data.get("sides")
    if not isinstance(sides, dict) or len(sides) < 2:
        raise RollplayError(f"scenario {source}: 'sides' needs two or more named lists")
    fighters = []
    for side, members in sides.items():
        for i, m in enumerate(members if isinstance(members, list) else []):
            rating = m.get("rating") if isinstance(m, dict) else None
            if isinstance(rating, bool) or not isinstance(rating, int) or not 1 <= rating <= 30:
                raise RollplayError(f"scenario {source}: {side} #{i + 1} needs a rating, 1 to 30")
            name = str(m.get("name", f"{side} {i + 1}"))
            if not 1 <= len(name) <= 100 or not 1 <= len(str(side)) <= 100:
                raise RollplayError(f"scenario {source}: names are 1 to 100 characters")
            fighter = Fighter(name, str(side), rating, str(m.get("weapon", "Unarmed")),
                              str(m.get("armor", "None")))  # fmt: skip
            rules.weapon(fighter.weapon)
            rules.armor_named(fighter.armor)
            fighters.append(fighter)
    if len(fighters) > 100:
        raise RollplayError(f"scenario {source}: {len(fighters)} fighters; at most 100")
    return fighters


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% confidence interval for a proportion k/n (Wilson score)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (float(max(centre - half, 0.0)), float(min(centre + half, 1.0)))


class _Battles:
    """The state of ``n`` combats at once; each turn works on the ones still going."""

    def __init__(self, fighters: list[Fighter], rules: CombatRules, fs3: FS3Ruleset,
                 n: int, rng: np.random.Generator) -> None:  # fmt: skip
        self.sides = list(dict.fromkeys(f.side for f in fighters))
        if len(self.sides) < 2:
            raise RollplayError("a combat needs at least two sides")
        self.rules, self.fs3 = rules, fs3
        self.rng = rng
        self.p = (fs3.sides - fs3.success_at + 1) / fs3.sides
        weapons = [rules.weapon(f.weapon) for f in fighters]
        self.side_of = np.array([self.sides.index(f.side) for f in fighters])
        self.rating = np.array([f.rating for f in fighters])
        self.melee = np.array([w.melee for w in weapons])
        self.lethality = np.array([w.lethality for w in weapons])
        self.penetration = np.array([max(w.penetration, 1) for w in weapons])
        self.clip = np.array([w.ammo for w in weapons])
        chart = rules.chart(rules.center_of_mass("Human"))
        names = list(dict.fromkeys(chart))
        self.chart_len = len(chart)
        self.where_of = np.array([names.index(x) for x in chart])
        self.miss = names.index(MISS) if MISS in names else -1
        self.bonus = np.array([rules.location_bonus(x) for x in names])
        self.armor = np.array([[rules.armor_named(f.armor).at(x) for x in names] for f in fighters])
        self.severity_mod = np.array([s.modifier for s in rules.severities])
        self.edges = np.array([s.at_most for s in rules.severities if s.at_most is not None])
        self.enemies = self.side_of[:, None] != self.side_of[None, :]
        c = len(fighters)
        self.wounds = np.zeros((n, c))  # summed wound modifiers, before rounding down
        self.out = np.zeros((n, c), dtype=bool)
        self.ammo = np.tile(self.clip, (n, 1))
        self.suppression = np.zeros((n, c), dtype=np.int64)
        self.finished_at = np.full(n, -1)

    def binomial(self, pool: np.ndarray) -> np.ndarray:
        return hits(self.rng, pool, self.p, self.fs3)

    def standing(self, rows: np.ndarray) -> np.ndarray:
        """[len(rows), sides]: does anyone of each side still stand?"""
        up = ~self.out[rows]
        return np.stack([up[:, self.side_of == s].any(axis=1) for s in range(len(self.sides))],
                        axis=1)  # fmt: skip

    def turn(self, number: int) -> None:
        rows = np.flatnonzero(self.finished_at < 0)
        damaged = np.zeros((len(rows), len(self.rating)), dtype=bool)
        mod = np.floor(self.wounds[rows] + 1e-9)
        init = self.binomial(self.rating[None, :] - mod) * 1000 + self.rng.integers(
            0, 1000, mod.shape
        )
        order = np.argsort(-init, axis=1)
        for slot in range(order.shape[1]):
            self.act(rows, order[:, slot], damaged)
        # Knockout rolls after every action (002 Knockout).
        mod = np.floor(self.wounds[rows] + 1e-9)
        check = damaged & (mod >= 1) & ~self.out[rows]
        tough = self.binomial(self.rating[None, :] - mod)
        self.out[rows] |= check & (tough == 0)
        self.suppression[rows] = np.maximum(
            self.suppression[rows] - self.rules.suppression_decay, 0
        )
        done = self.standing(rows).sum(axis=1) <= 1
        self.finished_at[rows[done]] = number

    def act(self, rows: np.ndarray, actor: np.ndarray, damaged: np.ndarray) -> None:
        """One action slot of every live combat: reload, or attack the first standing enemy."""
        local = np.arange(len(rows))
        acts = ~self.out[rows, actor]
        standing_enemy = self.enemies[actor] & ~self.out[rows]
        target = np.argmax(standing_enemy, axis=1)
        ranged = ~self.melee[actor]
        empty = ranged & (self.ammo[rows, actor] <= 0)
        reload = acts & empty
        self.ammo[rows[reload], actor[reload]] = self.clip[actor[reload]]
        shoot = acts & standing_enemy.any(axis=1) & ~empty
        firing = shoot & ranged
        self.ammo[rows[firing], actor[firing]] -= 1
        bonus = self.rules.melee_bonus
        a_wounds = np.floor(self.wounds[rows, actor] + 1e-9)
        d_wounds = np.floor(self.wounds[rows, target] + 1e-9)
        a_pool = (self.rating[actor] + np.where(self.melee[actor], bonus, 0)
                  - self.suppression[rows, actor] - a_wounds)  # fmt: skip
        both_melee = self.melee[actor] & self.melee[target]
        d_pool = self.rating[target] + np.where(both_melee, bonus, 0) - d_wounds
        a, d = self.binomial(a_pool), self.binomial(d_pool)
        self.suppression[rows[firing], target[firing]] = np.minimum(
            self.suppression[rows[firing], target[firing]] + 1, self.rules.suppression_max
        )
        m = len(rows)
        hit = shoot & (a > 0) & (a >= d)
        roll = self.rng.integers(1, 9, m) + self.rng.integers(1, 9, m) + (a - d)
        where = self.where_of[np.clip(roll, 1, self.chart_len) - 1]
        landed = hit & (where != self.miss)
        prot = self.armor[target, where]
        stopped, reduction = armor_rolls(self.rng, landed, prot, self.penetration[actor])
        damage = (self.rng.integers(1, 101, m) + self.lethality[actor] + self.bonus[where]
                  - reduction)  # fmt: skip
        wounded = landed & ~stopped
        level = np.searchsorted(self.edges, damage, side="left")
        self.wounds[rows[wounded], target[wounded]] += self.severity_mod[level[wounded]]
        damaged[local[wounded], target[wounded]] = True


BATCH = 20_000  # combats played at once: the same for every run, so a seed always repeats


def simulate_battles(
    fighters: list[Fighter],
    *,
    rules: CombatRules,
    fs3: FS3Ruleset,
    combats: int,
    max_turns: int = 30,
    seed: int | None = None,
    progress: Progress | None = None,
) -> BattleStats:
    """Play ``combats`` combats to a finish (or ``max_turns``), in batches of ``BATCH``, and
    sum them up; ``progress`` hears the combats done."""
    rng = np.random.default_rng(seed)
    sides = list(dict.fromkeys(f.side for f in fighters))
    side_of = np.array([sides.index(f.side) for f in fighters])
    wins = np.zeros(len(sides), dtype=np.int64)
    knocked = np.zeros(len(sides), dtype=np.int64)
    turns = np.zeros(max_turns + 1, dtype=np.int64)
    draws = unfinished = 0
    done = 0
    while done < combats:
        n = min(BATCH, combats - done)
        b = _Battles(fighters, rules, fs3, n, rng)
        for number in range(1, max_turns + 1):
            if (b.finished_at >= 0).all():
                break
            b.turn(number)
        standing = b.standing(np.arange(n))
        finished = b.finished_at >= 0
        up = standing.sum(axis=1)
        winner = np.where(finished & (up == 1), np.argmax(standing, axis=1), -1)
        wins += np.bincount(winner[winner >= 0], minlength=len(sides))
        draws += int(np.sum(finished & (up == 0)))
        unfinished += int(np.sum(~finished))
        turns += np.bincount(b.finished_at[finished], minlength=max_turns + 1)
        knocked += np.array([b.out[:, side_of == i].sum() for i in range(len(sides))])
        done += n
        if progress is not None:
            progress(done)
    ended = int(turns.sum())
    return BattleStats(
        combats=combats,
        wins={s: int(k) / combats for s, k in zip(sides, wins, strict=True)},
        wins_ci={s: wilson(int(k), combats) for s, k in zip(sides, wins, strict=True)},
        draws=draws / combats,
        unfinished=unfinished / combats,
        turns_mean=float(np.arange(max_turns + 1) @ turns) / ended if ended else float("nan"),
        turns={t: float(turns[t]) / combats for t in range(1, max_turns + 1) if turns[t]},
        knockouts_mean={s: int(k) / combats for s, k in zip(sides, knocked, strict=True)},
    )
