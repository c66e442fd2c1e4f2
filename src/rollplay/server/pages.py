"""HTML pages: signing in and out, your sign-ins (the password, sessions, tokens and chat
links, each of which you may end), and taking an invite link (the web table builds on them).
Plain form posts, so they work without JavaScript; a post from another site's page is
refused by its Origin (and the session cookie is SameSite=Lax, so such a post carries none)."""

from __future__ import annotations

import hmac
from pathlib import Path
from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from rollplay.errors import RollplayError
from rollplay.render.combat import place
from rollplay.server.access import retry_after
from rollplay.server.accounts import set_session
from rollplay.server.auth import COOKIE, acting, caller, check_origin, client_address
from rollplay.server.parts import guarded, parts, revoked
from rollplay.server.times import when
from rollplay.table.access.accounts import SignInError, csrf_for
from rollplay.table.access.invites import InviteError
from rollplay.table.access.throttle import TryLater, invite_keys, sign_in_keys
from rollplay.table.service import Service

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).with_name("templates"))
templates.env.trim_blocks = templates.env.lstrip_blocks = True  # tidy HTML from tags on lines
templates.env.filters["when"] = when
templates.env.filters["place"] = place  # a hit location as people read it ("Right Arm")


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> HTMLResponse:
    service = caller(request)
    if service is None:
        return _page(request, "home.html", user=None)
    csrf = csrf_for(request.cookies.get(COOKIE, ""))
    context = {"user": service.actor.name, "games": service.games(), "csrf": csrf,
               "welcome": "welcome" in request.query_params,
               **_account(request, service)}  # fmt: skip
    return templates.TemplateResponse(request, "home.html", context)


def _account(request: Request, service: Service) -> dict[str, object]:
    """What the account section shows: the caller's sessions, tokens and chat links."""
    return {"sessions": service.sessions(request.cookies.get(COOKIE)),
            "tokens": service.tokens(), "links": service.links()}  # fmt: skip


def _account_page(request: Request, service: Service, **said: str) -> HTMLResponse:
    """The account section again, after a change (``done``) or a refusal (``problem``)."""
    context = {**_account(request, service), **said}
    return templates.TemplateResponse(request, "_account.html", context)


@router.post("/login", response_model=None)
def login_form(
    request: Request,
    name: Annotated[str, Form(max_length=100)],
    password: Annotated[str, Form(max_length=1024)],
) -> HTMLResponse | RedirectResponse:
    check_origin(request)
    service = parts(request).service
    keys = sign_in_keys(client_address(request), name)
    try:
        signed = guarded(request, keys, lambda: service.sign_in(name, password))
    except SignInError as exc:
        return _page(request, "home.html", status=401, user=None, problem=str(exc))
    except TryLater as exc:
        return _page(request, "home.html", status=exc.status, user=None, problem=str(exc),
                     headers=retry_after(exc))  # fmt: skip
    response = RedirectResponse("/", status_code=303)
    set_session(request, response, signed.session)
    return response


@router.post("/logout")
def logout_form(
    request: Request,
    everywhere: Annotated[str, Form(max_length=10)] = "",
    csrf: Annotated[str, Form(max_length=200)] = "",
) -> RedirectResponse:
    """Sign out (``everywhere``: every session and API token of yours). The form carries the
    session's CSRF token (or the X-CSRF-Token header), as every write does: without it
    another site's page could sign its visitor out (a post with no Origin header passes
    ``check_origin``)."""
    check_origin(request)
    cookie = request.cookies.get(COOKIE)
    sent = csrf or request.headers.get("x-csrf-token", "")
    if cookie and not hmac.compare_digest(sent, csrf_for(cookie)):
        raise HTTPException(403, "signing out needs the form's CSRF token: sign out from "
                                 "this site's own page")  # fmt: skip
    if cookie:
        parts(request).service.sign_out(cookie, everywhere=bool(everywhere))
        revoked(request)
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


@router.post("/account/password", response_class=HTMLResponse)
def password_form(
    request: Request,
    current: Annotated[str, Form(max_length=1024)],
    new: Annotated[str, Form(max_length=1024)],
) -> HTMLResponse:
    """Change your password: every other session and token of yours ends."""
    service = acting(request)
    keys = sign_in_keys(client_address(request), service.actor.name)
    cookie = request.cookies.get(COOKIE)
    try:
        ended = guarded(request, keys, lambda: service.change_password(current, new, cookie))
    except RollplayError as exc:  # a wrong current password, a short new one, throttled
        return _account_page(request, service, problem=str(exc))
    revoked(request)
    done = (f"Your password is changed; {ended.sessions} other session(s) and "
            f"{ended.tokens} token(s) were ended.")  # fmt: skip
    return _account_page(request, service, done=done)


@router.post("/account/end", response_class=HTMLResponse)
def end_form(request: Request, what: Annotated[str, Form(max_length=200)]) -> HTMLResponse:
    """End one of your sessions (``session:ID``), tokens (``token:ID``) or chat links
    (``link:PLATFORM:ID``)."""
    service = acting(request)
    kind, _, rest = what.partition(":")
    match kind:
        case "session" | "token" if rest.isdigit():
            number = int(rest)
            if kind == "session":
                service.end_session(number)
            else:
                service.revoke_token(number)
        case "link":
            platform, _, external_id = rest.partition(":")
            service.unlink_account(platform, external_id)
        case _:
            raise RollplayError(f"nothing to end called {what[:60]!r}")
    revoked(request)
    return _account_page(request, service, done="Ended.")


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
    keys = invite_keys(client_address(request), token)
    try:
        joined = guarded(request, keys, lambda: service.accept_invite(token, name, password))
    except InviteError as exc:
        return _page(request, "invite.html", status=410, invite=None, error=str(exc))
    except TryLater as exc:
        return _page(request, "invite.html", status=exc.status, invite=None, error=str(exc),
                     headers=retry_after(exc))  # fmt: skip
    except RollplayError as exc:  # a taken name, a short password: say so, keep the form
        invite = service.invite(token)
        return _page(request, "invite.html", status=400, invite=invite, error=None,
                     problem=str(exc))  # fmt: skip
    # One game: straight to its table, as their character. The first run's link (every
    # game, or none yet): the home page, which says what to do next (make a game: W90).
    where = f"/games/{quote(joined.games[0])}" if len(joined.games) == 1 else "/?welcome"
    response = RedirectResponse(where, status_code=303)
    if joined.session is not None:
        set_session(request, response, joined.session)
    return response


def _page(request: Request, name: str, status: int = 200,
          headers: dict[str, str] | None = None, **context: object) -> HTMLResponse:  # fmt: skip
    return templates.TemplateResponse(request, name, context, status_code=status,
                                      headers=headers)  # fmt: skip
