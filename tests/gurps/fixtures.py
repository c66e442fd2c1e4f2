"""The real GCS files the GCS tests read (MPL-2.0, from outside the project: never copied in)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parents[2]
GCS = ROOT.parent / "shared" / "fixtures" / "gcs"
FIXTURES = ("louis-dantares.gcs", "orc-leader.gcs")
needs_fixtures = pytest.mark.skipif(
    not GCS.is_dir(), reason=f"needs the real GCS files at {GCS} (../shared/fixtures, kept outside)"
)


def fixture_text(name: str) -> str:
    return (GCS / name).read_text(encoding="utf-8")


def fixture_data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(fixture_text(name))
    return data
