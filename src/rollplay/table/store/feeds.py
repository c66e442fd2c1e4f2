"""The live feeds open on every worker of every host (issue 39): a row per open feed, under
the worker that holds it, and a row per worker with the moment its lease runs out. The
stream caps count these rows (table/access/feeds.py), so they hold across hosts."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from rollplay.table.store.base import Base


class FeedHolder(Base):
    """A worker that holds live feeds: its host and process (to clear its own old rows when
    it starts again) and when its lease runs out (its feeds stop counting then)."""

    __tablename__ = "feed_holders"

    id: Mapped[str] = mapped_column(String(100), primary_key=True)
    host: Mapped[str] = mapped_column(String(200))
    pid: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class OpenFeed(Base):
    """One open live feed: the worker holding it, its number there, and whose it is (the
    user's and the client address's SHA-256 digests: no name or address in clear)."""

    __tablename__ = "open_feeds"

    holder: Mapped[str] = mapped_column(
        ForeignKey("feed_holders.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_key: Mapped[str] = mapped_column(String(64), index=True)
    address_key: Mapped[str | None] = mapped_column(String(64), index=True)
