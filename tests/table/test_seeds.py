"""Verifiable dice at the table (issue 18), through the service, on SQLite and PostgreSQL:
each game commits its seeds before any roll uses them, every logged roll draws from them
with one nonce per command, a rotation reveals a seed and commits the next, private and
secret rolls keep to a chain of their own, a player's client seed applies from their next
roll, and dice that were not drawn at the table say so."""

from __future__ import annotations

import hashlib

import pytest
import sqlalchemy as sa

from rollplay.dice import ScriptedDice, SeededDice
from rollplay.errors import RollplayError, RuleError
from rollplay.systems.fs3.combat.state import Action
from rollplay.table.answers import D6Rolled, FS3OpposedRolled, FS3Rolled, FS3TeamRolled, OneRolled
from rollplay.table.combat.tracker import Tracker
from rollplay.table.dice.provable import derive
from rollplay.table.events.combat import HealDay, Turn
from rollplay.table.events.payloads import (
    ClientSeedSet,
    GameSettings,
    HiddenRoll,
    Provable,
    Roll,
    SeedCommitted,
    SeedRevealed,
)
from rollplay.table.events.views import EventView
from rollplay.table.play.after import add_character_points
from rollplay.table.service import Table
from rollplay.table.systems import Request
from tests.typed import dumped, of

pytestmark = [
    pytest.mark.storage,
    pytest.mark.examples,
]  # nonces taken and given back in the write transaction


@pytest.fixture
def game(table: Table) -> Table:
    for name in ("Stella", "Pia", "Otto"):
        table.add_user(name)
    table.add_member("Pegasus", "Stella", "storyteller")
    table.add_member("Pegasus", "Pia", "player", ("Nikos",))
    table.add_member("Pegasus", "Otto", "player", ("Mavros",))
    return table


def _events(table: Table, game: str = "Pegasus", after: int = 0) -> list[EventView]:
    return table.events_for(game, after=after, limit=1000)


def _event(table: Table, event_id: int, game: str = "Pegasus") -> EventView:
    return next(e for e in _events(table, game) if e.id == event_id)


def _roll(table: Table, event_id: int, game: str = "Pegasus") -> Roll:
    return of(Roll, _event(table, event_id, game).data)


def _block(table: Table, event_id: int, game: str = "Pegasus") -> Provable:
    return of(Provable, _roll(table, event_id, game).provable)


def _commits(table: Table, game: str = "Pegasus") -> dict[str, EventView]:
    """The latest commitment event of each chain."""
    return {_commit(e).chain: e for e in _events(table, game) if e.kind == "seed_commit"}


def _commit(view: EventView) -> SeedCommitted:
    return of(SeedCommitted, view.data)


def _reveals(table: Table) -> list[SeedRevealed]:
    return [of(SeedRevealed, e.data) for e in _events(table) if e.kind == "seed_reveal"]


def _rederived(seed_hex: str, block: Provable) -> list[tuple[int, ...]]:
    shape = [(sides, len(faces)) for sides, faces in block.draws]
    got = derive(bytes.fromhex(seed_hex), block.client_seed, block.nonce, shape)
    return [tuple(faces) for faces in got]


def _one(answer: object) -> OneRolled:
    """A roll of one character, whatever its system."""
    return of(OneRolled, answer)


def test_a_new_game_commits_both_seeds_before_any_roll(game: Table) -> None:
    kinds = [e.kind for e in _events(game)]
    assert kinds[:3] == ["game", "seed_commit", "seed_commit"]
    commits = _commits(game)
    assert set(commits) == {"public", "hidden"}
    public = _commit(commits["public"]).commitment
    assert public != _commit(commits["hidden"]).commitment
    rolled = of(FS3Rolled, game.roll("Pegasus", "Nikos", Request("Firearms")))
    block = _block(game, rolled.log_id)
    assert (block.chain, block.nonce) == ("public", 0)
    assert block.commitment == public
    assert commits["public"].id < rolled.log_id
    assert rolled.dice_source == "provable"
    (sides, faces), *_ = block.draws
    assert (sides, faces) == (8, rolled.dice)


