"""docs/grammar.md's examples: every line in its fs3, gurps and d6 blocks parses in that
system, and every error in its errors block is the one the line gets, word for word."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from rollplay.grammar import GrammarError, parse, to_line

DOC = Path(__file__).parents[2] / "docs" / "grammar.md"
KNOWN: dict[str, Any] = {"abilities": ("Firearms", "Melee"), "characters": ("Nikos", "Mavros")}


def blocks(kind: str) -> list[str]:
    """The lines of every fenced block of this kind, comments (two spaces, then #) cut."""
    lines, inside = [], False
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside = line.strip() == f"```{kind}"
            continue
        if inside and line.strip():
            lines.append(re.sub(r"\s{2,}#.*$", "", line))
    return lines


EXAMPLES = [(system, line) for system in ("fs3", "gurps", "d6") for line in blocks(system)]
ERRORS = list(zip(blocks("errors")[::2], blocks("errors")[1::2], strict=True))


@pytest.mark.parametrize(("system", "line"), EXAMPLES, ids=[e[1] for e in EXAMPLES])
def test_every_example_parses_and_is_written_back(system: str, line: str) -> None:
    command = parse(line, system=system)
    assert parse(to_line(command, system=system), system=system) == command


@pytest.mark.parametrize(("typed", "message"), ERRORS, ids=[e[0] for e in ERRORS])
def test_every_error_is_as_shown(typed: str, message: str) -> None:
    system, _, line = typed.partition("> ")
    with pytest.raises(GrammarError) as caught:
        parse(line, system=system, **(KNOWN if system == "fs3" else {}))
    assert str(caught.value) == message


def test_the_reference_has_examples_of_every_system() -> None:
    assert {s for s, _ in EXAMPLES} == {"fs3", "gurps", "d6"}
    assert len(EXAMPLES) > 50
    assert len(ERRORS) > 10


def test_the_module_doctest() -> None:
    import doctest

    import rollplay.grammar

    result = doctest.testmod(rollplay.grammar)
    assert result.attempted > 0
    assert result.failed == 0
