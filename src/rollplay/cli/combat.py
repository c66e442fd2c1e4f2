"""``rollplay combat ...``: the FS3 combat tracker. Parsing and rendering only; the rules are
rollplay.systems.fs3.combat's and the state is rollplay.table.combat.tracker's."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rollplay.cli.options import dice_options, finish_dice, json_option, table_dice
from rollplay.cli.render import alarm, bold, emit_answer, emit_json, say
from rollplay.cli.table import db_option

if TYPE_CHECKING:
    from rollplay.table.answers import CombatStatus
    from rollplay.table.combat.tracker import Tracker

F = TypeVar("F", bound=Callable[..., Any])


@click.group()
def combat() -> None:
    """The FS3 combat tracker: a combat in a game, turn by turn (002 Combat; 004)."""


def _where(f: F) -> F:
    f = click.option("--game", "game_name", required=True, metavar="GAME", help="The game.")(f)
    return click.argument("name")(f)


def _tracker(db: str | None) -> Tracker:
    from rollplay.cli.service import open_service
    from rollplay.table.combat.tracker import Tracker

    return Tracker(open_service(db))


def _status(data: CombatStatus, as_json: bool) -> None:
    if as_json:
        emit_json(data)
        return
    show_status(data)


def show_status(data: CombatStatus) -> None:
    """A combat's state: each combatant's stance, gear, wounds, luck and plight."""
    from rollplay.render.combat import status_lines
    from rollplay.render.text import echo_lines

    echo_lines(status_lines(data))


@combat.command()
@_where
@db_option
@json_option
def start(name: str, game_name: str, db: str | None, as_json: bool) -> None:
    """Open a combat in a game (a name of 1 to 100 characters)."""
    data = _tracker(db).start(game_name, name)
    if as_json:
        emit_json(data)
        return
    from rollplay.render.answers import combat_begins
    from rollplay.render.text import echo_lines

    echo_lines([combat_begins(data)])  # in words, as every surface answers it (rulings W85)


@combat.command()
@_where
@click.argument("who")
@click.option("--team", default="A", show_default=True, help="Side (NPCs attack other teams).")
@click.option("--npc", "rating", type=int, metavar="RATING", help="An NPC with one rating (004).")
@click.option("--weapon", default="Unarmed", show_default=True, help="Weapon from the gear.")
@click.option("--armor", default="None", show_default=True, help="Armor from the gear.")
@click.option("--type", "kind", default="Human", show_default=True, help="Combatant type.")
@click.option("--crew", multiple=True, metavar="NAME", help="A vehicle's crew (repeatable).")
@db_option
@json_option
def join(
    *, name: str, game_name: str, who: str, team: str, rating: int | None, weapon: str,
    armor: str, kind: str, crew: tuple[str, ...], db: str | None, as_json: bool,
) -> None:  # fmt: skip
    """Add a character of the game, or an NPC (--npc RATING, 1 to 30)."""
    data = _tracker(db).join(game_name, name, who, team=team, rating=rating, weapon=weapon,
                             armor=armor, kind=kind, crew=tuple(crew))  # fmt: skip
    _status(data, as_json)


@combat.command()
@_where
@click.argument("who")
@db_option
@json_option
def leave(name: str, game_name: str, who: str, db: str | None, as_json: bool) -> None:
    """Take a combatant out of the combat."""
    _status(_tracker(db).leave(game_name, name, who), as_json)


@combat.command()
@_where
@click.argument("who")
@click.argument("new_stance", metavar="STANCE")
@db_option
@json_option
def stance(
    *, name: str, game_name: str, who: str, new_stance: str, db: str | None, as_json: bool
) -> None:
    """Change a combatant's stance (a free action): Normal, Banzai, Evade, Cautious, Cover."""
    from rollplay.table.combat.tracker import stance as set_stance

    _status(set_stance(_tracker(db), game_name, name, who, new_stance), as_json)


