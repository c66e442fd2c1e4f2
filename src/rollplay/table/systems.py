"""What the table needs from each system, behind one interface: its ruleset from a game's
stored rules, sheets checked and normalised, character-creation problems, starting points,
and a roll from a sheet. The rules themselves stay in rollplay.systems."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from rollplay.dice import Dice
from rollplay.errors import RollplayError, RuleError
from rollplay.rulesfile import plain

SYSTEMS = ("fs3", "gurps", "d6")


@dataclass(frozen=True)
class Points:
    """The points a character's columns hold (they change in play, so they are not in the
    sheet JSON)."""

    luck: int = 0
    character_points: int = 0
    fate_points: int = 0


@dataclass(frozen=True)
class Request:
    """A roll as a player or Storyteller asks for it at the table: the expression and every
    option any system's roll takes, as plain values (each system uses its own and refuses
    the others: ``check_options``). Field names are the system commands' own."""

    expression: str
    mods: tuple[str, ...] = ()
    difficulty: str | None = None  # GURPS task difficulty; D6 difficulty
    # FS3 (000, 002): situations by name, and a luck point (002 Luck).
    situations: tuple[str, ...] = ()
    luck: str | None = None
    # FS3.2 "boost" or "hinder": whose luck point pays for it (002 Luck: someone else's).
    luck_from: str | None = None
    # 002 Luck: the roller spends a point of their own to cancel that boost or hinder.
    luck_cancel: bool = False
    defense: bool = False  # GURPS
    sense: bool = False  # GURPS: a secret Sense roll (001 When the GM Rolls, 2)
    # D6 (003), as `rollplay d6 roll` takes them (rollplay.systems.d6.options.RollOptions).
    cp: int = 0
    fate: bool = False
    gm_allows_both: bool = False
    wild_one: str | None = None
    bonuses: tuple[str, ...] = ()
    unskilled: bool | int = False
    attribute: str | None = None
    prepare: int = 0
    rush: int | str = 0
    related: tuple[str, ...] = ()  # TOTAL:DIFFICULTY
    carry: int | None = None
    damage_from: int | None = None
    second_chance: int = 0
    actions: int = 1
    attack: bool = False

    def given(self) -> list[str]:
        """The options this request sets beyond its expression, by their field names."""
        blank = Request(self.expression)
        return [k for k in OPTION_NAMES if getattr(self, k) != getattr(blank, k)]


# Request fields and the options a user writes them as (the CLI's; the grammar's later).
OPTION_NAMES = {
    "mods": "--mod", "difficulty": "--difficulty", "situations": "--situation",
    "luck": "--luck", "luck_from": "--luck-from", "luck_cancel": "--luck-cancel",
    "defense": "--defense", "sense": "--sense", "cp": "--cp", "fate": "--fate",
    "gm_allows_both": "--gm-allows-both",
    "wild_one": "--wild-one", "bonuses": "--bonus", "unskilled": "--unskilled",
    "attribute": "--attribute", "prepare": "--prepare", "rush": "--rush",
    "related": "--related", "carry": "--carry", "damage_from": "--damage-from",
    "second_chance": "--second-chance", "actions": "--actions", "attack": "--attack",
}  # fmt: skip


def check_options(request: Request, system_name: str, accepted: tuple[str, ...]) -> None:
    """An option the game's system does not use is refused, never silently ignored (a CP
    spent on an FS3 roll would be lost)."""
    from rollplay.table.limits import MAX_EXPRESSION

    if len(request.expression) > MAX_EXPRESSION:
        raise RollplayError(
            f"what to roll is {len(request.expression):,} characters long; at most {MAX_EXPRESSION}"
        )
    stray = [k for k in request.given() if k not in accepted]
    if stray:
        said = ", ".join(OPTION_NAMES[k] for k in stray)
        takes = ", ".join(OPTION_NAMES[k] for k in accepted)
        raise RollplayError(
            f"{said} {'does' if len(stray) == 1 else 'do'} not apply to a {system_name} roll; "
            f"it takes {takes}"
        )


