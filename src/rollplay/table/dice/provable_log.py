"""Checking a whole exported log of verifiable dice (``rollplay verify``, docs/verify.md).

One roll is checked by ``provable.verify_draws``; a log needs more, and this module does it
(``server/static/verify_log.js`` is the same for the browser, with the same lines):

* each roll's dice, as the log shows them, are its draws' faces in draw order (``part``
  says which of its command's faces are this entry's, when a command logged several);
* its commitment was published (``seed_commit``) before it;
* once the seed is revealed (``seed_reveal``), its draws re-derive from it;
* under one seed no nonce is used by two commands, none is past the count the reveal gives,
  and, where the export holds every event number of the game and withholds no roll under the
  seed (provable_checks.py: not the file's own ``complete``, which the verifier ignores), none is
  missing. A viewer never sees others' hidden rolls, so only what they can judge is judged.

Pure: no I/O. The input is the export's lines as parsed JSON (``rollplay log --export
jsonl``: roll entries, the other events that drew dice, and the seed events).
"""

from __future__ import annotations

import itertools
import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from rollplay.table.dice.provable import chained, verify_draws
from rollplay.table.dice.provable_asked import asked_problems
from rollplay.table.dice.provable_cards import shown_faces
from rollplay.table.dice.provable_checks import (
    JUDGED,
    client_seed_problems,
    event_key,
    event_number,
    links,
    nonce_order,
    numbering,
    said,
    seeded_before,
    unset_choices,
    withheld,
)
from rollplay.table.dice.provable_checks import (
    drawn as _drawn,
)
from rollplay.table.dice.provable_checks import (
    is_part as _is_part,
)
from rollplay.table.dice.provable_counts import seed_counts
from rollplay.table.dice.provable_outcomes import (
    contest_problems,
    d6_after_problems,
    d6_problems,
    fs3_problems,
    gurps_problems,
    part_order,
)
from rollplay.table.dice.provable_read import BadLog, Fraction, read_log
from rollplay.table.dice.provable_report import IMPORTED, NOT_PROVABLE, Report, Verdict
from rollplay.table.dice.provable_rules import Rules, rules_in_force
from rollplay.table.dice.provable_sheets import rating_problems
from rollplay.table.dice.provable_who import credit_problems

__all__ = ["BadLog", "Fraction", "Report", "Verdict", "read_log", "shown_faces", "verify_log"]

Line = Mapping[str, Any]


