"""``rollplay combat ...``: the FS3 combat tracker. Parsing and rendering only; the rules are
rollplay.systems.fs3.combat's and the state is rollplay.table.combat's."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rollplay.cli.options import dice_options, dice_source, finish_dice, json_option
from rollplay.cli.render import alarm, bold, emit_json, say
from rollplay.cli.table import db_option

if TYPE_CHECKING:
    from rollplay.table.combat import Tracker

F = TypeVar("F", bound=Callable[..., Any])


@click.group()
def combat() -> None:
    """The FS3 combat tracker: a combat in a game, turn by turn (002 Combat; 004)."""


def _where(f: F) -> F:
    f = click.option("--game", "game_name", required=True, metavar="GAME", help="The game.")(f)
    return click.argument("name")(f)


def _tracker(db: str | None) -> Tracker:
    from rollplay.table.combat import Tracker
    from rollplay.table.store import Table

    return Tracker(Table(db))


def _status(data: dict[str, Any], as_json: bool) -> None:
    if as_json:
        emit_json(data)
        return
    state = "" if data.get("active", True) else " (over)"
    say(f"{bold(data['combat'])}, turn {data['turn']}{state}")
    for c in data["combatants"]:
        if isinstance(c, str):
            say(f"  {c}")
            continue
        gun = f"{c['weapon']} ({c['ammo']} rounds)" if c["ammo"] else c["weapon"]
        flags = [c["stance"], gun, f"armor {c['armor']}"]
        if c["wounds"]:
            flags.append(f"wounds {', '.join(w['severity'] for w in c['wounds'])} "
                         f"({c['wound_modifier']})")  # fmt: skip
        if c["suppression"]:
            flags.append(f"suppressed {c['suppression']}")
        if c["knocked_out"]:
            flags.append(alarm("KNOCKED OUT"))
        if c["subdued_by"]:
            flags.append(f"held by {c['subdued_by']}")
        say(f"  {c['name']} [{c['team']}]: {'; '.join(flags)}")
    if data.get("actions"):
        say("Actions set: " + ", ".join(f"{k} {v['kind']}" for k, v in data["actions"].items()))


@combat.command()
@_where
@db_option
@json_option
def start(name: str, game_name: str, db: str | None, as_json: bool) -> None:
    """Open a combat in a game."""
    _status(_tracker(db).start(game_name, name), as_json)


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
    """Add a character of the game, or an NPC (--npc RATING)."""
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
    from rollplay.table.combat import stance as set_stance

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
    metavar="NAME",
    help="An explosive's bystander within twice the blast radius (repeatable).",
)
@db_option
@json_option
def action(
    *, name: str, game_name: str, who: str, kind: str, target: str | None, called: str | None,
    range_: str, luck: str | None, new_stance: str | None, weapon: str | None,
    burst: tuple[str, ...], near: tuple[str, ...], db: str | None, as_json: bool,
) -> None:  # fmt: skip
    """Set WHO's action this turn: attack, aim, suppress, reload, subdue, escape, rally,
    treat or pass (with a TARGET where it needs one)."""
    from rollplay.systems.fs3.combat.turn import Action

    chosen = Action(kind, target, called, range_, luck, new_stance, weapon, tuple(burst),
                    tuple(near))  # fmt: skip
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
    source = dice_source(faces, seed)
    report = _tracker(db).turn(game_name, name, source)
    extra = finish_dice(source)
    if as_json:
        emit_json({**report, **extra})
        return
    say(bold(f"{report['combat']}: turn {report['turn']}"))
    say("Initiative: " + ", ".join(f"{i['name']} ({i['hits']})" for i in report["initiative"]))
    for e in report["events"]:
        say("  " + _event_line(e))
    for k in report["knockouts"]:
        verdict = alarm("knocked out") if k["knocked_out"] else "stays up"
        say(f"  Knockout roll for {k['name']} ({k['modifier']}): {k['dice']}: {verdict}")


def _event_line(e: dict[str, Any]) -> str:
    who = e["actor"]
    if e["action"] == "none":
        return f"{who} cannot act ({e['why']})"
    if "caught" in e:
        parts = []
        for v in e["caught"]:
            taken = [h["wound"]["severity"] for h in v["hits"] if h.get("wound")]
            parts.append(f"{v['name']} zone {v['zone']}: {', '.join(taken) or 'unhurt'}")
        return f"{who} throws at {e['target']}: " + "; ".join(parts)
    if "bullets" in e:
        hits = [b for b in e["bullets"] if b.get("wound")]
        wounds = ", ".join(f"{b['defender']} {b['wound']['severity']}" for b in hits)
        return (f"{who} fires {e['rounds']} rounds at {e['target']}: "
                f"{len(e['bullets'])} bullets rolled; {wounds or 'no wounds'}")  # fmt: skip
    if "outcome" not in e:
        target = f" {e['target']}" if e.get("target") else ""
        return f"{who}: {e['action']}{target}: {e.get('result', '')}"
    attack = " ".join(map(str, e["attack_dice"]))
    defense = " ".join(map(str, e["defense_dice"]))
    line = f"{who} {e['action']}s {e['target']}: {attack} vs {defense}: {e['outcome']}"
    if e.get("location"):
        line += f", {e['location']} (2d8 {e['location_roll']})"
    for layer in e.get("armor", []):
        did = (
            "stopped it"
            if layer["stopped"]
            else ("bypassed" if layer["bypassed"] else f"-{layer['reduction']}")
        )
        line += f"; {layer['source']} ({layer['stop_chance']}%) {did}"
    if e.get("wound"):
        line += f"; damage {e['damage']}: {bold(e['wound']['severity'])} {e['wound']['type']}"
    if e.get("result"):
        line += f"; {e['result']}"
    return line


@combat.command("move-wound")
@_where
@click.argument("who")
@click.argument("wound", type=int)
@click.argument("location")
@db_option
@json_option
def move_wound(
    *, name: str, game_name: str, who: str, wound: int, location: str, db: str | None,
    as_json: bool,
) -> None:  # fmt: skip
    """Spend a luck point to move WHO's WOUND (1 = the first taken) to LOCATION (002 Luck)."""
    _status(_tracker(db).move_wound(game_name, name, who, wound, location), as_json)


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
    """End the combat (its state is kept)."""
    _status(_tracker(db).stop(game_name, name), as_json)
