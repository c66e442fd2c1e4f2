"""The shared tampering corpus (tests/verify_corpus/forge.py) against both verifiers: every
file gets the same verdict from rollplay verify (Python) and from verify_log.js, the Verify
page's own checker, run by Node: the same exit status, each roll's status and lines, and
the same problems. Each forgery's status is the one the threat model says (docs/verify.md)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from rollplay.table.dice.provable_log import BadLog, read_log, verify_log
from rollplay.table.service import Table
from tests.verify_corpus import asked, forge
from tests.verify_corpus.d6 import d6_corpus, play_d6
from tests.verify_corpus.gurps import gurps_corpus, play_gurps
from tests.verify_corpus.house import house_corpus, play_house
from tests.verify_corpus.team import play_team, team_corpus

RUNNER = Path(__file__).parents[1] / "verify_corpus" / "run_js.mjs"
NODE = os.environ.get("ROLLPLAY_NODE") or (
    None if os.environ.get("ROLLPLAY_SKIP_NODE") else shutil.which("node")
)


def _python(path: Path) -> dict[str, Any]:
    beside = path.with_name(path.name.replace(".jsonl", ".options.json"))
    options = json.loads(beside.read_text()) if beside.exists() else {}
    try:
        lines = read_log(path.read_text(encoding="utf-8"))
    except BadLog as exc:
        return {"file": str(path), "code": 2, "error": str(exc)}
    report = verify_log(lines, commitments=options.get("commitments", ()),
                        client_seeds=options.get("clientSeeds"))  # fmt: skip
    return {"file": str(path), "code": report.code, "summary": report.summary(),
            "verdicts": [[v.id, v.status, v.problems] for v in report.verdicts],
            "seed_problems": report.seed_problems, "unproven": report.unproven}  # fmt: skip


def _node(paths: list[Path]) -> list[dict[str, Any]]:
    assert NODE is not None
    done = subprocess.run([NODE, "--experimental-default-type=module", str(RUNNER),
                           *map(str, paths)], capture_output=True, text=True, timeout=300,
                          check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.fixture
def cases(table: Table, tmp_path: Path) -> dict[str, forge.Case]:
    forge.play(table)
    stella, pia = table.acting_as("Stella"), table.acting_as("Pia")
    unrevealed = stella.export_log("jsonl", game_name=forge.GAME)
    forge.rotate(table)
    honest = stella.export_log("jsonl", game_name=forge.GAME)
    crypt = Table(f"sqlite:///{tmp_path / 'crypt.db'}")  # one game to a database (forge.py)
    try:
        gurps = gurps_corpus(play_gurps(crypt))
    finally:
        crypt.close()
    stars = Table(f"sqlite:///{tmp_path / 'stars.db'}")
    try:
        d6 = d6_corpus(play_d6(stars))
    finally:
        stars.close()
    more = {}
    alone_games = (("keep", play_house, house_corpus), ("crew", play_team, team_corpus))
    for name, play, corpus in alone_games:
        alone = Table(f"sqlite:///{tmp_path / name}.db")  # one game to a database (forge.py)
        try:
            more.update(corpus(play(alone)))
        finally:
            alone.close()
    texts = []
    for name, play in (("reach", asked.play_fs3), ("vault", asked.play_gurps),
                       ("dunes", asked.play_d6)):  # fmt: skip
        alone = Table(f"sqlite:///{tmp_path / name}.db")
        try:
            texts.append(play(alone))
        finally:
            alone.close()
    more.update(asked.asked_corpus(*texts))
    return {**forge.corpus(honest, unrevealed, pia.export_log("jsonl", game_name=forge.GAME)),
            **gurps, **d6, **more}  # fmt: skip


def test_both_verifiers_give_every_file_of_the_corpus_its_verdict(
    cases: dict[str, forge.Case], tmp_path: Path
) -> None:
    paths = forge.write(cases, tmp_path)
    in_python = [_python(path) for path in paths]
    for name, said in zip(cases, in_python, strict=True):
        assert said["code"] == cases[name].code, (name, said)
    if NODE is None:  # scripts/test installs node (scripts/_node.sh); ROLLPLAY_SKIP_NODE skips
        pytest.skip("no node to run verify_log.js: the corpus ran in Python alone")
    assert _node(paths) == in_python


def test_the_browsers_fs3_levels_are_pythons_for_every_count() -> None:
    """verify_outcomes.js carries the FS3 presets provable_outcomes does (which a test holds to
    the rules engine) and judges a level alike at every count, not only those the corpus
    happens to roll."""
    from rollplay.table.dice.provable_outcomes import FS3_PRESETS, fs3_judged

    if NODE is None:
        pytest.skip("no node to run verify_outcomes.js")
    module = (Path(__file__).parents[2] / "src/rollplay/server/static/verify_outcomes.js").as_uri()
    script = f"""
        const {{ FS3_PRESETS, fs3Judged }} = await import({json.dumps(module)});
        const out = {{}};
        for (const [version, rules] of Object.entries(FS3_PRESETS)) {{
          const all = out[version] = [Object.values(rules)];
          for (let dice = 0; dice < 25; dice++)
            for (let s = 0; s <= dice; s++)
              for (let ones = 0; ones <= dice - s; ones++)
                for (const a of [null, 0, 1, 2, 3, 4]) all.push(fs3Judged(s, ones, dice, a, rules));
        }}
        process.stdout.write(JSON.stringify(out));
    """
    done = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True,
                          text=True, timeout=120, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    expected = {
        version: [json.loads(json.dumps(rules)),
                  *(list(fs3_judged(s, ones, dice, a, rules)) for dice in range(25)
                    for s in range(dice + 1) for ones in range(dice - s + 1)
                    for a in (None, 0, 1, 2, 3, 4))]
        for version, rules in FS3_PRESETS.items()
    }  # fmt: skip
    assert json.loads(done.stdout) == expected


def test_the_browsers_d6_totals_are_pythons() -> None:
    """verify_outcomes.js re-computes a D6 check's total and success as provable_outcomes
    does, with the same lines, on every check the engine judges in tests/verify_corpus/d6.py
    and on each of its alterations, not only on the corpus's few rolls."""
    from rollplay.table.dice.provable_outcomes import D6_PRESETS, d6_problems
    from tests.verify_corpus.d6 import altered, engine_rolls

    if NODE is None:
        pytest.skip("no node to run verify_outcomes.js")
    lines = [changed for line in engine_rolls() for changed in (line, *altered(line))]
    module = (Path(__file__).parents[2] / "src/rollplay/server/static/verify_outcomes.js").as_uri()
    script = f"""
        const {{ D6_PRESETS, d6Problems }} = await import({json.dumps(module)});
        const lines = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
        const presets = Object.fromEntries(Object.entries(D6_PRESETS)
          .map(([v, r]) => [v, Object.values(r)]));
        process.stdout.write(JSON.stringify([presets, lines.map((line) => d6Problems(line))]));
    """
    done = subprocess.run([NODE, "--input-type=module", "-e",
                           "import { createRequire } from 'node:module';"
                           "const require = createRequire(import.meta.url);" + script],
                          input=json.dumps(lines), capture_output=True, text=True, timeout=120,
                          check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    presets = {v: json.loads(json.dumps(r)) for v, r in D6_PRESETS.items()}
    said = json.loads(done.stdout)
    assert said[0] == presets
    expected = [d6_problems(line) for line in lines]
    assert sum(map(bool, expected)) > len(lines) // 2  # the alterations are caught
    assert said[1] == expected