def verify_log(
    lines: Sequence[Line], *, commitments: Sequence[str] = (),
    client_seeds: Mapping[str, str] | None = None,
) -> Report:  # fmt: skip
    """Every entry that drew dice, judged; and what is wrong with a seed as a whole.
    ``commitments``: ones a player recorded earlier, each of which the log must publish;
    ``client_seeds``: roller -> the client seed they say they chose."""
    commits: dict[tuple[str, str], Line] = {}
    reveals: dict[tuple[str, str], Line] = {}
    seeds: dict[tuple[str, str], list[tuple[int, str]]] = defaultdict(list)
    rolled: list[Line] = []
    for line in sorted(lines, key=event_number):
        kind = _kind(line)
        if kind == "seed_commit":
            commits.setdefault(_seed_key(line, line), line)
        elif kind == "seed_reveal":
            reveals[_seed_key(line, line)] = line
        elif kind == "client_seed":
            who = (said(line.get("game")), said(line.get("user")))
            seeds[who].append((event_number(line), said(line.get("client_seed"))))
        elif kind == "roll" or "dice_source" in line or "provable" in line:
            rolled.append(line)
    verdicts, commands = [], defaultdict(list)
    derived: dict[str, list[str]] = {}
    rules, misnamed = rules_in_force(lines)
    for line in rolled:
        status, problems = _judge(line, commits, reveals, derived)
        if status in JUDGED:
            key = event_key(line)
            problems = problems + ([misnamed[key]] if key in misnamed else [])
            status, problems = _held_to(line, status, problems, seeds, client_seeds or {},
                                        rules=rules.get(key))  # fmt: skip
        verdicts.append(Verdict(event_number(line), _name(line), status, problems,
                                said(line.get("game"))))  # fmt: skip
        block = line.get("provable")
        if (status in JUDGED and isinstance(block, Mapping)
                and type(block.get("nonce")) is int):  # fmt: skip
            commands[(*_seed_key(line, block), block["nonce"])].append((line, len(verdicts) - 1))
    _repeats(commands, verdicts)
    groups = {key: [line for line, _ in group] for key, group in commands.items()}
    late = nonce_order(groups)
    for group in groups.values():
        late.update({n: said for n, said in part_order(group).items() if n not in late})
        late.update({n: said for n, said in contest_problems(group, rules).items()
                     if n not in late})  # fmt: skip
    late.update({n: said for n, said in d6_after_problems(lines, rules).items() if n not in late})
    credits, ratings = credit_problems(lines), rating_problems(lines, rules)
    for at, verdict in enumerate(verdicts):
        key = (verdict.game, verdict.id)
        more = [late[key]] if key in late else []
        if verdict.status in JUDGED:
            more += [said[key] for said in (credits, ratings) if key in said]
        if more:
            verdicts[at] = verdict._replace(status="mismatch", problems=[*verdict.problems, *more])
    gaps, whole = numbering(lines)
    held = withheld(lines)
    judged = {key for key, r in reveals.items() if key[0] in whole
              and (key[0], said(r.get("chain"))) not in held}  # fmt: skip
    problems = gaps + seed_counts(reveals, commands, judged)
    problems += links(commits, reveals)
    problems += unset_choices(seeds, client_seeds or {})
    problems += [f"the {said(r.get('chain'))} seed revealed in #{event_number(r)} ({game}) "
                 f"was never committed in this log" for (game, hashed), r in reveals.items()
                 if (game, hashed) not in commits]  # fmt: skip
    published = {hashed.lower() for _, hashed in commits}
    problems += [f"the commitment you recorded, {mine}, is not published in this log"
                 for mine in commitments if mine.lower() not in published]  # fmt: skip
    return Report(verdicts, problems, imported(lines))


def imported(lines: Sequence[Line]) -> int:
    """How many lines are another table's, brought in (issue 38: an imported scene's head
    and entries, whole or as placeholders): never rolls, so never judged; the report says
    how many there were (rulings A56). A line that claims dice is judged as a roll whatever
    its kind (above), so an imported line cannot pass for a proven roll."""
    kinds = [line.get("of") if _kind(line) == "placeholder" else _kind(line) for line in lines]
    return sum(kind in IMPORTED for kind in kinds)


def _held_to(
    line: Line, status: str, problems: list[str],
    seeds: Mapping[tuple[str, str], list[tuple[int, str]]], chosen: Mapping[str, str], *,
    rules: Rules | None,
) -> tuple[str, list[str]]:  # fmt: skip
    """A judged roll held to its roller's client seed and its outcome to its dice, under
    the ruleset in force at it (``rules``: as the file gives it, or None)."""
    seeded = seeded_before(line, seeds)
    if seeded:
        problems = problems + client_seed_problems(line, seeds, chosen)
    problems = problems + fs3_problems(line, rules) + gurps_problems(line, rules)
    problems += d6_problems(line, rules) + asked_problems(line, rules)
    if problems:
        return "mismatch", problems
    if status == "verified" and not seeded:
        return "unseeded", problems  # its dice match, but whose seed it had is not logged
    return status, problems


