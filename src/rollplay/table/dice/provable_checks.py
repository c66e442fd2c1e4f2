"""What a whole log must hold besides each roll's own dice (issue 29, docs/verify.md), for
provable_log.verify_log (``server/static/verify_log.js`` has the same, with the same lines):

* under one seed, nonces rise with the events: a command logged later has a higher nonce
  (rulings V9), so two rolls' nonces swapped, or a gap filled later, is named;
* each provable roll's client seed is its roller's, the one in force at that event: the last
  ``client_seed`` event of that roller in that game before it (rulings V10); and, given the
  seed a player chose, every later roll of theirs used it;
* each game's event numbers are 1, 2, 3, ... with none missing or repeated; where they are,
  and no roll under a seed is withheld from the file, a nonce no roll used is named;
* a reveal names a commitment the log published, and a commitment a player recorded earlier
  (``--commitment``) is one the log published;
* what could not be proven, a line per reason: rolls awaiting a reveal, hidden from the
  viewer, or not drawn from a committed seed. The exit status says which of these held.
"""

from __future__ import annotations

import bisect
import itertools
import json
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "JUDGED",
    "UNPROVEN",
    "client_seed_problems",
    "drawn",
    "event_number",
    "is_part",
    "links",
    "nonce_order",
    "numbering",
    "seeded_before",
    "unproven_lines",
    "withheld",
]  # fmt: skip

Line = Mapping[str, Any]
DICE_KINDS = ("roll", "combat_turn", "heal_day")  # the events that may draw from a seed
# Why a roll could not be proven, by its status, in the order the lines are written.
UNPROVEN = {
    "awaiting": "awaiting a reveal (its seed is not revealed yet)",
    "hidden": "hidden from you (its dice are not in your export)",
    "typed": "typed-in dice (not drawn from a committed seed)",
    "seeded": "seeded dice (not drawn from a committed seed)",
    "secure": "OS-entropy dice (the game had verifiable dice off)",
    "before": "rolled before verifiable dice",
    "unseeded": "rolled before its roller's client seed was logged (a database from before "
    "rulings V10)",
}
# The statuses of a roll whose dice were judged against its seed.
JUDGED = ("verified", "mismatch", "awaiting", "unseeded")


def event_number(line: Line) -> int:
    """A line's event number: its ``id`` (the one place the verifier reads it)."""
    number = line["id"]
    assert type(number) is int, "read_log takes only lines with a whole-number id"
    return number


def event_key(line: Line) -> tuple[str, int]:
    """Which event a line is: its game and its number there (numbers are each game's own)."""
    return _said(line.get("game")), event_number(line)


def nonce_order(
    commands: Mapping[tuple[str, str, int], Sequence[Line]],
) -> dict[tuple[str, int], str]:
    """Per seed, the commands out of step with the events: (game, event number) -> the line
    saying so. The longest run of rising nonces in event order stands (the first such run, as
    verify_log.js finds it); every other command is named. A command's first entry stands
    for it."""
    firsts: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for (game, hashed, nonce), group in commands.items():
        first = min(event_number(line) for line in group)
        firsts.setdefault((game, hashed), []).append((first, nonce))
    out = {}
    for (game, _), events in firsts.items():
        events.sort()
        kept = _rising([nonce for _, nonce in events])
        for at, (number, nonce) in enumerate(events):
            if at not in kept:
                out[(game, number)] = (f"its nonce {nonce} is out of step with the events: "
                                       f"under a seed, nonces rise with the events")  # fmt: skip
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


def seeded_before(line: Line, seeds: Mapping[tuple[str, str], list[tuple[int, str]]]) -> bool:
    """Whether the log sets the line's roller a client seed before it (none: a roll from a
    database older than rulings V10, whose seed was kept without an event)."""
    roller = line.get("actor")
    history = seeds.get((_said(line.get("game")), roller), []) if isinstance(roller, str) else []
    return not isinstance(roller, str) or any(at < event_number(line) for at, _ in history)


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
    if mine is not None:  # in each game where the log sets it (a seed is chosen per game)
        set_at = next((at for at, seed in history if seed == mine), None)
        if set_at is not None and set_at < number and used != mine:
            problems.append(f"{roller} chose the client seed {mine} (#{set_at}), but it used "
                            f"{_said(used)}")  # fmt: skip
    return problems


def unset_choices(
    seeds: Mapping[tuple[str, str], list[tuple[int, str]]], chosen: Mapping[str, str]
) -> list[str]:
    """A client seed its roller says they chose that no game in the log ever sets for them:
    what a forger who changed the seed's event along with the rolls leaves."""
    return [f"{roller} chose the client seed {mine}, which the log never sets"
            for roller, mine in chosen.items()
            if not any(user == roller and any(seed == mine for _, seed in history)
                       for (_, user), history in seeds.items())]  # fmt: skip


