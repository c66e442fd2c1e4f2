"""Commands back to lines: the line a player would type for a command (for a screen that shows
what a button did, or a log that replays). What is written is read back before it is given,
so a command no line can say (a name holding '/', a reason holding '=') is refused here rather
than turning into another command."""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rollplay.grammar.atoms import quoted
from rollplay.grammar.errors import GrammarError, clip
from rollplay.table import commands as c
from rollplay.table.systems import OPTION_NAMES, Request


def to_line(command: c.Command, system: str, combat_actions: tuple[str, ...] | None) -> str:
    from rollplay.grammar.parsing import parse

    # Names as they are, else (a name the grammar would split: "Zero-G Welding", a roller
    # called "Smith, Jo") in double quotes (rulings W92).
    for quote in (False, True):
        line = _write(command, system, quote)
        try:
            again = parse(line, system=system, game=command.game, combat_actions=combat_actions)
        except GrammarError as e:
            if quote:
                raise GrammarError(
                    f"{type(command).__name__} cannot be written as a line: {e}"
                ) from None
            continue
        if again == command:
            return line
    raise GrammarError(
        f"{type(command).__name__} cannot be written as a line: {clip(line, 60)!r} "
        f"reads as another command"
    )


def _write(command: c.Command, system: str, quote: bool = False) -> str:
    """The line, unchecked (``quote``: each roll's names in double quotes where the grammar
    would split them)."""

    def sided(who: str | None, request: Request) -> str:
        return _side(who, request, system, quote)

    def singled(who: str | None, request: Request, skill: bool = True) -> str:
        return _single(who, request, system, quote, skill)

    match command:
        case c.Roll(side=side, visibility=v):
            return f"roll{_shown(v)} {singled(side.character, side.request)}"
        case c.NpcRoll(request=request, name=name, visibility=v):
            return f"roll{_shown(v)} {singled(name, request, skill=False)}"
        case c.Opposed(first=a, second=b, visibility=v):
            first = sided(a.character, a.request)
            return f"roll{_shown(v)} {first} vs {sided(b.character, b.request)}"
        case c.Teamwork(leader=lead, assisters=helpers, visibility=v):
            rest = ", ".join(sided(h.character, h.request) for h in helpers)
            return f"roll{_shown(v)} {sided(lead.character, lead.request)} with {rest}"
        case c.PointsAfter(entry=entry, count=count):
            return f"cp/after {entry}={count}"
        case c.AwardLuck(character=who, amount=amount, reason=reason):
            return f"luck/award {who}={amount}" + (f"/{reason}" if reason else "")
        case c.SpendLuck(character=who, reason=reason):
            said = f"{who}={reason}" if who else reason
            return f"luck/spend {said}".rstrip()
        case c.AwardXP(character=who, amount=amount, reason=reason):
            return f"xp/award {who}={_decimal(amount)}" + (f"/{reason}" if reason else "")
        case c.AwardTable(points=points, amount=amount, reason=reason):
            return f"{points}/award *={_decimal(amount)}" + (f"/{reason}" if reason else "")
        case c.RaiseSkill(character=who, skill=skill, kind=kind, attribute=attribute):
            said = ",".join([*([kind] if kind != "action" else []),
                             *([f"attribute={attribute}"] if attribute else [])])  # fmt: skip
            return f"xp/raise {_whose(who)}{skill}" + (f"/{said}" if said else "")
        case c.ShowSheet(character=who):
            return f"sheet {who or ''}".rstrip()
        case c.Approve(character=who):
            return f"sheet/approve {who}"
        case c.SendBack(character=who, comment=comment):
            return f"sheet/sendback {who}={comment}"
        case c.SetSheet(character=who, changes=changes):
            said = " ".join(shlex.quote(f"{k}={_yaml(v)}") for k, v in _paths(changes))
            return f"sheet/set {who}={said}"
        case c.ShowLog(character=who, limit=limit):
            return f"log {who + ' ' if who else ''}{limit}"
        case c.Help(topic=topic):
            return f"help {topic or ''}".rstrip()
        case c.Pose(text=text, style=style, name=None):
            return {"pose": ":", "semipose": ";", "say": '"', "emit": "\\\\",
                    "ooc": "ooc "}[style] + text  # fmt: skip
        case c.Pose(text=text, name=who):
            return f"pose/as {who}={text}"
        case c.SceneStart(title=title, summary=summary, private=private):
            said = f"{title}={summary}" if summary else title
            return f"scene/{'private' if private else 'start'} {said}"
        case c.SceneInvite(user=user):
            return f"scene/invite {user}"
        case c.RequestRoll(side=side, secret=secret):
            said = singled(side.character, side.request)
            return f"request{'/secret' if secret else ''} {said}"
        case c.CancelRequest(number=n):
            return f"request/cancel {n}"
        case c.AnswerRequest(number=n, luck=luck, cp=cp, fate=fate):
            said = ",".join([*([f"luck={luck}"] if luck else []), *([f"cp={cp}"] if cp else []),
                             *(["fate"] if fate else [])])  # fmt: skip
            return f"answer {n}" + (f"/{said}" if said else "")
        case c.Reveal(number=n):
            return f"reveal {n}"
        case c.PoseEdit(number=n, text=text):
            return f"pose/edit {n}={text}"
        case c.PoseDelete(number=n):
            return f"pose/delete {n}"
        case c.SceneSet(location=location, kind=kind, number=number):
            parts = [f"type={kind}"] if kind is not None else []
            parts += [f"location={location}"] if location is not None else []
            return f"scene/set {f'{number} ' if number else ''}{' '.join(parts)}"
        case c.SceneOrder(order=order, number=number):
            return f"scene/order {order} {number or ''}".rstrip()
        case c.SceneJoin() | c.ScenePause() | c.SceneResume() | c.SceneStop():
            verb = type(command).__name__.removeprefix("Scene").lower()
            return f"scene/{verb} {command.number or ''}".rstrip()
        case c.HealDay(day=day, doctors=doctors, hospital=hospital, repairs=repairs):
            options = [f"doctor={p}={d}" for p, d in doctors.items()]
            options += [f"hospital={h}" for h in hospital]
            options += [f"repair={w}:{v}={m}" for w, v, m in repairs]
            return _join("heal/day", str(day or ""), options)
    return "combat" + _combat(command)


