"""Sweeps over every command (issue 13): each class of defect closed for all commands at once.

* Every command that draws dice, given more typed faces than it uses, fails with one line and
  leaves the database byte-for-byte as it was.
* Every numeric option and argument, given numbers at and past the ends of every range
  (2**63, nan, inf, 1e308, negatives), either works or gives one line and exit code 2.

``INVOCATIONS`` holds a working command line for every command the CLI has; a test holds the
list to the CLI's own, so a new command cannot slip past the sweeps.
"""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollplay.cli.app import cli
from tests.clirun import run
from tests.databases import Databases
from tests.fuzzing import fuzz

ROOT = Path(__file__).parents[1]
EXAMPLES = ROOT / "src" / "rollplay" / "examples"
NUM = "<number>"  # where a numeric argument goes; a working value is given after it
TABLE = "<db>"  # a command on the table's database: --db is added
ROLL = "<roll>"  # the log number of the base database's one roll (Kara's, a D6 roll, in Stars)

INVOCATIONS: dict[str, list[str]] = {
    "char approve": [TABLE, "char", "approve", "Mavros"],
    "char check": [TABLE, "char", "check", "Mavros"],
    "char export": [TABLE, "char", "export", "Nikos"],
    "char import": [TABLE, "char", "import", str(EXAMPLES / "gurps" / "vance.yaml"),
                    "--game", "Pegasus2"],
    "char new": [TABLE, "char", "new", str(EXAMPLES / "gurps" / "vance.yaml"),
                 "--game", "Pegasus2"],
    "char sendback": [TABLE, "char", "sendback", "Mavros", "Melee is too high"],
    "char set": [TABLE, "char", "set", "Nikos", "action.Melee=3"],
    "char show": [TABLE, "char", "show", "Nikos"],
    "cp-after": [TABLE, "cp-after", NUM, ROLL, "1", "--game", "Stars"],
    "db upgrade": [TABLE, "db", "upgrade"],
    "do": [TABLE, "do", "roll Nikos/Firearms", "--game", "Pegasus"],
    # serve runs until stopped: here only its refusal; tests/server runs it as a process.
    "serve": [TABLE, "serve", "--port", "0"],
    "events": [TABLE, "events", "--game", "Pegasus", "--after", NUM, "0", "--limit", "5"],
    "member add": [TABLE, "member", "add", "Pegasus", "Pia", "--role", "player",
                   "--character", "Nikos"],
    "member list": [TABLE, "member", "list", "Pegasus"],
    "invite add": [TABLE, "invite", "add", "Pegasus", "--character", "Nikos", "--hours",
                   NUM, "24"],
    "invite list": [TABLE, "invite", "list", "Pegasus"],
    "invite revoke": [TABLE, "invite", "revoke", NUM, "1"],
    "member remove": [TABLE, "member", "remove", "Pegasus", "Olly"],
    "user add": [TABLE, "user", "add", "Quinn"],
    # The bot runs until stopped: here only its refusal without a token; tests/bridges runs it.
    "discord": [TABLE, "discord", "--token-env", "ROLLPLAY_NO_SUCH_TOKEN"],
    "link code": [TABLE, "--as", "Pia", "link", "code"],
    "link list": [TABLE, "--as", "Pia", "link", "list"],
    "link remove": [TABLE, "link", "remove", "discord", "12345"],
    "game settings": [TABLE, "game", "settings", "Pegasus", "--no-players-ask-secret"],
    "user password": [TABLE, "user", "password", "Pia", "--password-stdin"],
    "user list": [TABLE, "user", "list"],
    "combat action": [TABLE, "combat", "action", "Hangar", "--game", "Pegasus", "Nikos",
                      "attack", "Raider"],
    "combat join": [TABLE, "combat", "join", "Hangar", "--game", "Pegasus", "Pirate",
                    "--npc", NUM, "4"],
    "combat delete": [TABLE, "combat", "delete", "Old", "--game", "Pegasus"],
    "combat recover": [TABLE, "combat", "recover", "Hangar", "--game", "Pegasus", "Nikos"],
    "combat leave": [TABLE, "combat", "leave", "Hangar", "--game", "Pegasus", "Raider"],
    "combat move-wound": [TABLE, "combat", "move-wound", "Hangar", "--game", "Pegasus",
                          "Nikos", NUM, "1", "Head"],
    "combat stance": [TABLE, "combat", "stance", "Hangar", "--game", "Pegasus", "Nikos",
                      "Cautious"],
    "combat start": [TABLE, "combat", "start", "Ambush", "--game", "Pegasus"],
    "combat status": [TABLE, "combat", "status", "Hangar", "--game", "Pegasus"],
    "combat stop": [TABLE, "combat", "stop", "Hangar", "--game", "Pegasus"],
    "combat turn": [TABLE, "combat", "turn", "Hangar", "--game", "Pegasus"],
    "d6 difficulties": ["d6", "difficulties"],
    "d6 odds": ["d6", "odds", "4D+2", "--difficulty", "15"],
    "d6 opposed": ["d6", "opposed", "4D+1", "3D+2"],
    "d6 roll": ["d6", "roll", "4D+2", "--difficulty", "15"],
    "d6 rules": ["d6", "rules"],
    "demo": ["demo", "--seed", "1"],
    "fs3 odds": ["fs3", "odds", "--dice", "5"],
    "fs3 opposed": ["fs3", "opposed", "--dice", "5", "--vs", "4"],
    "fs3 roll": ["fs3", "roll", "--dice", "5"],
    "fs3 rules": ["fs3", "rules"],
    "fs3 simulate attack": ["fs3", "simulate", "attack", "--weapon", "Pistol", "--attack-dice",
                            "5", "--defense-dice", "4", "--trials", "1000", "--json"],
    "fs3 simulate combat": ["fs3", "simulate", "combat", str(EXAMPLES / "fs3" / "skirmish.yaml"),
                            "--combats", "20", "--json"],
    "game example": [TABLE, "game", "example"],
    "game list": [TABLE, "game", "list"],
    "game archive": [TABLE, "game", "archive", "Pegasus"],
    "game new": [TABLE, "game", "new", "Caprica", "--system", "fs3"],
    "game rename": [TABLE, "game", "rename", "Pegasus", "Galactica"],
    "game show": [TABLE, "game", "show", "Pegasus"],
    "gurps difficulties": ["gurps", "difficulties"],
    "gurps odds": ["gurps", "odds", "12"],
    "gurps roll": ["gurps", "roll", "12"],
    "gurps rules": ["gurps", "rules"],
    "heal day": [TABLE, "heal", "day", "--game", "Pegasus"],
    "log": [TABLE, "log"],
    "luck award": [TABLE, "luck", "award", "Nikos", NUM, "2"],
    "luck spend": [TABLE, "luck", "spend", "Nikos"],
    "roll": [TABLE, "roll", "Nikos", "Firearms"],
    "scene list": [TABLE, "scene", "list", "--game", "Pegasus"],
    "scene show": [TABLE, "scene", "show", NUM, "1", "--game", "Pegasus"],
    "scene start": [TABLE, "scene", "start", "Docks", "--game", "Pegasus", "--private"],
    "scene stop": [TABLE, "scene", "stop", NUM, "1", "--game", "Pegasus"],
    "scene export": [TABLE, "scene", "export", NUM, "1", "--game", "Pegasus"],
    "scene search": [TABLE, "scene", "search", "docks", "--game", "Pegasus"],
    "seed client": [TABLE, "seed", "client", "sweep-seed", "--game", "Pegasus"],
    "seed rotate": [TABLE, "seed", "rotate", "--game", "Pegasus", "--chain", "hidden"],
    "seed show": [TABLE, "seed", "show", "--game", "Pegasus"],
    "verify": [TABLE, "verify", "--game", "Pegasus"],
    "xp award": [TABLE, "xp", "award", "Nikos", NUM, "2"],
    "xp raise": [TABLE, "xp", "raise", "Nikos", "Melee"],
    "import aresmush": [TABLE, "import", "aresmush", str(ROOT / "tests" / "aresmush" / "data"),
                        "--game", "Mars"],
    # Into a folder that holds a config already: refused, so the sweep writes no files.
    "export aresmush": [TABLE, "export", "aresmush", "--game", "Pegasus",
                        str(ROOT / "tests" / "aresmush" / "data")],
    "import aresmush-scene": [TABLE, "import", "aresmush-scene",
                              str(ROOT / "tests" / "aresmush" / "logs" / "docks.txt"),
                              "--game", "Pegasus"],
    "import aresmush-sheet": [TABLE, "import", "aresmush-sheet",
                              str(ROOT / "tests" / "aresmush" / "samples" / "mira.txt"),
                              "--game", "Pegasus"],
}  # fmt: skip

