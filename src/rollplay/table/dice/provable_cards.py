"""What every system's card check shares (provable_fs3.py, provable_gurps.py,
provable_d6.py): a count read strictly, a value said as the log has it, and a contest's two
entries paired and held to what their sides make."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rollplay.table.dice.provable_checks import event_key

Line = Mapping[str, Any]


def is_count(value: Any, count: int) -> bool:
    return type(value) is int and value == count  # not True for 1, not 2.0 for 2


def shown(value: Any) -> str:
    return json.dumps(value)


def contest_sides(group: Sequence[Line], system: str, names: tuple[str, str]) -> dict[str, Line]:
    """A contest's two entries by side (``names``: its system's two side names), in one
    ruleset; empty unless the group is exactly that."""
    sides: dict[str, Line] = {}
    for line in group:
        o = line.get("outcome")
        said = o.get("opposed") if isinstance(o, Mapping) and o.get("system") == system else None
        if isinstance(said, Mapping) and said.get("side") in names:
            if said["side"] in sides:
                return {}
            sides[said["side"]] = line
    if len(sides) != 2 or len({str(s.get("ruleset_version")) for s in sides.values()}) != 1:
        return {}
    return sides


def disagreeing(
    sides: Mapping[str, Line], right: Mapping[str, Any], because: str
) -> dict[tuple[str, int], str]:
    """(game, event number) -> the first of ``right``'s fields an entry's contest says
    otherwise, and ``because``: what the sides make it."""
    out = {}
    for line in sides.values():
        said = line["outcome"]["opposed"]
        for field, value in right.items():
            if said.get(field) != value or type(said.get(field)) is not type(value):
                out[event_key(line)] = (f"its contest's {field} is {shown(said.get(field))}, "
                                        f"but {because} make it {shown(value)}")  # fmt: skip
                break
    return out


def shown_faces(entry: Line) -> list[list[int]]:
    """The faces a roll shows that its own command drew, in draw order (FS3's luck re-roll
    keeps the better roll, which may be the second drawn: then both orders are given). D6
    shows its regular dice, the Wild Die's tosses, then each Character Point die's; points
    spent after a roll drew only the dice they added."""
    dice, outcome, spends = (entry.get(k) for k in ("dice", "outcome", "spends"))
    outcome = outcome if isinstance(outcome, Mapping) else {}
    if isinstance(dice, Mapping):
        tosses = _list(dice.get("cp_dice"))
        if outcome.get("adds_to") is not None:
            added = spends.get("character_points") if isinstance(spends, Mapping) else 0
            added = added if type(added) is int and added > 0 else 0
            return [_flat(tosses[max(0, len(tosses) - added) :] if added else [])]
        faces = [*_list(dice.get("dice")), *_list(dice.get("wild")), *_flat(tosses)]
    else:
        faces = _list(dice)
    discarded = outcome.get("discarded")
    if isinstance(discarded, Mapping):
        other = _list(discarded.get("dice"))
        return [faces + other, other + faces]
    return [faces]


def _list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else []


def _flat(tosses: Iterable[Any]) -> list[int]:
    return [face for toss in tosses for face in _list(toss)]
