"""Scenes and poses (issue 30), as the MUSHes type them.

    pose TEXT    :TEXT     Nikos leans in.
    ;TEXT                  Nikos's hand...
    say TEXT     "TEXT     Nikos says, "..."
    emit TEXT    \\\\TEXT    the text as it is
    ooc TEXT               <OOC> Pia: ...
    pose/as NAME=TEXT      a Storyteller's pose as an NPC
    scene/start TITLE[=SUMMARY]   scene/private TITLE[=SUMMARY]
    scene/join [N]  scene/pause [N]  scene/resume [N]  scene/stop [N]  scene/invite NAME
    pose/edit N=TEXT  pose/delete N   a pose's author changes it, for a while
    request NAME ROLL  request/secret NAME ROLL  request/cancel N   the Storyteller's asks
    answer N[/luck=L,cp=N,fate]   the roll request N asks for, with the roller's points
    reveal N     a secret roll, to the scene
    scene/order free|round-robin [N]

A pose line is read before any other: it may hold line breaks and be as long as a pose
(table/limits.py MAX_POSE, checked first: a megabyte is refused at once), unlike a command
line (words.py ``clean_line``).
"""

from __future__ import annotations

import re

from rollplay.errors import RollplayError
from rollplay.grammar.errors import GrammarError, clip
from rollplay.grammar.words import Context, name, number
from rollplay.table.commands import (
    AnswerRequest,
    CancelRequest,
    Command,
    Pose,
    PoseDelete,
    PoseEdit,
    PoseStyle,
    RequestRoll,
    Reveal,
    Roll,
    SceneInvite,
    SceneJoin,
    SceneOrder,
    ScenePause,
    SceneResume,
    SceneSet,
    SceneStart,
    SceneStop,
)

# A pose's first characters, MUSH-style, and the style each asks for.
PREFIXES: tuple[tuple[str, PoseStyle], ...] = (
    ("\\\\", "emit"), (":", "pose"), (";", "semipose"), ('"', "say"),
)  # fmt: skip
_WORD = re.compile(r"\+?(pose/as|pose/edit|pose|say|emit|ooc)(?=\s|$)", re.IGNORECASE)
_STYLE: dict[str, PoseStyle] = {"pose": "pose", "say": "say", "emit": "emit", "ooc": "ooc"}


def pose_line(line: object, ctx: Context) -> Pose | PoseEdit | None:
    """The pose a line asks for, or None if it is not a pose line."""
    if not isinstance(line, str):
        return None
    text = line.lstrip()
    for prefix, style in PREFIXES:
        if text.startswith(prefix):
            return _pose(ctx, text[len(prefix) :], style)
    found = _WORD.match(text)
    if found is None:
        return None
    word, rest = found.group(1).casefold(), text[found.end() :]
    if word == "pose/edit":  # read here: its text may be as long as a pose, line breaks too
        which, eq, said = rest.partition("=")
        if not eq or "\n" in which:
            raise GrammarError("say which pose and its new text: pose/edit N=TEXT", clip(text))
        edited = _pose(ctx, said, "pose")
        return PoseEdit(ctx.game, number(which.strip(), "a pose's number", 1), edited.text)
    if word != "pose/as":
        return _pose(ctx, rest, _STYLE[word])
    who, eq, said = rest.partition("=")
    if not eq or "\n" in who:
        raise GrammarError("say who poses and what: pose/as NAME=TEXT", clip(text))
    return _pose(ctx, said, "pose", name(who, "who the pose is as"))


def _pose(ctx: Context, text: str, style: PoseStyle, who: str | None = None) -> Pose:
    from rollplay.table.play.scene_text import pose_text

    try:
        checked = pose_text(text)
    except RollplayError as e:
        raise GrammarError(str(e), clip(text)) from None
    return Pose(ctx.game, checked, style, who)


def scene(switch: str, args: str, ctx: Context) -> Command:
    if switch in ("start", "private"):
        title, _, summary = args.partition("=")
        return SceneStart(ctx.game, name(title, "a scene's title"), summary.strip(),
                          private=switch == "private")  # fmt: skip
    if switch == "invite":
        return SceneInvite(ctx.game, name(args, "who to invite"))
    if switch == "order":
        return _order(args, ctx)
    if switch == "set":
        return _set(args, ctx)
    which = number(args, "a scene's number", 1) if args else None
    if switch == "join":
        return SceneJoin(ctx.game, which)
    if switch == "pause":
        return ScenePause(ctx.game, which)
    if switch == "resume":
        return SceneResume(ctx.game, which)
    return SceneStop(ctx.game, which)


def pose(switch: str, args: str, ctx: Context) -> Command:
    """``pose/delete N`` (a pose word shortened, ``po``, is refused: a line is a pose only
    by its whole word or its mark, read first)."""
    if switch == "delete":
        return PoseDelete(ctx.game, number(args, "a pose's number", 1))
    raise GrammarError("type a pose's word whole: pose, say, emit, ooc, or : ; \\\\", args)


