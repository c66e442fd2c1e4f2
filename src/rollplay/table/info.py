"""What the service tells of the table itself, typed (as answers.py types what commands
answer): games and a member's place in them, combats, accounts and tokens, invites, chat
links and the dice seeds. The API declares these as its responses, so its schema is this
module; the surfaces read their fields, never keys."""

from __future__ import annotations

from pydantic import Field, JsonValue

from rollplay.table.events.outcomes import Record


class GameInfo(Record):
    """A game as a member sees it: its system, edition and house rules, its table settings,
    the member's role, the characters in it (``characters``; for ``Service.game``) and those
    the member plays (``yours``)."""

    name: str
    system: str
    edition: str
    rules: dict[str, JsonValue] = Field(default_factory=dict)
    announce_secret: bool = True
    players_ask_secret: bool = True
    provable: bool = True
    pose_window: int = 15  # minutes a pose's author may edit it in (issue 30)
    archived: bool = False  # kept to read, no longer played (issue 31)
    role: str | None = None
    characters: tuple[str, ...] = ()
    yours: tuple[str, ...] = ()


class Vocabulary(Record):
    """What a command line in a game may name: its system, its characters and what they can
    roll (the grammar checks a line's names against these)."""

    game: str
    system: str
    characters: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()


class User(Record):
    name: str
    id: int


class Member(Record):
    """A user's role in a game (None: they left) and the characters they play there."""

    game: str | None = None
    user: str
    role: str | None
    characters: tuple[str, ...] = ()


class CombatSummary(Record):
    """A combat in a game's list: its name, turn, whether it is under way, how many fight."""

    combat: str
    turn: int
    active: bool
    combatants: int


class NpcInfo(Record):
    """An NPC on the Storyteller's roster: its name, what it rolls (an FS3 rating, a GURPS
    level, a D6 die code) and a note."""

    name: str
    rating: str
    note: str = ""


class SignedIn(Record):
    """A new session: its secret (the cookie) and its CSRF token, each shown once."""

    user: str
    session: str
    csrf_token: str


class NewToken(Record):
    """An API token, its secret shown once."""

    id: int
    label: str
    token: str


class TokenInfo(Record):
    """One of the caller's API tokens: never its secret."""

    id: int
    label: str
    created_at: str


class SessionInfo(Record):
    """One of the caller's signed-in browsers; ``current`` is the one asking."""

    id: int
    created_at: str
    expires_at: str | None
    current: bool = False


class Ended(Record):
    """What a password change or a sign-out everywhere ended."""

    user: str
    sessions: int
    tokens: int


class LinkCode(Record):
    """A one-time code that links a chat account to ``user`` (docs/discord.md)."""

    code: str
    user: str
    minutes: int
    expires_at: str


class ChatLink(Record):
    """A chat account linked to a user."""

    platform: str
    external_id: str
    label: str | None = None
    user: str | None = None


class Unlinked(Record):
    """A chat account's link forgotten."""

    platform: str
    external_id: str
    unlinked: bool = True


class ChannelBinding(Record):
    """A chat channel that plays a game, and where its Storyteller-only copies go (None:
    their direct messages)."""

    platform: str
    channel: str
    game: str
    gm_channel: str | None = None
    # The scene played here (issue 30), while it runs or is paused (None: none): its number,
    # its id (what an actor's ``SceneAt`` names), its title and whether it is private.
    scene: int | None = None
    scene_id: int | None = None
    scene_title: str = ""
    scene_private: bool = False


class Joined(Record):
    """An invite used: who joined which games as what (and, signed in anew, their session,
    shown once)."""

    user: str
    role: str
    games: tuple[str, ...]
    character: str | None = None
    session: str | None = None
    csrf_token: str | None = None


class Invite(Record):
    """An invite link's state (its secret only when made: ``token``, and its ``url``)."""

    id: int
    game: str | None
    role: str
    character: str | None = None
    expires_at: str
    state: str
    label: str = ""  # who it is for, as its maker said (issue 37)


class NewInvite(Invite):
    """An invite just made: its secret, shown only now, and the page that takes it (the
    surface adds its address)."""

    token: str
    link: str | None = None


class CurrentSeed(Record):
    """A chain's seed in use: its commitment, the rolls drawn from it so far (None: not the
    viewer's to know), since when."""

    chain: str
    commitment: str
    nonces: int | None = None
    since: str


class RevealedSeed(Record):
    chain: str
    seed: str
    commitment: str
    nonces: int
    revealed: str


class Seeds(Record):
    """A game's verifiable dice as a member sees them (docs/verify.md)."""

    game: str
    provable: bool
    current: tuple[CurrentSeed, ...] = ()
    revealed: tuple[RevealedSeed, ...] = ()
    client_seed: str | None = None


class ClientSeed(Record):
    game: str
    client_seed: str


class Rotation(Record):
    """A chain's seed revealed (None: it had none yet) and the next one's commitment."""

    game: str
    chain: str
    revealed: RevealedSeed | None = None
    commitment: str | None = None
