"""Cards as terminal text: styles become colour on a terminal and vanish elsewhere (Click
drops ANSI codes when output is not a terminal), while the brackets around successes and
ones keep their meaning without colour."""

from __future__ import annotations

import click

from rollplay.render.spans import Line

_STYLES: dict[str, dict[str, object]] = {
    "bold": {"bold": True},
    "success": {"fg": "green", "bold": True},
    "one": {"fg": "red", "bold": True},
    "alarm": {"fg": "red", "bold": True},
    "wild": {"fg": "cyan", "bold": True},
    "muted": {"dim": True},
    "em": {"italic": True},
}


def line_text(line: Line) -> str:
    return "".join(
        click.style(span.text, **_STYLES[span.kind]) if span.kind else span.text  # type: ignore[arg-type]
        for span in line
    )


def echo_lines(lines: list[Line]) -> None:
    for line in lines:
        click.echo(line_text(line))
