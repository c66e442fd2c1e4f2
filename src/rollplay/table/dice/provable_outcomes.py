"""What an FS3 roll's card says, held to its dice (issue 29 point 3, the part both verifiers
do alike; ``server/static/verify_outcomes.js`` is the same, with the same lines):

* the dice number the pool (one die, or none, when the pool fell below one: R4);
* the successes are the dice at or over ``success_at``, the ones the dice showing 1;
* a luck re-roll keeps the better roll (an embarrassing failure the worst, then more
  successes; on a tie the first drawn stands: rulings V9), its discarded roll held to the
  same counts;
* a command's entries are logged in draw order: an entry's ``part`` begins where the entry
  logged before it ended (a contest's first side first);
* for a roll judged by an edition's own rules (its ``ruleset_version`` is one of
  ``FS3_PRESETS``): ``success_at`` is the edition's, the level, ``embarrassing`` and
  ``succeeded`` follow from the counts (rolls.judge_counts), and a contest's two entries both
  say the winner, net, margin, winner's name and ``both_failed`` that the two sides' counted
  successes make (an embarrassing side counting none: rulings R2).

And a GURPS success roll's card: three dice, their total, the margin (effective skill minus
the roll), the success and critical flags agreeing with the outcome; and, for a roll judged
by an edition's own rules (its ``ruleset_version`` is one of ``GURPS_PRESETS``), the outcome
itself re-judged from the total and the effective skill (001 Success Rolls, Critical Success,
Critical Failure). And a D6 System skill check's card, for a roll judged by an edition's own
rules (its ``ruleset_version`` is one of ``D6_PRESETS``): the Wild Die rolls again on the
edition's explosion face and on nothing else, its first toss makes the Critical Failure (a
complication, or the 1 and the highest regular die cancelled, the roll's chosen option) and
Critical Success, the total is its dice, Wild Die, Character Point dice, pips, bonuses and
related-skill modifier less what was cancelled (rolls.judge), and success, with a
difficulty, is the total meeting (ties as the edition says) or beating it. House rules'
outcomes need the game's ruleset, which the export does not carry: not re-computed here
(V14).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from rollplay.table.dice.provable_checks import drawn as _drawn
from rollplay.table.dice.provable_checks import event_key, event_number
from rollplay.table.dice.provable_checks import is_part as _is_part

__all__ = [
    "D6_PRESETS", "FS3_PRESETS", "GURPS_PRESETS", "D6Preset", "FS3Preset", "contest_problems",
    "d6_problems", "fs3_judged", "fs3_problems", "gurps_problems", "part_order",
]  # fmt: skip

Line = Mapping[str, Any]


def fs3_problems(line: Line) -> list[str]:
    """What is wrong with an FS3 roll's counts; the first difference of each roll it shows."""
    outcome = line.get("outcome")
    if not isinstance(outcome, Mapping) or outcome.get("system") != "fs3":
        return []
    at = outcome.get("success_at")
    preset = FS3_PRESETS.get(str(line.get("ruleset_version")))
    if preset is not None and not _is(at, preset.success_at):
        return [f"its successes start at {_shown(at)}, but its ruleset's at {preset.success_at}"]
    out = _counts(outcome, "", at) or _level(outcome, "", preset)
    other = outcome.get("discarded")
    if isinstance(other, Mapping):
        out += _counts(other, "its discarded roll: ", at) or _level(
            other, "its discarded roll: ", preset
        )
        out += _kept(line, outcome, other, at)
    return out


class FS3Preset(NamedTuple):
    """What judges an FS3 roll in an edition's own rules (rolls.judge_counts; contests.py)."""

    success_at: int
    levels: tuple[tuple[int, str], ...]  # (at least this many successes, the level's title)
    majority_ones: bool  # embarrassing: more than half the dice ones (000), or ones >= attribute
    only_on_failure: bool  # ...and only with no success (002)
    default_attribute: int  # the attribute a roll with none is judged by (002's rule)
    embarrassing_title: str
    counts_embarrassing: bool  # a contest counts an embarrassing side's successes (not R2)
    margins: tuple[tuple[int, str], ...]  # (at least this net, the contest's margin)


_LEVELS_33 = ((0, "Failure"), (1, "Success"), (3, "Good Success"), (5, "Great Success"),
              (7, "Amazing Success"))  # fmt: skip
_LEVELS_32 = ((0, "Failure"), (1, "Success"), (2, "Good Success"), (4, "Great Success"),
              (6, "Amazing Success"))  # fmt: skip
