"""Names that cannot pass for other names (issue 29, docs/limits.md): users' and characters'
names take one form (NFKC), refuse what cannot be seen or turns text around, keep to one
script, and may not look like a name already taken; a name in any one script is welcome."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError
from rollplay.table.service import Table
from rollplay.table.store.models import Character, User
from tests.clirun import fails_cleanly, run
from tests.table.conftest import NIKOS

pytestmark = pytest.mark.examples

CYRILLIC_O = "\u043e"  # looks like o
INVISIBLE = {
    "\u200b": "U+200B ZERO WIDTH SPACE",
    "\u200d": "U+200D ZERO WIDTH JOINER",
    "\u202e": "U+202E RIGHT-TO-LEFT OVERRIDE",
    "\u2066": "U+2066 LEFT-TO-RIGHT ISOLATE",
    "\ufeff": "U+FEFF ZERO WIDTH NO-BREAK SPACE",
    "\u00ad": "U+00AD SOFT HYPHEN",
    "\u2028": "U+2028 LINE SEPARATOR",
    "\ue000": "U+E000",
    "\t": "U+0009",
    "\x1b": "U+001B",
}
ONE_SCRIPT = ["Катя", "Kassia", "Ἀχιλλεύς", "山田太郎", "やまだ", "김민준", "Zoë O'Brien", "Łukasz"]


def sheet(name: str) -> dict[str, Any]:
    return {**NIKOS, "name": name}


@pytest.mark.parametrize(("char", "shown"), INVISIBLE.items())
def test_invisible_characters_are_refused_not_stripped(table: Table, char: str, shown: str) -> None:
    users, characters = table.users(), table.game("Pegasus").characters
    with pytest.raises(RollplayError, match=re.escape(f"{shown}; type the name")):
        table.add_user(f"Ni{char}kos")
    with pytest.raises(RollplayError, match=re.escape(shown)):
        table.new_character("Pegasus", sheet(f"Ly{char}ra"))
    assert table.users() == users
    assert table.game("Pegasus").characters == characters


def test_a_latin_name_with_a_cyrillic_letter_is_refused(table: Table) -> None:
    for make in (table.add_user, lambda n: table.new_character("Pegasus", sheet(n))):
        with pytest.raises(RollplayError, match=r"mixes scripts.*U\+043E CYRILLIC SMALL LETTER O"):
            make(f"Nik{CYRILLIC_O}s")


def test_names_in_any_one_script_are_welcome(table: Table) -> None:
    for name in ONE_SCRIPT:
        assert table.add_user(name).name == name
        assert table.new_character("Pegasus", sheet(name)).name == name
    assert table.character("Pegasus", "катя").name == "Катя"  # any case, as before


def test_a_name_takes_one_form(table: Table) -> None:
    """NFKC: full-width letters, ligatures and odd spaces are the plain name."""
    assert table.add_user("\uff30\uff49\uff41").name == "Pia"  # full-width
    assert table.is_user("Pia")
    made = table.new_character("Pegasus", sheet("\ufb01ona\u3000Lee"))  # fi ligature, wide space
    assert made.name == "fiona Lee"
    assert made.sheet is not None
    assert made.sheet["name"] == "fiona Lee"  # the sheet says what the row says
    with pytest.raises(RollplayError, match="already a user called 'PIA'"):
        table.add_user("PIA")


def test_a_name_like_one_in_the_game_is_refused(table: Table) -> None:
    with pytest.raises(RollplayError, match="'Nik0s' looks like 'Nikos', already a character"):
        table.new_character("Pegasus", sheet("Nik0s"))
    table.new_character("Pegasus", sheet("Capa"))
    sara = "\u0421\u0430\u0440\u0430"  # Sara in Cyrillic: every letter like Latin C, a, p, a
    with pytest.raises(RollplayError, match="looks like 'Capa'"):
        table.new_character("Pegasus", sheet(sara))
    table.new_game("Caprica", "fs3", "3.3")
    assert table.new_character("Caprica", sheet(sara)).name == sara  # another game: no Capa


def test_a_user_name_like_another_users_is_refused(table: Table) -> None:
    """Users' names are one list for every game, so the whole list is compared."""
    table.add_user("Pia")
    table.add_user("Ivo")
    for like, taken in (
        ("\u0420\u0456\u0430", "Pia"),
        ("\u03a1\u03b9\u03b1", "Pia"),
        ("lvo", "Ivo"),
    ):
        with pytest.raises(RollplayError, match=f"looks like the user '{taken}'"):
            table.add_user(like)  # Pia in Cyrillic, in Greek; Ivo with a small L


def test_an_invite_takes_the_same_names(table: Table) -> None:
    token = table.new_invite("Pegasus", "observer").token
    with pytest.raises(RollplayError, match="U\\+200B ZERO WIDTH SPACE"):
        table.accept_invite(token, "Ol\u200bly", "correct horse battery")
    table.add_user("Olly")
    with pytest.raises(RollplayError, match="looks like the user 'Olly'"):
        table.accept_invite(token, "0lly", "correct horse battery")
    assert table.accept_invite(token, "Катя", "correct horse battery").user == "Катя"


def test_sign_in_finds_the_name_in_any_form(table: Table) -> None:
    table.add_user("Pia")
    table.set_password("Pia", "correct horse battery")
    assert table.sign_in("\uff30\uff49\uff41", "correct horse battery").user == "Pia"


@pytest.mark.storage
def test_an_existing_lookalike_pair_keeps_working(table: Table) -> None:
    """Rows written before these rules are not rewritten (rulings L2): both names of a pair
    still answer to themselves, and a new name like either is refused."""
    cyrillic_pia = "\u0420\u0456\u0430"
    table.add_user("Pia")
    with Session(table.engine) as s:  # as an earlier version could write them
        s.add(User(name=cyrillic_pia, name_key=cyrillic_pia.casefold()))
        mavros = s.scalars(select(Character).where(Character.name == "Mavros")).one()
        mavros.name = "Nik0s"
        s.commit()
    table.add_member("Pegasus", cyrillic_pia, "player", ("Nik0s",))
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    assert {m.user: m.characters for m in table.members("Pegasus")} == {
        cyrillic_pia: ("Nik0s",), "Pia": ("Nikos",)}  # fmt: skip
    assert table.character("Pegasus", "Nik0s").name == "Nik0s"
    with pytest.raises(RollplayError, match="looks like"):
        table.add_user("\u03a1\u03b9\u03b1")  # Pia in Greek


def test_the_command_line_refuses_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'cli.db'}"
    run(capsys, "game", "example", "--db", db)
    err = fails_cleanly(capsys, "user", "add", "Ni\u202ekos", "--db", db)
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in err
    err = fails_cleanly(capsys, "user", "add", f"Nik{CYRILLIC_O}s", "--db", db)
    assert "mixes scripts" in err
