"""Checking a whole log (provable_log), without a table: a log built here from ProvableDice,
what each kind of roll shows held to its draws, and no damage to a log, however odd, making
the checker fail instead of answering (a fuzz target)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay.table.dice.provable import ProvableDice, commitment
from rollplay.table.dice.provable_log import BadLog, read_log, shown_faces, verify_log
from tests.fuzzing import fuzz

SEED = bytes(range(32))
HASHED = commitment(SEED)


def _roll(event_id: int, nonce: int, shape: list[tuple[int, int]]) -> dict[str, Any]:
    dice = ProvableDice(SEED, "alice", nonce)
    rolled = [(sides, list(dice.roll(sides, count))) for sides, count in shape]
    draws = [[sides, got] for sides, got in rolled]
    faces = [f for _, got in rolled for f in got]
    return {"kind": "roll", "id": event_id, "game": "G", "actor": "ann", "character": "Ann",
            "expression": "Firearms", "dice": faces, "outcome": {"dice": faces},
            "dice_source": "provable",
            "provable": {"chain": "public", "commitment": HASHED, "client_seed": "alice",
                         "nonce": nonce, "draws": draws}}  # fmt: skip


def _log(revealed: bool = True) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = [
        {"kind": "seed_commit", "id": 1, "game": "G", "chain": "public", "commitment": HASHED},
        {"kind": "client_seed", "id": 2, "game": "G", "user": "ann", "client_seed": "alice"},
        _roll(3, 0, [(8, 7)]),
        _roll(4, 1, [(8, 4)]),
    ]
    if revealed:
        lines.append({"kind": "seed_reveal", "id": 5, "game": "G", "chain": "public",
                      "seed": SEED.hex(), "commitment": HASHED, "nonces": 2,
                      "complete": True})  # fmt: skip
    return lines


def test_an_honest_log_verifies_and_an_unrevealed_one_awaits() -> None:
    report = verify_log(_log())
    assert report.ok
    assert [v.status for v in report.verdicts] == ["verified", "verified"]
    assert report.summary() == "2 revealed rolls checked: 2 verified; 0 await a reveal"
    waiting = verify_log(_log(revealed=False))
    assert [v.status for v in waiting.verdicts] == ["awaiting", "awaiting"]


def test_a_roll_before_its_commitment_and_a_missing_nonce_are_named() -> None:
    lines = _log()
    lines[0]["id"] = 6  # published after the rolls
    report = verify_log(lines)
    assert report.verdicts[0].problems == ["its seed's commitment was published after it (#6)"]
    gap = [line for line in _log() if line["id"] != 3]
    (problem,) = verify_log(gap).seed_problems  # a number missing: an event taken out
    assert problem.startswith("event numbers #3 of G are not in the file")
    for line in gap[2:]:  # renumbered to hide it: the seed's nonces show it
        line["id"] -= 1
    (problem,) = verify_log(gap).seed_problems
    assert "no roll in the log has nonce 0 of the 2 used" in problem
    gap.insert(2, {"kind": "placeholder", "id": 3, "game": "G", "of": "roll"})
    for line in gap[3:]:
        line["id"] += 1
    assert verify_log(gap).ok  # a roll a filter left out: its nonce is not judged


def test_what_each_kind_of_roll_shows_is_its_draws_in_order() -> None:
    d6 = {"dice": {"dice": [3, 4], "wild": [6, 2], "cp_dice": [[5], [6, 1]]}, "outcome": {}}
    assert shown_faces(d6) == [[3, 4, 6, 2, 5, 6, 1]]
    after = {**d6, "outcome": {"adds_to": 7}, "spends": {"character_points": 1}}
    assert shown_faces(after) == [[6, 1]]  # only the die it added
    rerolled = {"dice": [8, 8], "outcome": {"discarded": {"dice": [1, 2]}}}
    assert shown_faces(rerolled) == [[8, 8, 1, 2], [1, 2, 8, 8]]  # the kept may be second


@pytest.mark.parametrize("text", ["{", "[1]", '{"id": "7"}', "null"])
def test_what_is_not_an_export_is_one_line(text: str) -> None:
    with pytest.raises(BadLog, match="line 1 is not") as refused:
        read_log(text)
    assert "\n" not in str(refused.value)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=6,
)  # fmt: skip


def _places(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    items = value.items() if isinstance(value, dict) else (
        enumerate(value) if isinstance(value, list) else [])  # fmt: skip
    found: list[tuple[Any, ...]] = []
    for key, inner in items:
        found += [(*at, key), *_places(inner, (*at, key))]
    return found


@pytest.mark.fuzz
@fuzz
@given(st.data())
def test_no_damage_makes_the_checker_fail_to_answer(data: st.DataObject) -> None:
    lines = json.loads(json.dumps(_log()))
    for _ in range(data.draw(st.integers(1, 3))):
        line = data.draw(st.sampled_from(lines))
        where = data.draw(st.sampled_from([p for p in _places(line) if p != ("id",)]))
        holder = line
        for key in where[:-1]:
            holder = holder[key]
        holder[where[-1]] = data.draw(JSON)
    try:  # NaN, Infinity and whole numbers past 2**53 - 1 refuse the file, in one line
        read = read_log("".join(json.dumps(line) + "\n" for line in lines))
    except BadLog as exc:
        assert "\n" not in str(exc)
        return
    assert isinstance(verify_log(read).summary(), str)


def test_the_gurps_presets_are_the_rules_engines() -> None:
    """The verifier judges a GURPS roll by an edition's own numbers, found by the roll's
    ruleset fingerprint: both must be the engine's."""
    from rollplay.systems.gurps.presets import EDITIONS
    from rollplay.table.dice.provable_outcomes import GURPS_PRESETS
    from rollplay.table.systems.protocol import ruleset_version

    for rules in EDITIONS.values():
        assert GURPS_PRESETS[ruleset_version(rules)] == (
            rules.always_succeed_up_to, rules.always_fail_from, rules.critical_success_up_to,
            dict(rules.critical_success_at), rules.critical_failure_from,
            dict(rules.critical_failure_at), rules.critical_failure_margin,
        )  # fmt: skip


