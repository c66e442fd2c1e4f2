"""The ``rollplay`` command.

Interfaces stay thin: parse arguments, call a system, render. Start-up is kept short by
importing a system, Rich and the house-rules loader only inside the command that needs
them. Every user error ends as one line on stderr and exit code 2.
"""

from __future__ import annotations

import sys

import click

from rollplay import __version__
from rollplay.errors import RollplayError

# Each system's commands are imported only when named, so a GURPS roll never loads FS3.
_COMMANDS = {
    "combat": "rollplay.cli.combat:combat",
    "d6": "rollplay.cli.d6:d6",
    "demo": "rollplay.cli.demo:demo",
    "fs3": "rollplay.cli.fs3:fs3",
    "gurps": "rollplay.cli.gurps:gurps",
    "heal": "rollplay.cli.heal:heal",
    "game": "rollplay.cli.table:game",
    "char": "rollplay.cli.table:char",
    "xp": "rollplay.cli.points:xp",
    "luck": "rollplay.cli.points:luck",
    "roll": "rollplay.cli.rolls:roll",
    "cp-after": "rollplay.cli.rolls:cp_after",
    "log": "rollplay.cli.rolls:log",
    "events": "rollplay.cli.people:events",
    "do": "rollplay.cli.do:do",
    "serve": "rollplay.cli.serve:serve",
    "user": "rollplay.cli.people:user",
    "member": "rollplay.cli.people:member",
    "invite": "rollplay.cli.invites:invite",
    "link": "rollplay.cli.links:link",
    "discord": "rollplay.cli.discord:discord",
    "scene": "rollplay.cli.scenes:scene",
    "seed": "rollplay.cli.seeds:seed",
    "verify": "rollplay.cli.verify:verify",
    "db": "rollplay.cli.people:db",
    "import": "rollplay.cli.imports:import_",
    "export": "rollplay.cli.imports:export",
}


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in _COMMANDS and cmd_name not in self.commands:
            import importlib

            module, _, attr = _COMMANDS[cmd_name].partition(":")
            self.add_command(getattr(importlib.import_module(module), attr), cmd_name)
        return super().get_command(ctx, cmd_name)


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rollplay")
@click.option(
    "--as",
    "as_user",
    metavar="USER",
    envvar="ROLLPLAY_AS",
    help="Act as this user, with their role in each game (default: the database's owner, "
    "Storyteller of every game).",
)
@click.pass_context
def cli(ctx: click.Context, as_user: str | None) -> None:
    """Dice, odds and rules for FS3, GURPS success rolls and the D6 System."""
    from rollplay.cli.service import AS_KEY

    ctx.meta[AS_KEY] = as_user


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
