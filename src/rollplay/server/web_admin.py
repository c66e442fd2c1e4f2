"""The Storyteller's pages (issue 31): a game made from the home page (its house rules from
an uploaded rules file, read by the loader ``rollplay game new --rules`` uses), renamed or
archived; its members, invited by a link (on the server's public URL), their roles changed
or taken away. Every change is the service's command, checked there (a page shows its
controls only to the Storyteller; the service refuses anyone else anyway)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath
from typing import Annotated, Any, TypeVar
from urllib.parse import quote

from fastapi import APIRouter, Form, Path, Request, UploadFile
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup

from rollplay.errors import RollplayError
from rollplay.public_url import invite_link
from rollplay.rulesfile import MAX_FILE, SUFFIXES, parse_text
from rollplay.server.htmx import Viewer, game_page, problem
from rollplay.server.times import when
from rollplay.table.access.authz import ROLES
from rollplay.table.info import GameInfo, NewInvite
from rollplay.table.service import Service

router = APIRouter(include_in_schema=False)
Name = Annotated[str, Form(max_length=100)]
Done = TypeVar("Done")


def said(text: str, **headers: str) -> HTMLResponse:
    return HTMLResponse(Markup('<p class="answer" role="status">{}</p>').format(text),
                        headers={"HX-Trigger": "done", **headers})  # fmt: skip


def answered(change: Callable[[], Done], say: Callable[[Done], HTMLResponse]) -> HTMLResponse:
    """A form's change made by the service and ``say``'s fragment for what it answers, or
    the service's refusal as the form's one line."""
    try:
        done = change()
    except RollplayError as exc:
        return problem(exc)
    return say(done)


def _game_url(name: str) -> str:
    return "/games/" + quote(name, safe="")


async def _rules(upload: UploadFile | None) -> dict[str, Any] | None:
    """An uploaded house-rules file as the CLI's loader reads one (None: no file)."""
    if upload is None or not upload.filename:
        return None
    label = f"rules file {PurePath(upload.filename).name[:80]}"
    suffix = PurePath(upload.filename).suffix.lower()
    if suffix not in SUFFIXES:
        raise RollplayError(f"{label}: use a .toml, .yaml, .yml or .json file, not {suffix!r}")
    data = await upload.read(MAX_FILE * 4 + 1)
    if len(data) > MAX_FILE * 4:
        raise RollplayError(f"{label}: larger than {MAX_FILE:,} characters")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RollplayError(f"{label}: not UTF-8 text") from None
    # Parsing is seconds for a large file: off the event loop, as every parse is (H13).
    parsed: dict[str, Any] = await run_in_threadpool(parse_text, text, suffix, label)
    return parsed


@router.post("/games", response_class=HTMLResponse)
async def create_game(service: Viewer, name: Name,
                      preset: Annotated[str, Form(max_length=40)] = "fs3 3.3",
                      rules: UploadFile | None = None) -> HTMLResponse:  # fmt: skip
    """A new game from the home page (``preset``: a system and its edition; a rules file's
    ``extends`` names its own: rulings W1); its maker is its Storyteller, sent to its table."""
    system, _, edition = preset.partition(" ")
    try:
        house = await _rules(rules)  # read here; parsed and stored off the event loop
        made = await run_in_threadpool(service.new_game, name, system, edition or None, house)
    except RollplayError as exc:
        return problem(exc)
    return said(f"{made.name} is made: you run it.", **{"HX-Redirect": _game_url(made.name)})


@router.get("/games/{game}/members", response_class=HTMLResponse, response_model=None)
def members_page(game: str, request: Request) -> Response:
    return game_page(request, game, "members.html", "members", _members)


def _members(service: Service, info: GameInfo) -> dict[str, Any]:
    storyteller = info.role == "storyteller"
    return {"members": service.members(info.name),
            "invites": service.invites(info.name) if storyteller else [],
            "roles": ROLES}  # fmt: skip


