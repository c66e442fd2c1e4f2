"""How `rollplay d6` shows a roll: every die by kind, the modifiers by name, the verdict."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rollplay.cli.render import alarm, bold, say, signed

if TYPE_CHECKING:
    from rollplay.systems.d6.outcome import D6Roll


def _tosses(tosses: Sequence[int]) -> str:
    return " → ".join(str(t) for t in tosses)


def print_roll(r: D6Roll, *, judged: bool = True, echo: Callable[[str], None] = say) -> None:
    """A roll in two lines (and a note for a Critical Failure or an attack). Unjudged, the
    total is shown without the verdict: points may still be spent after it."""
    who = f"{r.name}: " if r.name else ""
    what = f"{r.skill} {r.code}" if r.skill else r.code
    if r.attribute:
        what = f"{r.skill} untrained, from {r.attribute} {r.code}"
    if r.fate:
        what += f", doubled by a Fate Point to {r.rolled}"
    extras = "".join(f", {b}" for b in r.bonuses)
    if r.related:
        extras += f", related skills {signed(r.related)}"
    echo(f"{who}{what}{extras}")
    wild = _tosses(r.wild)
    if r.critical_failure:
        wild = alarm(wild)
    parts = [f"dice {' '.join(map(str, r.dice))}" if r.dice else "", f"Wild Die {wild}"]
    parts += [f"CP die {_tosses(t)}" for t in r.cp_dice]
    if r.cancelled:
        parts.append(f"cancelled {' '.join(map(str, r.cancelled))}")
    adds = r.pips + r.bonus + r.related
    line = " | ".join(p for p in parts if p) + (f" | {signed(adds)}" if adds else "")
    if not judged:
        echo(f"{line} = {bold(str(r.total))} (before Character Points after the roll)")
    else:
        echo(f"{line} = {bold(str(r.total))}{_verdict(r)}")
    if r.critical_failure:
        if r.complication:
            echo(alarm("Critical Failure on the Wild Die: a complication occurs"))
        else:
            echo(alarm("Critical Failure on the Wild Die: it cancels the highest die"))
    if judged:
        _attack_line(r, echo)


def print_after(r: D6Roll, cp: int) -> None:
    """The Character Points spent after the roll, the new total and the verdict."""
    dice = " | ".join(f"CP die {_tosses(t)}" for t in r.cp_dice[len(r.cp_dice) - cp :])
    spent = f"{cp} Character Point{'s' if cp != 1 else ''} after the roll: {dice}" if cp else ""
    say(f"{spent}{' ' if spent else ''}= {bold(str(r.total))}{_verdict(r)}".strip())
    _attack_line(r, say)


def _verdict(r: D6Roll) -> str:
    if r.difficulty is None:
        return ""
    mods = "".join(f" {signed(v)} {reason}" for reason, v in r.difficulty_mods)
    outcome = "success" if r.success else "failure"
    verdict = f" vs {r.difficulty}{mods and f' (with{mods})'}: {bold(outcome)}"
    return verdict + f", {signed(r.result_points or 0)} result points"


def _attack_line(r: D6Roll, echo: Callable[[str], None]) -> None:
    if not r.attack or r.difficulty is None:
        return
    if r.success:
        echo(
            f"Damage bonus {signed(r.damage_bonus or 0)} (a fifth of the result points, rounded up)"
        )
    else:
        echo("The attack misses: no damage")
