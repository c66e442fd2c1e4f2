"""The real AresMUSH configs the import tests read (CC BY-NC-SA 4.0, from outside the
project: read in place, never copied in; ../shared/fixtures/aresmush/LICENSE.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
ARES = ROOT.parent / "shared" / "fixtures" / "aresmush"
# The default game's config, and two games' own house rules (SOURCES.txt there).
GAMES = ("AresMUSH__aresmush", "CharlyLeetham__aresmush", "Red-Planet-MU__aresmush")
needs_configs = pytest.mark.skipif(
    not ARES.is_dir(), reason=f"needs the real AresMUSH configs at {ARES} (kept outside)"
)


def game_dir(game: str) -> Path:
    return ARES / game
