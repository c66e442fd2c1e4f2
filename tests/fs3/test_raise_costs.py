"""What a sheet offers to raise (``raise_costs``) is what raising costs: for every skill a
sheet shows a price for, raising it with that much XP succeeds at that price, and one half
point less is refused; a skill shown at its scale's top cannot be raised. Both editions."""

from __future__ import annotations

import pytest

from rollplay.errors import RuleError
from rollplay.systems.fs3.experience import raise_costs, raise_with_xp
from rollplay.systems.fs3.presets import preset
from rollplay.systems.fs3.sheet import sheet_from_mapping
from tests.table.conftest import NIKOS
from tests.table.test_table import NIKOS_32


@pytest.mark.parametrize("edition", ["3.2", "3.3"])
def test_the_prices_shown_are_the_prices_paid(edition: str) -> None:
    rules = preset(edition)
    nikos = NIKOS if edition == "3.3" else NIKOS_32
    top = {**nikos["action"], "Melee": rules.skill_range[1]}  # one at its scale's top
    sheet = sheet_from_mapping({**nikos, "action": top}, rules, "sheet")
    costs = raise_costs(sheet, rules)
    assert set(costs["action"]) == {a.name for a in rules.action_skills}
    checked = 0
    for kind, skills in costs.items():
        for skill, cost in skills.items():
            if cost is None:
                with pytest.raises(RuleError):
                    raise_with_xp(sheet, kind, skill, rules, xp_halves=10**6,
                                  raises_since_award=0)  # fmt: skip
                continue
            halves = int(cost * 2)
            done = raise_with_xp(sheet, kind, skill, rules, xp_halves=halves,
                                 raises_since_award=0)  # fmt: skip
            assert done.cost_halves == halves
            with pytest.raises(RuleError, match="costs"):
                raise_with_xp(sheet, kind, skill, rules, xp_halves=halves - 1,
                              raises_since_award=0)  # fmt: skip
            checked += 1
    assert checked > len(rules.action_skills) - 1
    assert costs["action"]["Melee"] is None