def _combat(command: c.Command) -> str:
    """The combat commands' lines, after the word ``combat``."""
    combat = getattr(command, "combat", None)
    where = [f"combat={combat}"] if combat else []
    match command:
        case c.CombatStart(combat=name):
            return f"/start {name}"
        case c.CombatStatus(combat=name) | c.CombatTurn(combat=name) | c.CombatStop(combat=name):
            words = {c.CombatStatus: "status", c.CombatTurn: "newturn", c.CombatStop: "stop"}
            return _join(f"/{words[type(command)]}", name or "", [])
        case c.CombatJoin():
            j, blank = command, c.CombatJoin(None, None, None)
            options = [f"{key}={getattr(j, field)}" for key, field in _JOIN
                       if getattr(j, field) != getattr(blank, field)]  # fmt: skip
            options += [f"crew={name}" for name in j.crew]
            return _join("/join", j.who or "", options + where)
        case c.CombatLeave(who=who) | c.CombatRecover(who=who):
            switch = "leave" if isinstance(command, c.CombatLeave) else "recover"
            return _join(f"/{switch}", who or "", where)
        case c.CombatStance(who=who, stance=stance):
            return _join("/stance", f"{_whose(who)}{stance}", where)
        case c.CombatOrders(orders=orders):
            said = ", ".join(f"{o.who}={o.kind}" + (f" {o.target}" if o.target else "")
                             for o in orders)  # fmt: skip
            return _join("/orders", said, where)
        case c.CombatMoveWound(who=who, wound=wound, location=location):
            return _join("/move", f"{_whose(who)}{wound}/{location}", where)
        case c.CombatAction():
            a = command
            options = [f"{key}={getattr(a, field)}" for key, field in _ACTION
                       if getattr(a, field) is not None]  # fmt: skip
            if a.range != "short":
                options.insert(1, f"range={a.range}")
            if a.burst:
                options += ["burst", *(f"burst={t}" for t in a.burst[1:])]
            options += [f"near={n}" for n in a.near]
            main = a.who or "" if a.target is None else f"{_whose(a.who)}{a.target}"
            return _join(f"/{a.kind}", main, options + where)
    raise GrammarError(f"not a command: {type(command).__name__}")


