"""Settings, sheet and GCS files are read with limits a hostile file cannot get around: one
clear line for anything too big, too deep, self-multiplying or not a number (issue 13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay.errors import RollplayError
from rollplay.rulesfile import MAX_DEPTH, parse_text, read
from tests.fuzzing import MEGABYTE, fuzz, takes_a_megabyte


@pytest.mark.parametrize(
    ("suffix", "text", "complaint"),
    [
        (".json", "[" * 100_000 + "]" * 100_000, "nested deeper than 64"),
        (".json", '{"a":' * 100_000 + "1" + "}" * 100_000, "nested deeper than 64"),
        (".yaml", "a:\n" + "".join(" " * i + "- \n" for i in range(1, 3000)), "deeper|valid YAML"),
        (".toml", "a = " + "[" * 5000 + "]" * 5000, "nested deeper than 64"),
        (".json", '{"luck": NaN}', "NaN is not a number"),
        (".json", '{"luck": Infinity}', "Infinity is not a number"),
        (".json", '{"luck": 1e400}', "inf is not a number"),
        (".toml", "luck = inf", "inf is not a number"),
        (".toml", "luck = nan", "nan is not a number"),
        (".yaml", "luck: .inf", "inf is not a number"),
        (".yaml", "a: &x [1, 2]\nb: [*x, *x]\n", "YAML aliases"),
        (".json", "[1, 2]", "a table of settings at the top level"),
        (".yaml", "- just\n- a list\n", "a table of settings at the top level"),
    ],
)
def test_hostile_files_get_one_line(suffix: str, text: str, complaint: str) -> None:
    with pytest.raises(RollplayError, match=complaint) as caught:
        parse_text(text, suffix, "sheet x")
    assert "\n" not in str(caught.value)


def test_a_file_of_many_megabytes_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"a": "' + "x" * 17_000_000 + '"}')
    with pytest.raises(RollplayError, match="larger than 16,000,000"):
        read(path)


def test_nesting_up_to_the_limit_is_fine() -> None:
    inner = MAX_DEPTH - 2
    data = parse_text('{"a": ' + "[" * inner + "]" * inner + "}", ".json", "x")
    depth, node = 0, data["a"]
    while node:
        depth, node = depth + 1, node[0]
    assert depth == inner - 1


@pytest.mark.parametrize("suffix", [".json", ".yaml", ".toml"])
def test_parsing_a_megabyte_is_quick(suffix: str) -> None:
    big = {"skills": {f"Skill {i}": i % 20 for i in range(60_000)}}
    text = json.dumps(big)
    if suffix == ".toml":
        text = "[skills]\n" + "".join(f'"Skill {i}" = {i % 20}\n' for i in range(60_000))
    assert len(text) > MEGABYTE
    takes_a_megabyte(lambda t: parse_text(t, suffix, "x"), text, bound=5.0)


@pytest.mark.fuzz
@fuzz
@given(st.text(max_size=300), st.sampled_from([".json", ".yaml", ".toml"]))
def test_any_text_is_settings_or_one_error(text: str, suffix: str) -> None:
    try:
        data = parse_text(text, suffix, "x")
    except RollplayError as exc:
        assert "\n" not in str(exc)
    else:
        assert isinstance(data, dict)
