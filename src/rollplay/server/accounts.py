"""Routes for accounts: signing in and out, API tokens, invites and chat-account link codes
(docs/api.md)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request, Response
from pydantic import BaseModel, Field

from rollplay.public_url import invite_link
from rollplay.server.auth import COOKIE, acting, caller, check_origin, client_address, own_secret
from rollplay.server.parts import guarded, parts, revoked
from rollplay.table.access.accounts import SESSION_DAYS
from rollplay.table.access.throttle import invite_keys, sign_in_keys
from rollplay.table.info import (
    ChatLink,
    Ended,
    Invite,
    Joined,
    LinkCode,
    NewInvite,
    NewToken,
    SessionInfo,
    TokenInfo,
    Unlinked,
)
from rollplay.table.service import Service

router = APIRouter(prefix="/api/v1", tags=["accounts"])
Acting = Annotated[Service, Depends(acting)]  # the service, acting for the caller
Anyone = Annotated[Service | None, Depends(caller)]  # the same, or None for nobody
RowId = Annotated[int, Path(ge=1, le=2**62)]


class Login(BaseModel):
    name: str = Field(max_length=100)
    password: str = Field(max_length=1024)


class TokenRequest(BaseModel):
    label: str = Field(default="token", max_length=100)


class InviteRequest(BaseModel):
    role: str = "player"
    character: str | None = Field(default=None, max_length=100)
    hours: float = 72
    label: str = Field(default="", max_length=400)  # who it is for (the service tidies it)


class Accept(BaseModel):
    token: str = Field(max_length=200)
    name: str | None = Field(default=None, max_length=100)
    password: str | None = Field(default=None, max_length=1024)


class NewPassword(BaseModel):
    current_password: str = Field(max_length=1024)
    new_password: str = Field(max_length=1024)


class Session(BaseModel):
    """A signed-in browser: who, and the CSRF token its writes send (the session itself is
    the cookie, never in the body)."""

    user: str
    csrf_token: str


class SignedOut(BaseModel):
    signed_out: bool
    everywhere: bool


class Revoked(BaseModel):
    revoked: int


def set_session(request: Request, response: Response, secret: str) -> None:
    """The session cookie: HttpOnly (no script reads it), SameSite=Lax (no other site's
    post carries it), Secure behind HTTPS."""
    response.set_cookie(COOKIE, secret, max_age=SESSION_DAYS * 86400, httponly=True,
                        samesite="lax", secure=request.url.scheme == "https")  # fmt: skip


@router.post("/login")
def login(body: Login, request: Request, response: Response) -> Session:
    """A session cookie for a right name and password, and the CSRF token that
    cookie-authenticated writes send back as ``X-CSRF-Token``. Throttled per address and
    name together, and per address (429 with ``Retry-After``); a wrong name and a wrong
    password get the same answer."""
    check_origin(request)
    service = parts(request).service
    keys = sign_in_keys(client_address(request), body.name)
    signed = guarded(request, keys, lambda: service.sign_in(body.name, body.password))
    set_session(request, response, signed.session)
    return Session(user=signed.user, csrf_token=signed.csrf_token)


@router.post("/logout")
def logout(request: Request, response: Response, service: Acting,
           everywhere: bool = False) -> SignedOut:  # fmt: skip
    """End this session (``?everywhere=true``: every session and every API token of this
    user)."""
    cookie = request.cookies.get(COOKIE)
    if cookie:
        service.sign_out(cookie, everywhere=everywhere)
        revoked(request)
    response.delete_cookie(COOKIE)
    return SignedOut(signed_out=True, everywhere=everywhere)


@router.post("/password")
def change_password(body: NewPassword, request: Request, service: Acting) -> Ended:
    """Change the caller's password (giving the current one): every other session and API
    token of theirs ends at once; the one asking stays signed in."""
    keys = sign_in_keys(client_address(request), service.actor.name)
    keep = own_secret(request)
    ended = guarded(request, keys, lambda: service.change_password(
        body.current_password, body.new_password, keep))  # fmt: skip
    revoked(request)
    return ended


@router.get("/sessions")
def sessions(request: Request, service: Acting) -> list[SessionInfo]:
    """The caller's signed-in browsers (``current``: the one asking)."""
    return service.sessions(request.cookies.get(COOKIE))


@router.delete("/sessions/{session_id}")
def end_session(session_id: RowId, request: Request, service: Acting) -> Revoked:
    """End one of the caller's sessions: that browser is signed out at once."""
    service.end_session(session_id)
    revoked(request)
    return Revoked(revoked=session_id)


@router.get("/tokens")
def tokens(service: Acting) -> list[TokenInfo]:
    """The caller's API tokens: ids, labels and when made, never their secrets."""
    return service.tokens()


@router.post("/tokens")
def new_token(body: TokenRequest, service: Acting) -> NewToken:
    """An API token for the caller (shown once), sent as ``Authorization: Bearer TOKEN``."""
    return service.new_token(body.label)


@router.delete("/tokens/{token_id}")
def revoke_token(token_id: RowId, request: Request, service: Acting) -> Revoked:
    """Revoke one of the caller's API tokens: it stops working at once."""
    service.revoke_token(token_id)
    revoked(request)
    return Revoked(revoked=token_id)


@router.post("/link-codes")
def new_link_code(service: Acting) -> LinkCode:
    """A one-time code (15 minutes) that links a chat account to the caller: typed to the
    Discord bot (/link CODE) or on a MUSH (+rollplay/link CODE)."""
    return service.link_code()


@router.get("/links")
def links(service: Acting) -> list[ChatLink]:
    """The caller's linked chat accounts."""
    return service.links()


@router.delete("/links/{platform}/{external_id}")
def unlink(platform: str, external_id: str, request: Request, service: Acting) -> Unlinked:
    """Unlink one of the caller's chat accounts: the bridge no longer acts as them."""
    return service.unlink_account(platform, external_id)


@router.post("/games/{game}/invites")
def new_invite(game: str, body: InviteRequest, request: Request,
               service: Acting) -> NewInvite:  # fmt: skip
    """A single-use, expiring link to join the game (the Storyteller's); shown once."""
    data = service.new_invite(game, body.role, body.character, body.hours, label=body.label)
    public: str | None = request.app.state.public_url
    link = (
        invite_link(public, data.token)
        if public
        else str(request.url_for("invite_page", token=data.token))
    )
    return data.model_copy(update={"link": link})


@router.get("/games/{game}/invites")
def invites(game: str, service: Acting) -> list[Invite]:
    return service.invites(game)


@router.delete("/invites/{invite_id}")
def revoke_invite(invite_id: RowId, service: Acting) -> Invite:
    return service.revoke_invite(invite_id)


@router.post("/invites/accept", response_model_exclude_none=True)
def accept_invite(body: Accept, request: Request, response: Response,
                  service: Anyone) -> Joined:  # fmt: skip
    """Use an invite: signed in, as yourself; otherwise with a new ``name`` and
    ``password``, which also signs you in (a session cookie and its CSRF token). The link is
    checked before the password is hashed; throttled per link and per address."""
    check_origin(request)
    data: Joined
    keys = invite_keys(client_address(request), body.token)
    if service is None:
        owner = parts(request).service
        name, password = body.name, body.password
        data = guarded(request, keys, lambda: owner.accept_invite(body.token, name, password))
    else:
        signed_in = service
        data = guarded(request, keys, lambda: signed_in.accept_invite(body.token))
    if data.session is not None:  # the cookie carries it; the answer does not
        set_session(request, response, data.session)
    return data.model_copy(update={"session": None})
