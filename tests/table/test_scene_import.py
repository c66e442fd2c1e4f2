"""An AresMUSH scene log made a finished scene (issue 38, "Scene logs"): its head, its
poses attributed by the MUSH convention (a pose begins with its writer's name), its other
lines kept as emits, set poses, OOC and system lines; every entry marked imported and not
provable in every reader's view and every export; ``rollplay verify`` saying so and still
failing a forged roll; searchable; the Storyteller's alone to import; bad input making
nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from rollplay.aresmush.scenes import SceneLog, decode, read
from rollplay.errors import RollplayError
from rollplay.table import commands as c
from rollplay.table.access.authz import Forbidden
from rollplay.table.answers import Attributed, LogImported
from rollplay.table.dice.provable_log import read_log, verify_log
from rollplay.table.events.scenes import ImportedEntry, SceneImported
from rollplay.table.service import Table
from rollplay.table.store.models import Event, Scene
from rollplay.table.systems import Request
from tests.databases import Databases, opened, template

pytestmark = [pytest.mark.storage]

LOGS = Path(__file__).parents[1] / "aresmush" / "logs"


def _seated(table: Table) -> None:
    for name in ("Stella", "Pia", "Olly", "Nora"):
        table.add_user(name)
    table.add_member("Pegasus", "Stella", "storyteller")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    table.add_member("Pegasus", "Olly", "observer")


SEATED = template("scene_import", _seated)


@pytest.fixture
def seated(databases: Databases, backend: str, tmp_path: Path) -> Iterator[Table]:
    with opened(databases, backend, SEATED, tmp_path) as table:
        yield table


def _log(name: str = "docks.txt") -> SceneLog:
    return read(decode((LOGS / name).read_bytes(), name), name)


def _import(t: Table, name: str = "docks.txt") -> LogImported:
    answer = t.execute(c.ImportScene("Pegasus", _log(name), name))
    assert isinstance(answer, LogImported)
    return answer


def _counts(t: Table) -> tuple[int, int]:
    with t.reading() as s:
        return (s.scalar(select(func.count()).select_from(Scene)) or 0,
                s.scalar(select(func.count()).select_from(Event)) or 0)  # fmt: skip


def test_a_log_becomes_a_finished_scene_with_each_pose_its_writers(seated: Table) -> None:
    stella = seated.acting_as("Stella")
    answer = _import(stella)
    assert (answer.title, answer.entries) == ("Trouble at the Docks", 9)
    # Nikos is the game's character; Pia and Kara only the log's participants (A52).
    assert answer.attributed == (Attributed(name="Nikos", poses=2, character=True),
                                 Attributed(name="Pia", poses=2, character=False),
                                 Attributed(name="Kara", poses=1, character=False))  # fmt: skip
    assert (answer.emits, answer.sets, answer.ooc, answer.system) == (1, 1, 0, 2)
    for reader in ("Pia", "Olly", "Stella"):  # an open scene: every member reads it whole
        shown, ledger = seated.acting_as(reader).scene("Pegasus", answer.scene)
        assert (shown.state, shown.privacy, shown.scene_kind) == ("finished", "open", "plot")
        assert (shown.title, shown.location) == ("Trouble at the Docks", "Port Hadley - Pier 9")
        head, *entries = [e.data for e in ledger]
        assert isinstance(head, SceneImported)
        assert (head.date, head.plots, head.participants) == (
            "2024-03-12",
            ("The Hadley Smugglers",),
            ("Nikos", "Pia", "Kara"),
        )
        assert all(isinstance(e, ImportedEntry) and e.imported and not e.provable
                   for e in entries)  # fmt: skip
        styles = [(e.style, e.who) for e in entries if isinstance(e, ImportedEntry)]
        assert styles == [("set", ""), ("pose", "Nikos"), ("pose", "Pia"), ("pose", "Pia"),
                          ("system", ""), ("system", ""), ("pose", "Nikos"), ("emit", ""),
                          ("pose", "Kara")]  # fmt: skip
        assert [e.character for e in ledger[1:]].count("Nikos") == 2  # his, by the game's name
    with seated.reading() as s:  # system lines are text: nothing imported rolled
        kinds = set(s.scalars(select(Event.kind).where(Event.scene_id.is_not(None))))
    assert kinds == {"scene_import", "imported"}


def test_every_export_marks_each_entry_imported_and_not_provable(seated: Table) -> None:
    n = _import(seated.acting_as("Stella")).scene
    pia = seated.acting_as("Pia")
    markdown = pia.export_scene("Pegasus", n, "markdown")
    html = pia.export_scene("Pegasus", n, "html")
    for text in (markdown, html):
        assert text.count("not provable") == 10  # the head and nine entries, each marked
    assert "brass astrolabe" in markdown
    assert "&lt;and neither should you&gt;" in html  # the log's own "<" kept, escaped
    lines = [json.loads(x) for x in pia.export_scene("Pegasus", n, "jsonl").splitlines()]
    mine = [x for x in lines if x.get("scene") == n]
    assert [x["kind"] for x in mine] == ["scene_import", *["imported"] * 9]
    assert all(x["data"]["imported"] is True and x["data"]["provable"] is False for x in mine)


def test_verify_says_imported_entries_are_not_proven_and_still_fails_a_forged_roll(
    seated: Table,
) -> None:  # fmt: skip
    stella = seated.acting_as("Stella")
    stella.execute(c.NpcRoll("Pegasus", Request("7"), name="Smuggler"))
    n = _import(stella).scene
    for chain in ("public", "hidden"):
        seated.rotate_seed("Pegasus", chain)
    for text in (
        stella.export_scene("Pegasus", n, "jsonl"),
        stella.export_log("jsonl", game_name="Pegasus"),
    ):
        report = verify_log(read_log(text))
        assert report.code == 0, report.summary()
        assert report.imported == 10
        assert "10 imported entries (another table's log: text, not provable, not checked)" \
            in report.summary()  # fmt: skip
    lines = [json.loads(x) for x in stella.export_log("jsonl", game_name="Pegasus").splitlines()]
    roll = next(x for x in lines if x["kind"] == "roll" and x.get("dice_source") == "provable")
    roll["dice"] = [7 if d != 7 else 6 for d in roll["dice"]]  # a forged die
    forged = verify_log(read_log("".join(json.dumps(x) + "\n" for x in lines)))
    assert forged.code == 1
    # An imported line dressed as a provable roll is judged as one, and fails.
    dressed = [dict(x, provable=roll["provable"], dice_source="provable")
               if x.get("of") == "imported" else x for x in lines]  # fmt: skip
    assert verify_log(read_log("".join(json.dumps(x) + "\n" for x in dressed))).code == 1


def test_an_imported_scene_is_found_by_its_words(seated: Table) -> None:
    n = _import(seated.acting_as("Stella")).scene
    hits = seated.acting_as("Olly").search_scenes("Pegasus", "astrolabe")
    assert [(h.scene, h.kind) for h in hits] == [(n, "imported")]
    assert hits[0].said.startswith("Nikos pries the lid loose")
    titled = seated.acting_as("Pia").search_scenes("Pegasus", "trouble smuggler")
    assert [(h.scene, h.kind) for h in titled] == [(n, "scene_import")]


@pytest.mark.parametrize("who", ["Pia", "Olly", "Nora"])
def test_only_the_storyteller_imports(seated: Table, who: str) -> None:
    before = _counts(seated)
    with pytest.raises(Forbidden) as refused:
        _import(seated.acting_as(who))
    assert "\n" not in str(refused.value)
    assert _counts(seated) == before


def test_bad_input_makes_nothing(seated: Table) -> None:
    stella = seated.acting_as("Stella")
    before = _counts(seated)
    empty = SceneLog("T", "", "", "", (), (), ())
    with pytest.raises(RollplayError, match="holds no poses"):
        stella.execute(c.ImportScene("Pegasus", empty, "empty.txt"))
    with pytest.raises(RollplayError, match="Nowhere"):
        stella.execute(c.ImportScene("Nowhere", _log(), "docks.txt"))
    assert _counts(seated) == before


def test_an_imported_entry_is_never_edited(seated: Table) -> None:
    n = _import(seated.acting_as("Stella")).scene
    _, ledger = seated.acting_as("Stella").scene("Pegasus", n)
    with pytest.raises(RollplayError, match="is an imported entry"):
        seated.acting_as("Stella").execute(c.PoseEdit("Pegasus", ledger[1].id, "changed"))


def test_the_browsers_verifier_says_the_same_of_imported_entries(
    seated: Table, tmp_path: Path
) -> None:
    """The Verify page's checker (verify_log.js, under Node) gives an export holding an
    imported scene, and a forgery of it, the verdict and summary ``rollplay verify`` gives."""
    from tests.table.test_verify_corpus import NODE, _node, _python

    stella = seated.acting_as("Stella")
    stella.execute(c.NpcRoll("Pegasus", Request("7"), name="Smuggler"))
    _import(stella)
    for chain in ("public", "hidden"):
        seated.rotate_seed("Pegasus", chain)
    honest = stella.export_log("jsonl", game_name="Pegasus")
    lines = [json.loads(x) for x in honest.splitlines()]
    roll = next(x for x in lines if x["kind"] == "roll" and x.get("dice_source") == "provable")
    dressed = [dict(x, provable=roll["provable"], dice_source="provable")
               if x.get("of") == "imported" else x for x in lines]  # fmt: skip
    paths = []
    for name, text in (("honest", honest),
                       ("dressed", "".join(json.dumps(x) + "\n" for x in dressed))):  # fmt: skip
        paths.append(tmp_path / f"{name}.jsonl")
        paths[-1].write_text(text, encoding="utf-8")
    in_python = [_python(p) for p in paths]
    assert [p["code"] for p in in_python] == [0, 1]
    assert "10 imported entries" in in_python[0]["summary"]
    if NODE is None:
        pytest.skip("no node to run verify_log.js (scripts/_node.sh)")
    in_node = _node(paths)
    for python, node in zip(in_python, in_node, strict=True):
        assert (node["code"], node["summary"]) == (python["code"], python["summary"])
