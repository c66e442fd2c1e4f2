"""Every endpoint by every role: anonymous, a member of another game (Dora), the player of the
character asked about (Pia, Nikos), another player (Otto), an observer (Olly) and the
Storyteller (Stella), each signed in with a session as a browser is. A route the matrix does
not list fails the test, so a new endpoint cannot ship without its row."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.routing import Route

from rollplay.server.app import ROUTERS
from rollplay.table import commands as c
from rollplay.table.combat.tracker import Tracker
from rollplay.table.commands import SceneStart
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.server.conftest import PASSWORD, sign_in

ROLES = ("anonymous", "Dora", "Olly", "Otto", "Pia", "Stella")
EVERYONE = frozenset(ROLES)
SIGNED_IN = EVERYONE - {"anonymous"}
MEMBERS = frozenset({"Olly", "Otto", "Pia", "Stella"})
PLAYERS = frozenset({"Otto", "Pia", "Stella"})  # the Storyteller may do what players may
NIKOS = frozenset({"Pia", "Stella"})  # Nikos's player, and the Storyteller
STORYTELLER = frozenset({"Stella"})
AUTHOR = frozenset({"Pia"})  # a pose's author alone edits or deletes it (rulings S11)


FS3 = "system: fs3\nattributes: {Brawn: 2, Reflexes: 2, Grit: 2, Wits: 2, Presence: 2}\n"


def _sheet(role: str) -> dict[str, Any]:
    return {"sheet": {"name": f"New {role}", "system": "fs3",
                      "attributes": {"Brawn": 2, "Reflexes": 2, "Grit": 2, "Wits": 2,
                                     "Presence": 2}}}  # fmt: skip


# (method, route path) → (the path asked, the body (a function of the role), who may)
MATRIX: dict[tuple[str, str], tuple[str, Any, frozenset[str]]] = {
    ("GET", "/healthz"): ("/healthz", None, EVERYONE),
    ("GET", "/favicon.ico"): ("/favicon.ico", None, EVERYONE),
    ("GET", "/api/v1/openapi.json"): ("/api/v1/openapi.json", None, EVERYONE),
    ("GET", "/"): ("/", None, EVERYONE),
    ("POST", "/api/v1/login"): ("/api/v1/login", "login", EVERYONE),
    ("POST", "/login"): ("/login", "login-form", EVERYONE),
    ("POST", "/logout"): ("/logout", None, EVERYONE),  # signs out whoever it can
    ("POST", "/link-code"): ("/link-code", None, EVERYONE),  # anonymous: sent to sign in
    ("POST", "/api/v1/logout"): ("/api/v1/logout", None, SIGNED_IN),
    ("POST", "/api/v1/tokens"): ("/api/v1/tokens", {"label": "bot"}, SIGNED_IN),
    ("DELETE", "/api/v1/tokens/{token_id}"): ("/api/v1/tokens/{token}", None, STORYTELLER),
    ("GET", "/api/v1/tokens"): ("/api/v1/tokens", None, SIGNED_IN),
    ("GET", "/api/v1/sessions"): ("/api/v1/sessions", None, SIGNED_IN),
    ("DELETE", "/api/v1/sessions/{session_id}"): (
        "/api/v1/sessions/{session}", None, STORYTELLER),
    ("POST", "/api/v1/password"): (
        "/api/v1/password", {"current_password": PASSWORD, "new_password": PASSWORD},
        SIGNED_IN),
    ("DELETE", "/api/v1/links/{platform}/{external_id}"): (
        "/api/v1/links/discord/matrix-1", None, STORYTELLER),
    ("POST", "/account/password"): (
        "/account/password", {"form": {"current": PASSWORD, "new": PASSWORD}}, SIGNED_IN),
    ("POST", "/account/end"): ("/account/end", {"form": {"what": "link:discord:matrix-2"}},
                               STORYTELLER),
    ("POST", "/api/v1/link-codes"): ("/api/v1/link-codes", None, SIGNED_IN),
    ("GET", "/api/v1/links"): ("/api/v1/links", None, SIGNED_IN),
    ("GET", "/api/v1/games"): ("/api/v1/games", None, SIGNED_IN),
    ("GET", "/api/v1/games/{game}"): ("/api/v1/games/Pegasus", None, MEMBERS),
    ("POST", "/api/v1/games/{game}/characters"): (
        "/api/v1/games/Pegasus/characters", _sheet, PLAYERS),
    ("GET", "/api/v1/games/{game}/characters/{name}"): (
        "/api/v1/games/Pegasus/characters/Nikos", None, MEMBERS),
    ("PATCH", "/api/v1/games/{game}/characters/{name}"): (
        "/api/v1/games/Pegasus/characters/Nikos", {"changes": {"concept": "A pilot"}}, NIKOS),
    ("POST", "/api/v1/games/{game}/characters/{name}/approve"): (
        "/api/v1/games/Pegasus/characters/Nikos/approve", None, STORYTELLER),
    ("POST", "/api/v1/games/{game}/commands"): (
        "/api/v1/games/Pegasus/commands", {"text": "roll Nikos/Firearms"}, NIKOS),
    ("GET", "/api/v1/games/{game}/odds"): (
        "/api/v1/games/Pegasus/odds?text=roll Nikos/Firearms", None, NIKOS),
    ("GET", "/api/v1/games/{game}/combats"): ("/api/v1/games/Pegasus/combats", None, MEMBERS),
    ("GET", "/api/v1/games/{game}/combats/{name}"): (
        "/api/v1/games/Pegasus/combats/Hangar", None, MEMBERS),
    ("GET", "/api/v1/games/{game}/log"): ("/api/v1/games/Pegasus/log?format=csv", None, MEMBERS),
    ("GET", "/api/v1/games/{game}/events"): (
        "/api/v1/games/Pegasus/events?format=json", None, MEMBERS),
    ("POST", "/api/v1/games/{game}/invites"): (
        "/api/v1/games/Pegasus/invites", {"role": "observer"}, STORYTELLER),
    ("GET", "/api/v1/games/{game}/invites"): ("/api/v1/games/Pegasus/invites", None, STORYTELLER),
    ("DELETE", "/api/v1/invites/{invite_id}"): ("/api/v1/invites/{invite}", None, STORYTELLER),
    # The web table: someone signed out is sent to sign in (303 to /).
    ("GET", "/games/{game}"): ("/games/Pegasus", None, MEMBERS | {"anonymous"}),
    ("GET", "/games/{game}/feed"): ("/games/Pegasus/feed", "stream", MEMBERS),
    ("POST", "/games/{game}/roll"): ("/games/Pegasus/roll", "page-roll", NIKOS),
    ("GET", "/games/{game}/odds"): ("/games/Pegasus/odds?text=roll Nikos/Firearms", None, NIKOS),
    ("GET", "/games/{game}/mine"): ("/games/Pegasus/mine", None, MEMBERS),
    ("POST", "/games/{game}/npc"): (
        "/games/Pegasus/npc", {"form": {"name": "Raider", "what": "5"}}, STORYTELLER),
    ("POST", "/games/{game}/award"): (
        "/games/Pegasus/award", {"form": {"character": "Nikos", "points": "luck"}}, STORYTELLER),
    # The web table's sheets (web_sheets.py).
    ("GET", "/games/{game}/characters"): ("/games/Pegasus/characters", None,
                                          MEMBERS | {"anonymous"}),
    ("GET", "/games/{game}/characters/{name}"): ("/games/Pegasus/characters/Nikos", None,
                                                 MEMBERS | {"anonymous"}),
    ("GET", "/games/{game}/characters/{name}/sheet"): (
        "/games/Pegasus/characters/Nikos/sheet", None, MEMBERS),
    ("POST", "/games/{game}/characters/{name}/raise"): (
        "/games/Pegasus/characters/Nikos/raise", {"form": {"skill": "Melee"}}, NIKOS),
    ("POST", "/games/{game}/characters/{name}/approve"): (
        "/games/Pegasus/characters/Nikos/approve", None, STORYTELLER),
    # Making characters and the NPC roster (web_characters.py, web_npcs.py; issue 31).
    ("GET", "/games/{game}/new-character"): ("/games/Pegasus/new-character", None,
                                             PLAYERS | {"anonymous"}),
    ("POST", "/games/{game}/new-character/check"): (
        "/games/Pegasus/new-character/check", {"form": {"name": "Ada", "sheet": FS3}}, PLAYERS),
    ("POST", "/games/{game}/new-character"): (
        "/games/Pegasus/new-character", {"form": {"name": "Matrix Made", "sheet": FS3}},
        PLAYERS),
    ("POST", "/games/{game}/new-character/upload"): (
        "/games/Pegasus/new-character/upload", "upload", PLAYERS),
    # AresMUSH scene logs (issue 38, web_scene_import.py): the Storyteller's (rulings A58).
    ("POST", "/games/{game}/scenes/import"): ("/games/Pegasus/scenes/import", "log", STORYTELLER),
    ("POST", "/api/v1/games/{game}/scenes/import"): (
        "/api/v1/games/Pegasus/scenes/import", "log", STORYTELLER),
    # Issue 38: AresMUSH sheets come in by the Storyteller alone (rulings A47).
    ("POST", "/games/{game}/characters/import-sheets"): (
        "/games/Pegasus/characters/import-sheets", "ares-page", STORYTELLER),
    ("POST", "/api/v1/games/{game}/characters/import/aresmush"): (
        "/api/v1/games/Pegasus/characters/import/aresmush", "ares-api", STORYTELLER),
    ("POST", "/games/{game}/characters/{name}/fix"): (
        "/games/Pegasus/characters/Nikos/fix", {"form": {"sheet": FS3}}, NIKOS),
    # After the fix above, which leaves Nikos's sheet waiting for approval (anyone signed
    # out is sent to sign in).
    ("GET", "/games/{game}/characters/{name}/fix"): (
        "/games/Pegasus/characters/Nikos/fix", None, NIKOS | {"anonymous"}),
    ("POST", "/games/{game}/characters/{name}/send-back"): (
        "/games/Pegasus/characters/Nikos/send-back", {"form": {"comment": "Why"}}, STORYTELLER),
    ("GET", "/games/{game}/npcs"): ("/games/Pegasus/npcs", None, STORYTELLER | {"anonymous"}),
    ("POST", "/games/{game}/npcs"): (
        "/games/Pegasus/npcs", {"form": {"name": "Matrix NPC", "rating": "5"}}, STORYTELLER),
    ("POST", "/games/{game}/npcs/{name}/remove"): (
        "/games/Pegasus/npcs/Matrix NPC/remove", None, STORYTELLER),  # the one added above
    # The web table's combat tracker (web_combat.py).
    ("GET", "/games/{game}/combats"): ("/games/Pegasus/combats", None, MEMBERS | {"anonymous"}),
    ("POST", "/games/{game}/combats"): (
        "/games/Pegasus/combats", {"form": {"name": "Web Start"}}, STORYTELLER),
    ("GET", "/games/{game}/combats/{name}"): ("/games/Pegasus/combats/Hangar", None,
                                              MEMBERS | {"anonymous"}),
    ("GET", "/games/{game}/combats/{name}/tracker"): (
        "/games/Pegasus/combats/Hangar/tracker", None, MEMBERS),
    ("GET", "/games/{game}/combats/{name}/forms"): (
        "/games/Pegasus/combats/Hangar/forms", None, MEMBERS),
    ("POST", "/games/{game}/combats/{name}/join"): (
        "/games/Pegasus/combats/Hangar/join", {"form": {"who": "Nikos"}}, NIKOS),
    ("POST", "/games/{game}/combats/{name}/npc"): (
        "/games/Pegasus/combats/Hangar/npc", {"form": {"name": "Raider", "rating": "4"}},
        STORYTELLER),
    ("POST", "/games/{game}/combats/{name}/npcs"): (
        "/games/Pegasus/combats/Hangar/npcs", {"form": {"who": "Raider", "kind": "pass",
                                                        "target": ""}}, STORYTELLER),
    ("POST", "/games/{game}/combats/{name}/stance"): (
        "/games/Pegasus/combats/Hangar/stance", {"form": {"who": "Nikos", "stance": "Cover"}},
        NIKOS),
    ("POST", "/games/{game}/combats/{name}/action"): (
        "/games/Pegasus/combats/Hangar/action", {"form": {"who": "Nikos", "kind": "pass"}},
        NIKOS),
    ("POST", "/games/{game}/combats/{name}/turn"): (
        "/games/Pegasus/combats/Hangar/turn", None, STORYTELLER),
    ("POST", "/games/{game}/combats/{name}/leave"): (
        "/games/Pegasus/combats/Hangar/leave", {"form": {"who": "Nikos"}}, NIKOS),
    ("POST", "/games/{game}/combats/{name}/stop"): (
        "/games/Pegasus/combats/Brawl/stop", None, STORYTELLER),
    ("POST", "/games/{game}/combats/{name}/delete"): (
        "/games/Pegasus/combats/Over/delete", None, STORYTELLER),
    # The web table's log (web_log.py).
    ("GET", "/games/{game}/log"): ("/games/Pegasus/log?character=Nikos", None,
                                   MEMBERS | {"anonymous"}),
    ("GET", "/games/{game}/log/{number}"): ("/games/Pegasus/log/1", None,
                                            MEMBERS | {"anonymous"}),  # a card's permalink
    ("GET", "/games/{game}/log/export"): (
        "/games/Pegasus/log/export?format=csv&character=Nikos", None, MEMBERS),
    # Verifiable dice (seeds.py): the seeds, a client seed, the rotation, the Verify page.
    ("GET", "/api/v1/games/{game}/seeds"): ("/api/v1/games/Pegasus/seeds", None, MEMBERS),
    ("PUT", "/api/v1/games/{game}/seeds/client"): (
        "/api/v1/games/Pegasus/seeds/client", {"client_seed": "matrix-seed"}, PLAYERS),
    ("POST", "/api/v1/games/{game}/seeds/rotate"): (
        "/api/v1/games/Pegasus/seeds/rotate", {"chain": "hidden"}, STORYTELLER),
    ("GET", "/games/{game}/verify"): ("/games/Pegasus/verify", None, MEMBERS | {"anonymous"}),
    ("POST", "/games/{game}/seeds/client"): (
        "/games/Pegasus/seeds/client", {"form": {"value": "web-seed"}}, PLAYERS),
    ("POST", "/games/{game}/seeds/rotate"): (
        "/games/Pegasus/seeds/rotate", {"form": {"chain": "public"}}, STORYTELLER),
    # A scene's record (web_record.py): scene 2 is the Storyteller's, open and finished.
    ("GET", "/api/v1/games/{game}/scenes"): ("/api/v1/games/Pegasus/scenes?q=matrix", None,
                                             MEMBERS),
    ("GET", "/api/v1/games/{game}/scenes/{number}/export"): (
        "/api/v1/games/Pegasus/scenes/2/export?format=jsonl", None, MEMBERS),
    ("GET", "/games/{game}/scenes/{number}/export"): (
        "/games/Pegasus/scenes/2/export?format=html", None, MEMBERS),
    ("GET", "/games/{game}/scenes/{number}/record"): ("/games/Pegasus/scenes/2/record", None,
                                                      MEMBERS | {"anonymous"}),
    ("GET", "/games/{game}/scenes/search"): ("/games/Pegasus/scenes/search?q=matrix", None,
                                             MEMBERS | {"anonymous"}),
    # Scenes (web_scenes.py, scenes_api.py): Stella's open scene 1; a private one is
    # tests/server/test_scene_pages.py's.
    ("GET", "/games/{game}/scenes"): ("/games/Pegasus/scenes", None, MEMBERS | {"anonymous"}),
    ("POST", "/games/{game}/scenes"): (
        "/games/Pegasus/scenes", {"form": {"title": "Matrix"}}, PLAYERS),
    ("GET", "/games/{game}/scenes/{number}"): ("/games/Pegasus/scenes/1", None,
                                               MEMBERS | {"anonymous"}),
    ("GET", "/games/{game}/scenes/{number}/order"): ("/games/Pegasus/scenes/1/order", None,
                                                     MEMBERS),
    ("GET", "/games/{game}/scenes/{number}/combat"): ("/games/Pegasus/scenes/1/combat", None,
                                                      MEMBERS),
    ("GET", "/games/{game}/scenes/{number}/feed"): ("/games/Pegasus/scenes/1/feed", "stream",
                                                    MEMBERS),
    ("GET", "/games/{game}/scenes/{number}/earlier"): (
        "/games/Pegasus/scenes/1/earlier?before=2", None, MEMBERS),
    ("POST", "/games/{game}/scenes/{number}/pose"): (
        "/games/Pegasus/scenes/1/pose", {"form": {"text": "scene/join"}}, PLAYERS),
    ("POST", "/games/{game}/scenes/{number}/{control}"): (
        "/games/Pegasus/scenes/1/round-robin", None, STORYTELLER),
    # The scene page's controls (issue 37, web_scene_controls.py): scene 1 is Stella's.
    ("POST", "/games/{game}/scenes/{number}/set"): (
        "/games/Pegasus/scenes/1/set", {"form": {"location": "Matrix deck", "kind": "plot"}},
        STORYTELLER),
    ("GET", "/games/{game}/scenes/{number}/ask"): (
        "/games/Pegasus/scenes/1/ask?character=Nikos&ability=Reflexes&modifier=1", None,
        STORYTELLER),
    ("POST", "/games/{game}/scenes/{number}/ask"): (
        "/games/Pegasus/scenes/1/ask", {"form": {"character": "Nikos", "ability": "Reflexes"}},
        STORYTELLER),
    ("POST", "/games/{game}/scenes/{number}/combat"): (
        "/games/Pegasus/scenes/1/combat", {"form": {"name": "Matrix Brawl"}}, STORYTELLER),
    ("GET", "/api/v1/games/{game}/scenes/{number}"): ("/api/v1/games/Pegasus/scenes/1", None,
                                                      MEMBERS),
    # A pose's Edit and Delete, a secret roll's Reveal (web_poses.py; issue 37): Pia's pose,
    # which she alone changes (not even the Storyteller), and the Storyteller's secret roll.
    ("POST", "/games/{game}/poses/{number}/edit"): (
        "/games/Pegasus/poses/{pose}/edit", {"form": {"text": "waits, again."}}, AUTHOR),
    ("POST", "/games/{game}/poses/{number}/delete"): (
        "/games/Pegasus/poses/{pose}/delete", None, AUTHOR),
    ("POST", "/games/{game}/rolls/{number}/reveal"): (
        "/games/Pegasus/rolls/{secret}/reveal", None, STORYTELLER),
    # The Storyteller's pages (issue 31), before an invite taken makes Dora a member.
    ("POST", "/games"): ("/games", "new-game", SIGNED_IN),
    # An AresMUSH config in and out (web_aresmush.py; issue 38): anyone who may make a game
    # imports one; whoever may read a game downloads its rules as one.
    ("POST", "/games/import/aresmush"): ("/games/import/aresmush", "aresmush", SIGNED_IN),
    ("POST", "/api/v1/games/import/aresmush"): (
        "/api/v1/games/import/aresmush", "aresmush-api", SIGNED_IN),
    ("GET", "/games/{game}/aresmush.zip"): ("/games/Pegasus/aresmush.zip", None, MEMBERS),
    ("GET", "/games/{game}/members"): ("/games/Pegasus/members", None, MEMBERS | {"anonymous"}),
    ("POST", "/games/{game}/invite"): (
        "/games/Pegasus/invite", {"form": {"character": "Mavros"}}, STORYTELLER),
    ("POST", "/games/{game}/invites/{invite_id}/revoke"): (
        "/games/Pegasus/invites/{invite}/revoke", None, STORYTELLER),
    ("POST", "/games/{game}/members/role"): (
        "/games/Pegasus/members/role", {"form": {"user": "Olly", "role": "player"}}, STORYTELLER),
    ("POST", "/games/{game}/members/remove"): (
        "/games/Pegasus/members/remove", {"form": {"user": "Olly"}}, STORYTELLER),
    ("POST", "/invite/{token}"): ("/invite/{open}", "accept-form", EVERYONE),
    # Last: taking an invite makes Dora a member of Pegasus.
    ("POST", "/api/v1/invites/accept"): ("/api/v1/invites/accept", "accept", EVERYONE),
    ("GET", "/invite/{token}"): ("/invite/{open}", None, EVERYONE),
    # Renaming and archiving last, as they change the game.
    ("POST", "/games/{game}/archive"): ("/games/Pegasus/archive", None, STORYTELLER),
    ("POST", "/games/{game}/rename"): (
        "/games/Pegasus/rename", {"form": {"name": "Pegasus Renamed"}}, STORYTELLER),
}  # fmt: skip


def test_the_matrix_lists_every_route(server: TestClient) -> None:
    app: FastAPI = server.app  # type: ignore[assignment]
    every = [*app.routes, *(r for router in ROUTERS for r in router.routes)]
    routes = {(m, r.path) for r in every if isinstance(r, Route)
              for m in (r.methods or ()) if m != "HEAD"}  # fmt: skip
    assert routes == set(MATRIX)


@pytest.mark.parametrize("role", ROLES)
def test_every_endpoint_for_every_role(server: TestClient, server_db: str, role: str) -> None:
    table = Table(server_db)
    tracker = Tracker(table)
    tracker.start("Pegasus", "Hangar")
    tracker.start("Pegasus", "Brawl")  # stopped below, by the Storyteller only
    tracker.start("Pegasus", "Over")
    tracker.stop("Pegasus", "Over")  # deleted below, by the Storyteller only
    table.acting_as("Stella").execute(SceneStart("Pegasus", "Docks"))
    table.award_xp("Pegasus", "Nikos", 10)  # for the sheet page's raise
    stella = table.acting_as("Stella")
    stella.execute(c.SceneStart("Pegasus", "Matrix"))  # scene 2, for a scene's record
    stella.execute(c.SceneStop("Pegasus", 2))
    pia = table.acting_as("Pia")
    pia.execute(c.SceneJoin("Pegasus", 1))
    posed = pia.execute(c.Pose("Pegasus", "waits."))
    secret = stella.execute(c.NpcRoll("Pegasus", Request("5"), name="Lookout",
                                      visibility="secret"))  # fmt: skip
    for chat in ("matrix-1", "matrix-2"):  # Stella's chat links, which only she may unlink
        table.link_account("discord", chat, stella.link_code().code)
    table.sign_in("Stella", PASSWORD)
    ids = {"token": stella.new_token("Stella's").id,
           "invite": table.new_invite("Pegasus", "observer").id,
           "session": stella.sessions()[-1].id, "pose": getattr(posed, "log_id", 0),
           "secret": getattr(secret, "log_id", 0)}  # fmt: skip
    # The live stream is refused before it starts (checked first: taking an invite below
    # makes Dora a member).
    if role != "anonymous":
        sign_in(server, role)
    if role not in MEMBERS:
        refused = server.get("/api/v1/games/Pegasus/events")
        assert refused.status_code == (401 if role == "anonymous" else 403)
    signed: dict[str, str] | None = None  # the cookies the role's sign-in left
    for (method, _), (path, body, allowed) in MATRIX.items():
        # Signed in afresh whenever a request before changed the cookies (signed out, or in
        # as someone else); a session ended without a word would be a 401 the checks catch.
        if signed is None or dict(server.cookies) != signed:
            server.cookies.clear()
            headers = {} if role == "anonymous" else sign_in(server, role)
            signed = dict(server.cookies)
        if body == "stream" and role in allowed:
            continue  # it would stream until closed; the refusals are what is checked
        taken = "{open}" in path or body in ("accept", "accept-form")
        token = table.new_invite("Pegasus", "observer").token if taken else ""
        asked = path.format(**ids, open=token)
        headers = {**headers, "Origin": "http://testserver", "HX-Request": "true"}
        answer = server.request(method, asked, headers=headers, **_body(body, role, token))
        where = f"{role}: {method} {asked} → {answer.status_code} {answer.text[:200]}"
        if role in allowed:
            assert answer.status_code < 400, where
        elif role == "anonymous":
            assert answer.status_code == 401, where
        else:
            assert answer.status_code in (403, 404), where
            if "json" in answer.headers["content-type"]:
                assert set(answer.json()) == {"error"}, where


def _body(body: Any, role: str, token: str) -> dict[str, Any]:
    name = f"Taker {role}"
    if body == "login":
        return {"json": {"name": "Pia", "password": "correct horse battery"}}
    if body == "login-form":
        return {"data": {"name": "Pia", "password": "correct horse battery"}}
    if body == "accept":
        return {"json": {"token": token, "name": name, "password": "long enough pass"}}
    if body == "accept-form":
        return {"data": {"name": name + " 2", "password": "long enough pass"}}
    if body == "new-game":
        return {"data": {"name": f"Made by {role}", "preset": "d6 d6"}}
    if body in ("aresmush", "aresmush-api"):
        made = f"Ares {role}{' API' if body == 'aresmush-api' else ''}"
        return {
            "data": {"name": made, "dry_run": "false"},
            "files": {"files": ("fs3skills_misc.yml", b"fs3skills:\n  max_luck: 3\n")},
        }
    if body == "page-roll":
        return {"data": {"text": "roll Nikos/Firearms"}}
    if body == "stream":
        return {}
    if body == "upload":
        return {"files": {"file": ("made.yaml", f"name: Upload {role}\n{FS3}".encode())}}
    if body == "log":
        log = b"Docks\nDate: 2024-03-12\nParticipants: Nikos\n\nNikos leans in.\n"
        return {"files": {"files": (f"{role}.txt", log)}}
    if body in ("ares-page", "ares-api"):  # an AresMUSH sheet's text (issue 38)
        sheet = (f"Ares{role}{body[5:]} Approved\n-----[ Attributes ]-----\n"
                 f"Brawn:         @@       Average\nXP: 1        Luck Points: 1\n")  # fmt: skip
        return {"files": {"files": ("sheet.txt", sheet.encode())}}
    if isinstance(body, dict) and set(body) == {"form"}:
        return {"data": body["form"]}
    if callable(body):
        return {"json": body(role)}
    return {} if body is None else {"json": body}
