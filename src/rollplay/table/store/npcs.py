"""The Storyteller's NPC roster (issue 31)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from rollplay.table.store.base import Base, now


class Npc(Base):
    """An NPC on the Storyteller's roster (issue 31): a name and what it rolls without a sheet
    (an FS3 rating, a GURPS level, a D6 die code), with a note."""

    __tablename__ = "npcs"
    __table_args__ = (UniqueConstraint("game_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(100))
    rating: Mapped[str] = mapped_column(String(100))
    note: Mapped[str] = mapped_column(String(500), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
