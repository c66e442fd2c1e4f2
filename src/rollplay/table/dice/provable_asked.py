"""What a roll asked for, held to its outcome (issue 29 point 3, rulings V14;
``server/static/verify_asked.js`` is the same, with the same lines).

A roll's event keeps the roll string it was asked with (``expression``) and the modifiers
typed beside it (``modifiers``: FS3 and GURPS ``--mod``, D6 ``--mod`` and ``--bonus``); the
other options of the request (a D6 difficulty, a GURPS task difficulty, FS3 situations and
luck) are kept only as the outcome says them, so those are held to the rules in force
instead. Both verifiers read the roll string with as much of its grammar as these checks
need (``rollplay.systems.fs3.expression``'s numbers, ``d6.code``'s codes and bonuses,
``gurps.modifiers``' leading number), and each part of an FS3 pool to the dice its rating
gives under the game's ruleset (a 3.3 background or language skill on its 0-3 scale)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rollplay.table.dice.provable_checks import said as _said

__all__ = ["asked_problems"]

Line = Mapping[str, Any]
_NUMBER = re.compile(r"\s*([+-])?\s*([0-9]{1,6})\s*")  # an FS3 roll string's number term
_HEAD = re.compile(r"\s*([+\-\u2212]?)\s*([0-9]+)")  # gurps.modifiers._HEAD
_CODE = re.compile(r"\s*([0-9]+)\s*[dD]\s*(?:([+\-\u2212])\s*([0-9]+))?\s*")  # d6.code
_SIGN = r"\s*([+\-\u2212])\s*"
_BONUS = re.compile(_SIGN + r"([0-9]{1,4})\s*([dD]?)\s*(?:" + _SIGN + r"([0-9]{1,4}))?\s*")
# The bonuses a D6 roll's options make (modifiers.py, results.py): not typed, nor sized here.
_MADE = ("multi-action penalty (", "preparing (", "carried result points (", "from the attack's ")
_LUCK = {"luck": ("bonus",), "luck (someone else's)": ("boost", "hinder")}


def asked_problems(line: Line, rules: Mapping[str, Any] | None) -> list[str]:
    """The lines saying a roll's outcome is not what its request and the rules in force
    (``rules``, or None where the file gives none) make of it."""
    o = line.get("outcome")
    if not isinstance(o, Mapping):
        return []
    asked = line.get("modifiers")
    typed = [m for m in asked if isinstance(m, str)] if isinstance(asked, list) else None
    if typed is not None and len(typed) != len(asked):  # type: ignore[arg-type]
        typed = None
    if o.get("system") == "fs3":
        return _fs3(line.get("expression"), typed, o, rules)
    if o.get("system") == "gurps":
        return _gurps(line.get("expression"), typed, o, rules)
    if o.get("system") == "d6":
        return _d6(line.get("expression"), typed, o, rules)
    return []


def _rows(value: Any) -> list[Mapping[str, Any]] | None:
    return value if isinstance(value, list) and all(isinstance(v, Mapping) for v in value) else None


def _signed(sign: str | None, digits: str) -> int:
    return -int(digits) if sign in ("-", "\u2212") else int(digits)


def _whole(text: str) -> int | None:
    """``rollplay.errors.whole``: one optional sign and ASCII digits."""
    clean = text.strip().replace("\u2212", "-")
    digits = clean.lstrip("+-")
    if not digits.isascii() or not digits.isdigit() or len(clean) - len(digits) > 1:
        return None
    return int(clean)


def _numbers(expression: Any) -> list[int] | None:
    """The numbers of an FS3 roll string, signed, in order: each term between + and - that
    is digits alone (a name starts with a letter and holds neither + nor -)."""
    if not isinstance(expression, str):
        return None
    out = []
    for term in re.split(r"(?=[+-])", expression):
        m = _NUMBER.fullmatch(term)
        if m:
            out.append(_signed(m.group(1), m.group(2)))
    return out


def _fs3(expression: Any, typed: list[str] | None, o: Line, rules: Any) -> list[str]:
    parts, mods = _rows(o.get("parts")), _rows(o.get("modifiers"))
    if not parts or mods is None:
        return []
    out = []
    numbers = _numbers(expression)
    counted = [p.get("dice") for p in parts if p.get("label") in ("rating", "modifier")]
    if numbers is not None and not _same(counted, numbers):
        out.append(f"its roll string {_said(expression)} adds {_listed(numbers)}, but its pool "
                   f"counts {_listed(counted)}")  # fmt: skip
    given = [_whole(m) for m in typed] if typed is not None else None
    named = [m.get("value") for m in mods if m.get("reason") == "modifier"]
    if given is not None and None not in given and not _same(named, given):
        out.append(f"it was asked with the modifiers {_listed(given)}, but its pool counts "
                   f"{_listed(named)}")  # fmt: skip
    if isinstance(rules, Mapping):
        out += [said for m in mods if (said := _fs3_modifier(m, o, rules))]
        out += [said for p in parts if (said := _fs3_part(p, parts, rules))]
    dice = [p.get("dice") for p in parts]
    values = [m.get("value") for m in mods]
    requested = o.get("requested")
    if all(type(n) is int for n in (*dice, *values, requested)):
        right = sum(dice) + sum(values)  # type: ignore[arg-type]
        if requested != right:
            out.append(f"it asks for {requested} dice, but its parts and modifiers add up to "
                       f"{right}")  # fmt: skip
    return out


def _fs3_modifier(m: Line, o: Line, rules: Mapping[str, Any]) -> str:
    """A modifier the rules make: a situation at its size, luck as spent, wounds (their size
    is not replayed) and teamwork (provable_team.py); a typed one is checked above."""
    reason, value = m.get("reason"), m.get("value")
    if not isinstance(reason, str) or reason in ("modifier", "wounds", "teamwork"):
        return ""
    if type(value) is not int:
        return ""
    sizes = {s["name"]: s.get("modifier") for s in _rows(rules.get("situations")) or []
             if isinstance(s.get("name"), str)}  # fmt: skip
    luck = o.get("luck")
    if reason in sizes:
        want = sizes[reason]
    elif reason in _LUCK and luck in _LUCK[reason]:
        want = rules.get("luck_bonus" if luck == "bonus" else "luck_on_others")
        want = -want if luck == "hinder" and type(want) is int else want
    elif isinstance(luck, str) and reason == f"luck ({luck}, cancelled)":
        want = 0
    else:
        return f"its modifier {_said(reason)} ({value:+d}) is none its request or the rules make"
    if not (type(want) is int and want == value):
        return (f"its modifier {reason} is {value:+d}, but {_said(rules.get('name'))} makes it "
                f"{_said(want)}")  # fmt: skip
    return ""


def _fs3_part(part: Line, parts: Sequence[Line], rules: Mapping[str, Any]) -> str:
    """A part's dice from its rating under the ruleset (pool.py ``_skill_dice``)."""
    label, dice = part.get("label"), part.get("dice")
    if not isinstance(label, str) or type(dice) is not int or label in ("rating", "modifier"):
        return ""
    everyman, scale = rules.get("everyman_dice"), rules.get("scaled_skill_dice")
    scale = scale if isinstance(scale, list) else []
    name, _, rating = label.rpartition(" ")
    kind = _kind(name or label, rules)
    scaled = kind != "action" and bool(scale)
    if label == "Everyman":  # an attribute alone, 000 Linked Attributes
        want = everyman
    elif rating == "Everyman":
        want = scale[0] if scaled else everyman
    elif label.endswith(f" ({_said(rules.get('language_known'))})"):
        want = 0
    elif not (rating.isascii() and rating.isdigit()):
        return ""
    elif kind == "attribute":
        alone = all(p.get("label") in ("Everyman", "modifier") for p in parts if p is not part)
        times = rules.get("bare_attribute_multiplier")
        want = int(rating) * (times if alone and type(times) is int else 1)
    elif scaled:
        want = scale[int(rating)] if int(rating) < len(scale) else None
    else:
        want = int(rating) if int(rating) > 0 else everyman
    if not (type(want) is int and want == dice):
        return (f"its pool counts {label} as {dice} dice, but {_said(rules.get('name'))} "
                f"gives {_said(want)}")  # fmt: skip
    return ""


