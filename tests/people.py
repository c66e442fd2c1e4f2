"""The people of the server tests: the example games, a Storyteller (Stella), a player (Pia,
playing Nikos), another player (Otto, playing Mavros), an observer (Olly), and a member of
another game only (Dora, in Dungeon), all with PASSWORD."""

from __future__ import annotations

from rollplay.table.service import Table

PASSWORD = "correct horse battery"
PEOPLE = {"Stella": ("storyteller", ()), "Pia": ("player", ("Nikos",)),
          "Otto": ("player", ("Mavros",)), "Olly": ("observer", ())}  # fmt: skip


# Stella tells the story, Pia plays Nikos and Olly watches: the table tests' usual three.
THREE = {"Stella": ("storyteller", ()), "Pia": ("player", ("Nikos",)),
         "Olly": ("observer", ())}  # fmt: skip


def seat(table: Table, game: str, people: dict[str, tuple[str, tuple[str, ...]]]) -> Table:
    """``people`` (name: role and characters) made users and seated in ``game``."""
    for name, (role, characters) in people.items():
        table.add_user(name)
        table.add_member(game, name, role, characters)
    return table


def seat_people(db: str) -> None:
    """The example games, with the Storyteller, players and observer of PEOPLE."""
    table = Table(db)
    table.add_examples()
    for name, (role, characters) in PEOPLE.items():
        table.add_user(name)
        table.set_password(name, PASSWORD)
        table.add_member("Pegasus", name, role, characters)
    table.close()


def seat_everyone(db: str) -> None:
    """PEOPLE, and Dora, a player in Dungeon only."""
    seat_people(db)
    table = Table(db)
    table.add_user("Dora")
    table.set_password("Dora", PASSWORD)
    table.add_member("Dungeon", "Dora", "player", ("Inspector Vance",))
    table.close()
