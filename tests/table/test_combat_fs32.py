"""A whole FS3.2 combat from the command line (002 Combat; 004), then a week of healing:
characters and NPCs, guns, melee, a burst, a grenade, a vehicle with crew, a knockout, luck,
rally and treat, a doctor and a mechanic. Every turn's dice are typed in (--faces), worked
out by hand from the rules, and the test reads what the players read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import run

ADA = """name: Ada
system: fs3
concept: A medic with a steady hand.
attributes: {Academic: 2, Athletic: 2, Creative: 1, Reactive: 2, Social: 2}
action: {Firearms: 2, Medicine: 3}
languages: [English]
"""
BRAM = """name: Bram
system: fs3
concept: A mechanic who carries a sword.
attributes: {Academic: 2, Athletic: 3, Creative: 1, Reactive: 1, Social: 3}
action: {Melee: 2, Repair: 2, Firearms: 1}
languages: [English]
"""


def faces(*groups: list[int]) -> str:
    return ",".join(str(f) for group in groups for f in group)


class Table:
    """The command line against one database, as a Storyteller types it."""

    def __init__(self, capsys: pytest.CaptureFixture[str], db: str) -> None:
        self.capsys, self.db = capsys, db

    def __call__(self, *args: str) -> str:
        code, out, err = run(self.capsys, *args, "--db", self.db)
        assert code == 0, err
        return out

    def combat(self, command: str, *args: str) -> str:
        return self("combat", command, "Dock", "--game", "Caprica", *args)

    def json(self, *args: str) -> Any:
        return json.loads(self(*args, "--json"))


@pytest.fixture
def table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Table:
    t = Table(capsys, f"sqlite:///{tmp_path / 'caprica.db'}")
    assert "fs3 3.2" in t("game", "new", "Caprica", "--system", "fs3", "--edition", "3.2")
    for name, sheet in (("ada", ADA), ("bram", BRAM)):
        path = tmp_path / f"{name}.yaml"
        path.write_text(sheet)
        t("char", "new", str(path), "--game", "Caprica")
    return t


def test_a_fs32_combat_and_a_week_of_healing(table: Table) -> None:
    table.combat("start")
    table.combat("join", "Ada", "--weapon", "Pistol")
    table.combat("join", "bram", "--weapon", "Sword")
    table.combat("join", "Raider", "--team", "B", "--npc", "2", "--weapon", "Pistol")
    table.combat("join", "Brute", "--team", "B", "--npc", "2", "--weapon", "Knife")

    # Turn 1: guns and melee. Initiative (002: the Storyteller's choice; 3.2 rolls Reactive):
    # Ada 2 dice, one hit (3.2 hits on 7+); the rest none, in tie-break order (only the tied
    # roll one).
    table.combat("action", "Ada", "attack", "Raider")
    table.combat("action", "Bram", "attack", "Brute")
    table.combat("action", "Brute", "attack", "Bram")
    out = table.combat("turn", "--faces", faces(
        [7, 1], [1], [1, 1], [1, 1], [80, 70, 60],
        # Ada: Firearms 2 + Reactive 2 = 4 dice, 2 hits; the Raider's Reactive (rating 2), none;
        # 2d8 5+4, +2: 11, Chest; damage 70 + 15 vital = 85: Serious.
        [8, 8, 1, 2], [2, 3], [5, 4], [70],
        # Bram's sword: Melee 2 + Athletic 3 + 3 melee = 8 dice, 2 hits; the Brute defends
        # with his knife: 2 + 3 = 5 dice, none; 2d8 4+4 +2: Chest; 50 + 0 + 15 = 65: Moderate.
        [8, 7, 1, 2, 2, 2, 2, 2], [2] * 5, [4, 4], [50],
        # The Raider (no orders: the first standing enemy, Ada): 2 - 1 suppression - 2 wounds,
        # one desperate die; Ada's Reactive 2. A miss.
        [2], [1, 1],
        # The Brute's knife: 2 + 3 - 0 (0.9 rounds down) = 5 dice, 1 hit; Bram's Melee 2 +
        # Athletic 3 + 3 for his sword = 8 dice, 2 hits: blocked.
        [8, 2, 2, 2, 2], [8, 8, 2, 2, 2, 2, 2, 2],
        # The Raider's knockout roll (002: after all actions): Athletic (rating 2) - 2: one die.
        [1],
    ))  # fmt: skip
    assert "Ada: Reactive 2 -> 2 dice: 7 1 = 1 hit\n" in out
    assert "(tie-break d100 80)" in out  # Bram's: only the tied roll one (rulings C20)
    assert "attack: Firearms 2 + Reactive 2 -> 4 dice: 8 8 1 2 = 2 hits" in out
    assert "2d8 5+4 -> Chest; damage d100 70 -> 85: Serious wound" in out
    assert ("attack: Melee 2 + Athletic 3, attacking with a melee weapon +3 -> 8 dice: "
            "8 7 1 2 2 2 2 2 = 2 hits") in out  # fmt: skip
    assert "defense: Brute rating 2, defending with a melee weapon +3 -> 5 dice" in out
    assert ("attack: Raider rating 2, suppression -1, wounds -2 -> 1 die: 2 = 0 hits"
            in out)  # fmt: skip
    assert "Brute attacks Bram: blocked" in out
    assert (
        "Knockout roll for Raider: Raider rating 2, wounds -2 -> 1 die: 1 = 0 hits: KNOCKED" in out
    )

    # Turn 2: a grenade (Ada draws one; luck +5 on her throw), full-auto fire, a vehicle with
    # its crew caught in the blast.
    table.combat("join", "Gunner", "--team", "B", "--npc", "3", "--weapon", "Assault Rifle")
    table.combat("join", "Driver", "--team", "B", "--npc", "2")
    table.combat("join", "Jeep", "--team", "B", "--npc", "3", "--type", "Vehicle", "--armor",
                 "Light Vehicle", "--weapon", "Vehicle Gun", "--crew", "Driver")  # fmt: skip
    table.combat("action", "Ada", "attack", "Brute", "--draw", "Grenade", "--luck", "attack",
                 "--near", "Jeep=8", "--near", "Bram=12")  # fmt: skip
    table.combat("action", "Gunner", "attack", "--burst", "Bram", "--burst", "Ada")
    table.combat("action", "Bram", "aim", "Gunner")
    for npc in ("Brute", "Driver", "Jeep"):
        table.combat("action", npc, "pass")
    out = table.combat("turn", "--faces", faces(
        # Initiative: Ada 2, Bram 1, Brute 2, Gunner 3, Driver 2, Jeep 3 (the Raider, knocked
        # out, rolls none); no hits: Ada (95), Gunner (90), Jeep, Driver, Brute, Bram (10).
        [1] * 13, [95, 10, 30, 90, 40, 50],
        # Ada throws: Athletic 2 (3.2 has no Athletics skill) + luck 5 = 7 dice, 2 hits.
        [8, 8, 1, 2, 2, 2, 2],
        # The Brute, zone 0: Reactive (rating 2), none: stays in zone 0. Concussion 20 + 50:
        # Moderate; 4d4 = 4 pieces of shrapnel, each 2d8 of 2 (a Miss entry): each limb
        # once (004: "each to a different hit location"), 1 + 50: Moderate.
        [2, 2], [20], [1, 1, 1, 1], [1, 1, 1] * 4,
        # The Jeep at 8 (radius 5: zone 1): 3 dice, none. Concussion on its hull (Light
        # Vehicle 6 against penetration 3: stop 85; 90 goes through, -0): 60, Moderate; 1d6 =
        # 1 piece, 2d8 of 2: the wheels, whose armor (stop 51) stops it at 10. The hull wound:
        # the Driver's crew roll, 3 against 5%: hurt, one hit, 2d8 5+5 Chest: 30 + 0 + 15 =
        # 45, Moderate. Bram at 12 is beyond the blast.
        [2, 2, 2], [90, 1, 60], [1], [1, 1, 10], [3], [5, 5], [30],
        # The Gunner: 10 rounds at Bram and Ada, one lost between: 5 and 4 bullets, each at
        # -1 more (recoil 1): 3, 2, 1, then one desperate die; Bram 1 die, Ada 2. All miss.
        [2, 2, 2, 2], [2, 2, 2], [2, 2], [2, 2], [2, 2],
        [2, 2, 2], [2, 2, 2], [2, 2, 2], [2, 2, 2],
        # The Brute's knockout roll: six Moderate wounds (5.4): Athletic 2 - 5, one die, a hit.
        [7],
    ))  # fmt: skip
    assert ("Ada throws at Brute: attack Athletic 2, luck +5 -> 7 dice: 8 8 1 2 2 2 2 = 2 hits"
            in out)  # fmt: skip
    assert "Jeep (zone 1 at 8): defense Jeep rating 3 -> 3 dice: 2 2 2 = 0 hits -> zone 1" in out
    assert "concussion: Hull; Light Vehicle (stop 85%) d100 90: -0; damage d100 60 -> 60" in out
    assert "crew Driver: d100 3 vs 5%: hurt, 1 hit" in out
    assert "Bram at 12: beyond the blast" in out
    assert "Gunner fires 10 rounds at Bram, Ada" in out
    assert out.count("    Gunner attacks Bram: miss") == 5
    assert out.count("    Gunner attacks Ada: miss") == 4
    state = table.json("combat", "status", "Dock", "--game", "Caprica")
    ada = state["combatants"][0]
    assert (ada["weapon"], ada["ammo"], ada["luck"]) == ("Grenade", 0, 0)
    driver = next(c for c in state["combatants"] if c["name"] == "Driver")
    assert driver["wounds"][0]["severity"] == "Moderate"

    # Turn 3: the Brute knocks Bram out; the Driver rallies the Raider.
    table.combat("action", "Brute", "attack", "Bram")
    table.combat("action", "Driver", "rally", "Raider")
    for who in ("Ada", "Bram", "Gunner", "Jeep"):
        table.combat("action", who, "pass")
    out = table.combat("turn", "--faces", faces(
        # Initiative: Ada 2, Bram 1, Brute 2 - 5 (one die), Gunner 3, Driver 2, Jeep 3; the
        # Raider, knocked out, rolls none.
        [1] * 12, [10, 20, 90, 40, 80, 50],
        # The Brute: 2 + 3 - 5, one die, a hit; Bram's 8 dice, none; 2d8 5+5, +1: Chest;
        # damage 95 - 10 + 15 = 100: Critical.
        [8], [2] * 8, [5, 5], [95],
        [8, 2],  # the Driver's rally: Social (rating 2), a hit
        [2],  # Bram's knockout roll: Athletic 3 - 4, one desperate die: out
    ))  # fmt: skip
    assert "Brute attacks Bram: hit" in out
    assert "damage d100 95 -> 100: Critical wound" in out
    assert "Driver: rally Raider: rallied and revived" in out
    assert "Knockout roll for Bram: Melee" not in out
    assert "Knockout roll for Bram: Athletic 3, wounds -4 -> 1 die: 2 = 0 hits: KNOCKED OUT" in out
    # 002 Luck: Bram's player moves the injury at once (cosmetic), a luck point.
    moved = table.json("combat", "move-wound", "Dock", "--game", "Caprica", "Bram", "1",
                       "Left_Arm")  # fmt: skip
    bram = next(c for c in moved["combatants"] if c["name"] == "Bram")
    assert (bram["wounds"][0]["location"], bram["luck"]) == ("Left_Arm", 0)

    # Turn 4: Ada treats Bram: Medicine 3 + Academic 2 (first aid, 002 Treat).
    table.combat("action", "Ada", "treat", "Bram")
    for who in ("Raider", "Brute", "Gunner", "Driver", "Jeep"):
        table.combat("action", who, "pass")
    out = table.combat("turn", "--faces", faces(
        [1] * 12, [90, 20, 30, 40, 50, 60], [8, 2, 2, 2, 2]))  # fmt: skip
    assert "Ada: treat Bram: treated and revived" in out
    assert "Medicine: Medicine 3 + Academic 2 -> 5 dice: 8 2 2 2 2 = 1 hit" in out
    status = table.combat("status")
    assert "Bram [A]: Normal; Sword; armor None; wounds Critical (-2); luck 0" in status
    table.combat("stop")

    # A week of healing: Ada tends Bram; Bram repairs the Jeep. Day 1 by hand: Bram's
    # toughness, Athletic 3 - 2 (his treated Critical wound counts half): one die, a success
    # (2 points); Ada's medicine, 5 dice, a success (1): 3 of the 5 a Critical wound needs.
    # Bram's repair: Repair 2 + Academic 2 - 2 = 2 dice, a success: a point, five times what
    # a vehicle needs: the Jeep's Moderate wound drops to Light, and Light heals away.
    heal = ("heal", "day", "--game", "Caprica", "--doctor", "Bram=Ada",
            "--repair", "Dock:Jeep=Bram")  # fmt: skip
    out = table(*heal, "--faces", faces([7], [7, 2, 2, 2, 2], [7, 2]))
    assert "Caprica: day 1" in out
    assert "Bram: +3 points a wound; Left Arm Critical -> Critical" in out
    assert "toughness: Athletic 3, wounds -2 -> 1 die: 7 = 1 hit" in out
    assert "medicine by Ada: Medicine 3 + Academic 2 -> 5 dice" in out
    assert "Jeep (repaired by Bram): +1 a wound; Hull Moderate -> healed" in out
    for day in range(2, 8):
        report = table.json("heal", "day", "--game", "Caprica", "--doctor", "Bram=Ada",
                            "--seed", f"week-{day}")  # fmt: skip
        assert (report["day"], report["skipped"]) == (day, [])
        for patient in report["patients"]:  # Bram, until his wound heals away
            assert patient["name"] == "Bram"
            assert patient["points"] >= 1  # a failed toughness roll still heals a point
            assert len(patient["toughness"]) == patient["toughness_roll"]["pool"]
    # At least 3 + 6 points in a week: Critical (5) to Serious (4) to Moderate, or better.
    wounds = table.json("char", "show", "Bram", "--game", "Caprica")["sheet"]["wounds"]
    assert {w["severity"] for w in wounds} <= {"Moderate", "Light"}
    again = table("heal", "day", "--game", "Caprica", "--day", "7")
    assert "day 7 was already healed; nothing changed" in again
