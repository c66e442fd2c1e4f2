"""What the table needs from each system, behind one typed interface (``System``): its
ruleset from a game's stored rules, sheets checked and normalised, character-creation
problems, starting points, checks from a sheet or with none, rolls and contests and their
exact odds, and which of the table's capabilities it has. The rules themselves stay in
rollplay.systems."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path
from typing import Any, ClassVar, NamedTuple, Protocol

from rollplay.dice import Dice
from rollplay.rulesfile import plain
from rollplay.table.systems.request import Points, Request

# What a system can do at the table, beyond a roll from a sheet (which all can).
CAPABILITIES = (
    "opposed", "teamwork", "luck", "experience", "combat", "healing", "points_after",
    "secret_grading",
)  # fmt: skip


class Allowance(NamedTuple):
    """A roll the rules refuse that the Storyteller may allow when they ask for it (rulings
    R31): the roll as allowed, the luck its answer then needs, and what it is called."""

    request: Request
    needs: str
    said: str


@dataclass(frozen=True)
class Tally:
    """A running total a character form shows as it is filled: the points spent on one kind
    of ability, and the most the game allows (None: no limit of its own)."""

    label: str
    spent: int
    limit: int | None = None


class System(Protocol):
    name: str
    options: tuple[str, ...]  # the Request fields its rolls use
    capabilities: ClassVar[frozenset[str]]

    def ruleset(self, edition: str, rules: Mapping[str, Any]) -> Any: ...
    def sheet(self, data: Mapping[str, Any], rules: Any, source: str) -> dict[str, Any]: ...
    def read_sheet(self, path: str) -> dict[str, Any]: ...
    def problems(self, sheet: Mapping[str, Any], rules: Any) -> list[str]: ...
    def imported_problems(self, sheet: Mapping[str, Any], rules: Any) -> list[str]: ...
    def tallies(self, sheet: Mapping[str, Any], rules: Any) -> list[Tally]: ...
    def sheet_facts(self, sheet: Any, rules: Any) -> dict[str, Any]: ...
    def points_shown(self, row: Any) -> dict[str, Any]: ...
    def starting_points(self, sheet: Mapping[str, Any], rules: Any) -> Points: ...
    def parse(self, sheet: Mapping[str, Any], rules: Any) -> Any: ...
    def check(
        self, sheet: Any, points: Points, request: Request, rules: Any, contest: bool = False
    ) -> tuple[Any, Points]: ...
    def npc_check(self, request: Request, rules: Any, name: str | None) -> Any: ...
    def visibility(self, request: Request, asked: str) -> str: ...
    def ability_names(self, sheet: Any, rules: Any) -> list[str]: ...
    def answer_spends(self, rules: Any) -> tuple[str, ...]: ...
    def answer_luck(self, luck: str) -> None: ...
    def allowance(self, request: Request) -> Allowance | None: ...
    def check_player_edit(
        self, before: Mapping[str, Any] | None, after: Mapping[str, Any], rules: Any
    ) -> None: ...
    def roll(self, check: Any, rules: Any, dice: Dice, secret: bool = False) -> dict[str, Any]: ...
    def opposed(self, first: Any, second: Any, rules: Any, dice: Dice) -> dict[str, Any]: ...
    def teamwork(
        self, leader: Any, assisters: list[Any], rules: Any, dice: Dice
    ) -> dict[str, Any]: ...
    # Exact odds, before rolling, in the shape of envelope.py.
    def odds(self, check: Any, rules: Any) -> dict[str, Any]: ...
    def opposed_odds(self, first: Any, second: Any, rules: Any) -> dict[str, Any]: ...
    def teamwork_odds(self, leader: Any, assisters: list[Any], rules: Any) -> dict[str, Any]: ...


def canonical_rules(rules: Any) -> str:
    """A ruleset as the canonical JSON its fingerprint hashes (and an export carries): what
    judges a roll. A field marked ``table_only`` (how the tracker runs, never a die's
    meaning: fs3/combat/gear.py ``carry_over``) is left out, so setting it keeps the
    fingerprints the verifier knows."""
    data = plain(rules)
    _drop_table_only(rules, data)
    return json.dumps(data, sort_keys=True, default=str)


def _drop_table_only(obj: Any, data: dict[str, Any]) -> None:
    for f in fields(obj):
        if f.metadata.get("table_only"):
            data.pop(f.name, None)
        elif is_dataclass(value := getattr(obj, f.name, None)) and isinstance(
            data.get(f.name), dict
        ):
            _drop_table_only(value, data[f.name])


def ruleset_version(rules: Any) -> str:
    """A short fingerprint of the ruleset a roll was judged by, for the log: the first 16
    hex digits of the SHA-256 of its canonical JSON."""
    return hashlib.sha256(canonical_rules(rules).encode()).hexdigest()[:16]


class BaseSystem:
    """What every system shares: its ruleset from a game's stored house rules (the one
    loader, rollplay.systems.rulesets), sheet files in its own format, and no
    character-creation rules, points or contests unless it says otherwise."""

    name = ""
    options: tuple[str, ...] = ()
    capabilities: ClassVar[frozenset[str]] = frozenset()

    def ruleset(self, edition: str, rules: Mapping[str, Any]) -> Any:
        from rollplay.systems.rulesets import load

        return load(self.name, edition=edition, rules=rules)

    def read_sheet(self, path: str) -> dict[str, Any]:
        from rollplay.errors import RollplayError
        from rollplay.rulesfile import read

        if Path(path).suffix.lower() == ".gcs":
            raise RollplayError(f"{path}: a GCS file is a GURPS character; this game plays "
                                f"{self.name}")  # fmt: skip
        return read(path, "sheet", RollplayError)

    def problems(self, sheet: Mapping[str, Any], rules: Any) -> list[str]:
        return []

    def imported_problems(self, sheet: Mapping[str, Any], rules: Any) -> list[str]:
        """An imported character's problems: the game's rules, not a creation budget
        (issue 38; rulings A44). A system with no import holds it to ``problems``."""
        return self.problems(sheet, rules)

    def tallies(self, sheet: Mapping[str, Any], rules: Any) -> list[Tally]:
        """What a stored sheet spends of the game's character-creation points."""
        return []

    def sheet_facts(self, sheet: Any, rules: Any) -> dict[str, Any]:
        """What a sheet shows beyond its data (FS3: rating names, dice, wound modifier)."""
        return {}

    def points_shown(self, row: Any) -> dict[str, Any]:
        """The points of a character's columns this system uses, as a sheet shows them."""
        return {}

    def starting_points(self, sheet: Mapping[str, Any], rules: Any) -> Points:
        return Points()

    def ability_names(self, sheet: Any, rules: Any) -> list[str]:
        """What a character can roll by name (for the command language's suggestions)."""
        return [*sheet.attributes, *sheet.skills]

    def visibility(self, request: Request, asked: str) -> str:
        """Who sees a roll: as asked, unless the system's rules decide."""
        return asked

    def answer_spends(self, rules: Any) -> tuple[str, ...]:
        """What a roll's roller may spend on it before it is made, as a request's card
        offers it (rulings R31): none, unless the system has points."""
        return ()

    def answer_luck(self, luck: str) -> None:
        """Refuse, in one line, luck a request's answer may not spend (it is its roller's
        own roll: rulings R31). A system without luck leaves it to ``check_options``."""

    def allowance(self, request: Request) -> Allowance | None:
        """The roll the Storyteller may allow, asked for, when the rules refuse ``request``
        (rulings R31); None: the system has no such allowance, and a refusal stands."""
        return None

    def check_player_edit(
        self, before: Mapping[str, Any] | None, after: Mapping[str, Any], rules: Any
    ) -> None:
        """Refuse (Forbidden, one line) a player's own sheet that sets what only the
        Storyteller sets (``before``: the stored sheet, None for a new one; both stored
        sheets). Nothing, unless the system keeps such a thing on its sheets."""

    def opposed(self, first: Any, second: Any, rules: Any, dice: Dice) -> dict[str, Any]:
        raise NotImplementedError  # only systems with the "opposed" capability are asked

    def teamwork(self, leader: Any, assisters: list[Any], rules: Any, dice: Dice) -> dict[str, Any]:
        raise NotImplementedError  # only systems with the "teamwork" capability are asked

    def opposed_odds(self, first: Any, second: Any, rules: Any) -> dict[str, Any]:
        raise NotImplementedError  # as opposed

    def teamwork_odds(self, leader: Any, assisters: list[Any], rules: Any) -> dict[str, Any]:
        raise NotImplementedError  # as teamwork
