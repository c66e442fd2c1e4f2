"""Settings files shared by every system: house rules and character sheets.

A file is TOML, YAML or JSON; its top level is a table. A house-rules file names the edition
it ``extends`` and overrides any field of that system's ruleset dataclass; pydantic checks
the merged result, so a wrong type names the field and what it expected, and an unknown key
suggests the closest known one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, fields, is_dataclass
from pathlib import Path
from typing import Any, TypeVar

from rollplay.errors import RollplayError, RulesetError, suggest

T = TypeVar("T")

SUFFIXES = (".toml", ".yaml", ".yml", ".json")
MAX_FILE = 16_000_000  # characters in a settings, sheet or GCS file
MAX_DEPTH = 64  # tables and lists nested in one another
MAX_VALUE = 10_000  # characters in one value set from the command line


def read(
    path: str | Path,
    what: str = "rules file",
    error: type[RollplayError] = RulesetError,
    kind: str | None = None,
) -> dict[str, Any]:
    """Read a .toml, .yaml/.yml or .json file (or ``kind``, for other suffixes) into a
    mapping, with one-line errors. Anything a hostile file could do to a parser (too big,
    nested too deep, YAML aliases that multiply, NaN or infinite numbers) is refused."""
    p = Path(path)
    suffix = kind or p.suffix.lower()
    if suffix not in SUFFIXES:
        raise error(f"{what} {p}: use a .toml, .yaml, .yml or .json file, not {suffix!r}")
    try:
        if p.stat().st_size > MAX_FILE * 4:
            raise error(f"{what} {p}: larger than {MAX_FILE:,} characters")
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{what} {p}: cannot read it ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise error(f"{what} {p}: not UTF-8 text") from None
    return parse_text(text, suffix, f"{what} {p}", error)


def parse_text(
    text: str, suffix: str, label: str, error: type[RollplayError] = RulesetError
) -> dict[str, Any]:
    """Text in one of the settings formats as a mapping (see ``read``)."""
    if len(text) > MAX_FILE:
        raise error(f"{label}: larger than {MAX_FILE:,} characters")
    if _bracket_depth(text) > MAX_DEPTH:  # before a recursive parser meets it
        raise error(f"{label}: nested deeper than {MAX_DEPTH} levels")
    kind = "YAML" if suffix == ".yml" else suffix[1:].upper()
    try:
        data: object
        if suffix == ".toml":
            import tomllib

            data = tomllib.loads(text)
        elif suffix == ".json":
            import json

            data = json.loads(text, parse_constant=_no_constant)
        else:
            import yaml

            data = yaml.load(text, Loader=_loader()) or {}  # a safe loader
    except RecursionError:
        raise error(f"{label}: nested deeper than {MAX_DEPTH} levels") from None
    except RollplayError as exc:
        raise error(f"{label}: {exc}") from None
    except Exception as exc:  # the parsers' own error types differ; each says where
        detail = " ".join(str(exc).split())[:200]
        raise error(f"{label}: not valid {kind}: {detail}") from None
    if not isinstance(data, dict):
        raise error(f"{label}: expected a table of settings at the top level")
    problem = _hostile(data, 0)
    if problem:
        raise error(f"{label}: {problem}")
    return data


def yaml_value(text: str, label: str, error: type[RollplayError] = RollplayError) -> Any:
    """One value written in YAML (``char set KEY=VALUE``), under the same limits as a file;
    text that is not YAML stays text."""
    import yaml

    if len(text) > MAX_VALUE:
        raise error(f"{label}: {len(text):,} characters; a value holds at most {MAX_VALUE:,}")
    if not text.strip():
        return ""
    if _bracket_depth(text) > MAX_DEPTH:
        raise error(f"{label}: nested deeper than {MAX_DEPTH} levels")
    try:
        value = yaml.load(text, Loader=_loader())  # a safe loader
    except yaml.YAMLError:
        return text
    except RecursionError:
        raise error(f"{label}: nested deeper than {MAX_DEPTH} levels") from None
    problem = _hostile(value, 0)
    if problem:
        raise error(f"{label}: {problem}")
    return value


def _no_constant(name: str) -> Any:
    raise RollplayError(f"{name} is not a number a setting can hold")


def _bracket_depth(text: str) -> int:
    """How deep JSON-style brackets nest, outside strings (a fast linear scan)."""
    if "[" not in text and "{" not in text:
        return 0
    depth = deepest = 0
    quote = ""
    escaped = False
    for ch in text:
        if quote:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _hostile(value: Any, depth: int, seen: set[int] | None = None) -> str | None:
    """What a parsed file holds that no setting may: depth past the limit, a number that is
    not finite, or one table or list reached twice, which is what a YAML alias makes: an
    alias can stand for a table that stands for many more (a "billion laughs"), costing
    nothing to load and everything to use."""
    import math

    seen = set() if seen is None else seen
    if depth > MAX_DEPTH:
        return f"nested deeper than {MAX_DEPTH} levels"
    if isinstance(value, float) and not math.isfinite(value):
        return f"{value} is not a number a setting can hold"
    if isinstance(value, dict):
        items: Any = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    else:
        return None
    if id(value) in seen:
        return "YAML aliases (*name) are not accepted: write each table out"
    seen.add(id(value))
    for item in items:
        problem = _hostile(item, depth + 1, seen)
        if problem:
            return problem
    return None


def _loader() -> Any:
    """PyYAML's safe loader, in C where libyaml is there (a megabyte in a tenth of the time)."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def build(
    cls: type[T],
    data: Mapping[str, Any],
    source: str,
    error: type[RollplayError] = RulesetError,
    hint: str = "",
) -> T:
    """Validate plain data into ``cls`` (a dataclass or pydantic model)."""
    from pydantic import TypeAdapter, ValidationError

    data = _nulls(cls, data)
    try:
        return TypeAdapter(cls).validate_python(data)
    except ValidationError as exc:
        raise error(f"{source}: {_summarise(exc, cls, hint)}") from None


