"""The JavaScript the pages load, vendored without a build step (server/static/vendor/):
every file is the one its manifest names, by sha256, the manifest lists every file there,
and the server serves them."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from rollplay.server.app import STATIC, create_app

VENDOR = STATIC / "vendor"
MANIFEST = VENDOR / "manifest.json"
JAVASCRIPT = ("text/javascript", "application/javascript")


def _files() -> dict[str, dict[str, Any]]:
    files: dict[str, dict[str, Any]] = json.loads(MANIFEST.read_text())["files"]
    return files


def test_the_manifest_lists_every_vendored_file() -> None:
    present = {p.name for p in VENDOR.iterdir() if p.name != MANIFEST.name}
    assert present == set(_files()), "update manifest.json with the file's package and sha256"
    assert not [p for p in VENDOR.iterdir() if p.is_dir()]


@pytest.mark.parametrize("name", sorted(_files()))
def test_a_vendored_file_is_the_one_its_manifest_names(name: str) -> None:
    entry = _files()[name]
    assert hashlib.sha256((VENDOR / name).read_bytes()).hexdigest() == entry["sha256"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", entry["version"]), "an exact version"
    assert entry["package"]
    assert entry["license"]
    assert entry["integrity"].startswith("sha512-")


def test_the_licences_are_credited_in_notice() -> None:
    notice = (Path(__file__).parents[2] / "NOTICE").read_text()
    for name, entry in _files().items():
        assert name in notice
        assert f"{entry['package']} {entry['version']}" in notice


def test_the_server_serves_the_static_files(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'table.db'}")) as client:
        for name in _files():
            answer = client.get(f"/static/vendor/{name}")  # to anyone: no sign-in
            assert answer.status_code == 200
            assert answer.content == (VENDOR / name).read_bytes()
            assert answer.headers["content-type"].split(";")[0] in JAVASCRIPT
        missing = client.get("/static/vendor/nothing.js")
        assert missing.status_code == 404
        assert set(missing.json()) == {"error"}
        assert client.get("/static/../pages.py").status_code == 404
