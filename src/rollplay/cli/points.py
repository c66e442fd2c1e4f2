"""``rollplay xp|luck``: FS3 experience and luck (002), awarded by the Storyteller, raised
and spent by players. Parsing and rendering only; the rules are the service's."""

from __future__ import annotations

import click

from rollplay.cli.options import json_option
from rollplay.cli.render import emit_json, say
from rollplay.cli.table import db_option, game_option, open_table, show


@click.group()
def xp() -> None:
    """FS3 experience: the Storyteller awards it; players raise skills with it (002)."""


_REASON = click.option("--reason", default="", metavar="TEXT", help="Why, for the log.")


@xp.command("award")
@click.argument("name")
@click.argument("amount", type=float)
@_REASON
@game_option()
@db_option
@json_option
def xp_award(
    *, name: str, amount: float, reason: str, game_name: str | None, db: str | None,
    as_json: bool,
) -> None:  # fmt: skip
    """Award AMOUNT XP (whole or half points)."""
    data = open_table(db).award_xp(game_name, name, amount, reason)
    show(data, as_json) if as_json else say(f"{name} has {data.xp:g} XP")


@xp.command("raise")
@click.argument("name")
@click.argument("skill")
@click.option(
    "--kind",
    type=click.Choice(["action", "background", "language", "attribute", "advantage"]),
    default="action",
    show_default=True,
    help="What kind of skill.",
)
@click.option(
    "--attribute",
    default=None,
    metavar="NAME",
    help="A new background skill's ruling attribute, where each character chooses it (3.2).",
)
@game_option()
@db_option
@json_option
def xp_raise(
    *, name: str, skill: str, kind: str, attribute: str | None, game_name: str | None,
    db: str | None, as_json: bool,
) -> None:  # fmt: skip
    """Spend XP to raise SKILL one level (or learn a language), at the 002 cost."""
    data = open_table(db).raise_skill(game_name, name, skill, kind, attribute)
    if as_json:
        emit_json(data)
        return
    r = data.raised
    assert r is not None  # a raise answers with what it raised
    say(f"{name}: {r.skill} {r.before} → {r.after} for {r.cost:g} XP ({data.xp or 0:g} left)")


@click.group()
def luck() -> None:
    """FS3 luck points (002 Luck): awarded by the Storyteller, spent on rolls."""


@luck.command("award")
@click.argument("name")
@click.argument("amount", type=int, default=1)
@_REASON
@game_option()
@db_option
@json_option
def luck_award(
    *, name: str, amount: int, reason: str, game_name: str | None, db: str | None,
    as_json: bool,
) -> None:  # fmt: skip
    """Award luck points (1 by default)."""
    data = open_table(db).award_luck(game_name, name, amount, reason)
    show(data, as_json) if as_json else say(f"{name} has {data.luck} luck")


@luck.command("spend")
@click.argument("name")
@_REASON
@game_option()
@db_option
@json_option
def luck_spend(
    name: str, reason: str, game_name: str | None, db: str | None, as_json: bool
) -> None:
    """Spend a luck point outside a roll (to cancel one used against the character).
    On a roll, spend it with `rollplay roll NAME EXPR --luck bonus`."""
    data = open_table(db).spend_luck(game_name, name, reason)
    show(data, as_json) if as_json else say(f"{name} has {data.luck} luck left")
