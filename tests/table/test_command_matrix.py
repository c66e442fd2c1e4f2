"""Every command, by every role, at every visibility, in every output (issue 28): each registered
command (table/handlers.py), run by the owner, the Storyteller, the player of the character
it concerns, another player, an observer and an outsider, at each visibility it takes, gives
an answer that renders cleanly as text, JSON, HTML, Markdown and MUSH markup, with every
event it wrote rendering cleanly for every audience too; or it is refused with one clear
line and changes nothing. A command registered without a sample here fails the test."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from rollplay.aresmush.scenes import read as read_log
from rollplay.dice import SeededDice
from rollplay.errors import RollplayError
from rollplay.render.answers import answer_lines
from rollplay.render.events import event_card
from rollplay.render.html import card_html
from rollplay.render.markdown import card_markdown
from rollplay.render.mush import card_mush
from rollplay.render.spans import Line
from rollplay.render.text import line_text
from rollplay.systems.fs3.combat.state import Action
from rollplay.table import commands as c
from rollplay.table.access.authz import Standing
from rollplay.table.combat.tracker import Tracker
from rollplay.table.events.audiences import project
from rollplay.table.events.combat import Standing as Fighter
from rollplay.table.handlers import HANDLERS
from rollplay.table.service import Table
from rollplay.table.store.models import Character, Event, Game
from rollplay.table.systems import Request
from tests.databases import Databases, opened, template

_ARES_LOG = read_log(
    "The <b>Docks</b>\nDate: 2024-03-12\nParticipants: Nikos, Pia\n\nNikos leans <i>in</i>."
    "\n\nA foghorn sounds.\n\n<OOC> Pia: brb\n\n<System> Nikos rolls Firearms\n"
)
ROLES = ("owner", "storyteller", "player", "other player", "observer", "outsider")
USERS = {"storyteller": "Stella", "player": "Pia", "other player": "Otto", "observer": "Olly",
         "outsider": "Nora"}  # fmt: skip


def _side(who: str | None, what: str, **options: Any) -> c.Side:
    return c.Side(who, Request(what, **options))


def _log_id(t: Table) -> int:
    """Kara Voss's latest roll, for Character Points after it."""
    t.award_luck("Pegasus", "Nikos", 2)
    rolled = t.execute(c.Roll("Stars", _side("Kara Voss", "Search", difficulty="15")))
    return int(getattr(rolled, "log_id", 0))


def _combat(t: Table) -> None:
    tracker = Tracker(t)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Nikos", weapon="Pistol")
    tracker.join("Pegasus", "Hangar", "Raider", rating=4, team="B", weapon="Pistol")
    tracker.act("Pegasus", "Hangar", "Raider", Action("attack", target="Nikos"))


def _knocked_out(t: Table) -> int:
    """Nikos wounded and knocked out by the turn just resolved, with luck to spend after it:
    the number of a wound that turn gave him."""
    t.award_luck("Pegasus", "Nikos", 2)
    tracker = Tracker(t)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Nikos", weapon="Pistol")
    tracker.join("Pegasus", "Hangar", "Raider", rating=8, team="B", weapon="Rifle")
    for seed in range(100):  # the first seeded turn that knocks Nikos out
        tracker.act("Pegasus", "Hangar", "Raider", Action("attack", target="Nikos"))
        tracker.act("Pegasus", "Hangar", "Nikos", Action("pass"))
        turn = tracker.turn("Pegasus", "Hangar", dice=SeededDice(seed))
        if any(k.name == "Nikos" and k.knocked_out for k in turn.knockouts):
            (nikos,) = [s for s in tracker.status("Pegasus", "Hangar").combatants
                        if isinstance(s, Fighter) and s.name == "Nikos"]  # fmt: skip
            return nikos.fresh_wounds[0]
    raise AssertionError("no seed knocked Nikos out")


def _scene(t: Table) -> None:
    """A running scene, the owner in it."""
    t.execute(c.SceneStart("Pegasus", "Docks"))


def _paused(t: Table) -> None:
    _scene(t)
    t.execute(c.ScenePause("Pegasus", 1))


def _asked(t: Table) -> int:
    """A secret roll request for Nikos (issue 30), in a running scene: its number."""
    _scene(t)
    made = t.execute(c.RequestRoll("Pegasus", _side("Nikos", "Alertness"), secret=True))
    return int(getattr(made, "log_id", 0))


def _posed(t: Table) -> int:
    """The owner's pose in a running scene: its number."""
    _scene(t)
    return int(getattr(t.execute(c.Pose("Pegasus", "leans in.")), "log_id", 0))


def _secret_roll(t: Table) -> int:
    return int(getattr(t.roll("Pegasus", "Mavros", Request("Alertness"), visibility="secret"),
                       "log_id", 0))  # fmt: skip


