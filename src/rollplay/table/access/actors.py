"""Who acts: every service call runs for an actor, and the authorization module
(authz.py) decides what that actor may do in each game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class SceneAt(NamedTuple):
    """The scene a surface plays (a chat channel or a MUSH room bound to it): its id and
    its number in its game."""

    id: int
    number: int


@dataclass(frozen=True)
class Actor:
    """A user of the table (``user_id``), or the database's owner (``user_id`` None: the local
    command line, Storyteller of every game). ``as_character`` narrows a view to what one
    character's player sees (``rollplay log --as CHARACTER``), for a Storyteller checking it.
    ``scene``: the scene the surface they type on plays, where what they do must land
    (core.py ``record``; rulings S41)."""

    name: str
    user_id: int | None = None
    as_character: str | None = None
    scene: SceneAt | None = None

    @property
    def owner(self) -> bool:
        return self.user_id is None and self.as_character is None


OWNER = Actor("owner")
