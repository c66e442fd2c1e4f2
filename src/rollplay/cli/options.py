"""Options and helpers every system's commands share: dice sources and JSON output."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from rollplay.dice import Dice

F = TypeVar("F", bound=Callable[..., Any])


def dice_options(example: str) -> Callable[[F], F]:
    """--faces and --seed; ``example`` shows faces for this system's dice."""

    def apply(f: F) -> F:
        f = click.option(
            "--seed", metavar="SEED", help="Seed for reproducible dice (any number or word)."
        )(f)
        return click.option(
            "--faces",
            metavar="LIST",
            help=f"Dice read off a real table, in draw order, e.g. {example}.",
        )(f)

    return apply


def json_option(f: F) -> F:
    return click.option(
        "--json", "as_json", is_flag=True, help="Print JSON (schema in docs/cli.md)."
    )(f)


def format_option(*formats: str) -> Callable[[F], F]:
    """--format, the first of ``formats`` (toml and yaml when none are named) by default."""
    choices = list(formats or ("toml", "yaml"))
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(choices),
        default=choices[0],
        show_default=True,
        help="The file format to print.",
    )


def parse_seed(seed: str | None) -> int | str | None:
    if seed is None:
        return None
    # A numeric seed is an int (as in Python); a very long one stays text rather than
    # meeting int()'s digit limit.
    digits = seed.removeprefix("-")
    return int(seed) if digits.isdecimal() and digits.isascii() and len(digits) < 100 else seed


def dice_source(faces: str | None, seed: str | None) -> Dice:
    from rollplay.dice import dice_from_options

    return dice_from_options(faces, parse_seed(seed))


def table_dice(faces: str | None, seed: str | None) -> Dice | None:
    """A table command's dice: typed faces or a seed when given; otherwise None, and the
    table rolls its game's own (committed seeds, or OS entropy if the game turned them off)."""
    return None if faces is None and seed is None else dice_source(faces, seed)


def finish_dice(dice: Dice | None, drawn: str | None = None) -> dict[str, Any]:
    """Check that typed faces were all used, and describe the source for JSON (the table's
    own dice: as its answer names them, ``drawn``)."""
    from rollplay.dice import ScriptedDice, SeededDice

    if dice is None:
        return {"source": drawn or "secure"}
    if isinstance(dice, ScriptedDice):
        dice.check_all_used()
    info: dict[str, Any] = {"source": dice.name}
    if isinstance(dice, SeededDice):
        info["seed"] = dice.seed
    return info


def say_dice(extra: dict[str, Any]) -> None:
    """The muted line that ends an offline roll's card: which dice it was (OS, typed or
    seeded), none of them provable (``extra``: what ``finish_dice`` said)."""
    from rollplay.render.cards import dice_note
    from rollplay.render.text import echo_lines

    source = str(extra["source"])
    echo_lines([dice_note("typed" if source == "scripted" else source)])
