"""A roll's exact odds before it is made (``Service.odds``'s answer), as each chance's name
and its percentage: the web table and the chat bridges show the same figures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.render.spans import Line, bold, plain


def odds_parts(o: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(what, chance) pairs: who wins a contest, else success, each level, critical
    failure; a D6 roll with no difficulty has no chance of success, only an average total."""
    if "first_wins" in o:
        parts = [("first wins", o["first_wins"]), ("draw", o["draw"]),
                 ("second wins", o["second_wins"])]  # fmt: skip
    else:
        parts = [("success", o.get("success"))]
        parts += [(str(k), v) for k, v in (o.get("levels") or {}).items()]
        parts.append(("critical failure", o.get("critical_failure")))
    shown = [(k, f"{v:.1%}") for k, v in parts if isinstance(v, int | float)]
    if o.get("success") is None and isinstance(o.get("mean"), int | float):
        shown.append(("average total", f"{o['mean']:.1f}"))
    return shown


def odds_lines(o: Mapping[str, Any]) -> list[Line]:
    """The check, then a line for each chance."""
    return [[bold(str(o.get("check", "")))],
            *([plain(f"{what}: "), bold(chance)] for what, chance in odds_parts(o))]  # fmt: skip