def _nulls(cls: Any, data: Mapping[str, Any]) -> dict[str, Any]:
    """TOML has no null: "" stands for none in an optional setting, in groups too."""
    import typing

    data = dict(data)
    if not is_dataclass(cls):
        return data
    hints = typing.get_type_hints(cls)
    for f in fields(cls):
        value = data.get(f.name)
        if value == "" and "None" in str(f.type):
            data[f.name] = None
        elif isinstance(value, Mapping) and is_dataclass(hints.get(f.name)):
            data[f.name] = _nulls(hints[f.name], value)
    return data


def extend(base: T, overrides: Mapping[str, Any], source: str, hint: str = "") -> T:
    """A ruleset: ``base`` (an edition's) with the overrides merged over it and validated.
    A group of settings (``[chargen]``, ``[combat]``) merges key by key, so changing one
    setting keeps the edition's others; a table of data (levels, stances, charts) replaces
    the base's whole table. The name records where the rules came from."""
    merged = plain(base)
    merged["name"] = f"{merged['name']} ({source})"
    for key, value in overrides.items():
        group = getattr(base, key, None)
        if is_dataclass(group) and isinstance(value, Mapping):
            merged[key] = {**plain(group), **value}
        else:
            merged[key] = value
    merged.pop("extends", None)
    return build(type(base), merged, source, hint=hint)


def plain(obj: Any) -> dict[str, Any]:
    """A dataclass as plain data, without its derived (``init=False``) fields."""
    if not is_dataclass(obj) or isinstance(obj, type):
        raise TypeError(f"expected a dataclass instance, not {type(obj).__name__}")
    data = asdict(obj)
    for f in fields(obj):
        if not f.init:
            data.pop(f.name, None)
    return data


