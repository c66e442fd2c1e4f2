"""FS3 rolls as cards: where the dice came from, every die with successes and ones marked,
the level, and what luck, wounds and teammates did (000, 002)."""

from __future__ import annotations

from dataclasses import dataclass

from rollplay.render.spans import Line, Span, alarm, bold, dice_word, plain, signed, spaced
from rollplay.table.events.outcomes import Contest, FS3Opposed, FS3Roll, FS3Team


def dice_spans(dice: tuple[int, ...] | list[int], good_from: int, ones: bool = True) -> Line:
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


def pool_line(r: FS3Roll, who: str | None = None) -> Line:
    """'Nikos: FS3.3: Firearms 3 + Reflexes 4 minus 1 wounds → 6 dice'."""
    name = r.name if who is None else who
    said_who = f"{name}: " if name else ""
    ruleset = r.ruleset or f"FS{r.edition}"
    base = r.requested - sum(m.value for m in r.modifiers)
    if r.parts:
        what = " ".join(
            spaced(p.dice) if p.label == "modifier" else (p.label if i == 0 else f"+ {p.label}")
            for i, p in enumerate(r.parts)
        )
    else:
        what = dice_word(base)
    said = "".join(f" {signed(m.value)} {m.reason}" for m in r.modifiers)
    arrow = f" → {dice_word(r.pool)}" if (r.parts or said or r.pool != base) else ""
    return [plain(f"{said_who}{ruleset}: {what}{said}{arrow}")]


def result_line(r: FS3Roll, threshold: int | None = None) -> Line:
    n = r.successes
    return [
        *dice_spans(r.dice, threshold or r.threshold),
        plain(f"  = {n} success{'es' if n != 1 else ''}: "),
        bold(r.level),
    ]


def roll_card(r: FS3Roll, who: str | None = None) -> list[Line]:
    """One roll; ``who`` names the roller when the record does not (the log's entries)."""
    lines = [pool_line(r, who)]
    if r.requested < 1:
        ruled = "one die is rolled" if r.pool else "the roll fails"
        lines.append([plain(f"(the pool came to {r.requested}; below one die, {ruled})")])
    if r.discarded is not None:
        lines.append([plain("not kept: "), *result_line(r.discarded, r.threshold)])
        lines.append(
            [plain("kept:     "), *result_line(r), plain("  (luck re-roll: the better of two)")]
        )
    else:
        lines.append(result_line(r))
    if r.embarrassing:
        lines.append([alarm(f"{r.ones} ones: {r.level}!")])
    if r.unlisted:  # 000 Untrained Rolls; a typo shows (rulings R7)
        near = f" (did you mean {r.closest}?)" if r.closest else ""
        lines.append([plain(f"{r.unlisted} is not listed on the sheet{near}")])
    if r.unneeded_luck == "hail-mary":  # 000 Hail Mary Rolls (rulings R12)
        lines.append([plain("no Hail Mary needed for a roll allowed anyway: no luck spent")])
    return lines


def team_card(r: FS3Team, who: str | None = None) -> list[Line]:
    """000 Teamwork: the assists first, then the leader's group roll."""
    lines: list[Line] = []
    for assist in r.assists:
        lines += [[plain("assist: "), *line] for line in roll_card(assist)]
    capped = r.assist_uncapped not in (r.assist_modifier, 0)  # 0: rows from before the cap
    note = f" (capped from {signed(r.assist_uncapped)})" if capped else ""
    lines.append([plain(f"teamwork {signed(r.assist_modifier)}{note}")])
    return lines + roll_card(r, who)


@dataclass(frozen=True)
class _Named:
    """A side's name for the contest line: its roller, or First/Second."""

    first: str
    second: str


def contest_line(r: FS3Opposed, names: _Named) -> Line:
    """000/002 Opposed Rolls: who won, by how many, and the margin's title."""
    if r.winner is None:
        both = " (both failed)" if r.both_failed else ""
        return [bold(r.margin), plain(both)]
    who = names.first if r.winner == "first" else names.second
    return [bold(f"{who} wins"), plain(f" by {r.net}: "), bold(r.margin)]


def opposed_card(r: FS3Opposed) -> list[Line]:
    names = _Named(r.first.name or "First", r.second.name or "Second")
    return [
        *roll_card(r.first, names.first),
        *roll_card(r.second, names.second),
        contest_line(r, names),
    ]


def contest_summary(c: Contest) -> Line:
    """One side of a contest, as its log entry says the result."""
    if c.winner is None:
        return [plain("opposed: "), bold(str(c.margin if c.margin is not None else "Draw"))]
    return [plain("opposed: "), bold(f"{c.winner_name or c.winner} wins"),
            plain(f" by {c.net}: "), bold(str(c.margin))]  # fmt: skip
