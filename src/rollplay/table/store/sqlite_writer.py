"""A logged roll's statements on the sqlite3 cursor (writers.py's fast path on SQLite, where
the ORM's per-statement work cost eight times what SQLite did: docs/design.md): the same
statements as writers.CoreWriter's, values stored exactly as SQLAlchemy's SQLite types store
them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from rollplay.table.dice.nonces import SQLiteNonces

# game id, name, system, edition, rules, announce_secret, players_ask_secret;
# character id, name, sheet, luck, CP, FP, version, player id; the game's provable
SideRow = tuple[Any, ...]

_SQLITE_SIDE = (
    "SELECT g.id, g.name, g.system, g.edition, g.rules, g.announce_secret, "
    "g.players_ask_secret, c.id, c.name, c.sheet, c.luck, c.character_points, "
    "c.fate_points, c.version, c.player_id, g.provable, g.archived FROM games g "
    "JOIN characters c ON c.game_id = g.id WHERE g.name = ? AND c.name = ?"
)
_SQLITE_SPEND = (
    "UPDATE characters SET luck = luck - ?, character_points = character_points - ?, "
    "fate_points = fate_points - ?, version = version + 1 "
    "WHERE id = ? AND luck >= ? AND character_points >= ? AND fate_points >= ?"
)
_SQLITE_POINTS = "SELECT luck, character_points, fate_points FROM characters WHERE id = ?"
_SQLITE_ROLE = "SELECT role FROM memberships WHERE game_id = ? AND user_id = ?"
_SQLITE_PLAYS = "SELECT id FROM characters WHERE game_id = ? AND player_id = ?"
_SQLITE_SCENE = (
    "SELECT s.id, s.privacy FROM scene_people p JOIN scenes s ON s.id = p.scene_id "
    "WHERE s.game_id = ? AND p.user_id IS ? AND p.role = 'participant' "
    "AND s.state = 'running' ORDER BY p.id DESC LIMIT 1"
)
_SQLITE_PRIVATE = (
    "SELECT s.id FROM scene_people p JOIN scenes s ON s.id = p.scene_id "
    "WHERE s.game_id = ? AND p.user_id IS ? AND s.privacy = 'private'"
)
_EVENT_COLUMNS = (
    "game_id", "created_at", "actor_id", "actor", "kind", "character_id", "character",
    "visibility", "audience", "payload", "shared", "scene_id", "scene_private", "refers",
    "number",
)  # fmt: skip
_JSON = {"payload", "shared"}
_SQLITE_EVENT = (
    f"INSERT INTO events ({', '.join(_EVENT_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(_EVENT_COLUMNS))})"
)
_SQLITE_COUNT = "UPDATE games SET events = events + 1 WHERE id = ? RETURNING events"


class SQLiteWriter(SQLiteNonces):
    """The same statements on the sqlite3 cursor; values stored exactly as SQLAlchemy's
    SQLite types store them (JSON as text, times as naive UTC text), so either side reads
    what the other wrote."""

    def __init__(self, cursor: Any) -> None:
        self.cursor = cursor

    def side(self, game: str, name: str) -> SideRow | None:
        row = self.cursor.execute(_SQLITE_SIDE, (game, name)).fetchone()
        if row is None:
            return None
        row = list(row)
        row[4], row[5], row[6] = json.loads(row[4]), bool(row[5]), bool(row[6])
        row[9], row[15], row[16] = json.loads(row[9]), bool(row[15]), bool(row[16])
        return tuple(row)

    def standing(self, game_id: int, user_id: int) -> tuple[str | None, frozenset[int]]:
        role = self.cursor.execute(_SQLITE_ROLE, (game_id, user_id)).fetchone()
        plays = self.cursor.execute(_SQLITE_PLAYS, (game_id, user_id)).fetchall()
        return (role[0] if role else None), frozenset(r[0] for r in plays)

    def scene(self, game_id: int, user_id: int | None) -> tuple[int, bool] | None:
        row = self.cursor.execute(_SQLITE_SCENE, (game_id, user_id)).fetchone()
        return None if row is None else (int(row[0]), row[1] == "private")

    def private_scenes(self, game_id: int, user_id: int | None) -> frozenset[int]:
        rows = self.cursor.execute(_SQLITE_PRIVATE, (game_id, user_id)).fetchall()
        return frozenset(int(r[0]) for r in rows)

    def spend(self, character_id: int, luck: int, cp: int, fate: int) -> bool:
        params = (luck, cp, fate, character_id, luck, cp, fate)
        return bool(self.cursor.execute(_SQLITE_SPEND, params).rowcount == 1)

    def points(self, character_id: int) -> tuple[int, int, int]:
        luck, cp, fate = self.cursor.execute(_SQLITE_POINTS, (character_id,)).fetchone()
        return luck, cp, fate

    def event(self, values: Mapping[str, Any]) -> int:
        number = int(self.cursor.execute(_SQLITE_COUNT, (values["game_id"],)).fetchone()[0])
        values = {**values, "number": number}
        params = []
        for column in _EVENT_COLUMNS:
            value = values[column]
            if column in _JSON:
                value = None if value is None else json.dumps(value)
            elif isinstance(value, datetime):
                value = value.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")
            params.append(value)
        self.cursor.execute(_SQLITE_EVENT, params)
        return number
