"""Reads behind a page's controls (issue 37): what a form may offer, refused as the command it
leads to would refuse it, so that a surface asks here rather than keeping a copy of who may
do what (authz.py) or of a rule about when a control means nothing. Each is a read: it
changes nothing, and the command the control sends is checked again when it runs."""

from __future__ import annotations

from typing import NamedTuple

from sqlalchemy import select

from rollplay.table.access.authz import Act
from rollplay.table.answers import Character as CharacterAnswer
from rollplay.table.base import ServiceBase
from rollplay.table.store.models import Character


class Fixable(NamedTuple):
    """A sheet its reader may change, as they may read it (with the Storyteller's comment
    for its player), and why there is nothing to fix in it (None: it waits for approval)."""

    character: CharacterAnswer
    nothing: str | None


def permit(t: ServiceBase, game_name: str, act: Act) -> None:
    """Refuse, in authz's words, unless the actor may ``act`` in the game (the check the
    command makes first), so a control asks before it reads what it needs."""
    with t.reading() as s:
        t.require(s, t.game_row(s, game_name), act)


def askable(t: ServiceBase, game_name: str) -> tuple[str, ...]:
    """The characters the actor may ask for a roll (``request``), by name; refused unless
    they may ask at all (Act.REQUEST)."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        t.require(s, game, Act.REQUEST)
        query = select(Character.name).where(Character.game_id == game.id)
        return tuple(s.scalars(query.order_by(Character.name)))


def fixable(t: ServiceBase, game_name: str, name: str) -> Fixable:
    """A sheet for the form that fixes it: refused unless the actor may change it (Act.EDIT,
    its player or the Storyteller, in a game still played), before anything is read of it.
    An approved sheet has nothing to fix: a change to it goes through the Storyteller."""
    from rollplay.table.play.characters import character

    with t.reading() as s:
        game, row = t.character_row(s, game_name, name)
        t.require(s, game, Act.EDIT, row)
    shown = character(t, game_name, row.name)
    nothing = None
    if shown.approved:
        nothing = (f"{shown.name}'s sheet is approved: there is nothing to fix (a change to it "
                   f"goes through the Storyteller)")  # fmt: skip
    return Fixable(shown, nothing)
