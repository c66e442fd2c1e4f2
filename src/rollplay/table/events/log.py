"""Reading the events: the live feed (``events_for``), the roll log (a view of the ``roll``
events) and its export, each projected for the actor who asks (events.py). The JSON Lines
export is what ``rollplay verify`` reads (docs/verify.md): beside the rolls it carries the
other events that drew dice and every seed commitment and reveal of the games it covers."""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from datetime import datetime
from typing import Any

from sqlalchemy import and_, false, or_, select
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from rollplay.dice import Dice
from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.access.actors import Actor
from rollplay.table.access.authz import Act, Standing
from rollplay.table.answers import LogPage
from rollplay.table.base import ServiceBase
from rollplay.table.events.audiences import iso, project
from rollplay.table.events.combat import HealDay, Turn
from rollplay.table.events.ledger import Folded, changes, folded
from rollplay.table.events.views import EventView, LogEntry, entry
from rollplay.table.handlers import handles
from rollplay.table.limits import MAX_LOG_LIMIT
from rollplay.table.play.names import names_like
from rollplay.table.store.base import as_stored
from rollplay.table.store.models import Event, Game

MAX_EVENTS = 1000  # one page of events_for
SEED_KINDS = ("seed_commit", "seed_reveal", "client_seed")
DICE_KINDS = ("combat_turn", "heal_day")  # events besides rolls whose dice may be provable
# Who may roll which character (rulings V15), and with which ratings (V14).
WHO_KINDS = ("member", "player", "character", "sheet", "raise")
RULE_KINDS = ("ruleset",)  # the rules each roll names, as data (rulings V14)


def events_for(t: ServiceBase, game_name: str, after: int = 0, limit: int = 100) -> list[EventView]:
    """The game's events after number ``after``, oldest first, each as this actor may see
    it (a live feed's catch-up after a reconnect: pass the last number seen)."""
    return feed_page(t, game_name, after, limit).events


def feed_page(t: ServiceBase, game_name: str, after: int = 0, limit: int = 100) -> Folded:
    """``events_for``, with the earlier events they change as those now stand (a web feed's
    catch-up draws them again where they are: ledger.Changes.earlier)."""
    if not 1 <= limit <= MAX_EVENTS:
        raise RollplayError(f"ask for 1 to {MAX_EVENTS} events at a time, not {limit}")
    with t.reading() as s:
        game = t.game_row(s, game_name)
        standing = t.require(s, game, Act.READ)
        query = (
            select(Event)
            .where(Event.game_id == game.id, Event.number > after, visible_to(standing))
            .order_by(Event.number)
            .limit(limit)
        )
        seen = [e for e in (project(row, game.name, standing) for row in s.scalars(query))
                if e is not None]  # fmt: skip
        return folded(s, game.id, standing, seen)  # poses and requests as they stand


def log(
    t: ServiceBase,
    *,
    game_name: str | None = None,
    character: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    limit: int | None = 100,
    viewer: str | None = None,
) -> list[LogEntry]:
    """Rolls, newest first, as this actor sees them (the owner: as the Storyteller). A
    ``viewer`` (a character's name) shows what that character's player sees: public
    rolls and that character's private ones, and secret rolls only as having been made,
    if the game announces them. Character names match without regard to case."""
    if viewer is not None:
        with t.reading() as s:  # the character must be one, in one game
            t.character_row(s, game_name, viewer)
        view = t.acting(Actor(f"{viewer}'s player", as_character=viewer))
        return log(view,
            game_name=game_name, character=character, since=since, until=until,
            limit=limit,
        )  # fmt: skip
    if limit is not None and not 0 <= limit <= MAX_LOG_LIMIT:
        raise RollplayError(f"a log limit is 0 (all) to {MAX_LOG_LIMIT:,}, not {limit}")
    since_at = _stored_time(t, since, "since") if since else None
    until_at = _stored_time(t, until, "until") if until else None
    with t.reading() as s:
        standings = _standings(t, s, game_name)
        query = (
            select(Event, Game.name)
            .join(Game)
            .where(Event.kind == "roll")
            .order_by(Event.id.desc())
        )
        if game_name:
            query = query.where(Event.game_id.in_(list(standings)))
        if not all(st.storyteller for st in standings.values()):
            query = query.where(or_(false(), *(
                and_(Event.game_id == gid, visible_to(st)) for gid, st in standings.items()
            )))  # fmt: skip
        if character:
            query = query.where(Event.character.in_(names_like(s, game_name, character)))
            # Only rolls whose character the viewer may know count toward the limit: a
            # hidden one dropped after it would say, by the count, whose it was.
            query = query.where(or_(false(), *(
                Event.game_id == gid if st.storyteller else and_(
                    Event.game_id == gid, or_(Event.audience == "everyone",
                                              Event.character_id.in_(list(st.characters))))
                for gid, st in standings.items()
            )))  # fmt: skip
        if since_at:
            query = query.where(Event.created_at >= since_at)
        if until_at:
            query = query.where(Event.created_at < until_at)
        if limit:
            query = query.limit(limit)
        out: list[EventView] = []
        for row, game in s.execute(query):
            seen = project(row, game, standings[row.game_id])
            # Asked for a character's rolls, a viewer is not told which hidden ones were
            # theirs (the filter would say whose a secret roll was).
            if seen is not None and not (character and seen.character is None):
                out.append(seen)
        return [entry(e) for e in _revealed(s, out, standings)]


