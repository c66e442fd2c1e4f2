"""An AresMUSH config's character creation and experience settings (``fs3skills_chargen.yml``,
``fs3skills_xp.yml``) read into house rules' ``chargen`` group and XP keys (issue 38;
docs/rulings.md A5-A15)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.aresmush.skills_reader import Reader, as_bool, as_int

# AresMUSH counts creation points above a free rating (its AbilityPointCounter): attributes
# above 2 at 2 points a dot, action skills above 1, background and language ratings and
# advantages at a point a rating (advantages at advantages_cost), specialties past the
# first on a skill at a point each (rulings A5). No key says it: it is how FS3 3 counts.
COUNTING = {
    "free_attribute": 2,
    "attribute_cost": 2,
    "free_action": 1,
    "skill_cost": 1,
    "scaled_cost": 1,
    "specialty_cost": 1,
    "free_specialties": 1,
}
XP_KINDS = {  # AresMUSH's xp_costs category -> the house-rules key
    "action": "xp_costs",
    "background": "scaled_xp_costs",
    "language": "language_xp_costs",
    "attribute": "attribute_xp_costs",
    "advantage": "advantage_xp_costs",
}
# What AresMUSH assumes where a *_dots_beyond_chargen_max key is missing (its xp.rb).
DOTS_DEFAULTS = {"attribute_xp_dots": 2, "action_xp_dots": 3, "advantage_xp_dots": 3}


def read_chargen(r: Reader) -> dict[str, Any]:
    """The ``chargen`` group: AresMUSH's counting, then each setting it holds."""
    c: dict[str, Any] = dict(COUNTING)

    def setting(key: str, field: str, low: int, note: str) -> None:
        def put(file: str, value: Any) -> None:
            c[field] = as_int(r, key, value, low)

        r.each(key, "converted", note, put)

    setting(
        "max_ap",
        "ability_points",
        1,
        "the creation points a sheet may spend, counted as "
        "AresMUSH counts them (attribute dots above 2 at 2 points, action skill dots above "
        "1, background and language ratings past the free ones, advantages, extra "
        "specialties) where 002 counts every dot (A5)",
    )
    setting(
        "max_points_on_attrs",
        "max_attribute_points",
        0,
        "a pool of its own for attributes, counted as max_ap is (A6)",
    )
    setting(
        "max_points_on_action",
        "max_action_points",
        0,
        "a pool of its own for action skills, counted as max_ap is (A6)",
    )
    setting(
        "max_points_on_advantages",
        "max_advantage_points",
        0,
        "a pool of its own for advantages, at advantages_cost a rating (A6)",
    )
    setting("advantages_cost", "advantage_cost", 1, "creation points per advantage rating (A4)")
    setting(
        "free_backgrounds",
        "free_background_ratings",
        0,
        "background skill ratings a sheet has before they cost points (A5)",
    )
    setting(
        "free_languages",
        "free_language_ratings",
        0,
        "language ratings a sheet has before they cost points (A5)",
    )
    setting(
        "max_attr_rating",
        "max_attribute",
        1,
        "the highest attribute at creation; XP may raise it past, up to 4 (A8)",
    )
    setting(
        "max_skill_rating",
        "max_skill",
        1,
        "the highest action skill at creation; XP may raise it past, up to 8 (A8)",
    )
    setting("min_backgrounds", "min_background", 0, "the fewest background skills a sheet has (A9)")

    def incapable(file: str, value: Any) -> None:
        c["min_action"] = 0 if as_bool(r, "allow_incapable_action_skills", value) else 1

    r.each(
        "allow_incapable_action_skills",
        "converted",
        "false: every action skill is rated "
        "1 or more at creation (min_action 1); true: 0 is allowed (A9)",
        incapable,
    )
    for key, field, top in (
        ("max_attrs_at_or_above", "attributes_at_or_above", 4),
        ("max_skills_at_or_above", "skills_at_or_above", 8),
    ):

        def caps(file: str, value: Any, key: str = key, field: str = field, top: int = top) -> None:
            if value is None:
                return
            if not isinstance(value, Mapping):
                raise r.bad(key, "must be a table of rating: how many")
            rows = []
            for rating, count in value.items():
                level = as_int(r, key, rating, 1)
                if level > top:
                    raise r.bad(key, f"{rating}: a rating from 1 to {top}")
                rows.append({"rating": level, "count": as_int(r, key, count, 0)})
            c[field] = sorted(rows, key=lambda row: row["rating"])

        r.each(
            key,
            "converted",
            "at most N abilities at or above each rating, checked at "
            "creation (002 Ability Limits' 'at most N skills at 7+', per rating) (A7)",
            caps,
        )

    def starting(file: str, value: Any) -> None:
        c["starting_skills"] = starting_skills(r, value)

    r.each(
        "starting_skills",
        "converted",
        "skills (and specialties) every character starts "
        "with, checked at creation; a demographic group's are kept and shown, for the "
        "Storyteller to check, since a rollplay sheet holds no groups (A10)",
        starting,
    )

    def unusual(file: str, value: Any) -> None:
        if value is not None and not isinstance(value, list):
            raise r.bad("unusual_skills", "must be a list of names")
        c["unusual_skills"] = [str(v) for v in value or []]

    r.each(
        "unusual_skills",
        "unsupported",
        "kept with the rules (and written back on export), but not checked: AresMUSH's app "
        "review lists them and approves anyway, and rollplay has no note short of a problem "
        "that blocks approval; the Storyteller reads every sheet before approving it (A11)",
        unusual,
    )
    return c


