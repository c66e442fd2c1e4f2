"""What a command answered, as lines for a surface that shows it beside the table's feed (the
web roll box, ``rollplay do``): a sheet, a page of the log, a combat turn or a healing day,
or one line for an award, a spend, a raise or a sheet change. A roll's answer is its card,
which the feed shows, so here it is one line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.render.spans import Line, bold, plain

ROLLS = ("Roll", "NpcRoll", "Opposed", "Teamwork", "PointsAfter")


def answer_lines(result: Mapping[str, Any]) -> list[Line]:
    kind = str(result.get("command", ""))
    if result.get("secret") and result.get("message"):  # a secret roll a player asked for
        return [[plain(str(result["message"]))]]
    if kind in ROLLS or "log_id" in result or "log_ids" in result:
        return [[plain("Rolled: the card is on the table.")]]
    if kind == "ShowSheet":
        from rollplay.render.sheets import sheet_card

        return sheet_card(result, result["system"], result["edition"])
    if kind == "ShowLog":
        from rollplay.render.cards import entry_card

        entries = [line for e in result["entries"] for line in entry_card(e)]
        return entries or [[plain("No rolls logged yet.")]]
    if kind in ("CombatTurn", "HealDay"):
        from rollplay.render.combat import day_lines, turn_lines

        lines = (turn_lines if kind == "CombatTurn" else day_lines)(dict(result))
        return [[bold(lines[0])], *([plain(line)] for line in lines[1:])]
    if kind.startswith("Combat") and "combatants" in result:
        from rollplay.render.combat import status_lines

        return status_lines(dict(result))
    if kind.startswith("Combat"):
        return [[plain(f"{result.get('combat', 'the combat')}: done (turn "
                       f"{result.get('turn', '?')})")]]  # fmt: skip
    return [summary(result)]


def summary(result: Mapping[str, Any]) -> Line:
    """An award, a spend, a raise or a sheet change, in a line."""
    who = str(result.get("name", ""))
    held = ("luck", "xp", "character_points", "fate_points")
    points = [f"{result[k]:g} XP" if k == "xp" else f"{result[k]} {k.replace('_', ' ')}"
              for k in held if k in result]  # fmt: skip
    raised = result.get("raised")
    if raised:
        return [bold(who), plain(f": {raised['skill']} {raised['from']} → {raised['to']} for "
                                 f"{raised['cost']:g} XP ({result['xp']:g} left)")]  # fmt: skip
    state = "" if result.get("approved", True) else " (not yet approved)"
    return [bold(who), plain(f": {', '.join(points) or 'done'}{state}")]
