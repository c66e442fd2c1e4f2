"""The settings an import reports as unsupported, kept as the game had them (issue 38,
section 4: leaving loses nothing; rulings A18, A37). A MUSH-only setting (shortcuts,
achievements, permissions, crons, channels, gear's descriptions, a game's own keys) judges
nothing in rollplay, but a group that leaves takes it back: the import keeps its raw value
in the house rules' ``aresmush`` table (``AresSetting``, left out of the ruleset's
fingerprint) and the export writes it back where it was."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import yaml

from rollplay.aresmush.config import Config
from rollplay.aresmush.report import Item
from rollplay.systems.fs3.house import AresSetting


def gather(config: Config, items: tuple[Item, ...]) -> list[dict[str, Any]]:
    """Each unsupported setting's raw value, as the house rules' ``aresmush`` rows: the
    highest table whose every setting is unsupported is kept whole (``shortcuts``), else
    each unsupported setting under it (``weapons.Knife.description``)."""
    unsupported = {(i.file, i.key) for i in items if i.status == "unsupported"}
    out: list[dict[str, Any]] = []

    def visit(file: str, value: Any, path: tuple[str | int, ...], dotted: str) -> None:
        leaves = config.leaves_under(file, dotted) if dotted else ()
        if leaves and all((file, leaf) in unsupported for leaf in leaves):
            text = yaml.safe_dump(value, allow_unicode=True, sort_keys=False)
            out.append({"file": file, "path": list(path), "value": text})
        elif isinstance(value, Mapping):
            for key, inner in value.items():
                step = key if isinstance(key, int) and not isinstance(key, bool) else str(key)
                visit(file, inner, (*path, step), f"{dotted}.{key}" if dotted else str(key))
        # A list partly supported (attributes, action skills) is written whole from the
        # ruleset; its entries' unknown keys are not kept (rulings A18).

    for name, found in config.files.items():
        visit(name, found.data, (), "")
    # in one order whatever the files' order, so a game written back imports the same
    return sorted(out, key=lambda row: (row["file"], [str(step) for step in row["path"]]))


def restore(
    files: Mapping[str, Mapping[str, Any]], kept: tuple[AresSetting, ...], prefix: str
) -> dict[str, Mapping[str, Any]]:
    """``files`` (one side's, by name) with this side's kept settings written back. A
    top-level setting goes back to its own file only (AresMUSH merges files: two copies
    would race); a setting inside an entry the ruleset no longer has (a weapon deleted
    since) is dropped with it."""
    out: dict[str, Any] = copy.deepcopy(dict(files))  # defaults.py's tables are shared
    for row in kept:
        if not row.file.startswith(prefix) or not row.path:
            continue
        value = yaml.safe_load(row.value)
        if len(row.path) == 2:  # plugin.setting: any other file's copy gives way
            for other, data in out.items():
                section = data.get(str(row.path[0]))
                if other != row.file and isinstance(section, dict):
                    section.pop(row.path[1], None)
        node: dict[Any, Any] = out.setdefault(row.file, {})
        for depth, step in enumerate(row.path[:-1]):
            inner = node.get(step)
            if not isinstance(inner, dict):
                if depth >= 2 and node:  # an entry of a table the ruleset writes: gone
                    break
                inner = node[step] = {}
            node = inner
        else:
            node[row.path[-1]] = value
    return out
