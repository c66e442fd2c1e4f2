"""A sheet sent back is its player's and the Storyteller's business, its fix too (issue 37;
rulings W91, H17). The Storyteller's send-back is private, its comment shown only to the
player; but the player's fix was a public ``sheet`` event marked ``resubmitted``, drawn
"Nikos's sheet is resubmitted" with a link to review it, so every member learned that the
sheet had been sent back. Now every member sees that the sheet changed, and what changed
(which anyone may read from the sheet anyway); that it was the fix of a send-back, and the
comment it answers, only the player and the Storyteller learn. Otto and Olly find no trace
of it: not in the events' JSON, the table's page, the live stream, the log, or what the
Discord bot posts in the game's channel when Pia fixes the sheet from there. A real
``rollplay serve`` process, SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import httpx
import pytest

from rollplay.bridges.discord.table import DiscordTable
from rollplay.table.service import Table
from tests.bridges.fake_discord import Courier, Interaction
from tests.bridges.test_discord import run
from tests.server.process import Watcher, serving, signed_in, token_for

pytestmark = [pytest.mark.live, pytest.mark.storage]
API = "/api/v1/games/Pegasus"
WORD = b"resubmitted"
COMMENT = "Quillfeather is too much for a rookie"  # a word used nowhere else


@pytest.fixture
def bot(server_db: str) -> Iterator[DiscordTable]:
    """The Discord bot on the server's database: Stella (1) and Pia (2) linked, the game
    bound to channel 100 (its GM channel 999)."""
    table = Table(server_db)
    for name, discord_id in (("Stella", "1"), ("Pia", "2")):
        table.link_account("discord", discord_id, table.acting_as(name).link_code().code)
    table.acting_as("Stella").bind_channel("discord", "100", "Pegasus", gm_channel="999")
    try:
        yield DiscordTable(table, Courier())
    finally:
        table.close()


def _reads(client: httpx.Client) -> bytes:
    """Every read of the game a member may make that could tell of the fix, whole."""
    out = bytearray()
    for path in (f"{API}/events?format=json&limit=1000", "/games/Pegasus",
                 f"{API}/log?format=jsonl", f"{API}/characters/Nikos",
                 "/games/Pegasus/characters/Nikos"):  # fmt: skip
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.text)
        out += answer.content
    return bytes(out)


def test_a_fix_to_a_sheet_sent_back_is_told_to_its_player_and_the_storyteller_alone(
    server_db: str, bot: DiscordTable, tmp_path: Path
) -> None:
    with serving(server_db, output=tmp_path / "server.log") as (base, _):
        stella, st = signed_in(base, "Stella")
        pia, pi = signed_in(base, "Pia")
        outside = {name: Watcher([base], token_for(base, name)) for name in ("Otto", "Olly")}
        for watcher in outside.values():
            watcher.start()
            assert watcher.connected.wait(10)
        sent = stella.post(f"{API}/commands", json={"text": f"sheet/sendback Nikos={COMMENT}"},
                           headers=st)  # fmt: skip
        assert sent.status_code == 200, sent.text
        # Pia fixes it on the web, and again from Discord after a second send-back.
        fixed = pia.patch(f"{API}/characters/Nikos", json={"changes": {"action": {"Medicine": 2}}},
                          headers=pi)  # fmt: skip
        assert fixed.status_code == 200, fixed.text
        assert stella.post(f"{API}/commands", json={"text": f"sheet/sendback Nikos={COMMENT}"},
                           headers=st).status_code == 200  # fmt: skip
        typed = Interaction(2)
        run(bot.run_line(typed, "sheet/set Nikos=action.Medicine=3"))
        assert "Medicine" in typed.record.to("channel") + typed.record.to("me")
        last = max(e["id"] for e in stella.get(f"{API}/events?format=json").json())
        # Otto (a player) and Olly (an observer): the sheet changed, and how; nothing more.
        for name, watcher in outside.items():
            client, _ = signed_in(base, name)
            with closing(client):
                seen = _reads(client)
                assert b"sheet changed: Medicine (none) -&gt; 2" in seen, name
                assert WORD not in seen, name
                assert COMMENT.encode() not in seen, name
                assert b"Review Nikos" not in seen, name
            assert watcher.wait_for(last - 1), name  # the second change, the last they see
            assert WORD not in bytes(watcher.raw), name
            assert COMMENT.encode() not in bytes(watcher.raw), name
        # What the bot posted where everyone in the channel reads it, or copied anywhere
        # but to the Storyteller's channel and Pia herself.
        posted = typed.record.to("channel")
        copies = bot.courier.record  # type: ignore[attr-defined]
        for place in {*copies.places()} - {"gm", "dm:2"}:
            posted += copies.to(place)
        assert "resubmitted" not in posted, posted
        assert COMMENT not in posted, posted
        # The Storyteller and the player are told it was the fix, and what it answered.
        for client in (stella, pia):
            kinds = [e["kind"] for e in client.get(f"{API}/events?format=json").json()]
            assert kinds.count("sheet_resubmitted") == 2, kinds
        page = stella.get("/games/Pegasus").text
        assert "sheet is resubmitted: Medicine (none) -&gt; 2" in page
        assert "Review Nikos" in page
        for watcher in outside.values():
            watcher.stop()
        pia.close()
        stella.close()
