"""Verifiable dice: every die derived from a committed seed, so anyone can re-derive it later.

Players at an online table have to trust the server's dice. Commit-reveal dice remove the
need: the server publishes the SHA-256 of a secret seed before any roll uses it, draws every
die from that seed, and reveals the seed later; anyone can then re-derive each roll and see
that none was chosen. A client seed the players set, mixed into every roll, keeps the server
from having picked a seed that suits it.

The derivation (``server/static/verify.js`` re-implements it for the browser; keep the two
in step):

* Inputs. The server seed ``S``: 32 bytes from the OS, written as 64 hex digits; its
  commitment is the SHA-256 of those 32 bytes, as 64 lowercase hex digits (a chain's later
  seed's covers its predecessor too: see ``commitment``, rulings V13). The client seed
  ``C``: 1 to 64 printable ASCII characters without spaces (``!`` to ``~``). The nonce
  ``N``: a whole number from 0 to 2**53 - 1 (exact as a JSON number in a browser) counting
  the rolls made under ``S``.
* Blocks. Block ``k`` (k = 0, 1, 2, ...) is ``HMAC-SHA256(key=S, message=M)``, where ``M``
  is the ASCII text ``C:N:k`` with ``N`` and ``k`` in decimal, no sign, no leading zeros:
  for client seed ``alice``, nonce 7 and block 0 the message is ``alice:7:0``. (``N`` and
  ``k`` hold no colon, so a message splits back uniquely from the right: a client seed may
  contain colons.)
* The stream is block 0, block 1, block 2, ... (32 bytes each), read in order, each byte
  used once.
* Draws. A roll asks for draws ``(sides, count)`` in its system's documented draw order;
  each draw continues the stream where the previous draw stopped and takes its ``count``
  dice one after another. A die of 1 to 255 sides reads one byte ``b``: with
  ``L = 256 - (256 mod sides)``, if ``b < L`` the face is ``(b mod sides) + 1``, otherwise
  ``b`` is skipped and the die reads the next byte. A die of 256 to 2**32 sides reads four
  bytes as an unsigned little-endian integer ``v``: with ``L = 2**32 - (2**32 mod sides)``,
  if ``v < L`` the face is ``(v mod sides) + 1``, otherwise the die reads the next four.
  ``L`` is a whole multiple of ``sides``, so every face is exactly equally likely. This is
  how every source in ``rollplay.dice`` turns bytes into faces.

Verifying a roll: the revealed seed must hash to the commitment, and deriving the roll's
logged draws (their sides and counts, in the logged order) must give exactly the logged
faces. A changed die, seed, nonce, client seed, draw order or side count breaks one or the
other. What a single roll cannot show, and whoever checks a whole log must: that the
commitment was published before the roll; that the rolls under a seed have the nonces 0, 1,
2, ... with none missing (a hidden re-roll) or repeated; and that each roll's outcome follows
from its dice (which also catches a draw dropped from the end).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import io
import os
import re
from collections.abc import Sequence

from rollplay.dice import _ByteDice
from rollplay.errors import DiceError

__all__ = [
    "MAX_NONCE",
    "MAX_SIDES",
    "SEED_BYTES",
    "ProvableDice",
    "block",
    "chained",
    "check_client_seed",
    "commitment",
    "derive",
    "new_server_seed",
    "seed_from_hex",
    "verify_draws",
]

SEED_BYTES = 32
MAX_NONCE = 2**53 - 1  # the largest whole number a browser's JSON keeps exact
MAX_SIDES = 1 << 32
Shape = Sequence[tuple[int, int]]
Draw = tuple[int, tuple[int, ...]]

_CLIENT_SEED = re.compile(r"[!-~]{1,64}")
_HEX_SEED = re.compile(r"[0-9a-fA-F]{64}")
_MOST_BLOCKS = 128  # a refill reads ahead at most 4 KiB; how far never changes the stream
# When a roll does not check out, these explain it if they can (see _explain).
_NONCE_WINDOW = 16
_SIDES_TRIED = (2, 3, 4, 6, 8, 10, 12, 20, 100)
_ORDER_BUDGET = 1000


def new_server_seed() -> bytes:
    """A fresh secret server seed: 32 bytes of OS entropy."""
    return os.urandom(SEED_BYTES)


def commitment(seed: bytes, after: tuple[str, int] | None = None) -> str:
    """What is published before the seed is used: its SHA-256, as lowercase hex. A chain's
    later seed covers its predecessor too (``after``: the previous seed's commitment and
    how many nonces it served): SHA-256 of the seed's bytes then the ASCII text
    ``:COMMITMENT:NONCES``, so the count a reveal gives is bound into the next commitment,
    published before that count could be changed unseen (rulings V13)."""
    if after is None:
        return hashlib.sha256(seed).hexdigest()
    before, nonces = after
    return hashlib.sha256(seed + f":{before}:{nonces}".encode("ascii")).hexdigest()


def chained(value: object) -> tuple[str, int] | None:
    """A seed event's ``after`` (``{"commitment", "nonces"}``) as ``commitment`` takes it, or
    None when it has none or it is not that shape (then the seed is hashed alone)."""
    if not isinstance(value, dict):
        return None
    before, nonces = value.get("commitment"), value.get("nonces")
    if isinstance(before, str) and _HEX_SEED.fullmatch(before) and type(nonces) is int:
        return before.lower(), nonces
    return None


def check_client_seed(text: str) -> str:
    """A player's client seed, or one error line saying what is accepted."""
    if isinstance(text, str) and _CLIENT_SEED.fullmatch(text):
        return text
    raise DiceError(
        "a client seed is 1 to 64 printable ASCII characters without spaces (letters, "
        f"digits, punctuation), not {_shown(text)}"
    )


