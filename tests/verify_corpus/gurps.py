"""The tampering corpus's GURPS part (issue 29): a GURPS game alone in its own database,
and forgeries of its outcomes that only a re-judged roll catches (forge.py has the rest)."""

from __future__ import annotations

from collections.abc import Callable

from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.verify_corpus.forge import Case, Line, forged, lines_of

CRYPT = "Crypt"


def play_gurps(table: Table) -> str:
    """A GURPS game alone in its own database, its rolls revealed: the Storyteller's export."""
    table.new_game(CRYPT, "gurps")
    table.add_user("Stella")
    table.add_member(CRYPT, "Stella", "storyteller")
    stella = table.acting_as("Stella")
    for level in ("12", "12", "9", "14"):
        stella.npc_roll(CRYPT, Request(level), name="Ghoul")
    stella.rotate_seed(CRYPT)
    return stella.export_log("jsonl", game_name=CRYPT)


def _gurps_turned(lines: list[Line]) -> None:
    """A GURPS success turned into a failure (or, should every roll have failed, the other
    way): the outcome and its flags, consistently."""
    rolls = [line for line in lines if line["kind"] == "roll"
             and line["outcome"]["outcome"] in ("success", "failure")]  # fmt: skip
    roll = next((r for r in rolls if r["outcome"]["success"]), rolls[0])
    flipped = not roll["outcome"]["success"]
    roll["outcome"].update(outcome="success" if flipped else "failure", success=flipped)


def _gurps_total(lines: list[Line]) -> None:
    """The roll's total lowered on the card, the dice left alone."""
    roll = next(line for line in lines if line["kind"] == "roll")
    roll["outcome"]["roll"] -= 1


def gurps_corpus(honest: str) -> dict[str, Case]:
    base = lines_of(honest)

    def changed(change: Callable[[list[Line]], None]) -> list[Line]:
        return forged(base, change)

    return {
        "gurps_honest": Case(base, 0),
        "gurps_success_turned_failure": Case(changed(_gurps_turned), 1),
        "gurps_total_changed": Case(changed(_gurps_total), 1),
    }
