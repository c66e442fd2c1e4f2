"""Sheets and the log.

    sheet [NAME]                 sheet/approve NAME           sheet/sendback NAME=COMMENT
    sheet/set NAME=KEY.PATH=VALUE [KEY.PATH=VALUE...]
    log [NAME] [LIMIT]

``sheet/set`` takes what `rollplay char set` takes: each change a dotted key path and a value
read as YAML (numbers, lists; ``null`` removes the key), separated by spaces, a value with
spaces in quotes: ``sheet/set Nikos=action.Firearms=4 concept="A Viper pilot"``.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from typing import Any

from rollplay.errors import RollplayError
from rollplay.grammar.errors import GrammarError, clip, reworded
from rollplay.grammar.words import Context, name, number
from rollplay.table.commands import Approve, Command, SendBack, SetSheet, ShowLog, ShowSheet
from rollplay.table.limits import MAX_LOG_LIMIT

MAX_KEY_PATH = 300  # as `char set`


def sheet(switch: str, args: str, ctx: Context) -> Command:
    if switch == "":
        return ShowSheet(ctx.game, ctx.character(name(args, "whose sheet")) if args else None)
    if switch == "approve":
        if not args:
            raise GrammarError("sheet/approve NAME: say whose sheet", "sheet/approve")
        return Approve(ctx.game, ctx.character(name(args, "whose sheet")))
    if switch == "sendback":
        who, equals, comment = args.partition("=")
        if not (who.strip() and equals and comment.strip()):
            raise GrammarError("sheet/sendback NAME=COMMENT: whose sheet, and why", args)
        return SendBack(ctx.game, ctx.character(name(who, "whose sheet")), comment.strip())
    who, equals, changes = args.partition("=")
    if not (who.strip() and equals and changes.strip()):
        raise GrammarError(
            "sheet/set NAME=KEY.PATH=VALUE ...: like sheet/set Nikos=action.Firearms=4", args
        )
    return SetSheet(ctx.game, ctx.character(name(who, "whose sheet")), merged(changes))


def merged(text: str) -> dict[str, Any]:
    """'action.Firearms=4 concept="A pilot"' -> {'action': {'Firearms': 4}, 'concept': ...}."""
    try:
        words = shlex.split(text)
    except ValueError as e:  # an unclosed quote
        raise GrammarError(f"bad changes {clip(text)!r}: {e}", text) from None
    return merge_changes(words)


def merge_changes(words: Iterable[str]) -> dict[str, Any]:
    """KEY.PATH=VALUE changes (VALUE read as YAML) as one nested mapping; also `char set`'s."""
    from rollplay.rulesfile import yaml_value

    out: dict[str, Any] = {}
    for change in words:
        path, sep, raw = change.partition("=")
        if not sep or not path.strip() or len(path) > MAX_KEY_PATH:
            raise GrammarError(
                f"bad change {clip(change)!r}: write KEY=VALUE, like action.Firearms=4", change
            )
        keys = [k.strip() for k in path.split(".")]
        if not all(keys):
            raise GrammarError(
                f"bad key {clip(path)!r}: names joined by dots, like action.Firearms", path
            )
        try:
            value = yaml_value(raw, path.strip())
        except RollplayError as e:
            raise reworded(e, change) from None
        node = out
        for key in keys[:-1]:
            node = node.setdefault(key, {})
            if not isinstance(node, dict):
                raise GrammarError(
                    f"{clip(path)!r} sets inside {key!r}, which is also set to a value", path
                )
        node[keys[-1]] = value
    return out


def log(switch: str, args: str, ctx: Context) -> Command:
    words = args.split()
    limit = 20
    if words and words[-1].isdecimal():
        limit = number(words.pop(), "the log's limit (0: all)", high=MAX_LOG_LIMIT)
    who = ctx.character(name(" ".join(words), "whose rolls")) if words else None
    return ShowLog(ctx.game, who, limit)
