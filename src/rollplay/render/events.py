"""Any event of a game's stream as a card: a roll as its roll card, a combat turn as its
report, everything else (awards, sheets, members, combat steps) as one line. The event is
already projected for its viewer (table/events/audiences.py) and decoded to its type: a
hidden one is the type of what they may know, and its card says no more. One ``match`` over
every type a viewer can be handed, so a new kind of event fails the type check here."""

from __future__ import annotations

import re
from typing import assert_never

from rollplay.render.cards import entry_card, source_spans
from rollplay.render.combat import turn_lines
from rollplay.render.requests import change_line, request_lines, reveal_lines
from rollplay.render.seeds import seed_line
from rollplay.render.spans import Line, Span, bold, plain
from rollplay.table.events import combat as cb
from rollplay.table.events import payloads as p
from rollplay.table.events import requests as rq
from rollplay.table.events import scenes as sc
from rollplay.table.events import sheets as sh
from rollplay.table.events.combat import WoundRecord
from rollplay.table.events.views import AnyPayload, EventView, Unreadable, entry


def event_card(e: EventView) -> list[Line]:
    """Lines for one projected event (``events_for``'s and the live stream's shape)."""
    data = e.data
    if isinstance(data, p.Roll | p.HiddenRoll):
        return entry_card(entry(e))
    head: Line = [Span(f"#{e.id} {e.time[11:16]} ", "muted")]
    if isinstance(data, cb.Turn):
        marks = source_spans(data.dice_source, data.provable)
        return [[*head, bold(line), *marks] if i == 0 else [plain("  " + line)]
                for i, line in enumerate(turn_lines(data))]  # fmt: skip
    if isinstance(data, sc.Posed | sc.ImportedEntry):
        first, *rest = pose_lines(data) if isinstance(data, sc.Posed) else imported_lines(data)
        return [[*head, *first], *rest]
    if isinstance(data, rq.RollRequested | rq.RollRevealed):
        first, *rest = request_lines(data, e.id) if isinstance(data, rq.RollRequested) \
            else reveal_lines(data)  # fmt: skip
        return [[*head, *first], *rest]
    return [[*head, *event_line(data, e.character)]]


ORDER_WORDS = {"free": "in free order", "round-robin": "round-robin"}


def pose_lines(d: sc.Posed) -> list[Line]:
    """A pose as the MUSHes draw it: 'Nikos leans in.', 'Nikos's hand...', 'Nikos says,
    "..."', an emit as is, '<OOC> Pia: ...'; its line breaks kept as lines. Its text is
    plain text in every span, so each surface escapes it (render/html.py). An edited one
    says so; a deleted one says only that, but to the Storyteller, who is shown the texts
    it had before (events/ledger.py)."""
    earlier = [[Span(f"  (before: {text})", "muted")] for text in d.earlier]
    if d.deleted:
        return [[Span(f"({d.who}'s pose was deleted)", "muted")], *earlier]
    first, *rest = d.text.split("\n")
    match d.style:
        case "pose":
            head = [bold(d.who), plain(" "), *emphasis(first)]
        case "semipose":
            head = [bold(d.who), *emphasis(first)]
        case "say":
            head = [bold(d.who), plain(' says, "'), *emphasis(first)]
            if not rest:
                head.append(plain('"'))
            else:
                rest[-1] += '"'
        case "emit":
            head = emphasis(first)
        case "ooc":
            head = [Span("<OOC> ", "muted"), bold(d.who), plain(": "), *emphasis(first)]
        case _:
            assert_never(d.style)
    lines = [head, *(emphasis(line) for line in rest)]
    if d.edited:
        lines[-1] = [*lines[-1], Span(" (edited)", "muted")]
    return [*lines, *earlier]


IMPORTED_MARK = " (imported: not provable)"  # on every imported card, every surface
_IMPORTED_HEAD = {"set": "Set: ", "ooc": "<OOC> ", "system": "<System> "}


def imported_lines(d: sc.ImportedEntry) -> list[Line]:
    """An entry of an imported log as the log wrote it (a MUSH pose holds its own name),
    its speaker's name in bold where it begins the text; a set pose, an OOC line and a
    system line say which they are, as AresMUSH's download does; and every one says it was
    imported and is not provable (rulings A55)."""
    first, *rest = d.text.split("\n")
    head: Line = [Span(_IMPORTED_HEAD[d.style], "muted")] if d.style in _IMPORTED_HEAD else []
    if d.who and first.startswith(d.who):
        head += [bold(d.who), *emphasis(first[len(d.who) :])]
    else:
        head += emphasis(first)
    lines = [head, *(emphasis(line) for line in rest)]
    lines[-1] = [*lines[-1], Span(IMPORTED_MARK, "muted")]
    return lines


_EMPHASIS = re.compile(r"\*(?=\S)([^*\n]*?\S)\*")  # *word* or *a few words*, not "2 * 3"


