"""The table service: every surface (the command line, the server, the chat bridges) calls
this, for an actor. Each public method is one transaction with its events; who may do what
is authz.py's; what a viewer sees is events.py's.

The service is assembled from parts named for what they hold: games.py, characters.py,
points.py (luck and experience), rolling.py (on sides.py, which makes a roll's sides ready),
npc.py, odds.py (a roll's exact odds, before it is made), logview.py (events, the log,
export), members.py (users and roles), accounts.py (passwords, sessions, API tokens),
invites.py (invite links), links.py (chat accounts and channels, and who in a chat
sees what), seeds.py (the seeds behind verifiable dice; rolls draw through dicing.py) and
watching.py (what a live feed reads), on base.py's shared lookups; execute.py runs a typed
command (commands.py) through them.
"""

from __future__ import annotations

from rollplay.table.access.accounts import AccountsMixin
from rollplay.table.access.invites import InvitesMixin
from rollplay.table.access.links import LinksMixin
from rollplay.table.access.members import MembersMixin
from rollplay.table.dice.seeds import SeedsMixin
from rollplay.table.events.log import LogMixin
from rollplay.table.events.watching import WatchingMixin
from rollplay.table.execute import ExecuteMixin
from rollplay.table.play.characters import CharactersMixin
from rollplay.table.play.games import GamesMixin
from rollplay.table.play.names import parse_sheet_file
from rollplay.table.play.npc import NpcMixin
from rollplay.table.play.odds import OddsMixin
from rollplay.table.play.points import PointsMixin
from rollplay.table.play.rolling import RollingMixin


class Service(
    GamesMixin, CharactersMixin, PointsMixin, RollingMixin, NpcMixin, OddsMixin, LogMixin,
    MembersMixin, ExecuteMixin, AccountsMixin, InvitesMixin, LinksMixin, WatchingMixin,
    SeedsMixin,
):  # fmt: skip
    """The table's records in one database (a SQLAlchemy URL, a SQLite path, or the default
    file), served to one actor: the database's owner unless ``acting``/``acting_as``."""


Table = Service  # the name the command line and the tests have long used

__all__ = ["Service", "Table", "parse_sheet_file"]
