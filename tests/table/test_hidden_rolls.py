"""What a refusal or a count could say about a roll its asker may not see (review of issue
17): neither names a hidden roll's character."""

from __future__ import annotations

import pytest

from rollplay.table.access.authz import Forbidden
from rollplay.table.answers import D6Rolled
from rollplay.table.play.after import add_character_points
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.typed import of

pytestmark = pytest.mark.examples  # every test starts from the example games


@pytest.fixture
def stars(table: Table) -> Table:
    for name in ("Pia", "Otto", "Olly"):
        table.add_user(name)
    table.add_member("Stars", "Pia", "player", ("Kara Voss",))
    table.add_member("Stars", "Otto", "player")
    table.add_member("Stars", "Olly", "observer")
    return table


def test_points_after_a_roll_are_refused_before_a_newer_hidden_roll_is_named(
    stars: Table,
) -> None:
    first = of(D6Rolled, stars.roll("Stars", "Kara Voss", Request("Search"))).log_id
    stars.roll("Stars", "Kara Voss", Request("Search"), visibility="secret")
    with pytest.raises(Forbidden):
        add_character_points(stars.acting_as("Olly"), "Stars", first, 1)
    with pytest.raises(Exception, match="latest roll") as refused:
        add_character_points(stars.acting_as("Pia"), "Stars", first, 1)  # hers: she may be told
    assert "#" + str(first + 1) not in str(refused.value)


def test_a_character_filter_counts_only_rolls_the_viewer_may_place(stars: Table) -> None:
    stars.roll("Stars", "Kara Voss", Request("Search"))
    stars.roll("Stars", "Kara Voss", Request("Search"), visibility="secret")
    otto = stars.acting_as("Otto")
    newest = otto.log(game_name="Stars", character="Kara Voss", limit=1)
    assert len(newest) == 1  # the public roll, not an empty page that would say the secret
    assert newest[0].character == "Kara Voss"
    assert not newest[0].hidden


def test_a_roll_a_player_never_learns_of_does_not_close_their_points_after(
    stars: Table,
) -> None:
    """Issue 29 (rulings D24): with secret rolls unannounced, the Storyteller's secret roll
    for Kara is not "her latest roll" to Pia: a refusal would tell her it was made."""
    stars.set_announce_secret("Stars", False)
    first = of(D6Rolled, stars.roll("Stars", "Kara Voss", Request("Search"))).log_id
    stars.roll("Stars", "Kara Voss", Request("Search"), visibility="secret")
    pia = stars.acting_as("Pia")
    assert all(e.id != first + 1 for e in pia.events_for("Stars", after=first))  # unknown
    improved = add_character_points(pia, "Stars", first, 1)
    assert improved.adds_to == first
    # Announced, she knows a roll was made (not what it was): then it is the latest.
    stars.set_announce_secret("Stars", True)
    stars.roll("Stars", "Kara Voss", Request("Search"), visibility="secret")
    with pytest.raises(Exception, match="latest roll"):
        add_character_points(pia, "Stars", improved.log_id, 1)