_MARGINS = ((0, "Draw"), (1, "Marginal Victory"), (2, "Solid Victory"))
# The fingerprints (ruleset_version) of FS3 editions' own rules; a test holds them, and every
# count's judgement, to the rules engine (presets.py).
FS3_PRESETS: dict[str, FS3Preset] = {
    "40e943bba5417858": FS3Preset(6, _LEVELS_33, True, False, 2, "Embarrassing Failure", False,
                                  (*_MARGINS, (3, "Crushing Victory"))),  # 3.3
    "d0e74c2617ee7d22": FS3Preset(7, _LEVELS_32, False, True, 2, "Embarrassing Failure", False,
                                  (*_MARGINS, (4, "Crushing Victory"))),  # 3.2
}  # fmt: skip


def fs3_judged(
    successes: int, ones: int, dice: int, attribute: int | None, rules: FS3Preset
) -> tuple[str, bool]:
    """(level, embarrassing), as rolls.judge_counts judges them on a preset's numbers."""
    if rules.majority_ones:
        embarrassing = 2 * ones > dice  # 000: "more than half your dice are 1's"
    else:  # 002: "the number of 1's is equal to or greater than your Attribute rating"
        embarrassing = ones >= (rules.default_attribute if attribute is None else attribute or 1)
    if embarrassing and successes and rules.only_on_failure:
        embarrassing = False
    if embarrassing:
        return rules.embarrassing_title, True
    return _band(rules.levels, successes), False


def _band(rows: tuple[tuple[int, str], ...], count: int) -> str:
    return [title for at_least, title in rows if count >= at_least][-1]


def _judgement(roll: Mapping[str, Any], rules: FS3Preset) -> tuple[str, bool, bool] | str:
    """(level, embarrassing, succeeded) of a roll whose counts were checked, or what is
    wrong with its attribute."""
    attribute = roll.get("attribute")
    if attribute is not None and type(attribute) is not int:
        return f"its attribute {_shown(attribute)} is not a whole number"
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
        weighed = "" if rules.majority_ones else f", attribute {_shown(roll.get('attribute'))}"
        return [f"{said}its level is {_shown(roll.get('level'))}, but its counts (successes "
                f"{roll['successes']}, ones {roll['ones']}, dice {len(roll['dice'])}{weighed}) "
                f"make {_shown(level)}"]  # fmt: skip
    for flag, right in (("embarrassing", shamed), ("succeeded", succeeded)):
        if roll.get(flag) is not right:
            return [f"{said}its {flag} {_shown(roll.get(flag))} does not agree with its "
                    f"level {_shown(level)}"]  # fmt: skip
    return []


def contest_problems(group: Sequence[Line]) -> dict[tuple[str, int], str]:
    """An FS3 contest's two entries (one command's, in an edition's own rules) must both say
    the winner, net, margin and winner's name its two sides' counted successes make (000/002
    Opposed Rolls; an embarrassing side counts none, R2): (game, event number) -> the line
    saying one does not. A D6 contest's likewise (d6_contest_problems)."""
    if any(isinstance(o := line.get("outcome"), Mapping) and o.get("system") == "d6"
           for line in group):  # fmt: skip
        return d6_contest_problems(group)
    sides: dict[str, Line] = {}
    for line in group:
        o = line.get("outcome")
        said = o.get("opposed") if isinstance(o, Mapping) and o.get("system") == "fs3" else None
        if isinstance(said, Mapping) and said.get("side") in ("first", "second"):
            if said["side"] in sides:
                return {}
            sides[said["side"]] = line
    if len(sides) != 2 or len({str(s.get("ruleset_version")) for s in sides.values()}) != 1:
        return {}
    rules = FS3_PRESETS.get(str(sides["first"].get("ruleset_version")))
    if rules is None:
        return {}
    hits, failed = [], []
    for side in ("first", "second"):
        roll = sides[side]["outcome"]
        if fs3_problems(sides[side]):
            return {}  # its own line says what is wrong
        judged = _judgement(roll, rules)
        assert not isinstance(judged, str)  # fs3_problems would have said
        counts = rules.counts_embarrassing or not judged[1]
        hits.append(roll["successes"] if counts else 0)
        failed.append(not judged[2])
    net = hits[0] - hits[1]
    winner = "first" if net > 0 else "second" if net < 0 else None
    name = None if winner is None else sides[winner]["outcome"].get("name")
    right = {"winner": winner, "net": abs(net), "margin": _band(rules.margins, abs(net)),
             "winner_name": name if isinstance(name, str) else None,
             "both_failed": all(failed)}  # fmt: skip
    none = "" if rules.counts_embarrassing else " (an embarrassing failure counting none)"
    out = {}
    for line in sides.values():
        said = line["outcome"]["opposed"]
        for field, value in right.items():
            if said.get(field) != value or type(said.get(field)) is not type(value):
                out[event_key(line)] = (
                    f"its contest's {field} is {_shown(said.get(field))}, but the sides' "
                    f"successes, {hits[0]} against {hits[1]}{none}, make it {_shown(value)}"
                )
                break
    return out