def _revealed(s: Session, seen: list[EventView], standings: dict[int, Standing]) -> list[EventView]:
    """The rolls a viewer sees hidden that the Storyteller has since revealed to them (the
    reveal is theirs to see), whole: so a player's log and export hold the roll with its
    dice and proof, and ``rollplay verify`` proves it for them too (rulings S73)."""
    hidden: dict[str, list[int]] = defaultdict(list)
    for view in seen:
        if view.hidden:
            hidden[view.game].append(view.id)
    if not hidden:
        return seen
    ids = {str(name): int(gid) for name, gid in
           s.execute(select(Game.name, Game.id).where(Game.name.in_(list(hidden))))}  # fmt: skip
    now = {game: changes(s, ids[game], game, numbers) for game, numbers in hidden.items()}
    return [now[v.game].now(v, standings[ids[v.game]]) if v.hidden else v for v in seen]


def _dice_events(t: ServiceBase, game_name: str | None, complete: bool) -> list[dict[str, Any]]:
    """The seed events, and the events besides rolls that drew dice, as export lines."""
    out = []
    with t.reading() as s:
        standings = _standings(t, s, game_name)
        kinds = Event.kind.in_(SEED_KINDS + DICE_KINDS + WHO_KINDS + RULE_KINDS)
        query = (
            select(Event, Game.name)
            .join(Game)
            .where(Event.game_id.in_(list(standings)), kinds)
            .order_by(Event.id)
        )
        found = list(s.execute(query))
        # A combat turn's NPCs' dice the Storyteller revealed are the reader's (rulings S73).
        hidden: dict[tuple[int, str], list[int]] = defaultdict(list)
        for row, game in found:
            if row.kind == "combat_turn" and row.audience != "everyone":
                hidden[row.game_id, game].append(row.number)
        now = {gid: changes(s, gid, game, numbers) for (gid, game), numbers in hidden.items()}
        for row, game in found:
            standing = standings[row.game_id]
            head = {"kind": row.kind, "id": row.number, "time": iso(row.created_at), "game": game}
            if row.kind in SEED_KINDS + RULE_KINDS:
                if row.kind == "client_seed" and project(row, game, standing) is None:
                    continue  # one made at a hidden roll: the Storyteller's (rulings V10)
                line = {**head, **row.payload}
                if row.kind == "seed_reveal":
                    whole = row.payload.get("chain") == "public" or standing.storyteller
                    line["complete"] = complete and whole
                out.append(line)
                continue
            seen = project(row, game, standing)
            if seen is not None and row.kind in WHO_KINDS and not seen.hidden:
                out.append(_who(head, row, seen.actor))
                continue
            if seen is None or "dice_source" not in row.payload:
                continue
            if seen.hidden and row.game_id in now:
                seen = now[row.game_id].now(seen, standing)
            data = seen.data
            if not isinstance(data, Turn | HealDay):
                continue
            provable = None if data.provable is None else data.provable.model_dump(mode="json")
            out.append({**head, "actor": seen.actor, "visibility": row.visibility,
                        "hidden": seen.hidden,
                        "dice_source": data.dice_source, "provable": provable})  # fmt: skip
    return out


def _who(head: dict[str, Any], row: Event, actor: str | None) -> dict[str, Any]:
    """A membership, a character's player set, a character made (by whom: a player who
    makes one plays it) with its sheet, a sheet changed or a skill raised, as an export
    line: for a reader who may see the event whole."""
    match row.kind:
        case "member":
            said = {k: row.payload.get(k) for k in ("user", "role", "characters")}
        case "player":
            said = {"character": row.character, "player": row.payload.get("player")}
        case "sheet":
            said = {"character": row.character, "changes": row.payload.get("changes"),
                    "sheet": row.payload.get("sheet")}  # fmt: skip
        case "raise":
            said = {"character": row.character,
                    **{k: row.payload.get(k) for k in ("skill", "from", "to")}}  # fmt: skip
        case _:
            said = {"character": row.character, "actor": actor,
                    "sheet": row.payload.get("sheet")}  # fmt: skip
    return {**head, **said}


