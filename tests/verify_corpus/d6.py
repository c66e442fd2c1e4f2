"""The tampering corpus's D6 part (issue 29): a D6 System game alone in its own database,
and forgeries of its outcomes that only a re-computed total and verdict catch (forge.py has
the rest); and checks judged by the rules engine, honest and altered, that both verifiers
must judge alike."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rollplay.systems.d6.check import D6Check
from rollplay.systems.d6.code import Bonus, DieCode
from rollplay.systems.d6.presets import EDITIONS
from rollplay.systems.d6.rolls import judge
from rollplay.table.commands import PointsAfter
from rollplay.table.service import Table, parse_sheet_file
from rollplay.table.systems import Request, ruleset_version
from tests.verify_corpus.forge import Case, Line, forged, lines_of

STARS = "Stars"
KARA = Path(__file__).parents[2] / "examples/d6/kara.yaml"


def play_d6(table: Table) -> str:
    """A D6 game alone in its own database, its rolls revealed: the Storyteller's export."""
    table.new_game(STARS, "d6")
    table.add_user("Stella")
    table.add_member(STARS, "Stella", "storyteller")
    stella = table.acting_as("Stella")
    for code, difficulty, wild_one in (
        ("4D+1", "5", None),
        ("3D", "30", None),
        ("2D+2", None, "cancel"),
        ("5D", "15", "cancel"),
    ):
        stella.npc_roll(STARS, Request(code, difficulty=difficulty, wild_one=wild_one),
                        name="Bandit")  # fmt: skip
    stella.npc_roll(STARS, Request("6D", difficulty="15", rush=50), name="Bandit")
    stella.new_character(STARS, parse_sheet_file(str(KARA), "d6"))
    stella.opposed(STARS, ("Kara Voss", Request("Search")), ("Bandit", Request("3D+1")),
                   npc_second=True)  # fmt: skip
    karas = [line for line in lines_of(stella.export_log("jsonl", game_name=STARS))
             if line.get("character") == "Kara Voss"]  # fmt: skip
    stella.execute(PointsAfter(STARS, karas[-1]["id"], 2))  # the contest judged again
    stella.rotate_seed(STARS)
    return stella.export_log("jsonl", game_name=STARS)


def _judged(lines: list[Line]) -> list[Line]:
    return [line for line in lines if line["kind"] == "roll"
            and line["outcome"]["success"] is not None]  # fmt: skip


def _total_changed(lines: list[Line]) -> None:
    """A roll's total raised by one on the card, its result points and success made to agree
    with it, the dice left alone."""
    o = _judged(lines)[0]["outcome"]
    o.update(total=o["total"] + 1, result_points=o["result_points"] + 1,
             success=o["total"] + 1 >= o["difficulty"])  # fmt: skip


def _success_flipped(lines: list[Line]) -> None:
    """A roll's success turned (a failure made a success, or the other way), the total and
    the dice left alone."""
    o = _judged(lines)[0]["outcome"]
    o["success"] = not o["success"]


def _winner_changed(lines: list[Line]) -> None:
    """A contest's winner turned on both its entries, the dice and totals left alone."""
    for line in lines:
        said = (line.get("outcome") or {}).get("opposed")
        if said:
            said["winner"] = "resister" if said["winner"] == "initiator" else "initiator"


def _rushed(lines: list[Line]) -> Line:
    return next(line["outcome"] for line in lines if line["kind"] == "roll"
                and line["outcome"].get("difficulty_modifiers"))  # fmt: skip


