"""GURPS characters for success rolls: attributes, trained skills, and defaults (001 Default
Rolls, The Rule of 20, "No Default").

A sheet is plain data (the file format is in docs/gurps.md; ``sheet.py`` reads it):

    name: Louis
    attributes: {ST: 10, DX: 12, IQ: 12, HT: 11}     # Will and Per default to IQ
    skills: {Intimidation: 14, Psychology: 13}
    defaults: {Interrogation: [IQ-5, Intimidation-3, Psychology-4], Alchemy: none}

``defaults`` says how skills default, adding to (and overriding) the few the text names,
which are built in (``BUILT_IN_DEFAULTS``). The character and its levels are ``levels.py``'s,
reading a sheet ``sheet.py``'s; this module offers both under one name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.systems.gurps.defaults import BUILT_IN_DEFAULTS, Default, parse_default
from rollplay.systems.gurps.levels import Character, Level
from rollplay.systems.gurps.names import ATTRIBUTES, SheetError
from rollplay.systems.gurps.sheet import read_sheet

__all__ = [
    "ATTRIBUTES",
    "BUILT_IN_DEFAULTS",
    "Character",
    "Default",
    "Level",
    "SheetError",
    "from_mapping",
    "parse_default",
]


def from_mapping(data: Mapping[str, Any], source: str = "sheet") -> Character:
    """A character from a sheet's plain data; the first problem is named in one line."""
    return read_sheet(data, source)
