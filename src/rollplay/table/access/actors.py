"""Who acts: every service call runs for an actor, and the authorization module
(authz.py) decides what that actor may do in each game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Actor:
    """A user of the table (``user_id``), or the database's owner (``user_id`` None: the local
    command line, Storyteller of every game). ``as_character`` narrows a view to what one
    character's player sees (``rollplay log --as CHARACTER``), for a Storyteller checking it."""

    name: str
    user_id: int | None = None
    as_character: str | None = None

    @property
    def owner(self) -> bool:
        return self.user_id is None and self.as_character is None


OWNER = Actor("owner")
