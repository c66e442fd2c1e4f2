"""``rollplay verify``: re-derive every die of every revealed roll in an exported log (``rollplay
log --export jsonl``) or in a game read now, as whoever runs it sees it (docs/verify.md).
Exit 0 when every revealed roll matches, 1 naming each that does not, 2 on bad input."""

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
@json_option
def verify(file: IO[str] | None, game_name: str | None, db: str | None,
           as_json: bool) -> None:  # fmt: skip
    """Check an exported log (FILE, or - for stdin) or, with --game, the game's log as you
    see it: every revealed roll's dice re-derived from its seed, each commitment published
    before its rolls, the nonces under each seed without gaps or repeats."""
    from rollplay.errors import RollplayError
    from rollplay.table.dice.provable_log import read_log, verify_log

    if (file is None) == (game_name is None):
        raise click.UsageError("give an exported log (FILE) or --game, one of them")
    if file is not None:
        try:
            text = file.read()
        except (UnicodeDecodeError, OSError) as exc:
            raise RollplayError(f"cannot read {file.name}: {exc}") from None
    else:
        from rollplay.cli.service import open_service

        text = open_service(db).export_log("jsonl", game_name=game_name)
    report = verify_log(read_log(text))
    if as_json:
        emit_json({"ok": report.ok, "summary": report.summary(),
                   "rolls": [v._asdict() for v in report.verdicts],
                   "seed_problems": report.seed_problems})  # fmt: skip
    else:
        for v in report.verdicts:
            if v.status == "mismatch":
                say(f"{alarm('MISMATCH')} {v.name}: {'; '.join(v.problems)}")
        for problem in report.seed_problems:
            say(f"{alarm('PROBLEM')} {problem}")
        say(report.summary())
    if not report.ok:
        raise SystemExit(1)
