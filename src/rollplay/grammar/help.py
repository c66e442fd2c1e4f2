"""What ``help`` shows: the command language, one line a command, each with an example in the
game's own roll syntax (docs/grammar.md is the whole of it). ``help WORD`` narrows to one
command word, found as a line's command word is (any beginning only one word has)."""

from __future__ import annotations

from typing import NamedTuple

from rollplay.grammar.errors import GrammarError, ambiguous, clip, matches, nearest

SEEN = "seen by you and the Storyteller (/secret: the Storyteller only)"


class Usage(NamedTuple):
    word: str  # the command word it is listed under
    line: str  # what to type
    says: str  # what it does


_ROLLS = {
    "fs3": (
        Usage("roll", "Firearms  or  roll Firearms+1", "roll your character's ability"),
        Usage("roll", "roll Nikos/Piloting/luck=bonus", "for a named character; options after /"),
        Usage("roll", "roll Nikos/Melee vs Mavros/Melee", "a contest; `with` adds teamwork"),
        Usage("roll", "roll/private Alertness", SEEN),
        Usage("roll", "roll Raider/5", "an NPC at a rating (the Storyteller)"),
    ),
    "gurps": (
        Usage("roll", "Guns  or  roll Guns/mod=-2", "roll your character's skill"),
        Usage("roll", "roll Dana/Stealth/difficulty=hard", "a named character; options after /"),
        Usage("roll", "roll/private Perception/sense", SEEN),
        Usage("roll", "roll Guard/12", "an NPC at a level (the Storyteller)"),
    ),
    "d6": (
        Usage("roll", "Search  or  roll Search/difficulty=15", "roll your character's skill"),
        Usage("roll", "roll Kara Voss/Search/cp=2", "for a named character; options after /"),
        Usage("roll", "roll Kara Voss/Dodge vs Thug/3D+1", "a contest"),
        Usage("roll", "roll/private Search", SEEN),
    ),
}  # fmt: skip

_REST = {
    "fs3": (
        Usage("luck", "luck/spend  or  luck/award Nikos=1/a great scene", "spend or award luck"),
        Usage("xp", "xp/award Nikos=2  or  xp/raise Firearms", "award XP; spend it on a skill"),
        Usage("combat", "combat/attack Raider  or  combat/status", "act in a combat; see it"),
        Usage("combat", "combat/orders Raider=attack Nikos, Thug=reload",
              "every NPC's action at once (the Storyteller)"),
        Usage("heal", "heal/day", "a day of healing (the Storyteller)"),
    ),
    "gurps": (),
    "d6": (Usage("cp", "cp/after 12=2", "spend Character Points on roll #12 after it"),),
}  # fmt: skip

_EVERY = (
    Usage("sheet", "sheet  or  sheet Nikos", "a character's sheet"),
    Usage("log", "log  or  log Nikos 5", "the newest rolls (of one character)"),
    Usage("scene", "scene/start Docks=A rainy night  or  scene/join", "start or join one"),
    Usage("pose", ":leans in.  or  pose leans in.", "pose in your scene (also ; say \" ooc)"),
    Usage("help", "help  or  help roll", "this list, or one command's lines"),
)  # fmt: skip


def usages(system: str, topic: str | None = None) -> tuple[Usage, ...]:
    """The lines ``help`` shows in a game of ``system``; for ``topic``, that word's alone."""
    every = (*_ROLLS[system], *_REST[system], *_EVERY)
    if topic is None or not topic.strip():
        return every
    words = list(dict.fromkeys(u.word for u in every))
    found = matches(topic.strip(), words)
    if len(found) > 1:
        raise ambiguous("command", topic.strip(), found)
    if not found:
        close = nearest(topic.strip(), words, 1)
        hint = f"; did you mean {close[0]!r}?" if close else f"; accepted: {', '.join(words)}"
        raise GrammarError(f"no help on {clip(topic.strip())!r}{hint}", topic, close)
    return tuple(u for u in every if u.word == found[0])
