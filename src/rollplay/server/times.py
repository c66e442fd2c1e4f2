"""Times on the pages: a ``<time>`` whose text is readable without script (UTC, named as
such) and whose ``datetime`` static/times.js turns into the reader's local time."""

from __future__ import annotations

from datetime import UTC, datetime

from markupsafe import Markup


def when(iso: str | None) -> Markup:
    """An ISO 8601 moment (the service's stamps) as a ``<time>``; text that is not one is
    shown as it is."""
    if not iso:
        return Markup("")
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return Markup("{}").format(iso)
    if moment.tzinfo is None:  # the service's stamps are UTC
        moment = moment.replace(tzinfo=UTC)
    moment = moment.astimezone(UTC)
    text = f"{moment.day} {moment:%b %Y, %H:%M} UTC"
    return Markup('<time datetime="{}">{}</time>').format(moment.isoformat(), text)
