"""Reading the fs3skills settings of an AresMUSH config: each found where it sits (AresMUSH
merges every file's section) and claimed in the report there; a value of the wrong kind is
one line naming the file and the key (issue 38)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rollplay.aresmush.config import Config, ConfigError
from rollplay.aresmush.report import Claims, Status

PLUGIN = "fs3skills"


class Reader:
    """Reads settings of the fs3skills section, claiming each where it sits."""

    def __init__(self, config: Config, claims: Claims) -> None:
        self.config = config
        self.claims = claims

    def get(self, key: str) -> tuple[str, Any] | None:
        return self.config.setting(PLUGIN, key)

    def claim(self, file: str, key: str, status: Status, note: str) -> None:
        self.claims.claim(file, f"{PLUGIN}.{key}", status, note)

    def each(self, key: str, status: Status, note: str, read: Callable[[str, Any], None]) -> None:
        """Read ``key`` where present (claiming it) with ``read(file, value)``."""
        found = self.get(key)
        if found is not None:
            file, value = found
            read(file, value)
            self.claim(file, key, status, note)

    def bad(self, key: str, what: str) -> ConfigError:
        found = self.get(key)
        where = found[0] if found else "fs3skills"
        return ConfigError(" ".join(f"{where}: fs3skills.{key} {what}".split()))


def as_bool(r: Reader, key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise r.bad(key, f"must be true or false, not {value!r}")
    return value


def as_int(r: Reader, key: str, value: Any, low: int = 0) -> int:
    """A whole number of at least ``low`` (AresMUSH's validator's require_int; YAML keys
    such as '5' are numbers written as text)."""
    try:
        number = int(str(value).strip()) if not isinstance(value, bool) else None
    except ValueError:
        number = None
    if number is None or number < low:
        raise r.bad(key, f"must be a whole number of at least {low}, not {value!r}")
    return number