def numbering(lines: Sequence[Line]) -> tuple[list[str], set[str]]:
    """Each game's event numbers must be 1, 2, 3, ... with none missing or repeated (an
    export holds every event, as a placeholder if its reader may not see it: rulings V12):
    the lines saying which are not, and the games (as their lines name them) that pass."""
    games: dict[str, list[int]] = {}
    for line in lines:
        games.setdefault(_said(line.get("game")), []).append(event_number(line))
    out, whole = [], set()
    for game, numbers in games.items():
        numbers.sort()
        twice = sorted({n for a, n in itertools.pairwise(numbers) if a == n})
        missing = _missing(set(numbers), numbers[-1])
        if twice:
            out.append(f"event numbers {_listed(twice)} of {game} are in the file twice")
        if missing:
            out.append(f"event numbers {_listed(missing)} of {game} are not in the file (an export "
                       f"holds every event, as a placeholder if you may not see it)")  # fmt: skip
        if not twice and not missing:
            whole.add(game)
    return out, whole


def withheld(lines: Sequence[Line]) -> set[tuple[str, str]]:
    """The (game, chain) pairs whose every roll this file does not show: a roll left out by
    a filter withholds both chains; one hidden from the reader, the hidden chain."""
    out = set()
    for line in lines:
        game, kind = _said(line.get("game")), line.get("kind")
        if kind == "placeholder" and line.get("of") in DICE_KINDS:
            out |= {(game, "public"), (game, "hidden")}
        elif (kind == "placeholder" and line.get("of") is None) or line.get("hidden") is True:
            out.add((game, "hidden"))
    return out


def links(
    commits: Mapping[tuple[str, str], Line], reveals: Mapping[tuple[str, str], Line]
) -> list[str]:
    """Each seed event's ``after`` (the predecessor its commitment covers, rulings V13) must
    be a seed of its chain revealed in the log, with that count: a reveal's count lowered
    (a roll taken out) no longer matches the next commitment, which was published first."""
    out = []
    for (game, _), line in [*commits.items(), *reveals.items()]:
        link = line.get("after")
        if link is None:
            continue
        link = link if isinstance(link, Mapping) else {}
        where = f"#{event_number(line)} ({game}, the {_said(line.get('chain'))} chain)"
        before = _said(link.get("commitment"))
        reveal = reveals.get((game, before))
        if reveal is None or _json(reveal.get("chain")) != _json(line.get("chain")):
            out.append(f"{where} follows the seed {before[:16]}\u2026, which this log never "
                       f"reveals in that chain")  # fmt: skip
        elif _json(reveal.get("nonces")) != _json(link.get("nonces")):
            out.append(f"{where} follows a seed that served {_said(link.get('nonces'))} "
                       f"nonces, but its reveal #{event_number(reveal)} says "
                       f"{_said(reveal.get('nonces'))}")  # fmt: skip
    return out


def _json(value: Any) -> str:
    """A value as canonical JSON, to compare as verify_log.js does (2.0 is not 2)."""
    return json.dumps(value, sort_keys=True, default=str)


def _missing(seen: set[int], last: int) -> list[int]:
    """The first eleven numbers from 1 to ``last`` not seen (never list them all)."""
    out: list[int] = []
    n = 1
    while n <= last and len(out) < 11:
        if n not in seen:
            out.append(n)
        n += 1
    return out


def _listed(numbers: Sequence[int]) -> str:
    return ", ".join(f"#{n}" for n in numbers[:10]) + (", \u2026" if len(numbers) > 10 else "")


def unproven_lines(statuses: Sequence[tuple[int, str]]) -> list[str]:
    """One line per reason some rolls could not be proven, naming the first ten of them."""
    out = []
    for status, why in UNPROVEN.items():
        numbers = [number for number, s in statuses if s == status]
        if numbers:
            listed = ", ".join(f"#{n}" for n in numbers[:10]) + (", \u2026" * (len(numbers) > 10))
            out.append(f"{len(numbers)} not proven, {why}: {listed}")
    return out


def drawn(draws: Any) -> list[Any] | None:
    """Every face of the draws, in order; None unless they are ``[[sides, [faces]], ...]``."""
    if not isinstance(draws, list) or not all(
        isinstance(d, list) and len(d) == 2 and isinstance(d[1], list) for d in draws
    ):
        return None
    return [face for _, faces in draws for face in faces]


def is_part(part: Any) -> bool:
    return (isinstance(part, list | tuple) and len(part) == 2
            and all(type(p) is int for p in part) and 0 <= part[0] <= part[1])  # fmt: skip


def _said(value: Any) -> str:
    """A value from the log in a message, as the browser writes it: text as it is, the
    rest as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


said = _said