def _rush_lowered(lines: list[Line]) -> None:
    """A rushed roll's difficulty modifier lowered (+10 made +5) and its difficulty with it,
    its success and result points made to agree: an easier roll than the rules gave."""
    o = _rushed(lines)
    o["difficulty_modifiers"][0]["value"] -= 5
    o["difficulty"] -= 5
    points = o["total"] - o["difficulty"]
    o.update(success=points >= 0, result_points=points,
             bonus_points=-(-points // 2) if points > 0 else 0,
             damage_bonus=-(-points // 5) if points > 0 else 0)  # fmt: skip


def _bonus_points_raised(lines: list[Line]) -> None:
    """A judged roll's bonus points raised by one, all else left alone."""
    o = _judged(lines)[0]["outcome"]
    o["bonus_points"] += 1


def _after_margin_changed(lines: list[Line]) -> None:
    """A contest judged again after Character Points: its new entry's margin widened by
    three, all else left alone."""
    o = next(line["outcome"] for line in lines if line["kind"] == "roll"
             and line["outcome"].get("adds_to") is not None)  # fmt: skip
    o["opposed"]["margin"] += 3


def _code_raised(lines: list[Line]) -> None:
    """Kara's Search rolled at 5D+1, not the 4D+1 her sheet gives, on the card."""
    o = next(line["outcome"] for line in lines if line["kind"] == "roll"
             and line.get("character") == "Kara Voss")  # fmt: skip
    assert o["code"] == "4D+1"
    o.update(code="5D+1", rolled="5D+1")


def d6_corpus(honest: str) -> dict[str, Case]:
    base = lines_of(honest)

    def changed(change: Callable[[list[Line]], None]) -> list[Line]:
        return forged(base, change)

    return {
        "d6_honest": Case(base, 0),
        "d6_total_changed": Case(changed(_total_changed), 1),
        "d6_success_flipped": Case(changed(_success_flipped), 1),
        "d6_winner_changed": Case(changed(_winner_changed), 1),
        "d6_rush_lowered": Case(changed(_rush_lowered), 1),
        "d6_bonus_points_raised": Case(changed(_bonus_points_raised), 1),
        "d6_contest_after_points_margin": Case(changed(_after_margin_changed), 1),
        "d6_code_raised": Case(changed(_code_raised), 1),
    }


# Wild Die tosses: a Critical Failure, a plain toss, one explosion, two.
WILDS = ((1,), (3,), (6, 2), (6, 6, 4))


def engine_rolls() -> list[dict[str, Any]]:
    """Every edition's checks judged by the engine (rolls.judge) over codes, difficulties,
    Critical Failure options, bonuses, related modifiers and Character Point dice: the
    outcome as a log line carries it, with its ruleset fingerprint."""
    out = []
    for rules in EDITIONS.values():
        version = ruleset_version(rules)
        for (dice, pips), difficulty, option, bonuses, related, cp, wild, mods in itertools.product(
            ((0, 0), (1, 2), (3, 1)),
            (None, 8, 12, 14),
            ("complication", "cancel"),
            ((), (Bonus(1, 2, "scope"), Bonus(0, -1, "rain"))),
            (0, -2),
            ((), ((6, 3),)),
            WILDS,
            ((), (("rushing (50% less time)", 10),)),
        ):
            check = D6Check(DieCode(dice, pips), bonuses, difficulty, mods, wild_one=option,  # type: ignore[arg-type]
                            related=related)  # fmt: skip
            regular = tuple((2, 5, 4, 1, 3)[: dice + sum(b.dice for b in bonuses)])
            roll = judge(check, rules, DieCode(dice, pips), (regular, wild, cp))
            out.append({"outcome": roll.to_dict(), "ruleset_version": version})
    return out


def altered(line: dict[str, Any]) -> list[dict[str, Any]]:
    """A line altered each way a forger might: total, success, the Wild Die and its flags,
    the cancelled dice; and under house rules (an unlisted fingerprint: not re-computed)."""
    o = line["outcome"]
    changes: list[dict[str, Any]] = [
        {"total": o["total"] + 1}, {"success": None if o["success"] is None else not o["success"]},
        {"wild": o["wild"][:-1] or [6]}, {"critical_failure": not o["critical_failure"]},
        {"complication": not o["complication"]}, {"cancelled": [1]},
        {"ties_succeed": False}, {"result_points": 0}, {"pips": "1"}, {"bonus": o["bonus"] - 1},
        {"wild_one": "reroll"}, {"cp_dice": [[6]]},
        {"bonus_points": (o["bonus_points"] or 0) + 1}, {"damage_bonus": None},
        {"difficulty_modifiers": [{"reason": "rushing (50% less time)", "value": 5}]},
        {"difficulty_modifiers": [{"reason": "rushing (60% less time)", "value": 10}]},
    ]  # fmt: skip
    out = [{**line, "outcome": {**o, **change}} for change in changes]
    return [*out, {**line, "ruleset_version": "house", "outcome": {**o, "total": 0}}]
