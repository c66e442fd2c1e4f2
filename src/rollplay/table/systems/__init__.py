"""The systems registry: each system's adapter (fs3.py, gurps.py, d6.py) behind the typed
``System`` interface (protocol.py), and what each can do at the table. The service asks
here, never ``game.system == ...``."""

from __future__ import annotations

from typing import Any

from rollplay.errors import RollplayError, RuleError
from rollplay.systems.rulesets import SYSTEMS
from rollplay.table.systems.d6 import D6
from rollplay.table.systems.fs3 import FS3
from rollplay.table.systems.gurps import GURPS
from rollplay.table.systems.protocol import CAPABILITIES, System, ruleset_version
from rollplay.table.systems.request import (
    OPTION_NAMES,
    Points,
    Request,
    check_options,
    spent,
)

_REGISTRY: dict[str, System] = {"fs3": FS3(), "gurps": GURPS(), "d6": D6()}


def system(name: str) -> System:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise RollplayError(f"unknown system {name!r}; accepted: {', '.join(SYSTEMS)}") from None


def require(game: Any, capability: str, what: str, source: str) -> System:
    """The game's system, if it can do ``capability``; else one line saying which systems
    can (``what`` is the thing asked for, ``source`` the text that has it)."""
    assert capability in CAPABILITIES, capability
    found = system(game.system)
    if capability in found.capabilities:
        return found
    owners = " and ".join(n.upper() for n, s in _REGISTRY.items() if capability in s.capabilities)
    raise RuleError(f"{what} is {owners}'s ({source}); {game.name} plays {game.system}")


__all__ = [
    "CAPABILITIES", "OPTION_NAMES", "SYSTEMS", "Points", "Request", "System", "check_options",
    "require", "ruleset_version", "spent", "system",
]  # fmt: skip
