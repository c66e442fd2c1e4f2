"""Helpers for tests that read the table's typed answers (rollplay.table.answers) and events
(rollplay.table.events): narrow a union to the type a test expects, and read into a sheet's
or a payload's JSON."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from rollplay.table.answers import CombatStatus
from rollplay.table.events.combat import Standing

T = TypeVar("T")


def of(cls: type[T], value: object) -> T:
    """``value``, which must be a ``cls``: a roll's answer is a union of every system's, an
    event's data a union of every kind's."""
    assert isinstance(value, cls), f"expected a {cls.__name__}, got {value!r}"
    return value


def dig(value: object, *path: str | int) -> Any:
    """``value[path[0]][path[1]]...`` of JSON (a sheet, a rule set), each step checked to be
    an object or a list."""
    for key in path:
        if isinstance(key, str):
            assert isinstance(value, dict), f"not an object at {key!r}: {value!r}"
            value = value[key]
        else:
            assert isinstance(value, list | tuple), f"not a list at {key!r}: {value!r}"
            value = value[key]
    return value


def dumped(model: BaseModel) -> dict[str, Any]:
    """A model's JSON, as the command line's ``--json`` and the API print it."""
    return model.model_dump(mode="json", by_alias=True)


def standings(status: CombatStatus) -> list[Standing]:
    """How each combatant stands, as a status (or a move of luck) tells it."""
    return [of(Standing, c) for c in status.combatants]
