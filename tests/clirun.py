"""Run the CLI in-process, as a user would from a shell."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rollplay.cli.app import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``rollplay ARGS``."""
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def fails_cleanly(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """A user error: exit 2, nothing on stdout, one line on stderr starting 'error:'."""
    code, out, err = run(capsys, *args)
    assert code == 2, (out, err)
    assert out == ""
    assert err.startswith("error: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err
    return err