def test_a_game_from_before_verifiable_dice_commits_at_its_first_roll(game: Table) -> None:
    with game.engine.begin() as conn:  # as a database upgraded to 0010 finds its games
        conn.execute(sa.text("DELETE FROM seeds"))
    before = _events(game)[-1].id
    rolled = _one(game.roll("Pegasus", "Nikos", Request("Firearms"), visibility="private"))
    public, hidden, client, roll = _events(game, after=before)  # both, whichever came first
    assert [(e.kind, _commit(e).chain) for e in (public, hidden)] == [
        ("seed_commit", "public"), ("seed_commit", "hidden")]  # fmt: skip
    assert client.kind == "client_seed"  # the roller's first, made for them, in the stream
    assert roll.id == rolled.log_id
    assert _block(game, roll.id).commitment == _commit(hidden).commitment


def test_rotation_reveals_the_seed_and_commits_the_next(game: Table) -> None:
    first = _one(game.roll("Pegasus", "Nikos", Request("Firearms")))
    second = _one(game.roll("Pegasus", "Mavros", Request("Melee")))
    old = _commit(_commits(game)["public"]).commitment
    rotated = game.acting_as("Stella").rotate_seed("Pegasus")
    reveal, commit = _events(game, after=second.log_id)
    assert reveal.kind == "seed_reveal"
    said = of(SeedRevealed, reveal.data)
    assert (said.chain, said.commitment, said.nonces) == ("public", old, 2)
    assert hashlib.sha256(bytes.fromhex(said.seed)).hexdigest() == old
    assert commit.kind == "seed_commit"
    assert _commit(commit).commitment == rotated.commitment != old
    for rolled in (first, second):  # anyone can now re-derive every roll made under it
        block = _block(game, rolled.log_id)
        assert _rederived(said.seed, block) == [f for _, f in block.draws]
    after = _one(game.roll("Pegasus", "Nikos", Request("Firearms")))
    block = _block(game, after.log_id)
    assert (block.commitment, block.nonce) == (rotated.commitment, 0)
    shown = game.seeds("Pegasus")
    assert [r.seed for r in shown.revealed] == [said.seed]


def test_private_and_secret_rolls_keep_to_the_hidden_chain(game: Table) -> None:
    public = _one(game.roll("Pegasus", "Nikos", Request("Firearms")))
    private = _one(game.acting_as("Pia").roll("Pegasus", "Nikos", Request("Piloting"),
                                              visibility="private"))  # fmt: skip
    secret = _one(game.roll("Pegasus", "Mavros", Request("Alertness"), visibility="secret"))
    npc = _one(game.npc_roll("Pegasus", Request("5"), name="Raider", visibility="secret"))
    blocks = [_block(game, r.log_id) for r in (public, private, secret, npc)]
    assert [(b.chain, b.nonce) for b in blocks] == [
        ("public", 0), ("hidden", 0), ("hidden", 1), ("hidden", 2),
    ]  # fmt: skip
    # What players see of a secret roll is as it was: nothing of its dice or seed.
    seen = {e.id: e for e in _events(game.acting_as("Otto"))}
    assert seen[secret.log_id].data == HiddenRoll(system="fs3")
    assert private.log_id not in seen
    hidden = game.acting_as("Stella").rotate_seed("Pegasus")  # the public chain only
    assert [r.chain for r in _reveals(game)] == ["public"]
    assert hidden.chain == "public"
    assert game.roll("Pegasus", "Nikos", Request("Firearms"), visibility="private")
    with game.engine.connect() as conn:
        secret_seed = conn.execute(sa.text(
            "SELECT seed FROM seeds JOIN games ON games.id = seeds.game_id "
            "WHERE games.name = 'Pegasus' AND chain = 'hidden' AND revealed_at IS NULL"
        )).scalar_one()  # fmt: skip
    everything = str([dumped(e) for e in _events(game)]).encode()
    assert bytes(secret_seed).hex().encode() not in everything  # not in any event yet
    shown = game.acting_as("Otto").seeds("Pegasus")
    chains = {row.chain: row for row in shown.current}
    assert chains["hidden"].nonces is None  # how many hidden rolls: the Storyteller's
    assert chains["public"].nonces == 0
    assert {r.chain: r.nonces for r in game.seeds("Pegasus").current}["hidden"] == 4
    game.rotate_seed("Pegasus", "hidden")
    reveal = _reveals(game)[-1]
    assert (reveal.chain, reveal.nonces, reveal.seed) == (
        "hidden",
        4,
        bytes(secret_seed).hex(),
    )
    block = _block(game, secret.log_id)
    assert _rederived(reveal.seed, block) == [f for _, f in block.draws]


