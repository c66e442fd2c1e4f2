"""Cards as HTML fragments for the web table: every span escaped (markupsafe), styles as
classes the page's stylesheet gives meaning to (``die success``, ``die one``, ``die wild``,
``alarm``, ``muted``), no inline script or style. The brackets around successes and ones
stay, so a card reads the same without colour or to a screen reader."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup, escape

from rollplay.render.spans import Line

_CLASS = {
    "bold": "strong", "success": "die success", "one": "die one", "alarm": "alarm",
    "wild": "die wild", "muted": "muted",
}  # fmt: skip


def line_html(line: Line) -> Markup:
    out = Markup("")
    for span in line:
        if span.kind:
            out += Markup('<span class="{}">{}</span>').format(_CLASS[span.kind], span.text)
        else:
            out += escape(span.text)
    return out


def card_html(lines: list[Line], *, visibility: str = "public") -> Markup:
    """A card: a ``div.card`` (with its visibility as a class and a badge when not public),
    one ``p`` a line."""
    badge = Markup("")
    if visibility != "public":
        badge = Markup('<span class="badge {0}">{0}</span>').format(visibility)
    body = Markup("").join(Markup("<p>{}</p>").format(line_html(line)) for line in lines)
    return Markup('<div class="card {}">{}{}</div>').format(visibility, badge, body)


def odds_html(o: Mapping[str, Any]) -> Markup:
    """The exact odds of a roll before it is made (``Service.odds``'s answer): the check,
    then each outcome's chance."""
    if "first_wins" in o:
        parts = [("first wins", o["first_wins"]), ("draw", o["draw"]),
                 ("second wins", o["second_wins"])]  # fmt: skip
    else:
        parts = [("success", o.get("success"))]
        parts += [(str(k), v) for k, v in (o.get("levels") or {}).items()]
        parts.append(("critical failure", o.get("critical_failure")))
    shown = [(k, f"{v:.1%}") for k, v in parts if isinstance(v, int | float)]
    if o.get("success") is None and isinstance(o.get("mean"), int | float):
        shown.append(("average total", f"{o['mean']:.1f}"))  # a D6 roll with no difficulty
    cells = Markup("").join(
        Markup("<li><span>{}</span> <strong>{}</strong></li>").format(k, v) for k, v in shown
    )
    return Markup('<p class="check">{}</p><ul class="odds">{}</ul>').format(
        o.get("check", ""), cells
    )
