"""What approval asks of a character brought in from another table (issue 38 §2; rulings
A44): the game's rules, not a fresh character's budget. The sheet is read against the
game's ability lists and ranges (sheet.py refuses an unknown ability or a rating out of
range), and these problems stay: each attribute at the game's least, and, where each
character chooses it, a ruling attribute for every background skill (002 Ruling
Attribute). The points, the pools' caps, the counts of high ratings and of background
skills are 002 Character Creation's, which an imported character, perhaps years past its
creation, is not held to (as levels bought with XP are not: rulings R29)."""

from __future__ import annotations

from rollplay.systems.fs3.chargen import ruling_problems
from rollplay.systems.fs3.ruleset import FS3Ruleset
from rollplay.systems.fs3.sheet import FS3Sheet


def imported_problems(sheet: FS3Sheet, rules: FS3Ruleset) -> list[str]:
    """Every way an imported sheet breaks the game's standing rules (see the note)."""
    problems = []
    least = rules.chargen.min_attribute
    for attribute in rules.attributes:
        if sheet.attributes.get(attribute, 0) < least:
            problems.append(f"{attribute} must be at least {least} (002 Abilities)")
    return problems + ruling_problems(sheet, rules)