def starting_skills(r: Reader, value: Any) -> list[dict[str, Any]]:
    """AresMUSH's ``starting_skills`` (Everyone, or a group's values) as one entry per
    skill of each group."""
    if value is None:
        return []
    if not isinstance(value, Mapping):
        raise r.bad("starting_skills", "must be a table of groups")
    out: list[dict[str, Any]] = []
    for group, data in value.items():
        if not isinstance(data, Mapping):
            raise r.bad("starting_skills", f"{group} must be a table")
        sets = (
            [("Everyone", "", data)]
            if group == "Everyone"
            else [(str(group), str(val), d) for val, d in data.items()]
        )
        for name, val, part in sets:
            if not isinstance(part, Mapping):
                raise r.bad("starting_skills", f"{name} {val}: a table of skills")
            entries: dict[str, dict[str, Any]] = {}
            skills = part.get("skills") or {}
            specs = part.get("specialties") or {}
            if not isinstance(skills, Mapping) or not isinstance(specs, Mapping):
                raise r.bad("starting_skills", f"{name} {val}: skills and specialties tables")
            for skill, rating in skills.items():
                entries[str(skill)] = {
                    "skill": str(skill),
                    "group": name,
                    "value": val,
                    "rating": as_int(r, "starting_skills", rating, 0),
                    "specialties": [],
                }
            for skill, listed in specs.items():
                entry = entries.setdefault(
                    str(skill),
                    {
                        "skill": str(skill),
                        "group": name,
                        "value": val,
                        "rating": None,
                        "specialties": [],
                    },
                )
                if not isinstance(listed, list):
                    raise r.bad("starting_skills", f"{skill}: specialties must be a list")
                entry["specialties"] = [str(x) for x in listed]
            out += entries.values()
    return out


def read_xp(r: Reader) -> dict[str, Any]:
    """The XP keys: costs per kind of ability, levels past creation, the hoard, the wait."""
    out: dict[str, Any] = {}

    def setting(key: str, field: str, status: Any, note: str) -> None:
        def put(file: str, value: Any) -> None:
            out[field] = as_int(r, key, value, 0)

        r.each(key, status, note, put)

    for key, field, what in (
        ("attr_dots_beyond_chargen_max", "attribute_xp_dots", "attribute"),
        ("action_dots_beyond_chargen_max", "action_xp_dots", "action skill"),
        ("advantage_dots_beyond_chargen_max", "advantage_xp_dots", "advantage"),
    ):
        out[field] = DOTS_DEFAULTS[field]
        setting(
            key,
            field,
            "converted",
            f"XP may buy this many {what} levels past the "
            "creation pool, counted over every level the sheet holds (A13)",
        )
    setting(
        "max_xp_hoard",
        "max_xp",
        "converted",
        "a character holds at most this much XP: "
        "an award past it gives up to the cap, as AresMUSH's does (A14)",
    )
    setting(
        "days_between_learning",
        "days_between_raises",
        "converted",
        "AresMUSH spends XP "
        "a point per learn and waits this long between learns; rollplay buys a level "
        "whole, so it waits this long between raises of the same ability (A15)",
    )

    def allow(file: str, value: Any) -> None:
        out["advantage_xp"] = as_bool(r, "allow_advantages_xp", value)

    r.each("allow_advantages_xp", "kept", "whether XP raises advantages (A12)", allow)

    def costs(file: str, value: Any) -> None:
        if not isinstance(value, Mapping):
            raise r.bad("xp_costs", "must be a table of ability kinds")
        for kind, table in value.items():
            if kind not in XP_KINDS:
                raise r.bad("xp_costs", f"{kind} is not a kind of ability ({', '.join(XP_KINDS)})")
            out[XP_KINDS[kind]] = cost_table(r, str(kind), table)

    r.each(
        "xp_costs",
        "converted",
        "XP to raise each kind of ability from each rating: "
        "rollplay buys the level whole, at the total AresMUSH spends over its learns; "
        "learning a new one costs 1, as AresMUSH's does; a rating with no cost is as far "
        "as XP goes (002 Experience's table gives way to it) (A12)",
        costs,
    )
    return out


def cost_table(r: Reader, kind: str, table: Any) -> list[int]:
    """AresMUSH's {rating: XP} for one kind, as costs by current rating from 0 (0 -> 1
    always 1: its validator says so), up to the first rating with no cost."""
    if table is None:
        return [1]
    if not isinstance(table, Mapping):
        raise r.bad("xp_costs", f"{kind} must be a table of rating: XP")
    by_level = {as_int(r, "xp_costs", level, 0): cost for level, cost in table.items()}
    out = [1]
    while len(out) in by_level:
        out.append(as_int(r, "xp_costs", by_level[len(out)], 0))
    return out
