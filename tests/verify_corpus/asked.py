"""The tampering corpus's part for what a roll asked for (issue 29 point 3, rulings V14):
an FS3 3.3 game, a GURPS game and a D6 game, each alone in its own database, whose rolls
name modifiers, situations, luck, task difficulties, bonuses and scaled skills; and
forgeries that keep every count consistent with the dice (the dice drawn again where they
change) but no longer follow from the roll string, the typed modifiers or the ruleset's
tables. Each passed both verifiers before provable_asked.py / verify_asked.js."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rollplay.dice import ScriptedDice
from rollplay.systems.gurps.modifiers import Modifier
from rollplay.systems.gurps.presets import preset as gurps_preset
from rollplay.systems.gurps.rolls import Check, roll_check
from rollplay.table.service import Table, parse_sheet_file
from rollplay.table.systems import Request
from tests.verify_corpus.forge import Case, Line, _rederive, forged, lines_of

REACH, VAULT, DUNES = "Reach", "Vault", "Dunes"
EXAMPLES = Path(__file__).parents[2] / "examples"


def _storyteller(table: Table, game: str, system: str, edition: str | None = None) -> Table:
    table.new_game(game, system, edition)
    table.add_user("Stella")
    table.add_member(game, "Stella", "storyteller")
    return table.acting_as("Stella")


def play_fs3(table: Table) -> str:
    """FS3 3.3: a roll string's number, a typed modifier, a situation, luck, a scaled
    background skill, a language, an attribute alone and an NPC's rating."""
    stella = _storyteller(table, REACH, "fs3", "3.3")
    stella.new_character(REACH, parse_sheet_file(str(EXAMPLES / "fs3/mavros.yaml"), "fs3"))
    stella.award_luck(REACH, "Mavros", 2)
    for request in (Request("Firearms+1"), Request("Melee", mods=("-2",)),
                    Request("Medicine", situations=("taking-time",)),
                    Request("Athletics", luck="bonus"), Request("Engines"), Request("English"),
                    Request("Grit")):  # fmt: skip
        stella.roll(REACH, "Mavros", request)
    stella.npc_roll(REACH, Request("3+1"), name="Raider")
    stella.rotate_seed(REACH)
    return stella.export_log("jsonl", game_name=REACH)


def play_gurps(table: Table) -> str:
    """GURPS: a level with a typed modifier and a task difficulty, and a skill off a sheet."""
    stella = _storyteller(table, VAULT, "gurps")
    stella.npc_roll(VAULT, Request("12", mods=("-2 dark",), difficulty="hard"), name="Guard")
    stella.npc_roll(VAULT, Request("11"), name="Guard")
    vance = parse_sheet_file(str(EXAMPLES / "gurps/vance.yaml"), "gurps")
    stella.new_character(VAULT, vance)
    skill = next(iter(vance["skills"]))
    stella.roll(VAULT, vance["name"], Request(skill, mods=("+1",)))
    # trained, a default (IQ-5), an attribute, the best of the sheet's defaults
    for ability in ("Search", "Forgery", "DX", "Detect Lies"):
        stella.roll(VAULT, vance["name"], Request(ability))
    stella.rotate_seed(VAULT)
    return stella.export_log("jsonl", game_name=VAULT)


def play_d6(table: Table) -> str:
    """D6: a code with a dice bonus and a number modifier, a multiple action, and off a
    sheet an attribute, a skill the sheet lacks rolled untrained, a Fate Point (the code
    doubled), preparing and a Character Point."""
    stella = _storyteller(table, DUNES, "d6")
    stella.npc_roll(DUNES, Request("3D+1", mods=("+2",), bonuses=("+1D scope",),
                                   difficulty="10"), name="Bandit")  # fmt: skip
    stella.npc_roll(DUNES, Request("4D", difficulty="10", actions=2), name="Bandit")
    stella.new_character(DUNES, parse_sheet_file(str(EXAMPLES / "d6/kara.yaml"), "d6"))
    stella.roll(DUNES, "Kara Voss", Request("Reflexes", difficulty="10"))
    stella.roll(DUNES, "Kara Voss", Request("Dodge", unskilled=True, attribute="Coordination",
                                            difficulty="10"))  # fmt: skip
    stella.roll(DUNES, "Kara Voss", Request("Search", difficulty="15", fate=True))
    stella.roll(DUNES, "Kara Voss", Request("Marksmanship", difficulty="15", prepare=1, cp=1))
    stella.rotate_seed(DUNES)
    return stella.export_log("jsonl", game_name=DUNES)


def _seed(lines: list[Line]) -> bytes:
    return bytes.fromhex(next(line["seed"] for line in lines if line["kind"] == "seed_reveal"))


def _roll(lines: list[Line], expression: str) -> Line:
    return next(line for line in lines if line["kind"] == "roll"
                and line["expression"] == expression)  # fmt: skip


def _fs3_grown(lines: list[Line], expression: str, grow: Callable[[Line], None]) -> None:
    """An FS3 roll's pool grown by two through ``grow``, its dice drawn again with two more
    and every count made to follow (as forge._rating_raised)."""
    roll = _roll(lines, expression)
    o = roll["outcome"]
    grow(o)
    o.update(pool=o["pool"] + 2, requested=o["requested"] + 2)
    roll["provable"]["draws"][0][1] += [1, 1]
    _rederive(roll, _seed(lines))


def _part(label: str, by: int = 2) -> Callable[[Line], None]:
    def grow(o: Line) -> None:
        next(p for p in o["parts"] if p["label"] == label)["dice"] += by

    return grow


def _modifier(reason: str) -> Callable[[Line], None]:
    def grow(o: Line) -> None:
        next(m for m in o["modifiers"] if m["reason"] == reason)["value"] += 2

    return grow


