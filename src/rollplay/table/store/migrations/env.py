"""Alembic's environment: migrations run on the connection rollplay hands over
(rollplay.table.store.db.upgrade), or on ROLLPLAY_DATABASE_URL from the alembic command line."""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import create_engine

from rollplay.table.store.models import Base

target_metadata = Base.metadata
connection = context.config.attributes.get("connection")
if connection is None:
    url = os.environ.get("ROLLPLAY_DATABASE_URL") or context.config.get_main_option(
        "sqlalchemy.url"
    )
    with create_engine(str(url)).begin() as conn:
        context.configure(connection=conn, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()
