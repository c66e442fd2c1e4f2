"""AresMUSH sheets through the API and the Characters page (issue 38 §2): a report as JSON,
and bad input a 4xx with one line (``{"error"}`` from the API, an error fragment on the
page) that makes nothing (rulings A48)."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rollplay.server.access import MAX_UPLOAD
from tests.server.conftest import sign_in

SAMPLES = Path(__file__).parents[1] / "aresmush" / "samples"
API = "/api/v1/games/Pegasus/characters/import/aresmush"


def _files(*named: tuple[str, bytes]) -> list[tuple[str, tuple[str, bytes]]]:
    return [("files", (name, body)) for name, body in named]


def _characters(server: TestClient) -> list[str]:
    answer = server.get("/api/v1/games/Pegasus")
    assert answer.status_code == 200
    return sorted(answer.json()["characters"])


def test_the_api_answers_each_characters_report(server: TestClient) -> None:
    headers = sign_in(server, "Stella")
    mira = (SAMPLES / "mira.txt").read_bytes()
    answer = server.post(API, files=_files(("mira.txt", mira)), data={"player": "Pia"},
                         headers=headers)  # fmt: skip
    assert answer.status_code == 200, answer.text
    done = answer.json()
    assert (done["game"], done["player"]) == ("Pegasus", "Pia")
    (made,) = done["characters"]
    assert made["name"] == "Mira"
    assert {"file", "key", "status", "note"} <= set(made["items"][0])
    sheet = server.get("/api/v1/games/Pegasus/characters/Mira").json()
    assert sheet["origin"] == made["origin"]
    assert sheet["player"] == "Pia"
    assert sheet["approved"] is False


@pytest.mark.parametrize(
    ("named", "data", "status", "says"),
    [
        ((("pose.txt", b"A pose, not a sheet."),), {}, 400, "not an AresMUSH FS3 sheet"),
        ((("char.gcs", b'{"type": "character"}'),), {}, 400, "a JSON file"),
        ((("mira.txt", (SAMPLES / "mira.txt").read_bytes()),), {"player": "Nobody"}, 404,
         "no user called 'Nobody'"),
        ((("nikos.txt", b"Nikos Approved\n-[ Attributes ]-\nBrawn:  @@  Average\n"
                        b"XP: 1  Luck Points: 1\n"),), {}, 400,
         "already has a character called 'Nikos'"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_makes_nothing(
    server: TestClient, named: tuple[tuple[str, bytes], ...], data: dict[str, str],
    status: int, says: str,
) -> None:  # fmt: skip
    headers = sign_in(server, "Stella")
    before = _characters(server)
    mira = ("first.txt", (SAMPLES / "tobin_screen_reader.txt").read_bytes())  # made first
    answer = server.post(API, files=_files(mira, *named), data=data, headers=headers)
    assert answer.status_code == status, answer.text
    assert says in answer.json()["error"]
    assert "\n" not in answer.json()["error"]
    assert _characters(server) == before  # Tobin, before the bad file, is not made either
    page = server.post("/games/Pegasus/characters/import-sheets", files=_files(mira, *named),
                       data=data, headers=headers)  # fmt: skip
    assert page.status_code == status
    assert says in html.unescape(page.text)
    assert _characters(server) == before


def test_a_file_past_the_upload_limit_is_refused_unread(server: TestClient) -> None:
    headers = sign_in(server, "Stella")
    big = ("backup.zip", b"PK\x03\x04" + b"\0" * MAX_UPLOAD)
    answer = server.post(API, files=_files(big), headers=headers)
    assert answer.status_code == 413
    assert "at most" in answer.json()["error"]
