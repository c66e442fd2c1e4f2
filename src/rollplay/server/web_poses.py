"""The controls a card carries for what may change it (issue 37; docs/web.md, "Poses and
reveals"): a pose's Edit and Delete, for its author while the game's edit window lasts
(rulings S11, S74), and a secret roll's Reveal, for the Storyteller (rulings S73). Each is a
form that runs the command the typed line would (``pose/edit N=``, ``pose/delete N``,
``reveal N``), so the service decides, as it does for the line.

A card is drawn once for every viewer who sees it alike (the live hub), so the controls are
in every such viewer's card: a pose's are hidden by static/cards.js from all but its author
(``data-author``) and after its window; the service refuses anyone else anyway. A whole
secret roll, or a whole turn an NPC fought in, is drawn only for the Storyteller, so its
Reveal reaches no one else."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Form, Path
from fastapi.responses import HTMLResponse
from markupsafe import Markup

from rollplay.server.htmx import Viewer, run
from rollplay.table import commands as c
from rollplay.table.events.combat import Turn
from rollplay.table.events.payloads import Roll
from rollplay.table.events.scenes import Posed
from rollplay.table.events.views import EventView
from rollplay.table.limits import MAX_POSE

router = APIRouter(include_in_schema=False)
Number = Annotated[int, Path(ge=1, le=2**62)]  # an event's number in its game


def pose_tools(event: EventView) -> Markup:
    """A pose's Edit (a form that opens in place, its text as it stands) and Delete (asked
    first), hidden until static/cards.js finds the reader is its author within the window;
    nothing for a deleted pose or one whose author the reader may not know."""
    data = event.data
    if not isinstance(data, Posed) or data.deleted or event.actor is None:
        return Markup("")
    where = f"/games/{quote(event.game, safe='')}/poses/{event.id}"
    return Markup(
        '<div class="pose-tools" data-author="{author}" data-posed="{time}" hidden>'
        '<button type="button" class="link" data-edit="edit-{n}" aria-expanded="false" '
        'aria-controls="edit-{n}" tabindex="-1">\u270e Edit</button> '
        '<button type="button" class="link" hx-post="{where}/delete" hx-target="#pose-{n}-said" '
        'hx-confirm="Delete pose #{n}? Only the Storyteller will see its words." '
        'tabindex="-1">Delete</button>'
        '<form id="edit-{n}" class="pose-edit" hx-post="{where}/edit" '
        'hx-target="#pose-{n}-said" hidden>'
        '<label for="edit-{n}-text">Pose #{n}, as it should read</label>'
        '<textarea id="edit-{n}-text" name="text" required maxlength="{most}" rows="3">'
        "{text}</textarea> "
        '<button type="submit">Save</button> <button type="button" data-edit="edit-{n}">'
        "Cancel</button></form>"
        '<span id="pose-{n}-said" aria-live="polite"></span></div>'
    ).format(author=event.actor, time=event.time, n=event.id, where=where, most=MAX_POSE,
             text=data.text)  # fmt: skip


def reveal_button(event: EventView) -> Markup:
    """A secret roll's Reveal, on the card only the Storyteller is drawn (a whole secret
    roll), until it is revealed; the same on a combat turn an NPC fought in, whose card
    players are drawn without the NPCs' dice (hidden), so the whole one is hers alone. The
    reveal's own card then opens this one for everyone (cards.later_card)."""
    data = event.data
    secret = isinstance(data, Roll) and event.visibility == "secret"
    if event.hidden or not (secret or (isinstance(data, Turn) and data.hides())):
        return Markup("")
    assert isinstance(data, Roll | Turn)
    if data.revealed is not None:
        return Markup('<p id="reveal-{}" class="muted">Revealed: #{}</p>').format(
            event.id, data.revealed
        )
    return Markup(
        '<form id="reveal-{0}" class="reveal" hx-post="/games/{1}/rolls/{0}/reveal" '
        'hx-target="#reveal-{0}-said"><button type="submit">Reveal to the scene</button>'
        '</form><div id="reveal-{0}-said" aria-live="polite"></div>'
    ).format(event.id, quote(event.game, safe=""))


@router.post("/games/{game}/poses/{number}/edit", response_class=HTMLResponse)
def edit(game: str, number: Number, service: Viewer,
         text: Annotated[str, Form(max_length=MAX_POSE + 100)]) -> HTMLResponse:  # fmt: skip
    """``pose/edit N=TEXT``: the pose's author, within the window."""
    return run(service, c.PoseEdit(game, number, text))


@router.post("/games/{game}/poses/{number}/delete", response_class=HTMLResponse)
def delete(game: str, number: Number, service: Viewer) -> HTMLResponse:
    """``pose/delete N``: the pose's author, within the window."""
    return run(service, c.PoseDelete(game, number))


@router.post("/games/{game}/rolls/{number}/reveal", response_class=HTMLResponse)
def reveal(game: str, number: Number, service: Viewer) -> HTMLResponse:
    """``reveal N``: the Storyteller shows a secret roll to its scene."""
    return run(service, c.Reveal(game, number))