# Options typed as text that carry numbers.
NUMERIC_TEXT = {"--mod", "--vs-mod", "--difficulty", "--rating", "--vs-rating", "--vs", "--table",
                "--related", "--bonus", "--dice", "--npc", "--day", "--trials"}  # fmt: skip
HOSTILE = ["9223372036854775808", "-9223372036854775809", "nan", "inf", "-inf", "1e308", "-1",
           "0", "9" * 40]  # fmt: skip


def _commands() -> Iterator[tuple[str, click.Command]]:
    ctx = click.Context(cli)

    def walk(cmd: click.Command, path: tuple[str, ...]) -> Iterator[tuple[str, click.Command]]:
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                assert sub is not None
                yield from walk(sub, (*path, name))
        else:
            yield " ".join(path), cmd

    yield from walk(cli, ())


COMMANDS = dict(_commands())


@pytest.fixture(scope="module")
def base_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Example games, a second FS3 game, and a combat under way with a wounded NPC."""
    path = tmp_path_factory.mktemp("sweep") / "base.db"
    url = f"sqlite:///{path}"
    for args in (
        ["game", "example"],
        ["game", "new", "Pegasus2", "--system", "gurps"],
        ["xp", "award", "Nikos", "10"],
        ["char", "set", "Nikos", "wounds=[{location: Chest, severity: Light}]"],
        ["roll", "Kara Voss", "Search", "--seed", "1"],  # the one roll: D6, for cp-after
        ["user", "add", "Pia"],
        ["user", "add", "Olly"],
        ["member", "add", "Pegasus", "Olly", "--role", "observer"],
        ["invite", "add", "Pegasus", "--role", "observer"],  # invite #1
        ["combat", "start", "Old", "--game", "Pegasus"],
        ["combat", "stop", "Old", "--game", "Pegasus"],
        ["combat", "start", "Hangar", "--game", "Pegasus"],
        ["combat", "join", "Hangar", "--game", "Pegasus", "Nikos", "--weapon", "Pistol"],
        ["combat", "join", "Hangar", "--game", "Pegasus", "Raider", "--npc", "4", "--team", "B",
         "--weapon", "Knife"],
    ):  # fmt: skip
        assert _run_plain([*args, "--db", url]) == 0, args
    import sqlite3

    with sqlite3.connect(path) as conn:  # the base is one file: copying it copies it all
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


def _state(db: Path) -> bytes:
    """The database's bytes, with its write-ahead log (where SQLite puts fresh commits)."""
    wal = db.with_name(db.name + "-wal")
    return db.read_bytes() + (wal.read_bytes() if wal.exists() else b"")


