"""GURPS success rolls as cards (001): skill, modifiers and effective skill; the three dice,
the verdict and the margin; for the GM, what a secret information roll tells."""

from __future__ import annotations

from rollplay.render.spans import Line, alarm, bold, plain, spaced
from rollplay.table.events.outcomes import GurpsRoll


def roll_card(r: GurpsRoll, who: str | None = None) -> list[Line]:
    name = r.name if who is None else who
    said_who = f"{name}: " if name else ""
    what = r.skill or ("Defense" if r.defense else "Skill")
    via = f" (default {r.default})" if r.default else ""
    said = "".join(f" {spaced(m.value)}{' ' + m.reason if m.reason else ''}" for m in r.modifiers)
    arrow = f" → effective {r.effective}" if r.modifiers else ""
    verdict = r.outcome.upper() if r.critical else r.outcome
    styled = alarm(verdict) if r.outcome == "critical failure" else bold(verdict)
    margin, total = r.margin, r.roll
    if r.success:
        said_margin = f"succeeds by {margin}" if margin >= 0 else f"automatic on {total}"
    else:
        said_margin = f"fails by {-margin}" if margin < 0 else f"automatic on {total}"
    dice = " ".join(str(d) for d in r.dice)
    lines = [
        [plain(f"{said_who}{what}{via} {r.base}{said}{arrow}")],
        [plain(f"Rolled {dice} = "), bold(str(total)), plain(f" vs {r.effective}: "), styled,
         plain(f" ({said_margin})")],
    ]  # fmt: skip
    if r.information is not None:  # a secret information roll, as the GM sees it
        info = r.information
        lines.append([plain("Information: "), bold(info.category or info.grade),
                      plain(f" ({info.grade}): {info.meaning}")])  # fmt: skip
    return lines
