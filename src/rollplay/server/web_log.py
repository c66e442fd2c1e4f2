"""The log on the web table (``/games/{game}/log``): the rolls the viewer may see, newest
first, drawn as the same cards as the table's feed, filtered by a plain GET form (so a
filtered log is a link to share) and exported whole, as JSON Lines or CSV, with the same
filter.

Every entry is the service's answer for the signed-in viewer (``service.log`` and
``service.export_log``): this module never reads the tables, so what a player may not see
never reaches their browser. The export has a route of its own rather than linking to
``/api/v1/games/{game}/log``, which takes no dates."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from typing import Any, NamedTuple
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from markupsafe import Markup

from rollplay.errors import RollplayError
from rollplay.render.cards import entry_card
from rollplay.render.html import card_html
from rollplay.server.htmx import Viewer, game_page, status_of
from rollplay.server.parts import Exports
from rollplay.server.streams import exported
from rollplay.table.access.authz import Forbidden
from rollplay.table.events.views import LogEntry
from rollplay.table.info import GameInfo
from rollplay.table.service import Service

router = APIRouter(include_in_schema=False)
PAGE = 50  # entries a page draws unless asked for more
MAX_PAGE = 1000  # the most one page draws; the export holds every entry
FIRST, LAST = date(1, 1, 2), date(9999, 12, 30)  # the dates a filter may name
KINDS = {"jsonl": "application/x-ndjson", "csv": "text/csv; charset=utf-8"}


class Filter(NamedTuple):
    """A filter as the form sends it (text, kept to fill the form and links again)."""

    character: str = ""
    since: str = ""
    until: str = ""
    limit: str = ""

    def query(self, **more: str) -> str:
        """The filter as a query string (empty fields left out), with ``more``."""
        fields = {**self._asdict(), **more}
        return urlencode({k: v for k, v in fields.items() if v.strip()})

    def asked(self) -> dict[str, Any]:
        """The filter as ``service.log`` takes it (a bad value: one line naming it)."""
        if len(self.character.strip()) > 100:  # the service would echo it whole
            raise RollplayError(
                f"Character: a name of 1 to 100 characters, not {_clip(self.character)!r}"
            )
        since, until = _when(self.since, "From"), _when(self.until, "Before")
        if since and until and since >= until:
            raise RollplayError(
                f"'From' ({_clip(self.since)}) must come before 'Before' ({_clip(self.until)})"
            )
        return {"character": self.character.strip() or None, "since": since, "until": until}


@router.get("/games/{game}/log", response_class=HTMLResponse, response_model=None)
def log_page(game: str, request: Request, *, character: str = "", since: str = "",
             until: str = "", limit: str = "") -> Response:  # fmt: skip
    """The log page; a bad filter value draws the form again with one line (and a 400)."""
    chosen = Filter(character, since, until, limit)
    wrong: list[str] = []

    def fill(service: Service, info: GameInfo) -> dict[str, Any]:
        try:
            entries = _entries(service, info.name, chosen)
        except Forbidden:
            raise
        except RollplayError as exc:  # the filter, not the game: game_page found that
            wrong.append(str(exc))
            entries = []
        full = not wrong and len(entries) == _count(chosen)  # there may be more
        return {"f": chosen, "page": PAGE, "most": MAX_PAGE, "error": wrong[0] if wrong else "",
                "cards": [_card(e) for e in entries], "full": full}  # fmt: skip

    answer = game_page(request, game, "log.html", "log", fill)
    if wrong and answer.status_code == 200:
        answer.status_code = 400
    return answer


@router.get("/games/{game}/log/export", response_model=None)
def export(game: str, service: Viewer, exports: Exports, *, format: str = "jsonl",
           character: str = "", since: str = "", until: str = "") -> Response:  # fmt: skip
    """Every entry the filter matches, oldest first, as the viewer may see them (as
    ``rollplay log --export``), to save: JSON Lines or CSV."""
    try:
        info = service.game(game)  # a game that is not there (or not theirs) first: 404, 403
    except RollplayError as exc:
        return PlainTextResponse(str(exc), status_of(exc))
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", info.name).strip("-") or "game"
    try:
        if format not in KINDS:
            raise RollplayError(f"unknown export format {_clip(format)!r}; accepted: jsonl, csv")
        filters = Filter(character, since, until).asked()
        # One of the user's few exports at once (rulings H12), sent in pieces.
        return exported(
            exports,
            service.actor.name,
            lambda: iter([service.export_log(format, game_name=info.name, **filters)]),
            KINDS[format],
            {"Content-Disposition": f'attachment; filename="{name}-log.{format}"'},
        )
    except RollplayError as exc:
        return PlainTextResponse(str(exc), 403 if isinstance(exc, Forbidden) else 400)


def _entries(service: Service, game: str, chosen: Filter) -> list[LogEntry]:
    return service.log(game_name=game, limit=_count(chosen), **chosen.asked())


def _card(entry: LogEntry) -> Markup:
    return Markup('<li id="e{}">{}</li>').format(
        entry.id, card_html(entry_card(entry), visibility=entry.visibility, when=entry.time)
    )


def _when(text: str, what: str) -> datetime | None:
    """A date or time (ISO 8601; UTC unless it says otherwise), or None for none."""
    if not text.strip():
        return None
    try:
        value = datetime.fromisoformat(text.strip())
    except ValueError:
        raise RollplayError(
            f"{what} {_clip(text)!r}: write a date like 2026-11-01 or a time like 2026-11-01T18:30"
        ) from None
    if not FIRST <= value.date() <= LAST:  # a zone's shift from here could leave the calendar
        raise RollplayError(f"{what} {_clip(text)!r}: give a date from {FIRST} to {LAST}")
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def _count(chosen: Filter) -> int:
    """How many entries a page draws (checked before int(): a long number is refused)."""
    text = chosen.limit.strip()
    if not text:
        return PAGE
    if not (text.isascii() and text.isdigit() and len(text) <= 7 and 1 <= int(text) <= MAX_PAGE):
        raise RollplayError(f"How many: a number from 1 to {MAX_PAGE}, not {_clip(text)!r}")
    return int(text)


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "\u2026"
