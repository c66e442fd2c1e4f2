"""An AresMUSH game's house rules in and out from the web (issue 38 §1 and §4), in process:
the home page's form checks Red-Planet-MU's config and then imports it, drawing the report
of every setting; the API answers what ``rollplay import aresmush --json`` prints; bad input
is one line (a 4xx with {"error"} from the API) and makes nothing; and the game's
"Download as AresMUSH config" .zip imports back into the same rules."""

from __future__ import annotations

import html
import io
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from rollplay.aresmush.config import MAX_FILE_BYTES
from rollplay.errors import RollplayError
from rollplay.rulesfile import plain
from rollplay.table.service import Table
from rollplay.table.systems import system
from tests.aresmush.damaged_zips import DAMAGED, NAME
from tests.aresmush.fixtures import GAMES, game_dir, needs_configs
from tests.aresmush.skills_game import combat_side
from tests.clirun import run_json
from tests.server.conftest import sign_in
from tests.server.forms import HX, page_as

__all__ = ["combat_side"]
RED_PLANET = GAMES[2]
FORM = "/games/import/aresmush"
API = "/api/v1/games/import/aresmush"
Upload = list[tuple[str, tuple[str, bytes]]]


def _files(folder: Path) -> Upload:
    return [("files", (p.name, p.read_bytes())) for p in sorted(folder.iterdir())]


def _zipped(folder: Path) -> Upload:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for p in sorted(folder.iterdir()):
            archive.writestr(f"game/config/{p.name}", p.read_bytes())
    return [("files", ("config.zip", out.getvalue()))]


def _made(server_db: str, name: str) -> bool:
    try:
        Table(server_db).game(name)
    except RollplayError:
        return False
    return True


def _rules(server_db: str, name: str) -> dict[str, Any]:
    """The game's whole ruleset as plain data (its house rules on its edition)."""
    info = Table(server_db).acting_as("Stella").game(name)
    return plain(system("fs3").ruleset(info.edition, info.rules))


@needs_configs
@pytest.mark.usefixtures("combat_side")
def test_the_form_checks_then_imports_and_draws_the_report(
    server: TestClient, server_db: str
) -> None:
    home, headers = page_as(server, "Stella", "/")
    assert 'hx-post="/games/import/aresmush"' in home
    assert "Check only" in home
    files = _files(game_dir(RED_PLANET))
    form = {"name": "Red Planet", "edition": "3.3"}
    checked = server.post(FORM, headers=headers, data={**form, "dry_run": "true"}, files=files)
    assert checked.status_code == 200, checked.text
    assert "Checked: nothing is made yet." in checked.text
    assert not _made(server_db, "Red Planet")
    # Counts, then each file with its unsupported and converted settings before the kept.
    for status in ("unsupported", "converted", "kept"):
        assert f'data-status="{status}"' in checked.text
    sections = checked.text.split('<section class="report-file"')[1:]
    assert len(sections) == len(list(game_dir(RED_PLANET).iterdir()))
    for section in sections:
        shown = [s for s in ("unsupported", "converted", "kept") if f"report-{s}" in section]
        assert sorted(shown, key=section.index) == shown, section[:200]
    assert '<code>fs3skills.max_points_on_attrs</code>: <span class="status">converted' in (
        checked.text
    )
    made = server.post(FORM, headers=headers, data={**form, "dry_run": "false"}, files=files)
    assert made.status_code == 200, made.text
    assert "Red Planet is made" in made.text
    assert '<a href="/games/Red%20Planet">Open Red Planet</a>' in made.text
    rules = _rules(server_db, "Red Planet")
    assert list(rules["attributes"][:3]) == ["Reflexes", "Brawn", "Wits"]
    # The same form again: the name is taken now, one line, and nothing else is made.
    again = server.post(FORM, headers=headers, data={**form, "dry_run": "false"}, files=files)
    assert again.status_code == 400
    assert again.text.count("<p") == 1
    assert "already a game called 'Red Planet'" in html.unescape(again.text)


