"""``help`` and a bare ability (issue 31, defect 4): the roll box's ``help`` shows the
language, not a suggestion of ``heal``; ``Firearms`` alone rolls it; every example ``help``
gives is a line that reads."""

from __future__ import annotations

import pytest

from rollplay.grammar import GrammarError, parse
from rollplay.grammar.help import usages
from rollplay.table.commands import Help, Opposed, Roll, ShowLog

# The names the examples use, as a game's vocabulary would give them.
ABILITIES = {
    "fs3": ("Firearms", "Piloting", "Melee", "Alertness", "Basic Computers"),
    "gurps": ("Guns", "Stealth", "Perception"),
    "d6": ("Search", "Dodge"),
}
CHARACTERS = ("Nikos", "Mavros", "Dana", "Kara Voss")


@pytest.mark.parametrize("system", ["fs3", "gurps", "d6"])
def test_every_example_help_gives_reads_in_its_system(system: str) -> None:
    for usage in usages(system):
        for line in usage.line.split("  or  "):
            parse(line, system=system, game="G", abilities=ABILITIES[system],
                  characters=CHARACTERS)  # fmt: skip


def test_help_is_a_command_and_narrows_to_a_word() -> None:
    assert parse("help", system="fs3") == Help(None)
    assert parse("+help ro", system="fs3") == Help(None, "roll")
    assert [u.word for u in usages("fs3", "ro")] == ["roll"] * len(usages("fs3", "roll"))
    with pytest.raises(GrammarError, match=r"^no help on 'rool'; did you mean 'roll'\?$"):
        parse("help rool", system="fs3")
    with pytest.raises(GrammarError, match="ambiguous"):
        parse("help s", system="fs3")  # sheet or scene


@pytest.mark.parametrize(
    "line",
    ["Firearms", "firearms+1", "Nikos/Firearms-1", "Basic Computers", "Piloting/luck=bonus",
     "Melee vs Mavros/Melee"],
)  # fmt: skip
def test_a_bare_ability_is_the_roll_of_it(line: str) -> None:
    got = parse(line, system="fs3", abilities=ABILITIES["fs3"], characters=CHARACTERS)
    assert isinstance(got, Roll | Opposed)
    said = parse(f"roll {line}", system="fs3", abilities=ABILITIES["fs3"], characters=CHARACTERS)
    assert got == said


def test_a_line_that_names_no_ability_is_still_an_unknown_command() -> None:
    with pytest.raises(GrammarError, match="unknown command 'Firarms'"):
        parse("Firarms", system="fs3", abilities=ABILITIES["fs3"])
    with pytest.raises(GrammarError, match="unknown command 'Firearms'"):
        parse("Firearms", system="fs3")  # no vocabulary given: nothing to know it by
    logic = parse("Logic", system="fs3", abilities=("Logic",))
    assert isinstance(logic, Roll)  # an ability the sheets hold, though "log" begins it
    assert isinstance(parse("log", system="fs3", abilities=("Logic",)), ShowLog)
