"""The dice a logged roll uses, and what its event says about them (issue 18, docs/verify.md).

Every roll the table logs draws from its game's committed seed (``ProvableDice``) unless the
caller brought its own dice (typed-in faces, a seed) or the game turned verifiable dice off
(OS entropy). Public rolls draw from the game's ``public`` chain; private and secret ones,
and combat turns with NPCs, from its ``hidden`` chain, so revealing the public seed lets
nobody re-derive what they were not shown (rulings V1). The nonce is taken in the roll's own
write transaction (nonces.py); a chain's first seed is made there too, and its commitment
written as an event before the roll's own.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from rollplay.dice import Dice, default_dice
from rollplay.table.base import ServiceBase
from rollplay.table.dice.nonces import CHAINS, Taken
from rollplay.table.dice.provable import ProvableDice, commitment, new_server_seed
from rollplay.table.dice.provable_cards import shown_faces
from rollplay.table.events import payloads as ev
from rollplay.table.store.writers import Writer
from rollplay.table.systems.protocol import canonical_rules

# A dice source's name as the log says it: typed-in faces and seeded dice are marked as such.
SOURCES = {"provable": "provable", "secure": "secure", "scripted": "typed", "seeded": "seeded"}


class TableDice(ProvableDice):
    """A roll's provable dice, with what its event records besides the draws."""

    def __init__(self, taken: Taken, client_seed: str, chain: str) -> None:
        super().__init__(taken.seed, client_seed, taken.nonce)
        self.chain = chain
        self.commitment = taken.commitment

    def block(self, part: tuple[int, int] | None = None) -> dict[str, Any]:
        """The event's ``provable`` block: all a verifier needs but the seed itself."""
        block: dict[str, Any] = {
            "chain": self.chain, "commitment": self.commitment, "client_seed": self.client_seed,
            "nonce": self.nonce, "draws": [[sides, list(faces)] for sides, faces in self.draws],
        }  # fmt: skip
        if part is not None:
            block["part"] = list(part)
        return block


def chain_for(visibility: str) -> str:
    """Private and secret rolls draw from the hidden chain (rulings V1)."""
    return "public" if visibility == "public" else "hidden"


def table_dice(
    service: ServiceBase, w: Writer, game: Any, chain: str, dice: Dice | None,
    *, scene: tuple[int, bool] | None = None,
) -> Dice:  # fmt: skip
    """The dice for one command's roll: ``dice`` if the caller brought some, OS entropy if
    the game turned verifiable dice off, else the next nonce of ``chain`` (one per command).
    A roll whose events land in a private scene (``scene``, its id and privacy, when the
    command names where they land; else the actor's running scene) draws from the hidden
    chain, public or not: a public nonce taken there would tell everyone outside the scene,
    by the public count, that a roll was made in it (rulings H10)."""
    if dice is not None:
        return dice
    if not game.provable:
        return default_dice()
    landing = scene if scene is not None else service.landing(w, game)
    if landing is not None and landing[1]:
        chain = "hidden"
    ensure_ruleset(service, w, game)
    user = service.actor.user_id
    taken = w.nonce(game.id, chain, user)
    if taken is None:  # a game from before verifiable dice: both chains committed at once,
        for each in CHAINS:  # so the commitments do not tell which kind of roll came first
            commit_seed(service, w, game, each)
        taken = w.nonce(game.id, chain, user)
        assert taken is not None, "a current seed was just made"
    client = taken.client_seed
    if client is None:  # one who joined before V10, or the owner: made now (V4)
        hidden = "public" if chain == "public" else "secret"  # no public trace of a hidden roll
        client = ensure_client_seed(service, w, game, user, service.actor.name, visibility=hidden)
    return TableDice(taken, client, chain)


def ensure_ruleset(service: ServiceBase, w: Writer, game: Any) -> None:
    """The game's ruleset as an event before the first roll judged by it (the game's first,
    or the first after its rules, or the engine's reading of them, changed), so an export
    carries the rules every roll names (rulings V14). A fingerprint found in the log is
    kept (events are never deleted); one written now is not, as its roll may roll back."""
    rules, version = service.ruleset_of(game)
    if (game.id, version) in service.logged_rulesets:
        return
    if w.last_ruleset(game.id) == version:
        service.logged_rulesets.add((game.id, version))
        return
    said = ev.RulesetInForce(system=game.system, edition=game.edition, version=version,
                             rules=canonical_rules(rules))  # fmt: skip
    service.record(w, game, said, announce=False)  # for verifiers, not the table's chat


def ensure_client_seed(
    service: ServiceBase, w: Writer, game: Any, user_id: int | None, name: str, *,
    visibility: str = "public",
) -> str:  # fmt: skip
    """A user's client seed in a game: a random one (16 hex digits) made and kept unless
    they have one, and written as an event like a chosen one's, so an export proves which
    seed each roll had to use (rulings V10). A member gets theirs when they join, in a
    public event that says nothing of any roll; one made at a hidden roll is the
    Storyteller's to see."""
    made = secrets.token_hex(8)
    client = w.add_client_seed(game.id, user_id, made)
    if client == made:
        said = ev.ClientSeedSet(user=name, client_seed=made)
        service.record(w, game, said, visibility=visibility)
    return client


def source_name(source: Dice) -> str:
    return SOURCES.get(source.name, source.name)


def commit_seed(
    service: ServiceBase, w: Writer, game: Any, chain: str, after: tuple[str, int] | None = None
) -> str | None:
    """Make ``chain``'s seed and publish its commitment (returned), unless it has a current
    seed (a roll in another transaction just made it). A new game commits both chains; a
    rotation commits the next seed ``after`` the one it revealed (its commitment and count:
    rulings V13)."""
    seed = new_server_seed()
    hashed = commitment(seed, after)
    if not w.new_seed(game.id, chain, seed, hashed):
        return None
    link = None if after is None else {"commitment": after[0], "nonces": after[1]}
    said = {"chain": chain, "commitment": hashed, "after": link}
    service.record(w, game, ev.SeedCommitted.written(said))
    return hashed


def dice_fields(source: Dice, part: tuple[int, int] | None = None) -> dict[str, Any]:
    """What a roll's event says about its dice: where they came from and, for provable
    dice, the ``provable`` block (never in a secret roll's shared part)."""
    fields: dict[str, Any] = {"dice_source": source_name(source)}
    if isinstance(source, TableDice):
        fields["provable"] = source.block(part)
    return fields


class Parts:
    """The events of one command that logs several rolls (a contest, teamwork) share its
    draws; each says which of the drawn faces are its own (``part``: from, to), in order."""

    def __init__(self, source: Dice) -> None:
        self.source = source
        self.at = 0

    def fields(self, payload: Mapping[str, Any]) -> dict[str, Any]:
        count = len(shown_faces(payload)[0])
        part = (self.at, self.at + count)
        self.at += count
        return dice_fields(self.source, part)