# Each command: how to set the table up for it (as the owner), and the command itself.
Setup = Callable[[Table], Any]
SAMPLES: dict[type, tuple[Setup, Callable[[Any], object]]] = {
    c.Roll: (lambda t: None, lambda _: c.Roll("Pegasus", _side("Nikos", "Firearms"))),
    c.NpcRoll: (lambda t: None, lambda _: c.NpcRoll("Pegasus", Request("5"), "Raider")),
    c.Opposed: (lambda t: None, lambda _: c.Opposed(
        "Pegasus", _side("Nikos", "Melee"), _side("Mavros", "Melee"))),
    c.Teamwork: (lambda t: None, lambda _: c.Teamwork(
        "Pegasus", _side("Nikos", "Firearms"), (_side("Mavros", "Firearms"),))),
    c.PointsAfter: (_log_id, lambda entry: c.PointsAfter("Stars", entry, 1)),
    c.AwardLuck: (lambda t: None, lambda _: c.AwardLuck("Pegasus", "Nikos", 1, "a fine pose")),
    c.SpendLuck: (lambda t: t.award_luck("Pegasus", "Nikos", 1),
                  lambda _: c.SpendLuck("Pegasus", "Nikos", "a plot point")),
    c.AwardXP: (lambda t: None, lambda _: c.AwardXP("Pegasus", "Nikos", 2, "a session")),
    c.AwardTable: (lambda t: None, lambda _: c.AwardTable("Pegasus", "luck", 1, "the raid")),
    c.RaiseSkill: (lambda t: t.award_xp("Pegasus", "Nikos", 20),
                   lambda _: c.RaiseSkill("Pegasus", "Nikos", "Melee")),
    c.ShowSheet: (lambda t: None, lambda _: c.ShowSheet("Pegasus", "Nikos")),
    c.SetSheet: (lambda t: None, lambda _: c.SetSheet("Pegasus", "Nikos", {"concept": "Ace"})),
    c.Approve: (lambda t: None, lambda _: c.Approve("Pegasus", "Nikos")),
    c.SendBack: (lambda t: None, lambda _: c.SendBack("Pegasus", "Nikos", "Too high")),
    c.ShowLog: (lambda t: t.roll("Pegasus", "Mavros", Request("Alertness"),
                                 visibility="secret"),
                lambda _: c.ShowLog("Pegasus", None, 10)),
    c.Help: (lambda t: None, lambda _: c.Help("Pegasus", "roll")),
    c.HealDay: (lambda t: t.set_character("Pegasus", "Nikos", {"wounds": [
        {"location": "Chest", "severity": "Moderate"}]}),
                lambda _: c.HealDay("Pegasus")),
    c.CombatStart: (lambda t: None, lambda _: c.CombatStart("Pegasus", "Brawl")),
    c.CombatJoin: (lambda t: Tracker(t).start("Pegasus", "Hangar"),
                   lambda _: c.CombatJoin("Pegasus", "Hangar", "Nikos", weapon="Pistol")),
    c.CombatLeave: (_combat, lambda _: c.CombatLeave("Pegasus", "Hangar", "Nikos")),
    c.CombatStance: (_combat, lambda _: c.CombatStance("Pegasus", "Hangar", "Nikos", "Cover")),
    c.CombatAction: (_combat, lambda _: c.CombatAction("Pegasus", "Hangar", "Nikos", "attack",
                                                       target="Raider")),
    c.CombatOrders: (_combat, lambda _: c.CombatOrders("Pegasus", "Hangar", (
        c.NpcOrder("Raider", "suppress", "Nikos"),))),
    c.CombatTurn: (_combat, lambda _: c.CombatTurn("Pegasus", "Hangar")),
    c.CombatStatus: (_combat, lambda _: c.CombatStatus("Pegasus", "Hangar")),
    c.CombatStop: (_combat, lambda _: c.CombatStop("Pegasus", "Hangar")),
    c.CombatMoveWound: (_knocked_out, lambda wound: c.CombatMoveWound("Pegasus", "Hangar", "Nikos",
                                                                 wound, "Left_Leg")),
    c.CombatRecover: (_knocked_out, lambda _: c.CombatRecover("Pegasus", "Hangar", "Nikos")),
    c.SceneStart: (lambda t: None, lambda _: c.SceneStart("Pegasus", "Docks", "<b>rain</b>")),
    c.SceneJoin: (_scene, lambda _: c.SceneJoin("Pegasus", 1)),
    c.ScenePause: (_scene, lambda _: c.ScenePause("Pegasus", 1)),
    c.SceneResume: (_paused, lambda _: c.SceneResume("Pegasus", 1)),
    c.SceneStop: (_scene, lambda _: c.SceneStop("Pegasus", 1)),
    c.SceneInvite: (_scene, lambda _: c.SceneInvite("Pegasus", "Pia", 1)),
    c.SceneOrder: (_scene, lambda _: c.SceneOrder("Pegasus", "round-robin", 1)),
    c.SceneSet: (_scene, lambda _: c.SceneSet("Pegasus", location="The <b>docks</b>", number=1)),
    c.Pose: (_scene, lambda _: c.Pose("Pegasus", "leans in, <i>grinning</i>\n*Later.*")),
    c.RequestRoll: (_scene, lambda _: c.RequestRoll("Pegasus", _side("Nikos", "Piloting+1"))),
    c.AnswerRequest: (_asked, lambda n: c.AnswerRequest("Pegasus", n)),
    c.CancelRequest: (_asked, lambda n: c.CancelRequest("Pegasus", n)),
    c.Reveal: (_secret_roll, lambda n: c.Reveal("Pegasus", n)),
    c.PoseEdit: (_posed, lambda n: c.PoseEdit("Pegasus", n, "leans <b>out</b>.\nLater.")),
    c.PoseDelete: (_posed, lambda n: c.PoseDelete("Pegasus", n)),
    # issue 38: an AresMUSH scene log, the Storyteller's alone to import (rulings A58)
    c.ImportScene: (lambda t: None, lambda _: c.ImportScene("Pegasus", _ARES_LOG, "x.txt")),
}  # fmt: skip


