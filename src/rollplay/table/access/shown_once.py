"""Secrets shown once: an API token, an invite link, a chat link code, a session. The service
says so where it makes one (``made``), so a surface that would keep an answer (the server's
Idempotency-Key store) learns it from the service, whatever route asked, rather than from a
list of routes that a new one could miss (docs/rulings.md, H3 and H14)."""

from __future__ import annotations

from contextvars import ContextVar

SHOWN_ONCE: ContextVar[list[str] | None] = ContextVar("shown_once", default=None)
"""Set by whoever must know (a fresh list): what the service made while it was set."""


def made(what: str) -> None:
    """A secret of kind ``what`` ("token", "invite", ...) is in the answer being made."""
    held = SHOWN_ONCE.get()
    if held is not None:
        held.append(what)
