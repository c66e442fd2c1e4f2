"""HTML pages: signing in and out, and taking an invite link (the web table builds on them).
Plain form posts, so they work without JavaScript; a post from another site's page is
refused by its Origin (and the session cookie is SameSite=Lax, so such a post carries none)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from rollplay.errors import RollplayError
from rollplay.server.accounts import set_session
from rollplay.server.auth import COOKIE, caller, check_origin, client_address
from rollplay.server.parts import parts
from rollplay.table.access.accounts import SignInError, csrf_for
from rollplay.table.access.invites import InviteError

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).with_name("templates"))
templates.env.trim_blocks = templates.env.lstrip_blocks = True  # tidy HTML from tags on lines


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> HTMLResponse:
    service = caller(request)
    if service is None:
        return _page(request, "home.html", user=None)
    return _page(
        request,
        "home.html",
        user=service.actor.name,
        games=service.games(),
        links=service.links(),
        csrf=csrf_for(request.cookies.get(COOKIE, "")),
    )


@router.post("/login", response_model=None)
def login_form(
    request: Request,
    name: Annotated[str, Form(max_length=100)],
    password: Annotated[str, Form(max_length=1024)],
) -> HTMLResponse | RedirectResponse:
    check_origin(request)
    shared = parts(request)
    keys = (f"name:{name.casefold()}", f"addr:{client_address(request)}")
    shared.throttle.check(*keys)
    try:
        signed = shared.service.sign_in(name, password)
    except SignInError as exc:
        shared.throttle.failed(*keys)
        return _page(request, "home.html", status=401, user=None, problem=str(exc))
    response = RedirectResponse("/", status_code=303)
    set_session(request, response, signed.session)
    return response


@router.post("/logout")
def logout_form(request: Request) -> RedirectResponse:
    check_origin(request)
    cookie = request.cookies.get(COOKIE)
    if cookie:
        parts(request).service.sign_out(cookie)
        parts(request).recent.forget()
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(COOKIE)
    return response


@router.post("/link-code", response_class=HTMLResponse, response_model=None)
def link_code_form(request: Request) -> Response:
    """A one-time code to link a chat account (Discord, a MUSH), shown on the home page."""
    check_origin(request)
    service = caller(request)
    if service is None:
        return RedirectResponse("/", status_code=303)
    return _page(request, "_link.html", code=service.link_code(), links=service.links())


@router.get("/invite/{token}", name="invite_page", response_class=HTMLResponse)
def invite_page(token: str, request: Request) -> HTMLResponse:
    try:
        invite = parts(request).service.invite(token)
    except InviteError as exc:
        return _page(request, "invite.html", status=410, invite=None, error=str(exc))
    return _page(request, "invite.html", invite=invite, error=None)


@router.post("/invite/{token}", response_class=HTMLResponse, response_model=None)
def take_invite(
    token: str,
    request: Request,
    name: Annotated[str, Form(max_length=100)],
    password: Annotated[str, Form(max_length=1024)],
) -> Response:
    check_origin(request)
    service = parts(request).service
    try:
        joined = service.accept_invite(token, name, password)
    except InviteError as exc:
        return _page(request, "invite.html", status=410, invite=None, error=str(exc))
    except RollplayError as exc:  # a taken name, a short password: say so, keep the form
        invite = service.invite(token)
        return _page(request, "invite.html", status=400, invite=invite, error=None,
                     problem=str(exc))  # fmt: skip
    response: Response = _page(request, "joined.html", joined=joined)
    if len(joined.games) == 1:  # straight to the table, as their character
        response = RedirectResponse(f"/games/{quote(joined.games[0])}", status_code=303)
    if joined.session is not None:
        set_session(request, response, joined.session)
    return response


def _page(request: Request, name: str, status: int = 200, **context: object) -> HTMLResponse:
    return templates.TemplateResponse(request, name, context, status_code=status)
