"""Every parser's time on a megabyte (issue 13's linear-time bound), held here rather than in
the suite, where a busy machine could fail it: runs the tests that feed parsers a megabyte
(tests/fuzzing.takes_a_megabyte) with ROLLPLAY_PARSE_TIMES set, then checks each recorded
time against its bound. Exit 1 if any parser missed its bound.

Run: .venv/bin/python bench/parse_times.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = [
    "tests/d6",
    "tests/fs3",
    "tests/grammar",
    "tests/gurps",
    "tests/test_rulesfile.py",
    "tests/table/test_heal_cli.py",
]


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "times.jsonl"
        env = {**os.environ, "ROLLPLAY_PARSE_TIMES": str(report)}
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", *TESTS], cwd=ROOT,
                              env=env, check=False, capture_output=True, text=True)  # fmt: skip
        if done.returncode != 0:
            print(done.stdout[-2000:], done.stderr[-2000:])
            return 1
        rows = [json.loads(line) for line in report.read_text().splitlines()]
    worst = 0.0
    for row in sorted(rows, key=lambda r: r["seconds"] / r["bound"], reverse=True):
        share = row["seconds"] / row["bound"]
        worst = max(worst, share)
        mark = "MISSED" if share > 1 else ""
        print(f"{row['seconds'] * 1e3:8.1f} ms  (bound {row['bound']:.1f} s)  "
              f"{row['chars']:>9,} chars  {row['test']} {mark}")  # fmt: skip
    print(f"{len(rows)} parser runs; the slowest used {worst:.0%} of its bound")
    return 1 if worst > 1 else 0


if __name__ == "__main__":
    sys.exit(main())
