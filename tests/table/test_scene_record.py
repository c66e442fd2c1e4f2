"""A scene's record (issue 30, "The record"): its export as Markdown, HTML and JSON Lines,
each holding only what its reader may see, the JSON Lines passing ``rollplay verify``; and
full-text search over a game's scenes, which finds nothing its reader may not see and reads
no query as the database's syntax."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy import select
from sqlalchemy.orm import Session

from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.dice.provable_log import read_log, verify_log
from rollplay.table.events.scenes import Posed
from rollplay.table.play.search import _matching
from rollplay.table.service import Table
from rollplay.table.store.db import HEAD, migrate, open_engine, upgrade
from rollplay.table.store.models import Event, Scene
from rollplay.table.systems import Request
from tests.databases import Databases, opened, template

pytestmark = [pytest.mark.examples, pytest.mark.storage]

FORMATS = ("markdown", "html", "jsonl")


def _played(table: Table) -> None:
    """Scene 1 (open): Pia's poses and rolls as Nikos, and the Storyteller's secret roll for
    an NPC; a roll of Otto's outside it; scene 2 (private, Pia's): a pose no one else reads."""
    for name in ("Stella", "Pia", "Otto"):
        table.add_user(name)
    table.add_member("Pegasus", "Stella", "storyteller")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    table.add_member("Pegasus", "Otto", "player", ("Mavros",))
    pia, stella, otto = (table.acting_as(n) for n in ("Pia", "Stella", "Otto"))
    pia.execute(c.SceneStart("Pegasus", "Docks", "A rainy night in the harbour"))
    pia.execute(c.Pose("Pegasus", "leans in <b>close</b> under the crane."))
    pia.execute(c.Roll("Pegasus", c.Side("Nikos", Request("Firearms"))))
    otto.execute(c.Roll("Pegasus", c.Side("Mavros", Request("Reflexes"))))  # not in a scene
    stella.execute(c.SceneJoin("Pegasus", 1))
    stella.execute(c.NpcRoll("Pegasus", Request("7"), name="Smuggler", visibility="secret"))
    stella.execute(c.Pose("Pegasus", "The smuggler palms a knife.", name="Vance"))
    pia.execute(c.Roll("Pegasus", c.Side("Nikos", Request("Piloting"))))
    pia.execute(c.SceneStart("Pegasus", "Hangar", "after hours", private=True))
    pia.execute(c.Pose("Pegasus", "hides the stolen codes."))
    for chain in ("public", "hidden"):
        table.rotate_seed("Pegasus", chain)


SCENE_RECORD = template("scene_record", _played)  # made once a session, copied for each test


@pytest.fixture
def played(databases: Databases, backend: str, tmp_path: Path) -> Iterator[Table]:
    with opened(databases, backend, SCENE_RECORD, tmp_path) as table:
        yield table


def _lines(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines()]


def test_a_scene_export_is_the_ledger_and_passes_verify(played: Table) -> None:
    pia = played.acting_as("Pia")
    lines = _lines(pia.export_scene("Pegasus", 1, "jsonl"))
    report = verify_log(read_log(pia.export_scene("Pegasus", 1, "jsonl")))
    # Exit 3: each roll Pia sees is proven; the secret one is "hidden from you".
    assert (report.code, report.seed_problems) == (3, []), report.summary()
    assert report.summary().endswith("2 verified; 0 await a reveal; 1 hidden from you")
    scene = [line for line in lines if line.get("scene") == 1]
    kinds = [line["kind"] for line in scene]
    assert kinds == ["scene_start", "pose", "roll", "scene_join", "roll", "pose", "roll"]
    assert sum(v.status == "verified" for v in report.verdicts) == 2  # Pia's: hers to see
    # Every event number of the game is in the file: the rest as placeholders.
    assert [line["id"] for line in lines] == list(range(1, len(lines) + 1))
    otto_roll = [line for line in lines if line.get("of") == "roll"]
    assert len(otto_roll) == 1
    assert not [x for x in lines if x["kind"] == "roll" and x["character"] == "Mavros"]
    assert all(line["complete"] is False for line in lines if line["kind"] == "seed_reveal")
    # The Storyteller's export proves the secret roll too.
    whole = verify_log(read_log(played.acting_as("Stella").export_scene("Pegasus", 1, "jsonl")))
    assert whole.code == 0
    assert sum(v.status == "verified" for v in whole.verdicts) == 3
    # Taking a scene roll out of the file leaves a gap the verifier names.
    cut = [line for line in lines if not (line["kind"] == "roll" and line.get("scene") == 1)][:]
    said = verify_log(read_log("".join(json.dumps(x) + "\n" for x in cut)))
    assert said.code == 1
    assert any("not in the file" in p for p in said.seed_problems)


def test_the_readable_exports_draw_every_event_escaped(played: Table) -> None:
    pia = played.acting_as("Pia")
    markdown = pia.export_scene("Pegasus", 1, "markdown")
    html = pia.export_scene("Pegasus", 1, "html")
    assert markdown.startswith("# Scene 1: Docks\n\n> A rainy night in the harbour")
    assert "**Nikos** leans in \\<b\\>close\\</b\\> under the crane." in markdown
    assert "&lt;b&gt;close&lt;/b&gt;" in html
    assert "<b>close" not in html
    for text in (markdown, html):
        assert "The smuggler palms a knife." in text
        assert text.count("client seed") == 2  # each of Pia's rolls, with its seed and nonce
        assert "nonce" in text
        assert "rollplay verify" in text
        assert text.index("leans in") < text.index("Firearms") < text.index("palms a knife")


def test_a_players_export_never_holds_a_secret(played: Table) -> None:
    for fmt in FORMATS:
        mine = played.acting_as("Pia").export_scene("Pegasus", 1, fmt)
        theirs = played.acting_as("Stella").export_scene("Pegasus", 1, fmt)
        assert "Smuggler" in theirs
        assert "Smuggler" not in mine  # the roller, the rating and the dice of a secret roll
        assert "stolen codes" not in mine + theirs  # scene 2's
    hidden = [x for x in _lines(played.acting_as("Pia").export_scene("Pegasus", 1, "jsonl"))
              if x.get("hidden") is True]  # fmt: skip
    assert [(x["kind"], x["dice"], x["expression"]) for x in hidden] == [("roll", None, None)]


def test_a_private_scene_exports_only_for_its_people(played: Table) -> None:
    for fmt in FORMATS:
        with pytest.raises(RollplayError, match="no scene 2 in Pegasus for Otto"):
            played.acting_as("Otto").export_scene("Pegasus", 2, fmt)
        for reader in ("Pia", "Stella"):
            assert "stolen codes" in played.acting_as(reader).export_scene("Pegasus", 2, fmt)
    outside = played.acting_as("Otto").export_scene("Pegasus", 1, "jsonl")
    assert "Hangar" not in outside
    assert "stolen" not in outside


def test_a_bad_format_is_one_line(played: Table) -> None:
    with pytest.raises(RollplayError, match="unknown scene export format 'pdf'; accepted: "
                                            "markdown, html, jsonl"):  # fmt: skip
        played.export_scene("Pegasus", 1, "pdf")


# -- search --------------------------------------------------------------------------------


def _found(t: Table, query: str) -> list[tuple[int, str]]:
    return [(h.scene, h.kind) for h in t.search_scenes("Pegasus", query)]


def test_search_finds_titles_summaries_poses_and_rolls(played: Table) -> None:
    otto = played.acting_as("Otto")
    assert _found(otto, "docks") == [(1, "scene_start")]
    assert _found(otto, "rainy HARBOUR") == [(1, "scene_start")]
    assert _found(otto, "crane") == [(1, "pose")]
    assert _found(otto, "Nikos firearms") == [(1, "roll")]
    assert _found(otto, "crane docks") == []  # every word, in one event
    hit = otto.search_scenes("Pegasus", "knife")[0]
    assert (hit.title, hit.state, hit.said) == ("Docks", "running", "Vance: The smuggler "
                                                "palms a knife.")  # fmt: skip
    # Written in the event's transaction: a pose is found as soon as it is made.
    played.acting_as("Pia").execute(c.Pose("Pegasus", "whistles a tune."))
    assert _found(played.acting_as("Stella"), "whistles") == [(2, "pose")]


def test_search_finds_a_word_by_its_start(played: Table) -> None:
    """Issue 37, "search is forgiving": a word searched for finds the words it begins
    ("crow" finds "crowbar"), never a word it is only inside of or longer than; every word
    must still be in one event."""
    pia, otto = played.acting_as("Pia"), played.acting_as("Otto")
    pia.execute(c.SceneJoin("Pegasus", 1))  # the open scene
    pia.execute(c.Pose("Pegasus", "pries the crate open with a crowbar."))
    [crowbar] = otto.search_scenes("Pegasus", "crow")
    assert (crowbar.kind, crowbar.said) == ("pose", "Nikos: pries the crate open with a crowbar.")
    assert [h.id for h in otto.search_scenes("Pegasus", "CROW cra")] == [crowbar.id]  # "crate"
    assert _found(otto, "harb") == [(1, "scene_start")]  # "harbour"
    crane = otto.search_scenes("Pegasus", "crane")[0].id
    assert [h.id for h in otto.search_scenes("Pegasus", "cra")] == [crane, crowbar.id]
    for query in ("rowbar", "crowbars", "crow docks"):
        assert _found(otto, query) == [], query


def test_search_finds_a_pose_by_its_words_now(played: Table) -> None:
    """An edited pose is found by its new words, not its old, and the hit is the pose (its
    number: where a reader lands, rulings S75); a deleted one is found not at all."""
    pia, otto = played.acting_as("Pia"), played.acting_as("Otto")
    crane = otto.search_scenes("Pegasus", "crane")[0].id
    pia.execute(c.PoseEdit("Pegasus", crane, "ducks behind the gantry."))
    assert _found(otto, "crane") == []
    [edit] = otto.search_scenes("Pegasus", "gantry")
    assert (edit.id, edit.kind, edit.said) == (crane, "pose", "Nikos: ducks behind the gantry.")
    pia.execute(c.PoseEdit("Pegasus", crane, "waits by the bollard."))
    assert _found(otto, "gantry") == []
    assert _found(otto, "bollard") == [(1, "pose")]
    assert [h.id for h in otto.search_scenes("Pegasus", "bollard")] == [crane]
    pia.execute(c.PoseDelete("Pegasus", crane))
    for reader in (otto, pia):
        assert _found(reader, "bollard") == []
        assert _found(reader, "crane") == []


def test_search_finds_nothing_its_reader_may_not_see(played: Table) -> None:
    otto = played.acting_as("Otto")
    for word in ("stolen", "codes", "hangar", "hours"):  # scene 2 is private
        assert _found(otto, word) == []
        assert _found(played.acting_as("Pia"), word) != []
        assert _found(played.acting_as("Stella"), word) != []
    for reader in ("Otto", "Pia"):  # the secret roll: not its roller, not its rating
        assert _found(played.acting_as(reader), "smuggler") == [(1, "pose")]
        assert _found(played.acting_as(reader), "7") == []
    assert (1, "roll") in _found(played.acting_as("Stella"), "smuggler")


# FTS5's and tsquery's own syntax: each is words to rollplay, or no word at all.
INJECTIONS = {
    '"docks': [(1, "scene_start")], 'docks"': [(1, "scene_start")],
    "(docks": [(1, "scene_start")], "docks)": [(1, "scene_start")],
    "'docks'": [(1, "scene_start")], "{docks}": [(1, "scene_start")],
    "-docks": [(1, "scene_start")], "^docks": [(1, "scene_start")],
    "!docks": [(1, "scene_start")], "docks:*": [(1, "scene_start")],
    "title:docks": [], "docks NEAR crane": [], "NEAR(docks crane)": [],
    "doc*": [(1, "scene_start")], "*docks": [(1, "scene_start")],  # a word's start (S61)
    "docks OR crane": [], "docks AND NOT crane": [], "docks & crane": [],
    "docks | crane": [], "'; DROP TABLE events; --": [],
    '"': None, "*": None, "\\": None, "(*)": None, '")': None,
}  # fmt: skip


def test_search_reads_no_query_syntax(played: Table) -> None:
    otto = played.acting_as("Otto")
    for query, wanted in INJECTIONS.items():
        if wanted is None:
            with pytest.raises(RollplayError, match=r"holds no word to search for"):
                otto.search_scenes("Pegasus", query)
        else:
            assert _found(otto, query) == wanted, query
    assert _found(otto, "docks") == [(1, "scene_start")]  # the index is whole after them


def test_a_bad_search_is_one_line(played: Table) -> None:
    for query, said in (
        ("", "search for a word"),
        ("x" * 201, "at most 200 characters"),
        ("a " * 13, "at most 12 words"),
        ("!?", "no word to search for"),
    ):
        with pytest.raises(RollplayError, match=said):
            played.search_scenes("Pegasus", query)


def test_the_index_holds_every_scene_event_with_words(played: Table) -> None:
    """The trigger indexes each scene start, pose and roll, and nothing outside a scene."""
    table = "scene_search"
    with played.engine.connect() as conn:
        indexed = conn.execute(sa.text(f"SELECT COUNT(*) FROM {table}")).scalar_one()
        wanted = conn.execute(sa.text(
            "SELECT COUNT(*) FROM events WHERE scene_id IS NOT NULL "
            "AND kind IN ('scene_start', 'pose', 'roll')")).scalar_one()  # fmt: skip
    assert indexed == wanted == 8


def _indexed(conn: sa.Connection) -> int:
    return int(conn.execute(sa.text("SELECT COUNT(*) FROM scene_search")).scalar_one())


def test_the_index_is_written_in_the_events_transaction(played: Table) -> None:
    """A pose's words are indexed by the statement that writes it: undone with it."""
    pia = played.acting_as("Pia")
    with played.engine.connect() as conn:
        before = _indexed(conn)
    with pytest.raises(RuntimeError, match="undone"):
        _pose_then_fail(pia, before)
    with played.engine.connect() as conn:
        assert _indexed(conn) == before
    assert _found(pia, "plums") == []


