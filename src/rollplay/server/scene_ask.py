"""The Storyteller's "Ask for a roll" on a scene's page (issue 37): the characters to choose
from, what the one chosen rolls (its sheet's quick rolls, as the table page offers them), and
the exact odds of the roll asked for, read by the command language as the typed ``request``
line would be. The routes are web_scene_controls.py's; the page's first drawing is
web_scenes.py's, so both read it here."""

from __future__ import annotations

from typing import NamedTuple

from markupsafe import Markup

from rollplay.errors import RollplayError
from rollplay.grammar.atoms import quoted
from rollplay.render.html import odds_html
from rollplay.server.web import quick_rolls
from rollplay.table import commands as c
from rollplay.table.service import Service


class Asked(NamedTuple):
    """The ask form as drawn: the characters to choose from, the one chosen, what it rolls
    (ability, label), the ability chosen, and the odds of the roll (or why there are none)."""

    characters: tuple[str, ...]
    character: str
    abilities: list[tuple[str, str]]
    ability: str
    odds: Markup


def asking(service: Service, game: str, *, character: str = "", ability: str = "",
           modifier: int = 0, secret: bool = False) -> Asked:  # fmt: skip
    """The form's choices and odds for one who may ask for a roll (the service refuses
    anyone else): the character named (or the game's first), an ability it rolls (the one
    named, or its first)."""
    characters = service.askable(game)
    if not characters:
        return Asked((), "", [], "", Markup('<p class="muted">No character to ask yet.</p>'))
    name = _offered(game, characters, character) if character else characters[0]
    rolled = rolled_by(service, game, name)
    chosen = ability if any(a == ability for a, _ in rolled) else rolled[0][0] if rolled else ""
    if not chosen:
        odds = Markup('<p class="muted">{} has nothing to roll yet.</p>').format(name)
        return Asked(characters, name, rolled, "", odds)
    try:
        asked = _request(service, game, request_line(name, chosen, modifier, secret))
        said = odds_html(service.odds(c.Roll(game, asked.side,
                                             "secret" if secret else "public")))  # fmt: skip
    except RollplayError as exc:
        said = Markup('<p class="muted">{}</p>').format(str(exc))
    return Asked(characters, name, rolled, chosen, said)


def asked_line(service: Service, game: str, *, character: str, ability: str, modifier: int,
               secret: bool) -> str:  # fmt: skip
    """The ``request`` line the form sends: a character the form offers and an ability it
    rolls, so the line holds nothing else (one line naming what is accepted, if not)."""
    name = _offered(game, service.askable(game), character)
    rolled = [a for a, _ in rolled_by(service, game, name)]
    if ability not in rolled:
        raise RollplayError(f"{name} does not roll {ability[:40]!r}; accepted: "
                            f"{', '.join(rolled[:20])}")  # fmt: skip
    return request_line(name, ability, modifier, secret)


def _offered(game: str, characters: tuple[str, ...], character: str) -> str:
    """``character``, if it is one the form offers."""
    if character not in characters:
        raise RollplayError(f"no character {character[:40]!r} in {game}; accepted: "
                            f"{', '.join(characters)}")  # fmt: skip
    return character


def rolled_by(service: Service, game: str, name: str) -> list[tuple[str, str]]:
    """What a character rolls, from their sheet (the table's quick rolls): (ability, label)."""
    own = f"roll {name}/"
    return [(line.removeprefix(own), label) for label, line in
            quick_rolls(service.character(game, name))]  # fmt: skip


def request_line(character: str, ability: str, modifier: int, secret: bool) -> str:
    """The request's line, as typed: ``request/secret NAME/ABILITY+2`` (a name the grammar
    would not read whole in quotes: rulings W92)."""
    mod = f"{modifier:+d}" if modifier else ""
    return f"request{'/secret' if secret else ''} {quoted(character)}/{quoted(ability)}{mod}"


def _request(service: Service, game: str, line: str) -> c.RequestRoll:
    """The ``request`` command the form's line makes, read by the command language."""
    from rollplay.server.games import CommandLine, parsed

    command = parsed(service, game, CommandLine(text=line))
    if not isinstance(command, c.RequestRoll):
        raise RollplayError(f"{line!r} is not a roll to ask for")
    return command
