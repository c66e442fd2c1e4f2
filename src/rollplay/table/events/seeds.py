"""The events of verifiable dice (issue 29): a seed committed and revealed, a client seed
set, and the ruleset the game's rolls are judged by (docs/verify.md). payloads.py re-exports
them, so every kind of event is still named there."""

from __future__ import annotations

from typing import ClassVar

from rollplay.table.events.base import Payload
from rollplay.table.events.outcomes import Record


class SeedLink(Record):
    """The seed before this one in its chain, which this one's commitment covers (rulings
    V13): its commitment and how many nonces it served."""

    commitment: str
    nonces: int


class SeedCommitted(Payload):
    kind: ClassVar[str] = "seed_commit"
    chain: str
    commitment: str
    after: SeedLink | None = None  # None: the chain's first seed (or one from before V13)


class SeedRevealed(Payload):
    kind: ClassVar[str] = "seed_reveal"
    chain: str
    seed: str
    commitment: str
    nonces: int
    after: SeedLink | None = None


class RulesetInForce(Payload):
    """The ruleset the game's rolls are judged by from here on, as the canonical JSON the
    rules engine uses (``rules``) and its fingerprint (``version``: what each roll names), so
    an export lets a verifier judge every roll again under it (issue 29, rulings V14).
    Written before the first roll that names a fingerprint other than the last one's."""

    kind: ClassVar[str] = "ruleset"
    system: str
    edition: str
    version: str
    rules: str


class ClientSeedSet(Payload):
    kind: ClassVar[str] = "client_seed"
    user: str
    client_seed: str