def seed_from_hex(text: str) -> bytes:
    """A revealed server seed (64 hex digits) as bytes, or one error line."""
    if isinstance(text, str) and _HEX_SEED.fullmatch(text):
        return bytes.fromhex(text)
    raise DiceError(f"a server seed is 64 hex digits (32 bytes), not {_shown(text)}")


def block(server_seed: bytes, client_seed: str, nonce: int, k: int) -> bytes:
    """Block ``k`` of a roll's stream: HMAC-SHA256(server seed, "client:nonce:k")."""
    _check_seed(server_seed)
    message = f"{check_client_seed(client_seed)}:{_check_nonce(nonce)}:{k}"
    return hmac.digest(server_seed, message.encode("ascii"), "sha256")


class ProvableDice(_ByteDice):
    """Dice from one roll's stream (see the module docstring): a peer of ``SecureDice``.

    Make one per roll, with that roll's nonce, and roll it from one thread (the order of
    its draws is what gets verified). ``draws`` records every draw served, in order, as
    ``(sides, faces)``: what the log keeps so the roll can be re-derived.
    """

    name = "provable"

    def __init__(self, server_seed: bytes, client_seed: str, nonce: int) -> None:
        super().__init__()
        self.server_seed = _check_seed(server_seed)
        self.client_seed = check_client_seed(client_seed)
        self.nonce = _check_nonce(nonce)
        self.draws: list[Draw] = []
        self._prefix = f"{client_seed}:{nonce}:".encode("ascii")
        self._next_block = 0

    def _fill(self) -> bytes:
        # One block first (a 10-die roll needs no more), then as many as were read so far.
        k = self._next_block
        count = min(max(k, 1), _MOST_BLOCKS)
        self._next_block = k + count
        inner, outer = _keyed(self.server_seed)
        if count == 1:
            return _hmac(inner, outer, b"%s%d" % (self._prefix, k))
        return b"".join(
            _hmac(inner, outer, b"%s%d" % (self._prefix, i)) for i in range(k, k + count)
        )

    def roll(self, sides: int, count: int) -> tuple[int, ...]:
        if not self._next_block:  # the first draw: block 0 straight in, not through _read
            self._stream = io.BytesIO(self._fill())
        faces = super().roll(sides, count)
        self.draws.append((sides, faces))
        return faces


