"""The built-in GURPS ruleset: 001 (GURPS 4th edition success rolls), as data.

Where a row of the Task Difficulty table spans two values (Hard is -4 or -5), the bare name
gives the milder one and the other is asked for by value (docs/rulings.md G3).
"""

from __future__ import annotations

from rollplay.errors import RulesetError, suggest
from rollplay.systems.gurps.ruleset import Difficulty, GURPSRuleset, InfoGrade

# 001 Task Difficulty, with the text's Driving example for each row.
DIFFICULTIES = (
    Difficulty("automatic", 10, 10, 10, "no roll needed, barring the extraordinary (start a car)"),
    Difficulty("trivial", 8, 8, 9, "failure needs incredibly bad luck (an empty parking lot)"),
    Difficulty("very easy", 6, 6, 7, "failure needs bad luck (an empty suburban street)"),
    Difficulty("easy", 4, 4, 5, "most mundane tasks (commuting in a small town)"),
    Difficulty("very favorable", 2, 2, 3, "mildly risky (commuting in a teeming metropolis)"),
    Difficulty("favorable", 1, 1, 1, "easy for a career adventurer (a road rally)"),
    Difficulty("average", 0, 0, 0, "most adventuring tasks, skill under stress (a car chase)"),
    Difficulty("unfavorable", -1, -1, -1, "challenges a novice (a high-speed chase)"),
    Difficulty("very unfavorable", -2, -3, -2, "challenges a professional (a busy freeway)"),
    Difficulty("hard", -4, -5, -4, "experts look for alternatives (shooting from the car)"),
    Difficulty("very hard", -6, -7, -6, "masters have second thoughts (a chase in a blizzard)"),
    Difficulty("dangerous", -8, -9, -8, "the greatest masters expect to fail"),
    Difficulty("impossible", -10, -10, -10, "no sane person would try"),
)

BASIC_SET = GURPSRuleset(
    name="GURPS 4th edition",
    edition="4e",
    difficulties=DIFFICULTIES,
    # 001 When the GM Rolls; the grades are rulings G6, their categories G12.
    info_critical_success=InfoGrade(
        4, "complete", "the whole truth, and more than was asked", "truthful"
    ),
    info_success=(
        InfoGrade(8, "clear", "true, specific and useful", "truthful"),
        InfoGrade(12, "partial", "true, but only the main points", "partial"),
        InfoGrade(18, "vague", "true, but thin: a hint or an impression", "partial"),
    ),
    info_failure=(
        InfoGrade(14, "nothing", "no information", "nothing"),
        InfoGrade(16, "misleading", "a half-truth that points the wrong way", "false"),
        InfoGrade(18, "false", "a convincing lie", "false"),
    ),
    info_critical_failure=InfoGrade(18, "dangerous lie", "a lie that leads into harm", "false"),
)

EDITIONS: dict[str, GURPSRuleset] = {"4e": BASIC_SET}
DEFAULT_EDITION = "4e"


def preset(edition: str = DEFAULT_EDITION) -> GURPSRuleset:
    """The built-in ruleset by edition ('4e'; '4', '4th' work too)."""
    exact = EDITIONS.get(edition)
    if exact is not None:
        return exact
    key = edition.strip().casefold().removesuffix("th").removesuffix("e")
    if key == "4":
        return BASIC_SET
    raise RulesetError(
        f"unknown GURPS edition {edition!r}{suggest(edition, EDITIONS)}; "
        f"known editions: {', '.join(EDITIONS)}"
    )
