"""The declarative base every table derives from, and the times they store: in a module of
its own so the table modules (models.py and those it gathers) import it, not each other."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy.orm import DeclarativeBase


def now() -> datetime:
    return datetime.now(UTC)


def as_stored(moment: datetime, dialect: str) -> datetime:
    """A time as ``dialect``'s database compares it: UTC (a naive one taken as UTC), without
    its zone on SQLite, which keeps times as UTC text without one. Raises OverflowError at
    the calendar's ends."""
    utc = moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)
    return utc.replace(tzinfo=None) if dialect == "sqlite" else utc


def aware(moment: datetime) -> datetime:
    """A stored time as an aware UTC time (SQLite hands it back without its zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    pass
