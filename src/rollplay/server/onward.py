"""Where a card's news leads, for someone new to the table (issue 31): a new fight's card
links to its tracker, a new character's card to its sheet, where the Storyteller approves
it, a scene's start to the scene's page, where it is played, and a sheet's fix resubmitted,
whose card says what changed (issue 37). Drawn among the card's tools (cards.card_tools)."""

from __future__ import annotations

from urllib.parse import quote

from markupsafe import Markup

from rollplay.table.events.combat import CombatStarted
from rollplay.table.events.payloads import CharacterMade
from rollplay.table.events.scenes import SceneImported, SceneStarted
from rollplay.table.events.sheets import SheetResubmitted
from rollplay.table.events.views import AnyPayload


def onward(data: AnyPayload, game: str, character: str | None = None) -> Markup:
    """The link, or nothing (``character``: whose the event is)."""
    match data:
        case CombatStarted(combat=combat):
            where, said = f"combats/{quote(combat, safe='')}", f"Go to {combat}"
        case CharacterMade(name=name):
            where, said = f"characters/{quote(name, safe='')}", f"Open {name}'s sheet"
        case SceneStarted(scene=scene):
            where, said = f"scenes/{scene}", f"Go to scene {scene}"
        case SceneImported(scene=scene):  # finished as it arrives: its record (issue 38)
            where, said = f"scenes/{scene}/record", f"Read scene {scene}"
        case SheetResubmitted() if character:
            where = f"characters/{quote(character, safe='')}"
            said = f"Review {character}'s sheet"
        case _:  # the rest lead nowhere new
            return Markup("")
    return Markup(' <a href="/games/{}/{}" tabindex="-1">{}</a>').format(
        quote(game, safe=""), where, said
    )
