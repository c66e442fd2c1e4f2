"""What the web table's routes share (web.py, web_sheets.py, web_combat.py, web_log.py): who
is looking, a game's page drawn with its header, and a command run for a form with its
answer as a fragment (a 4xx fragment names what was wrong; the page swaps it in).

Every page write is an htmx request made as any cookie-authenticated write is: with the
session's CSRF token (drawn into the page, sent as ``X-CSRF-Token``) and this site's Origin
(``auth.caller`` checks both)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup

from rollplay.errors import RollplayError
from rollplay.render.answers import answer_lines
from rollplay.render.html import line_html
from rollplay.render.spans import plain
from rollplay.server.access import retry_after
from rollplay.server.auth import COOKIE, caller
from rollplay.server.idempotency import READ_ONLY
from rollplay.server.pages import templates
from rollplay.table.access.accounts import csrf_for
from rollplay.table.access.authz import Forbidden
from rollplay.table.access.throttle import TryLater
from rollplay.table.service import Service
from rollplay.table.store.db import StorageError


def viewer(request: Request) -> Service:
    service = caller(request)
    if service is None:
        raise HTTPException(401, "sign in first")
    return service


Viewer = Annotated[Service, Depends(viewer)]  # on a write, caller() checks CSRF and Origin


def game_page(request: Request, game: str, template: str, here: str,
              fill: Any = None) -> Response:  # fmt: skip
    """A game's page for whoever is signed in (someone signed out is sent to sign in):
    ``fill(service, game_info)`` gives the template's own values."""
    service = caller(request)
    if service is None:
        return RedirectResponse("/", status_code=303)
    try:
        info = service.game(game)
        context = fill(service, info) if fill else {}
    except RollplayError as exc:  # a page, not JSON, for someone at a browser
        said = {"message": str(exc), "user": service.actor.name}
        return templates.TemplateResponse(request, "error.html", said, status_of(exc))
    return templates.TemplateResponse(request, template, {
        "game": info, "user": service.actor.name, "here": here,
        "csrf": csrf_for(request.cookies.get(COOKIE, "")), **context,
    })  # fmt: skip


def run(service: Service, command: Any, done: str | None = None) -> HTMLResponse:
    """Run a command from a form: its fragment, or a 4xx fragment saying what was wrong."""
    try:
        answer = service.execute(command)
    except RollplayError as exc:
        return problem(exc)
    lines = [[plain(done)]] if done is not None else answer_lines(answer, beside_feed=True)
    said = Markup("").join(Markup("<p>{}</p>").format(line_html(line)) for line in lines)
    answered = Markup('<div class="answer" role="status">{}</div>').format(said)
    headers = {"HX-Trigger": "done"}  # parts of the page redraw
    if not answer.event_ids:  # a read: its Idempotency-Key keeps nothing (idempotency.py)
        headers[READ_ONLY.decode()] = "1"
    return HTMLResponse(answered, headers=headers)


def problem(exc: RollplayError) -> HTMLResponse:
    """An error as the fragment a form shows, with its status."""
    return HTMLResponse(Markup('<p class="error" role="alert">{}</p>').format(str(exc)),
                        status_of(exc), headers=retry_after(exc))  # fmt: skip


def status_of(exc: RollplayError) -> int:
    """403 for what the viewer may not do, 429 for too fast, 404 for a game or character
    that is not there, 400 for the rest."""
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, TryLater):  # too fast (a pose flood: rulings S72)
        return exc.status
    if isinstance(exc, StorageError) and (str(exc).startswith("no ") or " has no " in str(exc)):
        return 404
    return 400