@combat.command()
@_where
@click.argument("who")
@click.argument("kind", metavar="ACTION")
@click.argument("target", required=False)
@click.option("--called", metavar="LOCATION", help="A called shot: the hit location aimed at.")
@click.option("--range", "range_", default="short", show_default=True, help="short, medium, long.")
@click.option(
    "--luck",
    type=click.Choice(["attack", "defense", "initiative", "knockout"]),
    help="Spend a luck point this turn on this roll (002 Luck in combat).",
)
@click.option(
    "--luck-spend",
    type=click.Choice(["bonus", "reroll", "boost", "hinder"]),
    default="bonus",
    show_default=True,
    help="How: the edition's bonus or re-roll on your own roll; 3.2: boost or hinder another's.",
)
@click.option("--luck-on", metavar="NAME", help="Whose roll a boost or hinder goes on.")
@click.option("--stance", "new_stance", metavar="STANCE", help="Also change stance (free).")
@click.option("--draw", "weapon", metavar="WEAPON", help="Also draw a weapon (free).")
@click.option(
    "--burst",
    "burst",
    multiple=True,
    metavar="TARGET",
    help="Full-auto at up to five targets, in order (repeatable; 004 Burst Fire).",
)
@click.option(
    "--near",
    "near",
    multiple=True,
    metavar="NAME[=DISTANCE]",
    help="An explosive's bystander, at a distance from where it lands (zone 0 within the "
    "blast radius, 1 within double it, beyond: safe); without one: zone 1 (repeatable).",
)
@db_option
@json_option
def action(
    *, name: str, game_name: str, who: str, kind: str, target: str | None, called: str | None,
    range_: str, luck: str | None, luck_spend: str, luck_on: str | None,
    new_stance: str | None, weapon: str | None, burst: tuple[str, ...], near: tuple[str, ...],
    db: str | None, as_json: bool,
) -> None:  # fmt: skip
    """Set WHO's action this turn: attack, aim, suppress, reload, subdue, escape, rally,
    treat or pass (with a TARGET where it needs one)."""
    from rollplay.systems.fs3.combat.state import Action, parse_near

    for entry in near:
        parse_near(entry)  # a bad distance is one line, before anything is read
    if (luck_spend != "bonus" or luck_on) and not luck:
        raise click.UsageError("--luck-spend and --luck-on go with --luck ROLL")
    chosen = Action(kind, target, called, range_, luck, new_stance, weapon, tuple(burst),
                    tuple(near), luck_spend, luck_on)  # fmt: skip
    _status(_tracker(db).act(game_name, name, who, chosen), as_json)


@combat.command()
@_where
@dice_options("8,7,3,1,1")
@db_option
@json_option
def turn(
    *, name: str, game_name: str, faces: str | None, seed: str | None, db: str | None,
    as_json: bool,
) -> None:  # fmt: skip
    """Resolve the turn: initiative, every action in order, knockout rolls; then save."""
    from rollplay.render.cards import source_spans
    from rollplay.render.combat import turn_lines
    from rollplay.render.text import line_text

    source = table_dice(faces, seed)
    report = _tracker(db).turn(game_name, name, source)
    extra = finish_dice(source, report.dice_source)
    if as_json:
        emit_answer(report, extra)
        return
    first, *rest = turn_lines(report)
    say(bold(first) + line_text(source_spans(report.dice_source, report.provable)))
    for line in rest:
        say(alarm(line) if "KNOCKED OUT" in line else line)


@combat.command("move-wound")
@_where
@click.argument("who")
@click.argument("wound", type=click.IntRange(1, 10_000))
@click.argument("location")
@db_option
@json_option
def move_wound(
    *, name: str, game_name: str, who: str, wound: int, location: str, db: str | None,
    as_json: bool,
) -> None:  # fmt: skip
    """Spend a luck point to move WHO's WOUND (1 = the first taken) to LOCATION, right after
    the turn that dealt it (002 Luck)."""
    _status(_tracker(db).move_wound(game_name, name, who, wound, location), as_json)


@combat.command()
@_where
@click.argument("who")
@db_option
@json_option
def recover(name: str, game_name: str, who: str, db: str | None, as_json: bool) -> None:
    """Spend a luck point to recover from the knockout the last turn dealt (002 Luck)."""
    _status(_tracker(db).recover(game_name, name, who), as_json)


@combat.command()
@_where
@db_option
@json_option
def status(name: str, game_name: str, db: str | None, as_json: bool) -> None:
    """Who is in the combat, and how they stand."""
    _status(_tracker(db).status(game_name, name), as_json)


@combat.command()
@_where
@db_option
@json_option
def stop(name: str, game_name: str, db: str | None, as_json: bool) -> None:
    """End the combat: its state is kept for `status`, and it no longer changes."""
    _status(_tracker(db).stop(game_name, name), as_json)


@combat.command()
@_where
@db_option
@json_option
def delete(name: str, game_name: str, db: str | None, as_json: bool) -> None:
    """Remove a stopped combat, freeing its name for a new one."""
    _status(_tracker(db).delete(game_name, name), as_json)
