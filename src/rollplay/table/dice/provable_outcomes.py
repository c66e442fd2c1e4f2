"""Each outcome held to its dice, in both verifiers alike (issue 29 point 3;
``server/static/verify_outcomes.js`` is the same, with the same lines): each system's card
in its own module (provable_fs3.py, provable_gurps.py, provable_d6.py), and here what any
command's entries keep: their draw order, and a contest's verdict."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rollplay.table.dice.provable_cards import Line
from rollplay.table.dice.provable_checks import event_key, event_number
from rollplay.table.dice.provable_checks import is_part as _is_part
from rollplay.table.dice.provable_d6 import (
    D6_PRESETS,
    D6Preset,
    d6_after_problems,
    d6_contest_problems,
    d6_problems,
)
from rollplay.table.dice.provable_fs3 import (
    FS3_PRESETS,
    FS3Preset,
    fs3_contest_problems,
    fs3_judged,
    fs3_problems,
)
from rollplay.table.dice.provable_gurps import GURPS_PRESETS, gurps_problems
from rollplay.table.dice.provable_rules import Rules
from rollplay.table.dice.provable_team import teamwork_problems

__all__ = [
    "D6_PRESETS", "FS3_PRESETS", "GURPS_PRESETS", "D6Preset", "FS3Preset", "contest_problems",
    "d6_after_problems",
    "d6_problems", "fs3_judged", "fs3_problems", "gurps_problems", "part_order",
]  # fmt: skip


def contest_problems(
    group: Sequence[Line], rules: Mapping[tuple[str, int], Rules]
) -> dict[tuple[str, int], str]:
    """A contest's two entries must both say the verdict their sides make, by its system's
    rules (``rules``: each entry's ruleset in force, provable_rules.py), and a teamwork
    roll its assist modifier: (game, event number) -> the line saying one does not."""
    if any(isinstance(o := line.get("outcome"), Mapping) and o.get("system") == "d6"
           for line in group):  # fmt: skip
        return d6_contest_problems(group, rules)
    return {**teamwork_problems(group, rules), **fs3_contest_problems(group, rules)}


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
