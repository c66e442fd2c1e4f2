"""Charts of simulator results, drawn with matplotlib (the ``charts`` extra) to PNG or SVG."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rollplay.errors import RollplayError


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise RollplayError("charts need matplotlib: pip install 'rollplay[charts]'") from None
    matplotlib.use("Agg")  # files only, no screen
    import matplotlib.pyplot as plt

    return plt


def _check(path: str) -> Path:
    p = Path(path)
    if p.suffix.lower() not in (".png", ".svg"):
        raise RollplayError(f"chart {path}: use a .png or .svg file name")
    return p


def battle_chart(path: str, stats: dict[str, Any]) -> None:
    """Win rates with their 95% intervals, and the turns each combat took."""
    target = _check(path)
    plt = _pyplot()
    fig, (wins, turns) = plt.subplots(1, 2, figsize=(10, 4))
    sides = list(stats["wins"])
    shares = [stats["wins"][s] for s in sides]
    errors = [[shares[i] - stats["wins_ci"][s][0] for i, s in enumerate(sides)],
              [stats["wins_ci"][s][1] - shares[i] for i, s in enumerate(sides)]]  # fmt: skip
    wins.bar(sides, shares, yerr=errors, capsize=6)
    wins.set_ylim(0, 1)
    wins.set_title(f"Win rate ({stats['combats']:,} combats, 95% intervals)")
    counts = {int(k): v for k, v in stats["turns"].items()}
    turns.bar(list(counts), list(counts.values()))
    turns.set_xlabel("turns to finish")
    turns.set_title("Length of combat")
    fig.tight_layout()
    fig.savefig(target)
    plt.close(fig)


def attack_chart(path: str, stats: dict[str, Any]) -> None:
    """Where attacks landed, and the wounds they did."""
    target = _check(path)
    plt = _pyplot()
    fig, (where, wounds) = plt.subplots(1, 2, figsize=(10, 4))
    where.bar(list(stats["location"]), list(stats["location"].values()))
    where.tick_params(axis="x", rotation=45)
    where.set_title("Hit location (misses included)")
    wounds.bar(list(stats["severity"]), list(stats["severity"].values()))
    wounds.set_title(f"Wounds ({stats['trials']:,} attacks; stopped {stats['stopped']:.1%})")
    fig.tight_layout()
    fig.savefig(target)
    plt.close(fig)
