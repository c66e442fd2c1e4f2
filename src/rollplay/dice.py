"""Sources of dice.

Rules never call a global RNG: they take a ``Dice`` and ask it for faces. Three sources:

* ``SecureDice`` (the default for live play) reads OS entropy, so nobody can predict the
  next roll from the earlier ones. It reads 4 KiB at a time, which keeps a roll cheap.
* ``SeededDice`` replays the same rolls for the same seed: simulations, bug reports, tests.
* ``ScriptedDice`` hands out faces it was given, in order: dice rolled at a real table and
  typed in, or a test.

Draw order: every system documents the order in which it asks for dice; a scripted source
hands its faces out in exactly that order.

How a byte becomes a face: each die takes one byte (for dice of up to 255 sides). A die
whose side count divides 256 (d2, d4, d8, d16...) uses the byte modulo its sides, which is
exactly uniform; for other dice (d6, d10, d100) bytes at or above the largest multiple of
the side count are skipped, so every face stays exactly equally likely. Larger dice take
four bytes per try in the same way.
"""

from __future__ import annotations

import io
import os
import random
import re
import threading
import weakref
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from rollplay.errors import DiceError, RollplayError, whole

__all__ = [
    "Dice",
    "ScriptedDice",
    "SecureDice",
    "SeededDice",
    "default_dice",
    "dice_from_options",
    "parse_faces",
    "settle",
]

_BUFFER = 4096
_BIG = 1 << 32


@runtime_checkable
class Dice(Protocol):
    """Anything that can roll ``count`` dice of ``sides`` sides."""

    name: str

    def roll(self, sides: int, count: int) -> tuple[int, ...]:
        """``count`` faces, each from 1 to ``sides``, in draw order."""
        ...


def _check(sides: int, count: int) -> None:
    if sides < 1:
        raise DiceError(f"a die needs at least 1 side, not {sides}")
    if count < 0:
        raise DiceError(f"cannot roll a negative number of dice ({count})")


def _byte_table(sides: int) -> bytes:
    """Maps each byte to a face 1..sides, or to 0 where the byte must be skipped."""
    limit = 256 - 256 % sides
    return bytes((b % sides) + 1 if b < limit else 0 for b in range(256))


_TABLES: dict[int, bytes] = {sides: _byte_table(sides) for sides in (4, 6, 8, 10, 12, 20, 100)}


class _ByteDice:
    """Turns a stream of uniform bytes into unbiased faces (see the module docstring).

    Two threads must never be handed the same bytes (that would repeat a roll). Reading
    from an ``io.BytesIO`` is one C call that takes its bytes and moves the position
    together, so reads need no lock; only swapping in a fresh buffer takes one.
    """

    name = "bytes"

    def __init__(self) -> None:
        self._stream = io.BytesIO()
        self._refill_lock = threading.Lock()

    def _fill(self) -> bytes:
        raise NotImplementedError

    def _read(self, n: int) -> bytes:
        data = self._stream.read(n)
        while len(data) < n:
            with self._refill_lock:
                stream = self._stream
                more = stream.read(n - len(data))
                if not more:
                    # Only the thread that found it empty replaces it; its bytes were all read.
                    self._stream = stream = io.BytesIO(self._fill())
                    more = stream.read(n - len(data))
            data += more
        return data

    def roll(self, sides: int, count: int) -> tuple[int, ...]:
        table = _TABLES.get(sides)
        if table is None or count < 0:
            if sides > 255:  # a face of 256 or more does not fit in a byte
                return self._roll_big(sides, count)
            _check(sides, count)
            table = _TABLES.setdefault(sides, _byte_table(sides))
        raw = self._stream.read(count)
        if len(raw) < count:
            raw += self._read(count - len(raw))
        faces = raw.translate(table)
        if 0 in faces:  # only for side counts that do not divide 256
            faces = faces.replace(b"\0", b"")
            while len(faces) < count:
                faces += self._read(count - len(faces)).translate(table).replace(b"\0", b"")
        return tuple(faces)

    def _roll_big(self, sides: int, count: int) -> tuple[int, ...]:
        _check(sides, count)
        if sides > _BIG:
            raise DiceError(f"a die has at most {_BIG} sides, not {sides}")
        limit = _BIG - _BIG % sides
        out: list[int] = []
        while len(out) < count:
            value = int.from_bytes(self._read(4), "little")
            if value < limit:
                out.append(value % sides + 1)
        return tuple(out)


