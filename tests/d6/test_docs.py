"""The examples in rollplay.d6's docstring run as written (tests/test_docs.py covers the other
facades)."""

from __future__ import annotations

import doctest

import rollplay.d6


def test_d6_facade_doctests() -> None:
    result = doctest.testmod(rollplay.d6)
    assert result.attempted > 0
    assert result.failed == 0


def test_d6_page_python_examples_run() -> None:
    """docs/d6.md's Python blocks run as written, in order, with live dice."""
    import re
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "d6.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    assert len(blocks) >= 2
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(block, namespace)  # the project's own documentation
    assert namespace["spent"] == (1, 0)
    assert namespace["used"] == (2, 0)
