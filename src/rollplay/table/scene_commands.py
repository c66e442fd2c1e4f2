"""The table's scene commands (issue 30): starting and running a scene, its poses, their
edits, requests' answers and reveals; typed values as commands.py's are (and re-exported
from there)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # the one list of kinds (events/scenes.py), whose pydantic a line needs not
    from rollplay.aresmush.scenes import SceneLog
    from rollplay.table.events.scenes import SceneKind

# -- scenes (issue 30) ------------------------------------------------------------------------

PoseStyle = Literal["pose", "semipose", "say", "emit", "ooc"]


@dataclass(frozen=True)
class SceneStart:
    """``scene/start TITLE[=SUMMARY]`` (``scene/private``: a private one): its starter joins.
    The web's Start form also gives where it happens and what kind it is (issue 37), as
    ``scene/set`` would just after."""

    game: str | None
    title: str
    summary: str = ""
    private: bool = False
    location: str = ""
    kind: SceneKind = "social"


@dataclass(frozen=True)
class SceneJoin:
    """``scene/join [N]``: None, the game's only running scene."""

    game: str | None
    number: int | None = None


@dataclass(frozen=True)
class ScenePause:
    game: str | None
    number: int | None = None


@dataclass(frozen=True)
class SceneResume:
    game: str | None
    number: int | None = None


@dataclass(frozen=True)
class SceneStop:
    game: str | None
    number: int | None = None


@dataclass(frozen=True)
class SceneInvite:
    """``scene/invite NAME``: a user of the game invited to the actor's current scene."""

    game: str | None
    user: str
    number: int | None = None


@dataclass(frozen=True)
class SceneSet:
    """``scene/set [N] location=PLACE``, ``scene/set [N] type=social|action|plot`` or both
    (``type=KIND location=PLACE``): where a scene happens and what kind it is, changed in one
    event (the page's header form sends both: rulings S63); its starter or the Storyteller."""

    game: str | None
    location: str | None = None
    kind: str | None = None
    number: int | None = None


@dataclass(frozen=True)
class SceneOrder:
    """``scene/order free|round-robin [N]``: how the scene waits on its people (rulings S20,
    S21); its starter or the Storyteller."""

    game: str | None
    order: Literal["free", "round-robin"]
    number: int | None = None


@dataclass(frozen=True)
class Pose:
    """A pose in the running scene the actor joined last (rulings S2): as their character,
    or (a Storyteller's ``pose/as``) as ``name``."""

    game: str | None
    text: str
    style: PoseStyle = "pose"
    name: str | None = None


# -- edits, answers and reveals ---------------------------------------------------------------


@dataclass(frozen=True)
class CancelRequest:
    """``request/cancel N``: the Storyteller withdraws an open request."""

    game: str | None
    number: int


@dataclass(frozen=True)
class AnswerRequest:
    """``answer N`` (a request card's Roll button): the roll request N asks, made by the
    character it names, answering it, with the points its player spends on it as on a roll
    of their own (``answer N/luck=bonus``; FS3 luck, D6 Character and Fate Points)."""

    game: str | None
    number: int
    luck: str | None = None
    cp: int = 0
    fate: bool = False


@dataclass(frozen=True)
class PoseEdit:
    """``pose/edit N=TEXT``: a pose's author gives it new text, within the game's window."""

    game: str | None
    number: int
    text: str


@dataclass(frozen=True)
class PoseDelete:
    """``pose/delete N``: a pose's author takes it back, within the game's window."""

    game: str | None
    number: int


@dataclass(frozen=True)
class Reveal:
    """``reveal N``: the Storyteller shows a secret roll to the scene it was made in."""

    game: str | None
    number: int


# -- scenes brought in (issue 38) ----------------------------------------------------------


@dataclass(frozen=True)
class ImportScene:
    """``rollplay import aresmush-scene FILE``: an AresMUSH scene log (read by
    aresmush/scenes.py) made a finished scene of the game; ``file``: its file's name, said
    in the scene's head and used for its title when the log has none."""

    game: str | None
    log: SceneLog
    file: str = ""
