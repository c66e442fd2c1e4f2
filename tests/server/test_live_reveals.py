"""A secret roll revealed into a private scene, on the live stream of a real ``rollplay
serve`` process, SQLite and PostgreSQL (issue 37; rulings S73, S77): the roll is handed whole
only to those who learn of the reveal. A roll made in no scene is revealed into the
Storyteller's running scene, here a private one; two players who see the roll alike (hidden)
but the reveal not alike (one is in the scene, one is not) are each handed their own drawing
of it, though the hub reads the roll and its reveal in one batch.

The server is held still (SIGSTOP) while the roll and its reveal are written beside it, so
its hub reads both in one batch when it goes on, as it would when they come close together."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from subprocess import Popen
from typing import Any

import pytest

from rollplay.table import commands as c
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.server.process import Watcher, lines_as, serving, token_for

pytestmark = [pytest.mark.live, pytest.mark.storage]


@contextmanager
def held(process: Popen[bytes]) -> Iterator[None]:
    """The server stopped (it reads nothing) until the block ends."""
    os.kill(process.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(process.pid, signal.SIGCONT)


def _one(watcher: Watcher, number: int) -> dict[str, Any]:
    [found] = [e for e in watcher.events if int(e["id"]) == number]
    return found


def test_a_roll_revealed_into_a_private_scene_is_whole_only_for_its_people(
    server_db: str,
) -> None:
    with serving(server_db) as (base, process):
        lines_as(base, "Stella", "scene/private Vault", "scene/invite Otto")
        # Several feeds each: the hub hands out to them in no set order.
        watchers = {name: [Watcher([base], token_for(base, name)) for _ in range(3)]
                    for name in ("Pia", "Otto")}  # fmt: skip
        everyone = [w for ws in watchers.values() for w in ws]
        for watcher in everyone:
            watcher.start()
            assert watcher.connected.wait(10)
        owner = Table(server_db)  # the command line: its rolls land in no scene
        stella = Table(server_db).acting_as("Stella")
        try:
            before = owner.execute(c.NpcRoll("Pegasus", Request("5"), name="Crier"))
            assert all(w.wait_for(getattr(before, "log_id", 0)) for w in everyone)
            with held(process):
                secret = owner.execute(c.NpcRoll("Pegasus", Request("5"), name="Lookout",
                                                 visibility="secret"))  # fmt: skip
                roll = getattr(secret, "log_id", 0)
                shown = stella.execute(c.Reveal("Pegasus", roll))
                reveal = getattr(shown, "log_id", 0)
                after = owner.execute(c.NpcRoll("Pegasus", Request("5"), name="Crier"))
            assert getattr(shown, "scene", None) == 1  # the private scene, Stella's
            assert all(w.wait_for(getattr(after, "log_id", 0)) for w in everyone)
        finally:
            for watcher in everyone:
                watcher.stop()
            owner.close()
            stella.close()
        for watcher in watchers["Pia"]:  # not in the scene: the roll stays hidden
            assert reveal not in watcher.ids()
            assert _one(watcher, roll)["hidden"] is True
            assert b"Lookout" not in watcher.raw
        for watcher in watchers["Otto"]:  # in it: the roll whole, as revealed
            assert reveal in watcher.ids()
            mine = _one(watcher, roll)
            assert mine["hidden"] is False
            assert mine["data"]["npc"] == "Lookout"
            assert mine["data"]["revealed"] == reveal
