"""FS3 at the table (000, 002, 004): sheets, checks with wounds and luck, rolls, contests
and teamwork, and their exact odds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from rollplay.dice import Dice
from rollplay.errors import RollplayError, RuleError
from rollplay.table.systems.envelope import contest, single
from rollplay.table.systems.protocol import Allowance, BaseSystem, Tally
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

    def answer_spends(self, rules: Any) -> tuple[str, ...]:
        """A luck point on one's own roll, as the edition has it: a bonus (000 Modifiers +3,
        002 Luck +5), 002's re-roll, and a Hail Mary (000)."""
        from rollplay.systems.fs3.luck import OWN_LUCK

        kept = {"bonus": rules.luck_bonus, "reroll": rules.luck_reroll}
        return tuple(k for k in OWN_LUCK if kept.get(k, True))

    def answer_luck(self, luck: str) -> None:
        """A requested roll is its roller's own (rulings R31): their own luck, not a boost or
        hinder, which is someone else's point on it (002 Luck)."""
        from rollplay.systems.fs3.luck import OWN_LUCK

        if luck not in OWN_LUCK:
            raise RollplayError(f"an answer spends its roller's own luck ({', '.join(OWN_LUCK)}), "
                                f"not {luck!r}: a boost or hinder is spent on someone else's "
                                f"roll")  # fmt: skip

    def allowance(self, request: Request) -> Allowance | None:
        """000 Hail Mary Rolls: "A storyteller may allow you to spend one or more Luck Points
        to get a 'Hail Mary' roll ... even when one would not normally be allowed"."""
        from rollplay.systems.fs3.luck import HAIL_MARY

        if request.luck is not None:
            return None
        return Allowance(replace(request, luck=HAIL_MARY), HAIL_MARY, "a Hail Mary roll (000)")

    def check_player_edit(
        self, before: Mapping[str, Any] | None, after: Mapping[str, Any], rules: Any
    ) -> None:
        """What XP bought (the sheet's ``experience``) is written by a raise (002
        Experience); a player's own edit cannot claim more of it (rulings R29). Read as
        stored, so a sheet the game's rules have since outgrown is still compared."""
        from rollplay.systems.fs3.experience import xp_claimed
        from rollplay.table.access.authz import Forbidden
        from rollplay.table.events.sheets import FS3Sheet

        had = {} if before is None else FS3Sheet.model_validate(before).experience
        skill = xp_claimed(had, FS3Sheet.model_validate(after).experience)
        if skill is not None:
            raise Forbidden(f"only the Storyteller says XP bought more of {skill} than "
                            f"raises did (experience): XP is spent with xp raise (002 "
                            f"Experience)")  # fmt: skip

    def sheet(self, data: Mapping[str, Any], rules: Any, source: str) -> dict[str, Any]:
        from rollplay.systems.fs3.sheet import sheet_from_mapping

        return sheet_from_mapping(data, rules, source).to_mapping()

    def problems(self, sheet: Mapping[str, Any], rules: Any) -> list[str]:
        from rollplay.systems.fs3.chargen import chargen_problems
        from rollplay.systems.fs3.sheet import sheet_from_mapping

        return chargen_problems(sheet_from_mapping(sheet, rules, "sheet"), rules)

    def imported_problems(self, sheet: Mapping[str, Any], rules: Any) -> list[str]:
        """The game's ranges and abilities and its standing rules, not 002's creation
        budget (rulings A44)."""
        from rollplay.systems.fs3.imported import imported_problems
        from rollplay.systems.fs3.sheet import sheet_from_mapping

        return imported_problems(sheet_from_mapping(sheet, rules, "sheet"), rules)

    def tallies(self, sheet: Mapping[str, Any], rules: Any) -> list[Tally]:
        """002 Abilities: the ability points spent, in all and on each kind."""
        from rollplay.systems.fs3.chargen import spent
        from rollplay.systems.fs3.sheet import sheet_from_mapping

        points, c = spent(sheet_from_mapping(sheet, rules, "sheet"), rules), rules.chargen
        return [
            Tally("Ability points", points.total, c.ability_points),
            Tally("Attributes", points.attributes, c.max_attribute_points),
            Tally("Action skills", points.action, c.max_action_points),
            Tally("Background skills", points.background),
            Tally("Languages", points.languages),
            # Where a game counts them (an AresMUSH config's; rulings A4, A5).
            *([Tally("Specialties", points.specialties)] if c.specialty_cost else []),
            *([Tally("Advantages", points.advantages, c.max_advantage_points)]
              if rules.use_advantages else []),
        ]  # fmt: skip

    def sheet_facts(self, sheet: Any, rules: Any) -> dict[str, Any]:
        from rollplay.systems.fs3.chargen import unusual
        from rollplay.systems.fs3.experience import learning_cost, raise_costs
        from rollplay.table.answers import Learning

        learning = Learning(cost=learning_cost(sheet, rules),
                            attributes=rules.attributes if rules.background_attribute is None
                            else ())  # fmt: skip
        return {"ratings": sheet.rating_names(rules), "dice": sheet.pools(rules),
                "wound_modifier": -sheet.wound_modifier(rules),
                "raises": raise_costs(sheet, rules), "learning": learning,
                "unusual": tuple(unusual(sheet, rules)), "about": _about(sheet, rules)}  # fmt: skip

    def starting_points(self, sheet: Mapping[str, Any], rules: Any) -> Points:
        return Points(luck=rules.starting_luck)  # 002 Luck: "begins the game with 1"

    def parse(self, sheet: Mapping[str, Any], rules: Any) -> Any:
        from rollplay.systems.fs3.sheet import sheet_from_mapping

        return sheet_from_mapping(sheet, rules, "sheet")

    def check(
        self, sheet: Any, points: Points, request: Request, rules: Any, contest: bool = False
    ) -> tuple[Any, Points]:
        from rollplay.errors import whole
        from rollplay.systems.fs3.rolls import Check, Modifier, hail_mary_needed

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
        elif request.luck in ("bonus", "reroll") or (
            # 000 Hail Mary Rolls: an allowed roll needs none, so none is spent (rulings R12)
            request.luck == "hail-mary"
            and hail_mary_needed(Check(expression, ratings=parsed.ratings()), rules)
        ):
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
        from rollplay.systems.fs3.contests import opposed

        result = opposed(first, second, rules, dice).to_dict()
        return {**result, "first": _stamped(result["first"], rules),
                "second": _stamped(result["second"], rules)}  # fmt: skip

    def teamwork(self, leader: Any, assisters: list[Any], rules: Any, dice: Dice) -> dict[str, Any]:
        from rollplay.systems.fs3.contests import teamwork

        result = _stamped(teamwork(leader, assisters, rules, dice).to_dict(), rules)
        result["assists"] = [_stamped(a, rules) for a in result["assists"]]
        return result

    def odds(self, check: Any, rules: Any) -> dict[str, Any]:
        """Each level's chance (the embarrassing failure's as the edition defines it), the
        chance of each number of successes, from the rules' own odds."""
        from rollplay.systems.fs3.odds import check_odds

        o = check_odds(check, rules)
        text, modifiers = _described(check, rules)
        embarrassing = o.levels[rules.embarrassing_title]
        detail = {**o.to_dict(), "name": check.name, "ruleset": rules.name,
                  "modifiers": modifiers, "embarrassing": float(embarrassing)}  # fmt: skip
        detail["exact"]["embarrassing"] = str(embarrassing)
        dice = "1 die" if o.pool == 1 else f"{o.pool} dice"
        return single(self.name, f"{text}: {dice}", o.success, detail)

    def opposed_odds(self, first: Any, second: Any, rules: Any) -> dict[str, Any]:
        """Who wins, from the two pools' distributions of successes (000 Opposed Rolls)."""
        from rollplay.systems.fs3.odds import opposed_odds

        o = opposed_odds(first, second, rules)
        margins = {side: {t: float(p) for t, p in table.items()}
                   for side, table in o.margins.items()}  # fmt: skip
        detail = {"both_fail": float(o.both_fail), "margins": margins,
                  "exact": {"both_fail": str(o.both_fail)}}  # fmt: skip
        return contest(self.name, self.odds(first, rules), self.odds(second, rules),
                       (o.win, o.draw, o.lose), detail)  # fmt: skip

    def teamwork_odds(self, leader: Any, assisters: list[Any], rules: Any) -> dict[str, Any]:
        """The leader's levels over every modifier the assisters may earn (000 Teamwork)."""
        from rollplay.systems.fs3.team_odds import teamwork_odds

        o = teamwork_odds(leader, assisters, rules)
        alone = self.odds(leader, rules)
        assists = [self.odds(a, rules) for a in assisters]
        detail = {**o.to_dict(), "name": leader.name, "ruleset": rules.name,
                  "unassisted": alone, "assists": assists}  # fmt: skip
        text = "; assisted by ".join([alone["check"], *(a["check"] for a in assists)])
        return single(self.name, text, o.success, detail)