@functools.lru_cache(maxsize=64)
def _keyed(server_seed: bytes) -> tuple[hashlib._Hash, hashlib._Hash]:
    """HMAC-SHA256 (RFC 2104) with the key already absorbed: SHA-256 fed the key XOR ipad,
    and fed the key XOR opad. A block copies both, finishes the inner hash on its message
    and the outer on that, giving ``hmac.digest(seed, message, "sha256")`` at well under
    half its cost, which matters because the table makes a ProvableDice per roll. (The key
    is 32 bytes, under SHA-256's 64-byte block, so it is only padded with zeros.) The cache
    keeps the states of the last 64 seeds: secrets the process holds anyway."""
    key = server_seed.ljust(64, b"\0")
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))
    return inner, outer


def _hmac(inner: hashlib._Hash, outer: hashlib._Hash, message: bytes) -> bytes:
    mac = inner.copy()
    mac.update(message)
    digest = outer.copy()
    digest.update(mac.digest())
    return digest.digest()


def derive(server_seed: bytes, client_seed: str, nonce: int, shape: Shape) -> list[tuple[int, ...]]:
    """The faces of each ``(sides, count)`` draw in ``shape``, in order, as the roll got them."""
    dice = ProvableDice(server_seed, client_seed, nonce)
    return [dice.roll(sides, count) for sides, count in shape]


def verify_draws(
    server_seed_hex: str,
    commitment_hex: str,
    client_seed: str,
    nonce: int,
    draws: Sequence[tuple[int, Sequence[int]]],
    *,
    after: tuple[str, int] | None = None,
) -> list[str]:
    """What is wrong with a logged roll, one line each; an empty list means it checks out.

    ``draws`` is the roll's draws as logged, ``(sides, faces)`` each (JSON lists will do);
    ``after``, the seed's predecessor its commitment covers (see ``commitment``).
    """
    try:
        seed = seed_from_hex(server_seed_hex)
        check_client_seed(client_seed)
        _check_nonce(nonce)
        logged = _logged(draws)
    except DiceError as exc:
        return [str(exc)]
    problems = []
    hashed = commitment(seed, after)
    if not isinstance(commitment_hex, str) or hashed != commitment_hex.lower():
        problems.append(
            f"the server seed does not match the commitment: it hashes to {hashed}, "
            f"but the commitment is {_shown(commitment_hex)}"
        )
    shape = [(sides, len(faces)) for sides, faces in logged]
    derived = derive(seed, client_seed, nonce, shape)
    for number, ((sides, faces), right) in enumerate(zip(logged, derived, strict=True), 1):
        wrong = [
            f"die {i} is {face} in the log, the seed gives {want}"
            for i, (face, want) in enumerate(zip(faces, right, strict=True), 1)
            if face != want
        ]
        if wrong:
            problems.append(f"draw {number} ({len(faces)}d{sides}): " + "; ".join(wrong))
    if derived != [faces for _, faces in logged]:
        problems.extend(_explain(seed, client_seed, nonce, logged, derived))
    return problems