def _run_plain(args: list[str]) -> int:
    """Exit code of ``rollplay ARGS`` (outside a test's capsys, for module fixtures)."""
    from rollplay.cli.app import main

    try:
        main(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def _line(name: str, db: Path | None, number: str | None = None) -> list[str]:
    args = list(INVOCATIONS[name])
    out = []
    skip = False
    for i, arg in enumerate(args):
        if skip:
            skip = False
            continue
        if arg == TABLE:
            continue
        if arg == NUM:
            out.append(number if number is not None else _value(args[i + 1], db))
            skip = True
            continue
        out.append(_value(arg, db))
    if args[0] == TABLE:
        assert db is not None
        out += ["--db", f"sqlite:///{db}"]
    return out


def _value(arg: str, db: Path | None) -> str:
    if arg != ROLL:
        return arg
    import sqlite3

    if db is None or not db.exists():  # a command run on a fresh database: any id will do
        return "1"
    with sqlite3.connect(db) as conn:
        (found,) = conn.execute("SELECT max(number) FROM events WHERE kind = 'roll'").fetchone()
    return str(found)


def test_every_command_has_an_invocation() -> None:
    assert sorted(COMMANDS) == sorted(INVOCATIONS)


@pytest.mark.parametrize("name", sorted(INVOCATIONS))
def test_each_invocation_works(
    name: str,
    base_db: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("a long enough password\n"))
    db = tmp_path / "t.db"
    shutil.copy(base_db, db)
    code, out, err = run(capsys, *_line(name, db))
    if name in REFUSED_HERE:
        assert code == 2, out
        assert err.count("\n") == 1, err
        return
    assert code in (0, 1), err  # char check exits 1 when it lists problems


DRAWING = sorted(n for n, c in COMMANDS.items() if any(p.name == "faces" for p in c.params))


@pytest.mark.parametrize("name", DRAWING)
def test_too_many_faces_change_nothing(
    name: str, base_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 13: an error after the write is no error at all if the write stays. With more
    typed faces than the command draws, it fails with one line and the database file is
    byte-for-byte unchanged; the same command with a seed works (and writes)."""
    db = tmp_path / "t.db"
    shutil.copy(base_db, db)
    before = _state(db)
    faces = ",".join(["1", "2"] * 300)
    code, out, err = run(capsys, *_line(name, db), "--faces", faces)
    assert code == 2, (out, err)
    assert "faces given but the roll used" in err
    assert err.count("\n") == 1
    assert _state(db) == before
    code, _, err = run(capsys, *_line(name, db), "--seed", "1")
    assert code == 0, err
    if INVOCATIONS[name][0] == TABLE:
        assert _state(db) != before


# Commands whose working line needs a moment the base cannot hold (a knockout in the turn just
# resolved, a wound just taken) or a server that runs until stopped:
# their line must be refused cleanly, one line, exit 2.
# The base holds no scene either: showing or stopping scene 1 is refused there.
REFUSED_HERE = {"combat recover", "combat move-wound", "serve", "discord", "link remove",
                "scene show", "scene stop", "scene export", "export aresmush"}  # fmt: skip


def _numeric_slots() -> list[tuple[str, str]]:
    slots = []
    for name, cmd in COMMANDS.items():
        if NUM in INVOCATIONS[name]:
            slots.append((name, NUM))
        for p in cmd.params:
            if not isinstance(p, click.Option) or p.is_flag or name in ("demo", "serve"):
                continue
            numeric = isinstance(p.type, click.types._NumberParamTypeBase)
            if numeric or set(p.opts) & NUMERIC_TEXT:
                slots.append((name, p.opts[0]))
    return sorted(slots)


@pytest.mark.parametrize(("name", "option"), _numeric_slots())
def test_every_number_works_or_gives_one_line(
    name: str, option: str, base_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for value in HOSTILE:
        db = tmp_path / "t.db"
        shutil.copy(base_db, db)
        args = _line(name, db, value) if option == NUM else [*_line(name, db), f"{option}={value}"]
        code, _, err = run(capsys, *args)
        assert code in (0, 1, 2), (args, err)
        if code == 2:
            assert err.startswith("error: "), (args, err)
            assert err.count("\n") == 1, (args, err)


@pytest.mark.fuzz
@fuzz
@given(
    st.sampled_from(sorted(n for n in INVOCATIONS if n not in ("demo", "serve"))),
    st.data(),
    st.one_of(st.sampled_from(HOSTILE), st.text(max_size=40)),
)
def test_any_option_with_any_value_works_or_gives_one_line(
    databases: Databases, name: str, data: st.DataObject, value: str
) -> None:
    """Any option of any command, given hostile text, works or says one line (exit 2)."""
    import tempfile

    cmd = COMMANDS[name]
    options = [p.opts[0] for p in cmd.params if isinstance(p, click.Option) and not p.is_flag
               and p.name not in ("db", "chart")]  # fmt: skip
    if not options:
        return
    option = data.draw(st.sampled_from(options))
    with tempfile.TemporaryDirectory() as scratch:
        # A copy of the session's migrated empty database: the same as a new file, without
        # running every migration again for each of hundreds of examples.
        db = Path(scratch) / "t.db"
        databases.sqlite("empty", db)
        args = [*_line(name, db), f"{option}={value}"]
        assert _run_plain(args) in (0, 1, 2), args
