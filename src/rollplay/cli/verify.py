"""``rollplay verify``: re-derive every die of every revealed roll in an exported log (``rollplay
log --export jsonl``) or in a game read now, as whoever runs it sees it (docs/verify.md).
Exit 0 when every roll in it was proven, 1 naming what failed, 3 when nothing failed but some
rolls could not be proven (a line says which and why), 2 on bad input (rulings V11)."""

from __future__ import annotations

from typing import IO

import click

from rollplay.cli.options import json_option
from rollplay.cli.render import alarm, emit_json, say
from rollplay.cli.table import db_option, game_option


@click.command("verify")
@click.argument("file", required=False, type=click.File("r", encoding="utf-8", errors="strict"))
@game_option()
@db_option
@click.option(
    "--commitment",
    "commitments",
    multiple=True,
    metavar="HASH",
    help="A commitment you recorded earlier: the log must publish it (repeatable).",
)
@click.option(
    "--client-seed",
    "client_seed",
    metavar="SEED",
    help="The client seed you chose: every roll of --roller's from the event that "
    "set it on must use it.",
)
@click.option("--roller", metavar="NAME", help="Whose client seed --client-seed is (a user).")
@json_option
def verify(file: IO[str] | None, game_name: str | None, db: str | None, *,
           commitments: tuple[str, ...], client_seed: str | None, roller: str | None,
           as_json: bool) -> None:  # fmt: skip
    """Check an exported log (FILE, or - for stdin) or, with --game, the game's log as you
    see it: every revealed roll's dice re-derived from its seed, each commitment published
    before its rolls, each roll's client seed its roller's, the nonces under each seed rising
    with the events, without gaps or repeats. Exit 0: every roll proven; 1: something
    failed; 3: nothing failed, but some rolls could not be proven (said which and why)."""
    from rollplay.errors import RollplayError
    from rollplay.table.dice.provable_log import read_log, verify_log

    if (file is None) == (game_name is None):
        raise click.UsageError("give an exported log (FILE) or --game, one of them")
    if (client_seed is None) != (roller is None):
        raise click.UsageError("--client-seed and --roller go together: whose seed it is")
    if file is not None:
        try:
            text = file.read()
        except (UnicodeDecodeError, OSError) as exc:
            raise RollplayError(f"cannot read {file.name}: {exc}") from None
    else:
        from rollplay.cli.service import open_service

        text = open_service(db).export_log("jsonl", game_name=game_name)
    chosen = {roller: client_seed} if roller is not None and client_seed is not None else {}
    report = verify_log(read_log(text), commitments=commitments, client_seeds=chosen)
    if as_json:
        emit_json({"ok": report.ok, "code": report.code, "summary": report.summary(),
                   "rolls": [v._asdict() for v in report.verdicts],
                   "seed_problems": report.seed_problems,
                   "unproven": report.unproven, "imported": report.imported})  # fmt: skip
    else:
        for v in report.verdicts:
            if v.status == "mismatch":
                say(f"{alarm('MISMATCH')} {v.name}: {'; '.join(v.problems)}")
        for problem in report.seed_problems:
            say(f"{alarm('PROBLEM')} {problem}")
        for said in report.unproven:
            say(f"UNPROVEN {said}")
        say(report.summary())
    if report.code:
        raise SystemExit(report.code)
