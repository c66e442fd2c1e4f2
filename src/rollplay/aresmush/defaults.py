"""AresMUSH's own settings for what rollplay does not use (command aliases, achievements,
permissions, the clocks), written for a game made in rollplay, which has no imported
values to keep (issue 38, section 4; rulings A18, A37): what an AresMUSH game starts
with, so a group that leaves gets a MUSH that works as MUSHes do. The names and numbers
are what AresMUSH's code looks up; the texts players read are rollplay's own words."""

from __future__ import annotations

from typing import Any


def _achievements(rows: dict[str, str], counted: dict[str, list[int]]) -> dict[str, Any]:
    return {
        name: {"type": "fs3", "message": text, **({"levels": counted[name]} if name in counted
                                                  else {})}
        for name, text in rows.items()
    }  # fmt: skip


SKILLS_MISC: dict[str, Any] = {
    "public_sheets": True,
    "roll_channel": "FS3 Rolls",
    "shortcuts": {
        "spec": "specialty", "sheet2": "profile", "skills": "abilities",
        "attributes": "abilities", "languages": "abilities", "advantages": "abilities",
        "practice": "learn", "train": "learn", "xp/raise": "learn",
        "roll/secret": "roll/private", "xp/subtract": "xp/remove", "xp/add": "xp/award",
    },
    "achievements": _achievements(
        {"fs3_luck_spent": "Spent luck.", "fs3_roll": "Made a roll."}, {}
    ),
    "job_on_luck_spend": True,
    "permissions": {
        "manage_abilities": "May change other characters' ratings.",
        "view_sheets": "May read other characters' sheets.",
    },
}  # fmt: skip
SKILLS_XP: dict[str, Any] = {
    "periodic_xp": 1,
    "xp_cron": {"day_of_week": ["Sat"], "hour": [21], "minute": [0]},
}
COMBAT_MISC: dict[str, Any] = {
    "shortcuts": {
        "combat/skill": "combat/summary", "combat/skills": "combat/summary",
        "combat/slackers": "combat/summary", "combat/add": "combat/join",
        "combat/remove": "combat/leave", "combat/hitlocs": "combat/hitloc",
        "vehicles": "vehicle", "healing": "heal/list", "weapons": "weapon", "mounts": "mount",
    },
    "achievements": _achievements(
        {
            "fs3_hero": "Came back from a knockout.",
            "fs3_joined_combat": "Took part in %{count} combats.",
            "fs3_wounded": "Took %{count} wounds in combat.",
            "fs3_hard_hitter": "Put an opponent down in combat.",
            "fs3_explosive_hit": "Hurt someone with an explosive.",
            "fs3_melee_hit": "Hurt someone with a melee weapon.",
            "fs3_ranged_hit": "Hurt someone with a ranged weapon.",
            "fs3_suppressed": "Pinned a target down in combat.",
            "fs3_subdued": "Held a target in combat.",
            "fs3_distracted": "Distracted a target in combat.",
            "fs3_rallied": "Rallied someone in combat.",
            "fs3_treated": "Treated someone's wounds in combat.",
        },
        {
            "fs3_joined_combat": [1, 10, 20, 50, 100, 200, 500, 1000],
            "fs3_wounded": [1, 5, 10, 20, 50, 100, 150, 200, 250, 500],
        },
    ),
    "permissions": {"manage_combat": "May run combats someone else began."},
    "gear_blurb": "",
}  # fmt: skip
COMBAT_DAMAGE: dict[str, Any] = {"healing_cron": {"hour": [2], "minute": [47]}}