def _placeholders(
    t: ServiceBase, game_name: str | None, present: set[tuple[str, int]]
) -> list[dict[str, Any]]:
    """Every other event of the games covered, as its number (and its kind, when the viewer
    may see it): so an export holds every event number, and one taken out leaves a gap the
    verifier names (rulings V12)."""
    out: list[dict[str, Any]] = []
    with t.reading() as s:
        standings = _standings(t, s, game_name)
        for gid, standing in standings.items():
            seen = set(s.scalars(select(Event.number).where(Event.game_id == gid,
                                                            visible_to(standing))))  # fmt: skip
            query = select(Event.number, Event.kind, Game.name).join(Game).where(
                Event.game_id == gid)  # fmt: skip
            for number, kind, game in s.execute(query.order_by(Event.number)):
                if (game, number) not in present:
                    out.append({"kind": "placeholder", "id": number, "game": game,
                                "of": kind if number in seen else None})  # fmt: skip
    return out


def _standings(t: ServiceBase, s: Session, game_name: str | None) -> dict[int, Standing]:
    """The actor's standing in each game the log reads (the one named, or all theirs)."""
    if game_name:
        game = t.game_row(s, game_name)
        return {game.id: t.require(s, game, Act.READ)}
    out = {}
    for game in s.scalars(select(Game)):
        standing = t.standing(s, game)
        if standing.role is not None:
            out[game.id] = standing
    return out


def _stored_time(t: ServiceBase, when: datetime, what: str) -> datetime:
    """SQLite keeps times as UTC text without a zone; compare like with like."""
    try:
        return as_stored(when, t.engine.dialect.name)
    except OverflowError:
        raise RollplayError(
            f"--{what} {when.isoformat()} is at the end of the calendar; give a date "
            f"from 0001-01-02 to 9999-12-30"
        ) from None


def export_log(t: ServiceBase, fmt: str = "jsonl", **filters: Any) -> str:
    """Every matching roll, oldest first, as JSON Lines or CSV. JSON Lines also holds,
    whatever the filter, the seed events and the other events that drew dice, so the
    export can be verified; a seed's reveal says whether the export shows its viewer
    every roll made under it (``complete``: no filter, and a chain they see whole)."""
    viewer = filters.pop("viewer", None)
    if viewer is not None:
        with t.reading() as s:  # the character must be one, in one game
            t.character_row(s, filters.get("game_name"), viewer)
        view = t.acting(Actor(f"{viewer}'s player", as_character=viewer))
        return export_log(view, fmt, **filters)
    entries = list(reversed(log(t, limit=None, **filters)))
    if fmt == "jsonl":
        complete = not any(filters.get(k) for k in ("character", "since", "until"))
        lines = [{"kind": "roll", **e.model_dump(mode="json")} for e in entries]
        lines += _dice_events(t, filters.get("game_name"), complete)
        present = {(str(line["game"]), int(line["id"])) for line in lines}
        lines += _placeholders(t, filters.get("game_name"), present)
        lines.sort(key=lambda line: (str(line["game"]), int(line["id"])))  # each game in its order
        return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in lines)
    if fmt == "csv":
        out = io.StringIO()
        columns = [
            "id", "time", "game", "character", "system", "expression", "visibility",
            "dice", "outcome", "modifiers", "spends", "ruleset_version",
        ]  # fmt: skip
        writer = csv.DictWriter(out, columns, extrasaction="ignore")
        writer.writeheader()
        for e in entries:
            writer.writerow(
                {k: _cell(json.dumps(v) if isinstance(v, dict | list) else v)
                 for k, v in e.model_dump(mode="json").items()}
            )  # fmt: skip
        return out.getvalue()
    raise RollplayError(f"unknown log format {fmt!r}; accepted: jsonl, csv")


def visible_to(standing: Standing) -> ColumnElement[bool]:
    """The events a viewer learns of at all, as SQL (so a page of them is a full page)."""
    if standing.storyteller:
        return Event.id.is_not(None)
    return and_(
        or_(Event.scene_private == false(), Event.scene_id.in_(list(standing.scenes))),
        or_(
            Event.audience == "everyone",
            Event.shared.is_not(None),
            and_(Event.audience == "character",
                 Event.character_id.in_(list(standing.characters))),
        ),
    )  # fmt: skip


def _cell(value: Any) -> Any:
    """A CSV cell a spreadsheet will not run as a formula: text starting with = + - @ (or a
    tab or carriage return) gets a leading apostrophe, as OWASP advises for CSV injection."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


@handles(c.ShowLog, act=Act.READ)
def run_show_log(t: ServiceBase, cmd: c.ShowLog, dice: Dice | None) -> LogPage:
    """A page of the roll log, newest first, as the actor may see it."""
    game = t.game_for(cmd.game)
    return LogPage(entries=tuple(log(t, game_name=game, character=cmd.character,
                                     limit=cmd.limit)))  # fmt: skip
