"""A scene's record (issue 30, "The record"): its ledger exported as Markdown, HTML or JSON
Lines, as its reader may see it. The JSON Lines is the game's own verifiable export
(events/log.py ``export_log``, which ``rollplay verify`` reads) limited to the scene: its
events whole, the game's seed and membership records, and every other event as a
placeholder, so the file still holds every event number of the game (rulings S30, S31)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from rollplay.errors import RollplayError
from rollplay.render.record import record_html, record_markdown
from rollplay.table.answers import SceneShown
from rollplay.table.base import ServiceBase
from rollplay.table.core import GAME_KINDS
from rollplay.table.events.log import export_log
from rollplay.table.events.views import EventView, encode
from rollplay.table.play.scenes import scene

FORMATS = ("markdown", "html", "jsonl")
SUFFIX = {"markdown": "md", "html": "html", "jsonl": "jsonl"}
# What a scene's JSON Lines cannot prove, said beside it (rulings S31).
NOT_PROVEN = (
    "a scene's export proves each of its rolls' dice and that no event of the game is left "
    "out (every other one is a placeholder); which events were in the scene is the table's "
    "word, and a nonce of a seed that also served rolls outside the scene is not judged missing"
)


def export_scene(t: ServiceBase, game_name: str, number: int, fmt: str) -> str:
    """Scene ``number`` of the game as ``fmt`` (markdown, html, jsonl), as the actor may see
    it: a private scene only for its people and the Storyteller ("no scene" for the rest),
    a secret roll only as the game's log shows it to them."""
    if fmt not in FORMATS:
        raise RollplayError(f"unknown scene export format {fmt[:40]!r}; accepted: "
                            f"{', '.join(FORMATS)}")  # fmt: skip
    shown, ledger = scene(t, game_name, number)
    if fmt == "jsonl":
        return _jsonl(t, shown, ledger)
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    draw = record_markdown if fmt == "markdown" else record_html
    return draw(shown, ledger, t.actor.name, when)


def _jsonl(t: ServiceBase, shown: SceneShown, ledger: list[EventView]) -> str:
    """The game's verifiable export, its lines outside the scene made placeholders (their
    kind kept where the reader may see it), its scene events whole, each naming the scene."""
    mine = {e.id: e for e in ledger}
    out = []
    for raw in export_log(t, "jsonl", game_name=shown.game).splitlines():
        line: dict[str, Any] = json.loads(raw)
        number, kind = line["id"], line["kind"]
        if number in mine:
            whole = _event_line(mine[number]) if kind == "placeholder" else line
            out.append({**whole, "scene": shown.number})
        elif kind in GAME_KINDS:
            if kind == "seed_reveal":
                line["complete"] = False  # rulings S31: the file says what it is
            out.append(line)
        elif kind == "placeholder":
            out.append(line)
        else:
            out.append({"kind": "placeholder", "id": number, "game": line["game"], "of": kind})
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in out)


def _event_line(e: EventView) -> dict[str, Any]:
    """A scene event the game's export holds only as a placeholder (a pose, the scene's
    start...), whole as its reader sees it: its payload under ``data``, so none of its
    fields can pass for one the verifier reads."""
    return {"kind": e.kind, "id": e.id, "time": e.time, "game": e.game, "actor": e.actor,
            "character": e.character, "visibility": e.visibility, "hidden": e.hidden,
            "data": encode(e.data)}  # fmt: skip


def filename(game: str, number: int, fmt: str) -> str:
    """A download's file name: the game's name made safe, the scene's number."""
    safe = "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "-" for ch in game)
    return f"{safe.strip('-') or 'game'}-scene-{number}.{SUFFIX.get(fmt, 'txt')}"
