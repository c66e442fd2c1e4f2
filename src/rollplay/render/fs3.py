"""FS3 rolls as cards: where the dice came from, every die with successes and ones marked,
the level, and what luck, wounds and teammates did (000, 002)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.render.spans import Line, Span, alarm, bold, dice_word, plain, signed, spaced

# Older log entries name only the edition; its threshold stands in for the ruleset's.
_SUCCESS_AT = {"3.2": 7, "3.3": 6}


def success_at(r: Mapping[str, Any]) -> int:
    return int(r.get("success_at") or _SUCCESS_AT.get(str(r.get("edition")), 6))


def dice_spans(dice: list[int], good_from: int, ones: bool = True) -> Line:
    """[8] for a success, (1) for a one, plain otherwise: readable without colour."""
    out: Line = []
    for face in dice:
        if out:
            out.append(plain(" "))
        if face >= good_from:
            out.append(Span(f"[{face}]", "success"))
        elif face == 1 and ones:
            out.append(Span(f"({face})", "one"))
        else:
            out.append(plain(str(face)))
    return out or [plain("(no dice)")]


def pool_line(r: Mapping[str, Any]) -> Line:
    """'Nikos: FS3.3: Firearms 3 + Reflexes 4 minus 1 wounds → 6 dice'."""
    who = f"{r['name']}: " if r.get("name") else ""
    ruleset = r.get("ruleset") or f"FS{r.get('edition', '3.3')}"
    mods = r.get("modifiers") or []
    base = r["requested"] - sum(m["value"] for m in mods)
    parts = r.get("parts") or []
    if parts:
        what = " ".join(
            spaced(p["dice"])
            if p["label"] == "modifier"
            else (p["label"] if i == 0 else f"+ {p['label']}")
            for i, p in enumerate(parts)
        )
    else:
        what = dice_word(base)
    said = "".join(f" {signed(m['value'])} {m['reason']}" for m in mods)
    arrow = f" → {dice_word(r['pool'])}" if (parts or said or r["pool"] != base) else ""
    return [plain(f"{who}{ruleset}: {what}{said}{arrow}")]


def result_line(r: Mapping[str, Any]) -> Line:
    n = r["successes"]
    return [
        *dice_spans(list(r["dice"]), success_at(r)),
        plain(f"  = {n} success{'es' if n != 1 else ''}: "),
        bold(r["level"]),
    ]


def roll_card(r: Mapping[str, Any]) -> list[Line]:
    lines = [pool_line(r)]
    if r["requested"] < 1:
        ruled = "one die is rolled" if r["pool"] else "the roll fails"
        lines.append([plain(f"(the pool came to {r['requested']}; below one die, {ruled})")])
    discarded = r.get("discarded")
    if discarded:
        lines.append([plain("not kept: "), *result_line({**r, **discarded})])
        lines.append(
            [plain("kept:     "), *result_line(r), plain("  (luck re-roll: the better of two)")]
        )
    else:
        lines.append(result_line(r))
    if r.get("embarrassing"):
        lines.append([alarm(f"{r['ones']} ones: {r['level']}!")])
    if r.get("unlisted"):  # 000 Untrained Rolls; a typo shows (rulings R7)
        near = f" (did you mean {r['closest']}?)" if r.get("closest") else ""
        lines.append([plain(f"{r['unlisted']} is not listed on the sheet{near}")])
    if r.get("unneeded_luck") == "hail-mary":  # 000 Hail Mary Rolls (rulings R12)
        lines.append([plain("no Hail Mary needed for a roll allowed anyway: no luck spent")])
    return lines


def team_card(r: Mapping[str, Any]) -> list[Line]:
    """000 Teamwork: the assists first, then the leader's group roll."""
    lines: list[Line] = []
    for assist in r.get("assists", []):
        lines += [[plain("assist: "), *line] for line in roll_card(assist)]
    capped = r.get("assist_uncapped", r.get("assist_modifier", 0)) != r.get("assist_modifier", 0)
    note = f" (capped from {signed(r['assist_uncapped'])})" if capped else ""
    lines.append([plain(f"teamwork {signed(r.get('assist_modifier', 0))}{note}")])
    return lines + roll_card(r)


def contest_line(first: Mapping[str, Any], second: Mapping[str, Any], c: Mapping[str, Any]) -> Line:
    """000/002 Opposed Rolls: who won, by how many, and the margin's title."""
    if c.get("winner") is None:
        both = " (both failed)" if c.get("both_failed") else ""
        return [bold(str(c["margin"])), plain(both)]
    side = first if c["winner"] == "first" else second
    who = side.get("name") or str(c["winner"]).capitalize()
    return [bold(f"{who} wins"), plain(f" by {c['net']}: "), bold(str(c["margin"]))]


def opposed_card(r: Mapping[str, Any]) -> list[Line]:
    first = {**r["first"], "name": r["first"].get("name") or "First"}
    second = {**r["second"], "name": r["second"].get("name") or "Second"}
    return [*roll_card(first), *roll_card(second), contest_line(first, second, r)]