# The fingerprints (ruleset_version) of GURPS editions' own rules, with what judges a roll:
# always succeed up to, always fail from, critical success up to, critical success at
# (roll: lowest effective skill), critical failure from, critical failure at (roll: highest
# effective skill), critical failure margin. Tests hold it to the rules engine's presets.
Preset = tuple[int, int, int, dict[int, int], int, dict[int, int], int]
GURPS_PRESETS: dict[str, Preset] = {
    "dca762882d050e21": (4, 17, 4, {5: 15, 6: 16}, 18, {17: 15}, 10),  # 4e, the Basic Set
}


def gurps_problems(line: Line) -> list[str]:
    """What is wrong with a GURPS success roll's card; the first difference."""
    o = line.get("outcome")
    if not isinstance(o, Mapping) or o.get("system") != "gurps":
        return []
    dice, total, effective = o.get("dice"), o.get("roll"), o.get("effective")
    if not isinstance(dice, list) or len(dice) != 3 or not all(type(d) is int for d in dice):
        return [f"it shows {_shown(dice)} for three dice"]
    if not _is(total, sum(dice)):
        return [f"its roll {_shown(total)} is not its dice's total {sum(dice)}"]
    if type(effective) is not int:
        return [f"its effective skill {_shown(effective)} is not a whole number"]
    if not _is(o.get("margin"), effective - sum(dice)):
        return [f"its margin {_shown(o.get('margin'))} is not its effective skill {effective} "
                f"less its roll {total}"]  # fmt: skip
    said = o.get("outcome")
    flags = {"success": said in ("success", "critical success"),
             "critical": said in ("critical success", "critical failure"),
             "critical_success": said == "critical success",
             "critical_failure": said == "critical failure"}  # fmt: skip
    for flag, right in flags.items():
        if o.get(flag) is not right:
            return [f"its {flag} {_shown(o.get(flag))} does not agree with its outcome "
                    f"{_shown(said)}"]  # fmt: skip
    preset = GURPS_PRESETS.get(str(line.get("ruleset_version")))
    if preset is not None and said != (right := _judged(sum(dice), effective, preset)):
        return [f"its outcome is {_shown(said)}, but a roll of {total} against an effective "
                f"skill of {effective} is a {right}"]  # fmt: skip
    return []


def _judged(
    total: int,
    effective: int,
    rules: tuple[int, int, int, dict[int, int], int, dict[int, int], int],
) -> str:
    """001 Success Rolls (gurps.ruleset.GURPSRuleset.judge, on a preset's numbers)."""
    up_to, fail_from, crit_up_to, crit_at, crit_fail_from, crit_fail_at, margin = rules
    if total <= up_to or (total < fail_from and total <= effective):
        if total <= crit_up_to or effective >= crit_at.get(total, effective + 1):
            return "critical success"
        return "success"
    if total >= crit_fail_from or total - effective >= margin:
        return "critical failure"
    return "critical failure" if effective <= crit_fail_at.get(total, effective - 1) else "failure"


def _counts(roll: Mapping[str, Any], said: str, at: Any) -> list[str]:
    dice, pool = roll.get("dice"), roll.get("pool")
    if not isinstance(dice, list) or not all(type(d) is int for d in dice):
        return [f"{said}its dice are not a list of whole numbers"]
    if type(pool) is int and len(dice) != pool and not (pool < 1 and len(dice) <= 1):
        return [f"{said}it shows {len(dice)} dice for a pool of {pool}"]
    if type(at) is int:
        counted = sum(d >= at for d in dice)
        if not _is(roll.get("successes"), counted):
            return [f"{said}its {_shown(roll.get('successes'))} successes are not the "
                    f"{counted} of its dice at {at} or over"]  # fmt: skip
    ones = sum(d == 1 for d in dice)
    if not _is(roll.get("ones"), ones):
        return [f"{said}its {_shown(roll.get('ones'))} ones are not the {ones} of its dice"]
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


