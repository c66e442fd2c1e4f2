"""The table's commands, each run by one small typed handler registered here (Evennia's one
class per command, AresMUSH's plugins), with what it declares of itself: the check it makes
of its actor (``act``: an ``authz.Act``, asked of the game, or of each character it touches)
and the kinds of event it may write. ``Service.execute`` finds a command's handler here, and
the tests walk this registry, so a new command without a handler, a declared check or a row
in the authorization matrix fails a test, not a user.

A handler is a function of the service and the command (and the dice a caller brought); it
answers with one of table/answers.py's types. Roll commands also register their odds
(``odds``): the same preparation, read-only, for the odds shown before rolling."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rollplay.errors import RollplayError
from rollplay.table.access.authz import Act
from rollplay.table.answers import Answer, OddsOf
from rollplay.table.events.payloads import Payload

if TYPE_CHECKING:
    from rollplay.dice import Dice
    from rollplay.table.base import ServiceBase

C = TypeVar("C")
A = TypeVar("A", bound=Answer)
Run = Callable[["ServiceBase", C, "Dice | None"], A]
Odds = Callable[["ServiceBase", C], OddsOf]


@dataclass(frozen=True)
class Handler(Generic[C, A]):
    """One command's handler and what it declares: the check its actor must pass, the events
    it may write, and for a roll, its odds."""

    command: type[C]
    act: Act
    writes: tuple[type[Payload], ...]
    run: Run[C, A]
    odds: Odds[C] | None = None
    doc: str = ""


class Registry:
    """Commands by type, each with its one handler."""

    def __init__(self) -> None:
        self._by_type: dict[type, Handler[Any, Any]] = {}

    def handles(
        self, command: type[C], *, act: Act, writes: tuple[type[Payload], ...] = ()
    ) -> Callable[[Run[C, A]], Run[C, A]]:
        """Register the decorated function as ``command``'s handler."""

        def register(run: Run[C, A]) -> Run[C, A]:
            if command in self._by_type:
                raise RuntimeError(f"{command.__name__} has two handlers")
            self._by_type[command] = Handler(command, act, writes, run, doc=run.__doc__ or "")
            return run

        return register

    def odds_of(self, command: type[C]) -> Callable[[Odds[C]], Odds[C]]:
        """Register the decorated function as the odds of ``command`` (a roll)."""

        def register(odds: Odds[C]) -> Odds[C]:
            found = self._by_type[command]
            self._by_type[command] = Handler(found.command, found.act, found.writes, found.run,
                                             odds, found.doc)  # fmt: skip
            return odds

        return register

    def of(self, command: object) -> Handler[Any, Any]:
        found = self._by_type.get(type(command))
        if found is None:
            raise RollplayError(f"unknown command {type(command).__name__}")
        return found

    def all(self) -> list[Handler[Any, Any]]:
        return list(self._by_type.values())


HANDLERS = Registry()
handles = HANDLERS.handles
odds_of = HANDLERS.odds_of
