"""The database goes away under a running server: every request gets a 503 with one line
and a Retry-After, at once, and the access log has it like any other answer; when the
database is back, so is the table."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import sqlalchemy as sa
from fastapi.testclient import TestClient

from rollplay.server.access import LOG
from rollplay.server.app import create_app
from rollplay.server.parts import Parts
from tests.databases import POSTGRES, Databases
from tests.people import seat_people
from tests.server.conftest import sign_in
from tests.server.process import serving, token_for


@contextmanager
def _access_lines() -> Iterator[list[dict[str, object]]]:
    """The access log's lines while the block runs, parsed."""
    heard: list[dict[str, object]] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            heard.append(json.loads(record.getMessage()))

    keep = Keep()
    LOG.addHandler(keep)
    LOG.setLevel(logging.INFO)
    try:
        yield heard
    finally:
        LOG.removeHandler(keep)


def _down(answer: httpx.Response) -> None:
    assert answer.status_code == 503, answer.text
    assert set(answer.json()) == {"error"}
    assert "database" in answer.json()["error"]
    assert int(answer.headers["retry-after"]) > 0


def test_a_roll_while_postgresql_refuses_gets_a_503_logged(pg_url: str, tmp_path: Path) -> None:
    assert POSTGRES
    seat_people(pg_url)
    name = sa.make_url(pg_url).database
    admin = sa.create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    log = tmp_path / "server.log"
    roll = {"text": "roll Firearms"}
    try:
        with serving(pg_url, output=log) as (base, _):
            auth = {"Authorization": f"Bearer {token_for(base, 'Pia')}"}
            url = f"{base}/api/v1/games/Pegasus/commands"
            assert httpx.post(url, json=roll, headers=auth, timeout=10).status_code == 200
            with admin.connect() as conn:  # the database goes away: no one may connect
                conn.execute(sa.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false'))
                conn.execute(sa.text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                     "WHERE datname = :name"), {"name": name})  # fmt: skip
            for _ in range(3):
                _down(httpx.post(url, json=roll, headers=auth, timeout=10))
            _down(httpx.get(f"{base}/api/v1/games/Pegasus/log", headers=auth, timeout=10))
            with admin.connect() as conn:
                conn.execute(sa.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
            assert httpx.post(url, json=roll, headers=auth, timeout=10).status_code == 200
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
        admin.dispose()
    lines = [json.loads(x) for x in log.read_text().splitlines() if x.startswith('{"time"')]
    rolls = [x["status"] for x in lines if x["path"] == "/api/v1/games/Pegasus/commands"]
    assert rolls == [200, 503, 503, 503, 200]
    assert "Traceback" not in log.read_text()


def test_a_request_while_the_sqlite_file_is_gone_gets_a_503_logged(
    databases: Databases, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    db = databases.sqlite("seated", folder / "table.db")
    app = create_app(db, access_log=True)
    with _access_lines() as heard, TestClient(app, base_url="http://testserver") as server:
        headers = sign_in(server, "Pia")
        parts: Parts = app.state.parts
        folder.rename(tmp_path / "elsewhere")  # its folder moved away: it cannot be opened
        parts.service.engine.dispose()
        answer = server.post("/api/v1/games/Pegasus/commands",
                             json={"text": "roll Firearms"}, headers=headers)  # fmt: skip
        _down(answer)
        page = server.get("/games/Pegasus", headers={"HX-Request": "true"})
        assert page.status_code == 503
        assert "database" in page.text
    assert [(x["path"], x["status"]) for x in heard][-2:] == [
        ("/api/v1/games/Pegasus/commands", 503),
        ("/games/Pegasus", 503),
    ]


def test_an_unexpected_error_is_one_line_and_logged_too(server_db: str) -> None:
    app = create_app(server_db, access_log=True)

    @app.get("/boom")
    def explode() -> None:
        raise RuntimeError("a bug")

    with _access_lines() as heard, TestClient(app, raise_server_exceptions=False) as server:
        failed = server.get("/boom")
        assert failed.status_code == 500
        assert set(failed.json()) == {"error"}  # one line, as every other error
        assert "a bug" not in failed.text  # what failed stays in the server's log
    assert [(x["path"], x["status"]) for x in heard] == [("/boom", 500)]
