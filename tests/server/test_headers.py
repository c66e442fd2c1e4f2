"""What every answer carries (docs/deploy.md, Headers): no page may be framed, no script or
style runs but the server's own files, nothing is sniffed, no referrer leaves the site; and
a body over the limit is a 413 however it is sent."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from rollplay.server.app import create_app
from tests.server.conftest import sign_in


def _policy(header: str) -> dict[str, str]:
    parts = (p.strip().split(None, 1) for p in header.split(";") if p.strip())
    return {p[0]: p[1] if len(p) > 1 else "" for p in parts}


def test_every_answer_denies_framing_and_inline_script(server: TestClient) -> None:
    signed_out = [server.get("/"), server.get("/static/table.js"), server.get("/healthz"),
                  server.get("/api/v1/games/Pegasus"), server.get("/no/such/page")]  # fmt: skip
    headers = sign_in(server, "Pia")
    signed_in = [server.get("/"), server.get("/games/Pegasus"), server.get("/games/Pegasus/log"),
                 server.get("/games/Pegasus/verify"), server.get("/api/v1/games"),
                 server.post("/api/v1/games/Pegasus/commands", json={"text": "roll Firearms"},
                             headers=headers),
                 server.post("/api/v1/games/Pegasus/commands", content=b"x" * 70_000,
                             headers={**headers, "Content-Type": "application/json"})]  # fmt: skip
    assert [a.status_code for a in signed_out + signed_in] == [
        200, 200, 200, 401, 404, 200, 200, 200, 200, 200, 200, 413]  # fmt: skip
    for answer in signed_out + signed_in:
        where = f"{answer.request.method} {answer.request.url.path}"
        assert answer.headers["x-frame-options"] == "DENY", where
        assert answer.headers["x-content-type-options"] == "nosniff", where
        assert answer.headers["referrer-policy"] == "same-origin", where
        policy = _policy(answer.headers["content-security-policy"])
        assert policy["frame-ancestors"] == "'none'", where
        assert policy["default-src"] == "'self'", where
        assert policy["script-src"] == "'self'", where
        assert "unsafe-inline" not in answer.headers["content-security-policy"], where


def test_pages_hold_no_inline_script_or_handler(server: TestClient) -> None:
    sign_in(server, "Stella")
    for path in ("/", "/games/Pegasus", "/games/Pegasus/log", "/games/Pegasus/characters",
                 "/games/Pegasus/characters/Nikos", "/games/Pegasus/combats",
                 "/games/Pegasus/verify"):  # fmt: skip
        page = server.get(path)
        assert page.status_code == 200, path
        html = page.text.lower()
        assert "hx-on" not in html, path
        assert re.search(r"<[^>]*\son[a-z]+\s*=", html) is None, f"{path}: an on... handler"
        assert "javascript:" not in html, path
        assert re.search(r"<[^>]*\sstyle\s*=", html) is None, f"{path}: an inline style"
        assert "<style" not in html, path
        assert re.search(r"=\s*['\"]js:", html) is None, path
        for script in html.split("<script")[1:]:
            assert " src=" in script.split(">", 1)[0], f"{path}: an inline <script>"


def test_a_chunked_body_over_the_limit_is_a_413(server: TestClient) -> None:
    headers = sign_in(server, "Pia")

    def chunks() -> Iterator[bytes]:
        yield b'{"text": "roll Firearms", "pad": "'
        for _ in range(20):
            yield b"x" * 4096
        yield b'"}'

    def small() -> Iterator[bytes]:
        yield b'{"text": "roll '
        yield b'Firearms"}'

    huge = server.post("/api/v1/games/Pegasus/commands", content=chunks(),
                       headers={**headers, "Content-Type": "application/json"})  # fmt: skip
    assert huge.status_code == 413
    assert "at most" in huge.json()["error"]
    fine = server.post("/api/v1/games/Pegasus/commands", content=small(),
                       headers={**headers, "Content-Type": "application/json"})  # fmt: skip
    assert fine.status_code == 200, fine.text


def test_a_server_error_is_headed_and_logged(
    server_db: str, capfd: pytest.CaptureFixture[str]
) -> None:
    app = create_app(server_db, access_log=True)

    @app.get("/api/v1/fails")
    def fails() -> None:
        raise ValueError("a bug")

    with TestClient(app, raise_server_exceptions=False) as client:
        capfd.readouterr()
        answer = client.get("/api/v1/fails")
        htmx = client.get("/api/v1/fails", headers={"HX-Request": "true"})
    assert answer.status_code == htmx.status_code == 500
    assert set(answer.json()) == {"error"}
    assert "server's log" in answer.json()["error"]
    for each in (answer, htmx):
        assert each.headers.get("x-frame-options") == "DENY"
        assert each.headers.get("x-content-type-options") == "nosniff"
        assert each.headers.get("referrer-policy") == "same-origin"
        policy = _policy(each.headers.get("content-security-policy", ""))
        assert policy.get("frame-ancestors") == "'none'"
    assert htmx.text.startswith('<p class="error"')  # a page's request gets its fragment
    logged = [json.loads(line) for line in capfd.readouterr().err.splitlines()
              if line.startswith("{")]  # fmt: skip
    assert [(e["path"], e["status"]) for e in logged] == [("/api/v1/fails", 500)] * 2
