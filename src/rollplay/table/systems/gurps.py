"""GURPS at the table (001): sheets (GCS files too), checks against a level or a sheet's
skill, rolls and their exact odds, and secret rolls graded for the GM."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rollplay.dice import Dice
from rollplay.errors import RuleError
from rollplay.table.systems.envelope import single
from rollplay.table.systems.protocol import BaseSystem
from rollplay.table.systems.request import Points, Request


class GURPS(BaseSystem):
    name = "gurps"
    options: tuple[str, ...] = ("mods", "difficulty", "defense", "sense")
    capabilities: ClassVar[frozenset[str]] = frozenset({"secret_grading"})

    def ability_names(self, sheet: Any, rules: Any) -> list[str]:
        """Attributes, trained skills, and the skills that default (the sheet's, 001's)."""
        from rollplay.systems.gurps.defaults import BUILT_IN_DEFAULTS

        return [*sheet.attributes, *sheet.skills, *sheet.defaults, *BUILT_IN_DEFAULTS]

    def visibility(self, request: Request, asked: str) -> str:
        """001 When the GM Rolls: the GM makes a Sense roll, in secret."""
        return "secret" if request.sense else asked

    def read_sheet(self, path: str) -> dict[str, Any]:
        """A sheet file in rollplay's GURPS format, or a GCS file (docs/gurps.md)."""
        if path.lower().endswith(".gcs"):
            from rollplay.gurps import gcs_sheet

            return gcs_sheet(path)
        return super().read_sheet(path)

    def sheet(self, data: Mapping[str, Any], rules: Any, source: str) -> dict[str, Any]:
        from rollplay.systems.gurps.character import from_mapping

        c = from_mapping(data, source)
        return {
            "name": c.name,
            "system": "gurps",
            "attributes": dict(c.attributes),
            "skills": dict(c.skills),
            "defaults": {k: [str(d) for d in v] or "none" for k, v in c.defaults.items()},
        }

    def parse(self, sheet: Mapping[str, Any], rules: Any) -> Any:
        from rollplay.systems.gurps.character import from_mapping

        return from_mapping(sheet, "sheet")

    def check(
        self, sheet: Any, points: Points, request: Request, rules: Any, contest: bool = False
    ) -> tuple[Any, Points]:
        return self._check(request, rules, sheet, sheet.name), points

    def npc_check(self, request: Request, rules: Any, name: str | None) -> Any:
        """A roll against a level with no sheet (``roll 12``)."""
        return self._check(request, rules, None, name)

    def _check(self, request: Request, rules: Any, character: Any, name: str | None) -> Any:
        from rollplay.errors import whole
        from rollplay.systems.gurps.rolls import build_check

        text = request.expression.strip()
        number = text.replace("\u2212", "-").removeprefix("-").removeprefix("+")
        skill: int | str = whole(text, "a skill level") if number.isdecimal() else text
        check = build_check(
            skill, request.mods, rules, difficulty=request.difficulty,
            defense=request.defense, character=character, name=name,
        )  # fmt: skip
        return check._replace(sense=request.sense)

    def roll(self, check: Any, rules: Any, dice: Dice, secret: bool = False) -> dict[str, Any]:
        """A secret roll is graded for the GM (001 When the GM Rolls): its ``information``
        (truthful, partial, nothing or false) is kept with it in the log."""
        from rollplay.systems.gurps.rolls import roll_check
        from rollplay.systems.gurps.secret import roll_secret

        if secret:
            return roll_secret(check, rules, dice, sense=check.sense).gm_view()
        return roll_check(check, rules, dice).to_dict()

    def opposed(self, first: Any, second: Any, rules: Any, dice: Dice) -> dict[str, Any]:
        raise RuleError(_NO_CONTESTS)

    def odds(self, check: Any, rules: Any) -> dict[str, Any]:
        """Success, critical success and failure, and each margin, for the effective skill
        the roll would be made against (refused where the roll would be)."""
        from rollplay.systems.gurps.odds import skill_odds
        from rollplay.systems.gurps.rolls import effective_skill

        effective = effective_skill(check, rules)
        o = skill_odds(effective, rules, check.defense)
        mods = "".join(f", {m.value:+d} {m.reason}".rstrip() for m in check.modifiers)
        label = f"{check.skill} {check.base}" if check.skill else str(check.base)
        text = f"{label}{mods}: 3d6 against {effective}"
        detail = {
            **o.to_dict(),
            "name": check.name,
            "skill": check.skill,
            "base": check.base,
            "default": check.default,
            "sense": check.sense,
            "modifiers": [{"value": m.value, "reason": m.reason} for m in check.modifiers],
        }
        detail["exact"] = {**detail["exact"],
                           "outcomes": {k: str(p) for k, p in o.outcomes.items()}}  # fmt: skip
        return single(self.name, text, o.success, detail)

    def opposed_odds(self, first: Any, second: Any, rules: Any) -> dict[str, Any]:
        raise RuleError(_NO_CONTESTS)


_NO_CONTESTS = "001 has success rolls only, no contests: roll each side on its own"
