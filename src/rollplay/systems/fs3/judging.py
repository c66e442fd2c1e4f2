"""Judging FS3 dice: successes, ones and the level they reach, and the embarrassing failure
as each edition defines it (000, 002). ``judge_counts`` is the one place that rule lives:
the roller, the numpy simulator, the odds tests and the verifier all call it."""

from __future__ import annotations

from typing import Protocol

from rollplay.errors import RuleError
from rollplay.systems.fs3.ruleset import FS3Ruleset


def judge(
    dice: tuple[int, ...], attribute: int | None, ruleset: FS3Ruleset
) -> tuple[int, int, str, bool]:
    """(successes, ones, level title, embarrassing) for a set of faces."""
    # Counting on bytes is several times cheaper than tuple.count (faces fit: sides <= 100).
    raw = bytes(dice)
    successes = len(raw) - len(raw.translate(None, ruleset.success_bytes))
    ones = raw.count(1)
    level, embarrassing = judge_counts(successes, ones, len(raw), attribute, ruleset)
    return successes, ones, level, embarrassing


class Levels(Protocol):
    """Each count of successes' level title (the last for any count past it)."""

    def __len__(self) -> int: ...
    def __getitem__(self, count: int, /) -> str: ...


class CountRules(Protocol):
    """What judge_counts reads of a ruleset: an FS3Ruleset, or the numbers a verifier reads
    from a log's ruleset (table/dice/provable_fs3.FS3Preset)."""

    @property
    def majority_ones(self) -> bool: ...
    @property
    def embarrassing_only_on_failure(self) -> bool: ...
    @property
    def default_attribute(self) -> int: ...
    @property
    def embarrassing_title(self) -> str: ...
    @property
    def level_of(self) -> Levels: ...


def judge_counts(
    successes: int, ones: int, dice: int, attribute: int | None, ruleset: CountRules
) -> tuple[str, bool]:
    """(level title, embarrassing) from the counts that decide them: the one place the
    edition's embarrassing-failure rule lives (the roller, odds tests and simulator use it)."""
    if ruleset.majority_ones:
        embarrassing = 2 * ones > dice  # 000: "more than half your dice are 1's"
    else:  # 002: "the number of 1's is equal to or greater than your Attribute rating"
        embarrassing = ones >= (ruleset.default_attribute if attribute is None else attribute or 1)
    if embarrassing and successes and ruleset.embarrassing_only_on_failure:
        embarrassing = False
    if embarrassing:
        return ruleset.embarrassing_title, True
    lookup = ruleset.level_of
    return lookup[successes if successes < len(lookup) else -1], False


def check_attribute(attribute: int, ruleset: FS3Ruleset) -> None:
    lo, hi = ruleset.attribute_range
    if isinstance(attribute, bool) or not isinstance(attribute, int) or not lo <= attribute <= hi:
        raise RuleError(
            f"attribute {attribute!r} is off the scale: attributes in {ruleset.name} rate "
            f"{lo} to {hi}"
        )
