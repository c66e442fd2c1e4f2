"""The web table's cards: an event drawn for a page (``card``) with its tools (a permalink,
"Copy as text", where its news leads), its controls (a request's Roll, a pose's Edit and
Delete, a secret roll's Reveal), and the live feed's message of it (``sse_card``), which also
draws again, out of band, the earlier event it changes. That earlier event comes folded by
the ledger (events/ledger.py ``Changes.earlier``) as every reader's fold has it, so a card
drawn live and the card drawn on a reload are the same (rulings S77); no fold rule lives
here.

And the spend control (``_spend.html``), one for the roll box, the pose box and a request's
card, offering what the game's system says its roller may spend (``System.answer_spends``),
in the same words everywhere."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from urllib.parse import quote

from markupsafe import Markup, escape

from rollplay.render.events import event_card
from rollplay.render.html import event_html
from rollplay.render.spans import text_of
from rollplay.server.onward import onward
from rollplay.server.pages import templates
from rollplay.server.web_poses import pose_tools, reveal_button
from rollplay.table.events.combat import Step_
from rollplay.table.events.payloads import HiddenRoll, Roll
from rollplay.table.events.requests import RequestCancelled, RollRequested
from rollplay.table.events.views import EventView
from rollplay.table.info import GameInfo
from rollplay.table.play.scene_reads import ORDER_KINDS
from rollplay.table.systems import system

# Kinds after which a page's points panel is asked again: a turn spends luck and deals wounds.
POINTS = frozenset({"luck_award", "luck_spend", "xp_award", "raise", "sheet", "approved",
                    "sent_back", "combat_turn"})  # fmt: skip
# What changes a scene page's controls (join, pause, resume, stop, the order's mode): its
# page asks for them again after these alone, which are rare (each ask is a request from every
# open page); after a pose the hub sends the panel's new pose order itself, and after a
# change of place or type the new header (hub.py), which change no control.
CONTROLS = ORDER_KINDS - {"pose", "scene_set"}
# FS3 luck's spends on a roll (System.answer_spends: 000, 002 Luck), as every control says
# them; a D6 roll's Character and Fate Points are named by _spend.html itself.
LUCK_SAID = {"bonus": "a bonus", "reroll": "a re-roll", "hail-mary": "a Hail Mary"}


def card(event: EventView, playing: bool = True, oob: bool = False) -> Markup:
    """An event's card for a page; ``playing`` False (an archived game): without the roll
    request's Roll button, a pose's Edit and Delete and a secret roll's Reveal, which the
    service would refuse (rulings W81); ``oob``: to take the place of the card drawn before
    (a pose edited, a roll revealed: ``later_card``)."""
    controls = Markup("")
    if playing:
        controls = roll_button(event) + pose_tools(event) + reveal_button(event)
    swap = Markup(' hx-swap-oob="outerHTML"') if oob else Markup("")
    return Markup('<li id="e{}"{}>{}{}{}</li>').format(event.id, swap, event_html(event),
                                                      card_tools(event), controls)  # fmt: skip


def card_tools(event: EventView) -> Markup:
    """A card's permalink (web_permalink.py) and its "Copy as text" button, which copies the
    card's lines as the CLI draws them (static/cards.js), for a forum post, and where the
    card's news leads (onward.py). They are out of the Tab order (a hundred cards would
    stand between a keyboard and the roll box): the feed is one stop, and its arrow keys
    move between the cards' tools (static/cards.js)."""
    text = "\n".join(text_of(line) for line in event_card(event))
    kept = str(escape(text)).replace("\n", "&#10;")  # one SSE data line (one_line)
    where = f"/games/{quote(event.game, safe='')}/log/{event.id}#e{event.id}"
    return Markup(
        '<div class="card-tools"><a class="permalink" href="{0}" title="A link to this card" '
        'tabindex="-1">Link</a> <button type="button" class="link" data-copy="{1}" '
        'tabindex="-1">Copy as text</button>{2}'
        '<span class="copied" role="status"></span></div>'
    ).format(where, Markup(kept), onward(event.data, event.game, event.character))


