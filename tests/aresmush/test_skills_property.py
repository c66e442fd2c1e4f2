"""Any fs3skills config AresMUSH's validator accepts imports without a crash, and import ->
export -> import gives the same skills-side rules (issue 38 "Done means": property tests).
The configs are generated from what plugins/fs3skills/fs3skills_config_validator.rb checks:
the lists and tables it requires, names of word characters and spaces, every linked
attribute an attribute, the integer settings' bounds, at-or-above ratings 1-4 and 1-8,
xp_costs' five kinds with levels 0-7 (0 -> 1 costing 1), starting skills' ratings."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rollplay.aresmush import config, convert, skills
from rollplay.errors import RollplayError
from rollplay.rulesfile import plain
from rollplay.systems.fs3.houserules import from_mapping
from rollplay.systems.fs3.ruleset import FS3Ruleset
from tests.aresmush.skills_game import combat_stand_in

# AresMUSH's check_ability_name: /^[\w\s]+$/ (word characters and spaces).
WORD = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"
                               "ÉéßΔ"), min_size=1, max_size=8)  # fmt: skip
NAME = st.lists(WORD, min_size=1, max_size=3).map(" ".join)
TEXT = st.text(st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=30).filter(
    lambda t: t.strip() != ""
)
COUNT = st.integers(0, 60)


def level_key(n: int) -> st.SearchStrategy[int | str]:
    return st.sampled_from([n, str(n)])  # YAML keys written as numbers or as text


@st.composite
def fs3skills(draw: st.DrawFn) -> dict[str, Any]:
    """One fs3skills config, as AresMUSH's validator accepts it."""
    names = draw(st.lists(NAME, min_size=2, max_size=24, unique_by=str.casefold))
    cut = draw(st.integers(1, min(6, len(names) - 1)))
    attributes, rest = names[:cut], names[cut:]
    action = rest[: draw(st.integers(1, len(rest)))]
    rest = rest[len(action) :]
    languages, advantages = rest[: len(rest) // 2], rest[len(rest) // 2 :]
    spec = st.lists(NAME, max_size=3, unique=True)
    action_skills = [
        {"name": n, "desc": draw(TEXT), "linked_attr": draw(st.sampled_from(attributes)),
         **({"specialties": s} if (s := draw(spec)) else {})}
        for n in action
    ]  # fmt: skip
    incapable = draw(st.booleans())
    low = 0 if incapable else 1
    everyone = draw(st.lists(st.sampled_from(action), unique=True, max_size=3))
    starting: dict[str, Any] = {"Everyone": {"skills": {
        s: draw(st.integers(low, 8)) for s in everyone}}}  # fmt: skip
    if draw(st.booleans()):
        specs = {s["name"]: s["specialties"][:1] for s in action_skills if "specialties" in s}
        starting["Race"] = {"Altaran": {"skills": {action[0]: draw(st.integers(low, 8))},
                                        **({"specialties": specs} if specs else {})}}  # fmt: skip

    def costs(kind: str) -> dict[Any, int]:
        top = draw(st.integers(0, 7))
        table = {draw(level_key(n)): draw(st.integers(0, 40)) for n in range(1, top + 1)}
        return {0: 1, **table} if draw(st.booleans()) else table

    def at_or_above(top: int) -> dict[Any, int]:
        ratings = draw(st.lists(st.integers(1, top), unique=True, max_size=top))
        return {draw(level_key(r)): draw(st.integers(0, 10)) for r in ratings}

    return {
        "attributes": [{"name": n, "desc": draw(TEXT)} for n in attributes],
        "attributes_blurb": draw(TEXT),
        "default_linked_attr": draw(st.sampled_from(attributes)),
        "action_skills": action_skills,
        "action_skills_blurb": draw(TEXT),
        "background_skills": draw(st.dictionaries(NAME, TEXT, max_size=4)),
        "bg_skills_blurb": draw(TEXT),
        "languages": [
            {"name": n, **({"desc": d} if (d := draw(st.none() | TEXT)) else {})} for n in languages
        ],
        "language_blurb": draw(TEXT),
        "advantages": [{"name": n, "desc": draw(TEXT)} for n in advantages],
        "advantages_blurb": draw(TEXT),
        "use_advantages": draw(st.booleans()),
        "advantages_cost": draw(st.integers(1, 5)),
        "allow_incapable_action_skills": incapable,
        "free_backgrounds": draw(COUNT),
        "free_languages": draw(COUNT),
        "max_ap": draw(st.integers(1, 200)),
        "max_attr_rating": draw(st.integers(1, 4)),
        "max_attrs_at_or_above": at_or_above(4),
        "max_points_on_action": draw(COUNT),
        "max_points_on_attrs": draw(COUNT),
        "max_points_on_advantages": draw(COUNT),
        "max_skill_rating": draw(st.integers(1, 8)),
        "max_skills_at_or_above": at_or_above(8),
        "min_backgrounds": draw(st.integers(0, 5)),
        "starting_skills": starting,
        "unusual_skills": draw(st.lists(NAME, max_size=3)),
        "luck_for_scene": draw(
            st.dictionaries(st.integers(0, 100), st.integers(0, 3) | st.floats(0, 2), max_size=4)
        ),
        "max_luck": draw(st.integers(1, 10)),
        "public_sheets": draw(st.booleans()),
        "roll_channel": draw(TEXT),
        "action_dots_beyond_chargen_max": draw(COUNT),
        "allow_advantages_xp": draw(st.booleans()),
        "attr_dots_beyond_chargen_max": draw(COUNT),
        "advantage_dots_beyond_chargen_max": draw(COUNT),
        "days_between_learning": draw(COUNT),
        "max_xp_hoard": draw(COUNT),
        "periodic_xp": draw(COUNT),
        "xp_costs": {
            k: costs(k) for k in ("language", "action", "background", "attribute", "advantage")
        },
        "xp_cron": {"day_of_week": ["Sat"], "hour": [21], "minute": [0]},
    }


def _files(settings_: dict[str, Any]) -> dict[str, bytes]:
    """The settings spread over files as AresMUSH games keep them (any split works: its
    sections merge)."""
    keys = list(settings_)
    half = len(keys) // 2
    parts = {"fs3skills_attrs.yml": keys[:half], "fs3skills_misc.yml": keys[half:]}
    return {name: yaml.safe_dump({"fs3skills": {k: settings_[k] for k in part}},
                                 allow_unicode=True).encode()
            for name, part in parts.items()}  # fmt: skip


def _import(files: dict[str, bytes]) -> FS3Ruleset:
    cfg = config.parse(files, "generated")
    rules, items = convert.house_rules(cfg)
    unknown = [i.key for i in items if i.file.startswith("fs3skills") and "does not know" in i.note]
    assert unknown == []
    rules.update(combat_stand_in(cfg))
    return from_mapping(rules)


def _side(ruleset: FS3Ruleset) -> dict[str, Any]:
    return {k: v for k, v in plain(ruleset).items() if k not in ("combat", "name")}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fs3skills())
