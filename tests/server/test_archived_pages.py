"""An archived game is read-only on every page (rulings W81): each page and fragment of a game
in the archive, drawn for the Storyteller and for a player, holds no control that writes (the
service refuses all but reading and managing, W4, and the pages offer no managing either) but
the Storyteller's one to restore it, and says so in one line; restored (by the Storyteller
alone), the controls are back."""

from __future__ import annotations

from html.parser import HTMLParser

from fastapi.testclient import TestClient

from rollplay.table import commands as c
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.server.conftest import sign_in

G = "/games/Pegasus"
SAID = "This game is archived (read-only); the Storyteller can restore it"
WRITES = ("hx-post", "hx-put", "hx-patch", "hx-delete")


class _Writes(HTMLParser):
    """Every control on a page that writes: an element with an htmx write, a form that posts."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        named = f"{tag}#{given['id']}" if given.get("id") else tag
        for key in WRITES:
            if key in given:
                self.found.append(f"{named} {key}={given[key]}")
        if tag == "form" and (given.get("method") or "get").lower() == "post":
            self.found.append(f"form post {given.get('action') or '(this page)'}")


def writes(html: str) -> list[str]:
    parser = _Writes()
    parser.feed(html)
    return parser.found


def _pages(scene: int, card: int) -> list[str]:
    """Every page of the game and every fragment a page loads."""
    s, k = f"{G}/scenes/{scene}", f"{G}/combats/Hangar"
    return [G, f"{G}/mine", f"{G}/characters", f"{G}/characters/Nikos",
            f"{G}/characters/Nikos/sheet", f"{G}/new-character", f"{G}/npcs", f"{G}/combats",
            k, f"{k}/tracker", f"{k}/forms", f"{G}/scenes", s, f"{s}/order", f"{s}/combat",
            f"{G}/scenes/1/record", f"{G}/scenes/search?q=Docks", f"{G}/log", f"{G}/log/{card}",
            f"{G}/members", f"{G}/verify"]  # fmt: skip


def _a_game_in_play(db: str) -> tuple[int, int]:
    """Pegasus with what every page draws controls for: a finished scene, a running one
    holding a combat of Nikos against a Raider, an open roll request for Nikos, an NPC on the
    roster. The running scene's number and the request's."""
    stella = Table(db).acting_as("Stella")
    stella.execute(c.SceneStart("Pegasus", "Earlier"))
    stella.execute(c.SceneStop("Pegasus", 1))  # scene 1: finished, its record shared
    scene = stella.execute(c.SceneStart("Pegasus", "Docks"))
    stella.execute(c.CombatStart("Pegasus", "Hangar"))
    stella.execute(c.CombatJoin("Pegasus", "Hangar", "Nikos", weapon="Pistol"))
    stella.execute(c.CombatJoin("Pegasus", "Hangar", "Raider", team="B", rating=4))
    asked = stella.execute(c.RequestRoll("Pegasus", c.Side("Nikos", Request("Alertness"))))
    stella.add_npc("Pegasus", "Thug", "3", "")
    return int(getattr(scene, "number", 0) or 1), int(getattr(asked, "log_id", 0))


def _seen(server: TestClient, who: str, pages: list[str],
          archived: bool) -> dict[str, tuple[bool, list[str]]]:  # fmt: skip
    """Each page ``who`` may read: whether it is a whole page (not a fragment), and the
    controls on it that write; each whole page says whether the game is archived."""
    server.cookies.clear()
    sign_in(server, who)
    seen: dict[str, tuple[bool, list[str]]] = {}
    for page in pages:
        answer = server.get(page)
        assert answer.status_code in (200, 204, 403), (page, answer.status_code, answer.text)
        if answer.status_code == 200:
            whole = "<header>" in answer.text
            seen[page] = (whole, writes(answer.text))
            assert (SAID in answer.text) == (archived and whole), (who, page)
    return seen


def test_every_page_of_an_archived_game_is_read_only(server: TestClient, server_db: str) -> None:
    scene, request = _a_game_in_play(server_db)
    pages = _pages(scene, request)
    playing = {page: found for page, (_, found) in _seen(server, "Stella", pages, False).items()}
    # The detector sees the controls of a game in play: the roll box, the pose box, the
    # tracker's forms, the request's Roll button, the roster's and the members' forms.
    shown = ((G, "/roll"), (G, f"#answer-{request} "), (f"{G}/scenes/{scene}", "/pose"),
             (f"{G}/combats/Hangar/forms", "/npc"), (f"{G}/npcs", "/npcs"),
             (f"{G}/members", "/invite"), (f"{G}/verify", "/seeds/client"))  # fmt: skip
    for page, control in shown:
        assert any(control in w for w in playing[page]), (page, playing[page])
    Table(server_db).archive_game("Pegasus")
    restore = [f"form hx-post={G}/archive"]
    for who in ("Stella", "Pia"):
        seen = _seen(server, who, pages, True)
        assert {G, f"{G}/combats/Hangar", f"{G}/characters/Nikos"} <= set(seen)  # to read
        for page, (whole, found) in seen.items():
            assert found == (restore if who == "Stella" and whole else []), (who, page, found)
    # The restore control's request: the Storyteller's alone, and the game is in play again.
    for who, status in (("Pia", 403), ("Stella", 200)):
        server.cookies.clear()
        said = server.post(f"{G}/archive", data={"archived": "false"},
                           headers={**sign_in(server, who), "HX-Request": "true"})  # fmt: skip
        assert said.status_code == status, said.text
    assert "Pegasus is out of the archive" in said.text
    assert _seen(server, "Pia", [G], False)[G][1]  # back in play: the roll box again
