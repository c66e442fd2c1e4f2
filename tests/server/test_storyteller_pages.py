"""The Storyteller's pages (issue 31): a game made from the home page (its house rules from an
uploaded file, refused in one line when bad), its members page (invites on the public URL,
roles changed, someone removed), renaming and archiving it, and an award to the whole table;
each control shown only to the Storyteller, and refused to anyone else by the service."""

from __future__ import annotations

from fastapi.testclient import TestClient

from rollplay.server.app import create_app
from rollplay.table.service import Table
from tests.server.conftest import sign_in

PUBLIC = "https://table.example.org/rp"
HX = {"HX-Request": "true"}


def _as(server: TestClient, name: str) -> dict[str, str]:
    server.cookies.clear()
    return {**sign_in(server, name), **HX}


def test_a_game_is_made_from_the_home_page_with_its_house_rules(
    server: TestClient, server_db: str
) -> None:
    headers = _as(server, "Pia")
    page = server.get("/").text
    assert 'hx-post="/games"' in page
    assert 'name="rules" type="file"' in page
    rules = ("house.yaml", b"extends: '3.2'\nsuccess_at: 7\n", "application/yaml")
    made = server.post("/games", data={"name": "Caprica", "preset": "fs3 3.3"},
                       files={"rules": rules}, headers=headers)  # fmt: skip
    assert made.status_code == 200, made.text
    assert made.headers["HX-Redirect"] == "/games/Caprica"
    game = Table(server_db).acting_as("Pia").game("Caprica")
    assert (game.role, game.edition, game.rules) == ("storyteller", "3.2", {"success_at": 7})
    # A bad file: one line naming what is wrong, and no game made.
    for name, text, said in (
        ("bad.yaml", b"succes_at: 7\n", "success_at"),
        ("bad.txt", b"x", "use a .toml, .yaml, .yml or .json file"),
        ("bad.toml", b"= nope", "bad.toml"),
    ):
        refused = server.post(
            "/games",
            data={"name": "Broken", "preset": "fs3 3.3"},
            files={"rules": (name, text, "text/plain")},
            headers=headers,
        )
        assert refused.status_code == 400, refused.text
        assert said in refused.text
        assert refused.text.count("<p") == 1
    assert "Broken" not in [g.name for g in Table(server_db).games()]
    gurps = server.post("/games", data={"name": "Dungeon Two", "preset": "gurps 4e"},
                        headers=headers)  # fmt: skip
    assert gurps.status_code == 200, gurps.text
    taken = server.post("/games", data={"name": "Pegasus", "preset": "d6 d6"}, headers=headers)
    assert taken.status_code == 400
    assert "already a game called" in taken.text


def test_only_the_storyteller_sees_and_may_use_the_members_controls(server: TestClient) -> None:
    _as(server, "Pia")
    page = server.get("/games/Pegasus/members").text
    assert "Stella" in page
    assert "playing Nikos" in page
    for control in ("members/remove", "members/role", "/invite", "/rename", "/archive"):
        assert control not in page, control
    headers = _as(server, "Pia")
    for path, form in (("/games/Pegasus/members/remove", {"user": "Otto"}),
                       ("/games/Pegasus/members/role", {"user": "Otto", "role": "storyteller"}),
                       ("/games/Pegasus/invite", {"role": "player"}),
                       ("/games/Pegasus/rename", {"name": "Mine"}),
                       ("/games/Pegasus/archive", {})):  # fmt: skip
        refused = server.post(path, data=form, headers=headers)
        assert refused.status_code == 403, (path, refused.text)
        assert "only the Storyteller" in refused.text
    _as(server, "Stella")
    page = server.get("/games/Pegasus/members").text
    for control in ("members/remove", "members/role", "Make an invite link", "Rename"):
        assert control in page, control
    assert 'aria-current="page">Members</a>' in page


def test_the_storyteller_invites_changes_a_role_and_removes(server_db: str) -> None:
    with TestClient(create_app(server_db, public_url=PUBLIC), base_url="http://10.0.0.5") as c:
        headers = _as(c, "Stella")
        made = c.post("/games/Pegasus/invite", data={"character": "Mavros", "hours": "24"},
                      headers={**headers, "Origin": "http://10.0.0.5"})  # fmt: skip
        assert made.status_code == 200, made.text
        assert f'value="{PUBLIC}/invite/inv_' in made.text
        assert "the player of Mavros" in made.text
        table = Table(server_db)
        (latest, *_) = table.invites("Pegasus")
        assert (latest.character, latest.role, latest.state) == ("Mavros", "player", "open")
        role = c.post("/games/Pegasus/members/role", data={"user": "Olly", "role": "player"},
                      headers=headers)  # fmt: skip
        assert "Olly is now player" in role.text
        gone = c.post("/games/Pegasus/members/remove", data={"user": "Otto"}, headers=headers)
        assert "Otto is out of Pegasus" in gone.text
        members = {m.user: m.role for m in table.members("Pegasus")}
        assert members["Olly"] == "player"
        assert "Otto" not in members
        nobody = c.post("/games/Pegasus/members/remove", data={"user": "Otto"}, headers=headers)
        assert nobody.status_code == 400
        assert "Otto is not in Pegasus" in nobody.text


def test_the_storyteller_awards_the_whole_table_from_the_table_page(
    server: TestClient, server_db: str
) -> None:
    headers = _as(server, "Stella")
    assert '<option value="*">the whole table</option>' in server.get("/games/Pegasus").text
    table = Table(server_db)
    before = {n: table.character("Pegasus", n).luck or 0 for n in ("Nikos", "Mavros")}
    done = server.post("/games/Pegasus/award", data={"character": "*", "points": "luck",
                                                      "amount": "2", "reason": "the raid"},
                       headers=headers)  # fmt: skip
    assert done.status_code == 200, done.text
    assert "Nikos" in done.text
    assert "Mavros" in done.text
    assert {n: table.character("Pegasus", n).luck for n in before} == {
        n: v + 2 for n, v in before.items()}  # fmt: skip
    headers = _as(server, "Pia")
    assert 'value="*"' not in server.get("/games/Pegasus").text
    refused = server.post(
        "/games/Pegasus/award",
        data={"character": "*", "points": "xp", "amount": "1"},
        headers=headers,
    )
    assert refused.status_code == 403


def test_renaming_and_archiving_a_game_from_its_members_page(server: TestClient) -> None:
    new = "Galactica"
    headers = _as(server, "Stella")
    renamed = server.post("/games/Pegasus/rename", data={"name": new}, headers=headers)
    assert renamed.headers["HX-Redirect"] == f"/games/{new}/members"
    assert server.get("/games/Pegasus").status_code == 404
    archived = server.post(f"/games/{new}/archive", data={"archived": "true"}, headers=headers)
    assert f"{new} is archived" in archived.text
    assert "This game is archived" in server.get(f"/games/{new}/members").text
    assert (
        f'{new}</a> (FS3 3.3): storyteller <span class="muted">(archived)</span>'
        in server.get("/").text
    )
    refused = server.post(f"/games/{new}/roll", data={"text": "roll Nikos/Firearms"},
                          headers=headers)  # fmt: skip
    assert refused.status_code == 403
    assert "is archived" in refused.text
    back = server.post(f"/games/{new}/archive", data={"archived": "false"}, headers=headers)
    assert "out of the archive" in back.text
    rolled = server.post(f"/games/{new}/roll", data={"text": "roll Nikos/Firearms"},
                         headers=headers)  # fmt: skip
    assert rolled.status_code == 200, rolled.text