def test_a_client_seed_applies_from_the_next_roll(game: Table) -> None:
    pia = game.acting_as("Pia")
    default = pia.seeds("Pegasus").client_seed  # made when she joined
    assert default is not None
    assert len(default) == 16  # a random one, made and kept for her
    first = _one(pia.roll("Pegasus", "Nikos", Request("Firearms")))
    assert _block(game, first.log_id).client_seed == default
    assert _block(game, _one(pia.roll("Pegasus", "Nikos", Request("Firearms"))).log_id
                  ).client_seed == default  # fmt: skip
    assert pia.set_client_seed("Pegasus", "Pia's:lucky!seed").client_seed == "Pia's:lucky!seed"
    after = _one(pia.roll("Pegasus", "Nikos", Request("Firearms")))
    assert _block(game, after.log_id).client_seed == "Pia's:lucky!seed"
    # Each roller's own: the Storyteller's rolls keep theirs.
    stella = _one(game.acting_as("Stella").roll("Pegasus", "Mavros", Request("Melee")))
    assert _block(game, stella.log_id).client_seed not in (default, "Pia's:lucky!seed")
    said = [e for e in _events(game) if e.kind == "client_seed"]  # every one, made or chosen
    assert [e.data for e in said] == [
        ClientSeedSet(user="Stella", client_seed=_block(game, stella.log_id).client_seed),
        ClientSeedSet(user="Pia", client_seed=default),
        ClientSeedSet(user="Otto", client_seed=game.acting_as("Otto").seeds("Pegasus").client_seed),
        ClientSeedSet(user="Pia", client_seed="Pia's:lucky!seed"),
    ]
    assert all(e.visibility == "public" for e in said)  # made at joining: no roll's trace
    assert said[1].id < first.log_id  # before the roll that used it
    game.add_user("Olly")
    game.add_member("Pegasus", "Olly", "observer")  # rolls nothing: gets none (V4)
    assert game.acting_as("Olly").seeds("Pegasus").client_seed is None
    for bad in ("two words", "", "x" * 65, "caf\u00e9"):
        with pytest.raises(RollplayError, match="a client seed is 1 to 64 printable ASCII"):
            pia.set_client_seed("Pegasus", bad)
    assert pia.seeds("Pegasus").client_seed == "Pia's:lucky!seed"


def test_typed_and_seeded_dice_are_marked_and_take_no_nonce(game: Table) -> None:
    from rollplay.render.cards import entry_card
    from rollplay.render.spans import text_of

    typed = _one(game.roll("Pegasus", "Nikos", Request("Firearms"), dice=ScriptedDice([8] * 7)))
    seeded = _one(game.roll("Pegasus", "Nikos", Request("Firearms"), dice=SeededDice(7)))
    live = _one(game.roll("Pegasus", "Nikos", Request("Firearms")))
    assert (typed.dice_source, seeded.dice_source) == ("typed", "seeded")
    for rolled, source in ((typed, "typed"), (seeded, "seeded")):
        data = _roll(game, rolled.log_id)
        assert data.dice_source == source
        assert data.provable is None
    assert _block(game, live.log_id).nonce == 0  # the typed and seeded took none
    cards = {e.id: " ".join(text_of(line) for line in entry_card(e))
             for e in game.log(game_name="Pegasus")}  # fmt: skip
    assert "typed dice" in cards[typed.log_id]
    assert "seeded dice" in cards[seeded.log_id]
    assert "dice" not in cards[live.log_id].split(" · Firearms")[0]


def test_a_game_without_verifiable_dice_rolls_os_entropy_and_says_so(game: Table) -> None:
    changed = game.game_settings("Pegasus", provable=False)
    assert changed.provable is False
    assert _events(game)[-1].data == GameSettings(provable=False)
    rolled = _one(game.roll("Pegasus", "Nikos", Request("Firearms")))
    data = _roll(game, rolled.log_id)
    assert (rolled.dice_source, data.dice_source) == ("secure", "secure")
    assert data.provable is None
    assert {r.chain: r.nonces for r in game.seeds("Pegasus").current}["public"] == 0
    game.game_settings("Pegasus", provable=True)
    back = _one(game.roll("Pegasus", "Nikos", Request("Firearms")))
    assert _block(game, back.log_id).nonce == 0


