"""The parts of an FS3 sheet checked one by one (sheet.py reads a sheet whole with them):
an attribute's rating, the levels XP bought, a wound, the languages, and the limits on names
and lists that keep a sheet small enough to read fast (docs/limits.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.errors import suggest
from rollplay.rulesfile import known_keys, table_in, whole_in
from rollplay.systems.fs3.ruleset import FS3Ruleset

# The sheet's tables XP raises (experience); attributes and advantages where a game prices
# them (rulings A12).
XP_KINDS = ("action", "background", "languages", "attributes", "advantages")
ADVANTAGE_RANGE = (0, 3)  # AresMUSH FS3 3 rates advantages 0-3 (rulings A4)


def scaled_range(rules: FS3Ruleset) -> tuple[int, int] | None:
    """The 0-3 rating range of scaled skills (000), or None where the edition has none."""
    return (0, len(rules.scaled_skill_dice) - 1) if rules.scaled_skill_dice else None


def canonical(name: Any, known: tuple[str, ...], what: str, bad: Any) -> str:
    """``name`` as the game spells it (any case, spaces around), or ``bad`` naming the
    ones it has."""
    for k in known:
        if k.casefold() == str(name).strip().casefold():
            return k
    raise bad(
        f"unknown {what} {name!r}{suggest(str(name), known)}; this game's {what}s: "
        f"{', '.join(known) or 'none'}"
    )


def attribute_rating(name: Any, value: Any, rules: FS3Ruleset, bad: Any) -> int:
    """An attribute's rating, in the game's range at both ends (002 Attributes: 1 to 4)."""
    lo, hi = rules.attribute_range
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad(f"attribute {name} must be a whole number, not {value!r}")
    if not lo <= value <= hi:
        raise bad(f"attribute {name} is {value}; {rules.name} rates attributes {lo} to {hi} "
                  f"(002 Attributes)")  # fmt: skip
    return value


def experience_in(
    data: Mapping[str, Any], rated: Mapping[str, Mapping[str, int]], bad: Any
) -> dict[str, dict[str, int]]:
    """The levels XP bought (002 Experience), each of a skill on the sheet and at most its
    rating, named as the sheet names it."""
    given = table_in(data, "experience", bad)
    known_keys(given, XP_KINDS, bad, "experience")
    out: dict[str, dict[str, int]] = {}
    for kind in XP_KINDS:
        table = rated.get(kind, {})
        for key, levels in table_in(given, kind, bad).items():
            skill = next((k for k in table if k.casefold() == str(key).strip().casefold()), None)
            if skill is None:
                raise bad(f"experience names {key!r}, which is not among the sheet's {kind}")
            what = f"the levels of {skill} bought with XP"
            out.setdefault(kind, {})[skill] = whole_in(levels, what, (0, table[skill]), bad)
    return {k: {s: n for s, n in v.items() if n} for k, v in out.items() if any(v.values())}


MAX_NAME = 100
MAX_CONCEPT = 2000
# docs/limits.md: far past any character 002 makes, and small enough that a sheet reads fast.
MAX_BACKGROUND = 500
MAX_SPECIALTIES = 20  # of one action skill
MAX_QUIRKS = 50
_WOUND_KEYS = ("location", "severity", "type", "treated", "begun_healing", "healing")


def short(text: str, what: str, bad: Any) -> str:
    if len(text) > MAX_NAME:
        raise bad(f"{what} is {len(text)} characters long; at most {MAX_NAME}")
    return text


def at_most(count: int, limit: int, what: str, bad: Any) -> None:
    if count > limit:
        raise bad(f"{count:,} {what}; a sheet has at most {limit} (docs/limits.md)")


def as_list(value: Any, what: str, bad: Any) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise bad(f"{what} must be a list")
    return value


def wound_in(value: Any, rules: FS3Ruleset, bad: Any) -> dict[str, Any]:
    """A wound as the combat and healing rules store it: checked, so that a hand-edited
    sheet cannot break the game's later rolls, fights or healing days."""
    if not isinstance(value, Mapping):
        raise bad(f"a wound is a table ({', '.join(_WOUND_KEYS)}), not {value!r}")
    known_keys(value, _WOUND_KEYS, bad, "a wound")
    location = value.get("location")
    if not isinstance(location, str) or not location.strip():
        raise bad("a wound needs a location (a hit location's name)")
    severities = [s.name for s in rules.combat.severities]
    severity = value.get("severity")
    if severity not in severities:
        raise bad(f"a wound's severity is one of {', '.join(severities)}, not {severity!r}")
    kind = value.get("type", "wound")
    if kind not in ("wound", "stun"):
        raise bad(f"a wound's type is wound or stun, not {kind!r}")
    states = {state: value.get(state, False) for state in ("treated", "begun_healing")}
    for state, flag in states.items():
        if not isinstance(flag, bool):
            raise bad(f"a wound's {state} is true or false, not {flag!r}")
    wound = {"location": short(location.strip(), "a wound's location", bad),
             "severity": severity, "type": kind, **states}  # fmt: skip
    if "healing" in value:
        wound["healing"] = whole_in(value["healing"], "a wound's healing points", (0, 10**6), bad)
    return wound


def languages_in(value: Any, rules: FS3Ruleset, bad: Any) -> dict[str, int]:
    if value is None:
        return {}
    if isinstance(value, list):  # 002: "Language Skills don't have a rating"
        value = dict.fromkeys(value, 1)
    if not isinstance(value, Mapping):
        raise bad("languages must be a list of names, or names with ratings")
    return {
        canonical(k, rules.languages, "language", bad): whole_in(
            v, f"language {k}", scaled_range(rules) or (1, 1), bad
        )
        for k, v in value.items()
    }


def advantages_in(data: Mapping[str, Any], rules: FS3Ruleset, bad: Any) -> dict[str, int]:
    """A sheet's advantages, each one the game lists, rated 0-3, where the game uses them
    (rulings A4)."""
    given = table_in(data, "advantages", bad)
    if given and not rules.use_advantages:
        raise bad(f"{rules.name} uses no advantages (use_advantages is off)")
    return {
        canonical(k, rules.advantages, "advantage", bad): whole_in(
            v, f"advantage {k}", ADVANTAGE_RANGE, bad
        )
        for k, v in given.items()
    }
