"""The check a character's sheet makes of a roll and that check's exact odds: one step for
a roll's sides (sides.py), the odds of a roll being typed (odds.py) and a request's odds as
its character's sheet changes (request_odds.py), so none of them builds a check, counts its
spends or says its odds its own way."""

from __future__ import annotations

from typing import Any

from rollplay.table.answers import OddsOf
from rollplay.table.systems import Points, Request, check_options, spent, system


def sheet_check(
    system_name: str, sheet: Any, points: Points, request: Request, rules: Any,
    *, contest: bool = False,
) -> tuple[Any, dict[str, Any]]:  # fmt: skip
    """The check ``sheet`` (parsed) makes of ``request``, refused as the roll is (an option
    its system does not take, points the character lacks), and the points it would spend."""
    sys_ = system(system_name)
    check_options(request, system_name, sys_.options)
    check, after = sys_.check(sheet, points, request, rules, contest=contest)
    return check, spent(points, after)


def check_odds(
    system_name: str, check: Any, rules: Any, *, character: str, spends: dict[str, Any],
    game: str, visibility: str,
) -> OddsOf:  # fmt: skip
    """A check's exact odds as the service answers them (``Odds`` of a ``Roll``): who rolls,
    what the roll would spend, where and who would see it."""
    odds = system(system_name).odds(check, rules)
    return OddsOf.model_validate({**odds, "character": character, "spends": spends,
                                  "game": game, "visibility": visibility,
                                  "command": "Odds", "of": "Roll"})  # fmt: skip
