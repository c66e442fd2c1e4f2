"""``rollplay scene list|show|start|stop|export|search``: a game's scenes, their ledgers and
their record (issue 30), through the service like every surface: a private scene shows only
to its people."""

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


@scene.command()
@click.argument("number", type=click.IntRange(1, 1_000_000_000))
@_GAME
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["markdown", "html", "jsonl"]),
    default="markdown",
    show_default=True,
    help="Markdown, HTML or JSON Lines.",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, writable=True),
    metavar="FILE",
    help="Write to FILE instead of the standard output.",
)
@db_option
def export(*, number: int, game_name: str, fmt: str, out: str | None, db: str | None) -> None:
    """A scene's record as you may see it: its poses and roll cards in order. The JSON Lines
    passes `rollplay verify` (each roll's dice proven; rulings S31 says what it cannot)."""
    from rollplay.cli.service import open_service
    from rollplay.table.play.records import NOT_PROVEN

    text = open_service(db).export_scene(game_name, number, fmt)
    if out is None:
        click.echo(text, nl=False)
    else:
        try:
            with open(out, "w", encoding="utf-8", newline="") as file:
                file.write(text)
        except OSError as exc:
            raise click.UsageError(f"cannot write {out}: {exc.strerror}") from None
        click.echo(f"Scene {number} of {game_name} written to {out} ({fmt}).", err=True)
    if fmt == "jsonl":
        click.echo(f"Note: {NOT_PROVEN}.", err=True)


@scene.command()
@click.argument("text")
@_GAME
@db_option
@json_option
def search(*, text: str, game_name: str, db: str | None, as_json: bool) -> None:
    """The events of the game's scenes (titles, summaries, poses, rolls) holding every word
    of TEXT, as you may see them."""
    from rollplay.cli.service import open_service

    hits = open_service(db).search_scenes(game_name, text)
    if as_json:
        emit_json([h.model_dump(mode="json") for h in hits])
        return
    if not hits:
        click.echo(f"Nothing in {game_name}'s scenes holds {text!r}.")
    for h in hits:
        click.echo(f"Scene {h.scene} ({h.title}) #{h.id} {h.kind.replace('_', ' ')}: {h.said}")


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
