"""A scene log brought in from another table (issue 38, "Scene logs"): an AresMUSH scene
download (read by aresmush/scenes.py) made a finished scene of the game, in one transaction
(and the logs of one import, ``import_logs``, all in one):
its head (``scene_import``), then each of its entries in order (``imported``), each marked
imported and not provable on every reader's copy (rulings A50 to A59).

Whose pose is whose is the MUSH's own convention: a pose begins with its writer's name. It
is matched against the game's characters and the log's participants (the longest name
first); a pose no name begins is kept as an emit, as written. System lines (AresMUSH's
rolls among them) are text: nothing here rolls, and nothing imported is ever a roll."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import PurePath

from sqlalchemy import func, select

from rollplay.aresmush.scenes import Entry, SceneLog, speaker
from rollplay.dice import Dice
from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.access.authz import Act
from rollplay.table.answers import Attributed, LogImported
from rollplay.table.base import ServiceBase
from rollplay.table.events import scenes as sc
from rollplay.table.handlers import handles
from rollplay.table.limits import MAX_SUMMARY, MAX_TITLE
from rollplay.table.play.scene_rows import at
from rollplay.table.play.scene_text import one_line
from rollplay.table.store.models import Character, Scene, now

SOURCE = "AresMUSH"


def _title(cmd: c.ImportScene) -> str:
    """The log's title; with none, its file's name; with neither, its date (rulings A51)."""
    name = (PurePath(cmd.file).stem if cmd.file else "")[:MAX_TITLE]  # a long name: cut
    title = cmd.log.title or name or (f"{SOURCE} scene of {cmd.log.date}" if cmd.log.date
                                      else f"{SOURCE} scene")  # fmt: skip
    return one_line(title, "an imported scene's title", MAX_TITLE)


def import_logs(
    t: ServiceBase, game: str, logs: Sequence[tuple[str, SceneLog]]
) -> list[LogImported]:
    """Every log of one import made a scene, in one transaction (rulings A50, A57): a log
    the service refuses, after others were made, leaves none of them made."""
    answers = []
    with t.held():
        for name, log in logs:
            answer = t.execute(c.ImportScene(game, log, name))
            assert isinstance(answer, LogImported)
            answers.append(answer)
    return answers


@handles(c.ImportScene, act=Act.IMPORT, writes=(sc.SceneImported, sc.ImportedEntry))
def run_import_scene(t: ServiceBase, cmd: c.ImportScene, dice: Dice | None) -> LogImported:
    """A finished, open scene holding the log's entries as written, by the Storyteller."""
    log = cmd.log
    title = _title(cmd)
    summary = one_line(log.summary, "an imported scene's summary", MAX_SUMMARY, empty=True)
    location = one_line(log.location, "an imported scene's location", MAX_TITLE, empty=True)
    if not log.entries:
        raise RollplayError(f"{cmd.file or 'the log'} holds no poses: nothing to import")
    kind: sc.SceneKind = "plot" if log.plots else "social"  # rulings A53
    with t.transaction() as s:
        game = t.game_row(s, t.game_for(cmd.game))
        t.require(s, game, Act.IMPORT)
        characters = {ch.name: ch for ch in s.scalars(
            select(Character).where(Character.game_id == game.id))}  # fmt: skip
        names = [*characters, *(p for p in log.participants if p not in characters)]
        number = (s.scalar(select(func.max(Scene.number)).where(Scene.game_id == game.id))
                  or 0) + 1  # fmt: skip
        scene = Scene(game_id=game.id, number=number, title=title, summary=summary,
                      privacy="open", kind=kind, location=location, state="finished",
                      started_by=t.actor.user_id, finished_at=now())  # fmt: skip
        s.add(scene)
        s.flush()
        t.record(s, game, sc.SceneImported(
            scene=number, title=title, source=SOURCE, file=PurePath(cmd.file).name,
            date=" ".join(log.date.split()), summary=summary, location=location,
            scene_kind=kind, plots=log.plots, participants=log.participants,
            entries=len(log.entries),
        ), scene=at(scene))  # fmt: skip
        tally: Counter[str] = Counter()
        poses: Counter[str] = Counter()
        for entry in log.entries:
            who = "" if entry.kind in {"set", "system"} else speaker(entry.text, names) or ""
            style = _style(entry, who)
            tally[style] += 1
            if style == "pose":
                poses[who] += 1
            t.record(s, game, sc.ImportedEntry(scene=number, style=style, who=who,
                                               text=entry.text),
                     character=characters.get(who), scene=at(scene))  # fmt: skip
    return LogImported(
        game=game.name, scene=number, title=title, file=PurePath(cmd.file).name,
        entries=len(log.entries), emits=tally["emit"], sets=tally["set"], ooc=tally["ooc"],
        system=tally["system"],
        attributed=tuple(Attributed(name=n, poses=k, character=n in characters)
                         for n, k in poses.most_common()),
    )  # fmt: skip


def _style(entry: Entry, who: str) -> sc.ImportedStyle:
    """What an entry is kept as: a pose whose name matched, else an emit; the rest as the
    log marked them."""
    match entry.kind:
        case "pose":
            return "pose" if who else "emit"
        case "set" | "ooc" | "system":
            return entry.kind
