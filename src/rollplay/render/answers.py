"""What a command answered, as lines, for every surface: the one dispatcher over the
service's answers (table/answers.py), matching on their types, so a new kind of answer fails
the type check here rather than a user at a table.

``beside_feed``: the surface also shows the table's live feed (the web roll box, a chat
channel), where a roll's card arrives on its own; there a roll answers in one line. A
player's own secret roll answers with its message wherever it is shown: its answer has no
dice to show."""

from __future__ import annotations

from typing import Literal, assert_never

from rollplay.render.cards import entry_card, outcome_card, source_spans
from rollplay.render.combat import day_lines, status_lines, turn_lines
from rollplay.render.spans import Line, bold, plain
from rollplay.table import commands as c
from rollplay.table.answers import (
    AnyAnswer,
    Character,
    CombatStatus,
    D6OpposedRolled,
    D6Rolled,
    DayHealed,
    FS3OpposedRolled,
    FS3Rolled,
    FS3TeamRolled,
    GurpsRolled,
    HelpShown,
    LedgerWritten,
    LogImported,
    LogPage,
    PoseMade,
    PoseOrder,
    SceneShown,
    SecretRollMade,
    TableAwarded,
    TurnResolved,
)

CardAnswer = FS3Rolled | GurpsRolled | D6Rolled | FS3TeamRolled | FS3OpposedRolled | D6OpposedRolled


def answer_lines(answer: AnyAnswer, beside_feed: bool = False) -> list[Line]:
    match answer:
        case SecretRollMade():
            return [[plain(answer.message)]]
        case FS3Rolled() | GurpsRolled() | D6Rolled() | FS3TeamRolled() | FS3OpposedRolled() \
                | D6OpposedRolled():  # fmt: skip
            if beside_feed:
                return [[plain("Rolled: the card is on the table.")]]
            return roll_lines(answer)
        case Character():
            if answer.command == "ShowSheet":
                from rollplay.render.sheets import sheet_card

                return sheet_card(answer)
            return [summary(answer)]
        case CombatStatus():
            return combat_lines(answer)
        case TurnResolved():
            first, *rest = turn_lines(answer)
            marks = source_spans(answer.dice_source, answer.provable)
            return [[bold(first), *marks], *([plain(line)] for line in rest)]
        case DayHealed():
            first, *rest = day_lines(answer)
            marks = source_spans(answer.dice_source, answer.provable)
            return [[bold(first), *marks], *([plain(line)] for line in rest)]
        case HelpShown():
            return [[bold(h.line), plain(f"  {h.says}")] for h in answer.lines]
        case LogPage():
            entries = [line for e in answer.entries for line in entry_card(e)]
            return entries or [[plain("No rolls logged yet.")]]
        case SceneShown():
            private = ", private" if answer.privacy == "private" else ""
            people = f": {', '.join(answer.people)}" if answer.people else ""
            where = f" at {answer.location}" if answer.location else ""
            state = f"{answer.scene_kind}{where}; {answer.state}{private}"
            head = [plain(f"Scene {answer.number} "), bold(answer.title),
                    plain(f" ({state}){people}")]  # fmt: skip
            return [head, *order_lines(answer.order)]
        case PoseMade():
            if beside_feed:
                return [[plain("Posed: it is in the scene.")]]
            from rollplay.render.events import pose_lines

            return pose_lines(answer.pose)
        case LedgerWritten():
            return ledger_lines(answer)
        case TableAwarded():
            return [summary(c) for c in answer.characters]
        case LogImported():
            return imported_report(answer)
        case _:
            assert_never(answer)


def imported_report(a: LogImported) -> list[Line]:
    """What an imported log became (issue 38): the scene, then each entry's fate by kind."""
    source = f"{a.file}: " if a.file else ""
    head = [plain(f"{source}scene {a.scene}, "), bold(a.title),
            plain(f" (finished; {a.entries} entries imported, not provable)")]  # fmt: skip
    by = ", ".join(f"{x.name} {x.poses}" + ("" if x.character else " (not a character here)")
                   for x in a.attributed)  # fmt: skip
    return [
        head,
        [plain(f"  poses by: {by or 'nobody the game or the log names'}")],
        [plain(f"  kept as emits (no name matched): {a.emits}; set poses: {a.sets}")],
        [plain(f"  OOC lines: {a.ooc}; system lines (text, never rolls): {a.system}")],
    ]


