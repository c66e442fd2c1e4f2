"""``rollplay demo``: a short tour of FS3 and GURPS rolls and odds, from the texts' examples."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from rollplay.dice import Dice


@click.command()
@click.option("--seed", metavar="SEED", help="Seed the live rolls, to repeat the tour exactly.")
@click.option(
    "--db",
    metavar="URL|PATH",
    help="Keep the tour's example games in this database (default: a throwaway SQLite file).",
)
def demo(seed: str | None, db: str | None) -> None:
    """A short tour: FS3 and GURPS rolls, the rule texts' own examples, and exact odds."""
    from rollplay import fs3 as api
    from rollplay.cli.fs3 import print_roll, roll_line
    from rollplay.cli.options import parse_seed
    from rollplay.cli.render import bold, percent, say, signed
    from rollplay.dice import ScriptedDice, SeededDice, default_dice

    live = default_dice() if seed is None else SeededDice(parse_seed(seed) or 0)
    v33, v32 = api.ruleset("3.3"), api.ruleset("3.2")

    say(bold("rollplay — FS3 ability rolls"))
    say("Successes are shown as [n], ones as (n).\n")

    say(bold("A live roll") + " (FS3.3): Firearms 3 + Reflexes 2, one die off for darkness")
    shot = api.roll("Firearms+Reflexes-1", ratings={"Firearms": 3, "Reflexes": 2}, dice=live)
    print_roll(shot, v33)

    say(
        "\n" + bold("Zach's embarrassing failure") + " (FS3.2 Player's Guide): "
        "Academic 2 + Geography 3, rolling 5 4 1 1 2"
    )
    zach = api.roll(5, attribute=2, edition="3.2", name="Zach", dice=ScriptedDice([5, 4, 1, 1, 2]))
    print_roll(zach, v32)

    say(
        "\n" + bold("Elodie and Zoe assist Tug") + " (FS3.3 Teamwork): a Good Success and a "
        "Success give Tug Repair+3"
    )
    team = api.teamwork(
        api.Check(6, name="Tug"),
        [api.Check(5, name="Elodie"), api.Check(4, name="Zoe")],
        dice=ScriptedDice([8, 7, 6, 2, 3, 6, 2, 2, 5, *live.roll(8, 9)]),
    )
    for a in team.assists:
        say(f"  {a.name}: {a.level} → {signed(v33.assist_modifier(a.level))}")
    print_roll(team.leader, v33)

    say("\n" + bold("An opposed roll") + ": Nemesis and Mavros spar (Melee, 6 dice each)")
    bout = api.opposed(api.Check(6, name="Nemesis"), api.Check(6, name="Mavros"), dice=live)
    for side in (bout.first, bout.second):
        say(f"  {side.name}: {roll_line(side, v33)}")
    if bout.winner is None:
        say(f"  {bout.margin}")
    else:
        winner = bout.first if bout.winner == "first" else bout.second
        say(f"  {winner.name} wins: {bout.margin}")

    say("\n" + bold("Exact odds of Success or better") + ", before anyone rolls:")
    header = "  dice " + "".join(f"{n:>7}" for n in range(1, 9))
    say(header)
    for rules in (v33, v32):
        row = "".join(f"{percent(api.odds(n, ruleset=rules).success):>7}" for n in range(1, 9))
        say(f"  {rules.name:5}{row}")
    duel = api.opposed_odds(5, 4)
    say(
        f"\n5 dice against 4 (FS3.3): win {percent(duel.win)}, draw {percent(duel.draw)}, "
        f"lose {percent(duel.lose)}"
    )
    _gurps(live)
    _d6(live)
    _table(live, db)
    say(
        "\nNext: `rollplay fs3 --help`, `rollplay gurps --help`, `rollplay d6 --help`, "
        "and the README."
    )


def _gurps(live: Dice) -> None:
    """The GURPS part of the tour: 001's own examples, then odds."""
    from rollplay import gurps
    from rollplay.cli.gurps import print_roll
    from rollplay.cli.render import bold, percent, say

    say("\n" + bold("rollplay — GURPS success rolls") + ": 3d6, at or under the effective skill")
    say(bold("\nLockpicking 9") + " in the dark, on a primitive lock (GURPS success rolls text):")
    print_roll(gurps.roll(9, mods=["-5 working by touch", "+10 primitive lock"], dice=live))
    vance = gurps.character(
        {
            "name": "Vance",
            "attributes": {"ST": 10, "DX": 11, "IQ": 12, "HT": 10},
            "skills": {"Intimidation": 14, "Psychology": 13},
        }
    )
    say(
        "\n"
        + bold("Interrogation, untrained")
        + ": IQ 12, Intimidation 14, Psychology 13 give defaults 7, 11, 9; the best is rolled"
    )
    print_roll(gurps.roll("Interrogation", character=vance, dice=live))
    say("\n" + bold("Exact odds") + " by effective skill:")
    rows = gurps.odds_table(6, 16)
    say("  skill   " + "".join(f"{r.effective:>7}" for r in rows))
    say("  success " + "".join(f"{percent(r.success):>7}" for r in rows))


