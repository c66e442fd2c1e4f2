"""The service's typed shorthands for users, accounts, invites and chat links (service.py's
``Service`` is one of these): each a call into the access/ module that holds it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollplay.table.access import accounts as _accounts
from rollplay.table.access import controls as _controls
from rollplay.table.access import invites as _invites
from rollplay.table.access import links as _links
from rollplay.table.access import members as _members
from rollplay.table.access import signins as _signins
from rollplay.table.base import ServiceBase

if TYPE_CHECKING:
    from collections.abc import Collection
    from datetime import datetime

    from rollplay.table.access.actors import Actor
    from rollplay.table.access.authz import Act
    from rollplay.table.access.links import Audience
    from rollplay.table.info import (
        ChannelBinding,
        ChatLink,
        Ended,
        Invite,
        Joined,
        LinkCode,
        Member,
        NewInvite,
        NewToken,
        SessionInfo,
        SignedIn,
        TokenInfo,
        Unlinked,
        User,
    )


class AccessService(ServiceBase):
    """Who may come to the table, and how: users and their roles in games, passwords,
    sessions and tokens, invite links, and the chat accounts and channels linked to them."""

    # -- access.members ------------------------------------------------------------------
    def add_user(self, name: str) -> User:
        """A new user (the database's owner adds them; the server adds sign-up later)."""
        return _members.add_user(self, name)

    def is_user(self, name: str) -> bool:
        return _members.is_user(self, name)

    def users(self) -> list[User]:
        return _members.users(self)

    def add_member(
        self, game_name: str, user: str, role: str, characters: tuple[str, ...] = ()
    ) -> Member:
        return _members.add_member(self, game_name, user, role, characters)

    def members(self, game_name: str) -> list[Member]:
        return _members.members(self, game_name)

    def remove_member(self, game_name: str, user: str) -> Member:
        """Take a user out of a game; the characters they played become the Storyteller's."""
        return _members.remove_member(self, game_name, user)

    # -- access.accounts -----------------------------------------------------------------
    def set_password(self, user: str, password: str, keep: str | None = None) -> Ended:
        """Set a user's password (the owner, or the user themself), ending every session and
        token of theirs but ``keep`` (the secret of the one making the change)."""
        return _signins.set_password(self, user, password, keep)

    def change_password(self, current: str, new: str, keep: str | None = None) -> Ended:
        """The acting user changes their own password, giving the current one."""
        return _signins.change_password(self, current, new, keep)

    def tokens(self) -> list[TokenInfo]:
        """The acting user's live API tokens (never their secrets)."""
        return _signins.tokens(self)

    def sessions(self, current: str | None = None) -> list[SessionInfo]:
        """The acting user's live sessions; ``current`` (a cookie) marks its own."""
        return _signins.sessions(self, current)

    def end_session(self, session_id: int) -> None:
        return _signins.end_session(self, session_id)

    def has_password(self, user: str) -> bool:
        return _accounts.has_password(self, user)

    def sign_in(self, name: str, password: str) -> SignedIn:
        return _accounts.sign_in(self, name, password)

    def session_actor(self, secret: str) -> tuple[Actor, str] | None:
        return _accounts.session_actor(self, secret)

    def sign_out(self, secret: str, everywhere: bool = False) -> None:
        """End a session (``everywhere``: every session and API token of its user)."""
        return _accounts.sign_out(self, secret, everywhere)

    def new_token(self, label: str) -> NewToken:
        """An API token for this actor (a user), shown once."""
        return _accounts.new_token(self, label)

    def revoke_token(self, token_id: int) -> None:
        return _accounts.revoke_token(self, token_id)

    def token_actor(self, secret: str) -> Actor | None:
        return _accounts.token_actor(self, secret)

    def live_credentials(self, digests: Collection[str]) -> dict[str, datetime | None]:
        """Which of these session and token secret hashes still sign someone in, each with
        when it expires (None: never)."""
        return _accounts.live_credentials(self, digests)

    def revocation_mark(self) -> int:
        """How many revocations have been made (a live hub's cue to check its feeds)."""
        return _accounts.revocation_mark(self)

    # -- access.invites ------------------------------------------------------------------
    def new_invite(
        self,
        game_name: str | None,
        role: str = "player",
        character: str | None = None,
        hours: float = 72,
        *,
        label: str = "",
    ) -> NewInvite:
        return _invites.new_invite(self, game_name, role, character, hours, label=label)

    def invites(self, game_name: str) -> list[Invite]:
        """A game's invites, newest first, with their state (never their secrets)."""
        return _invites.invites(self, game_name)

    def revoke_invite(self, invite_id: int, game_name: str | None = None) -> Invite:
        """Close an open invite (``game_name``: one of that game's, else none is found)."""
        return _invites.revoke_invite(self, invite_id, game_name)

    def invite(self, token: str) -> Invite:
        """What an open link offers, for the page that accepts it."""
        return _invites.invite(self, token)

    def accept_invite(
        self, token: str, name: str | None = None, password: str | None = None
    ) -> Joined:
        return _invites.accept_invite(self, token, name, password)

    # -- access.links --------------------------------------------------------------------
    def link_code(self) -> LinkCode:
        """A one-time code that links a chat account to the acting user (shown only here)."""
        return _links.link_code(self)

    def link_account(self, platform: str, external_id: str, code: str, label: str = "") -> ChatLink:
        return _links.link_account(self, platform, external_id, code, label)

    def unlink_account(self, platform: str, external_id: str) -> Unlinked:
        """Forget a chat account's link (the bridge, for the account; or its user)."""
        return _links.unlink_account(self, platform, external_id)

    def linked(self, platform: str, external_id: str) -> Actor | None:
        """Who a chat account acts as (None: not linked)."""
        return _links.linked(self, platform, external_id)

    def links(self) -> list[ChatLink]:
        """The acting user's linked chat accounts."""
        return _links.links(self)

    def linked_ids(self, platform: str, game: str, role: str = "storyteller") -> list[str]:
        return _links.linked_ids(self, platform, game, role)

    def bind_channel(
        self, platform: str, channel_id: str, game: str, gm_channel: str | None = None
    ) -> ChannelBinding:
        """Play ``game`` in a chat channel (its Storyteller binds it)."""
        return _links.bind_channel(self, platform, channel_id, game, gm_channel)

    def channel_game(self, platform: str, channel_id: str) -> ChannelBinding | None:
        """The game a channel is bound to, and its GM channel (None: not bound)."""
        return _links.channel_game(self, platform, channel_id)

    def audiences(
        self,
        game: str,
        event_ids: list[int],
        platform: str | None = None,
        scene_id: int | None = None,
    ) -> list[Audience]:
        return _links.audiences(self, game, event_ids, platform, scene_id)

    # -- access.controls: the reads behind a page's controls -----------------------------
    def permit(self, game_name: str, act: Act) -> None:
        """Refuse unless the actor may ``act`` in the game, as the command would."""
        return _controls.permit(self, game_name, act)

    def askable(self, game_name: str) -> tuple[str, ...]:
        """The characters the actor may ask for a roll (refused unless they may ask)."""
        return _controls.askable(self, game_name)

    def fixable(self, game_name: str, name: str) -> _controls.Fixable:
        """A sheet for the form that fixes it (refused unless the actor may change it), and
        why there is nothing to fix in it, if there is not."""
        return _controls.fixable(self, game_name, name)
