"""``roll``: a roll from a sheet, an NPC's, a contest, teamwork.

    roll[/private|/secret] [NAME/]WHAT[/OPTIONS] [vs NAME/WHAT[/OPTIONS] | vs DIFFICULTY]
    roll[/private|/secret] [NAME/]WHAT[/OPTIONS] with NAME/WHAT[, NAME/WHAT...]

WHAT is the system's: an FS3 roll string (``Firearms+Reflexes-1``) or an NPC's rating (``5``);
a GURPS skill or attribute with modifiers (``Stealth-2``) or a level (``12-2``); a D6 skill or
attribute with bonuses (``Search+1D``) or a die code (``4D+2``). A number or a die code is an
NPC's roll (NAME then names the NPC). OPTIONS are `rollplay roll`'s options, named as there
without the dashes (``luck=bonus``, ``cp=1,prepare=1``, ``defense``).
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from functools import cache
from typing import Any

from rollplay.errors import RollplayError
from rollplay.grammar.atoms import Masked, mask
from rollplay.grammar.errors import GrammarError, clip, matches, reworded
from rollplay.grammar.options import Spec, looks_like_options, read
from rollplay.grammar.words import Context, name
from rollplay.table.commands import Command, NpcRoll, Opposed, Roll, Side, Teamwork
from rollplay.table.limits import MAX_EXPRESSION
from rollplay.table.systems import OPTION_NAMES, Request, system

_KINDS: dict[str, Any] = {"bool": "flag", "tuple[str, ...]": "many", "int": "number",
                          "int | None": "number", "bool | int": "flag-or-number"}  # fmt: skip
_KEYWORD = re.compile(r"(?i)(?:^|(?<=\s))(vs\.?|with)(?=\s|$)")
_CODE = re.compile(r"([0-9]+)\s*[dD]")
_DIFFICULTY = re.compile(r"[0-9]+|[^\W\d_][\w -]*(=\s*[0-9]+)?")


def _choices() -> dict[str, tuple[str, ...]]:
    from rollplay.systems.d6.ruleset import WILD_ONE_OPTIONS
    from rollplay.systems.fs3.luck import LUCK_SPENDS

    return {"luck": LUCK_SPENDS, "wild_one": WILD_ONE_OPTIONS}


@cache
def specs() -> tuple[Spec, ...]:
    """Every roll option: the Request's fields, named as `rollplay roll` names them (its
    options without the dashes), of the kind the field's type says."""
    choices = _choices()
    return tuple(
        Spec(OPTION_NAMES[f.name][2:], f.name, _KINDS.get(str(f.type), "value"),
             choices.get(f.name, ()), low=1 if f.name == "actions" else 0)
        for f in fields(Request) if f.name in OPTION_NAMES
    )  # fmt: skip


def keys(ctx: Context) -> list[str]:
    """The words a part of a roll is an option list for when it holds nothing else: every
    system's flags (``fate``, ``defense``) and every option of the game's system (``cp``
    alone is an option missing its value, not a skill called cp)."""
    own = system(ctx.system).options
    return [s.key for s in specs() if s.kind in ("flag", "flag-or-number") or s.field in own]


def roll(switch: str, args: str, ctx: Context) -> Command:
    """A roll's line; the game's names and any quoted name are read whole first (atoms.py:
    ``Nadia Kaur/Zero-G Welding+1``, ``"Odd, Name"/Melee``)."""
    if not args:
        raise GrammarError("roll what? e.g. roll Firearms+Reflexes-1, roll Nikos/Piloting", "roll")
    return marked_roll(switch, mask(args, ctx.known), ctx)


