"""The skills side of an AresMUSH config (issue 38): the ``fs3skills_*.yml`` files' settings
read into house rules, each claimed in the report, and a ruleset written back as those
files (``skills_write.py``). Every key AresMUSH's fs3skills config validator accepts is
read here; the readings are docs/rulings.md A1-A19 ("Moving in from AresMUSH: house rules,
the skills side").

AresMUSH merges every file's ``fs3skills`` section, so a setting may sit in any of them
(``Config.setting``); each is claimed in the file that holds it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.aresmush.config import Config
from rollplay.aresmush.report import Claims
from rollplay.aresmush.skills_chargen import read_chargen, read_xp
from rollplay.aresmush.skills_reader import Reader, as_bool, as_int
from rollplay.aresmush.skills_write import write

__all__ = ["read", "write"]
_BLURBS = {  # AresMUSH's blurb key -> the kind of ability it introduces
    "attributes_blurb": "attribute",
    "action_skills_blurb": "action",
    "bg_skills_blurb": "background",
    "language_blurb": "language",
    "advantages_blurb": "advantage",
}
_UNSUPPORTED = {
    "public_sheets": "who may read a sheet is rollplay's roles: players see their own and "
    "what the Storyteller shares, the Storyteller sees all",
    "roll_channel": "rollplay has no channels: rolls appear in the game's live feed and "
    "its scene, to those the roll is for",
    "shortcuts": "rollplay's commands have their own names (docs/grammar.md); AresMUSH's "
    "aliases are MUSH commands",
    "achievements": "rollplay keeps no achievements",
    "job_on_luck_spend": "rollplay records every luck spend as an event the Storyteller "
    "sees in the game's feed; there are no jobs",
    "permissions": "rollplay's roles (owner, Storyteller, player) decide who may edit "
    "ratings and read sheets",
    "periodic_xp": "rollplay runs no clock: the Storyteller awards XP to the table "
    "(`award table xp N`) when the game's week comes round",
    "xp_cron": "rollplay runs no clock: the Storyteller awards XP to the table "
    "(`award table xp N`)",
}


def entries(r: Reader, key: str) -> list[Mapping[str, Any]]:
    """A list of named entries (attributes, action skills, languages, advantages)."""
    found = r.get(key)
    value = found[1] if found else None
    if value is None:
        return []
    if not isinstance(value, list) or not all(
        isinstance(e, Mapping) and isinstance(e.get("name"), str | int) for e in value
    ):
        raise r.bad(key, "must be a list of entries, each with a name")
    return list(value)


def read(config: Config, claims: Claims, edition: str) -> dict[str, Any]:
    """The house-rules keys this side's settings set (unclaimed settings are reported as
    unknown)."""
    if not any(config.section(name, "fs3skills") for name in config.files):
        return {}  # only the combat side's files: the edition's skills side stands
    r = Reader(config, claims)
    rules: dict[str, Any] = {}
    descriptions: list[dict[str, str]] = []
    _abilities(r, rules, descriptions)
    _texts(r, descriptions)

    def linked(file: str, value: Any) -> None:
        rules["background_attribute"] = str(value)

    r.each(
        "default_linked_attr",
        "converted",
        "background, language and advantage skills "
        "roll with this attribute, as AresMUSH's rolls do (000 Linked Attributes names "
        "Wits; 3.2's choice per skill gives way to it) (A2)",
        linked,
    )

    rules["chargen"] = read_chargen(r)
    rules.update(read_xp(r))
    _luck(r, rules)
    for key, why in _UNSUPPORTED.items():
        found = r.get(key)
        if found is not None:
            r.claim(found[0], key, "unsupported", why)
    if descriptions:
        rules["descriptions"] = descriptions
    return rules


def _abilities(r: Reader, rules: dict[str, Any], descriptions: list[dict[str, str]]) -> None:
    """The ability lists: attributes, action skills, languages, advantages."""

    def described(kind: str, listed: list[Mapping[str, Any]]) -> list[str]:
        names = []
        for entry in listed:
            name = str(entry["name"])
            names.append(name)
            if entry.get("desc") is not None:
                descriptions.append({"kind": kind, "name": name, "text": str(entry["desc"])})
        return names

    attributes = entries(r, "attributes")
    if r.get("attributes") is not None and not attributes:
        raise r.bad("attributes", "lists no attribute; every roll needs one (000 What to Roll)")
    if attributes:
        rules["attributes"] = described("attribute", attributes)
        r.each(
            "attributes",
            "kept",
            "the game's attributes, with their descriptions (A1)",
            lambda f, v: None,
        )
    action = entries(r, "action_skills")
    if r.get("action_skills") is not None:
        skills = []
        for entry in action:
            specialties = entry.get("specialties") or []
            if not isinstance(specialties, list):
                raise r.bad("action_skills", f"{entry['name']}: specialties must be a list")
            skills.append(
                {
                    "name": str(entry["name"]),
                    "attribute": str(entry.get("linked_attr")),
                    "specialties": [str(s) for s in specialties],
                }
            )
        described("action", action)
        rules["action_skills"] = skills
        r.each(
            "action_skills",
            "kept",
            "the game's action skills, each with its linked "
            "attribute, specialties and description (A1)",
            lambda f, v: None,
        )
    languages = entries(r, "languages")
    if languages or r.get("languages") is not None:
        rules["languages"] = described("language", languages)
        r.each(
            "languages",
            "kept",
            "the game's languages, rated 0-3 as 000's scaled skills, with their descriptions (A1)",
            lambda f, v: None,
        )
    advantages = entries(r, "advantages")
    rules["advantages"] = described("advantage", advantages)
    r.each(
        "advantages",
        "kept",
        "the game's advantages, rated 0-3, with their descriptions (A4)",
        lambda f, v: None,
    )

    def use(file: str, value: Any) -> None:
        rules["use_advantages"] = as_bool(r, "use_advantages", value)

    r.each(
        "use_advantages",
        "kept",
        "advantages are on the sheet, in creation points and in XP only when this is true (A4)",
        use,
    )


def _texts(r: Reader, descriptions: list[dict[str, str]]) -> None:
    """The texts players read: suggested background skills, each kind's blurb."""

    def backgrounds(file: str, value: Any) -> None:
        if value is None:
            return
        if not isinstance(value, Mapping):
            raise r.bad("background_skills", "must be a table of name: description")
        for name, desc in value.items():
            text = "" if desc is None else str(desc)
            descriptions.append({"kind": "background", "name": str(name), "text": text})

    r.each(
        "background_skills",
        "kept",
        "the game's suggested background skills and their "
        "descriptions, offered as ideas; a character may take any (A3)",
        backgrounds,
    )

    for key, kind in _BLURBS.items():

        def blurb(file: str, value: Any, kind: str = kind) -> None:
            if value is not None:
                descriptions.append({"kind": kind, "name": "", "text": str(value)})

        r.each(
            key,
            "kept",
            f"the introduction players read above the game's {kind} abilities (A3)",
            blurb,
        )