@needs_configs
@pytest.mark.usefixtures("combat_side")
def test_the_api_answers_what_the_cli_prints(
    server: TestClient, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    headers = sign_in(server, "Stella")
    answer = server.post(API, headers=headers, files=_zipped(game_dir(RED_PLANET)),
                         data={"name": "Mars", "edition": "3.2"})  # fmt: skip
    assert answer.status_code == 200, answer.text
    cli = run_json(capsys, "import", "aresmush", str(game_dir(RED_PLANET)), "--game", "Mars",
                   "--edition", "3.2", "--db", f"sqlite:///{tmp_path / 'cli.db'}")  # fmt: skip
    assert answer.json() == cli
    assert answer.json()["dry_run"] is False


GOOD = b"fs3skills:\n  max_luck: 3\n"


def _bomb() -> bytes:
    """A small .zip whose config file unpacks past a file's limit."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("fs3skills_misc.yml", b"#" * 3_000_000)
    return out.getvalue()


BAD = [
    ([], "no AresMUSH config given"),
    ([("files", ("game.yml", b"game:\n  name: X\n"))], "no AresMUSH FS3 config in it"),
    ([("files", ("fs3skills_attrs.yml", b"fs3skills:\n  attributes:\n  - name: [oops\n"))],
     "fs3skills_attrs.yml"),
    ([("files", ("fs3skills_attrs.yml", b"fs3skills: !!python/object/apply:os.system ['true']\n"))],
     "fs3skills_attrs.yml"),
    ([("files", ("fs3skills_misc.yml", b"#" * (MAX_FILE_BYTES + 1)))], "larger than"),
    ([("files", ("config.zip", _bomb()))], "larger than 2,000,000 bytes"),
    ([("files", ("fs3skills_misc.yml", GOOD))], "already a game called 'Pegasus'"),
    *[([("files", (label, make()))], f"{label}: its {NAME} cannot be unpacked")
      for label, make in DAMAGED.items()],
]  # fmt: skip


@pytest.mark.parametrize(("files", "said"), BAD)
def test_bad_input_is_one_line_and_makes_nothing(
    server: TestClient, server_db: str, files: Upload, said: str
) -> None:
    name = "Pegasus" if "Pegasus" in said else "Nothing Made"
    headers = sign_in(server, "Stella")
    answer = server.post(API, headers=headers, data={"name": name}, files=files or None)
    assert 400 <= answer.status_code < 500, answer.text
    assert set(answer.json()) == {"error"}
    assert said in answer.json()["error"]
    assert "\n" not in answer.json()["error"]
    _, page = page_as(server, "Stella", "/")
    shown = server.post(FORM, headers=page, data={"name": name}, files=files or None)
    assert 400 <= shown.status_code < 500
    assert shown.text.count("<p") == 1
    assert said in html.unescape(shown.text)
    assert not _made(server_db, "Nothing Made")


def test_a_config_past_a_form_s_body_limit_is_taken_and_one_past_the_upload_limit_is_not(
    server: TestClient, server_db: str
) -> None:
    """A config of a megabyte (comments, say) is past an ordinary form's 64 KB; the upload
    limit (access.UPLOADS) takes it, and refuses a body of 3 MB before reading it."""
    headers = {**sign_in(server, "Stella"), **HX}
    long = [("files", ("fs3skills_misc.yml", b"#" * 1_000_000 + b"\n" + GOOD))]
    taken = server.post(FORM, headers=headers, data={"name": "Long"}, files=long)
    assert taken.status_code == 200, taken.text
    assert _made(server_db, "Long")
    big = [("files", ("config.zip", b"0" * (3 * 1024 * 1024)))]
    answer = server.post(FORM, headers=headers, data={"name": "Too Big"}, files=big)
    assert answer.status_code == 413
    assert "at most 2,097,152 bytes" in answer.text
    assert not _made(server_db, "Too Big")


@needs_configs
@pytest.mark.usefixtures("combat_side")
def test_the_downloaded_config_imports_back_into_the_same_rules(
    server: TestClient, server_db: str
) -> None:
    headers = sign_in(server, "Stella")
    made = server.post(API, headers=headers, data={"name": "Mars"},
                       files=_files(game_dir(RED_PLANET)))  # fmt: skip
    assert made.status_code == 200, made.text
    members, _ = page_as(server, "Stella", "/games/Mars/members")
    assert 'href="/games/Mars/aresmush.zip"' in members
    down = server.get("/games/Mars/aresmush.zip")
    headers = sign_in(server, "Stella")
    assert down.status_code == 200
    assert down.headers["content-type"] == "application/zip"
    assert 'filename="Mars-aresmush-config.zip"' in down.headers["content-disposition"]
    names = zipfile.ZipFile(io.BytesIO(down.content)).namelist()
    assert "fs3skills_attrs.yml" in names
    back = server.post(API, headers=headers, data={"name": "Mars again"},
                       files=[("files", ("mars.zip", down.content))])  # fmt: skip
    assert back.status_code == 200, back.text
    first, second = _rules(server_db, "Mars"), _rules(server_db, "Mars again")
    assert {k: v for k, v in first.items() if k != "name"} == {
        k: v for k, v in second.items() if k != "name"
    }


def test_a_game_of_another_system_has_no_aresmush_config(
    server: TestClient, server_db: str
) -> None:
    Table(server_db).acting_as("Stella").new_game("Dice Pool", "d6")
    sign_in(server, "Stella")
    answer = server.get("/games/Dice%20Pool/aresmush.zip")
    assert answer.status_code == 400
    assert "only an FS3 game has an AresMUSH config" in answer.json()["error"]


@needs_configs
def test_an_unusual_skill_is_a_note_on_the_sheet_and_approval_stays_open(
    server: TestClient, server_db: str
) -> None:
    # Rulings A11: AresMUSH's app review lists a sheet's unusual_skills for the admin and
    # approves anyway. Red-Planet-MU's config with Riding listed as unusual; a sheet within
    # every other limit holds Riding 2.
    from tests.aresmush.test_skills_chargen import sheet

    files = {p.name: p.read_bytes() for p in game_dir(RED_PLANET).iterdir()}
    files["fs3skills_chargen.yml"] = files["fs3skills_chargen.yml"].replace(
        b"  unusual_skills:\n", b"  unusual_skills:\n  - Riding\n  - Klingon\n"
    )
    stella = Table(server_db).acting_as("Stella")
    stella.import_aresmush("Mars", files)
    stella.new_character("Mars", sheet(action={"Riding": 2}))
    assert stella.check("Mars", "Vesna") == []  # a note, not a problem
    assert stella.character("Mars", "Vesna").unusual == ("Riding",)
    shown, headers = page_as(server, "Stella", "/games/Mars/characters/Vesna")
    note = html.unescape(shown).split('id="unusual"', 1)[1].split("</section>", 1)[0]
    assert "Unusual for this game: Riding." in note
    assert "Klingon" not in note  # only what the sheet holds
    approved = server.post("/games/Mars/characters/Vesna/approve", headers=headers)
    assert approved.status_code == 200, approved.text
    assert stella.character("Mars", "Vesna").approved is True
    after = server.get("/games/Mars/characters/Vesna").text
    assert 'id="unusual"' not in after  # the review is done


@needs_configs
def test_the_configs_descriptions_show_in_the_character_form_and_on_the_sheet(
    server: TestClient, server_db: str
) -> None:
    # Rulings A3: each ability's description and each kind's blurb are kept for players to
    # read, where they choose abilities (the form) and read them (the sheet).
    import yaml

    from tests.aresmush.test_skills_chargen import sheet

    attrs = yaml.safe_load((game_dir(RED_PLANET) / "fs3skills_attrs.yml").read_text())
    brawn = next(a["desc"] for a in attrs["fs3skills"]["attributes"] if a["name"] == "Brawn")
    stella = Table(server_db).acting_as("Stella")
    stella.import_aresmush("Mars", {p.name: p.read_bytes() for p in game_dir(RED_PLANET).iterdir()})
    form, _ = page_as(server, "Stella", "/games/Mars/new-character")
    before, after = form.split('name="attr.Brawn"', 1)
    label = before.rsplit("<label>", 1)[1]
    described = re.search(r'aria-describedby="([^"]+)"', after.split(">", 1)[0])
    assert described is not None  # the description describes the field, not names it
    small = re.search(rf'<small class="muted about" id="{described[1]}" aria-hidden="true">'
                      r"([^<]*)</small>", label)  # fmt: skip
    assert label.startswith("Brawn ")
    assert small is not None
    assert html.unescape(small[1]) == brawn
    blurb = form.split("<legend>Attributes</legend>", 1)[1].split("</p>", 1)[0]
    assert "Attributes represent basic abilities" in blurb
    assert "<a " not in blurb  # the config's HTML is text here, never drawn
    stella.new_character("Mars", sheet())
    shown = server.get("/games/Mars/characters/Vesna").text
    row = shown.split('<th scope="row">Brawn', 1)[1].split("</th>", 1)[0]
    assert brawn in html.unescape(row)
