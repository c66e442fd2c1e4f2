"""The server's public URL: the one address every link the table makes starts with (invite
links printed by the CLI and answered by the API, the first run's link). Set it where the
table is reached from outside (a proxy, a domain: ``ROLLPLAY_PUBLIC_URL`` or ``rollplay
serve --public-url``, docs/deploy.md); unset, it is the address ``rollplay serve`` binds."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

from rollplay.errors import RollplayError

ENV = "ROLLPLAY_PUBLIC_URL"
DEFAULT = "http://127.0.0.1:8000"  # rollplay serve's own default address


def checked(text: str, where: str = ENV) -> str:
    """``text`` as a public URL (http or https, a host, maybe a port and a path; no query,
    fragment or user), without its trailing slash; otherwise one line that says what is
    wrong (``where``: the option or variable it came from)."""
    value = text.strip()
    said = f"{where} {text!r} is not a public URL: write one like https://table.example.org"
    try:
        parts = urlsplit(value)
        _ = parts.port  # a port that is not a number, or out of range, raises here
    except ValueError:
        raise RollplayError(said) from None
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or any(c.isspace() for c in value)
    ):
        raise RollplayError(said)
    if parts.query or parts.fragment or "@" in parts.netloc:
        raise RollplayError(said + " (no query, fragment or user)")
    return value.rstrip("/")


def bound(host: str, port: int) -> str:
    """The address ``rollplay serve`` listens on, as a link can reach it."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}"


def setting() -> str | None:
    """The setting, checked, or None when it is unset."""
    value = os.environ.get(ENV, "").strip()
    return checked(value) if value else None


def public_url() -> str:
    """The setting, or rollplay serve's default address when it is unset."""
    return setting() or DEFAULT


def invite_link(base: str, token: str) -> str:
    return f"{base}/invite/{token}"
