"""Verifiable dice (docs/verify.md): the derivation of every die from a seed, a client seed
and a nonce (provable), the dice a logged roll takes and what its event says of them
(dicing, nonces), a game's seed chains and client seeds (seeds), and checking an exported
log without the server (provable_log)."""