def part_order(group: Sequence[Line]) -> dict[tuple[str, int], str]:
    """A command's entries in event order must take its draws in order: (game, event
    number) -> the line saying one does not."""
    out = {}
    ordered = sorted(group, key=event_number)
    reach = 0
    for line in ordered:
        part = line["provable"].get("part")
        if not _is_part(part):
            return {}
        if part[0] != reach:
            out[event_key(line)] = (f"its part of the draws, {part[0]} to {part[1]}, is out "
                                       f"of draw order: a command's entries are logged as they "
                                       f"drew")  # fmt: skip
        reach = part[1]
    return out


def _is(value: Any, count: int) -> bool:
    return type(value) is int and value == count  # not True for 1, not 2.0 for 2


def _rank(roll: Mapping[str, Any], at: Any) -> tuple[bool, int] | None:
    dice, shamed = roll.get("dice"), roll.get("embarrassing")
    if not isinstance(dice, list) or type(at) is not int or not isinstance(shamed, bool):
        return None
    return (not shamed, sum(type(d) is int and d >= at for d in dice))


def _shown(value: Any) -> str:
    return json.dumps(value)


class D6Preset(NamedTuple):
    """What judges a D6 System skill check in an edition's own rules (rolls.judge)."""

    explode_on: int  # the Wild Die (and a Character Point die) rolls again on this or more
    ties_succeed: bool  # a total equal to the difficulty succeeds
    wild_ones: tuple[str, ...]  # the Critical Failure options a roll may choose
    max_tosses: int  # a die that keeps exploding stops here (rulings D8)


# The fingerprints (ruleset_version) of D6 editions' own rules; a test holds them to the rules
# engine (presets.py, rolls.py).
D6_PRESETS: dict[str, D6Preset] = {
    "15e3d55b404789e1": D6Preset(6, True, ("complication", "cancel"), 100),  # 003, the D6 System
}


def d6_problems(line: Line) -> list[str]:
    """What is wrong with a D6 skill check's total and verdict; the first difference."""
    o = line.get("outcome")
    if not isinstance(o, Mapping) or o.get("system") != "d6":
        return []
    rules = D6_PRESETS.get(str(line.get("ruleset_version")))
    if rules is None:
        return []  # house rules: not re-computed (V14)
    for field in ("dice", "wild", "cancelled"):
        if not _whole_list(o.get(field)):
            return [f"its {field} are not a list of whole numbers"]
    cp = o.get("cp_dice")
    if not isinstance(cp, list) or not all(_whole_list(d) and len(d) > 0 for d in cp):
        return ["its cp_dice are not lists of whole numbers"]
    for field in ("pips", "bonus", "related", "total"):
        if type(o.get(field)) is not int:
            return [f"its {field} {_shown(o.get(field))} is not a whole number"]
    dice, wild, total = o["dice"], o["wild"], o["total"]
    for name, tosses in (("Wild Die", wild), *(("Character Point die", d) for d in cp)):
        wrong = _tosses(name, tosses, rules)
        if wrong:
            return [wrong]
    option = o.get("wild_one")
    if option not in rules.wild_ones:
        return [f"its wild_one {_shown(option)} is not one of {_shown(list(rules.wild_ones))}"]
    critical = wild[0] == 1
    flags = {"critical_failure": critical, "complication": critical and option == "complication",
             "critical_success": wild[0] >= rules.explode_on}  # fmt: skip
    for flag, right in flags.items():
        if o.get(flag) is not right:
            return [f"its {flag} {_shown(o.get(flag))} does not agree with its Wild Die's first "
                    f"toss, {wild[0]} ({option})"]  # fmt: skip
    cancelled = ([1, max(dice)] if dice else [1]) if critical and option == "cancel" else []
    if o["cancelled"] != cancelled:
        return [f"its cancelled dice {_shown(o['cancelled'])} are not the {_shown(cancelled)} "
                f"its Wild Die's first toss, {wild[0]} ({option}), cancels"]  # fmt: skip
    bonuses = o.get("bonuses", [])
    numbers = [b.get("number") if isinstance(b, Mapping) else None
               for b in (bonuses if isinstance(bonuses, list) else [None])]  # fmt: skip
    if not all(type(n) is int for n in numbers):
        return ["its bonuses are not a list of numbered bonuses"]
    added = sum(n for n in numbers if type(n) is int)
    if o["bonus"] != added:
        return [f"its bonus {o['bonus']} is not the {added} of its bonuses"]
    right = (sum(dice) + sum(wild) - sum(cancelled) + sum(sum(d) for d in cp) + o["pips"]
             + o["bonus"] + o["related"])  # fmt: skip
    if total != right:
        return [f"its total {total} is not the {right} its dice, Wild Die, Character Point "
                f"dice, pips, bonus and related modifier make"]  # fmt: skip
    return _d6_verdict(o, total, rules)