# What a combat command's answer says, by the command it answers (its type's name, which
# ``Service.execute`` sets: decoded here once): a fight's status (asked for, or after a
# wound moved or a recovery, which change how its combatants stand), a fight begun or over,
# or a change to one (a join, an action, a stance), which the feed and the tracker show.
CombatSaid = Literal["status", "begun", "over", "done"]
_COMBAT_SAID: dict[str, CombatSaid] = {
    "": "status",  # an answer made by no command (a surface's own read)
    c.CombatStatus.__name__: "status", c.CombatMoveWound.__name__: "status",
    c.CombatRecover.__name__: "status", c.CombatStart.__name__: "begun",
    c.CombatStop.__name__: "over",
}  # fmt: skip


def combat_lines(answer: CombatStatus) -> list[Line]:
    """What a combat command did, in words: a fight's status whole, a fight begun or over
    says so (every surface answers ``combat/start`` alike, rulings W85); a change to one is
    on the feed and the tracker already, so its answer says only that it is done."""
    said = _COMBAT_SAID.get(answer.command, "done")
    match said:
        case "status":
            return status_lines(answer)
        case "begun":
            return [combat_begins(answer)]
        case "over":
            return [[plain("The fight "), bold(f"'{answer.combat}'"),
                     plain(f" is over: stopped at turn {answer.turn}.")]]  # fmt: skip
        case "done":
            return [[plain(f"{answer.combat}: done (turn {answer.turn})")]]
        case _:
            assert_never(said)


def combat_begins(answer: CombatStatus) -> Line:
    """A combat started, empty: "The fight 'Dock' begins: nobody has joined yet"."""
    return [plain("The fight "), bold(f"'{answer.combat}'"),
            plain(" begins: nobody has joined yet.")]  # fmt: skip


def roll_head(answer: CardAnswer) -> Line:
    """Who rolled, where, its log numbers and who sees it: 'Nikos (Pegasus) · log #8 ·
    public', and where its dice came from: a provable roll's chain and nonce ('· public nonce
    3'), any other's mark ('· OS dice')."""
    if isinstance(answer, FS3OpposedRolled | D6OpposedRolled):
        ids, who = answer.log_ids, "Opposed roll"
    elif isinstance(answer, FS3TeamRolled):
        ids, who = answer.log_ids, answer.character
    else:
        ids, who = (answer.log_id,), answer.character
    logged = ", ".join(f"#{i}" for i in ids)
    return [bold(who), plain(f" ({answer.game}) · log {logged} · {answer.visibility}"),
            *source_spans(answer.dice_source, answer.provable)]  # fmt: skip


def roll_lines(answer: CardAnswer) -> list[Line]:
    """A roll as the command line shows it: its head, then its card."""
    return [roll_head(answer), *outcome_card(answer)]


def summary(c: Character) -> Line:
    """An award, a spend, a raise or a sheet change, in a line."""
    points = []
    if c.luck is not None:
        points.append(f"{c.luck} luck")
    if c.xp is not None:
        points.append(f"{c.xp:g} XP")
    if c.character_points is not None:
        points.append(f"{c.character_points} character points")
    if c.fate_points is not None:
        points.append(f"{c.fate_points} fate points")
    if c.raised is not None:
        r = c.raised
        return [bold(c.name), plain(f": {r.skill} {r.before} → {r.after} for {r.cost:g} XP "
                                    f"({c.xp or 0:g} left)")]  # fmt: skip
    state = "" if c.approved else " (not yet approved)"
    return [bold(c.name), plain(f": {', '.join(points) or 'done'}{state}")]


def ledger_lines(answer: LedgerWritten) -> list[Line]:
    """A request, a reveal, a cancellation or a pose's edit, as written (its number first)."""
    from rollplay.render.requests import change_line, request_lines, reveal_lines
    from rollplay.table.events import requests as rq

    d = answer.event
    where = f" (scene {answer.scene})" if answer.scene is not None else ""
    head = [plain(f"#{answer.log_id}{where}: ")]
    match d:
        case rq.RollRequested():
            first, *rest = request_lines(d, answer.log_id)
        case rq.RollRevealed():
            first, *rest = reveal_lines(d)
        case rq.RequestCancelled() | rq.PoseEdited() | rq.PoseDeleted():
            first, rest = change_line(d), []
        case _:
            assert_never(d)
    return [[*head, *first], *rest]


def order_lines(order: PoseOrder | None) -> list[Line]:
    """A scene's pose order: how it goes, who it waits on, when each last posed (UTC)."""
    if order is None:
        return []
    said = [plain(f"Pose order: {order.mode}")]
    if order.waiting:
        said += [plain("; waiting on "), bold(", ".join(order.waiting))]
    lines = [said]
    for turn in order.people:
        if turn.posed_at is not None:
            when = turn.posed_at[:16].replace("T", " ")
            lines.append([plain(f"  {turn.name} posed as {turn.posed_as} at {when} UTC")])
    return lines