def _visibilities(command: object) -> tuple[str, ...]:
    return ("public", "private", "secret") if hasattr(command, "visibility") else ("-",)


CASES = [(kind.__name__, role) for kind in SAMPLES for role in ROLES]


def test_every_registered_command_has_a_sample() -> None:
    assert {h.command for h in HANDLERS.all()} == set(SAMPLES)


def _seat(table: Table) -> None:
    for name in USERS.values():
        table.add_user(name)
    for game in ("Pegasus", "Stars"):
        table.add_member(game, "Stella", "storyteller")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    table.add_member("Stars", "Pia", "player", ("Kara Voss",))
    table.add_member("Pegasus", "Otto", "player", ("Mavros",))
    table.add_member("Pegasus", "Olly", "observer")


SEATED = template("matrix", _seat)  # seated once a session, copied for each of the cases


@pytest.fixture
def seated(databases: Databases, backend: str, tmp_path: Path) -> Iterator[Table]:
    with opened(databases, backend, SEATED, tmp_path) as table:
        yield table


def _state(t: Table) -> tuple[Any, ...]:
    """What a refused command must leave as it was: every event, every character's points
    and sheet, every combat."""
    with t.engine.connect() as conn:
        events = conn.execute(sa.text("SELECT COUNT(*) FROM events")).scalar()
        points = (Character.luck, Character.xp_halves, Character.character_points)
        rows = conn.execute(sa.select(*points, Character.version)).all()
        combats = conn.execute(sa.text("SELECT turn, actions, combatants FROM combats")).all()
    return events, sorted(map(tuple, rows)), sorted(map(str, combats))


def _outputs(lines: list[Line]) -> Iterator[str]:
    """A card as every surface writes it."""
    yield "\n".join(line_text(line) for line in lines)
    yield str(card_html(lines))
    yield card_markdown(lines)
    yield card_mush(lines)


def _audiences(t: Table, event_ids: tuple[int, ...]) -> Iterator[Any]:
    """Each event as every kind of viewer is handed it."""
    with t.reading() as s:
        for e in s.scalars(sa.select(Event).where(Event.id.in_(event_ids))):
            game = s.get(Game, e.game_id)
            assert game is not None
            theirs = frozenset({e.character_id or 0})
            for standing in (Standing(game.name, "gm", "storyteller"),
                             Standing(game.name, "them", "player", theirs),
                             Standing(game.name, "other", "player"),
                             Standing(game.name, "watcher", "observer")):  # fmt: skip
                seen = project(e, game.name, standing)
                if seen is not None:
                    yield seen


@pytest.mark.parametrize(("kind", "role"), CASES)
def test_every_command_for_every_role_visibility_and_output(
    seated: Table, kind: str, role: str
) -> None:
    setup, make = next(v for k, v in SAMPLES.items() if k.__name__ == kind)
    made = setup(seated)
    actor = seated if role == "owner" else seated.acting_as(USERS[role])
    for visibility in _visibilities(make(made)):
        command: Any = make(made)
        if visibility != "-":
            command = dataclasses.replace(command, visibility=visibility)
        before = _state(seated)
        try:
            answer = actor.execute(command, dice=SeededDice(7))
        except RollplayError as exc:
            said = str(exc)
            assert role != "owner", f"the owner, Storyteller of every game, was refused: {said}"
            assert said, f"{kind} refused {role} in silence"
            assert "\n" not in said, said
            assert _state(seated) == before, f"{kind} refused for {role} changed the table"
            continue
        assert role != "outsider", f"{kind} ran for someone in no game"
        rendered = [*_outputs(answer_lines(answer)), *_outputs(answer_lines(answer, True)),
                    answer.model_dump_json(by_alias=True)]  # fmt: skip
        assert all(isinstance(text, str) and text for text in rendered)
        for seen in _audiences(seated, answer.event_ids):
            assert all(_outputs(event_card(seen)))
            assert seen.model_dump_json(by_alias=True)
