"""Character sheets laid out for reading (``rollplay char show``), from the table's character
data: ratings with their names and the dice they roll, points, wounds and any problems."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from rollplay.render.spans import Line, Span, alarm, bold, plain, signed

_SYSTEMS = {"fs3": "FS3", "gurps": "GURPS", "d6": "D6"}


def _row(label: str, items: list[str], width: int = 12, empty: str = "none") -> Line:
    if not items and not empty:
        return [Span(label, "bold")]
    return [Span(f"{label:<{width}}", "bold"), plain(" · ".join(items) if items else empty)]


def sheet_card(c: Mapping[str, Any], system: str, edition: str) -> list[Line]:
    sheet = c["sheet"]
    approved = "approved" if c.get("approved") else "not yet approved"
    name = _SYSTEMS.get(system, system)
    title = name if edition.casefold() == name.casefold() else f"{name} {edition}"
    lines: list[Line] = [[bold(str(c["name"])), plain(f"  ({c['game']}, {title}) · {approved}")]]
    if sheet.get("concept"):
        lines.append([Span(str(sheet["concept"]), "muted")])
    if system == "fs3":
        lines += _fs3(c, sheet)
    elif system == "gurps":
        lines += _gurps(sheet)
    else:
        lines += _d6(c, sheet)
    problems = c.get("problems") or []
    if problems:
        lines.append(
            [
                alarm(
                    f"{len(problems)} character-creation problem{'s' if len(problems) > 1 else ''}:"
                )
            ]
        )
        lines += [[plain(f"  - {p}")] for p in problems]
    return lines


def _fs3(c: Mapping[str, Any], sheet: Mapping[str, Any]) -> list[Line]:
    named: Mapping[str, str] = c.get("ratings") or {}
    dice: Mapping[str, int] = c.get("dice") or {}

    def rated(names: list[str]) -> list[str]:
        out = []
        for n in names:
            pool = f", {dice[n]} dice" if n in dice else ""
            out.append(f"{n} {named.get(n, '')}{pool}".strip())
        return out

    background = sheet.get("background") or {}
    attributes = sheet.get("attributes") or {}
    lines = [
        _row("Attributes", [f"{n} {named.get(n, attributes[n])}" for n in attributes]),
        _row("Action", rated(list(sheet.get("action") or {}))),
        _row("Background", [
            f"{item}{' (' + b['attribute'] + ')' if b.get('attribute') else ''}"
            for item, b in zip(rated(list(background)), background.values(), strict=True)
        ]),
        _row("Languages", rated(list(sheet.get("languages") or {}))),
    ]  # fmt: skip
    specialties = sheet.get("specialties") or {}
    if specialties:
        lines.append(_row("Specialties", [f"{k}: {', '.join(v)}" for k, v in specialties.items()]))
    lines.append(_row("Quirks", list(sheet.get("quirks") or [])))
    wounds = sheet.get("wounds") or []
    if wounds:
        said = [
            f"{w['location']} {w['severity']}{' (stun)' if w.get('type') == 'stun' else ''}"
            f"{' treated' if w.get('treated') else ''}"
            f"{' healing' if w.get('begun_healing') else ''}"  # 002 Damage: two states
            for w in wounds
        ]
        lines.append(_row("Wounds", said))
        lines.append(
            [plain(" " * 12), alarm(f"wound modifier {signed(int(c.get('wound_modifier', 0)))}")]
        )
    lines.append(_row("Points", [f"luck {c.get('luck', 0)}", f"XP {c.get('xp', 0):g}"]))
    return lines


def _gurps(sheet: Mapping[str, Any]) -> list[Line]:
    attributes = sheet.get("attributes") or {}
    skills = sheet.get("skills") or {}
    defaults = sheet.get("defaults") or {}
    lines = [
        _row("Attributes", [f"{k} {v}" for k, v in attributes.items()]),
        _row("Skills", [f"{k} {v}" for k, v in skills.items()]),
    ]
    if defaults:
        lines.append(_row("Defaults", [
            f"{k}: {'no default' if v == 'none' else ', '.join(v)}" for k, v in defaults.items()
        ]))  # fmt: skip
    return lines


def _d6(c: Mapping[str, Any], sheet: Mapping[str, Any]) -> list[Line]:
    attributes = sheet.get("attributes") or {}
    skills = sheet.get("skills") or {}
    under: dict[str, list[str]] = {}
    loose = []
    for name, value in skills.items():
        code = value.get("code") if isinstance(value, Mapping) else value
        parent = value.get("attribute") if isinstance(value, Mapping) else None
        if isinstance(parent, str) and parent in attributes:
            under.setdefault(parent, []).append(f"{name} {code}")
        else:
            loose.append(f"{name} {code}")
    labels = {a: f"{a} {code}" for a, code in attributes.items()}
    width = max([12, *(len(label) + 2 for label in labels.values())])
    lines = [_row(labels[a], under.get(a, []), width, empty="") for a in attributes]
    if loose:
        lines.append(_row("Skills", loose, width))
    lines.append(_row("Points", [f"Character Points {c.get('character_points', 0)}",
                                 f"Fate Points {c.get('fate_points', 0)}"], width))  # fmt: skip
    return lines


class Row(NamedTuple):
    """A line of a sheet's table: what, its rating as the game names it, the dice it rolls,
    and (FS3) raising it: (kind, cost in XP), the cost None at its scale's top."""

    name: str
    rating: str
    dice: str = ""
    raises: tuple[str, float | None] | None = None


