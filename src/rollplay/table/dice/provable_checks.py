"""What a whole log must hold besides each roll's own dice (issue 29, docs/verify.md), for
provable_log.verify_log (``server/static/verify_log.js`` has the same, with the same lines):

* under one seed, nonces rise with the events: a command logged later has a higher nonce
  (rulings V9), so two rolls' nonces swapped, or a gap filled later, is named;
* each provable roll's client seed is its roller's, the one in force at that event: the last
  ``client_seed`` event of that roller in that game before it (rulings V10); and, given the
  seed a player chose, every later roll of theirs used it;
* a reveal names a commitment the log published, and a commitment a player recorded earlier
  (``--commitment``) is one the log published;
* what could not be proven, a line per reason: rolls awaiting a reveal, hidden from the
  viewer, or not drawn from a committed seed. The exit status says which of these held.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["UNPROVEN", "client_seed_problems", "event_number", "nonce_order", "unproven_lines"]

Line = Mapping[str, Any]
# Why a roll could not be proven, by its status, in the order the lines are written.
UNPROVEN = {
    "awaiting": "awaiting a reveal (its seed is not revealed yet)",
    "hidden": "hidden from you (its dice are not in your export)",
    "typed": "typed-in dice (not drawn from a committed seed)",
    "seeded": "seeded dice (not drawn from a committed seed)",
    "secure": "OS-entropy dice (the game had verifiable dice off)",
    "before": "rolled before verifiable dice",
}


def event_number(line: Line) -> int:
    """A line's event number: its ``id`` (the one place the verifier reads it)."""
    number = line["id"]
    assert type(number) is int, "read_log takes only lines with a whole-number id"
    return number


def nonce_order(commands: Mapping[tuple[str, str, int], Sequence[Line]]) -> dict[int, str]:
    """Per seed, the commands out of step with the events: event number -> the line saying
    so. The longest run of rising nonces in event order stands (the first such run, as
    verify_log.js finds it); every other command is named. A command's first entry stands
    for it."""
    firsts: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for (game, hashed, nonce), group in commands.items():
        first = min(event_number(line) for line in group)
        firsts.setdefault((game, hashed), []).append((first, nonce))
    out = {}
    for events in firsts.values():
        events.sort()
        kept = _rising([nonce for _, nonce in events])
        for at, (number, nonce) in enumerate(events):
            if at not in kept:
                out[number] = (f"its nonce {nonce} is out of step with the events: under a seed, "
                               f"nonces rise with the events")  # fmt: skip
    return out


def _rising(values: Sequence[int]) -> set[int]:
    """The places of a longest strictly rising run in ``values`` (patience sorting)."""
    tails: list[int] = []  # tails[k]: the place of the least last value of a run of k + 1
    least: list[int] = []  # that value
    before: list[int] = []
    for at, value in enumerate(values):
        k = bisect.bisect_left(least, value)
        before.append(tails[k - 1] if k else -1)
        if k == len(tails):
            tails.append(at)
            least.append(value)
        else:
            tails[k], least[k] = at, value
    kept, at = set(), tails[-1] if tails else -1
    while at >= 0:
        kept.add(at)
        at = before[at]
    return kept


def client_seed_problems(
    line: Line, seeds: Mapping[tuple[str, str], list[tuple[int, str]]],
    chosen: Mapping[str, str],
) -> list[str]:  # fmt: skip
    """A provable line's client seed against its roller's in force at its event (``seeds``:
    (game, user) -> [(event number, client seed)], in order), and the seed its roller says
    they chose (``chosen``: user -> seed), from the event that set it on."""
    block, roller = line.get("provable"), line.get("actor")
    used = block.get("client_seed") if isinstance(block, Mapping) else None
    if not isinstance(roller, str):
        return ["it does not name its roller, whose client seed it must use"]
    number = event_number(line)
    history = seeds.get((_said(line.get("game")), roller), [])
    before = [seed for at, seed in history if at < number]
    if not before:
        return [f"its roller {roller} has no client seed in the log before it"]
    problems = []
    if before[-1] != used:
        problems.append(f"its client seed is {_said(used)}, but its roller {roller}'s was "
                        f"{_said(before[-1])}")  # fmt: skip
    mine = chosen.get(roller)
    if mine is not None:
        set_at = next((at for at, seed in history if seed == mine), None)
        if set_at is None:
            problems.append(f"{roller} chose the client seed {mine}, which the log never sets")
        elif set_at < number and used != mine:
            problems.append(f"{roller} chose the client seed {mine} (#{set_at}), but it used "
                            f"{_said(used)}")  # fmt: skip
    return problems


def unproven_lines(statuses: Sequence[tuple[int, str]]) -> list[str]:
    """One line per reason some rolls could not be proven, naming the first ten of them."""
    out = []
    for status, why in UNPROVEN.items():
        numbers = [number for number, s in statuses if s == status]
        if numbers:
            listed = ", ".join(f"#{n}" for n in numbers[:10]) + (", \u2026" * (len(numbers) > 10))
            out.append(f"{len(numbers)} not proven, {why}: {listed}")
    return out


def _said(value: Any) -> str:
    import json

    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