def _pose_then_fail(pia: Table, before: int) -> None:
    with pia.transaction() as s:
        game = pia.game_row(s, "Pegasus")
        scene = s.scalar(select(Scene).where(Scene.game_id == game.id, Scene.number == 1))
        assert scene is not None
        pia.record(s, game, Posed(scene=1, style="pose", who="Nikos", text="juggles plums."),
                   scene=(scene.id, False))  # fmt: skip
        assert _indexed(s.connection()) == before + 1
        assert [h.kind for h in _hits_in(s, pia.engine.dialect.name)] == ["pose"]
        raise RuntimeError("undone")


def _hits_in(s: Session, dialect: str) -> list[Event]:
    ids = _matching(dialect, ["plums"])
    return list(s.scalars(select(Event).where(Event.id.in_(ids))))


def test_upgrading_indexes_the_scenes_already_played(played: Table) -> None:
    """Migration 0018 indexes every scene event written before it; its downgrade drops it."""
    engine = open_engine(played.url)
    try:
        migrate(engine, "0015", down=True)
        assert "scene_search" not in sa.inspect(engine).get_table_names()
        assert upgrade(engine) == ("0015", HEAD)
    finally:
        engine.dispose()
    assert _found(played.acting_as("Otto"), "crane") == [(1, "pose")]
    assert _found(played.acting_as("Pia"), "stolen") == [(2, "pose")]
