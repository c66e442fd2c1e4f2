"""Four ways a .zip of a config can be damaged, each built here byte by byte (issue 38 §1:
bad input is one line naming the zip and the file, never a traceback): a file whose bytes
no longer match its CRC, one marked encrypted, one packed by a method Python lacks (99,
WinZip's AES), and deflated data that does not inflate."""

from __future__ import annotations

import io
import struct
import zipfile

NAME = "fs3skills_misc.yml"
TEXT = b"fs3skills:\n  max_luck: 3\n  blurb: " + b"words " * 40 + b"\n"
LOCAL, CENTRAL = b"PK\x03\x04", b"PK\x01\x02"


def _zip(method: int) -> bytearray:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        archive.writestr(f"game/config/{NAME}", TEXT)
    return bytearray(out.getvalue())


def _data_at(body: bytearray) -> tuple[int, int]:
    """Where the one file's packed bytes start, and how many there are."""
    (size,) = struct.unpack_from("<I", body, 18)  # the local header's compressed size
    name_len, extra_len = struct.unpack_from("<HH", body, 26)
    return 30 + name_len + extra_len, size


def _patch(body: bytearray, local_at: int, central_at: int, value: int) -> bytearray:
    """Set a 2-byte field in the local header and the central directory's entry alike."""
    struct.pack_into("<H", body, local_at, value)
    struct.pack_into("<H", body, body.index(CENTRAL) + central_at, value)
    return body


def bad_crc() -> bytes:
    body = _zip(zipfile.ZIP_STORED)
    start, _ = _data_at(body)
    body[start] ^= 0x01  # "fs3skills" becomes "gs3skills": same length, other CRC
    return bytes(body)


def encrypted() -> bytes:
    body = _zip(zipfile.ZIP_STORED)
    return bytes(_patch(body, 6, 8, 0x1))  # general purpose flag bit 0: encrypted


def unknown_method() -> bytes:
    body = _zip(zipfile.ZIP_STORED)
    return bytes(_patch(body, 8, 10, 99))


def corrupt_deflate() -> bytes:
    body = _zip(zipfile.ZIP_DEFLATED)
    start, size = _data_at(body)
    body[start : start + size] = b"\xff" * size  # block type 3: reserved, never valid
    return bytes(body)


DAMAGED = {
    "bad-crc.zip": bad_crc,
    "encrypted.zip": encrypted,
    "method-99.zip": unknown_method,
    "bad-deflate.zip": corrupt_deflate,
}
