"""The D6 System at the table (003): sheets, checks with Character and Fate Points, rolls
and contests, and their exact odds."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from rollplay.dice import Dice
from rollplay.table.systems.envelope import contest, single
from rollplay.table.systems.protocol import BaseSystem
from rollplay.table.systems.request import Points, Request, no_points


class D6(BaseSystem):
    name = "d6"
    options: tuple[str, ...] = (
        "mods", "difficulty", "cp", "fate", "gm_allows_both", "wild_one", "bonuses",
        "unskilled", "attribute", "prepare", "rush", "related", "carry", "damage_from",
        "second_chance", "actions", "attack",
    )  # fmt: skip
    capabilities: ClassVar[frozenset[str]] = frozenset({"opposed", "points_after"})

    def ability_names(self, sheet: Any, rules: Any) -> list[str]:
        """Attributes and skills, untrained ones (listed with their attribute) too."""
        return list(dict.fromkeys([*sheet.attributes, *sheet.skills, *sheet.skill_attributes]))

    def points_shown(self, row: Any) -> dict[str, Any]:
        return {"character_points": row.character_points, "fate_points": row.fate_points}

    def answer_spends(self, rules: Any) -> tuple[str, ...]:
        """003: Character Points "before or after" a roll, a Fate Point "only ... before"."""
        return ("cp", "fate")

    def sheet(self, data: Mapping[str, Any], rules: Any, source: str) -> dict[str, Any]:
        from rollplay.systems.d6.character import from_mapping

        c = from_mapping(data, source, rules.pips_per_die)
        skills: dict[str, Any] = {}
        for k, code in c.skills.items():
            parent = c.skill_attributes.get(k)
            skills[k] = {"code": str(code), "attribute": parent} if parent else str(code)
        for k, parent in c.skill_attributes.items():  # untrained skills: their attribute only
            skills.setdefault(k, {"attribute": parent})
        return {
            "name": c.name,
            "system": "d6",
            "attributes": {k: str(v) for k, v in c.attributes.items()},
            "skills": skills,
            "character_points": c.character_points,
            "fate_points": c.fate_points,
        }

    def starting_points(self, sheet: Mapping[str, Any], rules: Any) -> Points:
        return Points(
            character_points=int(sheet.get("character_points", 0)),
            fate_points=int(sheet.get("fate_points", 0)),
        )

    def parse(self, sheet: Mapping[str, Any], rules: Any) -> Any:
        from rollplay.systems.d6.character import from_mapping

        return from_mapping(sheet, "sheet", rules.pips_per_die)

    def check(
        self, sheet: Any, points: Points, request: Request, rules: Any, contest: bool = False
    ) -> tuple[Any, Points]:
        from rollplay.systems.d6.check import Points as D6Points
        from rollplay.systems.d6.options import sheet_check

        r = request
        options = _d6_options(r, sheet.name)
        # The columns, not the sheet's starting numbers, say what the character has now.
        held = D6Points(points.character_points, points.fate_points)
        check, spent = sheet_check(sheet, r.expression, options, rules, held, contest=contest)
        after = Points(
            points.luck,
            points.character_points - spent.character_points,
            points.fate_points - spent.fate_points,
        )
        return check, after

    def npc_check(self, request: Request, rules: Any, name: str | None) -> Any:
        """A die code with no sheet (``roll 4D+2 vs 15``); an NPC spends no points here."""
        from rollplay.systems.d6.options import make_check

        no_points(request, ("cp", "fate"))
        return make_check(request.expression, _d6_options(request, name), rules)

    def roll(self, check: Any, rules: Any, dice: Dice, secret: bool = False) -> dict[str, Any]:
        from rollplay.systems.d6.rolls import roll_check

        return roll_check(check, rules, dice).to_dict()

    def opposed(self, first: Any, second: Any, rules: Any, dice: Dice) -> dict[str, Any]:
        from rollplay.systems.d6.rolls import opposed

        return opposed(first, second, rules, dice).to_dict()

    def odds(self, check: Any, rules: Any) -> dict[str, Any]:
        """The total's distribution and the chance of meeting the difficulty (None with no
        difficulty), Critical Failure's, and the explosions' cut-off tail."""
        from rollplay.systems.d6.odds import check_odds

        return _single(check, check_odds(check, rules), rules)

    def opposed_odds(self, first: Any, second: Any, rules: Any) -> dict[str, Any]:
        """003 Opposed Difficulties: the higher total wins, a tie the initiator (the first)."""
        from rollplay.systems.d6.odds import opposed_odds

        o = opposed_odds(first, second, rules)
        plain = (first._replace(difficulty=None), second._replace(difficulty=None))
        sides = [
            _single(c, s, rules) for c, s in zip(plain, (o.initiator, o.resister), strict=True)
        ]
        detail = {"truncated": float(o.truncated), "exact": {"truncated": str(o.truncated)}}
        return contest(self.name, sides[0], sides[1],
                       (o.initiator_wins, Fraction(0), o.resister_wins), detail)  # fmt: skip


def _single(check: Any, o: Any, rules: Any) -> dict[str, Any]:
    """One side's odds in the table's envelope: 'Search 4D+1 +1D prepared, 1 CP vs 15'."""
    from rollplay.systems.d6.rolls import dice_counts

    own, _ = dice_counts(check, rules)
    label = check.skill or check.attribute
    parts = [f"{label} {own}" if label else str(own), *(str(b) for b in check.bonuses)]
    if check.related:
        parts.append(f"{check.related:+d} related")
    text = " ".join(parts)
    if check.character_points:
        text += f", {check.character_points} CP"
    if o.difficulty is not None:
        text += f" vs {o.difficulty}"
    detail = {
        **o.to_dict(),
        "name": check.name,
        "skill": check.skill,
        "code": str(check.code),
        "rolled": str(own),
        "character_points": check.character_points,
        "fate": check.fate,
        "bonuses": [
            {"dice": b.dice, "number": b.number, "reason": b.reason} for b in check.bonuses
        ],
        "difficulty_modifiers": [{"reason": r, "value": v} for r, v in check.difficulty_mods],
    }
    return single("d6", text, o.success, detail)


def _d6_options(r: Request, name: str | None) -> Any:
    from rollplay.systems.d6.options import RollOptions
    from rollplay.systems.d6.results import parse_related

    return RollOptions(
        difficulty=r.difficulty, bonuses=r.bonuses + r.mods, cp=r.cp, fate=r.fate,
        gm_allows_both=r.gm_allows_both, wild_one=r.wild_one, unskilled=r.unskilled,
        attribute=r.attribute, prepare=r.prepare, rush=r.rush,
        related=tuple(parse_related(x) for x in r.related), carry=r.carry,
        damage_from=r.damage_from, second_chance=r.second_chance, actions=r.actions,
        attack=r.attack, name=name,
    )  # fmt: skip