def _luck(r: Reader, rules: dict[str, Any]) -> None:
    def cap(file: str, value: Any) -> None:
        rules["max_luck"] = as_int(r, "max_luck", value, 1)

    r.each(
        "max_luck",
        "converted",
        "a character holds at most this many luck points: an "
        "award past it gives up to the cap, as AresMUSH's does (002 Luck sets no cap) "
        "(A16)",
        cap,
    )

    def per_scene(file: str, value: Any) -> None:
        if value is None:
            return
        if not isinstance(value, Mapping):
            raise r.bad("luck_for_scene", "must be a table of scenes: luck")
        rows = []
        for after, luck in value.items():
            if isinstance(luck, bool) or not isinstance(luck, int | float) or not 0 <= luck <= 100:
                raise r.bad(
                    "luck_for_scene", f"{after}: luck must be a number from 0 to 100, not {luck!r}"
                )
            rows.append({"after": as_int(r, "luck_for_scene", after, 0), "luck": float(luck)})
        rules["luck_for_scene"] = sorted(rows, key=lambda row: row["after"])

    r.each(
        "luck_for_scene",
        "converted",
        "as a scene finishes, each character who posed in it earns luck for each other who "
        "did, by the scenes they have shared, as AresMUSH reckons it; whole points are "
        "awarded as the sum passes them, within max_luck (002 Luck leaves awards to the "
        "Storyteller) (A17)",
        per_scene,
    )
