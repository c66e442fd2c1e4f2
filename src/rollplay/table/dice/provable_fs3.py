"""What an FS3 roll's card says, held to its dice (issue 29 point 3; the browser's
``server/static/verify_outcomes.js`` is the same, with the same lines):

* the dice number the pool (one die, or none, when the pool fell below one: R4);
* the successes are the dice at or over ``success_at``, the ones the dice showing 1;
* a luck re-roll keeps the better roll (an embarrassing failure the worst, then more
  successes; on a tie the first drawn stands: rulings V9), its discarded roll held to the
  same counts;
* for a roll judged by an edition's own rules (its ``ruleset_version`` is one of
  ``FS3_PRESETS``): ``success_at`` is the edition's, the level, ``embarrassing`` and
  ``succeeded`` follow from the counts (judging.judge_counts), and a contest's two entries both
  say the winner, net, margin, winner's name and ``both_failed`` that the two sides' counted
  successes make (an embarrassing side counting none: rulings R2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from rollplay.systems.fs3.judging import judge_counts
from rollplay.table.dice.provable_cards import (
    Line,
    contest_sides,
    disagreeing,
    is_count,
    shown,
)
from rollplay.table.dice.provable_checks import drawn as _drawn
from rollplay.table.dice.provable_checks import event_key
from rollplay.table.dice.provable_checks import is_part as _is_part
from rollplay.table.dice.provable_rules import Rules

__all__ = ["FS3_PRESETS", "FS3Preset", "fs3_contest_problems", "fs3_judged", "fs3_preset",
           "fs3_preset_of", "fs3_problems"]  # fmt: skip


def fs3_problems(line: Line, rules: Rules | None = None) -> list[str]:
    """What is wrong with an FS3 roll's counts; the first difference of each roll it shows.
    ``rules``: the ruleset in force at it, as the file gives it (provable_rules.py)."""
    outcome = line.get("outcome")
    if not isinstance(outcome, Mapping) or outcome.get("system") != "fs3":
        return []
    at = outcome.get("success_at")
    preset = fs3_preset_of(line, rules)
    if rules is not None and preset is None:
        return ["its ruleset is not an FS3 ruleset this verifier can read"]
    if preset is not None and not is_count(at, preset.success_at):
        return [f"its successes start at {shown(at)}, but its ruleset's at {preset.success_at}"]
    out = _counts(outcome, "", at) or _level(outcome, "", preset)
    other = outcome.get("discarded")
    if isinstance(other, Mapping):
        out += _counts(other, "its discarded roll: ", at) or _level(
            other, "its discarded roll: ", preset
        )
        out += _kept(line, outcome, other, at)
    return out


class FS3Preset(NamedTuple):
    """What judges an FS3 roll in an edition's own rules (judging.judge_counts; contests.py)."""

    success_at: int
    levels: tuple[tuple[int, str], ...]  # (at least this many successes, the level's title)
    majority_ones: bool  # embarrassing: more than half the dice ones (000), or ones >= attribute
    embarrassing_only_on_failure: bool  # ...and only with no success (002)
    default_attribute: int  # the attribute a roll with none is judged by (002's rule)
    embarrassing_title: str
    counts_embarrassing: bool  # a contest counts an embarrassing side's successes (not R2)
    margins: tuple[tuple[int, str], ...]  # (at least this net, the contest's margin)
    # 000 Teamwork: (level, the modifier an assister at it earns), the embarrassing title
    # first (it earns the failure's), then the cap on their sum.
    assists: tuple[tuple[str, int], ...]
    assist_cap: int

    @property
    def level_of(self) -> _Levels:
        """The levels by count of successes, as judge_counts reads an FS3Ruleset's."""
        return _Levels(self.levels)


class _Levels:
    """A preset's level bands looked up by count, not listed count by count as FS3Ruleset
    lists them: a file's bands may start at any count (a billion successes is one row)."""

    __slots__ = ("bands",)

    def __init__(self, bands: tuple[tuple[int, str], ...]) -> None:
        self.bands = bands

    def __len__(self) -> int:
        return self.bands[-1][0] + 1

    def __getitem__(self, count: int, /) -> str:
        return _band(self.bands, count) if count >= 0 else self.bands[-1][1]


_LEVELS_33 = ((0, "Failure"), (1, "Success"), (3, "Good Success"), (5, "Great Success"),
              (7, "Amazing Success"))  # fmt: skip
_LEVELS_32 = ((0, "Failure"), (1, "Success"), (2, "Good Success"), (4, "Great Success"),
              (6, "Amazing Success"))  # fmt: skip