def _d6(live: Dice) -> None:
    """The D6 part of the tour: the Wild Die, points, 003's examples, then odds."""
    from rollplay import d6
    from rollplay.cli.d6 import print_roll
    from rollplay.cli.render import bold, percent, say
    from rollplay.dice import ScriptedDice

    say("\n" + bold("rollplay — the D6 System") + ": die codes, the Wild Die (shown apart)")
    say(bold("\nA live roll") + ": 4D+2 against Moderate (15), one Character Point spent")
    print_roll(d6.roll("4D+2", "moderate", cp=1, dice=live))
    say("\n" + bold("The Wild Die explodes") + ": 3D rolling 2 4, then 6, 6, 3 on the Wild Die")
    print_roll(d6.roll("3D", 15, dice=ScriptedDice([2, 4, 6, 6, 3])))
    say("\n" + bold("A Critical Failure") + " (a 1 on its first toss), cancelling the highest die")
    print_roll(d6.roll("3D", 10, wild_one="cancel", dice=ScriptedDice([5, 4, 1])))
    search = d6.related_modifier(19, 15)
    say(
        f"\n{bold('Related skills')} (003): a search that beat 15 by four gives "
        f"{search:+d} to the demolitions roll"
    )
    say("\n" + bold("Exact odds") + " of 4D+2 by difficulty (the Wild Die explodes forever):")
    odds = d6.odds("4D+2")
    levels = (5, 10, 15, 20, 25, 30)
    say("  difficulty " + "".join(f"{n:>7}" for n in levels))
    say("  success    " + "".join(f"{percent(odds.success_against(n)):>7}" for n in levels))


def _table(live: Dice, db: str | None) -> None:
    """The table: example games in a database, rolls from sheets, and the roll log."""
    import tempfile
    from pathlib import Path

    from rollplay.cli.render import bold, say
    from rollplay.dice import SeededDice
    from rollplay.render.answers import answer_lines
    from rollplay.render.cards import entry_card, outcome_card
    from rollplay.render.text import line_text
    from rollplay.table.answers import OneRolled, SecretRollMade
    from rollplay.table.service import Table
    from rollplay.table.systems import Request

    say("\n" + bold("rollplay — the table") + ": games, characters and a log of every roll")
    with tempfile.TemporaryDirectory() as scratch:
        table = Table(db or str(Path(scratch) / "demo.db"))
        created = table.add_examples()
        where = db or "a throwaway SQLite file"
        say(f"Example games in {where}: {', '.join(g.name for g in table.games())}"
            + (f" (created {', '.join(created)})" if created else ""))  # fmt: skip
        rolls = (
            ("Pegasus", "Nikos", Request("Piloting"), "public"),
            ("Pegasus", "Mavros", Request("Melee", luck="bonus"), "public"),
            ("Dungeon", "Inspector Vance", Request("Detect Lies"), "secret"),
            ("Stars", "Kara Voss", Request("Search", difficulty="moderate", cp=1), "public"),
        )
        # Seeded for a reproducible tour; else the games' own (verifiable) dice.
        table_dice = live if isinstance(live, SeededDice) else None
        for game, who, request, visibility in rolls:
            r = table.roll(game, who, request, visibility=visibility, dice=table_dice)
            used = r.spent.model_dump() if isinstance(r, OneRolled | SecretRollMade) else {}
            spent = ", ".join(_points(k, v) for k, v in used.items())
            say(f"  {who} rolls {request.expression} ({visibility}"
                + (f"; spends {spent}" if spent else "") + "):")  # fmt: skip
            card = answer_lines(r) if isinstance(r, SecretRollMade) else outcome_card(r)
            for line in card:
                say("    " + line_text(line))
        say(bold("\nThe log") + ", as the player of Nikos sees it (secret results hidden):")
        for e in table.log(limit=4, viewer="Nikos"):
            for line in entry_card(e):
                say("  " + line_text(line))
        table.close()


def _points(kind: str, n: int) -> str:
    name = {"luck": "luck point", "character_points": "Character Point",
            "fate_points": "Fate Point"}.get(kind, kind)  # fmt: skip
    return f"{n} {name}{'s' if n != 1 else ''}"
