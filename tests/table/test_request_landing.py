"""Where a request's new odds are told (rulings R32, H16): where the request is when the
sheet's change was told to everyone; in the private scene the change was told in when that
scene is the request's or everyone sees the request; and, when the request is another private
scene's, to the Storyteller alone in the change's scene, since no one else need see both the
request and the change (tests/server/test_private_odds.py plays the first two on a server)."""

from __future__ import annotations

from rollplay.table.play.request_odds import Landing, landing
from rollplay.table.store.models import Event


def _asked(scene: int | None, private: bool = False) -> Event:
    """A request's row, where it was asked."""
    return Event(kind="roll_request", scene_id=scene, scene_private=private)


def test_a_change_told_to_everyone_tells_the_new_odds_where_the_request_is() -> None:
    assert landing(_asked(None), None) == Landing(None)
    assert landing(_asked(3), None) == Landing((3, False))
    assert landing(_asked(4, True), None) == Landing((4, True))


def test_a_change_told_in_a_private_scene_tells_its_odds_there() -> None:
    private = (7, True)
    assert landing(_asked(None), private) == Landing(private)  # a request in the game's log
    assert landing(_asked(3), private) == Landing(private)  # one in an open scene
    assert landing(_asked(7, True), private) == Landing(private)  # the scene's own
    # Another private scene's request: its people are not this scene's, nor these its.
    assert landing(_asked(4, True), private) == Landing(private, "storyteller")
