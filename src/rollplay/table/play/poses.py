"""A pose's author edits or deletes it (issue 30), for as long as the game allows (its
``pose_window``, 15 minutes unless its Storyteller says: rulings S11). The pose is never
changed: each edit or deletion is an event pointing at it, and readers are shown the
latest (events/ledger.py). Rolls, requests and combat turns are never edited."""

from __future__ import annotations

from datetime import UTC, timedelta

from sqlalchemy.orm import Session

from rollplay.dice import Dice
from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.access.authz import Act, Forbidden
from rollplay.table.answers import LedgerWritten
from rollplay.table.base import ServiceBase
from rollplay.table.events import requests as rq
from rollplay.table.events import scenes as sc
from rollplay.table.events.ledger import later_events, pose_now
from rollplay.table.handlers import handles
from rollplay.table.play import requests as r
from rollplay.table.play.pace import keep_pace
from rollplay.table.play.scene_text import pose_text
from rollplay.table.store.models import Event, Game, now

NEVER = {"roll": "a roll", "roll_request": "a roll request", "combat_turn": "a combat turn",
         "imported": "an imported entry"}  # fmt: skip


def _own_pose(t: ServiceBase, s: Session, game: Game, number: int) -> tuple[Event, sc.Posed]:
    """Pose ``number``, as it stands, if it is the actor's and still theirs to change."""
    standing = t.require(s, game, Act.POSE)
    row = r.numbered(s, game, number, standing)
    if row.kind != "pose":
        what = NEVER.get(row.kind, f"a {row.kind.replace('_', ' ')}")
        raise RollplayError(f"#{number} is {what}: only a pose is edited or deleted "
                            f"(rolls, requests and combat turns never are)")  # fmt: skip
    if row.actor_id != t.actor.user_id or t.actor.as_character is not None:
        raise Forbidden(f"#{number} is {row.actor}'s pose: only its author edits or deletes it")
    pose = pose_now(sc.Posed.model_validate(row.payload), later_events(s, game.id, number),
                    standing)  # fmt: skip
    if pose.deleted:
        raise RollplayError(f"pose #{number} is deleted")
    window = game.pose_window
    posed = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
    if now() - posed > timedelta(minutes=window):
        said = "poses are not edited" if window <= 0 else \
            f"poses are edited within {window} minutes of being posed"  # fmt: skip
        raise RollplayError(f"pose #{number} can no longer be changed: in {game.name} {said}")
    return row, pose


@handles(c.PoseEdit, act=Act.POSE, writes=(rq.PoseEdited,))
def run_pose_edit(t: ServiceBase, cmd: c.PoseEdit, dice: Dice | None) -> LedgerWritten:
    """New text for a pose, by its author, within the game's window."""
    text = pose_text(cmd.text)
    with t.transaction() as s:
        game = t.game_row(s, t.game_for(cmd.game))
        row, pose = _own_pose(t, s, game, cmd.number)
        keep_pace(t, s, game)  # rulings S72: an edit or a deletion is a pose's change
        edit = rq.PoseEdited(scene=pose.scene, pose=row.number, style=pose.style, who=pose.who,
                             text=text)  # fmt: skip
        number = t.record(
            s,
            game,
            edit,
            refers=row.number,
            scene=r.where(row),
            character=r.Named(row.character_id, row.character or pose.who),
        )
        return LedgerWritten(game=game.name, log_id=number, scene=pose.scene, event=edit)


@handles(c.PoseDelete, act=Act.POSE, writes=(rq.PoseDeleted,))
def run_pose_delete(t: ServiceBase, cmd: c.PoseDelete, dice: Dice | None) -> LedgerWritten:
    """A pose taken back by its author, within the game's window (its text stays in the
    ledger, for the Storyteller)."""
    with t.transaction() as s:
        game = t.game_row(s, t.game_for(cmd.game))
        row, pose = _own_pose(t, s, game, cmd.number)
        keep_pace(t, s, game)  # rulings S72: an edit or a deletion is a pose's change
        gone = rq.PoseDeleted(scene=pose.scene, pose=row.number, who=pose.who)
        number = t.record(
            s,
            game,
            gone,
            refers=row.number,
            scene=r.where(row),
            character=r.Named(row.character_id, row.character or pose.who),
        )
        return LedgerWritten(game=game.name, log_id=number, scene=pose.scene, event=gone)