def roll_button(event: EventView) -> Markup:
    """An open roll request's Roll button (issue 30): it posts ``answer N`` through the roll
    box's route, so the roll is the command language's like any other. The page hides it
    from those who do not play the character asked (static/table.js); the service refuses
    them anyway. Its place (``answer-N``) says "answered" once the answer arrives."""
    data = event.data
    if not isinstance(data, RollRequested) or data.state != "open":
        return Markup("")
    return Markup(
        '<form id="answer-{0}" class="answer-request" data-for="{1}" '
        'hx-post="/games/{2}/roll" hx-target="#answer-{0}-said">'
        '<input type="hidden" name="text" value="answer {0}"><div class="row">{4}'
        '<button type="submit">Roll {3} for {1}</button></div></form>'
        '<div id="answer-{0}-said" aria-live="polite"></div>'
    ).format(event.id, data.character, quote(event.game, safe=""), data.expression,
             spend_control(data.spends, data.needs))  # fmt: skip


def spend_control(spends: tuple[str, ...], needs: str | None = None) -> Markup:
    """What a roll's roller may spend on it before it is made (``spends``: the names
    ``System.answer_spends`` gives, rulings R31), as one control says it everywhere
    (_spend.html); ``needs``: the spend a request needs (a Hail Mary, 000), chosen."""
    return Markup(templates.env.get_template("_spend.html").render(spends=spends, needs=needs))


def game_spends(game: GameInfo) -> tuple[str, ...]:
    """What a roll of the game's may spend, as its system and edition have it (the roll box
    and the pose box offer it: a 3.3 game has no re-roll, 000; a 3.2 game has, 002 Luck)."""
    return _spends(game.system, game.edition, json.dumps(game.rules, sort_keys=True))


@lru_cache(maxsize=64)
def _spends(name: str, edition: str, rules: str) -> tuple[str, ...]:
    sys_ = system(name)
    return sys_.answer_spends(sys_.ruleset(edition, json.loads(rules)))


templates.env.globals["game_spends"] = game_spends
templates.env.globals["luck_said"] = LUCK_SAID


def later_card(event: EventView, earlier: EventView | None) -> Markup:
    """What a later event changes on a page already drawn, swapped in out of band: the
    earlier event it changes (a pose edited or deleted, a roll revealed, a request's new
    odds), drawn again as the ledger now has it for this viewer (``earlier``); a roll
    answering a request, or the request's cancellation, takes the Roll button's place."""
    if earlier is not None:
        return card(earlier, oob=True)
    match event.data:
        case Roll(request=int(number)) | HiddenRoll(request=int(number)):
            said = f"Answered: #{event.id}"
        case RequestCancelled(request=number):
            said = "Cancelled"
        case _:
            return Markup("")
    return Markup('<p id="answer-{}" class="muted" hx-swap-oob="outerHTML">{}</p>').format(
        number, said
    )


def sse_card(event: EventView, earlier: EventView | None = None) -> str:
    """An event as the feed's SSE message: its id, and its card as HTML (one data line),
    with the earlier event it changes drawn again (``later_card``). A combat's event also
    tells an open tracker to redraw (``combat``, naming the combat), and a change to points
    the viewer's own panel (``points``), and one to a scene's state its page's controls
    (``controls``)."""
    html = one_line(str(card(event) + later_card(event, earlier)))
    out = f"id: {event.id}\nevent: card\ndata: {html}\n\n"
    if isinstance(event.data, Step_):
        out += f"event: combat\ndata: {one_line(event.data.combat)}\n\n"
    if event.kind in POINTS:
        out += "event: points\ndata: \n\n"
    if event.kind in CONTROLS:
        out += "event: controls\ndata: \n\n"
    return out


def one_line(text: str) -> str:
    """Text for one SSE data line: any line break (CR too, which SSE also ends lines on)
    becomes a space, so no text in an event can forge an id or an event of its own."""
    return re.sub(r"\r\n|[\r\n\u2028\u2029\x85]", " ", text)
