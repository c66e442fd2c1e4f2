"""The server's public URL (src/rollplay/public_url.py): one setting, ROLLPLAY_PUBLIC_URL or
``rollplay serve --public-url``, starts every link the table makes: the CLI's invite links,
the API's and the first run's; a bad value is one line, exit 2."""

from __future__ import annotations

import os

import pytest
from fastapi.testclient import TestClient

from rollplay.server.app import create_app
from tests.clirun import fails_cleanly, run
from tests.server.conftest import sign_in

PUBLIC = "https://table.example.org/rp"


def test_invite_links_start_with_the_public_url(
    examples_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, "invite", "add", "Pegasus", "--role", "observer",
                         "--db", examples_url)  # fmt: skip
    assert code == 0, err
    assert "http://127.0.0.1:8000/invite/inv_" in out  # unset: serve's default address
    monkeypatch.setenv("ROLLPLAY_PUBLIC_URL", PUBLIC + "/")
    code, out, err = run(capsys, "invite", "add", "Pegasus", "--role", "observer",
                         "--db", examples_url)  # fmt: skip
    assert code == 0, err
    assert f"{PUBLIC}/invite/inv_" in out
    assert "127.0.0.1" not in out
    for bad in (
        "table.example.org",
        "ftp://x.org",
        "https://x.org/?a=1",
        "http://:80",
        "http://x.org:port",
        "https://a b.org",
    ):
        monkeypatch.setenv("ROLLPLAY_PUBLIC_URL", bad)
        said = fails_cleanly(capsys, "invite", "add", "Pegasus", "--db", examples_url)
        assert "ROLLPLAY_PUBLIC_URL" in said
        assert "https://table.example.org" in said
    monkeypatch.delenv("ROLLPLAY_PUBLIC_URL")
    said = fails_cleanly(capsys, "invite", "add", "Pegasus", "--url", "nope", "--db", examples_url)
    assert "--url 'nope' is not a public URL" in said
    said = fails_cleanly(capsys, "serve", "--public-url", "localhost:8000", "--db", examples_url)
    assert "--public-url 'localhost:8000' is not a public URL" in said


def test_the_api_makes_its_invite_links_on_the_public_url(server_db: str) -> None:
    with TestClient(create_app(server_db, public_url=PUBLIC), base_url="http://10.0.0.5") as c:
        headers = sign_in(c, "Stella")
        made = c.post("/api/v1/games/Pegasus/invites", json={"role": "observer"}, headers=headers)
        assert made.status_code == 200, made.text
        assert made.json()["link"].startswith(f"{PUBLIC}/invite/inv_")


def test_serve_makes_the_first_run_link_on_the_public_url(
    blank_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    ran: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *_, **kw: ran.append(kw))
    for name in ("ROLLPLAY_PUBLIC_URL", "ROLLPLAY_DATABASE_URL", "ROLLPLAY_ACCESS_LOG"):
        monkeypatch.setenv(name, "")  # serve sets them for its workers; put back after
    code, out, err = run(capsys, "serve", "--db", blank_url, "--host", "0.0.0.0", "--port",
                         "8123", "--public-url", PUBLIC)  # fmt: skip
    assert code == 0, err
    assert f"{PUBLIC}/invite/inv_" in out  # the first run's link
    assert f"Serving the table at {PUBLIC}/, listening on http://127.0.0.1:8123" in out
    assert ran[0]["port"] == 8123
    assert os.environ["ROLLPLAY_PUBLIC_URL"] == PUBLIC  # what the workers make links with
