"""A roll's exact odds before it is made (``Service.odds``'s answer), as each chance's name
and its percentage: the web table and the chat bridges show the same figures."""

from __future__ import annotations

from rollplay.render.spans import Line, bold, plain
from rollplay.table.answers import OddsOf


def odds_parts(o: OddsOf) -> list[tuple[str, str]]:
    """(what, chance) pairs: who wins a contest, else success ("any success" beside the
    levels), each level, critical failure; a D6 roll with no difficulty has no chance of
    success, only an average total."""
    parts: list[tuple[str, float | None]]
    if o.first_wins is not None:
        parts = [("first wins", o.first_wins), ("draw", o.draw), ("second wins", o.second_wins)]
    else:
        # Beside levels (FS3's "Success", "Good Success"...), the chance of any of them is
        # named so, or "success 95.8%" reads as a second figure for the level "Success".
        overall = "any success" if o.levels else "success"
        parts = [(overall, o.success), *(o.levels or {}).items()]
        parts.append(("critical failure", o.critical_failure))
    shown = [(k, f"{v:.1%}") for k, v in parts if v is not None]
    if o.success is None and o.mean is not None:
        shown.append(("average total", f"{o.mean:.1f}"))
    return shown


def odds_lines(o: OddsOf) -> list[Line]:
    """The check, then a line for each chance."""
    return [[bold(o.check)],
            *([plain(f"{what}: "), bold(chance)] for what, chance in odds_parts(o))]  # fmt: skip