def _kind(name: str, rules: Mapping[str, Any]) -> str:
    if name in _texts(rules.get("attributes")):
        return "attribute"
    if name in [s.get("name") for s in _rows(rules.get("action_skills")) or []]:
        return "action"
    if name.lower() in [n.lower() for n in _texts(rules.get("languages"))]:
        return "language"
    return "background"


def _texts(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _same(a: Sequence[Any], b: Sequence[Any]) -> bool:
    """Equal item by item, of the same JSON type (``True`` is not ``1``, as in the browser)."""
    pairs = zip(a, b, strict=False)
    return len(a) == len(b) and all(type(x) is type(y) and x == y for x, y in pairs)


def _gurps(expression: Any, typed: list[str] | None, o: Line, rules: Any) -> list[str]:
    mods = _rows(o.get("modifiers"))
    base: Any = o.get("base")
    effective = o.get("effective")
    if mods is None:
        return []
    out = []
    level = _whole(expression) if isinstance(expression, str) else None
    if level is not None and not (type(base) is int and base == level):
        out.append(f"it was asked against {level}, but its base level is {_said(base)}")
    heads = [_HEAD.match(m) for m in typed] if typed is not None else None
    if heads is not None and None not in heads:
        given = [_signed(h.group(1), h.group(2)) for h in heads if h]
        rest = mods[len(given) :]
        named = [m.get("value") for m in mods[: len(given)]]
        if not _same(named, given) or len(rest) > 1 or not all(_task_named(m) for m in rest):
            out.append(f"it was asked with the modifiers {_listed(given)}, but it counts "
                       f"{_listed([m.get('value') for m in mods])}")  # fmt: skip
        elif rest and isinstance(rules, Mapping):
            out += _task(rest[0], rules)
    values: list[Any] = [m.get("value") for m in mods]
    if all(type(n) is int for n in (base, effective, *values)):
        made = base + sum(values)
        if effective != made:
            out.append(f"its effective skill is {effective}, but its base level and modifiers "
                       f"make {made}")  # fmt: skip
    return out


def _task_named(m: Line) -> bool:
    reason = m.get("reason")
    return isinstance(reason, str) and reason.endswith(" (task difficulty)")


def _task(m: Line, rules: Mapping[str, Any]) -> list[str]:
    """A task difficulty's modifier within its row of the ruleset's table (B345)."""
    title, value = str(m.get("reason")).removesuffix(" (task difficulty)"), m.get("value")
    for row in _rows(rules.get("difficulties")) or []:
        if row.get("name") == title:
            low: Any = row.get("lowest")
            high: Any = row.get("highest")
            if all(type(n) is int for n in (low, value, high)) and low <= value <= high:
                return []
            return [f"its task difficulty {title} is {_said(value)}, but "
                    f"{_said(rules.get('name'))} rates {title} {row.get('lowest')} to "
                    f"{row.get('highest')}"]  # fmt: skip
    return [f"its task difficulty {title} is not in {_said(rules.get('name'))}'s table"]


def _d6(expression: Any, typed: list[str] | None, o: Line, rules: Any) -> list[str]:
    out = []
    code, rolled, bonuses = _code(o.get("code")), _code(o.get("rolled")), _rows(o.get("bonuses"))
    asked = _code(expression) if isinstance(expression, str) else None
    if asked is not None and code is not None and asked != code:
        out.append(f"it was asked to roll {_said(expression)}, but its code is "
                   f"{_said(o.get('code'))}")  # fmt: skip
    given = [_bonus(m) for m in typed] if typed is not None else None
    if bonuses is not None and given is not None and None not in given:
        named = [(b.get("dice"), b.get("number")) for b in bonuses if not _made(b)]
        whole = all(type(n) is int for pair in named for n in pair)
        if whole and sorted(named) != sorted(given):  # type: ignore[type-var]
            out.append(f"it was asked with the bonuses {_listed(given)}, but it counts "
                       f"{_listed(named)}")  # fmt: skip
    want, fate = None, o.get("fate")
    per = rules.get("pips_per_die") if isinstance(rules, Mapping) else None
    if fate is False:
        want = code
    elif fate is True and isinstance(rules, Mapping) and type(per) is int and per > 0 and code:
        doubled = divmod(2 * (code[0] * per + code[1]), per)  # 003 Fate Points (rulings D12)
        want = doubled if rules.get("fate_doubles_pips") is True else (code[0] * 2, code[1])
    if code and rolled and want is not None and (want[0], want[1]) != rolled:
        out.append(f"it rolled {_said(o.get('rolled'))}, but its code {_said(o.get('code'))} "
                   f"gives {_shown((want[0], want[1]))}")  # fmt: skip
    dice = o.get("dice")
    extra: list[Any] = [b.get("dice") for b in bonuses or []]
    if rolled and isinstance(dice, list) and all(type(n) is int for n in extra):
        regular: int = max(rolled[0] + sum(extra), 1) - 1  # the Wild Die is one (rulings D6)
        if len(dice) != regular:
            out.append(f"it rolled {len(dice)} regular dice beside the Wild Die, but "
                       f"{_said(o.get('rolled'))} and its bonuses give {regular}")  # fmt: skip
    return out


def _made(bonus: Line) -> bool:
    reason = bonus.get("reason")
    return isinstance(reason, str) and reason.startswith(_MADE)


def _code(text: Any) -> tuple[int, int] | None:
    m = _CODE.fullmatch(text) if isinstance(text, str) and len(text) <= 40 else None
    return (int(m.group(1)), _signed(m.group(2), m.group(3)) if m.group(3) else 0) if m else None


def _shown(code: tuple[int, int]) -> str:
    dice, pips = code
    return f"{dice}D" if not pips else f"{dice}D{'+' if pips > 0 else '-'}{abs(pips)}"


def _bonus(text: str) -> tuple[int, int] | None:
    """``d6.code.parse_bonus``'s dice and number."""
    head = text.strip().partition(" ")[0]
    m = _BONUS.fullmatch(head) if head else None
    if m is None or (not m.group(3) and m.group(5)):
        return None
    value = _signed(m.group(1), m.group(2))
    if not m.group(3):
        return (0, value)
    return (value, _signed(m.group(4), m.group(5)) if m.group(5) else 0)


def _listed(values: Sequence[Any]) -> str:
    return "[" + ", ".join(_said(list(v)) if isinstance(v, tuple) else _said(v)
                           for v in values) + "]"  # fmt: skip