@router.post("/games/{game}/invite", response_class=HTMLResponse)
def invite(game: str, request: Request, service: Viewer, *,
           role: Annotated[str, Form(max_length=20)] = "player",
           character: Annotated[str, Form(max_length=100)] = "",
           hours: Annotated[float, Form(gt=0, le=720)] = 72,
           label: Annotated[str, Form(max_length=400)] = "") -> HTMLResponse:  # fmt: skip
    """A single-use link to join the game, shown once, to copy and send; the list of the
    game's invites is drawn again beside it, the new one labelled as asked."""
    public: str | None = request.app.state.public_url

    def shown(made: NewInvite) -> HTMLResponse:
        link = (invite_link(public, made.token) if public
                else str(request.url_for("invite_page", token=made.token)))  # fmt: skip
        who = f"the player of {made.character}" if made.character else made.role
        if made.label:
            who = f"{made.label} ({who})"
        said = Markup(
            '<div class="answer" role="status"><p>A link for {} (it works once, until {}):</p>'
            '<p><input id="invite-link" readonly value="{}" aria-label="Invite link"> '
            '<button type="button" data-copy="#invite-link">Copy</button></p></div>'
        ).format(who, when(made.expires_at), link)
        listed = _invites_list(request, service, made.game or game, oob=True)
        return HTMLResponse(said + listed, headers={"HX-Trigger": "done"})

    return answered(lambda: service.new_invite(game, role, character or None, hours, label=label),
                    shown)  # fmt: skip


@router.post("/games/{game}/invites/{invite_id}/revoke", response_class=HTMLResponse)
def revoke(game: str, invite_id: Annotated[int, Path(ge=1, le=2**62)], request: Request,
           service: Viewer) -> HTMLResponse:  # fmt: skip
    """Close one of the game's open invites before anyone takes it (issue 37); the list is
    drawn again, the invite marked revoked. The service finds it among this game's invites
    only, and answers as the API does (rulings H15)."""
    return answered(lambda: service.revoke_invite(invite_id, game).game or game,
                    lambda name: HTMLResponse(_invites_list(request, service, name)))  # fmt: skip


def _invites_list(request: Request, service: Service, game: str, oob: bool = False) -> Markup:
    """The game's invites as members.html draws them (``oob``: to replace the list where it
    is, beside another answer)."""
    from rollplay.server.pages import templates

    page = templates.get_template("_invites.html")
    context = {"invites": service.invites(game), "game": service.game(game), "oob": oob}
    return Markup(page.render(request=request, **context))


@router.post("/games/{game}/members/role", response_class=HTMLResponse)
def change_role(game: str, service: Viewer, user: Name,
                role: Annotated[str, Form(max_length=20)]) -> HTMLResponse:  # fmt: skip
    """Give a member another role (a player's characters stay theirs)."""
    return answered(lambda: service.add_member(game, user, role),
                    lambda member: said(f"{member.user} is now {member.role}."))  # fmt: skip


@router.post("/games/{game}/members/remove", response_class=HTMLResponse)
def remove(game: str, service: Viewer, user: Name) -> HTMLResponse:
    """Take someone out of the game: their open feeds close when the hub reads the event."""
    return answered(lambda: service.remove_member(game, user),
                    lambda member: said(f"{member.user} is out of {game}."))  # fmt: skip


@router.post("/games/{game}/rename", response_class=HTMLResponse)
def rename(game: str, service: Viewer, name: Name) -> HTMLResponse:
    return answered(lambda: service.rename_game(game, name), lambda renamed: said(
        f"The game is now {renamed.name}.",
        **{"HX-Redirect": _game_url(renamed.name) + "/members"}))  # fmt: skip


@router.post("/games/{game}/archive", response_class=HTMLResponse)
def archive(game: str, service: Viewer,
            archived: Annotated[bool, Form()] = True) -> HTMLResponse:  # fmt: skip
    return answered(lambda: service.archive_game(game, archived), lambda info: said(
        f"{info.name} is {'archived: kept to read' if info.archived else 'out of the archive'}.",
        **{"HX-Refresh": "true"}))  # fmt: skip
