"""An AresMUSH sheet (``sheets.py``) made into a rollplay FS3 sheet for one game, and a
report of what became of each of its lines (issue 38 §2; rulings A40-A49).

The report's items are ``report.Item``: ``file`` the sheet's file, ``key`` the line's kind
and name (``action.Firearms``, ``specialties.Piloting.Viper``, ``xp``), ``status`` kept,
converted (saying how) or unsupported (saying why, and what the character gets instead).
Names the game does not know are reported; a background skill is free-form, so it is kept
whatever its name (A43)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rollplay.aresmush.report import Item, Status
from rollplay.aresmush.sheets import AresSheet, Rated
from rollplay.systems.fs3.ruleset import FS3Ruleset
from rollplay.systems.fs3.sheet_fields import ADVANTAGE_RANGE, scaled_range


@dataclass(frozen=True)
class Converted:
    """A sheet for the game (its system's plain data), the points its columns hold, and
    each line's fate. ``advantages``: the sheet's advantages by name, as AresMUSH rated
    them (those the game uses are on the sheet too)."""

    sheet: dict[str, Any]
    xp: int
    luck: int
    items: tuple[Item, ...]
    advantages: dict[str, int]


class _Report:
    def __init__(self, file: str) -> None:
        self.file = file
        self.items: list[Item] = []

    def add(self, key: str, status: Status, note: str) -> None:
        self.items.append(Item(self.file, key, status, note))


def _known(name: str, known: tuple[str, ...], cut: bool) -> tuple[str | None, str]:
    """The game's name for ``name`` (any case; a cut name by the one known name it begins
    with), and why not when there is none or more than one."""
    fold = name.casefold()
    exact = [k for k in known if k.casefold() == fold]
    if exact:
        return exact[0], ""
    if not cut:
        return None, "not one of this game's"
    begins = [k for k in known if k.casefold().startswith(fold)]
    if len(begins) == 1:
        return begins[0], ""
    if begins:
        return None, f"cut by the sheet's columns; it could be {' or '.join(begins)}"
    return None, "cut by the sheet's columns, and no name of this game's begins so"


def convert(ares: AresSheet, rules: FS3Ruleset, file: str) -> Converted:
    """``ares`` as a sheet of a game with these rules (see the module's note)."""
    r = _Report(file)
    said = ares.status or "nothing"
    r.add("status", "converted",
          f"AresMUSH said {said}; it arrives unapproved, for the Storyteller (A44)")  # fmt: skip
    attributes = _attributes(ares, rules, r)
    action = _action(ares, rules, r)
    specialties = _specialties(ares, rules, action, r)
    # A background skill may not take a name the game rolls as something else (A43).
    taken = {*rules.attributes, *(s.name for s in rules.action_skills), *rules.languages}
    background = _background(ares, rules, taken, r)
    languages = _languages(ares, rules, r)
    advantages = {a.name: a.rating for a in ares.advantages}
    rated = _advantages(ares, rules, r)
    r.add("xp", "kept", f"{ares.xp} XP, to spend here (002 Experience)")
    refund = _learning(ares, r)
    r.add("luck", "kept", f"{ares.luck} luck points (AresMUSH shows whole points only)")
    sheet: dict[str, Any] = {
        "name": ares.name, "system": "fs3", "attributes": attributes, "action": action,
        "background": background, "languages": languages, "specialties": specialties,
        **({"advantages": rated} if rated else {}),
    }  # fmt: skip
    return Converted(sheet, ares.xp + refund, ares.luck, tuple(r.items), advantages)


def _advantages(ares: AresSheet, rules: FS3Ruleset, r: _Report) -> dict[str, int]:
    """The sheet's advantages the game uses (its use_advantages and list: rulings A4),
    rated as the sheet's advantages may be (0-3)."""
    lo, hi = ADVANTAGE_RANGE
    out: dict[str, int] = {}
    for a in ares.advantages:
        key = f"advantages.{a.name}"
        if not rules.use_advantages:
            r.add(key, "unsupported", f"this game uses no advantages (its use_advantages is "
                                      f"off); {a.name} {a.rating} is not imported")  # fmt: skip
            continue
        name, unknown = _known(a.name, rules.advantages, a.cut)
        if name is None:
            known = ", ".join(rules.advantages) or "none"
            r.add(key, "unsupported", f"{unknown} advantages ({known}); not imported")
        elif not lo <= a.rating <= hi:
            r.add(key, "unsupported", f"rated {a.rating}; advantages are rated {lo} to {hi}; "
                                      f"not imported")  # fmt: skip
        else:
            out[name] = a.rating
            r.add(key, *_kept(a, name))
    return out


def _learning(ares: AresSheet, r: _Report) -> int:
    """XP the xp page says was spent toward levels not yet reached: rollplay raises a level
    whole (002 Experience), so it comes back to spend (A49)."""
    total = 0
    for row in ares.learned:
        if row.xp:
            total += row.xp
            r.add(f"xp.learning.{row.name}", "converted",
                  f"{row.xp} XP spent toward its next level (of {row.needed}) in AresMUSH, "
                  f"back as XP to spend: rollplay raises a level whole (A49)")  # fmt: skip
    return total


def _attributes(ares: AresSheet, rules: FS3Ruleset, r: _Report) -> dict[str, int]:
    lo, hi = rules.attribute_range
    out: dict[str, int] = {}
    why: dict[str, str] = {}  # the game's attributes the sheet rates out of range
    for a in ares.attributes:
        name, unknown = _known(a.name, rules.attributes, a.cut)
        if name is None:
            known = ", ".join(rules.attributes)
            r.add(f"attributes.{a.name}", "unsupported",
                  f"{unknown} attributes ({known}); not imported")  # fmt: skip
        elif not lo <= a.rating <= hi:
            why[name] = f"rated {a.rating}; this game rates attributes {lo} to {hi}"
        else:
            out[name] = a.rating
            r.add(f"attributes.{a.name}", *_kept(a, name))
    for name in rules.attributes:  # 002 Attributes: every character rates every attribute
        if name not in out:
            out[name] = max(lo, min(hi, rules.default_attribute))
            r.add(f"attributes.{name}", "converted",
                  f"{why.get(name, 'not on the sheet')}; set to {out[name]}, the game's "
                  f"default (A42)")  # fmt: skip
    return out


def _kept(a: Rated, name: str) -> tuple[Status, str]:
    if name != a.name:
        how = "cut by the sheet's columns" if a.cut else "spelled so by the game"
        return "converted", f"{a.rating}, as {name} ({how})"
    return "kept", str(a.rating)


def _action(ares: AresSheet, rules: FS3Ruleset, r: _Report) -> dict[str, int]:
    lo, hi = rules.skill_range
    known = {s.name: s for s in rules.action_skills}
    out: dict[str, int] = {}
    for a in ares.action:
        name, why = _known(a.name, tuple(known), a.cut)
        key = f"action.{a.name}"
        if name is None:
            r.add(key, "unsupported", f"{why} action skills; not imported ({a.rating}): add it "
                                      f"to the game's rules and set it, or keep it as a "
                                      f"background skill")  # fmt: skip
            continue
        if not lo <= a.rating <= hi:
            r.add(key, "unsupported", f"rated {a.rating}; this game rates action skills {lo} to "
                                      f"{hi}; not imported")  # fmt: skip
            continue
        out[name] = a.rating
        status, note = _kept(a, name)
        linked = known[name].attribute
        if a.linked and not linked.upper().startswith(a.linked):
            note += f"; the sheet linked it to {a.linked}, this game to {linked} (A45)"
            status = "converted"
        r.add(key, status, note)
    return out


def _specialties(
    ares: AresSheet, rules: FS3Ruleset, action: dict[str, int], r: _Report
) -> dict[str, list[str]]:
    allowed = {s.name: s.specialties for s in rules.action_skills}
    out: dict[str, list[str]] = {}
    for skill, spec in ares.specialties:
        name = next((k for k in action if k.casefold() == skill.casefold()), None)
        key = f"specialties.{skill}.{spec}"
        if name is None:
            r.add(key, "unsupported", f"{skill} is not among the action skills imported")
            continue
        listed = allowed.get(name, ())
        chosen = next((x for x in listed if x.casefold() == spec.casefold()), None)
        if listed and chosen is None:
            r.add(key, "unsupported", f"not one of this game's {name} specialties "
                                      f"({', '.join(listed)})")  # fmt: skip
            continue
        out.setdefault(name, []).append(chosen or spec)
        r.add(key, "kept", f"a {name} specialty")
    return out


def _background(ares: AresSheet, rules: FS3Ruleset, taken: set[str], r: _Report) -> dict[str, Any]:
    lo, hi = scaled_range(rules) or rules.skill_range
    out: dict[str, Any] = {}
    folded = {t.casefold() for t in taken}
    for a in ares.background:
        key = f"background.{a.name}"
        if a.name.casefold() in folded:
            r.add(key, "unsupported", "another ability's name on this game; not imported")
            continue
        if not lo <= a.rating <= hi:
            r.add(key, "unsupported", f"rated {a.rating}; this game rates background skills "
                                      f"{lo} to {hi}; not imported")  # fmt: skip
            continue
        out[a.name] = a.rating
        if a.cut:
            r.add(key, "converted", f"{a.rating}; its name may have been cut at the sheet's "
                                    f"14 columns: rename it if it was longer (A41)")  # fmt: skip
        elif rules.background_attribute is None:
            r.add(key, "converted", f"{a.rating}; an AresMUSH sheet names no ruling "
                                    f"attribute: choose one before approval (002 Ruling "
                                    f"Attribute; A46)")  # fmt: skip
        else:
            r.add(key, "kept", str(a.rating))
    return out


def _languages(ares: AresSheet, rules: FS3Ruleset, r: _Report) -> dict[str, int]:
    scale = scaled_range(rules)
    out: dict[str, int] = {}
    for a in ares.languages:
        name, why = _known(a.name, rules.languages, a.cut)
        key = f"languages.{a.name}"
        if name is None:
            r.add(key, "unsupported", f"{why} languages ({', '.join(rules.languages) or 'none'})"
                                      f"; not imported")  # fmt: skip
        elif scale is None:  # 002: languages are known or not
            if a.rating > 0:
                out[name] = 1
                r.add(key, "converted", f"rated {a.rating}; this game's languages are known "
                                        f"or not (002 Skills), so known")  # fmt: skip
            else:
                r.add(key, "unsupported", "rated 0 (Everyman): not known here; not imported")
        elif not scale[0] <= a.rating <= scale[1]:
            r.add(key, "unsupported", f"rated {a.rating}; this game rates languages "
                                      f"{scale[0]} to {scale[1]}")  # fmt: skip
        else:
            out[name] = a.rating
            r.add(key, *_kept(a, name))
    return out
