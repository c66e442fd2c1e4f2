"""GURPS success rolls as cards (001): skill, modifiers and effective skill; the three dice,
the verdict and the margin; for the GM, what a secret information roll tells."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollplay.render.spans import Line, alarm, bold, plain, spaced


def roll_card(r: Mapping[str, Any]) -> list[Line]:
    who = f"{r['name']}: " if r.get("name") else ""
    what = r.get("skill") or ("Defense" if r.get("defense") else "Skill")
    via = f" (default {r['default']})" if r.get("default") else ""
    mods = r.get("modifiers") or []
    said = "".join(
        f" {spaced(m['value'])}{' ' + m['reason'] if m.get('reason') else ''}" for m in mods
    )
    arrow = f" → effective {r['effective']}" if mods else ""
    outcome = str(r["outcome"])
    verdict = outcome.upper() if r.get("critical") else outcome
    styled = alarm(verdict) if outcome == "critical failure" else bold(verdict)
    margin, total = r["margin"], r["roll"]
    if r["success"]:
        said_margin = f"succeeds by {margin}" if margin >= 0 else f"automatic on {total}"
    else:
        said_margin = f"fails by {-margin}" if margin < 0 else f"automatic on {total}"
    dice = " ".join(str(d) for d in r["dice"])
    lines = [
        [plain(f"{who}{what}{via} {r['base']}{said}{arrow}")],
        [plain(f"Rolled {dice} = "), bold(str(total)), plain(f" vs {r['effective']}: "), styled,
         plain(f" ({said_margin})")],
    ]  # fmt: skip
    info = r.get("information")
    if isinstance(info, Mapping):  # a secret information roll, as the GM sees it
        lines.append(
            [plain("Information: "), bold(str(info.get("category", info.get("grade", "")))),
             plain(f" ({info.get('grade', '')}): {info.get('meaning', '')}")]
        )  # fmt: skip
    return lines
