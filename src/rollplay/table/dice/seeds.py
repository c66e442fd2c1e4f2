"""The seeds behind a game's verifiable dice (issue 18, docs/verify.md): what a member may see
of them, a player's own client seed, and the Storyteller's rotation, which reveals a chain's
seed and commits the next one in one transaction. The rolls that draw from them are
dicing.py's."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError
from rollplay.table.access.authz import Act, Forbidden
from rollplay.table.base import ServiceBase
from rollplay.table.dice.dicing import commit_seed
from rollplay.table.dice.nonces import CHAINS
from rollplay.table.dice.provable import check_client_seed, commitment
from rollplay.table.events import payloads as ev
from rollplay.table.events.audiences import iso
from rollplay.table.info import ClientSeed as ClientSeedInfo
from rollplay.table.info import CurrentSeed, RevealedSeed, Rotation, Seeds
from rollplay.table.store.models import ClientSeed, Game, Seed, now
from rollplay.table.store.writers import CoreWriter


def seeds(t: ServiceBase, game_name: str) -> Seeds:
    """A game's seeds as a member may see them: each chain's current commitment, every
    revealed seed, and the actor's client seed. How many hidden rolls a seed has served
    is the Storyteller's to know until it is revealed (private rolls are not announced)."""
    with t.reading() as s:
        game = t.game_row(s, game_name)
        standing = t.require(s, game, Act.READ)
        rows = list(s.scalars(select(Seed).where(Seed.game_id == game.id).order_by(Seed.id)))
        current = []
        for row in (r for r in rows if r.revealed_at is None):
            shown = row.chain == "public" or standing.storyteller
            current.append(CurrentSeed(chain=row.chain, commitment=row.commitment,
                                       nonces=row.nonces if shown else None,
                                       since=iso(row.created_at)))  # fmt: skip
        revealed = [_revealed(r) for r in rows if r.revealed_at is not None]
        return Seeds(game=game.name, provable=game.provable, current=tuple(current),
                     revealed=tuple(revealed), client_seed=_client_seed(t, s, game))  # fmt: skip


def set_client_seed(t: ServiceBase, game_name: str, value: str) -> ClientSeedInfo:
    """The actor's client seed in a game, mixed into every roll they make from the next
    one on (any player, or the Storyteller). Not a secret: every roll shows its own."""
    value = check_client_seed(value)
    if t.actor.as_character is not None:
        raise Forbidden(f"{t.actor.name} is a view of a character: it rolls nothing")
    with t.transaction() as s:
        game = t.game_row(s, game_name)
        t.require(s, game, Act.CLIENT_SEED)
        row = s.scalar(select(ClientSeed).where(
            ClientSeed.game_id == game.id,
            ClientSeed.user_id.is_not_distinct_from(t.actor.user_id)))  # fmt: skip
        if row is None:
            s.add(ClientSeed(game_id=game.id, user_id=t.actor.user_id, value=value))
        else:
            row.value, row.updated_at = value, now()
        t.record(s, game, ev.ClientSeedSet(user=t.actor.name, client_seed=value))
        return ClientSeedInfo(game=game.name, client_seed=value)


def rotate_seed(t: ServiceBase, game_name: str, chain: str = "public") -> Rotation:
    """Reveal ``chain``'s seed (its nonces used, in the stream) and commit a new one, in
    one transaction: the Storyteller's. The hidden chain is revealed only so (rulings
    V3): there is no end of a game to do it."""
    if chain not in CHAINS:
        raise RollplayError(f"unknown seed chain {chain!r}; accepted: {', '.join(CHAINS)}")
    with t.transaction() as s:
        game = t.game_row(s, game_name)  # its event-order lock first (writers.py)
        t.require(s, game, Act.ROTATE_SEEDS)
        current = (Seed.game_id == game.id, Seed.chain == chain, Seed.revealed_at.is_(None))
        old = s.scalar(select(Seed).where(*current).with_for_update())
        revealed, after = None, None
        if old is not None:  # none: a game from before verifiable dice, never rolled
            old.revealed_at = now()
            s.flush()  # revealed before the next is made: one current seed per chain
            revealed = _revealed(old)
            said = ev.SeedRevealed(
                chain=revealed.chain,
                seed=revealed.seed,
                commitment=revealed.commitment,
                nonces=revealed.nonces,
                after=_link(s, old),
            )
            t.record(s, game, said)
            after = (old.commitment, old.nonces)  # the next commitment covers this count
        made = commit_seed(t, CoreWriter(s.connection()), game, chain, after)
        return Rotation(game=game.name, chain=chain, revealed=revealed, commitment=made)


def _link(s: Session, row: Seed) -> ev.SeedLink | None:
    """The seed before ``row`` in its chain, if ``row``'s commitment covers it (one made
    before rulings V13 is its seed's hash alone)."""
    if commitment(row.seed) == row.commitment:
        return None
    before = s.scalar(select(Seed).where(
        Seed.game_id == row.game_id, Seed.chain == row.chain, Seed.id < row.id,
    ).order_by(Seed.id.desc()).limit(1))  # fmt: skip
    assert before is not None, "a chained commitment has a seed before it"
    return ev.SeedLink(commitment=before.commitment, nonces=before.nonces)


def _client_seed(t: ServiceBase, s: Session, game: Game) -> str | None:
    return s.scalar(select(ClientSeed.value).where(
        ClientSeed.game_id == game.id,
        ClientSeed.user_id.is_not_distinct_from(t.actor.user_id)))  # fmt: skip


def _revealed(row: Seed) -> RevealedSeed:
    assert row.revealed_at is not None
    return RevealedSeed(chain=row.chain, seed=row.seed.hex(), commitment=row.commitment,
                        nonces=row.nonces, revealed=iso(row.revealed_at))  # fmt: skip
