"""Passwords are hashed with argon2id at its recommended strength (RFC 9106 low-memory:
64 MiB, three passes, four lanes). The suite hashes cheaply (tests/conftest.py sets
ROLLPLAY_FAST_PASSWORD_HASHING), so the production setting is held here, once."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from rollplay.table.access import passwords
from rollplay.table.access.accounts import SignInError, hash_password
from rollplay.table.service import Table

STRONG = "$argon2id$v=19$m=65536,t=3,p=4$"


def _stored(table: Table, name: str) -> str:
    with table.engine.connect() as conn:
        query = sa.text("SELECT password_hash FROM users WHERE name = :name")
        return str(conn.execute(query, {"name": name}).scalar_one())


def test_passwords_are_hashed_at_full_strength_outside_the_tests(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(passwords.FAST_ENV)
    hashed = hash_password("correct horse battery")
    assert hashed.startswith(STRONG)
    assert passwords.hasher().verify(hashed, "correct horse battery")


def test_the_test_setting_is_cheap_and_says_so() -> None:
    assert passwords.fast()
    assert hash_password("correct horse battery").startswith("$argon2id$v=19$m=8,t=1,p=1$")


def test_a_cheap_hash_is_made_strong_at_the_next_sign_in(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.add_user("Pia")
    table.set_password("Pia", "correct horse battery")  # cheaply, as in the tests
    assert not _stored(table, "Pia").startswith(STRONG)
    table.sign_in("Pia", "correct horse battery")  # the test setting keeps it as it is
    assert not _stored(table, "Pia").startswith(STRONG)
    monkeypatch.delenv(passwords.FAST_ENV)
    with pytest.raises(SignInError):
        table.sign_in("Pia", "wrong horse battery")
    assert not _stored(table, "Pia").startswith(STRONG)  # only a right password re-hashes
    table.sign_in("Pia", "correct horse battery")
    assert _stored(table, "Pia").startswith(STRONG)
    table.sign_in("Pia", "correct horse battery")  # and it still signs in


def test_every_password_hash_and_check_goes_through_the_gate(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Signing in, setting and changing a password and taking an invite each hash through
    the one bounded gate; a full gate refuses at once."""
    entered = []

    class Counting(passwords.Gate):
        def __call__(self):  # type: ignore[no-untyped-def]
            entered.append(1)
            return super().__call__()

    monkeypatch.setattr(passwords, "GATE", Counting(1, 0))
    table.add_user("Pia")
    table.set_password("Pia", "correct horse battery")  # the CLI's user add and password
    table.sign_in("Pia", "correct horse battery")
    table.acting_as("Pia").change_password("correct horse battery", "another long password")
    table.new_game("Pegasus", "fs3")
    table.accept_invite(table.new_invite("Pegasus", "observer").token, "Quinn", "long enough")
    assert len(entered) == 5  # set; check; check and set; set
    with passwords.GATE(), pytest.raises(passwords.Busy, match="busy checking passwords"):
        table.sign_in("Pia", "another long password")  # one inside, none may wait
