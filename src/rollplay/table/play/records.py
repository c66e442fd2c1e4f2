"""A scene's record (issue 30, "The record"): its ledger exported as Markdown, HTML or JSON
Lines, as its reader may see it. The JSON Lines is the game's own verifiable export
(events/log.py ``export_log``, which ``rollplay verify`` reads) limited to the scene: its
events whole, the game's seed and membership records, and every other event as a
placeholder, so the file still holds every event number of the game (rulings S30, S31)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from rollplay.errors import RollplayError
from rollplay.render.record import record_html, record_markdown, record_parts
from rollplay.table.access.authz import Act
from rollplay.table.answers import SceneShown
from rollplay.table.base import ServiceBase
from rollplay.table.core import GAME_KINDS
from rollplay.table.events.audiences import project
from rollplay.table.events.ledger import fold
from rollplay.table.events.log import export_log
from rollplay.table.events.views import EventView, encode
from rollplay.table.play.scene_reads import _seen, scene_shown
from rollplay.table.play.scenes import scene
from rollplay.table.store.models import Event

FORMATS = ("markdown", "html", "jsonl")
PAGE = 200  # ledger events a streamed export reads and draws at a time
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


def export_scene_parts(t: ServiceBase, game_name: str, number: int, fmt: str) -> Iterator[str]:
    """``export_scene``'s text a part at a time, for a download to stream: the scene is
    checked now (a scene the reader may not see is refused here, before anything is sent),
    its ledger then read and drawn PAGE events at a time as the parts are taken, so a long
    scene is never whole in memory (rulings H12). The JSON Lines, which must hold every
    event number of the game, is made whole, as ``export_scene`` makes it."""
    if fmt == "jsonl":
        return iter([export_scene(t, game_name, number, fmt)])
    if fmt not in FORMATS:
        raise RollplayError(f"unknown scene export format {fmt[:40]!r}; accepted: "
                            f"{', '.join(FORMATS)}")  # fmt: skip
    shown = scene_shown(t, game_name, number)
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    pages = _ledger_pages(t, shown.game, number)
    return record_parts(fmt, shown, pages, t.actor.name, when)


def _ledger_pages(t: ServiceBase, game_name: str, number: int) -> Iterator[list[EventView]]:
    """The scene's ledger as ``scene`` gives it (projected for the reader, edits and
    answers folded in), PAGE events at a time, each page its own short read."""
    after = 0
    while True:
        with t.reading() as s:
            game = t.game_row(s, game_name)
            standing = t.require(s, game, Act.READ)
            row = _seen(s, game, number, standing)
            rows = list(s.scalars(select(Event).where(Event.game_id == game.id,
                                                      Event.scene_id == row.id,
                                                      Event.number > after)
                                  .order_by(Event.number).limit(PAGE)))  # fmt: skip
            views = [v for v in (project(e, game.name, standing) for e in rows) if v is not None]
            page = fold(s, game.id, standing, views)
        if page:
            yield page
        if len(rows) < PAGE:
            return
        after = rows[-1].number


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
