"""What every surface says of an AresMUSH import and writes for an export (issue 38): the
report as the JSON the CLI's ``--json`` and the API answer alike, and a game's house rules
as AresMUSH config files' text, one by one or as a .zip of the folder (the web's download)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Mapping
from itertools import groupby
from typing import Any

from rollplay.aresmush.report import Item, Report, Status

STATUSES: tuple[Status, ...] = ("kept", "converted", "unsupported")


def report_json(report: Report, edition: str, dry_run: bool) -> dict[str, Any]:
    """``rollplay import aresmush --json``'s answer (docs/moving.md)."""
    return {
        "game": report.game, "edition": edition, "dry_run": dry_run,
        "counts": {status: report.count(status) for status in STATUSES},
        "items": [{"file": i.file, "key": i.key, "status": i.status, "note": i.note}
                  for i in report.items],
    }  # fmt: skip


def config_text(data: Mapping[str, Any]) -> str:
    """One config file's YAML, as AresMUSH's own files begin."""
    import yaml

    return "---\n" + yaml.safe_dump(dict(data), sort_keys=False, allow_unicode=True)


def config_zip(files: Mapping[str, Mapping[str, Any]]) -> bytes:
    """The files in a .zip, flat, as a game's game/config folder holds them."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(files.items()):
            archive.writestr(name, config_text(data))
    return out.getvalue()


# The web report: a file's unsupported settings first, then the converted, then the kept.
SHOWN: tuple[Status, ...] = ("unsupported", "converted", "kept")


def grouped(items: tuple[Item, ...]) -> list[tuple[str, list[tuple[Status, list[Item]]]]]:
    """The items file by file (in the report's order), each file's by status as SHOWN."""
    out = []
    for file, in_file in groupby(items, key=lambda i: i.file):
        listed = list(in_file)
        by_status = [(s, [i for i in listed if i.status == s]) for s in SHOWN]
        out.append((file, [(s, found) for s, found in by_status if found]))
    return out