def d6_contest_problems(group: Sequence[Line]) -> dict[tuple[str, int], str]:
    """A D6 contest's two entries (one command's, in an edition's own rules) must both say
    the winner and margin their totals make (003 Opposed Difficulties: the higher total wins,
    a tie the initiator; a side's score is its total less its own difficulty modifiers,
    rulings D17): (game, event number) -> the line saying one does not."""
    sides: dict[str, Line] = {}
    for line in group:
        o = line.get("outcome")
        said = o.get("opposed") if isinstance(o, Mapping) and o.get("system") == "d6" else None
        if isinstance(said, Mapping) and said.get("side") in ("initiator", "resister"):
            if said["side"] in sides:
                return {}
            sides[said["side"]] = line
    if len(sides) != 2 or len({str(s.get("ruleset_version")) for s in sides.values()}) != 1:
        return {}
    if str(sides["initiator"].get("ruleset_version")) not in D6_PRESETS:
        return {}  # house rules: not re-computed (V14)
    scores = []
    for side in ("initiator", "resister"):
        if d6_problems(sides[side]):
            return {}  # its own line says what is wrong
        mods = sides[side]["outcome"].get("difficulty_modifiers", [])
        values = [m.get("value") if isinstance(m, Mapping) else None
                  for m in (mods if isinstance(mods, list) else [None])]  # fmt: skip
        if not all(type(v) is int for v in values):
            return {}  # its card is malformed; not judged here
        scores.append(sides[side]["outcome"]["total"] - sum(v for v in values if type(v) is int))
    right = {"winner": "initiator" if scores[0] >= scores[1] else "resister",
             "margin": abs(scores[0] - scores[1])}  # fmt: skip
    out = {}
    for line in sides.values():
        said = line["outcome"]["opposed"]
        for field, value in right.items():
            if said.get(field) != value or type(said.get(field)) is not type(value):
                out[event_key(line)] = (
                    f"its contest's {field} is {_shown(said.get(field))}, but the sides' "
                    f"scores, {scores[0]} against {scores[1]}, make it {_shown(value)}"
                )
                break
    return out


def _d6_verdict(o: Mapping[str, Any], total: int, rules: D6Preset) -> list[str]:
    difficulty = o.get("difficulty")
    if difficulty is not None and type(difficulty) is not int:
        return [f"its difficulty {_shown(difficulty)} is not a whole number"]
    if o.get("ties_succeed") is not rules.ties_succeed:
        return [f"its ties_succeed {_shown(o.get('ties_succeed'))} is not its ruleset's "
                f"{_shown(rules.ties_succeed)}"]  # fmt: skip
    if difficulty is None:
        success, points = None, None
    else:
        success = total > difficulty or (rules.ties_succeed and total == difficulty)
        points = total - difficulty
    if o.get("success") is not success:
        against = "no difficulty" if difficulty is None else f"a difficulty of {difficulty}"
        return [f"its success is {_shown(o.get('success'))}, but a total of {total} against "
                f"{against} makes it {_shown(success)}"]  # fmt: skip
    if o.get("result_points") != points or type(o.get("result_points")) is not type(points):
        return [f"its result_points {_shown(o.get('result_points'))} are not its total less "
                f"its difficulty, {_shown(points)}"]  # fmt: skip
    return []


def _tosses(name: str, tosses: list[int], rules: D6Preset) -> str:
    """A die that explodes: every toss but the last at ``explode_on`` or more, the last
    under it (unless the bound stopped it)."""
    if not tosses or not all(1 <= t <= 6 for t in tosses):
        return f"its {name} shows {_shown(tosses)}, not tosses of a six-sided die"
    if any(t < rules.explode_on for t in tosses[:-1]) or (
        tosses[-1] >= rules.explode_on and len(tosses) < rules.max_tosses
    ):
        return (f"its {name} shows {_shown(tosses)}, but it rolls again on a "
                f"{rules.explode_on} or more and stops under it")  # fmt: skip
    return ""


def _whole_list(value: Any) -> bool:
    return isinstance(value, list) and all(type(v) is int for v in value)
