"""Character sheets laid out for reading (``rollplay char show``, the web table's sheet
page), from the table's character data: ratings with their names and the dice they roll,
points, wounds and any problems. Each system's sheet is its own type (table/events/sheets.py),
matched here, so what a sheet shows is a field mypy proves the sheet has."""

from __future__ import annotations

from typing import NamedTuple, assert_never

from rollplay.render.combat import place
from rollplay.render.spans import Line, Span, alarm, bold, plain, signed
from rollplay.table.answers import Character
from rollplay.table.events.sheets import D6Sheet, D6Skill, FS3Sheet, GurpsSheet

_SYSTEMS = {"fs3": "FS3", "gurps": "GURPS", "d6": "D6"}


def _row(label: str, items: list[str], width: int = 12, empty: str = "none") -> Line:
    if not items and not empty:
        return [Span(label, "bold")]
    return [Span(f"{label:<{width}}", "bold"), plain(" · ".join(items) if items else empty)]


def sheet_card(c: Character) -> list[Line]:
    """A character's sheet (``ShowSheet``'s answer, which names its system and edition)."""
    sheet = c.typed_sheet
    approved = "approved" if c.approved else "not yet approved"
    name = _SYSTEMS.get(sheet.system, sheet.system)
    edition = c.edition or ""
    title = name if edition.casefold() == name.casefold() else f"{name} {edition}"
    lines: list[Line] = [[bold(c.name), plain(f"  ({c.game}, {title}) · {approved}")]]
    if c.origin:  # an imported character says where it came from (issue 38)
        lines.append([Span(c.origin, "muted")])
    if sheet.concept:
        lines.append([Span(sheet.concept, "muted")])
    match sheet:
        case FS3Sheet():
            lines += _fs3(c, sheet)
        case GurpsSheet():
            lines += _gurps(sheet)
        case D6Sheet():
            lines += _d6(c, sheet)
        case _:
            assert_never(sheet)
    problems = c.problems or ()
    if problems:
        count = f"{len(problems)} character-creation problem{'s' if len(problems) > 1 else ''}:"
        lines.append([alarm(count)])
        lines += [[plain(f"  - {p}")] for p in problems]
    return lines


def _fs3(c: Character, sheet: FS3Sheet) -> list[Line]:
    named = c.ratings or {}
    dice = c.dice or {}

    def rated(names: list[str]) -> list[str]:
        out = []
        for n in names:
            pool = f", {dice[n]} dice" if n in dice else ""
            out.append(f"{n} {named.get(n, '')}{pool}".strip())
        return out

    background = [
        f"{item}{' (' + b.attribute + ')' if b.attribute else ''}"
        for item, b in zip(rated(list(sheet.background)), sheet.background.values(), strict=True)
    ]
    lines = [
        _row("Attributes", [f"{n} {named.get(n, v)}" for n, v in sheet.attributes.items()]),
        _row("Action", rated(list(sheet.action))),
        _row("Background", background),
        _row("Languages", rated(list(sheet.languages))),
    ]
    if sheet.specialties:
        said = [f"{k}: {', '.join(v)}" for k, v in sheet.specialties.items()]
        lines.append(_row("Specialties", said))
    lines.append(_row("Quirks", list(sheet.quirks)))
    if sheet.wounds:
        said = [f"{place(w.location)} {w.severity}{' (stun)' if w.type == 'stun' else ''}"
                f"{' treated' if w.treated else ''}"
                f"{' healing' if w.begun_healing else ''}"  # 002 Damage: two states
                for w in sheet.wounds]  # fmt: skip
        lines.append(_row("Wounds", said))
        lines.append([plain(" " * 12), alarm(f"wound modifier {signed(c.wound_modifier or 0)}")])
    lines.append(_row("Points", [f"luck {c.luck or 0}", f"XP {c.xp or 0:g}"]))
    return lines


def _gurps(sheet: GurpsSheet) -> list[Line]:
    lines = [
        _row("Attributes", [f"{k} {v}" for k, v in sheet.attributes.items()]),
        _row("Skills", [f"{k} {v}" for k, v in sheet.skills.items()]),
    ]
    if sheet.defaults:
        lines.append(_row("Defaults", [f"{k}: {_defaults(v)}" for k, v in sheet.defaults.items()]))
    return lines


