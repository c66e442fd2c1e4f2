"""The options ``rollplay fs3`` commands share (a ruleset: edition or house-rules file; a
check: ratings, modifiers, situations, luck) and the checks they build from them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rollplay.errors import RollplayError, whole
from rollplay.systems.fs3.luck import LUCK_SPENDS

if TYPE_CHECKING:
    from rollplay.systems.fs3.rolls import Check
    from rollplay.systems.fs3.ruleset import FS3Ruleset

F = TypeVar("F", bound=Callable[..., Any])


def ruleset_options(f: F) -> F:
    f = click.option(
        "--rules",
        "rules_file",
        metavar="FILE",
        help="A house-rules file (TOML or YAML) that extends an edition.",
    )(f)
    f = click.option(
        "--edition", "-e", metavar="3.3|3.2", help="FS3 edition: 3.3 (the default) or 3.2."
    )(f)
    return f


# One side's roll options: (flag, parameter, click settings, help with {who} and {prefix}).
_CHECK_OPTIONS: tuple[tuple[str, str, dict[str, Any], str], ...] = (
    ("name", "name", {"metavar": "NAME"}, "Who makes {who}roll (shown in the output)."),
    (
        "rating",
        "ratings",
        {"multiple": True, "metavar": "NAME=N"},
        "A rating used by {who}roll string, e.g. Firearms=3.",
    ),
    (
        "attribute",
        "attribute",
        {"type": int, "metavar": "A"},
        "The linked attribute's rating for {who}roll (FS3.2 judges embarrassing failures by it).",
    ),
    (
        "mod",
        "mods",
        {"multiple": True, "type": int, "metavar": "N"},
        "A modifier to {who}dice, e.g. --{prefix}mod=-2.",
    ),
    (
        "situation",
        "situations",
        {"multiple": True, "metavar": "NAME"},
        "A named modifier on {who}roll (see `rollplay fs3 rules`), e.g. taking-time.",
    ),
    ("luck", "luck", {"type": click.Choice(LUCK_SPENDS)}, "A luck point spent on {who}roll."),
    (
        "luck-cancelled",
        "luck_cancelled",
        {"is_flag": True},
        "The luck spent on {who}roll was cancelled by another point.",
    ),
)


def check_options(prefix: str = "", who: str = "the ") -> Callable[[F], F]:
    """Options that shape one side's roll; ``--vs-...`` for the second side."""
    key = prefix.replace("-", "_")

    def apply(f: F) -> F:
        for flag, dest, settings, text in reversed(_CHECK_OPTIONS):
            f = click.option(
                f"--{prefix}{flag}",
                f"{key}{dest}",
                **settings,
                help=text.format(who=who, prefix=prefix),
            )(f)
        return f

    return apply


# -- parsing helpers --------------------------------------------------------------------


def ruleset_from(edition: str | None, rules_file: str | None) -> FS3Ruleset:
    if rules_file and edition is not None:
        raise click.UsageError(
            "give --edition or --rules, not both (a rules file names its edition with 'extends')"
        )
    from rollplay.systems.rulesets import load

    return load("fs3", edition=edition, path=rules_file)  # type: ignore[no-any-return]


def ratings_from(pairs: Sequence[str]) -> dict[str, int]:
    ratings: dict[str, int] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep or not name or not value.strip().lstrip("+-").isdigit():
            raise RollplayError(f"bad --rating {pair!r}: write NAME=NUMBER, like Firearms=3")
        ratings[name] = whole(value, f"--rating {name}")
    return ratings


def pool_spec(expression: str | None, dice_count: int | None, what: str) -> int | str:
    if expression is not None and dice_count is not None:
        raise click.UsageError(f"give {what} as a roll string or as --dice, not both")
    if dice_count is not None:
        if dice_count < 0:
            raise RollplayError(f"--dice {dice_count}: a pool is 0 or more dice")
        return dice_count
    if expression is None:
        raise click.UsageError(
            "say what to roll: a roll string like Firearms+Reflexes, or --dice N"
        )
    text = expression.strip()
    return whole(text, "a pool") if text.isdigit() else expression


def make_check(spec: int | str, kw: dict[str, Any], prefix: str = "") -> Check:
    from rollplay.systems.fs3.rolls import Check

    return Check(
        pool=spec,
        attribute=kw[f"{prefix}attribute"],
        ratings=ratings_from(kw[f"{prefix}ratings"]),
        modifiers=tuple(kw[f"{prefix}mods"]),
        situations=tuple(kw[f"{prefix}situations"]),
        luck=kw[f"{prefix}luck"],
        luck_cancelled=kw[f"{prefix}luck_cancelled"],
        name=kw[f"{prefix}name"],
    )
