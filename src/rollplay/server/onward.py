"""Where a card's news leads, for someone new to the table (issue 31): a new fight's card
links to its tracker, a new character's card to its sheet, where the Storyteller approves
it, a scene's start to the scene's page, where it is played, and a sheet's fix resubmitted,
whose card says what changed (issue 37). Drawn among the card's tools (web.card_tools)."""

from __future__ import annotations

from urllib.parse import quote

from markupsafe import Markup

from rollplay.table.events.combat import CombatStarted
from rollplay.table.events.payloads import CharacterMade
from rollplay.table.events.scenes import SceneStarted
from rollplay.table.events.sheets import SheetResubmitted


def onward(data: object, game: str, character: str | None = None) -> Markup:
    """The link, or nothing (``character``: whose the event is)."""
    if isinstance(data, CombatStarted):
        where, said = f"combats/{quote(data.combat, safe='')}", f"Go to {data.combat}"
    elif isinstance(data, CharacterMade):
        where, said = f"characters/{quote(data.name, safe='')}", f"Open {data.name}'s sheet"
    elif isinstance(data, SceneStarted):
        where, said = f"scenes/{data.scene}", f"Go to scene {data.scene}"
    elif isinstance(data, SheetResubmitted) and character:
        where = f"characters/{quote(character, safe='')}"
        said = f"Review {character}'s sheet"
    else:
        return Markup("")
    return Markup(' <a href="/games/{}/{}" tabindex="-1">{}</a>').format(
        quote(game, safe=""), where, said
    )
