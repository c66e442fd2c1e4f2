"""A D6 System skill check's card held to its dice (issue 29 point 3; as
verify_outcomes.js), for a roll judged by an edition's own rules (its ``ruleset_version`` is
one of ``D6_PRESETS``): the Wild Die rolls again on the edition's explosion face and on
nothing else, its first toss makes the Critical Failure (a complication, or the 1 and the
highest regular die cancelled, the roll's chosen option) and Critical Success, the total is
its dice, Wild Die, Character Point dice, pips, bonuses and related-skill modifier less what
was cancelled (rolls.judge), and success, with a difficulty, is the total meeting (ties as
the edition says) or beating it; a contest's two entries both say the winner and margin.
House rules' outcomes need the game's ruleset, which the export does not carry: not
re-computed (V14).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from rollplay.table.dice.provable_cards import Line, contest_sides, disagreeing, shown
from rollplay.table.dice.provable_checks import event_key, event_number
from rollplay.table.dice.provable_checks import said as said_as_text
from rollplay.table.dice.provable_rules import Rules

__all__ = ["D6_PRESETS", "D6Preset", "d6_after_problems", "d6_contest_problems", "d6_preset",
           "d6_problems"]  # fmt: skip


class D6Preset(NamedTuple):
    """What judges a D6 System skill check in an edition's own rules (rolls.judge)."""

    explode_on: int  # the Wild Die (and a Character Point die) rolls again on this or more
    ties_succeed: bool  # a total equal to the difficulty succeeds
    wild_ones: tuple[str, ...]  # the Critical Failure options a roll may choose
    max_tosses: int  # a die that keeps exploding stops here (rulings D8)
    bonus_divisor: int  # result points to bonus points, rounded up (results.py)
    damage_divisor: int  # result points to a damage bonus, rounded up
    rushing: tuple[tuple[int, int], ...]  # (percent less time, the difficulty's increase)


# The fingerprints (ruleset_version) of D6 editions' own rules; a test holds them to the rules
# engine (presets.py, rolls.py).
D6_PRESETS: dict[str, D6Preset] = {
    "15e3d55b404789e1": D6Preset(
        6, True, ("complication", "cancel"), 100, 2, 5, ((25, 5), (50, 10), (75, 20))
    ),  # 003, the D6 System
}


def d6_preset(data: Rules) -> D6Preset | None:
    """The numbers a D6 ruleset's canonical data gives (None: it is not one); the Critical
    Failure options and the bound on explosions are the engine's own (rolls.py)."""
    explode_on, ties = data.get("explode_on"), data.get("ties_succeed")
    if type(explode_on) is not int or not 2 <= explode_on <= 6 or type(ties) is not bool:
        return None
    divisors = (data.get("bonus_divisor"), data.get("damage_divisor"))
    rushing = data.get("rushing")
    if not all(type(d) is int and d > 0 for d in divisors) or not isinstance(rushing, list):
        return None
    if not all(isinstance(r, list) and len(r) == 2 and all(type(n) is int for n in r)
               for r in rushing):  # fmt: skip
        return None
    table = tuple((r[0], r[1]) for r in rushing)
    return D6Preset(explode_on, ties, ("complication", "cancel"), 100, *divisors, table)  # type: ignore[arg-type]


def _preset(line: Line, rules: Rules | None) -> D6Preset | None:
    if rules is not None:
        return d6_preset(rules)
    return D6_PRESETS.get(str(line.get("ruleset_version")))


