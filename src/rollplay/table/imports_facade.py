"""The service's typed shorthands for bringing a game in from AresMUSH and taking it out
(issue 38; docs/moving.md): service.py's ``Service`` is one of these, as it is an
``AccessService``; each a call into the play/ module that holds the operation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rollplay.table.access.facade import AccessService
from rollplay.table.play import imports as _imports
from rollplay.table.play import scene_import as _scene_import

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from rollplay.aresmush.report import Report
    from rollplay.aresmush.scenes import SceneLog
    from rollplay.table.answers import LogImported
    from rollplay.table.play.sheet_imports import SheetsImported


class ImportService(AccessService):
    """Games, characters and scenes brought in, and a game's rules written out."""

    def import_aresmush(
        self, name: str, files: Mapping[str, bytes], *, edition: str = "3.3",
        dry_run: bool = False, where: str = "the upload",
    ) -> Report:  # fmt: skip
        """A game made from an AresMUSH config's files, by name (issue 38)."""
        return _imports.import_aresmush(
            self, name, files, edition=edition, dry_run=dry_run, where=where
        )

    def aresmush_files(self, name: str) -> dict[str, Mapping[str, Any]]:
        """A game's house rules as AresMUSH config files' data, by file name (issue 38)."""
        return _imports.aresmush_files(self, name)

    def import_sheets(
        self, game_name: str, files: Sequence[tuple[str, bytes]], player: str | None = None
    ) -> SheetsImported:
        """AresMUSH sheets made characters of an FS3 game, unapproved, with where each came
        from and a report of each line (issue 38; loaded when first used)."""
        from rollplay.table.play import sheet_imports

        return sheet_imports.import_sheets(self, game_name, files, player)

    def import_scenes(self, game_name: str, logs: Sequence[tuple[str, SceneLog]]
                      ) -> list[LogImported]:  # fmt: skip
        """Scene logs, by file name, made finished scenes of a game, all or none (issue 38)."""
        return _scene_import.import_logs(self, game_name, logs)
