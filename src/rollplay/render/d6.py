"""D6 System skill checks as cards (003): the code and what changed it; every regular die,
the Wild Die's tosses (explosions and a Critical Failure marked), each Character Point die,
cancelled dice; the total against the difficulty and the result points."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.render.spans import Line, Span, alarm, bold, plain, signed


def _tosses(tosses: list[int]) -> list[Span]:
    out: list[Span] = []
    for i, face in enumerate(tosses):
        if i:
            out.append(plain(" → "))
        out.append(Span(str(face), "wild" if face == 6 else ""))
    return out


def _bonus_text(b: Mapping[str, Any]) -> str:
    dice = f"+{b['dice']}D" if b.get("dice") else ""
    number = signed(b["number"]) if b.get("number") else ""
    amount = "".join(x for x in (dice, number) if x) or "+0"
    return f"{amount} {b['reason']}" if b.get("reason") else amount


def roll_card(r: Mapping[str, Any]) -> list[Line]:
    who = f"{r['name']}: " if r.get("name") else ""
    what = f"{r['skill']} {r['code']}" if r.get("skill") else str(r["code"])
    if r.get("fate"):
        what += f", doubled by a Fate Point to {r['rolled']}"
    extras = "".join(f", {_bonus_text(b)}" for b in r.get("bonuses") or [])
    if r.get("related"):
        extras += f", related skills {signed(r['related'])}"
    lines: list[Line] = [[plain(f"{who}{what}{extras}")]]
    body: Line = []
    if r.get("dice"):
        body.append(plain(f"dice {' '.join(map(str, r['dice']))} | "))
    wild = list(r.get("wild") or [])
    body.append(plain("Wild Die "))
    if r.get("critical_failure"):
        body.append(alarm(" → ".join(map(str, wild))))
    else:
        body += _tosses(wild)
    for cp in r.get("cp_dice") or []:
        body += [plain(" | CP die "), *_tosses(list(cp))]
    if r.get("cancelled"):
        body.append(Span(f" | cancelled {' '.join(map(str, r['cancelled']))}", "muted"))
    adds = (r.get("pips") or 0) + (r.get("bonus") or 0) + (r.get("related") or 0)
    if adds:
        body.append(plain(f" | {signed(adds)}"))
    body += [plain(" = "), bold(str(r["total"]))]
    if r.get("difficulty") is not None:
        mods = "".join(
            f" {signed(m['value'])} {m['reason']}" for m in r.get("difficulty_modifiers") or []
        )
        outcome = "success" if r.get("success") else "failure"
        body += [plain(f" vs {r['difficulty']}{mods and f' (with{mods})'}: "), bold(outcome)]
        body.append(plain(f", {signed(r.get('result_points') or 0)} result points"))
    lines.append(body)
    if r.get("adds_to") is not None:
        lines.append([plain(f"Character Points after the roll on #{r['adds_to']}: "
                            f"{r.get('total_before')} → {r['total']}")])  # fmt: skip
    if r.get("critical_failure"):
        what_happens = (
            "a complication occurs" if r.get("complication") else "it cancels the highest die"
        )
        lines.append([alarm(f"Critical Failure on the Wild Die: {what_happens}")])
    return lines


def opposed_card(r: Mapping[str, Any]) -> list[Line]:
    """003 Opposed Difficulties: higher total wins; ties go to the initiator."""
    tie = " (a tie goes to the initiator)" if r.get("margin") == 0 else ""
    return [
        *roll_card(r["initiator"]),
        *roll_card(r["resister"]),
        [bold(f"{str(r['winner']).capitalize()} wins"), plain(f" by {r['margin']}{tie}")],
    ]
