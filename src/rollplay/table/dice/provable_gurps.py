"""A GURPS success roll's card held to its dice (issue 29 point 3; as verify_outcomes.js):
three dice, their total, the margin (effective skill minus the roll), the success and
critical flags agreeing with the outcome; and, for a roll judged by an edition's own rules
(its ``ruleset_version`` is one of ``GURPS_PRESETS``), the outcome itself re-judged from the
total and the effective skill (001 Success Rolls, Critical Success, Critical Failure).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from rollplay.table.dice.provable_cards import Line, is_count, shown
from rollplay.table.dice.provable_rules import Rules

__all__ = ["GURPS_PRESETS", "gurps_preset", "gurps_problems"]


# The fingerprints (ruleset_version) of GURPS editions' own rules, with what judges a roll:
# always succeed up to, always fail from, critical success up to, critical success at
# (roll: lowest effective skill), critical failure from, critical failure at (roll: highest
# effective skill), critical failure margin. Tests hold it to the rules engine's presets.
Preset = tuple[int, int, int, dict[int, int], int, dict[int, int], int]
GURPS_PRESETS: dict[str, Preset] = {
    "dca762882d050e21": (4, 17, 4, {5: 15, 6: 16}, 18, {17: 15}, 10),  # 4e, the Basic Set
}


def gurps_preset(data: Rules) -> Preset | None:
    """The numbers a GURPS ruleset's canonical data gives (None: it is not one)."""
    keys = ("always_succeed_up_to", "always_fail_from", "critical_success_up_to",
            "critical_success_at", "critical_failure_from", "critical_failure_at",
            "critical_failure_margin")  # fmt: skip
    if not all(key in data for key in keys):
        return None
    made = [_table(data[key]) if at in (3, 5) else data[key] for at, key in enumerate(keys)]
    if not all(v is not None if at in (3, 5) else type(v) is int for at, v in enumerate(made)):
        return None
    return cast(Preset, tuple(made))


def _table(pairs: Any) -> dict[int, int] | None:
    """(roll, skill) pairs as a lookup; None unless each is two whole numbers."""
    if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
        return None
    if not all(type(k) is int and type(v) is int for k, v in pairs):
        return None
    return dict(pairs)


def gurps_problems(line: Line, rules: Rules | None = None) -> list[str]:
    """What is wrong with a GURPS success roll's card; the first difference. ``rules``: the
    ruleset in force at it, as the file gives it (provable_rules.py)."""
    o = line.get("outcome")
    if not isinstance(o, Mapping) or o.get("system") != "gurps":
        return []
    dice, total, effective = o.get("dice"), o.get("roll"), o.get("effective")
    if not isinstance(dice, list) or len(dice) != 3 or not all(type(d) is int for d in dice):
        return [f"it shows {shown(dice)} for three dice"]
    if not is_count(total, sum(dice)):
        return [f"its roll {shown(total)} is not its dice's total {sum(dice)}"]
    if type(effective) is not int:
        return [f"its effective skill {shown(effective)} is not a whole number"]
    if not is_count(o.get("margin"), effective - sum(dice)):
        return [f"its margin {shown(o.get('margin'))} is not its effective skill {effective} "
                f"less its roll {total}"]  # fmt: skip
    said = o.get("outcome")
    flags = {"success": said in ("success", "critical success"),
             "critical": said in ("critical success", "critical failure"),
             "critical_success": said == "critical success",
             "critical_failure": said == "critical failure"}  # fmt: skip
    for flag, right in flags.items():
        if o.get(flag) is not right:
            return [f"its {flag} {shown(o.get(flag))} does not agree with its outcome "
                    f"{shown(said)}"]  # fmt: skip
    preset = GURPS_PRESETS.get(str(line.get("ruleset_version"))) if rules is None else (
        gurps_preset(rules))  # fmt: skip
    if rules is not None and preset is None:
        return ["its ruleset is not a GURPS ruleset this verifier can read"]
    if preset is not None and said != (right := _judged(sum(dice), effective, preset)):
        return [f"its outcome is {shown(said)}, but a roll of {total} against an effective "
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