def _explain(
    seed: bytes, client_seed: str, nonce: int, logged: list[Draw], derived: list[tuple[int, ...]]
) -> list[str]:
    """Name the tampering when one simple change accounts for every logged die: a draw's
    side count, the order of the draws, or the nonce. Deterministic, and verify.js does the
    same in the same order, so both give the same lines."""
    faces = [f for _, f in logged]
    shape = [(sides, len(f)) for sides, f in logged]
    first = next(i for i, (f, d) in enumerate(zip(faces, derived, strict=True)) if f != d)
    sides = shape[first][0]
    for other in sorted({*_SIDES_TRIED, *(s for s, _ in shape)} - {sides}):
        if other < max(faces[first], default=1):
            continue
        tried = [*shape[:first], (other, shape[first][1]), *shape[first + 1 :]]
        if derive(seed, client_seed, nonce, tried) == faces:
            return [
                f"draw {first + 1} is logged as a d{sides}, but its dice are what the seed "
                f"gives a d{other}: its sides were changed"
            ]
    order = _reordering(seed, client_seed, nonce, logged)
    if order is not None:
        listed = ", ".join(str(i + 1) for i in order)
        return [f"the draws are out of order: the seed gives them in the order {listed}"]
    for step in range(1, _NONCE_WINDOW + 1):
        for other in (nonce - step, nonce + step):
            if 0 <= other <= MAX_NONCE and derive(seed, client_seed, other, shape) == faces:
                return [f"these dice are what nonce {other} gives, not the logged nonce {nonce}"]
    return []


def _reordering(seed: bytes, client_seed: str, nonce: int, logged: list[Draw]) -> list[int] | None:
    """An order of the logged draws (0-based) that the stream gives, tried depth first."""
    budget = _ORDER_BUDGET

    def extend(order: list[int]) -> list[int] | None:
        nonlocal budget
        if len(order) == len(logged):
            return order
        shape = [(logged[i][0], len(logged[i][1])) for i in order]
        for j, (sides, faces) in enumerate(logged):
            if j in order or budget == 0:
                continue
            budget -= 1
            got = derive(seed, client_seed, nonce, [*shape, (sides, len(faces))])[-1]
            if got == faces and (found := extend([*order, j])) is not None:
                return found
        return None

    return extend([]) if len(logged) > 1 else None


def _logged(draws: Sequence[tuple[int, Sequence[int]]]) -> list[Draw]:
    """The logged draws as (sides, faces) tuples, or one error line naming the bad one."""
    if not isinstance(draws, Sequence) or isinstance(draws, str):
        raise DiceError(f"the draws must be a list, not {_shown(draws)}")
    out = []
    for number, draw in enumerate(draws, 1):
        if not (isinstance(draw, Sequence) and not isinstance(draw, str) and len(draw) == 2):
            raise DiceError(f"draw {number} must be [sides, [faces]], not {_shown(draw)}")
        sides, faces = draw
        if not (_is_whole(sides) and 1 <= sides <= MAX_SIDES):
            raise DiceError(f"draw {number}: a die has 1 to {MAX_SIDES} sides, not {_shown(sides)}")
        if not (
            isinstance(faces, Sequence)
            and not isinstance(faces, str)
            and all(_is_whole(f) for f in faces)
        ):  # a JSON list, as verify.js takes it
            raise DiceError(f"draw {number}: the faces must be whole numbers, not {_shown(faces)}")
        out.append((sides, tuple(faces)))
    return out


def _check_seed(seed: bytes) -> bytes:
    if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
        size = f"{len(seed)} bytes" if isinstance(seed, bytes) else type(seed).__name__
        raise DiceError(f"a server seed is {SEED_BYTES} bytes, not {size}")
    return seed


def _check_nonce(nonce: int) -> int:
    if not (_is_whole(nonce) and 0 <= nonce <= MAX_NONCE):
        raise DiceError(f"a nonce is a whole number from 0 to {MAX_NONCE}, not {_shown(nonce)}")
    return nonce


def _is_whole(value: object) -> bool:
    return type(value) is int  # not bool, not a float from JSON


def _shown(value: object, width: int = 70) -> str:
    """A bad value quoted on one line (verify.js shows it the same way)."""
    if isinstance(value, str):
        text = "'" + "".join(c if " " <= c <= "~" else f"\\u{ord(c):04x}" for c in value) + "'"
    else:
        text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "\u2026"
