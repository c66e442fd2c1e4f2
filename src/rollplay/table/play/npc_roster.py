"""The Storyteller's NPC roster (issue 31): NPCs kept with what each rolls without a sheet (an
FS3 rating, a GURPS level, a D6 die code) and a note, so a quick roll or joining a combat
needs no typing. The roster is the Storyteller's preparation, not play: it writes no event
(rulings W22); the rolls and joins made from it are logged as any NPC's."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.access.authz import Act
from rollplay.table.base import ServiceBase
from rollplay.table.info import NpcInfo
from rollplay.table.play.names import clean_name, name_key
from rollplay.table.store.models import Character, Game, Npc
from rollplay.table.systems import system

MAX_RATING = 100
MAX_NOTE = 500
MAX_NPCS = 500  # a roster is one page


def npcs(t: ServiceBase, game_name: str) -> list[NpcInfo]:
    """A game's NPCs, by name (the Storyteller's only: ratings are secrets of the table)."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        t.require(s, game, Act.NPC)
        rows = s.scalars(select(Npc).where(Npc.game_id == game.id).order_by(Npc.name))
        return [NpcInfo(name=n.name, rating=n.rating, note=n.note) for n in rows]


def add_npc(t: ServiceBase, game_name: str, name: str, rating: str, note: str = "") -> NpcInfo:
    """An NPC on the roster, its rating checked as the system rolls an NPC's: a name that is
    no character's, and a rating that rolls."""
    who = clean_name(name, "NPC")
    if any(ch in who for ch in "/=,"):
        raise RollplayError("an NPC needs a name without '/', '=' or ','")
    what = " ".join(rating.split())
    if not 1 <= len(what) <= MAX_RATING:
        raise RollplayError(f"an NPC's rating is 1 to {MAX_RATING} characters, like 5")
    said = " ".join(note.split())
    if len(said) > MAX_NOTE:
        raise RollplayError(f"an NPC's note is at most {MAX_NOTE} characters, not {len(said)}")
    with t.transaction() as s:
        game = t.game_row(s, game_name)
        t.require(s, game, Act.NPC)
        names = s.scalars(select(Character.name).where(Character.game_id == game.id))
        if any(name_key(n) == name_key(who) for n in names):
            raise RollplayError(f"{who} is a character of {game.name}, not an NPC")
        _rolls(t, game, what, who)
        kept = s.scalars(select(Npc.name).where(Npc.game_id == game.id)).all()
        if any(name_key(n) == name_key(who) for n in kept):
            raise RollplayError(f"{game.name} already has an NPC named {who}")
        if len(kept) >= MAX_NPCS:
            raise RollplayError(f"a roster holds at most {MAX_NPCS} NPCs")
        s.add(Npc(game_id=game.id, name=who, rating=what, note=said))
        try:
            s.flush()
        except IntegrityError:  # added at the same moment by another request
            raise RollplayError(f"{game.name} already has an NPC named {who}") from None
        return NpcInfo(name=who, rating=what, note=said)


def _rolls(t: ServiceBase, game: Game, what: str, who: str) -> None:
    """Refuse a rating the table's NPC roll would refuse (read as the roll box reads it)."""
    from rollplay.grammar import parse

    refused = f"{what!r} is not an NPC's rating in {game.name}"
    try:
        rolled = parse(f"roll {what}", system=game.system, game=game.name)
        if not isinstance(rolled, c.NpcRoll) or (rolled.request.mods and game.system == "fs3"):
            raise RollplayError("give a rating (FS3, like 5), a level (GURPS, like 12) or a "
                                "die code (D6, like 3D+1)")  # fmt: skip
        rules, _ = t.ruleset_of(game)
        system(game.system).npc_check(rolled.request, rules, who)
    except RollplayError as exc:
        raise RollplayError(f"{refused}: {exc}") from None


def remove_npc(t: ServiceBase, game_name: str, name: str) -> None:
    """An NPC off the roster (its rolls stay in the log)."""
    with t.transaction() as s:
        game = t.game_row(s, game_name)
        t.require(s, game, Act.NPC)
        gone = s.execute(delete(Npc).where(Npc.game_id == game.id, Npc.name == name))
        if not gone.rowcount:  # type: ignore[attr-defined]
            raise RollplayError(f"{game.name} has no NPC named {name}")
