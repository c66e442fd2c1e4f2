"""The API's scenes (issue 30; docs/api.md): a game's scenes the caller may see, and one
scene with its pose order and its ledger, in the shape ``rollplay scene show --json``
prints. A scene the caller may not see is "no scene" (404)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query

from rollplay.server.games import Acting

router = APIRouter(prefix="/api/v1", tags=["scenes"])
Number = Annotated[int, Path(ge=1, le=1_000_000_000)]


# The list of a game's scenes (and the search over them, ``?q=``) is web_record.py's.


@router.get("/games/{game}/scenes/{number}")
def scene(
    game: str,
    number: Number,
    service: Acting,
    limit: Annotated[int | None, Query(ge=1, le=1000)] = None,
    before: Annotated[int | None, Query(ge=1, le=2**62)] = None,
) -> dict[str, Any]:
    """A scene, its pose order (who posed last, who it waits on) and its ledger, oldest
    first, each event as the caller may see it: all of it, or with ``limit`` (or
    ``before``) its newest ``limit`` (200) entries before event ``before``, and in
    ``earlier`` the ``before`` that asks for the page before those (null: none)."""
    earlier = None
    if limit is None and before is None:
        shown, ledger = service.scene(game, number)
    else:
        ledger, earlier = service.scene_ledger(game, number, before, limit or 200)
        shown = service.scene_shown(game, number)
    return {**shown.model_dump(mode="json"), "earlier": earlier,
            "ledger": [e.model_dump(mode="json", by_alias=True) for e in ledger]}  # fmt: skip
