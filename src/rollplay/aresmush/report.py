"""What became of each setting of an AresMUSH config (issue 38): every leaf of every file
is one ``Item``, kept as it is, converted (saying how, and what it changes), or
unsupported (saying why, and what rollplay does instead). A converter *claims* the keys
it reads; whatever no converter claimed is reported as unknown, so nothing is dropped in
silence, and a test holds the real configs to having no unknown key."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from rollplay.aresmush.config import Config

Status = Literal["kept", "converted", "unsupported"]
UNKNOWN = "rollplay does not know this setting; it is held only to be written back on export"


@dataclass(frozen=True)
class Item:
    """One setting: ``key`` is its dotted path in ``file`` (``fs3combat.weapons.Knife.
    damage``; a list's entries by their ``name`` where they have one, else by place)."""

    file: str
    key: str
    status: Status
    note: str


@dataclass
class Claims:
    """The items a converter has reported so far, by (file, key)."""

    config: Config
    items: dict[tuple[str, str], Item] = field(default_factory=dict)

    def claim(self, file: str, key: str, status: Status, note: str) -> None:
        """Report ``key`` of ``file`` (and every leaf under it, when it is a table or a
        list) as ``status``: a later claim of the same leaf replaces an earlier one, so a
        converter may claim a whole table and then say more of one of its leaves."""
        leaves = self.config.leaves_under(file, key) or (key,)
        for leaf in leaves:
            self.items[(file, leaf)] = Item(file, leaf, status, note)

    def claim_all(self, file: str, keys: Iterable[str], status: Status, note: str) -> None:
        for key in keys:
            self.claim(file, key, status, note)

    def finished(self) -> tuple[Item, ...]:
        """Every leaf of every file, in file order: claimed, or unsupported as unknown."""
        out: list[Item] = []
        for name, config_file in self.config.files.items():
            for key in config_file.leaves:
                item = self.items.get((name, key))
                out.append(item or Item(name, key, "unsupported", UNKNOWN))
        return tuple(out)


@dataclass(frozen=True)
class Report:
    """An import's account: the game it made (or would make, on a dry run) and each
    setting's fate, in file order."""

    game: str
    items: tuple[Item, ...]

    def count(self, status: Status) -> int:
        return sum(1 for item in self.items if item.status == status)
