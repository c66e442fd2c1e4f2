"""Requests, edits and reveals in a scene (issue 30, stage 2): the Storyteller asks for a roll
in any system's syntax and the player's roll answers it (secret ones per ruling T9); a pose's
author edits or deletes it within the game's window, the ledger keeping its history; the
Storyteller reveals a secret roll; the combat tracker's turns land in the scene."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from rollplay.dice import SeededDice
from rollplay.errors import RollplayError
from rollplay.grammar import parse, to_line
from rollplay.render.events import event_card
from rollplay.render.spans import text_of
from rollplay.systems.fs3.combat.state import Action
from rollplay.table import commands as c
from rollplay.table.access.authz import Forbidden
from rollplay.table.answers import FS3Rolled, LedgerWritten, SecretRollMade
from rollplay.table.combat.tracker import Tracker
from rollplay.table.events import payloads as p
from rollplay.table.events.requests import RollRequested
from rollplay.table.events.scenes import Posed
from rollplay.table.events.views import SeenEntry
from rollplay.table.play import poses, requests
from rollplay.table.service import Table
from rollplay.table.store.models import now
from tests.databases import Databases, opened, template

pytestmark = [pytest.mark.examples, pytest.mark.storage]


def _seat(table: Table) -> None:
    for name in ("Stella", "Pia", "Otto", "Olly"):
        table.add_user(name)
    for game in ("Pegasus", "Stars", "Dungeon"):
        table.add_member(game, "Stella", "storyteller")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    table.add_member("Pegasus", "Otto", "player", ("Mavros",))
    table.add_member("Pegasus", "Olly", "observer")


SEATED = template("scene_requests", _seat)  # seated once a session, copied for each test


@pytest.fixture
def seated(databases: Databases, backend: str, tmp_path: Path) -> Iterator[Table]:
    with opened(databases, backend, SEATED, tmp_path) as table:
        yield table


def _do(t: Table, line: str, game: str = "Pegasus", system: str = "fs3", seed: int = 3) -> object:
    return t.execute(parse(line, system=system, game=game), dice=SeededDice(seed))


def _scene(t: Table) -> tuple[Table, Table]:
    stella, pia = t.acting_as("Stella"), t.acting_as("Pia")
    _do(stella, "scene/start Docks=rain")
    _do(pia, "scene/join 1")
    return stella, pia


def _text(t: Table, scene: int = 1) -> str:
    _, ledger = t.scene("Pegasus", scene)
    return "\n".join(text_of(line) for v in ledger for line in event_card(v))


def _request(t: Table, number: int, game: str = "Pegasus") -> RollRequested:
    (found,) = [v.data for v in t.events_for(game, number - 1, 1)]
    assert isinstance(found, RollRequested)
    return found


def test_a_request_is_answered_by_the_roll_it_asks_for(seated: Table) -> None:
    stella, pia = _scene(seated)
    asked = _do(stella, "request Nikos Piloting+1")
    assert isinstance(asked, LedgerWritten)
    assert asked.scene == 1
    card = _request(pia, asked.log_id)
    assert card.state == "open"
    assert card.character == "Nikos"
    assert card.odds is not None
    assert 0 < float(str(card.odds["success"])) < 1
    assert f"answer {asked.log_id}" in _text(pia)
    rolled = _do(pia, f"answer {asked.log_id}")
    assert isinstance(rolled, FS3Rolled)
    assert rolled.request == asked.log_id
    assert rolled.expression == "Piloting+1"
    for reader in (pia, seated.acting_as("Otto"), seated.acting_as("Olly"), stella):
        now_card = _request(reader, asked.log_id)
        assert now_card.state == "answered"
        assert now_card.answer == rolled.log_id
        assert isinstance(now_card.result, p.Roll)
        assert now_card.result.request == asked.log_id
    _, ledger = pia.scene("Pegasus", 1)
    assert [(v.kind, v.id) for v in ledger][-2:] == [("roll_request", asked.log_id),
                                                     ("roll", rolled.log_id)]  # fmt: skip
    # Answered twice, or by someone else, or after a cancel: one clear line, nothing written.
    with pytest.raises(RollplayError, match=f"request #{asked.log_id} is already answered"):
        _do(pia, f"answer {asked.log_id}")
    other = _do(stella, "request Nikos Firearms")
    assert isinstance(other, LedgerWritten)
    with pytest.raises(Forbidden, match="only Nikos's player or the Storyteller answers it"):
        _do(seated.acting_as("Otto"), f"answer {other.log_id}")
    with pytest.raises(Forbidden):
        _do(seated.acting_as("Olly"), f"answer {other.log_id}")
    with pytest.raises(Forbidden, match="only the Storyteller may ask for a roll"):
        _do(pia, f"request/cancel {other.log_id}")
    _do(stella, f"request/cancel {other.log_id}")
    assert _request(pia, other.log_id).state == "cancelled"
    with pytest.raises(RollplayError, match="was cancelled"):
        _do(pia, f"answer {other.log_id}")
    with pytest.raises(RollplayError, match="is not a roll request"):
        _do(pia, f"answer {rolled.log_id}")


def test_a_secret_request_is_rolled_in_secret(seated: Table) -> None:
    """Ruling T9: the player learns that they rolled, never how; the Storyteller sees it."""
    stella, pia = _scene(seated)
    seated.game_settings("Pegasus", players_ask_secret=False)  # the request lets them
    asked = _do(stella, "request/secret Nikos Alertness")
    assert isinstance(asked, LedgerWritten)
    made = _do(pia, f"answer {asked.log_id}")
    assert isinstance(made, SecretRollMade)
    assert made.request == asked.log_id
    assert '"dice":' not in made.model_dump_json()
    assert "outcome" not in made.model_dump_json()
    theirs = _request(pia, asked.log_id)
    assert theirs.state == "answered"
    assert not isinstance(theirs.result, p.Roll)  # no dice, no verdict
    assert "successes" not in _text(pia)
    assert "its result is the Storyteller's" in _text(pia)
    gm = _request(stella, asked.log_id)
    assert isinstance(gm.result, p.Roll)
    assert gm.result.outcome is not None
    assert "successes" in _text(stella)


@pytest.mark.parametrize(("game", "system", "who", "line"), [
    ("Pegasus", "fs3", "Nikos", "request Nikos Piloting+1"),
    ("Dungeon", "gurps", "Inspector Vance", "request Inspector Vance/Lockpicking-2"),
    ("Stars", "d6", "Kara Voss", "request Kara Voss/Search vs 15"),
])  # fmt: skip
def test_requests_in_every_system(seated: Table, game: str, system: str, who: str,
                                  line: str) -> None:  # fmt: skip
    asked = _do(seated, line, game, system)
    assert isinstance(asked, LedgerWritten)
    card = _request(seated, asked.log_id, game)
    assert card.character == who
    assert card.odds is not None
    rolled = _do(seated, f"answer {asked.log_id}", game, system)
    assert getattr(rolled, "request", None) == asked.log_id
    assert _request(seated, asked.log_id, game).state == "answered"


def test_a_request_is_refused_as_its_roll_would_be(seated: Table) -> None:
    before = len(seated.events_for("Pegasus", limit=1000))
    with pytest.raises(RollplayError):
        _do(seated, "request Nikos/Piloting/cp=2")  # a D6 option, in FS3
    with pytest.raises(RollplayError, match="a request asks for a roll, not for points"):
        _do(seated, "request Nikos/Piloting/luck=bonus")  # Nikos's luck is Pia's to spend
    with pytest.raises(RollplayError):
        _do(seated, "request Nobody Piloting")
    assert len(seated.events_for("Pegasus", limit=1000)) == before


def test_a_pose_is_edited_and_deleted_by_its_author_with_its_history(seated: Table) -> None:
    stella, pia = _scene(seated)
    posed = _do(pia, ":leans in.")
    number = getattr(posed, "log_id", 0)
    _do(pia, f"pose/edit {number}=leans out.\nAnd waits.")
    for reader in (pia, seated.acting_as("Olly")):
        text = _text(reader)
        assert "leans out." in text
        assert "(edited)" in text
        assert "leans in." not in text
    gm = _text(stella)
    assert "before: leans in." in gm  # the Storyteller sees what it said before
    with pytest.raises(Forbidden, match="only its author"):
        _do(stella, f"pose/edit {number}=hijacked")
    with pytest.raises(Forbidden, match="only its author"):
        _do(seated.acting_as("Otto"), f"pose/delete {number}")
    _do(pia, f"pose/delete {number}")
    assert "leans out" not in _text(pia)
    assert "Nikos's pose was deleted" in _text(pia)
    assert "leans out" in _text(stella)
    with pytest.raises(RollplayError, match="is deleted"):
        _do(pia, f"pose/edit {number}=back again")
    # Rolls, requests and combat turns are never edited nor deleted.
    rolled = _do(pia, "roll Piloting")
    asked = _do(stella, "request Nikos Piloting")
    for target, what in ((getattr(rolled, "log_id", 0), "a roll"),
                         (getattr(asked, "log_id", 0), "a roll request")):  # fmt: skip
        for line in (f"pose/edit {target}=x", f"pose/delete {target}"):
            with pytest.raises(RollplayError, match=f"is {what}: only a pose is edited"):
                _do(seated, line)


def test_a_pose_can_be_changed_only_within_the_games_window(
    seated: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, pia = _scene(seated)
    number = getattr(_do(pia, ":leans in."), "log_id", 0)
    later = now() + timedelta(minutes=16)
    monkeypatch.setattr(poses, "now", lambda: later)
    with pytest.raises(RollplayError, match="edited within 15 minutes"):
        _do(pia, f"pose/edit {number}=too late")
    seated.game_settings("Pegasus", pose_window=30)
    assert seated.game("Pegasus").pose_window == 30
    _do(pia, f"pose/edit {number}=just in time")
    seated.game_settings("Pegasus", pose_window=0)
    with pytest.raises(RollplayError, match="poses are not edited"):
        _do(pia, f"pose/delete {number}")
    with pytest.raises(RollplayError, match="a pose window is 0 to"):
        seated.game_settings("Pegasus", pose_window=-1)


def test_the_storyteller_reveals_a_secret_roll_to_the_scene(seated: Table) -> None:
    stella, pia = _scene(seated)
    secret = _do(stella, "roll/secret Nikos/Alertness")
    number = getattr(secret, "log_id", 0)
    assert "successes" not in _text(pia)
    with pytest.raises(Forbidden, match="only the Storyteller may"):
        _do(pia, f"reveal {number}")
    shown = _do(stella, f"reveal {number}")
    assert isinstance(shown, LedgerWritten)
    assert shown.scene == 1
    text = _text(pia)
    assert f"reveals secret roll #{number}" in text
    assert "successes" in text
    # Its event is unchanged, but a player who learns of the reveal is handed the roll
    # whole where it was made, in the log too (rulings S73).
    (entry,) = [e for e in pia.log(game_name="Pegasus") if e.id == number]
    assert isinstance(entry, SeenEntry)
    assert entry.dice
    (seen,) = [v for v in pia.events_for("Pegasus", limit=1000) if v.id == number]
    assert (seen.hidden, isinstance(seen.data, p.Roll)) == (False, True)
    with pytest.raises(RollplayError, match="already revealed"):
        _do(stella, f"reveal {number}")
    public = getattr(_do(pia, "roll Piloting"), "log_id", 0)
    with pytest.raises(RollplayError, match="only a secret roll is revealed"):
        _do(stella, f"reveal {public}")


def test_a_revealed_secret_roll_verifies_in_a_players_export(seated: Table) -> None:
    """Rulings S73: a player's export marks a secret roll, and a combat turn an NPC fought
    in, "hidden from you" (exit 3) until the Storyteller reveals it; then it is whole there
    (an NPC's turn with its dice), and once its seed is revealed,
    ``rollplay verify`` proves every roll for the players too (exit 0): Pia, and Otto and
    Olly, who learn of a reveal in an open scene as every member does."""
    from rollplay.table.dice.provable_log import verify_log
    from rollplay.table.dice.provable_read import read_log

    stella, pia = _scene(seated)
    rolled = [getattr(stella.execute(parse(line, system="fs3", game="Pegasus")), "log_id", 0)
              for line in ("roll/secret Nikos/Alertness", "roll/secret Zorblax/5")]  # fmt: skip
    pia.execute(parse("roll Piloting", system="fs3", game="Pegasus"))
    tracker = Tracker(stella)  # a combat turn an NPC fights in: its dice are the Storyteller's
    tracker.start("Pegasus", "Alley")
    tracker.join("Pegasus", "Alley", "Nikos", weapon="Pistol")
    tracker.join("Pegasus", "Alley", "Thug", rating=4, team="B", weapon="Pistol")
    tracker.act("Pegasus", "Alley", "Thug", Action("attack", target="Nikos"))
    tracker.turn("Pegasus", "Alley")
    (turn,) = [v.id for v in stella.events_for("Pegasus", limit=1000) if v.kind == "combat_turn"]
    for chain in ("public", "hidden"):
        seated.rotate_seed("Pegasus", chain)

    def verified(who: Table) -> tuple[int, str]:
        report = verify_log(read_log(who.export_log("jsonl", game_name="Pegasus")))
        return report.code, report.summary()

    code, said = verified(pia)
    assert code == 3, said
    assert said.endswith("3 hidden from you"), said  # two secret rolls and the NPC's turn
    assert verified(stella)[0] == 0
    with pytest.raises(RollplayError, match="only a secret roll is revealed"):
        stella.execute(c.Reveal("Pegasus", rolled[0] + 2))  # Pia's public roll
    for number in (*rolled, turn):
        stella.execute(c.Reveal("Pegasus", number))
    (seen,) = [v for v in pia.events_for("Pegasus", limit=1000) if v.id == turn]
    assert not seen.hidden  # the turn whole, its NPC's dice and proof too
    for reader in (pia, seated.acting_as("Otto"), seated.acting_as("Olly")):
        code, said = verified(reader)
        assert code == 0, said
        assert "hidden" not in said, said


def test_combat_turns_land_in_the_scene_and_a_private_one_stays_private(seated: Table) -> None:
    stella = seated.acting_as("Stella")
    _do(stella, "scene/private Hangar=a fight")
    tracker = Tracker(stella)
    tracker.start("Pegasus", "Brawl")
    tracker.join("Pegasus", "Brawl", "Nikos", weapon="Pistol")
    tracker.join("Pegasus", "Brawl", "Raider", rating=4, team="B", weapon="Pistol")
    tracker.act("Pegasus", "Brawl", "Raider", Action("attack", target="Nikos"))
    tracker.turn("Pegasus", "Brawl", dice=SeededDice(4))
    _, ledger = stella.scene("Pegasus", 1)
    kinds = [v.kind for v in ledger]
    assert "combat_start" in kinds
    assert "combat_turn" in kinds
    for outsider in ("Pia", "Otto", "Olly"):
        seen = seated.acting_as(outsider).events_for("Pegasus", limit=1000)
        assert not [v for v in seen if v.kind.startswith("combat")]
    # A turn is never edited.
    turn = next(v.id for v in ledger if v.kind == "combat_turn")
    with pytest.raises(RollplayError, match="is a combat turn: only a pose is edited"):
        _do(stella, f"pose/edit {turn}=rewritten")


def test_a_roll_request_round_trips_the_command_language() -> None:
    for line in ("request Nikos Piloting+1", "request/secret Nikos Alertness",
                 "request/cancel 4", "answer 4", "reveal 9", "pose/delete 3",
                 "pose/edit 3=leans out."):  # fmt: skip
        command = parse(line, system="fs3", game="Pegasus")
        assert parse(to_line(command, system="fs3"), system="fs3", game="Pegasus") == command
    edited = parse("pose/edit 3=one\ntwo", system="fs3", game="Pegasus")
    assert edited == c.PoseEdit("Pegasus", 3, "one\ntwo")
    with pytest.raises(RollplayError, match="pose/edit N=TEXT"):
        parse("pose/edit 3", system="fs3")
    with pytest.raises(RollplayError, match="request NAME ROLL"):
        parse("request Nikos", system="fs3")
    assert Posed(scene=1, style="pose", who="N", text="x").edited is False


def test_two_answers_at_once_cannot_both_be_written(
    seated: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The read that finds a request open can race another answer: the database's unique
    index (ix_events_once) then refuses the second, on SQLite's fast path and PostgreSQL."""
    stella, pia = _scene(seated)
    number = getattr(_do(stella, "request Nikos Piloting"), "log_id", 0)
    _do(pia, f"answer {number}")
    before = len(seated.events_for("Pegasus", limit=1000))
    monkeypatch.setattr(requests, "later_events", lambda *_: [])  # as if read before it
    with pytest.raises(RollplayError, match=f"request #{number} was answered or cancelled "):
        _do(pia, f"answer {number}")
    with pytest.raises(RollplayError, match=f"request #{number} was answered meanwhile"):
        _do(stella, f"request/cancel {number}")
    assert len(seated.events_for("Pegasus", limit=1000)) == before


def test_the_live_feeds_batch_hands_each_pose_as_it_stands(seated: Table) -> None:
    """Rulings S70: the live hub reads a batch of events and what later events did to them in
    one moment (``live_batch``), and hands each viewer the pose as it stands: a pose edited
    and another deleted within one batch reach a player with none of their old words."""
    from rollplay.table.events.audiences import project

    _, pia = _scene(seated)
    otto = seated.acting_as("Otto")
    game_id, game, standing = otto.watch("Pegasus")
    before = otto.latest_event(game_id)
    kept = getattr(_do(pia, ":Firstword"), "log_id", 0)
    _do(pia, f"pose/edit {kept}=Secondword")
    gone = getattr(_do(pia, ":Thirdword"), "log_id", 0)
    _do(pia, f"pose/delete {gone}")
    rows, _, later = seated.live_batch(game_id, before, 500, [])
    views = [project(row, game, standing) for row in rows]
    sent = [later.now(v, standing).model_dump_json() for v in views if v is not None]
    assert len(sent) == 4
    for word in ("Firstword", "Thirdword"):
        assert not [said for said in sent if word in said], word
    assert '"text":"Secondword"' in sent[0]  # the pose, as it stands
    assert '"deleted":true' in sent[2]  # the deleted pose: no words
