"""``rollplay seed``: the seeds behind a game's verifiable dice (docs/verify.md). Show what is
committed and revealed, set your own client seed, and (the Storyteller) rotate a chain: its
seed revealed, a new one committed. The work is the service's (table/seeds.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from rollplay.cli.options import json_option
from rollplay.cli.render import bold, emit_json, say
from rollplay.cli.service import open_service
from rollplay.cli.table import db_option, game_option

if TYPE_CHECKING:
    from rollplay.table.info import Rotation


@click.group()
def seed() -> None:
    """Verifiable dice: the seeds every roll at a game's table is drawn from."""


@seed.command("show")
@game_option()
@db_option
@json_option
def seed_show(game_name: str | None, db: str | None, as_json: bool) -> None:
    """The game's commitments (and how many rolls each has served), the seeds revealed so
    far, and your client seed."""
    service = open_service(db)
    data = service.seeds(service.game_for(game_name))
    if as_json:
        emit_json(data)
        return
    state = "on" if data.provable else "off: rolls use OS entropy"
    say(f"{bold(data.game)}: verifiable dice {state}")
    for row in data.current:
        used = "" if row.nonces is None else f", {_rolls(row.nonces)} so far"
        say(f"  {row.chain} seed: commitment {row.commitment}{used}")
    mine = data.client_seed
    say(f"  your client seed: {mine}" if mine else
        "  your client seed: none yet (one is made at your first roll; set one with "
        "`rollplay seed client VALUE`)")  # fmt: skip
    for old in data.revealed:
        say(f"  revealed {old.revealed[:16].replace('T', ' ')}: {old.chain} seed "
            f"{old.seed} (commitment {old.commitment}, {_rolls(old.nonces)})")  # fmt: skip


@seed.command("rotate")
@game_option()
@click.option("--chain", type=click.Choice(["public", "hidden"]), default="public",
              show_default=True,
              help="public: public rolls; hidden: private and secret rolls, and combat turns "
                   "with NPCs (reveal it when its secrets no longer matter).")  # fmt: skip
@db_option
@json_option
def seed_rotate(game_name: str | None, chain: str, db: str | None, as_json: bool) -> None:
    """Reveal the chain's seed, so every roll made under it can be verified, and commit a
    new one (the Storyteller's)."""
    service = open_service(db)
    data = service.rotate_seed(service.game_for(game_name), chain)
    if as_json:
        emit_json(data)
        return
    said = _said(data)
    for line in said:
        say(line)


@seed.command("client")
@click.argument("value")
@game_option()
@db_option
@json_option
def seed_client(value: str, game_name: str | None, db: str | None, as_json: bool) -> None:
    """Set your client seed in the game (1 to 64 printable characters, no spaces): it is mixed
    into the dice of every roll you make there from the next one on."""
    service = open_service(db)
    data = service.set_client_seed(service.game_for(game_name), value)
    if as_json:
        emit_json(data)
        return
    say(f"Your client seed in {bold(data.game)} is now {data.client_seed}: it applies "
        f"from your next roll.")  # fmt: skip


def _said(data: Rotation) -> list[str]:
    old = data.revealed
    lines = []
    if old is None:
        lines.append(f"{data.game} had no {data.chain} seed to reveal.")
    else:
        lines.append(f"Revealed {bold(data.game)}'s {data.chain} seed {old.seed} "
                     f"(commitment {old.commitment}, {_rolls(old.nonces)}).")  # fmt: skip
    lines.append(f"New {data.chain} commitment: {data.commitment}")
    return lines


def _rolls(n: int) -> str:
    return f"{n} roll{'s' * (n != 1)}"
