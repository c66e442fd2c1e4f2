"""Vectorised FS3 rolls for simulations: millions of pools at once with numpy.

Faces come from numpy's PCG64 generator, seeded, so a simulation is reproducible. A d8
takes the low three bits of a random byte (exactly uniform, as in ``rollplay.dice``); dice
whose side count does not divide 256 use numpy's unbiased bounded integers. Work runs in
chunks so memory stays bounded whatever the number of trials. This module is for volume,
not for play: live rolls go through ``rolls.py`` and a ``Dice`` source.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rollplay.errors import DiceError
from rollplay.systems.fs3.ruleset import FS3Ruleset

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

CHUNK_BYTES = 1 << 23  # dice generated per chunk (8 MiB of uint8 faces)
MAX_TRIALS = 10**10


@dataclass(frozen=True)
class Simulation:
    """How often each level came up in ``trials`` rolls of ``pool`` dice."""

    pool: int
    trials: int
    level_counts: dict[str, int]
    mean_successes: float

    def frequency(self, title: str) -> float:
        return self.level_counts[title] / self.trials


def _weights(ruleset: FS3Ruleset, shift: int, raw_bytes: bool) -> NDArray[np.uint32]:
    """Per input value, a packed weight: 1 for a success, ``1 << shift`` for a one."""
    import numpy as np

    size = 256 if raw_bytes else ruleset.sides + 1
    table = np.zeros(size, dtype=np.uint32)
    for value in range(size):
        face = (value % ruleset.sides) + 1 if raw_bytes else value
        table[value] = (face >= ruleset.success_at) + ((face == 1) << shift)
    return table


def joint_counts(
    pool: int, trials: int, ruleset: FS3Ruleset, generator: np.random.Generator
) -> dict[tuple[int, int], int]:
    """How many of ``trials`` rolls of ``pool`` dice had s successes and k ones: {(s, k): n}.

    Each die maps through a lookup table to a packed weight (a success adds 1, a one adds
    1 << shift) and the columns are summed, so a roll's (s, k) is one small integer and a
    single bincount histograms them. Everything else is judged from this table."""
    import numpy as np

    shift = 8 if pool < 256 else 16
    dtype = np.uint16 if pool < 256 else np.uint32
    raw_bytes = 256 % ruleset.sides == 0
    table: NDArray[np.unsignedinteger[Any]] = _weights(ruleset, shift, raw_bytes).astype(dtype)
    rows_per_chunk = max(1, CHUNK_BYTES // pool)
    histogram: dict[tuple[int, int], int] = {}
    done = 0
    while done < trials:
        rows = min(rows_per_chunk, trials - done)
        if raw_bytes:
            dice = np.frombuffer(generator.bytes(rows * pool), dtype=np.uint8)
        else:
            dice = generator.integers(1, ruleset.sides + 1, size=rows * pool, dtype=np.uint8)
        dice = dice.reshape(rows, pool)
        packed: NDArray[np.unsignedinteger[Any]] = table[dice[:, 0]]
        for column in range(1, pool):
            packed += table[dice[:, column]]
        if shift == 8:
            found = np.bincount(packed, minlength=1)
            values = np.flatnonzero(found)
            tallies = found[values]
        else:
            values, tallies = np.unique(packed, return_counts=True)
        mask = (1 << shift) - 1
        for value, tally in zip(values.tolist(), tallies.tolist(), strict=True):
            key = (value & mask, value >> shift)
            histogram[key] = histogram.get(key, 0) + tally
        done += rows
    return histogram


def simulate(
    pool: int,
    trials: int,
    ruleset: FS3Ruleset,
    *,
    attribute: int | None = None,
    seed: int | None = None,
) -> Simulation:
    """Roll ``pool`` dice ``trials`` times and count the levels."""
    import numpy as np

    from rollplay.systems.fs3.judging import judge_counts

    if not 1 <= pool <= ruleset.max_dice:
        raise DiceError(f"a simulated pool is 1 to {ruleset.max_dice} dice, not {pool}")
    if not 1 <= trials <= MAX_TRIALS:
        raise DiceError(f"trials must be from 1 to {MAX_TRIALS}, not {trials}")
    histogram = joint_counts(pool, trials, ruleset, np.random.default_rng(seed))
    counts = dict.fromkeys(ruleset.level_titles(), 0)
    success_sum = 0
    for (successes, ones), tally in histogram.items():
        level, _embarrassing = judge_counts(successes, ones, pool, attribute, ruleset)
        counts[level] += tally
        success_sum += successes * tally
    return Simulation(pool, trials, counts, success_sum / trials)
