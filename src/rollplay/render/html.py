"""Cards as HTML fragments for the web table: every span escaped (markupsafe), styles as
classes the page's stylesheet gives meaning to (``die success``, ``die one``, ``die wild``,
``alarm``, ``muted``), no inline script or style. The brackets around successes and ones
stay, so a card reads the same without colour or to a screen reader."""

from __future__ import annotations

from markupsafe import Markup, escape

from rollplay.render.spans import Line, Span, bold, plain
from rollplay.table.answers import OddsOf
from rollplay.table.events.combat import Turn
from rollplay.table.events.views import EventView

_CLASS = {
    "bold": "strong", "success": "die success", "one": "die one", "alarm": "alarm",
    "wild": "die wild", "muted": "muted", "em": "em",
}  # fmt: skip


def line_html(line: Line, when: str | None = None) -> Markup:
    """A line; ``when`` (an ISO 8601 moment) marks the time its first span shows after the
    card's number ("#12 04:07 ") as a ``<time>``, which static/times.js shows in the
    reader's own zone."""
    out = Markup("")
    if when is not None and line and line[0].text.startswith("#"):
        number, _, shown = line[0].text.partition(" ")
        shown = shown.strip()
        show = "date" if "-" in shown else "time"
        out += Markup('<span class="muted">{} <time datetime="{}" data-show="{}">{}</time> '
                      "</span>").format(number, when, show, shown)  # fmt: skip
        line = line[1:]
    for span in line:
        if span.kind == "em":  # a pose's *emphasis*
            out += Markup("<em>{}</em>").format(span.text)
        elif span.kind:
            out += Markup('<span class="{}">{}</span>').format(_CLASS[span.kind], span.text)
        else:
            out += escape(span.text)
    return out


def card_html(lines: list[Line], *, visibility: str = "public", when: str | None = None) -> Markup:
    """A card: a ``div.card`` (with its visibility as a class and a badge when not public),
    one ``p`` a line; ``when``: the moment its head shows (line_html)."""
    badge = Markup("")
    if visibility != "public":
        badge = Markup('<span class="badge {0}">{0}</span>').format(visibility)
    body = Markup("").join(Markup("<p>{}</p>").format(line_html(line, when if i == 0 else None))
                           for i, line in enumerate(lines))  # fmt: skip
    return Markup('<div class="card {}">{}{}</div>').format(visibility, badge, body)


def event_html(event: EventView) -> Markup:
    """An event of the feed as its card; a seed event (a commitment, a reveal, a client
    seed), which a new player meets first and needs least, as one quiet line that opens to
    its whole values."""
    from rollplay.render.events import event_card
    from rollplay.render.seeds import SeedEvent, seed_details

    if isinstance(event.data, Turn):
        return turn_html(event, event.data)
    lines = event_card(event)
    if not isinstance(event.data, SeedEvent):
        return card_html(lines, visibility=event.visibility, when=event.time)
    more = Markup("").join(Markup("<p>{}</p>").format(line_html(line))
                           for line in seed_details(event.data))  # fmt: skip
    return Markup('<details class="card quiet {}"><summary>{}</summary>{}</details>').format(
        event.visibility, line_html(lines[0], event.time), more
    )


def turn_html(event: EventView, report: Turn) -> Markup:
    """A combat turn: its head line (number, time, where its dice came from), then a roll card
    for each part of it (turn_cards.py), stacked: a phone reads them one under another."""
    from rollplay.render.cards import source_spans
    from rollplay.render.turn_cards import turn_cards

    head = [Span(f"#{event.id} {event.time[11:16]} ", "muted"), bold(f"{report.combat}: "),
            plain(f"turn {report.turn} resolved"),
            *source_spans(report.dice_source, report.provable)]  # fmt: skip
    cards = Markup("").join(card_html(c, visibility="public") for c in turn_cards(report))
    badge = Markup("")
    if event.visibility != "public":
        badge = Markup('<span class="badge {0}">{0}</span>').format(event.visibility)
    return Markup('<div class="card turn {}">{}<p>{}</p><div class="turn-cards">{}</div></div>'
                  ).format(event.visibility, badge, line_html(head, event.time), cards)  # fmt: skip


def odds_html(o: OddsOf) -> Markup:
    """The exact odds of a roll before it is made (``Service.odds``'s answer): the check,
    then each outcome's chance."""
    from rollplay.render.odds import odds_parts

    shown = odds_parts(o)
    cells = Markup("").join(
        Markup("<li><span>{}</span> <strong>{}</strong></li>").format(k, v) for k, v in shown
    )
    return Markup('<p class="check">{}</p><ul class="odds">{}</ul>').format(o.check, cells)
