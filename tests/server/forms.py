"""What the server tests share to use the web pages as a browser does: a form posted by a
signed-in person (its Origin and htmx's header, the session's CSRF token), a page opened
for the headers its htmx writes carry, and a character's luck as the table keeps it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from rollplay.table.service import Table
from tests.server.conftest import sign_in
from tests.typed import of

HX = {"HX-Request": "true", "Origin": "http://testserver"}


def post_form(server: TestClient, role: str, path: str, **form: str) -> tuple[int, str]:
    """``role`` signed in afresh posts ``form`` to ``path`` from a page: its status and text."""
    server.cookies.clear()
    answer = server.post(path, data=form, headers={**sign_in(server, role), **HX})
    return answer.status_code, answer.text


def page_as(
    server: TestClient, name: str, page: str = "/games/Pegasus"
) -> tuple[str, dict[str, str]]:
    """``name`` signed in afresh opens ``page``: its HTML, and the headers its htmx writes
    carry (the CSRF token drawn into the page)."""
    server.cookies.clear()
    sign_in(server, name)
    text = server.get(page).text
    token = text.split('"X-CSRF-Token": "', 1)[1].split('"', 1)[0]
    return text, {**HX, "X-CSRF-Token": token}


def luck_of(server_db: str, name: str = "Nikos") -> int:
    """A character's luck, read from the table itself."""
    table = Table(server_db)
    try:
        return of(int, table.character("Pegasus", name).luck)
    finally:
        table.close()
