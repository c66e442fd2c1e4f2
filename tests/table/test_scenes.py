"""Scenes (issue 30, stage 1): poses and rolls in one ledger; a private scene's events reach
only its people and the Storyteller, by every path (the log, events_for, the export, the live
feed's projection); bad input gets one clear line and writes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from rollplay.dice import SeededDice
from rollplay.errors import RollplayError
from rollplay.render.events import event_card
from rollplay.render.html import card_html
from rollplay.render.spans import text_of
from rollplay.render.text import line_text
from rollplay.table import commands as c
from rollplay.table.answers import FS3Rolled, PoseMade, SceneShown
from rollplay.table.events.audiences import project, view_key
from rollplay.table.events.scenes import Posed
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.databases import Databases, opened

pytestmark = [pytest.mark.examples, pytest.mark.storage]

SECRET_POSE = "Nikos slips the stolen codes under the console."


@pytest.fixture
def seated(databases: Databases, backend: str, tmp_path: Path) -> Iterator[Table]:
    """The example games with tests/people.py's people: Stella their Storyteller, Pia playing
    Nikos, Otto Mavros, Olly watching (a copy of the session's template)."""
    with opened(databases, backend, "seated", tmp_path) as table:
        yield table


def _events(t: Table) -> int:
    with t.engine.connect() as conn:
        return int(conn.execute(sa.text("SELECT COUNT(*) FROM events")).scalar_one())


def _private_scene(t: Table) -> Table:
    """Pia's private scene: a pose and a secret roll (announced to the table, outside a
    scene), made by her as Nikos."""
    pia = t.acting_as("Pia")
    pia.execute(c.SceneStart("Pegasus", "Hangar deck", "after hours", private=True))
    pia.execute(c.Pose("Pegasus", SECRET_POSE.removeprefix("Nikos ")))
    pia.execute(c.Roll("Pegasus", c.Side("Nikos", Request("Firearms")), "secret"),
                dice=SeededDice(3))  # fmt: skip
    return pia


def _texts(t: Table) -> str:
    """Everything ``t``'s actor is handed of the game, by every reading path, as text."""
    views = t.events_for("Pegasus", limit=1000)
    cards = "\n".join(line_text(line) for v in views for line in event_card(v))
    log = "".join(e.model_dump_json() for e in t.log(game_name="Pegasus"))
    exported = t.export_log(game_name="Pegasus")
    _, _, standing = t.watch("Pegasus")
    game_id, _, _ = t.watch("Pegasus")
    live = [project(row, "Pegasus", standing) for row in t.events_after(game_id, 0, 1000)]
    shown = "".join(v.model_dump_json() for v in live if v is not None)
    return "\n".join((cards, log, exported, shown, "".join(v.kind for v in views)))


def test_a_private_scene_reaches_no_one_outside_it(seated: Table) -> None:
    _private_scene(seated)
    for outsider in ("Otto", "Olly"):
        seen = _texts(seated.acting_as(outsider))
        assert "stolen codes" not in seen
        assert "Hangar deck" not in seen
        # Not even the secret roll's bare fact: its shared part stays inside the scene.
        assert '"kind": "roll"' not in seen
        assert "rolls" not in seen
        assert "scene" not in seen
        with pytest.raises(RollplayError, match="no scene 1"):
            seated.acting_as(outsider).scene("Pegasus", 1)
        assert seated.acting_as(outsider).scenes("Pegasus") == []
    # The live feed projects once per view_key: an outsider's key is never an insider's.
    game_id, _, pia = seated.acting_as("Pia").watch("Pegasus")
    _, _, otto = seated.acting_as("Otto").watch("Pegasus")
    for row in seated.events_after(game_id, 0, 1000):
        if row.scene_id is not None:
            assert view_key(row, otto) != view_key(row, pia)
            assert project(row, "Pegasus", otto) is None


def test_a_private_scene_is_whole_to_its_people_and_the_storyteller(seated: Table) -> None:
    _private_scene(seated)
    for insider in ("Pia", "Stella"):
        seen = _texts(seated.acting_as(insider))
        assert "stolen codes" in seen
        assert "Hangar deck" in seen
        assert '"kind": "roll"' in seen
    shown, ledger = seated.acting_as("Pia").scene("Pegasus", 1)
    assert shown.privacy == "private"
    assert shown.people == ("Pia",)
    assert [v.kind for v in ledger] == ["scene_start", "pose", "roll"]
    # Invited, Otto reads it (his live feed asks again: scene_invite changes standings).
    seated.acting_as("Pia").execute(c.SceneInvite("Pegasus", "Otto"))
    assert "stolen codes" in _texts(seated.acting_as("Otto"))
    assert "stolen codes" not in _texts(seated.acting_as("Olly"))


def test_a_roll_made_in_a_running_scene_is_in_its_ledger_and_the_log(seated: Table) -> None:
    seated.acting_as("Otto").execute(c.SceneStart("Pegasus", "Mess hall"))
    pia = seated.acting_as("Pia")
    pia.execute(c.SceneJoin("Pegasus"))
    rolled = pia.execute(c.Roll("Pegasus", c.Side("Nikos", Request("Piloting"))),
                         dice=SeededDice(5))  # fmt: skip
    assert isinstance(rolled, FS3Rolled)
    log_id = rolled.log_id
    _, ledger = seated.acting_as("Olly").scene("Pegasus", 1)
    assert [(v.kind, v.id) for v in ledger][-1] == ("roll", log_id)
    assert log_id in [e.id for e in seated.acting_as("Olly").log(game_name="Pegasus")]
    # Out of the scene, a roll is in the log only.
    seated.execute(c.SceneStop("Pegasus", 1))
    again = pia.execute(c.Roll("Pegasus", c.Side("Nikos", Request("Piloting"))))
    assert isinstance(again, FS3Rolled)
    assert again.log_id not in [v.id for v in seated.scene("Pegasus", 1)[1]]


def test_poses_are_drawn_as_the_mushes_draw_them(seated: Table) -> None:
    seated.execute(c.SceneStart("Pegasus", "Docks"))
    pia = seated.acting_as("Pia")
    pia.execute(c.SceneJoin("Pegasus", 1))
    for style, text in (("pose", "leans in."), ("semipose", "'s hand <b>shakes</b>."),
                        ("say", "Not here."), ("emit", "Rain hammers the deck."),
                        ("ooc", "brb")):  # fmt: skip
        pia.execute(c.Pose("Pegasus", text, style))  # type: ignore[arg-type]
    seated.execute(c.Pose("Pegasus", "Papers, please.", "say", name="Inspector Vance"))
    poses = [v for v in seated.scene("Pegasus", 1)[1] if isinstance(v.data, Posed)]
    said = ["".join(span.text for span in event_card(v)[0][1:]) for v in poses]  # no "#id"
    assert said == ["Nikos leans in.", "Nikos's hand <b>shakes</b>.", 'Nikos says, "Not here."',
                    "Rain hammers the deck.", "<OOC> Nikos: brb",
                    'Inspector Vance says, "Papers, please."']  # fmt: skip
    html = str(card_html(event_card(poses[1])))
    assert "&lt;b&gt;shakes&lt;/b&gt;" in html
    assert "<b>" not in html


@pytest.mark.parametrize(
    ("text", "said"),
    [("", "empty"), ("  \n ", "empty"), ("x" * 8_001, "at most 8,000"),
     ("a\x07b", "control character"), ("a\u202eb", "bidi control"),
     # Rulings S71: what shows nothing is empty (zero-width characters, a BOM, a soft
     # hyphen, a Hangul filler, a variation selector, a blank Braille cell, a tag).
     ("\u200b", "empty"), ("\u200b\u200c\u200d \u2060\ufeff", "empty"),
     ("\u00ad\n\u3164\ufe0f\u2800", "empty"), ("\U000e0020\u180e", "empty")],
)  # fmt: skip
def test_a_bad_pose_is_one_clear_line_and_writes_nothing(
    seated: Table, text: str, said: str
) -> None:
    seated.execute(c.SceneStart("Pegasus", "Docks"))
    before = _events(seated)
    with pytest.raises(RollplayError, match=said) as refused:
        seated.execute(c.Pose("Pegasus", text))
    assert "\n" not in str(refused.value)
    assert _events(seated) == before


def test_a_pose_keeps_its_line_breaks_and_may_be_long(seated: Table) -> None:
    seated.execute(c.SceneStart("Pegasus", "Docks"))
    text = "First line.\nSecond line. " + "y" * 7_900
    posed = seated.execute(c.Pose("Pegasus", text, "emit"))
    assert isinstance(posed, PoseMade)
    assert posed.pose.text == text


def test_where_a_pose_may_not_go(seated: Table) -> None:
    pia, otto = seated.acting_as("Pia"), seated.acting_as("Otto")
    before = _events(seated)
    with pytest.raises(RollplayError, match="join or start a scene first"):
        pia.execute(c.Pose("Pegasus", "leans in."))
    pia.execute(c.SceneStart("Pegasus", "Hangar", private=True))
    after_start = _events(seated)
    assert after_start == before + 1
    with pytest.raises(RollplayError, match="no scene 1"):  # someone else's private scene
        otto.execute(c.SceneJoin("Pegasus", 1))
    with pytest.raises(RollplayError, match="observer"):
        seated.acting_as("Olly").execute(c.SceneStart("Pegasus", "Watching"))
    seated.execute(c.SceneStart("Pegasus", "Bridge"))
    otto.execute(c.SceneJoin("Pegasus", 2))
    with pytest.raises(RollplayError, match="only its starter or the Storyteller"):
        otto.execute(c.SceneStop("Pegasus", 2))
    with pytest.raises(RollplayError, match="pose only as a character they play"):
        otto.execute(c.Pose("Pegasus", "hi", name="Inspector Vance"))
    pia.execute(c.SceneStop("Pegasus"))
    count = _events(seated)
    with pytest.raises(RollplayError, match="is over: join or start a scene first"):
        pia.execute(c.Pose("Pegasus", "leans in."))
    assert _events(seated) == count


def test_the_dice_seeds_stay_the_games_in_a_private_scene(seated: Table) -> None:
    """A seed revealed and committed while the Storyteller is in a private scene is the
    game's (rulings S3): every player's feed still holds them, so their rolls verify."""
    seated.acting_as("Stella").execute(c.SceneStart("Pegasus", "Council", private=True))
    seated.acting_as("Stella").rotate_seed("Pegasus")
    kinds = [e.kind for e in seated.acting_as("Otto").events_for("Pegasus", limit=1000)]
    assert "seed_reveal" in kinds
    assert kinds[-1] == "seed_commit"  # the new seed, after the reveal


def test_a_scene_has_a_place_and_a_kind_set_by_who_runs_it(seated: Table) -> None:
    """Issue 30: a scene's location and type (social, action, plot), set by its starter or
    the Storyteller, shown in its answer and told in its ledger; anyone else is refused."""
    pia, otto = seated.acting_as("Pia"), seated.acting_as("Otto")
    pia.execute(c.SceneStart("Pegasus", "Docks"))
    shown = pia.execute(c.SceneSet("Pegasus", location="Pier 9, in the rain"))
    assert isinstance(shown, SceneShown)
    assert (shown.location, shown.scene_kind) == ("Pier 9, in the rain", "social")
    shown = pia.execute(c.SceneSet("Pegasus", kind="action", number=1))
    assert isinstance(shown, SceneShown)
    assert (shown.location, shown.scene_kind) == ("Pier 9, in the rain", "action")
    said = [text_of(event_card(v)[0]) for v in seated.scene("Pegasus", 1)[1][-2:]]
    assert said[0].endswith("Scene 1: Docks takes place at Pier 9, in the rain")
    assert said[1].endswith("Scene 1: Docks is an action scene")
    otto.execute(c.SceneJoin("Pegasus", 1))
    before = _events(seated)
    with pytest.raises(RollplayError) as refused:
        otto.execute(c.SceneSet("Pegasus", location="The moon", number=1))
    assert "\n" not in str(refused.value)
    with pytest.raises(RollplayError, match="social, action or plot"):
        pia.execute(c.SceneSet("Pegasus", kind="heist", number=1))
    with pytest.raises(RollplayError, match="nothing to change"):  # as they were
        pia.execute(c.SceneSet("Pegasus", location=" Pier 9,  in the rain", kind="action"))
    assert _events(seated) == before
    # Both at once (the page's header form, rulings S62): one event, what changed only.
    shown = pia.execute(c.SceneSet("Pegasus", location="The lighthouse", kind="plot"))
    assert isinstance(shown, SceneShown)
    assert (shown.location, shown.scene_kind) == ("The lighthouse", "plot")
    assert _events(seated) == before + 1
    last = text_of(event_card(seated.scene("Pegasus", 1)[1][-1])[0])
    assert last.endswith("Scene 1: Docks takes place at The lighthouse, a plot scene")
    pia.execute(c.SceneSet("Pegasus", location="The lighthouse", kind="social"))
    last = text_of(event_card(seated.scene("Pegasus", 1)[1][-1])[0])
    assert last.endswith("Scene 1: Docks is a social scene")  # the place was as it was


def test_a_scene_starts_with_its_place_and_kind(seated: Table) -> None:
    """Issue 37: the scenes page's Start form gives a scene its location and type at once;
    the start is one transaction (a bad location starts nothing), its ledger tells both, and
    its starter still changes them after (scene/set)."""
    pia = seated.acting_as("Pia")
    before = _events(seated)
    with pytest.raises(RollplayError, match="location") as refused:
        pia.execute(c.SceneStart("Pegasus", "Docks", location="Pier\x009", kind="action"))
    assert "\n" not in str(refused.value)
    assert _events(seated) == before
    assert seated.scenes("Pegasus") == []
    shown = pia.execute(c.SceneStart("Pegasus", "Docks", "Rain", location="Pier 9", kind="action"))
    assert isinstance(shown, SceneShown)
    assert (shown.title, shown.summary, shown.location, shown.scene_kind) == (
        "Docks", "Rain", "Pier 9", "action")  # fmt: skip
    said = [text_of(event_card(v)[0]) for v in seated.scene("Pegasus", 1)[1]]
    assert said[0].endswith("Scene 1: Docks begins")
    assert said[1].endswith("Scene 1: Docks takes place at Pier 9")
    assert len(said) == 2
    quiet = pia.execute(c.SceneStart("Pegasus", "Hangar"))  # no place: no second event
    assert isinstance(quiet, SceneShown)
    assert (quiet.location, quiet.scene_kind) == ("", "social")
    assert len(seated.scene("Pegasus", 2)[1]) == 1
    moved = pia.execute(c.SceneSet("Pegasus", location="Pier 10", number=1))
    assert isinstance(moved, SceneShown)
    assert (moved.location, moved.scene_kind) == ("Pier 10", "action")