def render(data: Mapping[str, Any], fmt: str = "toml") -> str:
    """Plain data as a TOML or YAML file."""
    if fmt == "toml":
        import tomli_w

        return tomli_w.dumps(_toml_ready(data))
    if fmt in ("yaml", "yml"):
        import yaml

        return str(yaml.safe_dump(dict(data), sort_keys=False, allow_unicode=True))
    raise RulesetError(f"unknown format {fmt!r}; accepted: toml, yaml")


def _toml_ready(data: Any, top: bool = True) -> Any:
    # TOML has no null. An unset top-level setting is written as "" (its ruleset reads that
    # as none); an unset field of a table row is left out, so the row's default (None) holds.
    if isinstance(data, Mapping):
        if top:
            return {k: "" if v is None else _toml_ready(v, False) for k, v in data.items()}
        return {k: _toml_ready(v, False) for k, v in data.items() if v is not None}
    if isinstance(data, list | tuple):
        return [_toml_ready(v, False) for v in data]
    return data


def _summarise(exc: Any, cls: type[Any], hint: str) -> str:
    parts = []
    for err in exc.errors()[:3]:
        where = ".".join(_shown(x) for x in err["loc"]) or "(top level)"
        msg = err["msg"]
        if (
            err["type"] in ("extra_forbidden", "unexpected_keyword_argument")
            and len(err["loc"]) == 1
        ):
            known = _field_names(cls)
            msg = f"unknown setting{suggest(str(err['loc'][-1]), known)}"
            if hint:
                msg += f"; {hint}"
        parts.append(f"{where}: {msg}")
    more = len(exc.errors()) - 3
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")


def _shown(part: object) -> str:
    """A key of the file as an error names it: as typed, or quoted when it holds a line
    break or another character that is not printed (the message stays one line)."""
    text = str(part)
    return text if text.isprintable() else repr(text)


def _field_names(cls: type[Any]) -> list[str]:
    if is_dataclass(cls):
        return [f.name for f in fields(cls) if f.init]
    return list(getattr(cls, "model_fields", {}))


# -- hand checks for sheets -----------------------------------------------------------------
# Character sheets are a handful of keys; they are checked by hand, with one-line messages,
# because building a pydantic model costs a roll from a sheet ~250 ms of start-up.

Complaint = Callable[[str], RollplayError]


def sheet_header(
    data: Mapping[str, Any],
    source: str,
    system: str,
    keys: tuple[str, ...],
    error: type[RollplayError],
) -> tuple[str, Complaint]:
    """Check a sheet's keys and its ``system``; return its name and a complaint that names
    the file (every later problem is reported through it)."""

    def bad(what: str) -> RollplayError:
        return error(f"{source}: {what}")

    known_keys(data, keys, bad, f"a {system} sheet (docs/{system.casefold()}.md)")
    name = text_in(data, "name", "The character", bad)
    given = text_in(data, "system", system, bad)
    if given.casefold() != system.casefold():
        raise bad(f"this is a {given} sheet, not a {system} one")
    return name, bad


def known_keys(
    data: Mapping[str, Any], allowed: tuple[str, ...], bad: Complaint, what: str
) -> None:
    for key in data:
        if key not in allowed:
            raise bad(
                f"unknown setting {key!r}{suggest(str(key), allowed)}; {what} has "
                f"{', '.join(allowed)}"
            )


def table_in(
    data: Mapping[str, Any], key: str, bad: Complaint, required: bool = False
) -> Mapping[Any, Any]:
    value = data.get(key)
    if value is None and not required:
        return {}
    if not isinstance(value, Mapping):
        what = "missing" if value is None else f"a {type(value).__name__}"
        raise bad(f"{key} must be a table of names and values; it is {what}")
    return value


def whole_in(value: Any, what: str, span: tuple[int, int], bad: Complaint) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad(f"{what} must be a whole number, not {value!r}")
    if not span[0] <= value <= span[1]:
        raise bad(f"{what} is {value}; accepted: {span[0]} to {span[1]}")
    return value


def text_in(data: Mapping[str, Any], key: str, default: str, bad: Complaint) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or not value.strip():
        raise bad(f"{key} must be some text")
    return value.strip()