def test_each_command_takes_one_nonce_and_its_entries_share_it(
    game: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    opposed = of(FS3OpposedRolled, game.opposed("Pegasus", ("Nikos", Request("Firearms")),
                                                ("Mavros", Request("Melee"))))  # fmt: skip
    team = of(FS3TeamRolled, game.teamwork("Pegasus", ("Nikos", Request("Piloting")),
                                           [("Mavros", Request("Athletics"))]))  # fmt: skip
    blocks = [_block(game, i) for i in [*opposed.log_ids, *team.log_ids]]
    assert [b.nonce for b in blocks] == [0, 0, 1, 1]
    assert blocks[0].draws == blocks[1].draws
    assert [b.part for b in blocks[:2]] == [(0, 7), (7, 14)]  # each side's own dice
    assert blocks[2].draws[0][1] == team.assists[0].dice  # the assister drew first
    # A refused command takes no nonce; one that fails after taking it gives it back.
    for _ in range(of(int, game.character("Pegasus", "Nikos").luck)):
        game.spend_luck("Pegasus", "Nikos")
    with pytest.raises(RuleError, match="no luck points"):
        game.roll("Pegasus", "Nikos", Request("Firearms", luck="bonus"))

    def broken(_: object) -> None:
        raise RollplayError("the roll fails after its dice are drawn")

    monkeypatch.setattr("rollplay.table.play.rolling.settle", broken)
    with pytest.raises(RollplayError, match="after its dice"):
        game.roll("Pegasus", "Nikos", Request("Firearms"))
    monkeypatch.undo()
    last = _one(game.roll("Pegasus", "Nikos", Request("Firearms")))
    assert _block(game, last.log_id).nonce == 2


def test_d6_points_after_a_roll_take_a_nonce_of_their_own(game: Table) -> None:
    first = of(D6Rolled, game.roll("Stars", "Kara Voss", Request("Search")))
    more = add_character_points(game, "Stars", first.log_id, 1)
    a, b = _block(game, first.log_id, "Stars"), _block(game, more.log_id, "Stars")
    assert (a.nonce, b.nonce) == (0, 1)
    # Only the die it added: a toss per draw, as many as it exploded.
    assert tuple(face for _, faces in b.draws for face in faces) == more.cp_dice[-1]


def test_combat_turns_and_healing_draw_from_the_seeds(game: Table) -> None:
    tracker = Tracker(game)
    tracker.start("Pegasus", "Hangar")
    tracker.join("Pegasus", "Hangar", "Nikos", weapon="Pistol")
    tracker.join("Pegasus", "Hangar", "Mavros", weapon="Pistol", team="B")
    tracker.act("Pegasus", "Hangar", "Nikos", Action("attack", target="Mavros"))
    turn = tracker.turn("Pegasus", "Hangar")
    assert turn.dice_source == "provable"
    event = [e for e in _events(game) if e.kind == "combat_turn"][-1]
    assert of(Provable, of(Turn, event.data).provable).chain == "public"  # characters only
    tracker.join("Pegasus", "Hangar", "Raider", rating=4, team="B")
    tracker.turn("Pegasus", "Hangar")
    with_npc = [e for e in _events(game) if e.kind == "combat_turn"][-1]
    hidden = of(Provable, of(Turn, with_npc.data).provable)
    assert hidden.chain == "hidden"  # its NPC's dice are hidden
    seen = [e for e in _events(game.acting_as("Pia")) if e.id == with_npc.id]
    assert seen[0].hidden is True
    assert of(Turn, seen[0].data).provable is None
    assert hidden.commitment not in str(dumped(seen[0]))
    day = game.acting_as("Stella")
    from rollplay.table.combat.healing import heal_day

    healed = heal_day(day, "Pegasus")
    assert healed.dice_source == "provable"
    day_event = [e for e in _events(game) if e.kind == "heal_day"][-1]
    assert of(HealDay, day_event.data).provable is not None
