"""Whether a roll's roller could roll its character (issue 29 point 3, rulings V15), from the
membership and character events an export carries (``server/static/verify_who.js`` is the
same, with the same lines): a Storyteller rolls any character, a player the ones they play
(given them when they joined, set as theirs, or made by them as a player), and the
database's owner, who is no member, anything. A side a roller rolls for another (a
contest's second side, a teamwork assister) is the roller's command, not a claim to play it.
The ratings the roll used are not checked: the export does not carry the sheets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rollplay.table.dice.provable_checks import event_number

__all__ = ["credit_problems"]

Line = Mapping[str, Any]


def credit_problems(lines: Sequence[Line]) -> dict[tuple[str, int], str]:
    """(game, event number) -> the line saying its roller could not roll its character then."""
    roles: dict[tuple[str, str], str] = {}  # (game, user) -> role
    players: dict[tuple[str, str], str | None] = {}  # (game, character) -> its player
    out = {}
    for line in sorted(lines, key=event_number):
        game, kind = _said(line.get("game")), line.get("kind")
        if kind == "member" and isinstance(user := line.get("user"), str):
            _member(game, user, line, roles, players)
        elif kind == "player" and isinstance(name := line.get("character"), str):
            player = line.get("player")
            players[(game, name)] = player if isinstance(player, str) else None
        elif kind == "character" and isinstance(name := line.get("character"), str):
            maker = line.get("actor")
            mine = isinstance(maker, str) and roles.get((game, maker)) == "player"
            players[(game, name)] = maker if mine else None
        elif kind == "roll" and (said := _claim(game, line, roles, players)):
            out[(game, event_number(line))] = said
    return out


def _member(
    game: str, user: str, line: Line, roles: dict[tuple[str, str], str],
    players: dict[tuple[str, str], str | None],
) -> None:  # fmt: skip
    role = line.get("role")
    if not isinstance(role, str):  # they left: what they played is the Storyteller's
        roles.pop((game, user), None)
        for key, player in list(players.items()):
            if key[0] == game and player == user:
                players[key] = None
        return
    roles[(game, user)] = role
    characters = line.get("characters")
    for name in characters if isinstance(characters, list) else []:
        if isinstance(name, str):
            players[(game, name)] = user


def _claim(
    game: str, line: Line, roles: Mapping[tuple[str, str], str],
    players: Mapping[tuple[str, str], str | None],
) -> str:  # fmt: skip
    roller, name, outcome = line.get("actor"), line.get("character"), line.get("outcome")
    if line.get("hidden") is True or not isinstance(roller, str) or not isinstance(name, str):
        return ""
    if isinstance(outcome, Mapping) and (outcome.get("assisting") is not None or (
            isinstance(outcome.get("opposed"), Mapping)
            and outcome["opposed"].get("side") == "second")):  # fmt: skip
        return ""
    role = roles.get((game, roller))
    if role is None or role == "storyteller":  # the owner, or the Storyteller: any character
        return ""
    player = players.get((game, name))
    if player == roller:
        return ""
    return (f"its roller {roller} does not play {name} here (its player is "
            f"{player or 'nobody: the Storyteller'})")  # fmt: skip


def _said(value: Any) -> str:
    import json

    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