def marked_roll(switch: str, line: Masked, ctx: Context) -> Command:
    """A roll's line, its names already marked (``line.text`` is what is split)."""
    visibility: Any = switch or "public"
    args = line.text
    keywords = [
        (m.group(1).casefold().rstrip("."), m)
        for m in _KEYWORD.finditer(args)
        # 'with' starts teamwork only before a roller (Nikos/Piloting with Mavros/Athletics):
        # an ability may hold the word (Dealing with Bureaucrats).
        if m.group(1).casefold() != "with" or "/" in args[m.end() :].split(",", 1)[0]
    ]
    if len(keywords) > 1:
        said = " and ".join(repr(k) for k, _ in keywords)
        raise GrammarError(f"one 'vs' or one 'with' per roll, not {said}", args)
    first = args if not keywords else args[: keywords[0][1].start()].strip()
    rest = "" if not keywords else args[keywords[0][1].end() :].strip()
    if keywords and not (first and rest):
        word = keywords[0][0]
        raise GrammarError(f"'{word}' goes between two rolls: A {word} B", args)
    if keywords and keywords[0][0] == "with":
        ctx.only(("fs3",), "teamwork (roll A with B)", "000")
    elif keywords and ctx.system == "gurps":
        raise GrammarError(
            "GURPS rolls are success rolls (001 has no contests): roll each side on its own; "
            "a task's difficulty is an option: roll Lockpicking/difficulty=hard",
            rest,
        )
    lead, npc = _side(first, ctx, line, first=True)
    if npc and lead.request.sense:
        raise GrammarError("a Sense roll is a character's: roll NAME/Perception/sense",
                           line.plain(first))  # fmt: skip
    if lead.request.sense:
        visibility = "secret"  # 001 When the GM Rolls: the GM rolls Sense in secret
    if not keywords:
        if npc:
            return NpcRoll(ctx.game, lead.request, lead.character, visibility)
        return Roll(ctx.game, lead, visibility)
    if keywords[0][0] == "with":
        return _teamwork(lead, npc, rest, ctx, line, visibility=visibility)
    head = rest.split("/", 1)[0].strip()
    if ctx.system == "d6" and _DIFFICULTY.fullmatch(head) and not _is_side(rest, ctx):
        if "/" in rest:
            raise GrammarError(
                f"options go after the roll they belong to: roll {clip(first)}/OPTIONS vs {head}",
                rest,
            )
        if lead.request.difficulty is not None:
            raise GrammarError("two difficulties: give one, after 'vs' or as difficulty=", rest)
        request = replace(lead.request, difficulty=" ".join(head.split()))
        if npc:
            return NpcRoll(ctx.game, request, lead.character, visibility)
        return Roll(ctx.game, Side(lead.character, request), visibility)
    if not _is_side(rest, ctx):
        also = " or a difficulty (15, moderate)" if ctx.system == "d6" else ""
        raise GrammarError(f"after 'vs', name the other roller: NAME/ABILITY{also}",
                           line.plain(rest))  # fmt: skip
    second, _ = _side(rest, ctx, line, first=False)
    if npc and lead.character is None:
        said = line.plain(first)
        raise GrammarError(f"an NPC in a contest needs a name: NAME/{clip(said)}", said)
    return Opposed(ctx.game, lead, second, visibility)


def _is_side(text: str, ctx: Context) -> bool:
    """'Mavros/Melee' is a roller; '15', 'moderate' and '15/cp=1' are not."""
    parts = text.split("/")
    return len(parts) > 1 and not looks_like_options(parts[1], keys(ctx))


def _teamwork(lead: Side, npc: bool, rest: str, ctx: Context, line: Masked, *,
              visibility: Any) -> Teamwork:  # fmt: skip
    said = line.plain(rest)
    if npc:
        raise GrammarError("teamwork is led by a character's roll, not an NPC's rating", said)
    helpers: list[Side] = []
    for text in rest.split(","):
        one = line.plain(text).strip()
        if not text.strip():
            raise GrammarError(f"an empty assister in {clip(said)!r}: NAME/ABILITY, ...", said)
        if len(text.split("/")) != 2:
            raise GrammarError(
                f"an assister is NAME/ABILITY, without options; not {clip(one)!r}", one
            )
        side, _ = _side(text, ctx, line, first=False)
        if side.character is None or side.request.given():
            raise GrammarError(f"an assister rolls without options: {clip(one)!r}", one)
        helpers.append(side)
    return Teamwork(ctx.game, lead, tuple(helpers), visibility)


def _side(marked: str, ctx: Context, line: Masked, first: bool) -> tuple[Side, bool]:
    """``[NAME/]WHAT[/OPTIONS]``: who rolls, the Request, and whether it is an NPC's roll
    (``marked``: the side's text, its names marked)."""
    text = line.plain(marked).strip()
    parts = [p.strip() for p in marked.strip().split("/")]
    if len(parts) > 3:
        raise GrammarError(
            f"too many '/' in {clip(text)!r}: write [NAME/]WHAT[/OPTIONS] (a name holding "
            f"a '/' in double quotes: \"Guns/TL8\")",
            text,
        )
    options = ""
    if len(parts) > 1 and looks_like_options(parts[-1], keys(ctx)):
        options = line.plain(parts.pop())
    elif len(parts) == 3:
        said = line.plain(parts[2])
        raise GrammarError(
            f"{clip(said)!r} is not an option list: write KEY=VALUE or a flag, "
            f"like {'luck=bonus' if ctx.system == 'fs3' else 'mod=-2'}",
            said,
        )
    who = name(line.plain(parts[0]), "the roller's name") if len(parts) == 2 else None
    what = parts[-1]
    if not what:
        raise GrammarError(f"what {who or 'to roll'} rolls is missing", text)
    if len(line.plain(what)) > MAX_EXPRESSION:
        said = line.plain(what)
        raise GrammarError(
            f"what to roll is {len(said):,} characters long; at most {MAX_EXPRESSION}",
            clip(said),
        )
    expression, mods, npc = _what(what, ctx, line)
    if who is not None and not npc:
        ctx.character(who)
    kw = _options(options, ctx) if options else {}
    if mods:
        kw["mods"] = (*mods, *kw.get("mods", ()))
    return Side(who, _request(expression, kw, first, text)), npc