def _defaults(said: list[str] | str) -> str:
    return "no default" if said == "none" else ", ".join(said)


def _skill(value: str | D6Skill) -> tuple[str | None, str | None]:
    """A D6 skill's code and the attribute it falls under."""
    return (value, None) if isinstance(value, str) else (value.code, value.attribute)


def _d6(c: Character, sheet: D6Sheet) -> list[Line]:
    under: dict[str, list[str]] = {}
    loose = []
    for name, value in sheet.skills.items():
        code, parent = _skill(value)
        if parent in sheet.attributes:
            under.setdefault(str(parent), []).append(f"{name} {code}")
        else:
            loose.append(f"{name} {code}")
    labels = {a: f"{a} {code}" for a, code in sheet.attributes.items()}
    width = max([12, *(len(label) + 2 for label in labels.values())])
    lines = [_row(labels[a], under.get(a, []), width, empty="") for a in sheet.attributes]
    if loose:
        lines.append(_row("Skills", loose, width))
    lines.append(_row("Points", [f"Character Points {c.character_points or 0}",
                                 f"Fate Points {c.fate_points or 0}"], width))  # fmt: skip
    return lines


class Row(NamedTuple):
    """A line of a sheet's table: what, its rating as the game names it, the dice it rolls,
    and (FS3) raising it: (kind, cost in XP), the cost None at its scale's top, and what the
    game says of it (an AresMUSH config's description, rulings A3)."""

    name: str
    rating: str
    dice: str = ""
    raises: tuple[str, float | None] | None = None
    about: str = ""


def sheet_sections(c: Character) -> list[tuple[str, list[Row]]]:
    """A sheet as titled tables (the web table's sheet page), from the same character data
    as ``sheet_card``."""
    sheet = c.typed_sheet
    match sheet:
        case FS3Sheet():
            return _fs3_sections(c, sheet)
        case GurpsSheet():
            return [
                ("Attributes", [Row(k, str(v)) for k, v in sheet.attributes.items()]),
                ("Skills", [Row(k, str(v)) for k, v in sheet.skills.items()]),
                ("Defaults", [Row(k, _defaults(v)) for k, v in sheet.defaults.items()]),
            ]
        case D6Sheet():
            rows = []
            for name, value in sheet.skills.items():
                code, parent = _skill(value)
                rows.append(Row(name, str(code), str(parent or "")))
            return [
                ("Attributes", [Row(k, v) for k, v in sheet.attributes.items()]),
                ("Skills", rows),
            ]
        case _:
            assert_never(sheet)


def _fs3_sections(c: Character, sheet: FS3Sheet) -> list[tuple[str, list[Row]]]:
    named = c.ratings or {}
    dice = c.dice or {}
    costs = c.raises or {}
    about = c.about or {}

    def rows(ratings: dict[str, int], kind: str | None = None) -> list[Row]:
        out = []
        for name, value in ratings.items():
            pool = f"{dice[name]}" if name in dice else ""
            raises = (kind, costs.get(kind, {}).get(name)) if kind else None
            out.append(Row(name, named.get(name) or str(value), pool, raises,
                           about.get(name, "")))  # fmt: skip
        return out

    background = {k: b.rating for k, b in sheet.background.items()}
    return [
        ("Attributes", rows(sheet.attributes)),
        ("Action skills", rows(sheet.action, "action")),
        ("Background skills", rows(background, "background")),
        ("Languages", rows(sheet.languages, "language")),
    ]


def learnable(c: Character) -> list[tuple[str, str, float]]:
    """FS3: the skills a character does not have yet and what learning each costs in XP:
    (kind, name, cost)."""
    sheet = c.typed_sheet
    if not isinstance(sheet, FS3Sheet):
        return []
    have = {"action": sheet.action, "language": sheet.languages}
    costs = c.raises or {}
    return [(kind, name, cost) for kind in ("action", "language")
            for name, cost in (costs.get(kind) or {}).items()
            if name not in have[kind] and cost is not None]  # fmt: skip
