"""A sheet sent back is fixed in its system's character form (issue 37): the form is filled in
from the stored sheet, and sent back as it is drawn with one thing changed, it changes that
one thing and keeps what the form has no field for (a GURPS sheet's defaults). FS3's is
tests/server/test_storyteller_web.py's; these are GURPS's and D6's, the forms' fields read
from the page as a browser would send them."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import NamedTuple
from urllib.parse import quote, urlencode

import pytest
from fastapi.testclient import TestClient

from rollplay.table.service import Table
from tests.server.conftest import sign_in

PAGE = {"Origin": "http://testserver", "HX-Request": "true"}


class _Form(HTMLParser):
    """The fields a browser would send from the page's character form: its inputs and the
    selected option of each select, in order, leaving out the rows' <template>s and the
    text box."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self.inside = self.template = 0
        self.select: tuple[str, list[str], list[str]] | None = None  # name, options, chosen

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = {k: v or "" for k, v in attrs}
        if tag == "form" and given.get("id") == "new-character":
            self.inside = 1
        elif tag == "template":
            self.template += 1
        elif not self.inside or self.template:
            return
        elif tag == "input" and given.get("name") and given.get("type") != "submit":
            self.fields.append((given["name"], given.get("value", "")))
        elif tag == "select" and given.get("name"):
            self.select = (given["name"], [], [])
        elif tag == "option" and self.select is not None:
            self.select[1].append(given.get("value", ""))
            if "selected" in given:
                self.select[2].append(given.get("value", ""))

    def handle_data(self, data: str) -> None:
        if self.select is not None and self.select[1] and not self.select[1][-1]:
            self.select[1][-1] = data.strip()  # an option without a value sends its text
            if len(self.select[2]) and self.select[2][-1] == "":
                self.select[2][-1] = data.strip()

    def handle_endtag(self, tag: str) -> None:
        if tag == "template":
            self.template -= 1
        elif tag == "form":
            self.inside = 0
        elif tag == "select" and self.select is not None:
            name, options, chosen = self.select
            self.fields.append((name, (chosen or options or [""])[0]))
            self.select = None


def _form(page: str) -> list[tuple[str, str]]:
    parser = _Form()
    parser.feed(page)
    return parser.fields


def _sent_back(server_db: str, game: str, name: str) -> None:
    table = Table(server_db)
    try:
        table.add_member(game, "Stella", "storyteller")
        table.send_back(game, name, "Look at it again")
    finally:
        table.close()


class Case(NamedTuple):
    game: str
    name: str
    change: tuple[str, str | None, str]  # the field, the row it is in (a skill), its value
    kept: str  # a part of the sheet that stays as it was


CASES = [
    # GURPS: Intimidation raised; the defaults (no field on the form) stay.
    Case("Dungeon", "Inspector Vance", ("skill.level", "Intimidation", "15"), "defaults"),
    # D6: Fate Points; a skill that falls under an attribute keeps both.
    Case("Stars", "Kara Voss", ("fate_points", None, "2"), "skills"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
def test_a_sheet_sent_back_is_fixed_in_its_own_systems_form(
    server: TestClient, server_db: str, case: Case
) -> None:
    game, name, change, kept = case
    _sent_back(server_db, game, name)
    sign_in(server, "Stella")
    before = server.get(f"/api/v1/games/{game}/characters/{quote(name)}").json()["sheet"]
    where = f"/games/{game}/characters/{quote(name)}/fix"
    page = server.get(where)
    assert page.status_code == 200, page.text
    fields = _form(page.text)
    field, row, value = change
    at = next(i for i, (k, v) in enumerate(fields) if k == field and (
        row is None or fields[i - 1] == ("skill.name", row)))  # fmt: skip
    assert fields[at][1] != value  # the form starts from the sheet, not from the change
    fields[at] = (field, value)
    token = page.text.split('"X-CSRF-Token": "', 1)[1].split('"', 1)[0]
    done = server.post(
        where,
        content=urlencode([*fields, ("source", "form")]),
        headers={
            **PAGE,
            "X-CSRF-Token": token,
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    assert done.status_code == 200, done.text
    after = server.get(f"/api/v1/games/{game}/characters/{quote(name)}").json()["sheet"]
    changed = {k for k in {*before, *after} if before.get(k) != after.get(k)}
    assert len(changed) == 1, (before, after)  # the one thing changed, nothing else
    assert after[kept] == before[kept]
    if row is None:
        assert after[field] == int(value)
    else:
        assert after["skills"][row] == int(value)