def emphasis(text: str) -> Line:
    """A line of a pose, its ``*emphasis*`` marked (each surface draws it its own way: <em>,
    italics, _Markdown_, *MUSH*); everything is still text, escaped where it is drawn."""
    out: Line = []
    at = 0
    for found in _EMPHASIS.finditer(text):
        if found.start() > at:
            out.append(plain(text[at : found.start()]))
        out.append(Span(found.group(1), "em"))
        at = found.end()
    if at < len(text) or not out:
        out.append(plain(text[at:]))
    return out


SHOWN_CHANGES = 8  # a card names this many of a change's fields, and counts the rest


def sheet_changes(diff: tuple[sh.SheetDiff, ...]) -> str:
    """'Medicine 2 -> 3, Singing (none) -> 2': a sheet's change, field by field, each named
    by its key within its table (an attribute, a skill) and shown before and after."""
    said = [f"{_field(x.path)} {_pair(x.before, x.after)}" for x in diff[:SHOWN_CHANGES]]
    if len(diff) > SHOWN_CHANGES:
        said.append(f"and {len(diff) - SHOWN_CHANGES} more")
    return ", ".join(said)


def _field(path: tuple[str, ...]) -> str:
    """('attributes', 'Brawn') -> 'Brawn'; ('concept',) -> 'concept'."""
    return " ".join(path[1:] if len(path) > 1 else path)


def _pair(before: object, after: object) -> str:
    """'2 -> 3'; a skill whose ruling attribute stays is its rating's change alone."""
    if isinstance(before, sh.Background) and isinstance(after, sh.Background) \
            and before.attribute == after.attribute:  # fmt: skip
        return f"{before.rating} -> {after.rating}"
    return f"{_value(before)} -> {_value(after)}"


def _value(value: object) -> str:
    match value:
        case None:
            return "(none)"
        case sh.Background(rating=rating, attribute=ruled):  # FS3 (002 Ruling Attribute)
            return f"{rating}" + (f" ({ruled})" if ruled else "")
        case sh.D6Skill(code=code, attribute=under):
            return (code or "untrained") + (f" ({under})" if under else "")
        case WoundRecord(severity=severity, location=location):
            return f"{severity} {location}"
        case tuple() | list():
            return "[" + ", ".join(_value(v) for v in value) + "]"
        case dict():
            return "{" + ", ".join(f"{k}: {_value(v)}" for k, v in value.items()) + "}"
        case bool():
            return str(value).lower()
        case float():
            return f"{value:g}"
    text = str(value)
    return text if len(text) <= 40 else text[:39] + "\u2026"


