"""What every part of the combat side shares (issue 38): a setting found in whichever file
holds it (AresMUSH merges every file's ``fs3combat`` section), its claim in the report, and
one line, naming the file and key, for a setting that cannot be read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from difflib import get_close_matches
from typing import Any

from rollplay.aresmush.config import Config, ConfigError
from rollplay.aresmush.report import Claims, Status

PLUGIN = "fs3combat"
OWN_CODE = (
    "not a setting AresMUSH's FS3 combat reads (a game's own code may); rollplay does not use it"
)
BLURB = (
    "a description for players' lists; rollplay's gear has none, so it is held only to be "
    "written back on export"
)


@dataclass
class Side:
    """The config being read and the report's claims, with the lookups each part uses."""

    config: Config
    claims: Claims

    def find(self, key: str) -> tuple[str, Any] | None:
        """(file, value) of ``fs3combat.key``, wherever it sits."""
        return self.config.setting(PLUGIN, key)

    def table(self, key: str, rows: bool = True) -> tuple[str, Mapping[str, Any]]:
        """A setting that must be a table of named entries ({} where absent; AresMUSH also
        writes an empty one as ``[]``)."""
        found = self.find(key)
        if found is None:
            return "", {}
        file, value = found
        if value is None or value in ([], {}):
            self.claim(file, key, "kept", "none listed")
            return file, {}
        if not isinstance(value, Mapping):
            raise self.bad(file, key, f"a table of named entries, not {kind_of(value)}")
        for name, entry in value.items():
            if rows and not isinstance(entry, Mapping):
                raise self.bad(file, f"{key}.{name}", f"a table of settings, not {kind_of(entry)}")
        return file, value

    def claim(self, file: str, key: str, status: Status, note: str) -> None:
        self.claims.claim(file, f"{PLUGIN}.{key}", status, note)

    def bad(self, file: str, key: str, what: str) -> ConfigError:
        return ConfigError(f"{file or 'config'}: {PLUGIN}.{key}: {what}")

    def number(self, file: str, key: str, value: Any, *, whole: bool = True) -> int | float:
        ok = (int,) if whole else (int, float)
        if isinstance(value, bool) or not isinstance(value, ok):
            wanted = "a whole number" if whole else "a number"
            raise self.bad(file, key, f"{wanted}, not {value!r}")
        return value

    def text(self, file: str, key: str, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.bad(file, key, f"a name, not {value!r}")
        return value.strip()

    def names(self, file: str, key: str, value: Any) -> tuple[str, ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            raise self.bad(file, key, f"a list of names, not {kind_of(value)}")
        return tuple(self.text(file, f"{key}.{i}", v) for i, v in enumerate(value))

    def rest(self, file: str, key: str, entry: Mapping[str, Any], read: tuple[str, ...]) -> None:
        """Claim an entry's settings this converter does not read (a blurb, or a key of a
        game's own code) as unsupported."""
        for name in entry:
            if name == "description":
                self.claim(file, f"{key}.{name}", "unsupported", BLURB)
            elif name not in read:
                near = get_close_matches(str(name).casefold(), read, n=1, cutoff=0.75)
                note = OWN_CODE
                if near:  # "Ammo", "recoi": AresMUSH reads neither, so neither does rollplay
                    note = (
                        f"a misspelling of {near[0]!r}? AresMUSH reads only {near[0]!r}, so "
                        f"it ignores this key, and rollplay does too"
                    )
                self.claim(file, f"{key}.{name}", "unsupported", note)


def kind_of(value: Any) -> str:
    if isinstance(value, Mapping):
        return "a table"
    return "a list" if isinstance(value, list) else repr(value)


def abilities(config: Config) -> tuple[set[str], set[str]] | None:
    """(action skills, attributes) the config's fs3skills files name, casefolded; None when
    it has none (a combat-only folder: the edition's then stand)."""
    found = []
    for key, field in (("action_skills", "name"), ("attributes", "name")):
        hit = config.setting("fs3skills", key)
        names = set()
        if hit is not None and isinstance(hit[1], list):
            for entry in hit[1]:
                if isinstance(entry, Mapping) and isinstance(entry.get(field), str):
                    names.add(entry[field].casefold())
        found.append(names)
    return None if not found[0] and not found[1] else (found[0], found[1])
