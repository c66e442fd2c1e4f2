"""The FS3 combat tracker on the web table (``/games/{game}/combats``): a game's combats, and
a combat's page: who is in it and how they stand, the table's live feed, and forms that build
the tracker's typed commands (table/commands.py) for ``run``.

Everything drawn comes from the service's answer for the viewer (``Tracker.status`` leaves
out what FS3 keeps from the players: NPCs' plans, and ratings it never shows), never from the
stored combat. The viewer's role only decides which forms are drawn, to leave out what would
be refused; the service decides every write. The tracker redraws on the feed's ``combat``
message and after the viewer's own writes; the forms only when the combat's roster changes,
so a form half filled in is not wiped by someone else's move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup
from pydantic import BaseModel

from rollplay.errors import RollplayError
from rollplay.server.cards import card
from rollplay.server.combat_forms import form_choices, name_key
from rollplay.server.htmx import Viewer, game_page, problem, run
from rollplay.server.pages import templates
from rollplay.table import commands as c
from rollplay.table.combat.tracker import Tracker
from rollplay.table.info import GameInfo
from rollplay.table.service import Service
from rollplay.table.store.db import StorageError

router = APIRouter(include_in_schema=False)
COMBAT = "/games/{game}/combats/{name}"
RECENT = 50  # events drawn with the page; the feed brings the rest live


class _Gear(BaseModel):
    """What a newcomer carries (all text: a bad value is the service's one-line refusal,
    not a validation error's JSON)."""

    weapon: str = "Unarmed"
    armor: str = "None"


class JoinForm(_Gear):
    """A character joins."""

    who: str = ""
    team: str = "A"


class NpcForm(_Gear):
    """The Storyteller adds an NPC with a rating."""

    name: str = ""
    rating: str = ""
    team: str = "B"


class ActionForm(BaseModel):
    """An action for this turn (002 Combat Turns), with the options a form offers."""

    who: str = ""
    kind: str = ""
    target: str = ""
    called: str = ""
    range: str = "short"
    luck: str = ""
    burst: str = ""  # a checkbox: full-auto at the target


class NpcOrders(BaseModel):
    """Every NPC's row of the NPC form, in order: who, the action (blank: the tracker
    chooses) and its target."""

    who: list[str] = []
    kind: list[str] = []
    target: list[str] = []


# -- pages and fragments ---------------------------------------------------------------------


@router.get("/games/{game}/combats", response_class=HTMLResponse, response_model=None)
def combats_page(game: str, request: Request) -> Response:
    def fill(service: Service, info: GameInfo) -> dict[str, Any]:
        return {"combats": Tracker(service).combats(info.name)}

    return game_page(request, game, "combats.html", "combat", fill)


@router.get(COMBAT, response_class=HTMLResponse, response_model=None)
def combat_page(game: str, name: str, request: Request) -> Response:
    def fill(service: Service, info: GameInfo) -> dict[str, Any]:
        status = Tracker(service).status(info.name, name)
        return {"s": status, **form_choices(info, status).context(), **_recent(service, info)}

    return game_page(request, game, "combat.html", "combat", fill)


@router.get(COMBAT + "/tracker", response_class=HTMLResponse, response_model=None)
def tracker(game: str, name: str, request: Request, service: Viewer) -> Response:
    """The combatants and how they stand, as the viewer may see them."""
    try:
        info = service.game(game)
        status = Tracker(service).status(info.name, name)
    except RollplayError as exc:
        return problem(exc)
    return templates.TemplateResponse(request, "_combat_tracker.html", {"game": info, "s": status})


@router.get(COMBAT + "/forms", response_class=HTMLResponse, response_model=None)
def forms(game: str, name: str, request: Request, service: Viewer, *, roster: str = "",
          who: Annotated[str, Query(max_length=200)] = "") -> Response:  # fmt: skip
    """The forms, redrawn only when ``roster`` (the key of the ones on the page) is stale:
    else 204, which the page leaves alone. ``who``: whose action the action form shows (the
    one chosen on the page), so a redraw keeps the choice."""
    try:
        info = service.game(game)
        status = Tracker(service).status(info.name, name)
    except RollplayError as exc:
        return problem(exc)
    choices = form_choices(info, status, who)
    if roster == choices.roster:
        return Response(status_code=204)
    return templates.TemplateResponse(request, "_combat_forms.html",
                                      {"game": info, "s": status, **choices.context()})  # fmt: skip


def _recent(service: Service, info: GameInfo) -> dict[str, Any]:
    """The game's recent events as cards, projected for the viewer, and where the feed
    picks up."""
    game_id, _, _ = service.watch(info.name)
    after = max(0, service.latest_event(game_id) - RECENT)
    events = service.events_for(info.name, after, RECENT)
    return {"cards": [card(e, not info.archived) for e in events],
            "last": events[-1].id if events else after}  # fmt: skip


# -- writes ----------------------------------------------------------------------------------


@router.post("/games/{game}/combats", response_class=HTMLResponse)
def start(game: str, service: Viewer, name: Annotated[str, Form()] = "") -> HTMLResponse:
    """The Storyteller starts a combat, and the page goes to it."""
    answer = run(service, c.CombatStart(game, name))  # in words, as everywhere (rulings W85)
    if answer.status_code < 400:
        where = f"/games/{quote(game, safe='')}/combats/{quote(' '.join(name.split()), safe='')}"
        answer.headers["HX-Redirect"] = where
    return answer


@router.post(COMBAT + "/join", response_class=HTMLResponse)
def join(game: str, name: str, service: Viewer, form: Annotated[JoinForm, Form()]) -> HTMLResponse:
    """A character joins: the player's own, or any the Storyteller adds."""
    command = c.CombatJoin(game, name, form.who.strip() or None, team=form.team,
                           weapon=form.weapon, armor=form.armor)  # fmt: skip
    return run(service, command, Markup("{} joins {}").format(form.who, name))


@router.post(COMBAT + "/npc", response_class=HTMLResponse)
def npc(game: str, name: str, service: Viewer, form: Annotated[NpcForm, Form()]) -> HTMLResponse:
    """The Storyteller adds an NPC: one rating for everything (004)."""
    text = form.rating.strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        return problem(RollplayError(f"an NPC's rating is a whole number, like 4; not {text!r}"))
    command = c.CombatJoin(game, name, form.name, team=form.team, rating=int(text),
                           weapon=form.weapon, armor=form.armor)  # fmt: skip
    return run(service, command, Markup("{} joins {}").format(form.name, name))


@router.post(COMBAT + "/stance", response_class=HTMLResponse)
def stance(game: str, name: str, service: Viewer, who: Annotated[str, Form()] = "",
           stance: Annotated[str, Form()] = "") -> HTMLResponse:  # fmt: skip
    """A free action: a combatant's stance, now."""

    def build(w: str | None) -> c.CombatStance:
        return c.CombatStance(game, name, w, stance)

    return _for(service, game, name, who, build, said=f"stance {stance}")


@router.post(COMBAT + "/action", response_class=HTMLResponse)
def action(
    game: str, name: str, service: Viewer, form: Annotated[ActionForm, Form()]
) -> HTMLResponse:
    """A combatant's action for this turn (replacing one already set)."""
    target = form.target.strip() or None

    def build(who: str | None) -> c.CombatAction:
        return c.CombatAction(game, name, who, form.kind.strip().lower(), target=target,
                              called=form.called or None, range=form.range or "short",
                              luck=form.luck or None,
                              burst=(target,) if form.burst and target else ())  # fmt: skip

    return _for(service, game, name, form.who, build, said=f"action {form.kind}")


@router.post(COMBAT + "/npcs", response_class=HTMLResponse)
def npcs(game: str, name: str, service: Viewer,
         form: Annotated[NpcOrders, Form()]) -> HTMLResponse:  # fmt: skip
    """The Storyteller's orders for every NPC at once: the ``combat/orders`` command (one
    transaction: all or none). A row left on "the tracker chooses" is left out, and the
    tracker picks that NPC's action."""
    rows = list(zip(form.who, form.kind, form.target, strict=False))
    if len(rows) != len(form.who):
        return problem(RollplayError("every NPC's row needs its action and its target"))
    orders = tuple(c.NpcOrder(w.strip(), k.strip().lower(), t.strip() or None)
                   for w, k, t in rows if k.strip())  # fmt: skip
    said = Markup("Actions set for {}").format(", ".join(o.who for o in orders))
    return run(service, c.CombatOrders(game, name, orders), said)


@router.post(COMBAT + "/leave", response_class=HTMLResponse)
def leave(game: str, name: str, service: Viewer, who: Annotated[str, Form()] = "") -> HTMLResponse:
    return _for(service, game, name, who, lambda w: c.CombatLeave(game, name, w), said="left")


@router.post(COMBAT + "/turn", response_class=HTMLResponse)
def new_turn(game: str, name: str, service: Viewer) -> HTMLResponse:
    """The Storyteller resolves the turn; its report arrives on the feed, as roll cards."""
    return run(service, c.CombatTurn(game, name), "Turn resolved")


@router.post(COMBAT + "/stop", response_class=HTMLResponse)
def stop(game: str, name: str, service: Viewer) -> HTMLResponse:
    return run(service, c.CombatStop(game, name))


@router.post(COMBAT + "/delete", response_class=HTMLResponse)
def delete(game: str, name: str, service: Viewer) -> HTMLResponse:
    """The Storyteller deletes a stopped combat, freeing its name (as `rollplay combat
    delete` does); the page goes back to the game's combats, as this one is gone."""
    try:
        gone = Tracker(service).delete(game, name)
    except RollplayError as exc:
        return problem(exc)
    combats = f"/games/{quote(game, safe='')}/combats"
    return HTMLResponse(Markup('<p role="status">{} is deleted.</p>').format(gone.combat),
                        headers={"HX-Redirect": combats})  # fmt: skip


def _for(service: Service, game: str, name: str, who: str,
         build: Callable[[str | None], Any], *, said: str) -> HTMLResponse:  # fmt: skip
    """A command for one combatant. One the combat does not hold (as the viewer sees it) is
    a 404, as a character that is not there is, whoever asks."""
    try:
        fighters = Tracker(service).status(game, name).names
        found = next((n for n in fighters if name_key(n) == name_key(who)), None)
        if who.strip() and found is None:
            raise StorageError(f"{name} has no combatant called {who.strip()!r}; in it: "
                               f"{', '.join(fighters) or 'nobody'}")  # fmt: skip
        command = build(found)
    except RollplayError as exc:
        return problem(exc)
    return run(service, command, Markup("{}: {}").format(found or "You", said))