def test_the_fs3_presets_are_the_rules_engines() -> None:
    """The verifier judges an FS3 roll's level, and a contest's margin, by an edition's own
    numbers, found by the roll's ruleset fingerprint: for every count, the engine's."""
    from rollplay.systems.fs3.judging import judge_counts
    from rollplay.systems.fs3.presets import EDITIONS
    from rollplay.table.dice.provable_outcomes import FS3_PRESETS, FS3Preset, fs3_judged
    from rollplay.table.systems.protocol import ruleset_version

    for rules in EDITIONS.values():
        preset = FS3_PRESETS[ruleset_version(rules)]
        assert preset == FS3Preset(
            rules.success_at, tuple((b.at_least, b.title) for b in rules.levels),
            rules.majority_ones, rules.embarrassing_only_on_failure, rules.default_attribute,
            rules.embarrassing_title, rules.opposed_counts_embarrassing,
            tuple((b.at_least, b.title) for b in rules.margins),
            tuple((t, rules.assist_modifier(t)) for t in (rules.embarrassing_title,
                                                          *(b.title for b in rules.levels))),
            rules.assist_cap,
        )  # fmt: skip
        for dice in range(25):
            for successes in range(dice + 1):
                for ones in range(dice - successes + 1):
                    for attribute in (None, 0, 1, 2, 3, 4):
                        assert fs3_judged(successes, ones, dice, attribute, preset) == (
                            judge_counts(successes, ones, dice, attribute, rules)
                        ), (rules.edition, successes, ones, dice, attribute)
        for net in range(-20, 21):
            bands = [title for at_least, title in preset.margins if abs(net) >= at_least]
            assert bands[-1] == rules.margin(net)


def test_the_d6_presets_are_the_rules_engines() -> None:
    """The verifier re-computes a D6 check's total and success by an edition's own rules,
    found by the roll's ruleset fingerprint: the engine's numbers; every check the engine
    judges passes, and a changed total, success or Wild Die does not."""
    from rollplay.systems.d6.presets import EDITIONS
    from rollplay.systems.d6.rolls import MAX_TOSSES
    from rollplay.systems.d6.ruleset import WILD_ONE_OPTIONS
    from rollplay.table.dice.provable_outcomes import D6_PRESETS, D6Preset, d6_problems
    from rollplay.table.systems.protocol import ruleset_version
    from tests.verify_corpus.d6 import altered, engine_rolls

    for rules in EDITIONS.values():
        assert D6_PRESETS[ruleset_version(rules)] == D6Preset(
            rules.explode_on, rules.ties_succeed, WILD_ONE_OPTIONS, MAX_TOSSES,
            rules.bonus_divisor, rules.damage_divisor, rules.rushing,
        )  # fmt: skip
    lines = engine_rolls()
    assert {line["outcome"]["success"] for line in lines} == {None, True, False}
    for line in lines:
        assert d6_problems(line) == [], line
        *forged, house = altered(line)
        assert d6_problems(house) == []  # house rules: not re-computed (V14)
        for changed in forged:
            if changed["outcome"] != line["outcome"]:
                assert d6_problems(changed), changed
    first = lines[0]
    total = {**first, "outcome": {**first["outcome"], "total": first["outcome"]["total"] + 1}}
    assert d6_problems(total)[0].startswith("its total ")
