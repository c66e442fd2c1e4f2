"""The examples in the public docstrings run as written."""

from __future__ import annotations

import doctest
from pathlib import Path
from types import ModuleType

import pytest

import rollplay.fs3
import rollplay.gurps


@pytest.mark.parametrize("module", [rollplay.fs3, rollplay.gurps], ids=lambda m: m.__name__)
def test_facade_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


def _console_commands(text: str) -> list[str]:
    """Every `$ rollplay ...` line of the console blocks in a Markdown text."""
    commands, inside = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            inside = line.strip() == "```console"
            continue
        if inside and line.startswith("$ rollplay "):
            commands.append(line[2:])
    return commands


def test_the_readmes_console_sessions_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the README shows a new user typing works, in order, on a fresh database."""
    import shlex

    from tests.clirun import run

    root = Path(__file__).parents[1]
    monkeypatch.chdir(root)
    monkeypatch.setenv("ROLLPLAY_DATABASE_URL", f"sqlite:///{tmp_path / 'readme.db'}")
    commands = _console_commands((root / "README.md").read_text(encoding="utf-8"))
    assert len(commands) >= 8
    for command in commands:
        code, out, err = run(capsys, *shlex.split(command)[1:])
        assert code == 0, (command, err)
        assert out
