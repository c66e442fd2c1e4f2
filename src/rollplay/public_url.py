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
    """``text`` as a public URL (http or https, a host, maybe a port and a path; no query or
    fragment), without its trailing slash; otherwise one line that says what is wrong."""
    said = f"{where} {text!r} is not a public URL: write one like https://table.example.org"
    try:
        parts = urlsplit(text.strip())
        port = parts.port  # a port that is not a number raises here
    except ValueError:
        raise RollplayError(said) from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise RollplayError(said)
    if parts.query or parts.fragment or parts.username or parts.password or "@" in parts.netloc:
        raise RollplayError(said + " (no query, fragment or user)")
    del port
    return text.strip().rstrip("/")


def bound(host: str, port: int) -> str:
    """The address ``rollplay serve`` listens on, as a link can reach it."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}"


def public_url(default: str = DEFAULT) -> str:
    """The setting (checked), or ``default`` when it is unset."""
    value = os.environ.get(ENV, "").strip()
    return checked(value) if value else default


def invite_link(base: str, token: str) -> str:
    return f"{base}/invite/{token}"
