"""FS3 at the table (000, 002, 004): sheets, checks with wounds and luck, rolls, contests
and teamwork."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rollplay.dice import Dice
from rollplay.errors import RollplayError, RuleError
from rollplay.table.systems.protocol import BaseSystem
from rollplay.table.systems.request import Points, Request, no_points


class FS3(BaseSystem):
    name = "fs3"
    options: tuple[str, ...] = ("mods", "situations", "luck", "luck_from", "luck_cancel")
    capabilities: ClassVar[frozenset[str]] = frozenset(
        {"opposed", "teamwork", "luck", "experience", "combat", "healing"}
    )

    def ability_names(self, sheet: Any, rules: Any) -> list[str]:
        names = [*rules.attributes, *(a.name for a in rules.action_skills), *rules.languages]
        return [*names, *sheet.background]

    def points_shown(self, row: Any) -> dict[str, Any]:
        return {"luck": row.luck, "xp": row.xp_halves / 2}

    def sheet(self, data: Mapping[str, Any], rules: Any, source: str) -> dict[str, Any]:
        from rollplay.systems.fs3.sheet import sheet_from_mapping

        return sheet_from_mapping(data, rules, source).to_mapping()

    def problems(self, sheet: Mapping[str, Any], rules: Any) -> list[str]:
        from rollplay.systems.fs3.sheet import chargen_problems, sheet_from_mapping

        return chargen_problems(sheet_from_mapping(sheet, rules, "sheet"), rules)

    def sheet_facts(self, sheet: Any, rules: Any) -> dict[str, Any]:
        return {"ratings": sheet.rating_names(rules), "dice": sheet.pools(rules),
                "wound_modifier": -sheet.wound_modifier(rules)}  # fmt: skip

    def starting_points(self, sheet: Mapping[str, Any], rules: Any) -> Points:
        return Points(luck=rules.starting_luck)  # 002 Luck: "begins the game with 1"

    def parse(self, sheet: Mapping[str, Any], rules: Any) -> Any:
        from rollplay.systems.fs3.sheet import sheet_from_mapping

        return sheet_from_mapping(sheet, rules, "sheet")

    def check(
        self, sheet: Any, points: Points, request: Request, rules: Any, contest: bool = False
    ) -> tuple[Any, Points]:
        from rollplay.errors import whole
        from rollplay.systems.fs3.rolls import Check, Modifier

        parsed = sheet
        expression = _with_ruling_attribute(request.expression, parsed, rules)
        after = points
        if request.luck_from and request.luck not in ("boost", "hinder"):
            raise RollplayError(
                "--luck-from names who pays for a boost or hinder (--luck boost|hinder); "
                "without one it would spend a point for nothing"
            )
        if request.luck in ("boost", "hinder"):
            if not request.luck_from:
                raise RollplayError(
                    f"--luck {request.luck} is spent by someone else: say who (--luck-from NAME)"
                )
            if request.luck_cancel:  # 002 Luck: "cancel a luck point used against you"
                if not rules.luck_cancel:
                    raise RuleError(f"{rules.name} does not let luck cancel luck")
                if points.luck < 1:
                    raise RuleError(f"{parsed.name} has no luck point to cancel it with")
                after = Points(points.luck - 1, points.character_points, points.fate_points)
        elif request.luck_cancel:
            raise RollplayError("--luck-cancel cancels a boost or hinder spent on this roll")
        elif request.luck in ("bonus", "reroll", "hail-mary"):
            if points.luck < 1:
                raise RuleError(f"{parsed.name} has no luck points to spend")
            after = Points(points.luck - 1, points.character_points, points.fate_points)
        modifiers: tuple[int | Modifier, ...] = tuple(whole(m, "--mod") for m in request.mods)
        wounds = parsed.wound_modifier(rules)
        if wounds:  # 002 Damage: "applied to all ability rolls", table rolls included
            modifiers += (Modifier("wounds", -wounds),)
        check = Check(
            pool=expression,
            ratings=parsed.ratings(),
            modifiers=modifiers,
            situations=request.situations,
            luck=request.luck,  # type: ignore[arg-type]  # checked by the roll itself
            luck_cancelled=request.luck_cancel,
            name=parsed.name,
        )
        return check, after

    def npc_check(self, request: Request, rules: Any, name: str | None) -> Any:
        """An NPC's roll with no sheet: its single rating in dice (004 NPC Skills), or any
        pool of numbers, with modifiers and situations; NPCs hold no luck."""
        from rollplay.errors import whole
        from rollplay.systems.fs3.rolls import Check

        no_points(request, ("luck", "luck_from", "luck_cancel"))
        return Check(pool=request.expression, ratings={},
                     modifiers=tuple(whole(m, "--mod") for m in request.mods),
                     situations=request.situations, name=name)  # fmt: skip

    def roll(self, check: Any, rules: Any, dice: Dice, secret: bool = False) -> dict[str, Any]:
        from rollplay.systems.fs3.rolls import roll_check

        return _stamped(roll_check(check, rules, dice).to_dict(), rules)

    def opposed(self, first: Any, second: Any, rules: Any, dice: Dice) -> dict[str, Any]:
        from rollplay.systems.fs3.rolls import opposed

        result = opposed(first, second, rules, dice).to_dict()
        return {**result, "first": _stamped(result["first"], rules),
                "second": _stamped(result["second"], rules)}  # fmt: skip

    def teamwork(self, leader: Any, assisters: list[Any], rules: Any, dice: Dice) -> dict[str, Any]:
        from rollplay.systems.fs3.rolls import teamwork

        result = _stamped(teamwork(leader, assisters, rules, dice).to_dict(), rules)
        result["assists"] = [_stamped(a, rules) for a in result["assists"]]
        return result


def _stamped(roll: dict[str, Any], rules: Any) -> dict[str, Any]:
    """An FS3 roll names its ruleset and the face a success starts at, so that a card drawn
    from the log marks the dice as the game's house rules judged them."""
    return {**roll, "ruleset": rules.name, "success_at": rules.success_at}


def _with_ruling_attribute(expression: str, sheet: Any, rules: Any) -> str:
    """A background skill rolled alone adds its ruling attribute from the sheet (002)."""
    if rules.background_attribute is None:
        entry = sheet.background.get(expression.strip())
        if entry is not None and entry.attribute:
            return f"{expression.strip()}+{entry.attribute}"
    return expression