def request(switch: str, args: str, ctx: Context) -> Command:
    """``request NAME ROLL`` or ``request NAME/ROLL`` (``request/secret``): the roll in the
    game's own roll syntax; ``request/cancel N``. NAME is one of the game's characters
    (the longest that begins the line: ``request Nadia Kaur Alertness``), a name in double
    quotes, or else the first word (rulings W92)."""
    from rollplay.grammar.atoms import leading, quoted
    from rollplay.grammar.rolls import roll

    if switch == "cancel":
        return CancelRequest(ctx.game, number(args, "a request's number", 1))
    named = leading(args, ctx.characters)
    if named is not None:
        who, what = named
    else:
        who, slash, what = args.partition("/")
        # NAME/ROLL when what precedes the slash is a name (one of the game's, when known;
        # else no roll's sign in it): else NAME is the first word (request Nikos Piloting+1).
        names = {n.casefold() for n in ctx.characters}
        if not slash or (who.strip().casefold() not in names if names
                         else any(ch in who for ch in "+-=")):  # fmt: skip
            who, _, what = args.partition(" ")
        who = quoted(name(who, "who is asked")) if who.strip() else ""
    if not who.strip() or not what.strip():
        raise GrammarError("ask whom for what: request NAME ROLL (request Nikos Piloting+1)",
                           args)  # fmt: skip
    asked = roll("", f"{who}/{what.strip()}", ctx)
    if not isinstance(asked, Roll) or asked.side.character is None:
        raise GrammarError("a request asks one character for one roll of their own: "
                           "request NAME ROLL", args)  # fmt: skip
    secret = switch == "secret" or asked.visibility == "secret"
    return RequestRoll(ctx.game, asked.side, secret)


def answer(switch: str, args: str, ctx: Context) -> Command:
    """``answer N[/OPTIONS]``: the points a roll of one's own spends, as a roll names them
    (``luck=bonus``, ``cp=2``, ``fate``)."""
    from rollplay.grammar.options import read
    from rollplay.grammar.rolls import specs

    which, slash, options = args.partition("/")
    spends = read(options, [s for s in specs() if s.field in ANSWER_SPENDS], "answer") \
        if slash else {}  # fmt: skip
    return AnswerRequest(ctx.game, number(which, "a request's number", 1), **spends)


ANSWER_SPENDS = ("luck", "cp", "fate")  # what a player spends on a requested roll


def reveal(switch: str, args: str, ctx: Context) -> Command:
    return Reveal(ctx.game, number(args, "a roll's number", 1))


def _set(args: str, ctx: Context) -> SceneSet:
    """``scene/set [N] location=PLACE``, ``scene/set [N] type=social|action|plot``, or both
    as ``type=KIND location=PLACE`` (the type first: a place may hold any words)."""
    from rollplay.table.events.scenes import SCENE_KINDS  # pydantic's: when a line needs it
    from rollplay.table.play.scene_text import kinds_said

    head, _, rest = args.strip().partition(" ")
    which = None
    if head.isdecimal():
        which, args = number(head, "a scene's number", 1), rest
    key, eq, value = args.strip().partition("=")
    key = key.strip().casefold()
    if not eq or key not in ("location", "type"):
        raise GrammarError(f"say what to set: scene/set location=PLACE, scene/set "
                           f"type={'|'.join(SCENE_KINDS)}, or both: type=KIND location=PLACE",
                           clip(args or "scene/set"))  # fmt: skip
    if key == "location":
        return SceneSet(ctx.game, location=value.strip(), number=which)
    word, _, more = value.strip().partition(" ")
    place, at, location = more.strip().partition("=")
    if more.strip() and (not at or place.strip().casefold() != "location"):
        raise GrammarError("after type=KIND only location=PLACE may follow", clip(more))
    kinds = [k for k in SCENE_KINDS if k.startswith(word.casefold())]
    if len(kinds) != 1 or not word:
        raise GrammarError(f"a scene's type is {kinds_said()}, not {clip(word)!r}", word)
    return SceneSet(ctx.game, location=location.strip() if at else None, kind=kinds[0],
                    number=which)  # fmt: skip


def _order(args: str, ctx: Context) -> SceneOrder:
    """``scene/order free|round-robin [N]``."""
    mode, _, which = args.strip().partition(" ")
    order = {"free": "free", "round-robin": "round-robin", "roundrobin": "round-robin",
             "rr": "round-robin"}.get(mode.casefold())  # fmt: skip
    if order is None:
        raise GrammarError("say the pose order: scene/order free or scene/order round-robin",
                           clip(args or "scene/order"))  # fmt: skip
    number_ = number(which.strip(), "a scene's number", 1) if which.strip() else None
    return SceneOrder(ctx.game, "free" if order == "free" else "round-robin", number_)


def word(style: PoseStyle) -> str:
    """The word that writes a pose of ``style`` (lines.py)."""
    return {"semipose": "pose", "say": "say", "emit": "emit", "ooc": "ooc"}.get(style, "pose")
