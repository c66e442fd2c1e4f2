"""The shared tampering corpus (issue 29): an honest export of a one-game table, and each
forgery built from it the way someone holding the file (and, after a reveal, the seed)
would build it: re-deriving whatever dice they change, so that only the checks of a whole
log can catch them. Both verifiers read every file (test_corpus.py): rollplay verify in
Python, verify_log.js under Node, as the Verify page runs it.

One game in the database, so its event numbers are 1, 2, 3, ... whether they are numbered
per game or across the database."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from rollplay.systems.fs3.judging import judge_counts
from rollplay.systems.fs3.presets import preset
from rollplay.table.dice.provable import ProvableDice, commitment
from rollplay.table.service import Table
from rollplay.table.systems import Request

Line = dict[str, Any]
GAME = "Solo"
PIAS_SEED = "pia-chose-this"
ADA = {"name": "Ada", "system": "fs3", "concept": "A medic with a steady hand.",
       "attributes": {"Academic": 2, "Athletic": 2, "Creative": 1, "Reactive": 2, "Social": 2},
       "action": {"Firearms": 2, "Medicine": 3, "Melee": 2}, "languages": ["English"]}  # fmt: skip
BEN = {**ADA, "name": "Ben", "concept": "A deckhand who hits first.",
       "action": {"Firearms": 1, "Melee": 3}}  # fmt: skip


class Case(NamedTuple):
    """One file of the corpus: its lines (or raw text), the options a player gives, and the
    exit status both verifiers must give it."""

    lines: list[Line] | str
    code: int
    commitments: tuple[str, ...] = ()
    client_seeds: dict[str, str] = {}  # noqa: RUF012 - never mutated


def play(table: Table) -> Table:
    """One game, every kind of command that draws from the seeds, by two players and the
    Storyteller, Pia with a client seed of her choosing, the others with the ones made."""
    table.new_game(GAME, "fs3", "3.2")
    for sheet in (ADA, BEN):
        table.new_character(GAME, sheet)
    for name in ("Stella", "Pia", "Otto"):
        table.add_user(name)
    table.add_member(GAME, "Stella", "storyteller")
    table.add_member(GAME, "Pia", "player", ("Ada",))
    table.add_member(GAME, "Otto", "player", ("Ben",))
    pia, otto, stella = (table.acting_as(n) for n in ("Pia", "Otto", "Stella"))
    pia.set_client_seed(GAME, PIAS_SEED)
    for _ in range(3):
        pia.roll(GAME, "Ada", Request("Firearms"))
    otto.roll(GAME, "Ben", Request("Melee"))
    pia.opposed(GAME, ("Ada", Request("Melee")), ("Ben", Request("Melee")))
    table.award_luck(GAME, "Ada", 2)
    pia.roll(GAME, "Ada", Request("Firearms", luck="reroll"))
    pia.roll(GAME, "Ada", Request("Medicine"), visibility="private")
    stella.roll(GAME, "Ben", Request("Melee"), visibility="secret")
    pia.roll(GAME, "Ada", Request("Firearms"))
    return table


def forged(base: list[Line], change: Callable[[list[Line]], None]) -> list[Line]:
    """A copy of the honest lines, changed."""
    lines = copy.deepcopy(base)
    change(lines)
    return lines


def rotate(table: Table) -> None:
    """Both chains revealed; then one roll under the next public seed, and it revealed too
    (so the corpus holds a commitment that covers its predecessor's count: rulings V13)."""
    stella = table.acting_as("Stella")
    for chain in ("public", "hidden"):
        stella.rotate_seed(GAME, chain)
    table.acting_as("Otto").roll(GAME, "Ben", Request("Firearms"))
    stella.rotate_seed(GAME)


def lines_of(text: str) -> list[Line]:
    return [json.loads(line) for line in text.splitlines()]


def text_of(lines: list[Line]) -> str:
    return "".join(json.dumps(line) + "\n" for line in lines)


def _rolls(lines: list[Line], chain: str = "public") -> list[Line]:
    return [line for line in lines if line["kind"] == "roll" and line.get("provable")
            and line["provable"]["chain"] == chain]  # fmt: skip


def _plain(lines: list[Line]) -> list[Line]:
    """The public rolls of one entry each (not a contest's or a luck re-roll's)."""
    return [line for line in _rolls(lines) if line["provable"].get("part") is None
            and not (line.get("outcome") or {}).get("discarded")]  # fmt: skip


def _seed(lines: list[Line], chain: str = "public") -> bytes:
    reveal = next(line for line in lines if line["kind"] == "seed_reveal"
                  and line["chain"] == chain)  # fmt: skip
    return bytes.fromhex(reveal["seed"])


def _rederive(line: Line, seed: bytes, **changes: Any) -> None:
    """The roll's block changed, and its dice drawn again under the change, everywhere the
    line shows them (a forger with the revealed seed can)."""
    block = line["provable"]
    block.update(changes)
    dice = ProvableDice(seed, block["client_seed"], block["nonce"])
    block["draws"] = [[sides, list(dice.roll(sides, len(faces)))] for sides, faces in
                      block["draws"]]  # fmt: skip
    faces = [f for _, got in block["draws"] for f in got]
    if block.get("part") is not None:  # a contest's side: its own part of the draws
        faces = faces[block["part"][0] : block["part"][1]]
    outcome = line.get("outcome") or {}
    at = outcome.get("success_at") or 7

    def counted(roll: Line, dice: list[int]) -> None:  # the card follows the dice
        successes, ones = sum(d >= at for d in dice), dice.count(1)
        level, shamed = judge_counts(successes, ones, len(dice), roll.get("attribute"),
                                     preset(outcome.get("edition") or "3.2"))  # fmt: skip
        roll.update(dice=dice, successes=successes, ones=ones, level=level, embarrassing=shamed,
                    succeeded=not shamed and successes > 0)  # fmt: skip

    if outcome.get("discarded"):  # a luck re-roll: the better kept, the first on a tie
        first, second = faces[: len(line["dice"])], faces[len(line["dice"]) :]
        if sum(d >= at for d in second) > sum(d >= at for d in first):
            first, second = second, first
        faces = first
        counted(outcome["discarded"], second)
    line["dice"] = faces
    if "dice" in outcome:
        counted(outcome, faces)


def _contests_rejudged(lines: list[Line]) -> None:
    """Each contest judged again from its sides' cards, on both entries (as a forger who
    re-derived its dice would)."""
    sides = [line for line in lines if ((line.get("outcome") or {}).get("opposed") or {})
             .get("side") in ("first", "second")]  # fmt: skip
    for first, second in zip(sides[::2], sides[1::2], strict=True):
        a, b = first["outcome"], second["outcome"]
        hits = [0 if o["embarrassing"] else o["successes"] for o in (a, b)]
        net = hits[0] - hits[1]
        winner = "first" if net > 0 else "second" if net < 0 else None
        for o in (a, b):
            o["opposed"].update(winner=winner, net=abs(net),
                                margin=preset(o["edition"]).margin(net),
                                winner_name={"first": a, "second": b}[winner]["name"]
                                if winner else None,
                                both_failed=not a["succeeded"] and not b["succeeded"])  # fmt: skip


def _ground_client_seed(lines: list[Line]) -> None:
    """A client seed searched for: the roll names one its roller never had."""
    _rederive(_plain(lines)[0], _seed(lines), client_seed="ground-1234")


def _ground_with_its_event(lines: list[Line]) -> None:
    """The same, with the client-seed event changed too: only the player's own seed tells."""
    roll = _plain(lines)[0]
    event = next(line for line in lines if line["kind"] == "client_seed"
                 and line["client_seed"] == PIAS_SEED)  # fmt: skip
    event["client_seed"] = "ground-1234"
    for line in _rolls(lines) + _rolls(lines, "hidden"):
        if line["provable"]["client_seed"] == PIAS_SEED:
            _rederive(line, _seed(lines, line["provable"]["chain"]), client_seed="ground-1234")
    _contests_rejudged(lines)
    assert roll["provable"]["client_seed"] == "ground-1234"


def _client_seeds_unlogged(lines: list[Line]) -> None:
    """Pia's client seeds not in the log (as in a database from before rulings V10, or a
    forger who put placeholders in their place): her rolls' dice still match their seeds,
    but whose seed each had to use is unproven (exit 3), never verified."""
    for at, line in enumerate(lines):
        if line["kind"] == "client_seed" and line["user"] == "Pia":
            lines[at] = {"kind": "placeholder", "id": line["id"], "game": line["game"], "of": None}


def _nonces_swapped(lines: list[Line]) -> None:
    first, second = _plain(lines)[:2]
    a, b = first["provable"]["nonce"], second["provable"]["nonce"]
    _rederive(first, _seed(lines), nonce=b)
    _rederive(second, _seed(lines), nonce=a)


def _ids_swapped(lines: list[Line]) -> None:
    """Two rolls moved in the event order: the later nonce logged first (a gap filled later)."""
    first, second = _plain(lines)[:2]
    first["id"], second["id"] = second["id"], first["id"]


def _reveal_deleted(lines: list[Line]) -> None:
    lines[:] = [line for line in lines if line["kind"] != "seed_reveal"]


def _renumbered(lines: list[Line]) -> None:
    """The events numbered again, 1, 2, 3, ..., to close the gaps a deletion left."""
    for number, line in enumerate(sorted(lines, key=lambda line: line["id"]), 1):
        line["id"] = number


def _reveal_deleted_renumbered(lines: list[Line]) -> None:
    _reveal_deleted(lines)
    _renumbered(lines)


def _fake_reveal(lines: list[Line]) -> None:
    """A seed never committed, revealed, and every public roll drawn again from it."""
    fake = bytes(range(32))
    reveal = next(line for line in lines if line["kind"] == "seed_reveal"
                  and line["chain"] == "public")  # fmt: skip
    old, reveal["seed"], reveal["commitment"] = reveal["commitment"], fake.hex(), commitment(fake)
    for line in _rolls(lines):
        if line["provable"]["commitment"] == old:
            _rederive(line, fake, commitment=commitment(fake))
    _contests_rejudged(lines)


def _fake_reveal_and_commit(lines: list[Line]) -> None:
    """The same, with its commitment event changed too: only a recorded commitment tells."""
    old = next(line for line in lines if line["kind"] == "seed_reveal"
               and line["chain"] == "public")["commitment"]  # fmt: skip
    _fake_reveal(lines)
    for line in lines:
        if line["kind"] == "seed_commit" and line["commitment"] == old:
            line["commitment"] = commitment(bytes(range(32)))


def _first_reveal(lines: list[Line]) -> Line:
    return next(line for line in lines if line["kind"] == "seed_reveal"
                and line["chain"] == "public")  # fmt: skip


def _last_roll_deleted(lines: list[Line]) -> None:
    """The first public seed's last roll taken out and the reveal's count lowered to match."""
    first = _first_reveal(lines)["commitment"]
    last = [line for line in _plain(lines) if line["provable"]["commitment"] == first][-1]
    lines.remove(last)
    _first_reveal(lines)["nonces"] -= 1
    for line in lines:
        line["complete"] = True if line["kind"] == "seed_reveal" else line.get("complete")


def _last_roll_deleted_renumbered(lines: list[Line]) -> None:
    """The same, the events numbered again: the next commitment's count tells."""
    _last_roll_deleted(lines)
    _renumbered(lines)


def _last_roll_deleted_all_edited(lines: list[Line]) -> None:
    """The same, and the count the next seed's events give lowered too: once that seed is
    revealed, its commitment does not hash (it covered the count before the change)."""
    _last_roll_deleted_renumbered(lines)
    first = _first_reveal(lines)
    for line in lines:
        if (line.get("after") or {}).get("commitment") == first["commitment"]:
            line["after"]["nonces"] = first["nonces"]


def _roll_made_a_placeholder(lines: list[Line]) -> None:
    """A roll turned into an event the reader may not see: a public roll cannot be one."""
    at = lines.index(_plain(lines)[-1])
    lines[at] = {"kind": "placeholder", "id": lines[at]["id"], "game": GAME, "of": None}


def _successes_changed(lines: list[Line]) -> None:
    """One more success on the card (a failure made a success), the dice left alone."""
    roll = _plain(lines)[0]
    roll["outcome"].update(successes=roll["outcome"]["successes"] + 1, succeeded=True)


def _die_dropped(lines: list[Line]) -> None:
    """A die taken out of a pool, everywhere the entry holds it, its counts made to follow."""
    roll = _plain(lines)[0]
    roll["provable"]["draws"][0][1].pop()
    dice = roll["provable"]["draws"][0][1]
    at = roll["outcome"]["success_at"]
    roll["dice"] = dice
    roll["outcome"].update(dice=dice, successes=sum(d >= at for d in dice), ones=dice.count(1))


def _luck_swapped(lines: list[Line]) -> None:
    """A luck re-roll with its kept and discarded rolls swapped (the card shows the worse)."""
    roll = next(line for line in _rolls(lines) if (line["outcome"] or {}).get("discarded"))
    kept, other = roll["outcome"], roll["outcome"]["discarded"]
    fields = ("dice", "successes", "ones", "level", "embarrassing", "succeeded")
    swapped = {k: other[k] for k in fields}
    other.update({k: kept[k] for k in fields})
    kept.update(swapped)
    roll["dice"] = kept["dice"]


def _contest_sides_swapped(lines: list[Line]) -> None:
    """A contest's two entries swapped in the event order: the second side logged first."""
    first, second = [line for line in _rolls(lines) if line["provable"].get("part")]
    first["id"], second["id"] = second["id"], first["id"]


def _level_changed(lines: list[Line]) -> None:
    """One roll's level raised ("Good Success" made "Amazing Success"; a failure a success),
    its dice and counts left alone."""
    roll = _plain(lines)[0]["outcome"]
    level = "Good Success" if roll["level"] == "Amazing Success" else "Amazing Success"
    roll.update(level=level, embarrassing=False, succeeded=True)


def _winner_changed(lines: list[Line]) -> None:
    """A contest's winner changed on both its entries, the dice and counts left alone."""
    sides = [line["outcome"] for line in _rolls(lines) if line["provable"].get("part")]
    for o in sides:
        loser = "first" if o["opposed"]["winner"] != "first" else "second"
        name = sides[0 if loser == "first" else 1]["name"]
        o["opposed"].update(winner=loser, winner_name=name)


def _credited_to_another(lines: list[Line]) -> None:
    """Pia's roll credited to Ben, whom Otto plays: the card names him, the dice are hers."""
    roll = next(line for line in _plain(lines) if line["actor"] == "Pia")
    roll["character"] = roll["outcome"]["name"] = "Ben"


def _rating_raised(lines: list[Line]) -> None:
    """Ada's Firearms rolled at 4, not the 2 her sheet gives: the part, pool and request
    raised by two, and the dice drawn again with two more (a forger with the revealed seed
    can), every count made to follow."""
    roll = _plain(lines)[0]
    o = roll["outcome"]
    assert o["parts"][0]["label"] == "Firearms 2"
    o["parts"][0].update(label="Firearms 4", dice=4)
    o.update(pool=o["pool"] + 2, requested=o["requested"] + 2)
    roll["provable"]["draws"][0][1] += [1, 1]
    _rederive(roll, _seed(lines))


def _game_not_text(lines: list[Line]) -> None:
    """A line's game that is not text: both verifiers quote it alike (as Python's JSON)."""
    [line for line in lines if line["kind"] == "placeholder"][-1]["game"] = [9, 1]


def _float_nonce(text: str) -> str:
    return text.replace('"nonce": 1,', '"nonce": 1.0,', 1)


def _float_id(text: str) -> str:
    return text.replace('{"kind": "roll", "id": ', '{"kind": "roll", "id": 1.0e1 , "was": ', 1)


def _first_commitment(lines: list[Line]) -> str:
    return str(next(line for line in lines if line["kind"] == "seed_commit"
                    and line["chain"] == "public")["commitment"])  # fmt: skip


def corpus(honest: str, unrevealed: str, pias: str) -> dict[str, Case]:
    """Every file of the corpus, by name: ``honest`` is the Storyteller's export after both
    chains were revealed, ``unrevealed`` before, ``pias`` Pia's after."""
    base = lines_of(honest)
    recorded = _first_commitment(base)

    def changed(change: Callable[[list[Line]], None]) -> list[Line]:
        return forged(base, change)

    return {
        "honest": Case(base, 0),
        "honest_with_the_players_seed": Case(base, 0, (recorded,), {"Pia": PIAS_SEED}),
        "unrevealed": Case(lines_of(unrevealed), 3),
        "as_a_player": Case(lines_of(pias), 3),
        "ground_client_seed": Case(changed(_ground_client_seed), 1),
        "ground_client_seed_and_its_event": Case(changed(_ground_with_its_event), 0),
        "ground_client_seed_and_its_event_checked": Case(
            changed(_ground_with_its_event), 1, client_seeds={"Pia": PIAS_SEED}
        ),
        "client_seeds_unlogged": Case(changed(_client_seeds_unlogged), 3),
        "nonces_swapped": Case(changed(_nonces_swapped), 1),
        "ids_swapped": Case(changed(_ids_swapped), 1),
        "reveal_deleted": Case(changed(_reveal_deleted), 1),  # its number is missing
        "reveal_deleted_renumbered": Case(changed(_reveal_deleted_renumbered), 1),
        "fake_reveal": Case(changed(_fake_reveal), 1),
        "fake_reveal_and_commit": Case(
            changed(_fake_reveal_and_commit), 1
        ),  # the next seed names it
        "fake_reveal_and_commit_checked": Case(changed(_fake_reveal_and_commit), 1, (recorded,)),
        "last_roll_deleted": Case(changed(_last_roll_deleted), 1),
        "last_roll_deleted_renumbered": Case(changed(_last_roll_deleted_renumbered), 1),
        "last_roll_deleted_all_edited": Case(changed(_last_roll_deleted_all_edited), 1),
        "roll_made_a_placeholder": Case(changed(_roll_made_a_placeholder), 1),
        "successes_changed": Case(changed(_successes_changed), 1),
        "die_dropped": Case(changed(_die_dropped), 1),
        "luck_swapped": Case(changed(_luck_swapped), 1),
        "contest_sides_swapped": Case(changed(_contest_sides_swapped), 1),
        "fs3_level_changed": Case(changed(_level_changed), 1),
        "fs3_winner_changed": Case(changed(_winner_changed), 1),
        "credited_to_another": Case(changed(_credited_to_another), 1),
        "rating_raised": Case(changed(_rating_raised), 1),
        "game_not_text": Case(changed(_game_not_text), 1),
        "float_nonce": Case(_float_nonce(honest), 1),
        "float_id": Case(_float_id(honest), 2),
    }


def write(cases: dict[str, Case], where: Path) -> list[Path]:
    """Each case as NAME.jsonl, with NAME.options.json beside it when a player gives any."""
    out = []
    for name, case in cases.items():
        path = where / f"{name}.jsonl"
        text = case.lines if isinstance(case.lines, str) else text_of(case.lines)
        path.write_text(text, encoding="utf-8")
        if case.commitments or case.client_seeds:
            options = {"commitments": list(case.commitments), "clientSeeds": case.client_seeds}
            (where / f"{name}.options.json").write_text(json.dumps(options), encoding="utf-8")
        out.append(path)
    return out
