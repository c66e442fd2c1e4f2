"""D6 System skill checks as cards (003): the code and what changed it; every regular die,
the Wild Die's tosses (explosions and a Critical Failure marked), each Character Point die,
cancelled dice; the total against the difficulty and the result points."""

from __future__ import annotations

from rollplay.render.spans import Line, Span, alarm, bold, plain, signed
from rollplay.table.events.outcomes import Bonus, D6Opposed, D6Roll


def _tosses(tosses: tuple[int, ...]) -> list[Span]:
    out: list[Span] = []
    for i, face in enumerate(tosses):
        if i:
            out.append(plain(" → "))
        out.append(Span(str(face), "wild" if face == 6 else ""))
    return out


def _bonus_text(b: Bonus) -> str:
    dice = f"{signed(b.dice)}D" if b.dice else ""
    number = signed(b.number) if b.number else ""
    amount = "".join(x for x in (dice, number) if x) or "+0"
    return f"{amount} {b.reason}" if b.reason else amount


def roll_card(r: D6Roll, who: str | None = None) -> list[Line]:
    name = r.name if who is None else who
    said_who = f"{name}: " if name else ""
    what = f"{r.skill} {r.code}" if r.skill else r.code
    if r.attribute:  # 003 Untrained: the skill rolled at its attribute
        what = f"{r.skill} untrained, from {r.attribute} {r.code}"
    if r.fate:
        what += f", doubled by a Fate Point to {r.rolled}"
    extras = "".join(f", {_bonus_text(b)}" for b in r.bonuses)
    if r.related:
        extras += f", related skills {signed(r.related)}"
    lines: list[Line] = [[plain(f"{said_who}{what}{extras}")]]
    body: Line = []
    if r.dice:
        body.append(plain(f"dice {' '.join(map(str, r.dice))} | "))
    body.append(plain("Wild Die "))
    if r.critical_failure:
        body.append(alarm(" → ".join(map(str, r.wild))))
    else:
        body += _tosses(r.wild)
    for cp in r.cp_dice:
        body += [plain(" | CP die "), *_tosses(cp)]
    if r.cancelled:
        body.append(Span(f" | cancelled {' '.join(map(str, r.cancelled))}", "muted"))
    adds = r.pips + r.bonus + r.related
    if adds:
        body.append(plain(f" | {signed(adds)}"))
    body += [plain(" = "), bold(str(r.total))]
    if r.difficulty is not None:
        mods = "".join(f" {signed(m.value)} {m.reason}" for m in r.difficulty_modifiers)
        outcome = "success" if r.success else "failure"
        body += [plain(f" vs {r.difficulty}{mods and f' (with{mods})'}: "), bold(outcome)]
        body.append(plain(f", {signed(r.result_points or 0)} result points"))
    lines.append(body)
    if r.adds_to is not None:
        lines.append([plain(f"Character Points after the roll on #{r.adds_to}: "
                            f"{r.total_before} → {r.total}")])  # fmt: skip
    if r.critical_failure:
        what_happens = "a complication occurs" if r.complication else "it cancels the highest die"
        lines.append([alarm(f"Critical Failure on the Wild Die: {what_happens}")])
    if r.attack and r.difficulty is not None:  # 003 Result Points
        lines.append(
            _damage(r.damage_bonus) if r.success else [plain("The attack misses: no damage")]
        )
    return lines


def _damage(bonus: int | None) -> Line:
    return [plain("Damage bonus "), bold(signed(bonus or 0)),
            plain(" (a fifth of the result points, rounded up)")]  # fmt: skip


def opposed_card(r: D6Opposed) -> list[Line]:
    """003 Opposed Difficulties: higher total wins; ties go to the initiator."""
    tie = " (a tie goes to the initiator)" if r.margin == 0 else ""
    lines = [
        *roll_card(r.initiator),
        *roll_card(r.resister),
        [bold(f"{r.winner.capitalize()} wins"), plain(f" by {r.margin}{tie}")],
    ]
    if r.damage_bonus is not None:  # an initiator's attack: its margin is its result points
        lines.append(_damage(r.damage_bonus) if r.winner == "initiator"
                     else [plain("The attack misses: no damage")])  # fmt: skip
    return lines
