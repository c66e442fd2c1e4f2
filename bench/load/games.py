"""Many small games for bench/many_games.py: G games of M members each (a Storyteller and
M - 1 players, each player with a character), every member a user with a password and an
API token, each game with an open scene everyone joined and a combat with an NPC. Made
directly through the table service in a subprocess (``SEED``), not through thousands of
HTTP sign-ups: only the live traffic is measured."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass

from load.server import ROOT

NPC = "Raider 1"  # each game's combat has one NPC the players aim at
SCENE = "Bridge"
COMBAT = "Drill"


@dataclass(frozen=True)
class Member:
    """One member of one game: who, what role, the character they play (players), and
    their API token."""

    game: str
    name: str
    role: str  # "storyteller" or "player"
    character: str | None
    token: str


def game_name(i: int) -> str:
    return f"G{i:04d}"


def cast(games: int, members: int) -> list[tuple[str, str, str, str | None]]:
    """(game, user, role, character) for every member of every game."""
    out: list[tuple[str, str, str, str | None]] = []
    for i in range(games):
        g = game_name(i)
        out.append((g, f"{g}st", "storyteller", None))
        out += [(g, f"{g}p{j}", "player", f"Ace{i:04d}x{j}") for j in range(1, members)]
    return out


# Runs in a child process (the server's code on its path): the schema, the games, users,
# passwords (cheap hashing: ROLLPLAY_FAST_PASSWORD_HASHING), characters, tokens, and each
# game's scene and combat, set up by its own members' typed lines. Prints the tokens as JSON.
SEED = """
import json, sys
from rollplay.grammar import parse
from rollplay.table.service import Table
from rollplay.table.store.db import open_engine, upgrade

db, games, members = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
cast = json.loads(sys.argv[4])
engine = open_engine(db)
try:
    upgrade(engine)
finally:
    engine.dispose()
table = Table(db)
table.add_examples()
sheet = dict(table.character("Pegasus", "Nikos").sheet)
tokens = {}

def line(user, game, text):
    service = table.acting_as(user)
    words = service.vocabulary(game)
    service.execute(parse(text, system=words.system, game=words.game,
                          abilities=words.abilities, characters=words.characters))

for game in sorted({g for g, _, _, _ in cast}):
    table.new_game(game, "fs3")
for game, user, role, character in cast:
    table.add_user(user)
    table.set_password(user, "correct horse battery")
    played = ()
    if character:
        table.new_character(game, {**sheet, "name": character})
        played = (character,)
    table.add_member(game, user, role, played)
    tokens[user] = table.acting_as(user).new_token("bench").token
by_game = {}
for game, user, role, _ in cast:
    by_game.setdefault(game, []).append((user, role))
for game, people in by_game.items():
    st = next(u for u, r in people if r == "storyteller")
    line(st, game, "scene/start " + sys.argv[5] + "=The bench's table")
    line(st, game, "combat/start " + sys.argv[6])
    line(st, game, "combat/join " + sys.argv[7] + "/npc=5,team=B")
    for user, role in people:
        if role == "player":
            line(user, game, "scene/join")
            line(user, game, "combat/join")
last = {game: max((e.id for e in table.events_for(game, 0, 1000)), default=0)
        for game in by_game}
table.close()
print(json.dumps({"tokens": tokens, "last": last}))
"""


def seed(db: str, games: int, members: int) -> tuple[list[Member], dict[str, int]]:
    """Every member of every game, made in ``db`` (which is upgraded first), and each game's
    last event's number once it is set up (its members' streams start after it)."""
    people = cast(games, members)
    env = {**os.environ, "ROLLPLAY_FAST_PASSWORD_HASHING": "1", "ROLLPLAY_POSE_RATE": "off"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(ROOT / "src"), env.get("PYTHONPATH"))))
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            SEED,
            db,
            str(games),
            str(members),
            json.dumps(people),
            SCENE,
            COMBAT,
            NPC,
        ],
        check=False,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"seeding failed:\n{done.stderr[-3000:]}")
    made = json.loads(done.stdout.strip().splitlines()[-1])
    tokens: dict[str, str] = made["tokens"]
    last = {str(g): int(n) for g, n in made["last"].items()}
    return [Member(g, u, r, ch, tokens[u]) for g, u, r, ch in people], last
