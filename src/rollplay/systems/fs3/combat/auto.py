"""Burst and full-auto fire (004 Burst Fire): one attack and defense roll per bullet, each
bullet after the first at -(recoil x bullets so far), spread over up to five targets."""

from __future__ import annotations

from rollplay.errors import RuleError

MAX_TARGETS = 5


def recoil_modifiers(bullets: int, recoil: int) -> list[int]:
    """004: "the first with a -0 modifier, the second with -1, the third with -2" (recoil 1)."""
    return [-recoil * i for i in range(bullets)]


def spread(rounds: int, targets: int) -> list[int]:
    """004: bullets "distributed as equally as possible among the targets", one "lost"
    between each target; the earlier targets get the odd ones (10 over three: 3, 3, 2).
    ``rounds`` may be a partial burst, as long as every target still gets a bullet."""
    if not 1 <= targets <= MAX_TARGETS:
        raise RuleError(f"full-auto fire takes 1 to {MAX_TARGETS} targets, not {targets}")
    usable = rounds - (targets - 1)
    if usable < targets:
        raise RuleError(
            f"{rounds} rounds cannot reach {targets} targets: each needs a bullet and one is "
            f"lost at each switch ({2 * targets - 1} at least; 004 Burst Fire)"
        )
    each, extra = divmod(usable, targets)
    return [each + 1 if i < extra else each for i in range(targets)]


def burst_size(burst: int, clip: int, targets: int) -> int:
    """A full burst, or what is left in the clip: a partial burst is allowed "as long as there
    are enough bullets for all the targets"."""
    if burst <= 0:
        raise RuleError("this weapon does not fire bursts")
    rounds = min(burst, clip)
    spread(rounds, targets)  # refuses a clip too short for every target
    return rounds