class System(Protocol):
    name: str
    options: tuple[str, ...]  # the Request fields its rolls use

    def ruleset(self, edition: str, rules: Mapping[str, Any]) -> Any: ...
    def sheet(self, data: Mapping[str, Any], rules: Any, source: str) -> dict[str, Any]: ...
    def problems(self, sheet: Mapping[str, Any], rules: Any) -> list[str]: ...
    def sheet_facts(self, sheet: Any, rules: Any) -> dict[str, Any]: ...
    def starting_points(self, sheet: Mapping[str, Any], rules: Any) -> Points: ...
    def parse(self, sheet: Mapping[str, Any], rules: Any) -> Any: ...
    def check(
        self, sheet: Any, points: Points, request: Request, rules: Any, contest: bool = False
    ) -> tuple[Any, Points]: ...
    def npc_check(self, request: Request, rules: Any, name: str | None) -> Any: ...
    def roll(self, check: Any, rules: Any, dice: Dice, secret: bool = False) -> dict[str, Any]: ...
    def opposed(self, first: Any, second: Any, rules: Any, dice: Dice) -> dict[str, Any]: ...


def ruleset_version(rules: Any) -> str:
    """A short fingerprint of the ruleset a roll was judged by, for the log."""
    data = json.dumps(plain(rules), sort_keys=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()[:16]


class _System:
    """What every system shares: its ruleset from a game's stored house rules, and no
    character-creation rules or starting points unless it says otherwise."""

    name = ""
    options: tuple[str, ...] = ()

    def ruleset(self, edition: str, rules: Mapping[str, Any]) -> Any:
        import importlib

        package = f"rollplay.systems.{self.name}"
        if not rules:
            return importlib.import_module(f"{package}.presets").preset(edition)
        houserules = importlib.import_module(f"{package}.houserules")
        return houserules.from_mapping({"extends": edition, **rules}, source="the game's rules")

    def problems(self, sheet: Mapping[str, Any], rules: Any) -> list[str]:
        return []

    def sheet_facts(self, sheet: Any, rules: Any) -> dict[str, Any]:
        """What a sheet shows beyond its data (FS3: rating names, dice, wound modifier)."""
        return {}

    def starting_points(self, sheet: Mapping[str, Any], rules: Any) -> Points:
        return Points()


class FS3(_System):
    name = "fs3"
    options: tuple[str, ...] = ("mods", "situations", "luck", "luck_from", "luck_cancel")

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

        _no_points(request, ("luck", "luck_from", "luck_cancel"))
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


class GURPS(_System):
    name = "gurps"
    options: tuple[str, ...] = ("mods", "difficulty", "defense", "sense")

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
        raise RuleError("001 has success rolls only, no contests: roll each side on its own")


class D6(_System):
    name = "d6"
    options: tuple[str, ...] = (
        "mods", "difficulty", "cp", "fate", "gm_allows_both", "wild_one", "bonuses",
        "unskilled", "attribute", "prepare", "rush", "related", "carry", "damage_from",
        "second_chance", "actions", "attack",
    )  # fmt: skip

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

        _no_points(request, ("cp", "fate"))
        return make_check(request.expression, _d6_options(request, name), rules)

    def roll(self, check: Any, rules: Any, dice: Dice, secret: bool = False) -> dict[str, Any]:
        from rollplay.systems.d6.rolls import roll_check

        return roll_check(check, rules, dice).to_dict()

    def opposed(self, first: Any, second: Any, rules: Any, dice: Dice) -> dict[str, Any]:
        from rollplay.systems.d6.rolls import opposed

        return opposed(first, second, rules, dice).to_dict()


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


def _no_points(request: Request, fields: tuple[str, ...]) -> None:
    given = [OPTION_NAMES[f] for f in fields if f in request.given()]
    if given:
        raise RollplayError(
            f"{', '.join(given)}: a roll with no sheet has no points to spend; roll the "
            f"character's sheet instead"
        )


def system(name: str) -> System:
    found: dict[str, System] = {"fs3": FS3(), "gurps": GURPS(), "d6": D6()}
    try:
        return found[name]
    except KeyError:
        raise RollplayError(f"unknown system {name!r}; accepted: {', '.join(SYSTEMS)}") from None


def spent(before: Points, after: Points) -> dict[str, int]:
    """What a roll used up: {'luck': 1}, {'character_points': 2, 'fate_points': 1}."""
    return {
        k: getattr(before, k) - getattr(after, k)
        for k in ("luck", "character_points", "fate_points")
        if getattr(before, k) != getattr(after, k)
    }
