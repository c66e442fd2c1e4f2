"""The API's scenes (issue 30; docs/api.md): a game's scenes the caller may see, and one
scene with its pose order and its ledger, in the shape ``rollplay scene show --json``
prints. A scene the caller may not see is "no scene" (404)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from rollplay.server.games import Acting

router = APIRouter(prefix="/api/v1", tags=["scenes"])
Number = Annotated[int, Path(ge=1, le=1_000_000_000)]


# The list of a game's scenes (and the search over them, ``?q=``) is web_record.py's.


@router.get("/games/{game}/scenes/{number}")
def scene(game: str, number: Number, service: Acting) -> dict[str, Any]:
    """A scene, its pose order (who posed last, who it waits on) and its ledger, oldest
    first, each event as the caller may see it."""
    shown, ledger = service.scene(game, number)
    return {**shown.model_dump(mode="json"),
            "ledger": [e.model_dump(mode="json", by_alias=True) for e in ledger]}  # fmt: skip
