"""``rollplay scene list|show|start|stop``: a game's scenes and their ledgers (issue 30),
through the service like every surface: a private scene shows only to its people."""

from __future__ import annotations

import click

from rollplay.cli.options import json_option
from rollplay.cli.render import emit_answer, emit_json
from rollplay.cli.table import db_option

_GAME = click.option("--game", "game_name", required=True, metavar="GAME", help="The game.")


@click.group()
def scene() -> None:
    """Scenes: the story and the dice in one ledger (docs/scenes.md)."""


@scene.command("list")
@_GAME
@db_option
@json_option
def list_(*, game_name: str, db: str | None, as_json: bool) -> None:
    """The game's scenes you may see, newest first."""
    from rollplay.cli.service import open_service
    from rollplay.render.answers import answer_lines
    from rollplay.render.text import echo_lines

    shown = open_service(db).scenes(game_name)
    if as_json:
        emit_json([s.model_dump(mode="json") for s in shown])
        return
    if not shown:
        click.echo(f"No scenes in {game_name} yet: rollplay scene start TITLE --game {game_name}")
    for s in shown:
        echo_lines(answer_lines(s))


@scene.command()
@click.argument("number", type=click.IntRange(1, 1_000_000_000))
@_GAME
@db_option
@json_option
def show(*, number: int, game_name: str, db: str | None, as_json: bool) -> None:
    """A scene and its ledger (poses, rolls), as you may see it."""
    from rollplay.cli.service import open_service
    from rollplay.render.answers import answer_lines
    from rollplay.render.events import event_card
    from rollplay.render.text import echo_lines

    shown, ledger = open_service(db).scene(game_name, number)
    if as_json:
        ledger_json = [e.model_dump(mode="json", by_alias=True) for e in ledger]
        emit_json({**shown.model_dump(mode="json"), "ledger": ledger_json})
        return
    echo_lines(answer_lines(shown))
    for e in ledger:
        echo_lines(event_card(e))


@scene.command()
@click.argument("title")
@click.option("--summary", default="", help="What the scene is about.")
@click.option("--private", is_flag=True, help="Only those invited (and the Storyteller) see it.")
@_GAME
@db_option
@json_option
def start(
    *, title: str, summary: str, private: bool, game_name: str, db: str | None, as_json: bool
) -> None:
    """Start a scene and join it: your poses and rolls in GAME land in it."""
    _run(db, as_json, _start(game_name, title, summary, private))


@scene.command()
@click.argument("number", type=click.IntRange(1, 1_000_000_000), required=False)
@_GAME
@db_option
@json_option
def stop(*, number: int | None, game_name: str, db: str | None, as_json: bool) -> None:
    """Finish a scene (the last one you joined, unless NUMBER): its starter or the
    Storyteller."""
    from rollplay.table.commands import SceneStop

    _run(db, as_json, SceneStop(game_name, number))


def _start(game: str, title: str, summary: str, private: bool) -> object:
    from rollplay.table.commands import SceneStart

    return SceneStart(game, title, summary, private)


def _run(db: str | None, as_json: bool, command: object) -> None:
    from rollplay.cli.service import open_service
    from rollplay.render.answers import answer_lines
    from rollplay.render.text import echo_lines

    answer = open_service(db).execute(command)
    if as_json:
        emit_answer(answer)
        return
    echo_lines(answer_lines(answer))
