"""The table and the MUSH under test. The table: the example games, with Stella and Sam as
Pegasus's Storytellers, Pia playing Nikos and Otto playing Mavros, in a SQLite file of the
test's own. The MUSH: Evennia's test room holding Nikos (Pia's account, the one typing by
default), Stella (Stella's account) and Mavros (Otto's), and two plain objects; Stella and
Otto are online, Sam is linked but offline."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from typing import Any
from unittest.mock import Mock

from django.test import override_settings
from evennia.server.serversession import ServerSession
from evennia.utils import ansi, create
from evennia.utils.test_resources import EvenniaCommandTest

from rollplay.bridges.evennia.config import close_services, platform_for
from rollplay.table.service import Table

GAME = "Pegasus"
PASSWORD = "correct horse battery"  # Evennia's accounts'
PEOPLE = {"Stella": ("storyteller", ()), "Sam": ("storyteller", ()),
          "Pia": ("player", ("Nikos",)), "Otto": ("player", ("Mavros",))}  # fmt: skip


def seated(folder: str) -> str:
    """A table for one test in ``folder``: a copy of one seated for the whole run (its
    migrations and examples take most of a second)."""
    if not _SEATED:
        home = tempfile.mkdtemp(prefix="rollplay-evennia-seated-")
        atexit.register(shutil.rmtree, home, True)
        table = Table(f"sqlite:///{home}/table.db")
        try:
            table.add_examples()
            for name, (role, characters) in PEOPLE.items():
                table.add_user(name)
                table.add_member(GAME, name, role, characters)
        finally:
            table.close()
        _SEATED.append(f"{home}/table.db")
    shutil.copyfile(_SEATED[0], f"{folder}/table.db")
    return f"sqlite:///{folder}/table.db"


_SEATED: list[str] = []  # the seated table, once made


def link_code(db: str, user: str) -> str:
    """A code ``user`` made on the web page (or with the command line)."""
    table = Table(db)
    try:
        return str(table.acting_as(user).link_code().code)
    finally:
        table.close()


# Accounts' passwords hashed cheaply: the default hasher takes a good part of a second.
@override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
class TableTest(EvenniaCommandTest):  # type: ignore[misc]
    account: Any  # Evennia's: the account a command runs for (heard() changes it)

    def setUp(self) -> None:
        self.sessids: list[int] = []  # the sessions connect() opened
        super().setUp()
        folder = tempfile.mkdtemp(prefix="rollplay-evennia-")
        self.addCleanup(shutil.rmtree, folder, True)
        self.db = seated(folder)
        settings = override_settings(ROLLPLAY_DB=self.db, ROLLPLAY_GAME=GAME)
        settings.enable()
        self.addCleanup(settings.disable)
        self.addCleanup(close_services)  # runs before the folder goes
        self.char1.key, self.char2.key = "Nikos", "Stella"
        self.account3 = create.create_account("Otto", email="o@test.com", password=PASSWORD)
        self.char3 = create.create_object(self.character_typeclass, key="Mavros",
                                          location=self.room1, home=self.room1)  # fmt: skip
        self.char3.account = self.account3
        self.account4 = create.create_account("Sam", email="s@test.com", password=PASSWORD)
        for account, user in ((self.account, "Pia"), (self.account2, "Stella"),
                              (self.account3, "Otto"), (self.account4, "Sam")):  # fmt: skip
            self.link(account, user)
        self.connect(self.account2, 2)
        self.connect(self.account3, 3)

    def link(self, account: Any, user: str) -> None:
        table = Table(self.db)
        try:
            table.link_account(platform_for(GAME), str(account.id), link_code(self.db, user))
        finally:
            table.close()

    def connect(self, account: Any, sessid: int) -> None:
        """``account`` online in a session of its own (as Evennia's tests log in theirs)."""
        import evennia  # its handlers exist once it is initialised

        session = ServerSession()
        session.init_session("telnet", ("localhost", "testmode"), evennia.SESSION_HANDLER)
        session.sessid = sessid
        evennia.SESSION_HANDLER.portal_connect(session.get_sync_data())
        real = evennia.SESSION_HANDLER.session_from_sessid(sessid)
        evennia.SESSION_HANDLER.login(real, account, testmode=True)
        self.sessids.append(sessid)

    def tearDown(self) -> None:
        import evennia

        for sessid in self.sessids:  # before Evennia deletes the accounts, as it does its own
            evennia.SESSION_HANDLER.pop(sessid, None)
        super().tearDown()

    def listeners(self) -> list[Any]:
        """Everyone who could hear anything: the room's contents and every account."""
        return [self.char1, self.char2, self.char3, self.obj1, self.obj2,
                self.account, self.account2, self.account3, self.account4]  # fmt: skip

    def heard(
        self, command: Any, args: str, caller: Any = None, cmdstring: str | None = None
    ) -> dict[Any, str]:
        """Run ``command`` with ``args`` as ``caller`` (Nikos by default; typed as
        ``cmdstring``, an alias, if given) and return what each of them and every listener
        was sent, colour codes stripped ("" for nothing)."""
        caller = caller or self.char1
        others = [listener for listener in self.listeners() if listener != caller]
        kept = {listener: listener.msg for listener in others}
        mocks = {listener: Mock() for listener in others}
        for listener, mock in mocks.items():
            listener.msg = mock
        typing, self.account = self.account, caller.account
        try:
            said = self.call(command, args, caller=caller, cmdstring=cmdstring)
        finally:
            self.account = typing
            for listener, msg in kept.items():
                listener.msg = msg
        heard = {listener: _text(mock) for listener, mock in mocks.items()}
        heard[caller] = said
        return heard


def _text(mock: Mock) -> str:
    sent = [call.args[0] if call.args else call.kwargs.get("text", "") for call in mock.mock_calls]
    return "\n".join(ansi.parse_ansi(str(s), strip_ansi=True) for s in sent).strip()