def d6_problems(line: Line, rules_data: Rules | None = None) -> list[str]:
    """What is wrong with a D6 skill check's total and verdict; the first difference.
    ``rules_data``: the ruleset in force at it, as the file gives it (provable_rules.py)."""
    o = line.get("outcome")
    if not isinstance(o, Mapping) or o.get("system") != "d6":
        return []
    rules = _preset(line, rules_data)
    if rules is None:
        if rules_data is not None:
            return ["its ruleset is not a D6 ruleset this verifier can read"]
        return []  # house rules the file does not give: not re-computed (V14)
    for field in ("dice", "wild", "cancelled"):
        if not _whole_list(o.get(field)):
            return [f"its {field} are not a list of whole numbers"]
    cp = o.get("cp_dice")
    if not isinstance(cp, list) or not all(_whole_list(d) and len(d) > 0 for d in cp):
        return ["its cp_dice are not lists of whole numbers"]
    for field in ("pips", "bonus", "related", "total"):
        if type(o.get(field)) is not int:
            return [f"its {field} {shown(o.get(field))} is not a whole number"]
    dice, wild, total = o["dice"], o["wild"], o["total"]
    for name, tosses in (("Wild Die", wild), *(("Character Point die", d) for d in cp)):
        wrong = _tosses(name, tosses, rules)
        if wrong:
            return [wrong]
    option = o.get("wild_one")
    if option not in rules.wild_ones:
        return [f"its wild_one {shown(option)} is not one of {shown(list(rules.wild_ones))}"]
    critical = wild[0] == 1
    flags = {"critical_failure": critical, "complication": critical and option == "complication",
             "critical_success": wild[0] >= rules.explode_on}  # fmt: skip
    for flag, right in flags.items():
        if o.get(flag) is not right:
            return [f"its {flag} {shown(o.get(flag))} does not agree with its Wild Die's first "
                    f"toss, {wild[0]} ({option})"]  # fmt: skip
    cancelled = ([1, max(dice)] if dice else [1]) if critical and option == "cancel" else []
    if o["cancelled"] != cancelled:
        return [f"its cancelled dice {shown(o['cancelled'])} are not the {shown(cancelled)} "
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
    return _d6_verdict(o, total, rules) or _d6_points(o, rules)


def d6_contest_problems(
    group: Sequence[Line], rules: Mapping[tuple[str, int], Rules]
) -> dict[tuple[str, int], str]:
    """A D6 contest's two entries (one command's, in an edition's own rules) must both say
    the winner and margin their totals make (003 Opposed Difficulties: the higher total wins,
    a tie the initiator; a side's score is its total less its own difficulty modifiers,
    rulings D17): (game, event number) -> the line saying one does not."""
    sides = contest_sides(group, "d6", ("initiator", "resister"))
    if not sides or _preset(sides["initiator"], rules.get(event_key(sides["initiator"]))) is None:
        return {}  # not a contest, or house rules the file does not give (V14)
    scores = [_score(sides[side], rules) for side in ("initiator", "resister")]
    if scores[0] is None or scores[1] is None:
        return {}  # its own line says what is wrong, or its card is malformed
    right = {"winner": "initiator" if scores[0] >= scores[1] else "resister",
             "margin": abs(scores[0] - scores[1])}  # fmt: skip
    return disagreeing(sides, right, f"the sides' scores, {scores[0]} against {scores[1]},")


def d6_after_problems(
    lines: Sequence[Line], rules: Mapping[tuple[str, int], Rules]
) -> dict[tuple[str, int], str]:
    """A D6 contest judged again after Character Points on one side (after.py): the new
    entry's winner and margin against the other side's latest entry in the contest before
    it, each score its total less its own difficulty modifiers (D17): (game, event number)
    -> the line saying it does not. Not judged where the reader sees no other side."""
    latest: dict[tuple[str, Any], dict[str, Line]] = {}
    out = {}
    for line in sorted(lines, key=event_number):
        o: Any = line.get("outcome")
        said = o.get("opposed") if isinstance(o, Mapping) and o.get("system") == "d6" else None
        if line.get("kind") != "roll" or not isinstance(said, Mapping):
            continue
        side, first = said.get("side"), said.get("contest")
        if side not in ("initiator", "resister") or (first is not None and type(first) is not int):
            continue
        sides = latest.setdefault((said_as_text(line.get("game")), first or event_number(line)), {})
        other = sides.get("resister" if side == "initiator" else "initiator")
        if o.get("adds_to") is not None and other is not None:
            mine, theirs = _score(line, rules), _score(other, rules)
            if mine is not None and theirs is not None:
                a, b = (mine, theirs) if side == "initiator" else (theirs, mine)
                right = {"winner": "initiator" if a >= b else "resister", "margin": abs(a - b)}
                out.update(disagreeing({side: line}, right, f"the sides' scores, {a} against {b},"))
        sides[side] = line
    return out


def _score(line: Line, rules: Mapping[tuple[str, int], Rules]) -> int | None:
    """A contest side's score, or None where it is not judged (house rules the file does
    not give, or its own line says what is wrong)."""
    given = rules.get(event_key(line))
    if _preset(line, given) is None or d6_problems(line, given):
        return None
    o = line["outcome"]
    mods = o.get("difficulty_modifiers", [])
    values = [m.get("value") if isinstance(m, Mapping) else None
              for m in (mods if isinstance(mods, list) else [None])]  # fmt: skip
    if not all(type(v) is int for v in values):
        return None
    return int(o["total"]) - sum(v for v in values if type(v) is int)


def _d6_verdict(o: Mapping[str, Any], total: int, rules: D6Preset) -> list[str]:
    difficulty = o.get("difficulty")
    if difficulty is not None and type(difficulty) is not int:
        return [f"its difficulty {shown(difficulty)} is not a whole number"]
    if o.get("ties_succeed") is not rules.ties_succeed:
        return [f"its ties_succeed {shown(o.get('ties_succeed'))} is not its ruleset's "
                f"{shown(rules.ties_succeed)}"]  # fmt: skip
    if difficulty is None:
        success, points = None, None
    else:
        success = total > difficulty or (rules.ties_succeed and total == difficulty)
        points = total - difficulty
    if o.get("success") is not success:
        against = "no difficulty" if difficulty is None else f"a difficulty of {difficulty}"
        return [f"its success is {shown(o.get('success'))}, but a total of {total} against "
                f"{against} makes it {shown(success)}"]  # fmt: skip
    if o.get("result_points") != points or type(o.get("result_points")) is not type(points):
        return [f"its result_points {shown(o.get('result_points'))} are not its total less "
                f"its difficulty, {shown(points)}"]  # fmt: skip
    return []


_RUSHING = re.compile(r"rushing \(([0-9]{1,3})% less time\)")


def _d6_points(o: Mapping[str, Any], rules: D6Preset) -> list[str]:
    """Its bonus and damage points from its result points (003 Result Points, rounded up,
    a failure none); each rushing modifier the ruleset's increase for its time (003)."""
    points = o.get("result_points")
    for field, divisor in (("bonus_points", rules.bonus_divisor),
                           ("damage_bonus", rules.damage_divisor)):  # fmt: skip
        right = None if points is None else -(-points // divisor) if points > 0 else 0
        if o.get(field) != right or type(o.get(field)) is not type(right):
            return [f"its {field} {shown(o.get(field))} are not its result points "
                    f"{shown(points)} over {divisor}, rounded up: {shown(right)}"]  # fmt: skip
    mods = o.get("difficulty_modifiers", [])
    for mod in mods if isinstance(mods, list) else []:
        reason = mod.get("reason") if isinstance(mod, Mapping) else None
        rushed = _RUSHING.fullmatch(reason) if isinstance(reason, str) else None
        if rushed is None:
            continue
        right = next((up for less, up in rules.rushing if less == int(rushed[1])), None)
        if mod.get("value") != right or type(mod.get("value")) is not int:
            said = "is not a time its ruleset allows" if right is None else f"is +{right}"
            return [f"its difficulty modifier {shown(reason)} is {shown(mod.get('value'))}, "
                    f"but under its ruleset rushing {rushed[1]}% less time {said}"]  # fmt: skip
    return []


def _tosses(name: str, tosses: list[int], rules: D6Preset) -> str:
    """A die that explodes: every toss but the last at ``explode_on`` or more, the last
    under it (unless the bound stopped it)."""
    if not tosses or not all(1 <= t <= 6 for t in tosses):
        return f"its {name} shows {shown(tosses)}, not tosses of a six-sided die"
    if any(t < rules.explode_on for t in tosses[:-1]) or (
        tosses[-1] >= rules.explode_on and len(tosses) < rules.max_tosses
    ):
        return (f"its {name} shows {shown(tosses)}, but it rolls again on a "
                f"{rules.explode_on} or more and stops under it")  # fmt: skip
    return ""


def _whole_list(value: Any) -> bool:
    return isinstance(value, list) and all(type(v) is int for v in value)