def _gurps_rejudged(lines: list[Line], expression: str, change: Callable[[Line], None]) -> None:
    """A GURPS roll's numbers changed, and its verdict judged again by the engine from its
    own dice (so only what it asked for tells)."""
    o = _roll(lines, expression)["outcome"]
    change(o)
    mods = tuple(Modifier(m["value"], m["reason"]) for m in o["modifiers"])
    again = roll_check(Check(o["base"], mods, o["defense"], o["skill"], o["default"], o["name"]),
                       gurps_preset(), ScriptedDice(list(o["dice"])))  # fmt: skip
    fresh = again.to_dict()
    o.update({k: fresh[k] for k in ("effective", "outcome", "success", "critical",
                                    "critical_success", "critical_failure", "margin")})  # fmt: skip


def _default(via: str, base: int) -> Callable[[Line], None]:
    """The card says the level came from another default (one the sheet does not list for
    the skill, or a worse one than its best), at the level that default gives."""

    def change(o: Line) -> None:
        assert o["default"] == "Psychology-4"
        o.update(default=via, base=base)

    return change


def _d6_bonus_doubled(lines: list[Line]) -> None:
    """The typed +2 counted as +4: bonus, total and every verdict made to follow."""
    o = _roll(lines, "3D+1")["outcome"]
    next(b for b in o["bonuses"] if b["dice"] == 0)["number"] += 2
    o.update(bonus=o["bonus"] + 2, total=o["total"] + 2)
    points = o["total"] - o["difficulty"]
    o.update(success=points >= 0, result_points=points,
             bonus_points=-(-points // 2) if points > 0 else 0,
             damage_bonus=-(-points // 5) if points > 0 else 0)  # fmt: skip


def _d6_pip_more(expression: str) -> Callable[[list[Line]], None]:
    """A roll's code a pip better on the card (3D made 3D+1): the same dice, its pips, total
    and every verdict made to follow."""

    def change(lines: list[Line]) -> None:
        o = _roll(lines, expression)["outcome"]
        dice, _, pips = o["code"].partition("D")
        better = f"{dice}D+{int(pips or 0) + 1}"
        o.update(code=better, rolled=better, pips=o["pips"] + 1, total=o["total"] + 1)
        points = o["total"] - o["difficulty"]
        o.update(success=points >= 0, result_points=points,
                 bonus_points=-(-points // 2) if points > 0 else 0,
                 damage_bonus=-(-points // 5) if points > 0 else 0)  # fmt: skip

    return change


def _d6_code_raised(lines: list[Line]) -> None:
    """An NPC's 4D said to be 5D on the card: the dice are the 4D's, the total theirs."""
    o = _roll(lines, "4D")["outcome"]
    o.update(code="5D", rolled="5D")


def asked_corpus(fs3: str, gurps: str, d6: str) -> dict[str, Case]:
    reach, vault, dunes = lines_of(fs3), lines_of(gurps), lines_of(d6)

    def changed(base: list[Line], change: Callable[[list[Line]], None]) -> list[Line]:
        return forged(base, change)

    def fs3_case(expression: str, grow: Callable[[Line], None]) -> Case:
        return Case(changed(reach, lambda lines: _fs3_grown(lines, expression, grow)), 1)

    def gurps_case(expression: str, change: Callable[[Line], None]) -> Case:
        return Case(changed(vault, lambda lines: _gurps_rejudged(lines, expression, change)), 1)

    def raised(o: Line) -> None:
        o["base"] += 2

    def unmodified(o: Line) -> None:
        o["modifiers"][0]["value"] = 0

    def eased(o: Line) -> None:
        o["modifiers"][-1]["value"] = -1

    skill = next(line["expression"] for line in vault if line["kind"] == "roll"
                 and line["character"] != "Guard")  # fmt: skip
    out: dict[str, Any] = {
        "asked_fs3_honest": Case(reach, 0),
        "asked_fs3_string_number_raised": fs3_case("Firearms+1", _part("modifier")),
        "asked_fs3_typed_modifier_raised": fs3_case("Melee", _modifier("modifier")),
        "asked_fs3_situation_resized": fs3_case("Medicine", _modifier("taking-time")),
        "asked_fs3_luck_resized": fs3_case("Athletics", _modifier("luck")),
        "asked_fs3_scaled_skill_dice": fs3_case("Engines", _part("Engines 3")),
        "asked_fs3_npc_rating_raised": fs3_case("3+1", _part("rating")),
        "asked_gurps_honest": Case(vault, 0),
        "asked_gurps_level_raised": gurps_case("11", raised),
        "asked_gurps_typed_modifier_dropped": gurps_case("12", unmodified),
        "asked_gurps_task_difficulty_eased": gurps_case("12", eased),
        "asked_gurps_sheet_modifier_dropped": gurps_case(skill, unmodified),
        "asked_d6_honest": Case(dunes, 0),
        "asked_d6_bonus_doubled": Case(changed(dunes, _d6_bonus_doubled), 1),
        "asked_d6_code_raised": Case(changed(dunes, _d6_code_raised), 1),
        "sheet_d6_attribute_code_raised": Case(changed(dunes, _d6_pip_more("Reflexes")), 1),
        "sheet_d6_untrained_code_raised": Case(changed(dunes, _d6_pip_more("Dodge")), 1),
        "sheet_gurps_skill_raised": gurps_case("Search", raised),
        "sheet_gurps_default_raised": gurps_case("Forgery", raised),
        "sheet_gurps_attribute_raised": gurps_case("DX", raised),
        "sheet_gurps_default_not_listed": gurps_case("Detect Lies", _default("Per-2", 10)),
        "sheet_gurps_worse_default": gurps_case("Detect Lies", _default("Per-6", 6)),
    }
    return out