_SECURE_SOURCES: weakref.WeakSet[SecureDice] = weakref.WeakSet()


class SecureDice(_ByteDice):
    """Dice from OS entropy (``os.urandom``): unpredictable, and the default for play."""

    name = "secure"

    def __init__(self) -> None:
        super().__init__()
        _SECURE_SOURCES.add(self)

    def _fill(self) -> bytes:
        return os.urandom(_BUFFER)

    def _forget(self) -> None:
        self._stream = io.BytesIO()
        self._refill_lock = threading.Lock()


def _after_fork_in_child() -> None:
    # A forked child must not replay the bytes its parent has buffered but not yet used.
    for source in list(_SECURE_SOURCES):
        source._forget()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


class SeededDice(_ByteDice):
    """Reproducible dice: the same seed gives the same faces in the same draw order."""

    name = "seeded"

    def __init__(self, seed: int | str) -> None:
        super().__init__()
        self.seed = seed
        self._rng = random.Random(seed)

    def _fill(self) -> bytes:
        return self._rng.randbytes(_BUFFER)


class ScriptedDice:
    """Hands out the given faces in order, checking each one against the die asked for."""

    name = "scripted"

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = tuple(faces)
        self._pos = 0

    @property
    def used(self) -> int:
        return self._pos

    @property
    def remaining(self) -> int:
        return len(self.faces) - self._pos

    def roll(self, sides: int, count: int) -> tuple[int, ...]:
        _check(sides, count)
        start, end = self._pos, self._pos + count
        if end > len(self.faces):
            raise DiceError(
                f"not enough faces: {len(self.faces)} given, but the roll needs at least {end} "
                f"({count}d{sides} from face {start + 1} on)"
            )
        faces = self.faces[start:end]
        for i, face in enumerate(faces, start + 1):
            if not 1 <= face <= sides:
                raise DiceError(
                    f"face {face} (the {_ordinal(i)} given) is not on a d{sides}; "
                    f"a d{sides} shows 1 to {sides}"
                )
        self._pos = end
        return faces

    def check_all_used(self) -> None:
        """Left-over faces mean the typed dice and the roll disagree: say so, don't guess."""
        if self.remaining:
            raise DiceError(
                f"{len(self.faces)} faces given but the roll used {self._pos}; "
                f"give exactly the faces the roll needs"
            )


def settle(dice: Dice) -> None:
    """Call before a command that drew from ``dice`` commits: typed faces left over mean the
    roll and the table disagree, and the command must change nothing (issue 13)."""
    if isinstance(dice, ScriptedDice):
        dice.check_all_used()


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_FACES = re.compile(r"\s*\d+\s*(,\s*\d+\s*)*")


def parse_faces(text: str) -> tuple[int, ...]:
    """'8,7,3,1,1' -> (8, 7, 3, 1, 1)."""
    if not _FACES.fullmatch(text):
        raise DiceError(
            f"faces must be whole numbers separated by commas, like 8,7,3,1,1; got {text!r}"
        )
    try:
        return tuple(whole(part, "a face") for part in text.split(","))
    except DiceError:
        raise
    except RollplayError as exc:  # a face too large to be on any die
        raise DiceError(f"faces must be whole numbers separated by commas: {exc}") from None


_default: SecureDice | None = None


def default_dice() -> SecureDice:
    """The process-wide secure source."""
    global _default  # noqa: PLW0603 - one buffered entropy source per process
    if _default is None:
        _default = SecureDice()
    return _default


def dice_from_options(faces: str | None = None, seed: int | str | None = None) -> Dice:
    """The source a user asked for: typed faces, a seed, or (by default) OS entropy."""
    if faces is not None and seed is not None:
        raise DiceError("give either faces or a seed, not both")
    if faces is not None:
        return ScriptedDice(parse_faces(faces))
    if seed is not None:
        return SeededDice(seed)
    return default_dice()
