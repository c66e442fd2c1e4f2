"""What a bridge's places (Discord channels, MUSH rooms) showed already: the events each
command typed there wrote, which its answer posted where their audiences are. The relay
(the service's ``relayed``: a scene's events written anywhere) posts the rest, so a pose
typed in a channel is shown there once, and in the scene's other places by the relay.

A command's events are marked once it has them; a relay's read can find events a command
wrote but has not marked yet, so the relay waits for the commands running when it read
(``settled``) before it filters: no event is posted twice, none is missed."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager

KEEP = 20_000  # (place, game, event) marks kept; the relay reads far fewer than that behind


class Shown:
    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._marks: OrderedDict[tuple[str, str, int], None] = OrderedDict()
        self._running: set[asyncio.Event] = set()

    def mark(self, place: str, game: str, events: Iterable[int]) -> None:
        """The events a command typed at ``place`` wrote (numbers in ``game``)."""
        for number in events:
            self._marks[(place, game, number)] = None
        while len(self._marks) > self.keep:
            self._marks.popitem(last=False)

    def clear(self) -> None:
        self._marks.clear()

    def seen(self, place: str, game: str, number: int) -> bool:
        return (place, game, number) in self._marks

    @asynccontextmanager
    async def command(self) -> AsyncIterator[None]:
        """A command under way: mark its events before it ends."""
        done = asyncio.Event()
        self._running.add(done)
        try:
            yield
        finally:
            done.set()
            self._running.discard(done)

    async def settled(self) -> None:
        """Wait for the commands running now (those that may have written what a relay has
        just read, unmarked yet) to end."""
        for done in list(self._running):
            await done.wait()
