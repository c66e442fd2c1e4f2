"""The bench scripts import their shared helpers top-level (``load.*``), as mypy reads them
(pyproject: mypy_path); these tests do the same."""

import sys
from pathlib import Path

BENCH = str(Path(__file__).resolve().parents[2] / "bench")
if BENCH not in sys.path:
    sys.path.insert(0, BENCH)