def event_line(d: AnyPayload, who: str | None) -> Line:
    """What a one-line event says (not a roll or a turn, which are cards)."""
    name = bold(who or "")
    reason = f" ({d.reason})" if isinstance(d, p.LuckAwarded | p.LuckSpent | p.XPAwarded) \
        and d.reason else ""  # fmt: skip
    match d:
        case p.Roll() | p.HiddenRoll():
            return [name, plain(" rolls")]
        case p.LuckAwarded():
            return [name, plain(f" gains {d.amount} luck{reason}, now {d.luck}")]
        case p.LuckSpent():
            return [name, plain(f" spends {d.amount} luck{reason}, now {d.luck}")]
        case p.XPAwarded():
            return [name, plain(f" gains {d.amount:g} XP{reason}, now {d.xp:g}")]
        case p.Raised():
            ruled = f", ruled by {d.attribute}" if d.attribute else ""
            return [name, plain(f" raises {d.skill} from {d.before} to {d.after}{ruled}")]
        case sh.SheetChanged():
            if not d.diff:  # an event from before issue 37: the keys its change named
                return [name, plain("'s sheet changed: " + ", ".join(map(str, d.changes)))]
            return [name, plain(f"'s sheet changed: {sheet_changes(d.diff)}")]
        case sh.SheetResubmitted():  # its player and the Storyteller alone see it (H17)
            return [name, plain(f"'s sheet is resubmitted: {sheet_changes(d.diff)}")]
        case p.Approved():
            return [name, plain("'s sheet is approved")]
        case p.SentBack():
            return [name, plain(f"'s sheet is sent back: {d.comment}")]
        case p.PlayerSet():
            played = f" is now played by {d.player}" if d.player else " has no player now"
            return [name, plain(played)]
        case p.GameMade():
            return [plain("The game begins: "), bold(d.name),
                    plain(f" ({d.system.upper()} {d.edition})")]  # fmt: skip
        case p.GameSettings():
            return [plain("The table's settings changed")]
        case p.GameRenamed():
            return [plain(f"The game {d.old} is now called "), bold(d.new)]
        case p.GameArchived():
            return [
                plain("The game is archived: it is kept to read, and no longer played")
                if d.archived
                else plain("The game is out of the archive: play goes on")
            ]
        case p.CharacterMade():
            return [plain("New character: "), bold(who or d.name)]
        case p.Membership():
            plays = f", playing {', '.join(d.characters)}" if d.characters else ""
            text = f" is now {d.role}{plays}" if d.role else " left the game"
            return [bold(d.user), plain(text)]
        case p.ClientSeedSet() | p.RulesetInForce() | p.SeedCommitted() | p.SeedRevealed():
            return seed_line(d)
        case cb.CombatStarted():
            return [plain(f"{d.combat}: "), bold("the fight begins")]
        case cb.Joined():
            return [plain(f"{d.combat}: "), bold(d.name), plain(f" joins (team {d.team})")]
        case cb.Left():
            return [plain(f"{d.combat}: "), bold(d.name), plain(" leaves the fight")]
        case cb.StanceTaken():
            return [plain(f"{d.combat}: "), bold(d.name),
                    plain(f" takes the {d.stance} stance")]  # fmt: skip
        case cb.ActionChosen():
            aim = f" {d.action.target}" if d.action.target else ""
            return [plain(f"{d.combat}: "), bold(d.name), plain(f": {d.action.kind}{aim}")]
        case cb.HiddenStep():
            return [plain(f"{d.combat}: "), bold(d.who),
                    Span(" has chosen an action", "muted")]  # fmt: skip
        case cb.LuckBetween():
            return [plain(f"{d.combat}: "), bold(d.name), plain(" spends luck after the turn")]
        case cb.Turn():
            return [plain(f"{d.combat}: "), bold(f"turn {d.turn} resolved")]
        case cb.CombatStopped() | cb.CombatDeleted():
            return [plain(f"{d.combat}: "), bold("the fight is over")]
        case cb.HealDay():
            return [plain(f"{d.game}: "), bold(f"day {d.day}"), plain(" of healing"),
                    *source_spans(d.dice_source, d.provable)]  # fmt: skip
        case (
            sc.SceneStarted()
            | sc.SceneJoined()
            | sc.SceneInvited()
            | sc.ScenePaused()
            | sc.SceneResumed()
            | sc.SceneStopped()
            | sc.SceneOrdered()
            | sc.SceneSet()
        ):
            return _scene_line(d)
        case sc.Posed() | sc.ImportedEntry():
            lines = pose_lines(d) if isinstance(d, sc.Posed) else imported_lines(d)
            return [line for part in lines for line in (*part, plain(" "))][:-1]
        case sc.SceneImported():
            return _imported_line(d)
        case rq.RollRequested() | rq.RollRevealed():
            lines = request_lines(d) if isinstance(d, rq.RollRequested) else reveal_lines(d)
            return lines[0]
        case rq.RequestCancelled() | rq.RequestOdds() | rq.PoseEdited() | rq.PoseDeleted():
            return change_line(d)
        case Unreadable():
            said = f"({d.stored_kind.replace('_', ' ')}: this rollplay cannot read it)"
            return [Span(said, "muted")]
        case _:
            assert_never(d)


def _imported_line(d: sc.SceneImported) -> Line:
    """'Scene 3: Trouble at the Docks, imported from AresMUSH (docks.txt): its log of
    2024-03-12, 9 entries (imported: not provable)'."""
    where = f" ({d.file})" if d.file else ""
    when = f" of {d.date}" if d.date else ""
    said = f", imported from {d.source}{where}: its log{when}, {d.entries} entries"
    return [plain(f"Scene {d.scene}: "), bold(d.title), plain(said),
            Span(IMPORTED_MARK, "muted")]  # fmt: skip


def _scene_line(d: sc.SceneStep) -> Line:
    """A scene's own step (its start, a join, an invite, its state, its settings)."""
    match d:
        case sc.SceneStarted():
            private = " (private)" if d.privacy == "private" else ""
            return [plain(f"Scene {d.scene}: "), bold(d.title), plain(f" begins{private}")]
        case sc.SceneJoined():
            return [plain(f"Scene {d.scene}: "), bold(d.user), plain(" joins")]
        case sc.SceneInvited():
            return [plain(f"Scene {d.scene}: "), bold(d.user), plain(" is invited")]
        case sc.ScenePaused():
            return [plain(f"Scene {d.scene}: "), bold(d.title), plain(" is paused")]
        case sc.SceneResumed():
            return [plain(f"Scene {d.scene}: "), bold(d.title), plain(" resumes")]
        case sc.SceneStopped():
            return [plain(f"Scene {d.scene}: "), bold(d.title), plain(" is over")]
        case sc.SceneOrdered():
            return [plain(f"Scene {d.scene}: poses go "), bold(ORDER_WORDS[d.order])]
        case sc.SceneSet():
            kind = "" if d.scene_kind is None else \
                f"{'an' if d.scene_kind == 'action' else 'a'} {d.scene_kind} scene"  # fmt: skip
            said = f"is {kind}" if d.location is None else f"takes place at {d.location}" + \
                (f", {kind}" if kind else "")  # fmt: skip
            return [plain(f"Scene {d.scene}: "), bold(d.title), plain(f" {said}")]
        case _:
            raise AssertionError(f"not a scene's step: {type(d).__name__}")
