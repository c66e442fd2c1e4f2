"""What ``rollplay verify`` finds, as a report: a verdict per entry that drew dice, the
problems of the log as a whole, the exit status (rulings V11) and the summary line
(``server/static/verify_log.js`` builds the same)."""

from __future__ import annotations

from typing import NamedTuple

from rollplay.table.dice.provable_checks import unproven_lines

__all__ = ["NOT_PROVABLE", "Report", "Verdict"]

NOT_PROVABLE = ("typed", "seeded", "secure")
# An imported scene's kinds (table/events/scenes.py IMPORTED_KINDS; issue 38): text from
# another table, nothing to prove.
IMPORTED = ("scene_import", "imported")


class Verdict(NamedTuple):
    """One entry that drew dice: ``status`` is verified, mismatch, awaiting (its seed not
    yet revealed), hidden (not shown to this viewer), typed, seeded, secure (not drawn
    from a committed seed) or before (logged before verifiable dice)."""

    id: int
    name: str
    status: str
    problems: list[str]
    game: str = ""  # numbers are each game's own: (game, id) is the event


class Report(NamedTuple):
    verdicts: list[Verdict]
    seed_problems: list[str]
    imported: int = 0  # lines brought in from another table: never proven, never failed

    @property
    def ok(self) -> bool:
        return not self.seed_problems and all(v.status != "mismatch" for v in self.verdicts)

    @property
    def code(self) -> int:
        """The exit status (rulings V11): 0 every roll proven, 1 something failed, 3 nothing
        failed but some rolls could not be proven (``unproven`` says which and why)."""
        if not self.ok:
            return 1
        return 3 if self.unproven else 0

    @property
    def unproven(self) -> list[str]:
        return unproven_lines([(v.id, v.status) for v in self.verdicts])

    def count(self, *statuses: str) -> int:
        return sum(v.status in statuses for v in self.verdicts)

    def summary(self) -> str:
        """One line: how many revealed rolls were checked, and what else the log held."""
        checked = self.count("verified", "mismatch", "unseeded")
        wrong = self.count("mismatch")
        said = f"{checked} revealed roll{'s' * (checked != 1)} checked: "
        said += f"{self.count('verified')} verified" + (f", {wrong} MISMATCH" if wrong else "")
        if self.count("unseeded"):
            said += f", {self.count('unseeded')} with no client seed logged before them"
        said += f"; {self.count('awaiting')} await a reveal"
        others = [f"{self.count(s)} {s}" for s in NOT_PROVABLE if self.count(s)]
        if others:
            said += f"; not from a committed seed: {', '.join(others)}"
        if self.count("before"):
            said += f"; {self.count('before')} from before verifiable dice"
        if self.count("hidden"):
            said += f"; {self.count('hidden')} hidden from you"
        if self.imported:
            said += (f"; {self.imported} imported entr{'ies' if self.imported != 1 else 'y'} "
                     "(another table's log: text, not provable, not checked)")  # fmt: skip
        return said
