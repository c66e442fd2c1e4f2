"""What a revealed seed's count says of the log (``server/static/verify_log.js`` is the
same, with the same lines): the seed hashes to its commitment, and where the reader sees
every roll under it, every nonce below its count has a roll, and each command whose
entries split its draws shows all of them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from rollplay.errors import RollplayError
from rollplay.table.dice.provable import chained, commitment, seed_from_hex
from rollplay.table.dice.provable_checks import drawn as _drawn
from rollplay.table.dice.provable_checks import event_number, said
from rollplay.table.dice.provable_checks import is_part as _is_part

__all__ = ["seed_counts"]

Line = Mapping[str, Any]


def seed_counts(
    reveals: Mapping[tuple[Any, str], Line],
    commands: Mapping[Any, list[tuple[Line, int]]],
    judged: set[tuple[str, str]],
) -> list[str]:
    """A revealed seed that does not hash to its commitment; and, where the viewer sees
    every roll under it, a nonce that no roll in the log used."""
    out = []
    for (game, hashed), reveal in reveals.items():
        chain, number = said(reveal.get("chain")), event_number(reveal)
        where = f"the {chain} seed revealed in #{number} ({game})"
        try:
            seed = seed_from_hex(cast(str, reveal.get("seed")))  # it checks the type
            if commitment(seed, chained(reveal.get("after"))) != hashed.lower():
                out.append(f"{where} does not hash to its commitment {hashed[:16]}\u2026")
        except RollplayError as exc:
            out.append(f"{where}: {exc}")
        used = reveal.get("nonces")
        if (game, hashed) not in judged or type(used) is not int:
            continue
        mine = {nonce: group for (g, c, nonce), group in commands.items()
                if g == game and c == hashed}  # fmt: skip
        missing = _missing(mine, used)
        if missing:
            listed = ", ".join(map(str, missing[:10])) + (", \u2026" if len(missing) > 10 else "")
            out.append(f"{where}: no roll in the log has nonce {listed} of the {used} used "
                       f"(a roll made under the seed and left out)")  # fmt: skip
        out.extend(f"{where}: {gap}" for nonce, group in sorted(mine.items())
                   if (gap := _uncovered(nonce, [line for line, _ in group])))  # fmt: skip
    return out


def _missing(seen: Mapping[int, Any], used: int) -> list[int]:
    """The first eleven nonces below ``used`` that no roll has (a reveal may claim any count:
    never list them all)."""
    out: list[int] = []
    n = 0
    while n < used and len(out) < 11:
        if n not in seen:
            out.append(n)
        n += 1
    return out


def _uncovered(nonce: int, lines: list[Line]) -> str:
    """A command whose entries split its draws must show all of them, one after another."""
    parts = [line["provable"].get("part") for line in lines]
    if not any(_is_part(p) for p in parts):
        return ""
    drawn = _drawn(lines[0]["provable"].get("draws"))
    if drawn is None:
        return ""
    total = len(drawn)
    reach = 0
    for start, end in sorted(tuple(p) for p in parts if _is_part(p)):
        if start != reach:
            break
        reach = end
    if reach == total:
        return ""
    return f"the entries of nonce {nonce} show {reach} of its {total} dice (an entry left out)"