def _what(marked: str, ctx: Context, line: Masked) -> tuple[str, tuple[str, ...], bool]:
    """The expression, the modifiers written after it, and whether it is an NPC's roll."""
    if ctx.system == "fs3":
        from rollplay.systems.fs3.expression import parse

        text = line.fs3(marked)  # a name its grammar would split, in quotes (rulings W92)
        try:
            parsed = parse(text)
        except RollplayError as e:
            raise GrammarError(_quote_hint(str(e), text), text) from None
        # Any name: a skill not on the sheet rolls at Everyman (000 Untrained Rolls), and the
        # roll names the nearest listed one, or refuses it where the game says (rulings R7).
        return " ".join(text.split()), (), not parsed.names
    head_marked, mods = _trailing(marked, dice=ctx.system == "d6")
    head = line.plain(head_marked)
    text = line.plain(marked)
    if line.is_name(head_marked):  # a name read whole: never a level or a die code
        return ctx.ability(head), mods, False
    if ctx.system == "d6" and head[:1].isdigit():
        code = _CODE.fullmatch(head)
        if code is None:
            raise GrammarError(
                f"bad die code {clip(text)!r}: a D6 roll without a sheet is a code like "
                f"4D or 4D+2, with bonuses after it (4D+2+1D)",
                text,
            )
        if mods and mods[0][1:].isdigit():  # 4D+2: the pips are the code's own
            return f"{code.group(1)}D{mods[0]}", mods[1:], True
        return f"{code.group(1)}D", mods, True
    if ctx.system == "gurps" and head.isdecimal() and head.isascii():
        return head, mods, True
    if not head[:1].isalpha() or head[-1] in "+-":
        example = "Stealth-2 or a level, 12-2" if ctx.system == "gurps" else "Search+1D or 4D+2"
        raise GrammarError(
            f"bad roll {clip(text)!r}: write an ability with modifiers, like {example}", text
        )
    return ctx.ability(head), mods, False


def _trailing(text: str, dice: bool) -> tuple[str, tuple[str, ...]]:
    """'Fast-Draw-2+1' -> ('Fast-Draw', ('-2', '+1')); with ``dice``, '+1D' counts too."""
    tail = re.compile(r"([+-])\s*([0-9]+)\s*([dD]?)\s*$" if dice else r"([+-])\s*([0-9]+)\s*$")
    head, found = text.strip(), []
    while (m := tail.search(head)) is not None and m.start() > 0:
        found.append("".join(m.groups("")).upper())
        head = head[: m.start()].rstrip()
    return " ".join(head.split()), tuple(reversed(found))


def _options(text: str, ctx: Context) -> dict[str, Any]:
    every = specs()
    own = system(ctx.system).options
    mine = [s for s in every if s.field in own]

    def stray(key: str) -> GrammarError | None:
        found = matches(key, [s.key for s in every])
        if len(found) != 1:
            return None
        takes = ", ".join(s.key for s in mine)
        return GrammarError(
            f"{found[0]} does not apply to {ctx.a_system} roll; it takes {takes}", key
        )

    return read(text, mine, "roll", stray)


def _request(expression: str, kw: dict[str, Any], first: bool, text: str) -> Request:
    """The Request `rollplay roll` would build from these options."""
    from rollplay.table.systems.request import from_options as request

    prefix = "" if first else "vs_"
    try:
        made = request(expression, {prefix + k: v for k, v in kw.items()}, prefix)
    except RollplayError as e:
        raise reworded(e, text) from None
    blank = Request(expression)
    lost = [k for k, v in kw.items() if v != getattr(blank, k) and k not in made.given()]
    if lost:
        said = ", ".join(OPTION_NAMES[k][2:] for k in lost)
        raise GrammarError(f"{said}: for the first roll of a contest only", text)
    return made


def _quote_hint(message: str, text: str) -> str:
    """An FS3 roll string its grammar refused, where a name holding a sign may be why."""
    if "-" in text and '"' not in text and "a number after '-'" in message:
        return message + " (a name holding a '-' goes in double quotes: \"Zero-G Welding\")"
    return message
