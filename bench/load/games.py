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
from concurrent.futures import ThreadPoolExecutor
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


# Runs in child processes (the server's code on its path). "init": the schema and the example
# games (for Nikos's sheet). "games": a slice of the cast, read as JSON from stdin: its games,
# users, passwords (cheap hashing: ROLLPLAY_FAST_PASSWORD_HASHING), characters, tokens, and
# each game's scene and combat set up by its own members' typed lines; prints the tokens and
# each game's last event's number as JSON.
SEED = """
import json, sys
from rollplay.grammar import parse
from rollplay.table.service import Table
from rollplay.table.store.db import open_engine, upgrade

db, phase = sys.argv[1], sys.argv[2]
if phase == "init":
    engine = open_engine(db)
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    table = Table(db)
    table.add_examples()
    table.close()
    sys.exit(0)
scene, combat, npc = sys.argv[3:6]
cast = json.loads(sys.stdin.read())
table = Table(db)
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
    line(st, game, "scene/start " + scene + "=The bench's table")
    line(st, game, "combat/start " + combat)
    line(st, game, "combat/join " + npc + "/npc=5,team=B")
    for user, role in people:
        if role == "player":
            line(user, game, "scene/join")
            line(user, game, "combat/join")
last = {game: max((e.id for e in table.events_for(game, 0, 1000)), default=0)
        for game in by_game}
table.close()
print(json.dumps({"tokens": tokens, "last": last}))
"""


def seed(
    db: str, games: int, members: int, parallel: int = 1
) -> tuple[list[Member], dict[str, int]]:
    """Every member of every game, made in ``db`` (which is upgraded first), and each game's
    last event's number once it is set up (its members' streams start after it). The games
    are made by ``parallel`` processes at once, each its share (PostgreSQL: most of a
    write's time is its commit's wait, so several go faster; SQLite has one writer)."""
    people = cast(games, members)
    env = {**os.environ, "ROLLPLAY_FAST_PASSWORD_HASHING": "1", "ROLLPLAY_POSE_RATE": "off"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(ROOT / "src"), env.get("PYTHONPATH"))))
    subprocess.run([sys.executable, "-c", SEED, db, "init"], env=env, check=True)
    names = sorted({g for g, _, _, _ in people})
    slices = [set(names[k::parallel]) for k in range(parallel)]
    children = [
        subprocess.Popen(
            [sys.executable, "-c", SEED, db, "games", SCENE, COMBAT, NPC],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in slices
    ]
    tokens: dict[str, str] = {}
    last: dict[str, int] = {}
    with ThreadPoolExecutor(len(children)) as pool:  # each child fed and read at once
        outs = list(pool.map(
            lambda pair: pair[0].communicate(json.dumps(pair[1])),
            [(child, [p for p in people if p[0] in part])
             for child, part in zip(children, slices, strict=True)],
        ))  # fmt: skip
    for child, (out, err) in zip(children, outs, strict=True):
        if child.returncode != 0:
            raise RuntimeError(f"seeding failed:\n{err[-3000:]}")
        made = json.loads(out.strip().splitlines()[-1])
        tokens.update(made["tokens"])
        last.update({str(g): int(n) for g, n in made["last"].items()})
    return [Member(g, u, r, ch, tokens[u]) for g, u, r, ch in people], last