def sheet_sections(c: Mapping[str, Any]) -> list[tuple[str, list[Row]]]:
    """A sheet as titled tables (the web table's sheet page), from the same character data
    as ``sheet_card``."""
    sheet, system = c["sheet"], c["system"]
    if system == "fs3":
        return _fs3_sections(c, sheet)
    if system == "gurps":
        defaults = sheet.get("defaults") or {}
        return [
            ("Attributes", [Row(k, str(v)) for k, v in (sheet.get("attributes") or {}).items()]),
            ("Skills", [Row(k, str(v)) for k, v in (sheet.get("skills") or {}).items()]),
            ("Defaults", [Row(k, "no default" if v == "none" else ", ".join(v))
                          for k, v in defaults.items()]),
        ]  # fmt: skip
    rows = []
    for name, value in (sheet.get("skills") or {}).items():
        code = value.get("code") if isinstance(value, Mapping) else value
        parent = value.get("attribute") if isinstance(value, Mapping) else None
        rows.append(Row(name, str(code), str(parent or "")))
    return [
        ("Attributes", [Row(k, str(v)) for k, v in (sheet.get("attributes") or {}).items()]),
        ("Skills", rows),
    ]


def _fs3_sections(c: Mapping[str, Any], sheet: Mapping[str, Any]) -> list[tuple[str, list[Row]]]:
    named: Mapping[str, str] = c.get("ratings") or {}
    dice: Mapping[str, int] = c.get("dice") or {}
    costs: Mapping[str, Mapping[str, float | None]] = c.get("raises") or {}

    def rows(group: str, kind: str | None = None) -> list[Row]:
        out = []
        for name, value in (sheet.get(group) or {}).items():
            rating = named.get(name) or str(value.get("rating") if isinstance(value, Mapping)
                                            else value)  # fmt: skip
            pool = f"{dice[name]}" if name in dice else ""
            raises = (kind, costs.get(kind, {}).get(name)) if kind else None
            out.append(Row(name, rating, pool, raises))
        return out

    return [
        ("Attributes", rows("attributes")),
        ("Action skills", rows("action", "action")),
        ("Background skills", rows("background", "background")),
        ("Languages", rows("languages", "language")),
    ]


def learnable(c: Mapping[str, Any]) -> list[tuple[str, str, float]]:
    """FS3: the skills a character does not have yet and what learning each costs in XP:
    (kind, name, cost)."""
    sheet = c["sheet"]
    have = {"action": sheet.get("action") or {}, "language": sheet.get("languages") or {}}
    costs: Mapping[str, Mapping[str, float | None]] = c.get("raises") or {}
    return [(kind, name, cost) for kind in ("action", "language")
            for name, cost in (costs.get(kind) or {}).items()
            if name not in have[kind] and cost is not None]  # fmt: skip
