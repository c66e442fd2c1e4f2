"""The ``rollplay`` command.

Interfaces stay thin: parse arguments, call a system, render. Start-up is kept short by
importing a system, Rich and the house-rules loader only inside the command that needs
them. Every user error ends as one line on stderr and exit code 2.
"""

from __future__ import annotations

import sys

import click

from rollplay import __version__
from rollplay.cli import fs3 as fs3_commands
from rollplay.cli import gurps as gurps_commands
from rollplay.cli.demo import demo
from rollplay.errors import RollplayError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rollplay")
def cli() -> None:
    """Dice, odds and rules for FS3, GURPS success rolls (and, soon, the D6 System)."""


cli.add_command(fs3_commands.fs3)
cli.add_command(gurps_commands.gurps)
cli.add_command(demo)


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; user errors become one line on stderr and exit code 2."""
    try:
        code = cli.main(args=argv, prog_name="rollplay", standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except click.UsageError as exc:
        if type(exc).__name__ == "NoArgsIsHelpError" and exc.ctx is not None:
            click.echo(exc.ctx.get_help())  # a bare group: show its help, like --help
            sys.exit(0)
        hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx else ""
        click.echo(f"error: {_one_line(exc.format_message())}{hint}", err=True)
        sys.exit(2)
    except click.ClickException as exc:
        click.echo(f"error: {_one_line(exc.format_message())}", err=True)
        sys.exit(exc.exit_code if exc.exit_code != 1 else 2)
    except RollplayError as exc:
        click.echo(f"error: {_one_line(str(exc))}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)


def _one_line(message: str) -> str:
    return " ".join(message.split())
