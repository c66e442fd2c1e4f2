"""A ruleset written back as AresMUSH's ``fs3skills_*.yml`` files (issue 38: leaving): what
the import reads, so import -> export -> import gives the same rules. Settings rollplay
does not use (channels, shortcuts, permissions, the XP clock) are written back as the
imported config had them (``kept.py``; none it did not have); a game made in rollplay
gets AresMUSH's own defaults for them (``defaults.py``; rulings A18)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.aresmush import defaults
from rollplay.aresmush.kept import restore
from rollplay.systems.fs3.ruleset import FS3Ruleset

_BLURBS = {
    "attribute": ("attributes_blurb", "Attributes represent basic abilities."),
    "action": ("action_skills_blurb", "Action Skills represent abilities used in action."),
    "background": ("bg_skills_blurb", "Background Skills are arts, hobbies and professions."),
    "language": ("language_blurb", "Languages represent what a character speaks."),
    "advantage": ("advantages_blurb", "Advantages are things a character has."),
}
_TOP_XP_LEVEL = 7  # AresMUSH's validator: xp_costs levels 0-7 (ratings top out at 8)


def write(ruleset: FS3Ruleset) -> dict[str, Mapping[str, Any]]:
    """This side's files for ruleset, by file name."""
    r, c = ruleset, ruleset.chargen

    def desc(kind: str, name: str) -> str:
        return r.description(kind, name) or name

    def blurb(kind: str) -> dict[str, str]:
        key, default = _BLURBS[kind]
        return {key: r.description(kind, "") or default}

    backgrounds = {d.name: d.text for d in r.descriptions if d.kind == "background" and d.name}
    files: dict[str, dict[str, Any]] = {
        "fs3skills_attrs.yml": {
            "attributes": [{"name": a, "desc": desc("attribute", a)} for a in r.attributes],
            **blurb("attribute"),
            "default_linked_attr": r.background_attribute or r.attributes[0],
        },
        "fs3skills_action.yml": {
            "action_skills": [
                {
                    "name": s.name,
                    "desc": desc("action", s.name),
                    "linked_attr": s.attribute,
                    **({"specialties": list(s.specialties)} if s.specialties else {}),
                }
                for s in r.action_skills
            ],
            **blurb("action"),
        },
        "fs3skills_bg.yml": {"background_skills": backgrounds, **blurb("background")},
        "fs3skills_langs.yml": {
            "languages": [  # a language's description is optional (AresMUSH's validator)
                {
                    "name": n,
                    **(
                        {"desc": r.description("language", n)}
                        if r.description("language", n)
                        else {}
                    ),
                }
                for n in r.languages
            ],
            **blurb("language"),
        },
        "fs3skills_advantages.yml": {
            "advantages": [{"name": n, "desc": desc("advantage", n)} for n in r.advantages],
            **blurb("advantage"),
            "use_advantages": r.use_advantages,
        },
        "fs3skills_chargen.yml": {
            "advantages_cost": c.advantage_cost,
            "allow_incapable_action_skills": c.min_action < 1,
            "free_backgrounds": c.free_background_ratings,
            "free_languages": c.free_language_ratings,
            "max_ap": c.ability_points,
            "max_attr_rating": c.max_attribute or r.attribute_range[1],
            "max_attrs_at_or_above": {cap.rating: cap.count for cap in c.attributes_at_or_above},
            "max_points_on_action": _or(c.max_action_points, c.ability_points),
            "max_points_on_advantages": _or(c.max_advantage_points, c.ability_points),
            "max_points_on_attrs": _or(c.max_attribute_points, c.ability_points),
            "max_skill_rating": c.max_skill or min(r.skill_range[1], 8),
            "max_skills_at_or_above": {cap.rating: cap.count for cap in c.skills_at_or_above},
            "min_backgrounds": c.min_background,
            "starting_skills": _starting(r),
            "unusual_skills": list(c.unusual_skills),
        },
        "fs3skills_xp.yml": {
            "action_dots_beyond_chargen_max": _or(r.action_xp_dots, 3),
            "advantage_dots_beyond_chargen_max": _or(r.advantage_xp_dots, 3),
            "allow_advantages_xp": r.advantage_xp,
            "attr_dots_beyond_chargen_max": _or(r.attribute_xp_dots, 2),
            "days_between_learning": r.days_between_raises,
            "max_xp_hoard": _or(r.max_xp, 999),
            "xp_costs": {
                "action": _levels(r.xp_costs),
                "background": _levels(r.scaled_xp_costs),
                "language": _levels(r.language_xp_costs or r.scaled_xp_costs),
                "attribute": _levels(r.attribute_xp_costs),
                "advantage": _levels(r.advantage_xp_costs),
            },
            **({} if r.from_aresmush else defaults.SKILLS_XP),
        },
        "fs3skills_misc.yml": {
            "max_luck": _or(r.max_luck, 999),
            "luck_for_scene": {row.after: row.luck for row in r.luck_for_scene},
            **({} if r.from_aresmush else defaults.SKILLS_MISC),
        },
    }
    written = {name: {"fs3skills": data} for name, data in files.items()}
    return restore(written, r.aresmush, "fs3skills_")


def _or(value: int | None, fallback: int) -> int:
    return fallback if value is None else value


def _levels(costs: tuple[int, ...]) -> dict[int, int]:
    """Costs by current rating as AresMUSH's {rating: XP}, from 1 (0 -> 1 is always 1)."""
    return {level: cost for level, cost in enumerate(costs) if 1 <= level <= _TOP_XP_LEVEL}


def _starting(r: FS3Ruleset) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for start in r.chargen.starting_skills:
        if start.group == "Everyone":
            part = out.setdefault("Everyone", {})
        else:
            part = out.setdefault(start.group, {}).setdefault(start.value, {})
        part.setdefault("skills", {})  # AresMUSH's validator wants each group's skills
        if start.rating is not None:
            part["skills"][start.skill] = start.rating
        if start.specialties:
            part.setdefault("specialties", {})[start.skill] = list(start.specialties)
    return out