_MARGINS = ((0, "Draw"), (1, "Marginal Victory"), (2, "Solid Victory"))


def _assists(levels: tuple[tuple[int, str], ...], title: str) -> tuple[tuple[str, int], ...]:
    mods = (-1, 1, 2, 3, 4)  # FS3Ruleset.assist_modifiers, as both editions leave it
    return ((title, mods[0]), *((t, m) for (_, t), m in zip(levels, mods, strict=True)))


# The fingerprints (ruleset_version) of FS3 editions' own rules; a test holds them, and every
# count's judgement, to the rules engine (presets.py).
FS3_PRESETS: dict[str, FS3Preset] = {
    "40e943bba5417858": FS3Preset(6, _LEVELS_33, True, False, 2, "Embarrassing Failure", False,
                                  (*_MARGINS, (3, "Crushing Victory")),
                                  _assists(_LEVELS_33, "Embarrassing Failure"), 4),  # 3.3
    "d0e74c2617ee7d22": FS3Preset(7, _LEVELS_32, False, True, 2, "Embarrassing Failure", False,
                                  (*_MARGINS, (4, "Crushing Victory")),
                                  _assists(_LEVELS_32, "Embarrassing Failure"), 4),  # 3.2
}  # fmt: skip


def fs3_preset(data: Rules) -> FS3Preset | None:
    """The numbers an FS3 ruleset's canonical data gives (None: it is not one)."""
    try:
        titles = [row["title"] for row in data["levels"]]  # in the ruleset's order
        mods = data["assist_modifiers"]
        if not isinstance(mods, list) or len(mods) != len(titles) or not titles:
            return None
        assists = tuple(zip([data["embarrassing_title"], *titles], [mods[0], *mods], strict=True))
        made = FS3Preset(
            data["success_at"], _bands(data["levels"]),
            data["embarrassing"] == "more-than-half-ones", data["embarrassing_only_on_failure"],
            data["default_attribute"], data["embarrassing_title"],
            data["opposed_counts_embarrassing"], _bands(data["margins"]), assists,
            data["assist_cap"],
        )  # fmt: skip
    except (KeyError, TypeError):
        return None
    if not all(isinstance(t, str) and type(m) is int for t, m in made.assists):
        return None
    kinds = (int, tuple, bool, bool, int, str, bool, tuple, tuple, int)
    right = all(type(v) is k for v, k in zip(made, kinds, strict=True))
    starts = right and made.levels and made.margins  # every count has a level, every net a margin
    return made if starts and made.levels[0][0] <= 0 and made.margins[0][0] <= 0 else None


def _bands(rows: Any) -> tuple[tuple[int, str], ...]:
    out = tuple((row["at_least"], row["title"]) for row in rows)
    if not all(type(n) is int and isinstance(t, str) for n, t in out):
        raise TypeError("not bands")
    return tuple(sorted(out))


def fs3_preset_of(line: Line, rules: Rules | None) -> FS3Preset | None:
    """A roll's preset: from the ruleset the file gives, else its edition's by fingerprint."""
    if rules is not None:
        return fs3_preset(rules)
    return FS3_PRESETS.get(str(line.get("ruleset_version")))


def fs3_judged(
    successes: int, ones: int, dice: int, attribute: int | None, rules: FS3Preset
) -> tuple[str, bool]:
    """(level, embarrassing), judged by judging.judge_counts on a preset's numbers."""
    return judge_counts(successes, ones, dice, attribute, rules)


def _band(rows: tuple[tuple[int, str], ...], count: int) -> str:
    return [title for at_least, title in rows if count >= at_least][-1]


def _judgement(roll: Mapping[str, Any], rules: FS3Preset) -> tuple[str, bool, bool] | str:
    """(level, embarrassing, succeeded) of a roll whose counts were checked, or what is
    wrong with its attribute."""
    attribute = roll.get("attribute")
    if attribute is not None and type(attribute) is not int:
        return f"its attribute {shown(attribute)} is not a whole number"
    successes = roll["successes"]
    level, shamed = fs3_judged(successes, roll["ones"], len(roll["dice"]), attribute, rules)
    return level, shamed, not shamed and successes > 0


