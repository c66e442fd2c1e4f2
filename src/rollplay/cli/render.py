"""Output helpers shared by the commands.

Roll reports are a few styled lines: Click's ``style`` and ``echo`` do that (and drop the
colour when output is not a terminal) at no import cost. Rich, which costs more to import
than a roll costs to run, is loaded only for the odds tables.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from pydantic import BaseModel
    from rich.console import Console


def emit_json(data: Any) -> None:
    """``data`` as JSON on stdout: the service's typed answers as their JSON (docs/cli.md)."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, default=_typed) + "\n")


def _typed(value: object) -> Any:
    from pydantic import BaseModel

    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True)
    raise TypeError(f"{type(value).__name__} is not JSON")


def emit_answer(answer: BaseModel, extra: dict[str, Any] | None = None) -> None:
    """A service's answer as its JSON (docs/cli.md), with what the command adds."""
    emit_json({**answer.model_dump(mode="json", by_alias=True), **(extra or {})})


def console() -> Console:
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def say(text: str = "") -> None:
    click.echo(text)


def bold(text: str) -> str:
    return click.style(text, bold=True)


def alarm(text: str) -> str:
    return click.style(text, fg="red", bold=True)


def mark_dice(dice: Iterable[int], good: Iterable[int], bad: Iterable[int] = (1,)) -> str:
    """Each die, successes as [8] in green and ones as (1) in red; the brackets keep the
    marks readable without colour (in logs, chat, a screen reader)."""
    good_set, bad_set = set(good), set(bad)
    shown = []
    for face in dice:
        if face in good_set:
            shown.append(click.style(f"[{face}]", fg="green", bold=True))
        elif face in bad_set:
            shown.append(alarm(f"({face})"))
        else:
            shown.append(str(face))
    return " ".join(shown) if shown else "(no dice)"


def percent(p: Fraction | float) -> str:
    value = float(p) * 100
    if value == 0:
        return "0%"
    if value < 0.1:
        return "<0.1%"
    if value > 99.9 and value < 100:
        return ">99.9%"
    return f"{value:.1f}%"


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def spaced(n: int) -> str:
    """A modifier inside a sum: '+ 2', or a minus sign and 1."""
    return f"+ {n}" if n >= 0 else f"\u2212 {-n}"
