"""Full-text search over a game's scenes (issue 30, "The record"): their titles and
summaries, their poses and their rolls, through the index migration 0018 keeps (SQLite FTS5,
PostgreSQL ``tsvector``), filled by a trigger in the same transaction as each event.

Who may see a hit is decided by the event itself, as everywhere: a hit is an event the reader
sees whole (``sees_all``) in a scene they may read (``in_scene``), so a private scene they are
not in, or a secret whose words they may not read, finds nothing. The words searched for are
read by rollplay, never by the database's query syntax: quotes, NEAR, ``*`` and parentheses
are only separators, so no query can fail in the database (rulings S32); each finds the
words it begins (rulings S61)."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Integer, and_, column, exists, false, or_, select, text
from sqlalchemy.orm import aliased

from rollplay.errors import RollplayError
from rollplay.table.access.authz import Act, Standing
from rollplay.table.base import ServiceBase
from rollplay.table.events import payloads as p
from rollplay.table.events.audiences import project, view_key
from rollplay.table.events.requests import EDITS, PoseEdited
from rollplay.table.events.scenes import ImportedEntry, Posed, SceneImported, SceneStarted
from rollplay.table.events.views import EventView
from rollplay.table.store.models import Event, Scene

MAX_QUERY = 200  # characters a search may be
MAX_WORDS = 12
MAX_HITS = 50
_WORD = re.compile(r"\w+")


class SceneHit(BaseModel):
    """One event that matched: its scene, its number in the game, its kind, and the words
    it was found by, as its reader may see them. A pose found by the words an edit gave it
    is the pose (its number and kind), which is where a reader lands (rulings S75)."""

    scene: int
    title: str
    state: str
    id: int
    kind: str
    said: str


def words(query: object) -> list[str]:
    """The words a search asks for (each must be in a hit), or one line saying why not."""
    if not isinstance(query, str) or not query.strip():
        raise RollplayError("search for a word or more: rollplay scene search WORDS --game G")
    if len(query) > MAX_QUERY:
        raise RollplayError(f"a search is at most {MAX_QUERY} characters, not {len(query):,}")
    found = [w.casefold() for w in _WORD.findall(query)]
    if not found:
        raise RollplayError(f"{query[:40]!r} holds no word to search for (letters or digits)")
    if len(found) > MAX_WORDS:
        raise RollplayError(f"search for at most {MAX_WORDS} words, not {len(found)}")
    return found


def search(t: ServiceBase, game_name: str, query: str) -> list[SceneHit]:
    """The events of the game's scenes holding every word of ``query``, newest scene first,
    each as the actor may see it (at most MAX_HITS)."""
    asked = words(query)
    with t.reading() as s:
        game = t.game_row(s, game_name)
        standing = t.require(s, game, Act.READ)
        ids = _matching(t.engine.dialect.name, asked)
        # Words a later edit replaced, or a pose deleted, are no hit (rulings S11), left out
        # by the query itself, so the limit counts only hits the reader is shown: what they
        # may not read never changes how many they are shown (S79).
        rows = s.execute(select(Event, Scene).join(Scene, Scene.id == Event.scene_id)
                         .where(Event.game_id == game.id, Event.id.in_(ids),
                                _readable(standing), _in_force())
                         .order_by(Scene.number.desc(), Event.number)
                         .limit(MAX_HITS))  # fmt: skip
        out = []
        for row, scene in rows:
            learns, whole, _ = view_key(row, standing)  # the SQL's decision, checked again
            seen = project(row, game.name, standing) if learns and whole else None
            if seen is None:
                continue
            number, kind = seen.id, seen.kind
            if isinstance(seen.data, PoseEdited):  # the pose its words are now (rulings S75)
                number, kind = seen.data.pose, "pose"
            out.append(SceneHit(scene=scene.number, title=scene.title, state=scene.state,
                                id=number, kind=kind, said=said(seen)))  # fmt: skip
        return out


def _in_force() -> Any:
    """The events whose words their pose still has, as SQL: any but a pose an edit or a
    deletion followed, or an edit another edit or a deletion of its pose followed (one read
    of the events' ``refers`` index for each pose or edit found)."""
    later = aliased(Event)
    pose_changed = exists().where(later.game_id == Event.game_id, later.refers == Event.number,
                                  later.kind.in_(EDITS))  # fmt: skip
    edit_changed = exists().where(later.game_id == Event.game_id, later.refers == Event.refers,
                                  later.kind.in_(EDITS), later.number > Event.number)  # fmt: skip
    return and_(or_(Event.kind != "pose", ~pose_changed),
                or_(Event.kind != "pose_edit", ~edit_changed))  # fmt: skip


def _matching(dialect: str, asked: list[str]) -> Any:
    """The ids of the events holding, for every word asked, a word that begins with it
    ("crow" finds "crowbar": rulings S61), as a subquery (any game: the caller keeps its
    own). The words are one bound parameter, each quoted as a string of the database's
    syntax with only the prefix mark after it: an FTS5 string (``"crow"*``) on SQLite, a
    quoted lexeme (``'crow':*``) on PostgreSQL; a word is letters, digits and underscores,
    so it holds no quote and no operator."""
    if dialect == "sqlite":
        match = " ".join(f'"{w}"*' for w in asked)
        query = text("SELECT rowid FROM scene_search WHERE scene_search MATCH :q")
    else:
        match = " & ".join(f"'{w}':*" for w in asked)
        query = text("SELECT event_id FROM scene_search "
                     "WHERE words @@ to_tsquery('simple', :q)")  # fmt: skip
    return query.bindparams(q=match).columns(column("id", Integer))


def _readable(standing: Standing) -> Any:
    """The events a reader sees whole, in scenes they may read, as SQL (``sees_all`` and
    ``in_scene`` of audiences.py and authz.py; view_key checks each hit again)."""
    if standing.storyteller:
        return Event.id.is_not(None)
    return and_(
        or_(Event.scene_private == false(), Event.scene_id.in_(list(standing.scenes))),
        or_(Event.audience == "everyone",
            and_(Event.audience == "character",
                 Event.character_id.in_(list(standing.characters)))),
    )  # fmt: skip


def said(e: EventView) -> str:
    """The words a hit shows: a scene's title and summary, a pose's speaker and text, a
    roll's character and expression (clipped)."""
    data = e.data
    if isinstance(data, SceneStarted | SceneImported):
        text_ = f"{data.title}: {data.summary}" if data.summary else data.title
    elif isinstance(data, Posed | PoseEdited):
        text_ = f"{data.who}: {data.text}"
    elif isinstance(data, ImportedEntry):  # its text holds its speaker's name (A52)
        text_ = f"{data.text} (imported)"
    elif isinstance(data, p.Roll):
        text_ = f"{e.character or ''} {data.expression}".strip()
    else:
        text_ = e.kind
    text_ = " ".join(text_.split())
    return text_ if len(text_) <= 200 else text_[:199] + "\u2026"
