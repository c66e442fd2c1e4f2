"""An FS3 teamwork roll's assist modifier held to its assisters' rolls (issue 29 point 3,
rulings V14; ``server/static/verify_team.js`` is the same, with the same lines).

One command logs each assister's entry (``assisting``: the leader's name), then the
leader's, whose card says what the assists earned (000 Teamwork): each assister's level
earns the ruleset's modifier for it (an Embarrassing Failure the failure's), their sum is
``assist_uncapped``, capped at ``assist_cap`` it is ``assist_modifier``, and that is the
leader's ``teamwork`` modifier. The assisters' own levels are each held to their dice by
provable_fs3.py; a wrong one is named there, and the sum is not judged again."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rollplay.table.dice.provable_cards import Line, shown
from rollplay.table.dice.provable_checks import event_key, event_number
from rollplay.table.dice.provable_fs3 import fs3_preset_of, fs3_problems
from rollplay.table.dice.provable_rules import Rules

__all__ = ["teamwork_problems"]


def teamwork_problems(
    group: Sequence[Line], rules: Mapping[tuple[str, int], Rules]
) -> dict[tuple[str, int], str]:
    """(game, event number) of a teamwork command's leader -> the line saying its card's
    assist modifier is not the one its assisters' levels earn."""
    leads = [line for line in group if _fs3(line) and _assists(line["outcome"])]
    if len(leads) != 1:
        return {}
    lead = leads[0]
    o = lead["outcome"]
    preset = fs3_preset_of(lead, rules.get(event_key(lead)))
    helpers = [line for line in sorted(group, key=event_number)
               if line is not lead and _fs3(line)
               and line["outcome"].get("assisting") is not None]  # fmt: skip
    if preset is None or any(fs3_problems(line, rules.get(event_key(line)))
                             for line in (lead, *helpers)):  # fmt: skip
        return {}  # not judged, or its own lines say what is wrong
    if len(o["assists"]) != len(helpers):
        return {event_key(lead): f"its teamwork counts {len(o['assists'])} assists, but its "
                                 f"command logs {len(helpers)} assisters"}  # fmt: skip
    levels = [line["outcome"].get("level") for line in helpers]
    earned = [next((m for title, m in preset.assists if title == level), None) for level in levels]
    if not all(type(m) is int for m in earned):
        return {}
    uncapped = sum(m for m in earned if m is not None)
    modifier = min(uncapped, preset.assist_cap)
    because = f"its assisters' levels ({', '.join(map(str, levels))}) earn"
    for field, right in (("assist_uncapped", uncapped), ("assist_modifier", modifier)):
        if type(o.get(field)) is not int or o.get(field) != right:
            return {event_key(lead): f"its {field} is {shown(o.get(field))}, but {because} "
                                     f"{right}"}  # fmt: skip
    mods = o.get("modifiers")
    teamwork = [m.get("value") for m in (mods if isinstance(mods, list) else [])
                if isinstance(m, Mapping) and m.get("reason") == "teamwork"]  # fmt: skip
    if not (len(teamwork) == 1 and type(teamwork[0]) is int and teamwork[0] == modifier):
        return {event_key(lead): f"its teamwork modifiers are {shown(teamwork)}, but {because} "
                                 f"[{modifier}] (at most {preset.assist_cap})"}  # fmt: skip
    return {}


def _assists(outcome: Mapping[str, Any]) -> bool:
    assists = outcome.get("assists")
    return isinstance(assists, list) and len(assists) > 0


def _fs3(line: Line) -> bool:
    o: Any = line.get("outcome")
    return isinstance(o, Mapping) and o.get("system") == "fs3"
