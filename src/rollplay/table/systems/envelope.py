"""The one shape every system's odds take at the table, so a web page or a chat bridge can
show any of them without knowing the system: what is rolled (as text), the chance of
success, and the system's own detail after. Chances are floats; ``exact`` holds each as a
fraction's text ("13/36"), since a float cannot carry the exact value."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any


def single(
    system: str, check: str, success: Fraction | None, detail: Mapping[str, Any]
) -> dict[str, Any]:
    """One roll's odds: ``success`` None where nothing decides it (a D6 roll with no
    difficulty)."""
    exact = {**detail.get("exact", {}), "success": _text(success)}
    return {"system": system, "check": check, "success": _float(success), **_rest(detail),
            "exact": exact}  # fmt: skip


def contest(
    system: str,
    first: Mapping[str, Any],
    second: Mapping[str, Any],
    chances: tuple[Fraction, Fraction, Fraction],
    detail: Mapping[str, Any],
) -> dict[str, Any]:
    """An opposed roll's odds: each side's own odds, and the chances that the first side
    wins, that they draw and that the second wins (``success`` is the first winning)."""
    names = ("first_wins", "draw", "second_wins")
    exact = {**detail.get("exact", {}), "success": str(chances[0]),
             **{k: str(p) for k, p in zip(names, chances, strict=True)}}  # fmt: skip
    return {
        "system": system,
        "check": f"{first['check']} vs {second['check']}",
        "success": float(chances[0]),
        **{k: float(p) for k, p in zip(names, chances, strict=True)},
        **_rest(detail),
        "first": dict(first),
        "second": dict(second),
        "exact": exact,
    }


def _rest(detail: Mapping[str, Any]) -> dict[str, Any]:
    """The detail, without what the envelope itself says."""
    envelope = ("system", "check", "success", "exact", "first", "second")
    return {k: v for k, v in detail.items() if k not in envelope}


def _float(p: Fraction | None) -> float | None:
    return None if p is None else float(p)


def _text(p: Fraction | None) -> str | None:
    return None if p is None else str(p)
