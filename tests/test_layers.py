"""The house's shape (docs/design.md, ../shared/DESIGN.md "Layers"), held by reading the
source: no import circle between modules (an import inside a function counts: it is still a
dependency; one under ``if TYPE_CHECKING:`` does not), no module below the surfaces imports
a surface (cli/, server/, bridges/), and render/ draws from types, never ``Any``."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

SRC = Path(__file__).parents[1] / "src"
SURFACES = ("rollplay.cli", "rollplay.server", "rollplay.bridges")


def _modules() -> dict[str, Path]:
    found = {}
    for path in SRC.rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _nodes(node: ast.AST) -> Iterator[ast.AST]:
    """Every node, but what is imported only for the type checker (a stack, not nested
    generators: this walks every module of the source)."""
    stack = list(ast.iter_child_nodes(node))
    while stack:
        child = stack.pop()
        if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
            continue
        yield child
        stack.extend(ast.iter_child_nodes(child))


def _imports(name: str) -> set[str]:
    """The rollplay modules ``name`` imports, anywhere in it."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in _nodes(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                       for a in node.names]  # fmt: skip
        for target in targets:
            found = target
            while found and found not in MODULES:  # a name imported from a module
                found = found.rpartition(".")[0]
            if found.startswith("rollplay") and found != name:
                out.add(found)
    return out


@cache
def _graph() -> dict[str, set[str]]:
    """Each module's rollplay imports: read when a test asks, not while pytest collects
    (every xdist worker collects this module; one of them runs its tests)."""
    return {name: _imports(name) for name in MODULES}


def _circles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    graph = _graph()

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_another_that_imports_it_back() -> None:
    assert _circles() == []


def test_the_layers_below_the_surfaces_import_no_surface() -> None:
    graph = _graph()
    below = [m for m in graph if not m.startswith(SURFACES) and m != "rollplay.__main__"]
    wrong = {m: sorted(i for i in graph[m] if i.startswith(SURFACES)) for m in below}
    assert {m: i for m, i in wrong.items() if i} == {}


def test_the_checker_sees_what_it_checks() -> None:
    """The graph above is real: it finds the imports a module is known to have, lazy ones
    too, and a circle where one is made."""
    graph = _graph()
    assert "rollplay.table.imports_facade" in graph["rollplay.table.service"]
    assert "rollplay.table.access.facade" in graph["rollplay.table.imports_facade"]
    assert "rollplay.table.combat.tracker" in graph["rollplay.table.combat.healing"]  # lazy
    graph["rollplay.table.base"].add("rollplay.table.service")
    try:
        assert any("rollplay.table.service" in c for c in _circles())
    finally:
        graph["rollplay.table.base"].discard("rollplay.table.service")


def test_render_signatures_name_types_not_any() -> None:
    """Every function render/ defines takes and returns named types: what a renderer reads
    is a field mypy can prove exists."""
    loose = []
    for name, path in MODULES.items():
        if not name.startswith("rollplay.render"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                annotations = [a.annotation for a in (*node.args.args, *node.args.kwonlyargs)]
                said = " ".join(ast.unparse(a) for a in [*annotations, node.returns] if a)
                if "Any" in said.replace("AnyAnswer", "").replace("AnyPayload", ""):
                    loose.append(f"{name}.{node.name}: {said}")
    assert loose == []


def test_no_module_kills_its_own_process_or_reads_a_tests_switch() -> None:
    """What the tests need to break (a worker killed at a chosen moment: rulings H11) they
    build themselves (tests/server/crashing.py): nothing in src/ sends a kill signal or
    reads a ``ROLLPLAY_TEST_`` setting (issue 37: the server read one and killed itself)."""
    found = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            said = ast.unparse(node) if isinstance(node, ast.Attribute | ast.Constant) else ""
            if said in ("os.kill", "signal.SIGKILL", "os.killpg") or (
                isinstance(node, ast.Constant) and str(node.value).startswith("ROLLPLAY_TEST_")
            ):
                found.append(f"{name}: {said}")
    assert found == []