def _judge(
    line: Line, commits: Mapping[Any, Line], reveals: Mapping[Any, Line],
    derived: dict[str, list[str]],
) -> tuple[str, list[str]]:  # fmt: skip
    if line.get("hidden") is True:
        return "hidden", []
    source = line.get("dice_source")
    if source is None:
        return "before", []
    if source in NOT_PROVABLE:
        return str(source), []
    block = line.get("provable")
    if source != "provable" or not isinstance(block, Mapping):
        return "mismatch", [f"its dice source is {said(source)} but it has no provable block"]
    problems = []
    key = _seed_key(line, block)
    commit = commits.get(key)
    if commit is None:
        problems.append("its seed's commitment was never published in this log")
    elif event_number(commit) > event_number(line):
        problems.append(f"its seed's commitment was published after it (#{event_number(commit)})")
    draws = block.get("draws")
    if _kind(line) == "roll":
        problems.extend(_shown_problems(line, draws, block.get("part")))
    reveal = reveals.get(key)
    if reveal is None:
        return ("mismatch" if problems else "awaiting"), problems
    if block.get("chain") != reveal.get("chain"):
        problems.append(f"it names the {said(block.get('chain'))} chain, but its seed is the "
                        f"{said(reveal.get('chain'))} chain's")  # fmt: skip
    nonce, used = block.get("nonce"), reveal.get("nonces")
    if type(nonce) is int and type(used) is int and nonce >= used:
        problems.append(f"its nonce {nonce} is past the {used} the reveal says were used")
    args = (reveal.get("seed"), block.get("commitment"), block.get("client_seed"), nonce, draws,
            chained(reveal.get("after")))  # fmt: skip
    memo = json.dumps(args, default=str)
    if memo not in derived:
        derived[memo] = verify_draws(*args[:5], after=args[5])  # type: ignore[arg-type]
    problems.extend(derived[memo])
    return ("mismatch" if problems else "verified"), problems


def _shown_problems(line: Line, draws: Any, part: Any) -> list[str]:
    """The roll's shown dice must be its draws' faces (its part of them) in order."""
    flat = _drawn(draws)
    if flat is None:
        return []  # verify_draws names a malformed draw
    start, end = part if _is_part(part) else (0, len(flat))
    mine = flat[start:end]
    if end > len(flat) or mine not in shown_faces(line):
        return [f"its dice {said(shown_faces(line)[0])} are not its draws {said(mine)} in order"]
    return []


def _repeats(commands: Mapping[Any, list[tuple[Line, int]]], verdicts: list[Verdict]) -> None:
    """Entries sharing a seed and a nonce must be one command's: the same block, each with
    its own part of the draws; anything else uses a nonce twice, and which of them is the
    honest one cannot be told, so each is named."""
    for (_, _, nonce), group in commands.items():
        if len(group) < 2:
            continue
        same = {json.dumps(_without_part(g[0]["provable"]), sort_keys=True) for g in group}
        parts = [g[0]["provable"].get("part") for g in group]
        spans = sorted(tuple(p) for p in parts if _is_part(p))
        apart = len(spans) == len(parts) and all(a[1] <= b[0] for a, b in itertools.pairwise(spans))
        if len(same) == 1 and apart:
            continue
        for line, at in group:
            others = ", ".join(f"#{event_number(g[0])}" for g in group if g[0] is not line)
            said = f"its nonce {nonce} is used by {others} too: a nonce serves one roll"
            old = verdicts[at]
            verdicts[at] = old._replace(status="mismatch", problems=[*old.problems, said])


def _kind(line: Line) -> str:
    """What a line is (an export older than verifiable dice names no kind: a roll)."""
    kind = line.get("kind")
    return kind if isinstance(kind, str) and kind else "roll"


def _seed_key(line: Line, block: Mapping[str, Any]) -> tuple[str, str]:
    """Which seed a line names: its game's, with this commitment (as text: any JSON)."""
    return said(line.get("game")), said(block.get("commitment"))


def _name(line: Line) -> str:
    kind = _kind(line)
    if kind != "roll":
        return f"#{event_number(line)} {kind.replace('_', ' ')}"
    said = f"#{event_number(line)} {line.get('character') or 'a roll'}"
    return said + (f" \u00b7 {line['expression']}" if line.get("expression") else "")


def _without_part(block: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in block.items() if k != "part"}