def _level(roll: Mapping[str, Any], said: str, rules: FS3Preset | None) -> list[str]:
    if rules is None:
        return []  # house rules: not re-computed (V14)
    judged = _judgement(roll, rules)
    if isinstance(judged, str):
        return [said + judged]
    level, shamed, succeeded = judged
    if roll.get("level") != level:
        weighed = "" if rules.majority_ones else f", attribute {shown(roll.get('attribute'))}"
        return [f"{said}its level is {shown(roll.get('level'))}, but its counts (successes "
                f"{roll['successes']}, ones {roll['ones']}, dice {len(roll['dice'])}{weighed}) "
                f"make {shown(level)}"]  # fmt: skip
    for flag, right in (("embarrassing", shamed), ("succeeded", succeeded)):
        if roll.get(flag) is not right:
            return [f"{said}its {flag} {shown(roll.get(flag))} does not agree with its "
                    f"level {shown(level)}"]  # fmt: skip
    return []


def fs3_contest_problems(
    group: Sequence[Line], rules: Mapping[tuple[str, int], Rules]
) -> dict[tuple[str, int], str]:
    """An FS3 contest's two entries (one command's, in an edition's own rules) must both say
    the winner, net, margin and winner's name its two sides' counted successes make (000/002
    Opposed Rolls; an embarrassing side counts none, R2): (game, event number) -> the line
    saying one does not."""
    sides = contest_sides(group, "fs3", ("first", "second"))
    if not sides:
        return {}
    given = rules.get(event_key(sides["first"]))
    preset = fs3_preset_of(sides["first"], given)
    if preset is None:
        return {}
    hits, failed = [], []
    for side in ("first", "second"):
        roll = sides[side]["outcome"]
        if fs3_problems(sides[side], rules.get(event_key(sides[side]))):
            return {}  # its own line says what is wrong
        judged = _judgement(roll, preset)
        assert not isinstance(judged, str)  # fs3_problems would have said
        counts = preset.counts_embarrassing or not judged[1]
        hits.append(roll["successes"] if counts else 0)
        failed.append(not judged[2])
    net = hits[0] - hits[1]
    winner = "first" if net > 0 else "second" if net < 0 else None
    name = None if winner is None else sides[winner]["outcome"].get("name")
    right = {"winner": winner, "net": abs(net), "margin": _band(preset.margins, abs(net)),
             "winner_name": name if isinstance(name, str) else None,
             "both_failed": all(failed)}  # fmt: skip
    none = "" if preset.counts_embarrassing else " (an embarrassing failure counting none)"
    return disagreeing(sides, right, f"the sides' successes, {hits[0]} against {hits[1]}{none},")


def _counts(roll: Mapping[str, Any], said: str, at: Any) -> list[str]:
    dice, pool = roll.get("dice"), roll.get("pool")
    if not isinstance(dice, list) or not all(type(d) is int for d in dice):
        return [f"{said}its dice are not a list of whole numbers"]
    if type(pool) is int and len(dice) != pool and not (pool < 1 and len(dice) <= 1):
        return [f"{said}it shows {len(dice)} dice for a pool of {pool}"]
    if type(at) is int:
        counted = sum(d >= at for d in dice)
        if not is_count(roll.get("successes"), counted):
            return [f"{said}its {shown(roll.get('successes'))} successes are not the "
                    f"{counted} of its dice at {at} or over"]  # fmt: skip
    ones = sum(d == 1 for d in dice)
    if not is_count(roll.get("ones"), ones):
        return [f"{said}its {shown(roll.get('ones'))} ones are not the {ones} of its dice"]
    return []


def _kept(line: Line, kept: Mapping[str, Any], other: Mapping[str, Any], at: Any) -> list[str]:
    """The kept roll must be the better, or the first drawn on a tie (V9)."""
    first = kept.get("dice")
    block = line.get("provable")
    draws = block.get("draws") if isinstance(block, Mapping) else None
    drawn = _drawn(draws)
    if drawn is None or not isinstance(first, list):
        return []
    part = block.get("part") if isinstance(block, Mapping) else None
    start = part[0] if part is not None and _is_part(part) else 0
    kept_first = drawn[start : start + len(first)] == first
    mine, theirs = _rank(kept, at), _rank(other, at)
    if mine is None or theirs is None:
        return []
    if mine < theirs or (mine == theirs and not kept_first):
        return ["its luck re-roll keeps the worse roll, or the second on a tie: the better is "
                "kept, the first on a tie"]  # fmt: skip
    return []


def _rank(roll: Mapping[str, Any], at: Any) -> tuple[bool, int] | None:
    dice, shamed = roll.get("dice"), roll.get("embarrassing")
    if not isinstance(dice, list) or type(at) is not int or not isinstance(shamed, bool):
        return None
    return (not shamed, sum(type(d) is int and d >= at for d in dice))