def _described(check: Any, rules: Any) -> tuple[str, list[dict[str, Any]]]:
    """What a check rolls, as a card says it ('Firearms+Reflexes, -1 wounds'), and its
    modifiers."""
    from rollplay.systems.fs3.rolls import effective_pool, hail_mary_needed

    eff = effective_pool(check, rules)
    parts = [
        eff.expression or str(check.pool),
        *(f"{m.value:+d} {m.reason}" for m in eff.modifiers),
    ]
    spent = check.luck == "reroll" or (check.luck == "hail-mary" and hail_mary_needed(check, rules))
    if spent and not check.luck_cancelled:
        parts.append(f"luck {check.luck}")  # changes no dice, so no modifier says it
    return ", ".join(parts), [{"reason": m.reason, "value": m.value} for m in eff.modifiers]


def _stamped(roll: dict[str, Any], rules: Any) -> dict[str, Any]:
    """An FS3 roll names its ruleset and the face a success starts at, so that a card drawn
    from the log marks the dice as the game's house rules judged them."""
    return {**roll, "ruleset": rules.name, "success_at": rules.success_at}


def _with_ruling_attribute(expression: str, sheet: Any, rules: Any) -> str:
    """A background skill rolled alone adds its ruling attribute from the sheet (002); its
    name as the roll string has it, in quotes or not (rulings W92)."""
    if rules.background_attribute is None:
        from rollplay.systems.fs3.expression import parse

        try:
            named = parse(expression, sheet.background)
        except RollplayError:
            return expression  # the roll itself says what is wrong with it
        entry = sheet.background.get(named.names[0]) if len(named.names) == 1 else None
        if entry is not None and entry.attribute and not named.numbers:
            return f"{expression.strip()}+{entry.attribute}"
    return expression


def _about(sheet: Any, rules: Any) -> dict[str, str]:
    """What the game says of each ability the sheet holds (an AresMUSH config's descriptions;
    rulings A3), by name; none for an edition's own abilities."""
    kinds = (("attribute", sheet.attributes), ("action", sheet.action),
             ("background", sheet.background), ("language", sheet.languages),
             ("advantage", sheet.advantages))  # fmt: skip
    out = {}
    for kind, held in kinds:
        for name in held:
            text = rules.description(kind, name)
            if text:
                out[name] = text
    return out