_JOIN = (("team", "team"), ("npc", "rating"), ("weapon", "weapon"), ("armor", "armor"),
         ("type", "kind"))  # fmt: skip
_ACTION = (("called", "called"), ("luck", "luck"), ("luck-spend", "luck_spend"),
           ("luck-on", "luck_on"), ("stance", "stance"), ("draw", "weapon"))  # fmt: skip


def _shown(visibility: str) -> str:
    return "" if visibility == "public" else f"/{visibility}"


def _whose(who: str | None) -> str:
    return f"{who}=" if who else ""


def _options(options: list[str]) -> str:
    return "/" + ",".join(options) if options else ""


def _join(head: str, main: str, options: list[str]) -> str:
    """'/leave', '', ['combat=X'] -> '/leave /combat=X'."""
    return f"{head} {main}{_options(options)}".rstrip()


_INLINE = {"gurps": re.compile(r"[+-][0-9]+"), "d6": re.compile(r"[+-][0-9]+D?")}
_DIFFICULTY = re.compile(r"[0-9]+|[^\W\d_][\w -]*(=[0-9]+)?")


def _single(who: str | None, request: Request, system: str, quote: bool = False,
            skill: bool = True) -> str:  # fmt: skip
    """One roll; a D6 difficulty after 'vs', as players write it."""
    difficulty = request.difficulty
    if system == "d6" and difficulty is not None and _DIFFICULTY.fullmatch(difficulty):
        plain = replace(request, difficulty=None)
        return f"{_side(who, plain, system, quote, skill)} vs {difficulty}"
    return _side(who, request, system, quote, skill)


def _side(who: str | None, request: Request, system: str, quote: bool = False,
          skill: bool = True) -> str:  # fmt: skip
    """[NAME/]WHAT[/OPTIONS]: GURPS and D6 modifiers after the skill (Stealth-2), the rest as
    options; with ``quote``, the names in double quotes where the grammar would split them
    (a ``skill``'s name too: not an NPC's level or die code; an FS3 roll string holds its
    own quotes)."""
    expression, mods = request.expression, request.mods
    if quote:
        who = None if who is None else quoted(who)
        if system != "fs3" and skill:
            expression = quoted(expression)
    inline = _INLINE.get(system)
    code_without_pips = re.fullmatch(r"[0-9]+D", expression) is not None
    while inline and mods and inline.fullmatch(mods[0]):
        if code_without_pips and mods[0][-1] != "D":
            break
        expression, mods = expression + mods[0], mods[1:]
        code_without_pips = False
    options: list[str] = []
    for field in replace(request, mods=mods).given():
        key, value = OPTION_NAMES[field][2:], getattr(request, field)
        if field == "mods":
            value = mods
        if isinstance(value, tuple):
            options += [f"{key}={v}" for v in value]
        elif value is True:
            options.append(key)
        else:
            options.append(f"{key}={value}")
    return (f"{who}/" if who else "") + expression + _options(options)


def _decimal(amount: float) -> str:
    text = f"{amount:.3f}".rstrip("0").rstrip(".")
    return text or "0"


def _yaml(value: Any) -> str:
    """A value as `char set` reads it: YAML on one line (a date stays a date, '4' a string)."""
    import yaml

    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**9)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def _paths(changes: Mapping[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """{'action': {'Firearms': 4}} -> [('action.Firearms', 4)]."""
    out: list[tuple[str, Any]] = []
    for key, value in changes.items():
        if isinstance(value, Mapping) and value:
            out += _paths(value, f"{prefix}{key}.")
        else:
            out.append((f"{prefix}{key}", value))
    return out
