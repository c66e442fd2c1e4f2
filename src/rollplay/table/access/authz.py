"""Who may do what, decided here and nowhere else (the CLI, the server and the bridges all
reach it through the service).

A user's role in a game is a membership: the Storyteller runs it, a player plays the
characters whose ``player_id`` is theirs, an observer watches. The database's owner (the local
command line without ``--as``) is Storyteller of every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rollplay.errors import RollplayError

ROLES = ("storyteller", "player", "observer")


class Forbidden(RollplayError):
    """An actor asked for something their role in the game does not allow."""


class Act(StrEnum):
    """What an actor asks to do; each command names one (or one per character it touches)."""

    READ = "read the game"  # the game, sheets, the log and combat, as projected for them
    ROLL = "roll for this character"
    ROLL_OTHER = "roll for a character they do not play"  # spending nothing of theirs
    SPEND = "spend this character's points"
    RAISE = "raise this character's skills"
    EDIT = "change this character's sheet"
    CREATE = "create a character"
    NPC = "roll for an NPC"
    SECRET = "make a secret roll"
    AWARD = "award luck or experience"
    APPROVE = "approve a sheet"
    RUN_COMBAT = "run a combat"
    FIGHT = "act in combat as this character"
    HEAL = "run a healing day"
    MANAGE = "manage the game's members and settings"
    POSE = "pose in a scene"  # and start or join one (issue 30)
    REQUEST = "ask for a roll, cancel the ask, or reveal a secret roll"  # issue 30
    CLIENT_SEED = "set a client seed"  # their own, mixed into the dice of their rolls
    ROTATE_SEEDS = "reveal and replace the dice seeds"
    IMPORT = "import another table's scene logs"  # issue 38: the Storyteller's alone (A58)


# Acts a player may take for a character they play; the rest are the Storyteller's.
_PLAYERS_OWN = {Act.ROLL, Act.SPEND, Act.RAISE, Act.EDIT, Act.FIGHT}
_PLAYERS = {Act.READ, Act.ROLL_OTHER, Act.CREATE, Act.CLIENT_SEED, Act.POSE}
_OBSERVERS = {Act.READ}


@dataclass(frozen=True)
class Standing:
    """An actor's place in one game: their role (None: not a member), the ids of the
    characters they play, and the ids of the private scenes they are in (issue 30: every
    event of another private scene is hidden from them whole, events/audiences.py)."""

    game: str
    actor: str
    role: str | None
    characters: frozenset[int] = frozenset()
    scenes: frozenset[int] = frozenset()

    def in_scene(self, scene_id: int | None, private: bool) -> bool:
        """Whether they may learn of an event of that scene at all."""
        return not private or self.storyteller or scene_id in self.scenes

    @property
    def storyteller(self) -> bool:
        return self.role == "storyteller"

    def plays(self, character_id: int | None) -> bool:
        return self.storyteller or character_id in self.characters

    def may(self, act: Act, character_id: int | None = None) -> bool:
        if self.role == "storyteller":
            return True
        if self.role == "player":
            if act in _PLAYERS:
                return True
            return act in _PLAYERS_OWN and character_id in self.characters
        return self.role == "observer" and act in _OBSERVERS

    def require(self, act: Act, character_id: int | None = None, name: str = "") -> None:
        """Refuse, in one line naming who, what, and who may, unless allowed."""
        if self.may(act, character_id):
            return
        if self.role is None:
            raise Forbidden(f"{self.actor} is not in {self.game}: ask its Storyteller to add them")
        whose = f" ({name})" if name else ""
        if self.role == "player" and act in _PLAYERS_OWN:
            raise Forbidden(
                f"{self.actor} may not {act.value}{whose} in {self.game}: players do that only "
                f"for the characters they play"
            )
        raise Forbidden(
            f"{self.actor} is {_a(self.role)} in {self.game}: only the Storyteller may "
            f"{act.value}{whose}"
        )


def _a(role: str) -> str:
    return {"player": "a player", "observer": "an observer"}.get(role, role)
