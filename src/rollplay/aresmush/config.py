"""An AresMUSH game's FS3 config, read safely (issue 38): the ``fs3skills_*.yml`` and
``fs3combat_*.yml`` files of a folder (the admin's ``game/config``, or any folder holding
them) or of a .zip of one. YAML is read by the safe loader (a tag such as
``!!python/object`` is refused, never run), each file within a size limit, a zip within a
count and an unpacked size; a bad file is one line naming the file and, for YAML, the line.

Each file's settings are its *leaves*, named by dotted key from the file's top (``fs3combat.
weapons.Knife.damage``): a mapping's keys, and a list's entries by their ``name`` where they
have one (else by place, from 0); a list of plain values is one setting."""

from __future__ import annotations

import io
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from rollplay import rulesfile
from rollplay.errors import RollplayError

PREFIXES = ("fs3skills_", "fs3combat_")
MAX_FILE_BYTES = 2_000_000  # one config file (the largest real one is about 40 KB)
MAX_FILES = 200  # entries in a zip
MAX_ZIP_BYTES = 20_000_000  # a zip's files unpacked, together


class ConfigError(RollplayError):
    """A folder or zip that is not an AresMUSH FS3 config, or a file in it that cannot be
    read."""


def is_config_name(name: str) -> bool:
    return name.startswith(PREFIXES) and name.endswith((".yml", ".yaml"))


@dataclass(frozen=True)
class ConfigFile:
    """One file: its name, its data and its leaves' keys in the file's order."""

    name: str
    data: Mapping[str, Any]
    leaves: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "leaves", tuple(key for key, _ in walk(self.data)))


@dataclass(frozen=True)
class Config:
    """A game's FS3 config: its files by name, in name order."""

    files: Mapping[str, ConfigFile]

    def leaves_under(self, file: str, key: str) -> tuple[str, ...]:
        """The leaves of ``file`` at or under ``key`` (none when there is no such key)."""
        found = self.files.get(file)
        if found is None:
            return ()
        return tuple(k for k in found.leaves if k == key or k.startswith(key + "."))

    def section(self, file: str, plugin: str) -> Mapping[str, Any]:
        """The settings under ``plugin`` (``fs3skills``, ``fs3combat``) in ``file``, or {}."""
        found = self.files.get(file)
        inner = found.data.get(plugin) if found is not None else None
        return inner if isinstance(inner, Mapping) else {}

    def setting(self, plugin: str, key: str) -> tuple[str, Any] | None:
        """(file, value) of the first file holding ``plugin.key``: AresMUSH merges every
        file's top-level sections, so a setting may sit in any of them."""
        for name in self.files:
            inner = self.section(name, plugin)
            if key in inner:
                return name, inner[key]
        return None


def walk(data: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Every leaf of ``data`` as (dotted key, value); see the module's note."""
    if isinstance(data, Mapping) and data:
        for key, value in data.items():
            yield from walk(value, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(data, list) and data and any(isinstance(v, Mapping | list) for v in data):
        for place, value in enumerate(data):
            name = value.get("name") if isinstance(value, Mapping) else None
            label = str(name) if isinstance(name, str | int) and name != "" else str(place)
            yield from walk(value, f"{prefix}.{label}" if prefix else label)
    elif prefix:
        yield prefix, data


def read(path: str | Path) -> Config:
    """The config in a folder or a .zip (see the module's note)."""
    return parse(expand(sources(Path(path))), str(path))


def sources(p: Path) -> dict[str, bytes]:
    """A folder's config files by name, or a .zip whole by its name (``expand`` unpacks
    it), each within its limit: what ``rollplay import aresmush`` hands the service."""
    if p.is_dir():
        out = {}
        for entry in sorted(p.iterdir()):
            if entry.is_file() and is_config_name(entry.name):
                if entry.stat().st_size > MAX_FILE_BYTES:
                    raise ConfigError(f"{entry.name}: larger than {MAX_FILE_BYTES:,} bytes")
                out[entry.name] = entry.read_bytes()
        return out
    if p.is_file() and p.suffix.lower() == ".zip":
        if p.stat().st_size > MAX_ZIP_BYTES:
            raise ConfigError(f"{p.name}: larger than {MAX_ZIP_BYTES:,} bytes")
        return {p.name: p.read_bytes()}
    if p.exists():
        raise ConfigError(f"{p}: give a config folder (game/config) or a .zip of one")
    raise ConfigError(f"{p}: no such folder or file")


def expand(files: Mapping[str, bytes]) -> dict[str, bytes]:
    """Files by name, a .zip among them replaced by the config files it holds."""
    out: dict[str, bytes] = {}
    for name, body in files.items():
        out.update(unzip(body, name) if name.lower().endswith(".zip") else {name: body})
    return out


def parse(texts: Mapping[str, bytes], where: str) -> Config:
    """The config made of these files' bytes, by name (the web form's uploads)."""
    named = {PurePosixPath(name).name: body for name, body in texts.items()}
    wanted = sorted(name for name in named if is_config_name(name))
    if not wanted:
        raise ConfigError(f"{where}: no AresMUSH FS3 config in it (files named fs3skills_*.yml "
                          f"or fs3combat_*.yml, as in a game's game/config folder)")  # fmt: skip
    files = {}
    for name in wanted:
        body = named[name]
        if len(body) > MAX_FILE_BYTES:
            raise ConfigError(f"{name}: larger than {MAX_FILE_BYTES:,} bytes")
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise ConfigError(f"{name}: not UTF-8 text") from None
        data = rulesfile.parse_text(text, ".yml", name, ConfigError)
        files[name] = ConfigFile(name, data)
    return Config(files)


# What zipfile raises for a damaged archive: a bad CRC or header (BadZipFile), an encrypted
# file (RuntimeError), a method Python lacks (NotImplementedError), deflated data that does
# not inflate (zlib.error), and, as a fuzz test of sheets found, ValueError on a bad offset.
DAMAGED = (zipfile.BadZipFile, NotImplementedError, RuntimeError, EOFError, OSError,
           ValueError, zlib.error)  # fmt: skip


def unzip(body: bytes, label: str) -> dict[str, bytes]:
    """The config files in a zip (at any depth: a zip of ``game/config`` holds them under
    it), within the zip's limits."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(body))
    except DAMAGED:
        raise ConfigError(f"{label}: not a .zip file") from None
    with archive:
        entries = [i for i in archive.infolist() if not i.is_dir()]
        if len(entries) > MAX_FILES:
            raise ConfigError(f"{label}: more than {MAX_FILES} files")
        chosen = [i for i in entries if is_config_name(PurePosixPath(i.filename).name)]
        if sum(i.file_size for i in chosen) > MAX_ZIP_BYTES:
            raise ConfigError(f"{label}: its config files unpack past {MAX_ZIP_BYTES:,} bytes")
        out: dict[str, bytes] = {}
        for info in chosen:
            name = PurePosixPath(info.filename).name
            if name in out:
                raise ConfigError(f"{label}: two files called {name}")
            try:
                with archive.open(info) as handle:  # read no more than it claims to hold
                    data = handle.read(MAX_FILE_BYTES + 1)
            except DAMAGED as exc:  # damaged, encrypted, or packed in a way Python lacks
                raise ConfigError(f"{label}: its {name} cannot be unpacked "
                                  f"({type(exc).__name__})") from None  # fmt: skip
            if len(data) > MAX_FILE_BYTES:
                raise ConfigError(f"{name}: larger than {MAX_FILE_BYTES:,} bytes")
            out[name] = data
        return out
