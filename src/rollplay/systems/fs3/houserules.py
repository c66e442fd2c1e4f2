"""House rules: a YAML or TOML file that starts from an edition and overrides any field.

    extends = "3.2"          # the edition to start from (default 3.3)
    name = "Battlestar 3.2"  # optional
    success_at = 6           # any field of FS3Ruleset; tables replace the edition's whole
    [[levels]]
    at_least = 0
    title = "Failure"

Keys are the field names of ``FS3Ruleset``; unknown keys are errors. Pydantic checks the
merged result, so a wrong type names the field and what it expected.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rollplay.errors import RulesetError
from rollplay.systems.fs3.presets import DEFAULT_EDITION, preset
from rollplay.systems.fs3.ruleset import FS3Ruleset


def load_mapping(path: str | Path) -> dict[str, Any]:
    """Read a .toml, .yaml or .yml file into a mapping, with one-line errors."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in (".toml", ".yaml", ".yml"):
        raise RulesetError(f"rules file {p}: use a .toml, .yaml or .yml file, not {suffix!r}")
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesetError(f"rules file {p}: cannot read it ({exc.strerror})") from None
    try:
        if suffix == ".toml":
            import tomllib

            data: object = tomllib.loads(text)
        else:
            import yaml

            data = yaml.safe_load(text) or {}
    except Exception as exc:  # the parsers' own error types differ; each says where
        detail = " ".join(str(exc).split())
        raise RulesetError(f"rules file {p}: not valid {suffix[1:].upper()}: {detail}") from None
    if not isinstance(data, dict):
        raise RulesetError(f"rules file {p}: expected a table of settings at the top level")
    return data


def from_mapping(data: Mapping[str, Any], *, source: str = "house rules") -> FS3Ruleset:
    """Build a ruleset from an edition plus overrides."""
    overrides = dict(data)
    base = preset(str(overrides.pop("extends", DEFAULT_EDITION)))
    merged = base.as_mapping()
    merged["name"] = f"{base.name} ({source})"
    merged.update(overrides)
    from pydantic import TypeAdapter, ValidationError

    try:
        return TypeAdapter(FS3Ruleset).validate_python(merged)
    except ValidationError as exc:
        raise RulesetError(f"{source}: {_summarise(exc)}") from None


def load(path: str | Path) -> FS3Ruleset:
    """A ruleset from a house-rules file."""
    return from_mapping(load_mapping(path), source=str(path))


def dump(ruleset: FS3Ruleset, fmt: str = "toml") -> str:
    """A ruleset as a house-rules file: the starting point for a game's own."""
    data = {"extends": ruleset.edition, **ruleset.as_mapping()}
    if fmt == "toml":
        import tomli_w

        return tomli_w.dumps(_toml_ready(data))
    if fmt in ("yaml", "yml"):
        import yaml

        return str(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    raise RulesetError(f"unknown format {fmt!r}; accepted: toml, yaml")


def _toml_ready(data: Any) -> Any:
    # TOML has no null; the one optional setting, background_attribute, writes "" for none.
    if isinstance(data, dict):
        return {k: "" if v is None else _toml_ready(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_toml_ready(v) for v in data]
    return data


def _summarise(exc: Any) -> str:
    parts = []
    for err in exc.errors()[:3]:
        where = ".".join(str(x) for x in err["loc"]) or "(top level)"
        msg = err["msg"]
        if err["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
            from dataclasses import fields

            from rollplay.errors import suggest

            known = [f.name for f in fields(FS3Ruleset) if f.init]
            msg = (
                f"unknown setting{suggest(str(err['loc'][-1]), known)}; "
                f"`rollplay fs3 rules` prints every accepted key"
            )
        parts.append(f"{where}: {msg}")
    more = len(exc.errors()) - 3
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")