def test_any_valid_config_imports_and_survives_a_round_trip(data: dict[str, Any]) -> None:
    first = _import(_files(data))
    out = {name: yaml.safe_dump(dict(body), allow_unicode=True).encode()
           for name, body in skills.write(first).items()}  # fmt: skip
    second = _import(out)
    assert _side(second) == _side(first)


@settings(max_examples=40, deadline=None)
@given(fs3skills(), st.sampled_from(["max_ap", "xp_costs", "attributes", "starting_skills",
                                     "luck_for_scene", "max_skills_at_or_above"]),
       st.none() | st.integers() | TEXT | st.lists(TEXT) | st.dictionaries(TEXT, TEXT))  # fmt: skip
def test_a_wrong_value_is_one_line_not_a_crash(data: dict[str, Any], key: str, value: Any) -> None:
    try:
        _import(_files({**data, key: value}))
    except RollplayError as exc:
        assert "\n" not in str(exc).strip() or str(exc).startswith("house rules")


def test_a_config_of_combat_files_only_leaves_the_skills_side_as_the_edition() -> None:
    # Without fs3skills files there is nothing to count AresMUSH's way: 002's counting stays.
    cfg = config.parse({"fs3combat_misc.yml": b"fs3combat:\n  gear: {}\n"}, "combat only")
    rules, _ = convert.house_rules(cfg)
    assert not any(key in rules for key in ("chargen", "advantages", "attributes"))
