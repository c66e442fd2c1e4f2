"""The numbers each verifier reads from a ruleset's canonical data (provable_rules.py, rulings
V14) are the ones the rules engine judges by: an edition's are its preset's, by fingerprint,
and a house ruleset's judge every count as the engine does."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from rollplay.systems.d6.presets import EDITIONS as D6_EDITIONS
from rollplay.systems.fs3.judging import judge_counts
from rollplay.systems.fs3.presets import EDITIONS as FS3_EDITIONS
from rollplay.systems.gurps.presets import EDITIONS as GURPS_EDITIONS
from rollplay.table.dice.provable_d6 import D6_PRESETS, d6_preset
from rollplay.table.dice.provable_fs3 import FS3_PRESETS, fs3_judged, fs3_preset
from rollplay.table.dice.provable_gurps import GURPS_PRESETS, gurps_preset
from rollplay.table.dice.provable_rules import _parsed, fingerprint
from rollplay.table.systems import ruleset_version, system
from rollplay.table.systems.protocol import canonical_rules


def test_an_editions_canonical_data_gives_its_preset() -> None:
    for editions, presets, read in ((FS3_EDITIONS, FS3_PRESETS, fs3_preset),
                                    (D6_EDITIONS, D6_PRESETS, d6_preset),
                                    (GURPS_EDITIONS, GURPS_PRESETS, gurps_preset)):  # fmt: skip
        for rules in editions.values():
            text = canonical_rules(rules)
            assert fingerprint(text) == ruleset_version(rules)
            assert read(json.loads(text)) == presets[ruleset_version(rules)]


def test_a_house_rulesets_data_judges_every_count_as_the_engine() -> None:
    house = {"success_at": 6, "embarrassing_title": "Disaster", "opposed_counts_embarrassing": True,
             "levels": [{"at_least": 0, "title": "Miss"}, {"at_least": 3, "title": "Hit"}],
             "assist_modifiers": [-1, 1]}  # fmt: skip
    for edition in ("3.2", "3.3"):
        rules = system("fs3").ruleset(edition, house)
        read = fs3_preset(json.loads(canonical_rules(rules)))
        assert read is not None
        assert read.success_at == 6
        assert read.counts_embarrassing
        for dice in range(12):
            for s in range(dice + 1):
                for ones in range(dice - s + 1):
                    for attribute in (None, 1, 2, 4):
                        assert fs3_judged(s, ones, dice, attribute, read) == judge_counts(
                            s, ones, dice, attribute, rules
                        )


def test_a_files_band_far_up_is_looked_up_not_listed() -> None:
    """A log's ruleset may put a level at any count; the verifier judges by looking the
    bands up, never by listing a level for every count up to it (FS3Preset.level_of)."""
    far = FS3_PRESETS[next(iter(FS3_PRESETS))]._replace(
        levels=((0, "Failure"), (1, "Success"), (10**15, "Legend"))
    )
    assert len(far.level_of) == 10**15 + 1
    assert fs3_judged(3, 0, 5, None, far) == ("Success", False)
    assert fs3_judged(10**15, 0, 10**15, None, far) == ("Legend", False)
    assert fs3_judged(0, 4, 5, None, far) == (far.embarrassing_title, True)


def _altered(data: dict[str, Any]) -> list[dict[str, Any]]:
    """A ruleset's data, and each field that a reader takes removed or of another type."""
    out = [data]
    for key in READ:
        if key in data:
            out += [{k: v for k, v in data.items() if k != key}]
            wrong: tuple[Any, ...] = (None, "7", True, 2.5, [], {}, [[1, 2, 3]])
            out += [{**data, key: bad} for bad in wrong]
    nested = {"levels": [{"at_least": 0, "title": "Miss"}, {"at_least": 2}],
              "margins": [{"at_least": 1, "title": "Win"}], "assist_modifiers": ["1", 2],
              "rushing": [[25, "5"]], "critical_success_at": [[5, 15.0]]}  # fmt: skip
    return out + [{**data, key: bad} for key, bad in nested.items() if key in data]


READ = ("success_at", "levels", "embarrassing", "embarrassing_only_on_failure",
        "default_attribute", "embarrassing_title", "opposed_counts_embarrassing", "margins",
        "assist_modifiers", "assist_cap", "explode_on", "ties_succeed", "bonus_divisor",
        "damage_divisor", "rushing", "always_succeed_up_to", "always_fail_from",
        "critical_success_up_to", "critical_success_at", "critical_failure_from",
        "critical_failure_at", "critical_failure_margin")  # fmt: skip


def test_the_browser_reads_every_ruleset_as_python_does() -> None:
    """verify_fs3.js, verify_d6.js and verify_gurps.js read a ruleset's data as fs3_preset,
    d6_preset and gurps_preset do, an altered one too (a field gone or of another type):
    the same numbers, or both none."""
    from tests.table.test_verify_corpus import NODE

    if NODE is None:
        pytest.skip("no node to run the browser's verifier")
    texts = [canonical_rules(rules) for editions in (FS3_EDITIONS, D6_EDITIONS, GURPS_EDITIONS)
             for rules in editions.values()]  # fmt: skip
    cases = [json.dumps(d) for text in texts for d in _altered(json.loads(text))]
    static = Path(__file__).parents[2] / "src/rollplay/server/static"
    url = {name: json.dumps((static / f"{name}.js").as_uri())
           for name in ("strict_json", "verify_fs3", "verify_d6", "verify_gurps")}  # fmt: skip
    script = f"""
        import {{ readFileSync }} from "node:fs";
        import {{ parseStrict }} from {url["strict_json"]};
        const {{ fs3PresetFrom }} = await import({url["verify_fs3"]});
        const {{ d6PresetFrom }} = await import({url["verify_d6"]});
        const {{ gurpsPresetFrom }} = await import({url["verify_gurps"]});
        const out = JSON.parse(readFileSync(0, "utf8")).map((text) => {{
          const data = parseStrict(text);
          return [fs3PresetFrom(data), d6PresetFrom(data), gurpsPresetFrom(data)]
            .map((p) => (p === null ? null : Object.values(p)));
        }});
        process.stdout.write(JSON.stringify(out));
    """
    done = subprocess.run([NODE, "--input-type=module", "-e", script], input=json.dumps(cases),
                          capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    expected = []
    for text in cases:
        data = _parsed(text)
        assert data is not None
        read = (fs3_preset(data), d6_preset(data), gurps_preset(data))
        expected.append([None if p is None else json.loads(json.dumps(list(p))) for p in read])
    assert sum(p is not None for row in expected for p in row) > len(texts)  # some read whole
    assert json.loads(done.stdout) == expected
