"""The layer rule of DESIGN.md §1, checked by walking the imports of src/lastcard with `ast`.

    core  <-  bots  <-  table  <-  sim / rl / tui / server        (never each other, but rl
                                                                   may step sim.fast; only cli
                                                                   imports tui and server)
                                   sim  <-  analysis               (but sim may tally with
                                                                   analysis.statistics)

`core` imports nothing but the standard-library modules of `CORE_STDLIB` (it is pure rules: no
I/O, no clock, no global `random`, no logging, no asyncio). Layers that do not exist yet are in
the table already, so the test keeps working as they appear; a new top-level module or package
must be added to the table before the test passes.

No two modules of src/lastcard import each other, however indirectly: every import counts, one
inside a function or under `TYPE_CHECKING` too (a cycle hidden in a function still ties the two
modules together, and only works while nobody moves the import up). A package's `__init__` is
a module like the others: a submodule that imports names from its package while the package
imports it is a cycle.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import lastcard

PACKAGE = "lastcard"
ROOT = Path(lastcard.__file__).resolve().parent

# Standard-library modules core may import (top-level names). Keep it minimal: add a module
# only when core needs it, never one that does I/O, reads the clock or holds global state.
CORE_STDLIB = frozenset(
    {
        "__future__",
        "collections",
        "dataclasses",
        "enum",
        "functools",
        "hashlib",
        "itertools",
        "json",
        "math",
        "operator",
        "re",
        "types",
        "typing",
    }
)

# Layer -> the lastcard layers it may import (its own layer included). "__init__" is the package
# itself (`import lastcard`, lastcard/__init__.py): it re-exports core's public API and imports
# only core, so every layer but core may import it. `words` (every sentence a player reads:
# the story, refusals, prompts, option help) serves every front end over core; DESIGN.md §8.
LAYERS: dict[str, frozenset[str]] = {
    "core": frozenset({"core"}),
    "__init__": frozenset({"__init__", "core"}),
    "bots": frozenset({"__init__", "core", "bots"}),
    "table": frozenset({"__init__", "core", "bots", "table"}),
    "sim": frozenset({"__init__", "core", "bots", "table", "sim"}),
    "analysis": frozenset({"__init__", "core", "bots", "table", "sim", "analysis"}),
    "rl": frozenset({"__init__", "core", "bots", "table", "rl"}),
    "words": frozenset({"__init__", "core", "words"}),
    "tui": frozenset({"__init__", "core", "bots", "table", "words", "tui"}),
    "server": frozenset({"__init__", "core", "bots", "table", "words", "server"}),
    "cli": frozenset(
        {
            "__init__",
            "core",
            "bots",
            "table",
            "sim",
            "analysis",
            "rl",
            "words",
            "tui",
            "server",
            "cli",
        }
    ),
    "__main__": frozenset({"cli", "__main__"}),
}

# Builtins that do I/O or run code from text; core calls none of them.
CORE_FORBIDDEN_CALLS = frozenset({"open", "print", "input", "eval", "exec", "__import__"})


@dataclass(frozen=True)
class Import:
    importer: str  # dotted module name, e.g. lastcard.core.engine
    module: str  # dotted name imported, relative imports resolved
    line: int


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_base(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The module `from ... import` names, relative imports resolved against `importer`."""
    if not node.level:
        assert node.module is not None
        return node.module
    package = importer.split(".")
    if not is_package:
        package.pop()
    if node.level > 1:
        package = package[: len(package) - (node.level - 1)]
    return ".".join(package + ([node.module] if node.module else []))


def imports_of(source: str, importer: str, is_package: bool) -> list[Import]:
    """Every module `source` imports, with relative imports resolved against `importer`."""
    out: list[Import] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [Import(importer, alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = imported_base(node, importer, is_package)
            out.append(Import(importer, base, node.lineno))
            for alias in node.names:
                # `from lastcard import cli` imports the layer `cli`; `from . import x` imports
                # the module x. (`from lastcard import __version__` only imports the package.)
                if (base == PACKAGE and _is_layer_name(alias.name)) or (
                    base != PACKAGE and node.module is None
                ):
                    out.append(Import(importer, f"{base}.{alias.name}", node.lineno))
    return out


def _is_layer_name(name: str) -> bool:
    """A module or package directly under lastcard, existing or planned."""
    return name in LAYERS or (ROOT / f"{name}.py").exists() or (ROOT / name).is_dir()


def source_files() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


def all_imports() -> list[Import]:
    out: list[Import] = []
    for path in source_files():
        out += imports_of(
            path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py"
        )
    return out


def layer_of(module: str) -> str | None:
    """The layer of a lastcard module (None for a module outside lastcard)."""
    parts = module.split(".")
    if parts[0] != PACKAGE:
        return None
    return parts[1] if len(parts) > 1 else "__init__"


# The sideways imports DESIGN.md §1 allows: RL environments may step the compiled kernels, and
# the runs of `sim` tally with `analysis.statistics` (which imports nothing of lastcard).
SIDEWAYS = {"rl": "lastcard.sim.fast", "sim": "lastcard.analysis.statistics"}


def _is_allowed_exception(layer: str, module: str) -> bool:
    allowed = SIDEWAYS.get(layer)
    return allowed is not None and (module == allowed or module.startswith(allowed + "."))


def violations(imports: list[Import]) -> list[str]:
    problems: list[str] = []
    for imp in imports:
        where = f"{imp.importer} line {imp.line} imports {imp.module}"
        layer = layer_of(imp.importer)
        assert layer is not None
        if layer not in LAYERS:
            problems.append(f"{where}: layer {layer!r} is not in the table of DESIGN.md §1")
            continue
        target = layer_of(imp.module)
        if target is None:
            top = imp.module.split(".")[0]
            if layer == "core" and top not in CORE_STDLIB:
                problems.append(f"{where}: core may import only {sorted(CORE_STDLIB)}")
        elif target not in LAYERS[layer] and not _is_allowed_exception(layer, imp.module):
            problems.append(f"{where}: {layer} may import only {sorted(LAYERS[layer])}")
    return problems


# -- import cycles -----------------------------------------------------------------------

Graph = dict[str, dict[str, list[int]]]  # importer -> imported module -> the lines importing it


def module_edges(source: str, importer: str, is_package: bool, modules: set[str]) -> Graph:
    """The modules of `modules` that `source` imports, each with the lines that import it.

    `from pkg import name` imports the module `pkg.name` when there is one, else `pkg` itself
    (a name it defines or re-exports); `import a.b.c` and `from a.b.c import x` import the
    longest name in `modules` that starts them (the package `a.b` for a function `a.b.c`).
    """
    edges: dict[str, list[int]] = {}

    def add(name: str, line: int) -> None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if not name or name == importer:
            return
        lines = edges.setdefault(name, [])
        if line not in lines:
            lines.append(line)

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = imported_base(node, importer, is_package)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(full if full in modules else base, node.lineno)
    return {importer: edges}


def import_graph() -> Graph:
    paths = {module_name(path): path for path in source_files()}
    graph: Graph = {}
    for name, path in paths.items():
        source = path.read_text(encoding="utf-8")
        graph |= module_edges(source, name, path.name == "__init__.py", set(paths))
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The groups of two or more modules that import each other, directly or not (the strongly
    connected components of `graph`, by Tarjan's algorithm), each sorted, in sorted order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in graph.get(module, {}):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group: list[str] = []
            while not group or group[-1] != module:
                group.append(stack.pop())
                on_stack.discard(group[-1])
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def describe_cycle(graph: Graph, group: list[str]) -> str:
    inside = set(group)
    lines = [
        f"  {importer} line {', '.join(map(str, graph[importer][target]))} imports {target}"
        for importer in group
        for target in sorted(graph.get(importer, {}))
        if target in inside
    ]
    return "these modules import each other:\n" + "\n".join(lines)


# -- the rules ---------------------------------------------------------------------------


def test_layers_import_downward_only_and_core_only_its_stdlib_allow_list() -> None:
    assert violations(all_imports()) == []


def test_no_import_cycles() -> None:
    graph = import_graph()
    assert [describe_cycle(graph, group) for group in cycles(graph)] == []


def test_what_sim_may_import_of_analysis_imports_nothing_of_lastcard() -> None:
    """`sim` imports `analysis.statistics`, which runs `analysis/__init__.py` first: if either
    imported anything of lastcard, `analysis` (which imports `sim`) could come back round."""
    shared = {"lastcard.analysis", "lastcard.analysis.statistics"}
    for imp in all_imports():
        if imp.importer in shared or imp.importer.startswith("lastcard.analysis.statistics."):
            inside = imp.module.startswith("lastcard.analysis.statistics")
            assert layer_of(imp.module) is None or inside, f"{imp.importer} imports {imp.module}"


def test_every_top_level_module_has_a_layer() -> None:
    for path in source_files():
        layer = layer_of(module_name(path))
        assert layer in LAYERS, f"{path}: add {layer!r} to LAYERS (DESIGN.md §1)"


def test_core_allow_list_is_standard_library() -> None:
    assert set(CORE_STDLIB) <= sys.stdlib_module_names | {"__future__"}
    for forbidden in ("random", "time", "datetime", "os", "sys", "io", "logging", "asyncio"):
        assert forbidden not in CORE_STDLIB


def test_core_calls_no_io_builtins() -> None:
    for path in sorted((ROOT / "core").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in CORE_FORBIDDEN_CALLS, (
                    f"{path.name} line {node.lineno} calls {node.func.id}() (DESIGN.md §1)"
                )


# -- the walker really sees imports (so the tests above cannot pass vacuously) ---------------


def test_walker_finds_the_real_imports() -> None:
    found = {(imp.importer, imp.module) for imp in all_imports()}
    assert ("lastcard.core.engine", "lastcard.core.effects") in found
    assert ("lastcard.core.legal_moves", "functools") in found
    assert ("lastcard.core.rng", "hashlib") in found
    assert ("lastcard.core", "lastcard.core.engine") in found  # from .engine in __init__.py
    assert ("lastcard", "lastcard.core") in found
    assert len(source_files()) >= 10


def test_core_allow_list_is_minimal() -> None:
    used = {imp.module.split(".")[0] for imp in all_imports() if layer_of(imp.importer) == "core"}
    unused = CORE_STDLIB - used
    assert not unused, f"core no longer imports {sorted(unused)}: drop them from CORE_STDLIB"


@pytest.mark.parametrize(
    ("importer", "is_package", "source", "resolved"),
    [
        ("lastcard.core.engine", False, "from .effects import Play", "lastcard.core.effects"),
        ("lastcard.core.engine", False, "from . import effects", "lastcard.core.effects"),
        ("lastcard.core", True, "from .engine import apply", "lastcard.core.engine"),
        ("lastcard.core.engine", False, "from ..bots import Bot", "lastcard.bots"),
        ("lastcard.sim.runner", False, "from ..core import apply", "lastcard.core"),
        ("lastcard.sim.stats.report", False, "from ...core import apply", "lastcard.core"),
        ("lastcard.bots.greedy", False, "import lastcard.core.cards", "lastcard.core.cards"),
    ],
)
def test_walker_resolves_relative_imports(
    importer: str, is_package: bool, source: str, resolved: str
) -> None:
    assert resolved in {imp.module for imp in imports_of(source, importer, is_package)}


@pytest.mark.parametrize(
    ("importer", "source"),
    [
        ("lastcard.core.engine", "from lastcard.bots import greedy"),
        ("lastcard.core.engine", "from ..bots import greedy"),
        ("lastcard.core.engine", "import lastcard.sim.runner"),
        ("lastcard.core.engine", "import random"),
        ("lastcard.core.engine", "import time"),
        ("lastcard.core.engine", "from os import path"),
        ("lastcard.core.engine", "import numpy as np"),
        ("lastcard.core.engine", "def f():\n    import logging\n"),
        ("lastcard.bots.greedy", "from ..sim import runner"),
        ("lastcard.sim.runner", "from lastcard.rl import env"),
        ("lastcard.sim.runner", "from lastcard.tui import app"),
        ("lastcard.tui.session", "from lastcard.sim import runner"),
        ("lastcard.server.rooms", "from lastcard.sim import play_game"),
        ("lastcard.rl.env", "from lastcard.sim import runner"),
        ("lastcard.table.table", "from lastcard.sim import runner"),
        ("lastcard.table.table", "from lastcard.words import Narrator"),
        ("lastcard.bots.greedy", "from lastcard.table import Table"),
        ("lastcard.core.offers", "from lastcard.table import Table"),
        ("lastcard.rl.env", "from lastcard.server import rooms"),
        ("lastcard.tui.app", "from lastcard.server import rooms"),
        ("lastcard.server.rooms", "from ..tui import app"),
        ("lastcard.server.rooms", "from lastcard import cli"),
        ("lastcard", "from . import tui"),
        ("lastcard", "from . import bots"),
        ("lastcard.core.engine", "import lastcard"),
        ("lastcard.core.engine", "from ... import lastcard"),
        ("lastcard.words", "from lastcard.sim import runner"),
        ("lastcard.bots.greedy", "from lastcard.words import Narrator"),
        ("lastcard.util", "from .core import Card"),
    ],
)
def test_walker_flags_upward_and_outside_imports(importer: str, source: str) -> None:
    is_package = importer == PACKAGE
    assert violations(imports_of(source, importer, is_package)), f"{importer}: {source!r}"


@pytest.mark.parametrize(
    ("importer", "source"),
    [
        ("lastcard.core.engine", "from .effects import Play"),
        ("lastcard.core.engine", "from collections.abc import Callable"),
        ("lastcard.bots.greedy", "import random\nfrom lastcard.core import Card"),
        ("lastcard.sim.runner", "from ..bots import greedy\nfrom ..core import apply"),
        ("lastcard.rl.env", "from lastcard.sim.fast import kernel"),
        ("lastcard.rl.env", "from lastcard.table import Table"),
        ("lastcard.sim.runner", "from lastcard.table import Table"),
        ("lastcard.tui.session", "from ..table import Table"),
        ("lastcard.table.table", "from lastcard.bots import Bot\nfrom lastcard.core import apply"),
        ("lastcard.tui.app", "from ..bots import greedy"),
        ("lastcard.server.rooms", "from lastcard.core import GameRecord"),
        ("lastcard.cli", "from .tui import app\nfrom .server import rooms"),
        ("lastcard.cli", "from lastcard import __version__"),
        ("lastcard.bots.greedy", "import lastcard"),
        ("lastcard.__main__", "from lastcard.cli import main"),
    ],
)
def test_walker_allows_downward_imports(importer: str, source: str) -> None:
    assert violations(imports_of(source, importer, False)) == []


# -- the cycle check sees cycles however they are written ------------------------------------

MODULES = {"lastcard", "lastcard.core", "lastcard.core.a", "lastcard.core.b", "lastcard.core.c"}


def graph_of(sources: dict[str, str]) -> Graph:
    graph: Graph = {}
    for name, source in sources.items():
        graph |= module_edges(source, name, name.count(".") < 2, MODULES)
    return graph


@pytest.mark.parametrize(
    "sources",
    [
        # at the top of both modules, absolute and relative
        {"lastcard.core.a": "from lastcard.core.b import f", "lastcard.core.b": "from .a import g"},
        # inside a function, as a lazy import
        {
            "lastcard.core.a": "import lastcard.core.b",
            "lastcard.core.b": "def f():\n    from . import a",
        },
        # under TYPE_CHECKING
        {
            "lastcard.core.a": "from .b import f",
            "lastcard.core.b": "if TYPE_CHECKING:\n    from .a import A",
        },
        # through a third module
        {
            "lastcard.core.a": "from .b import f",
            "lastcard.core.b": "from .c import g",
            "lastcard.core.c": "from lastcard.core.a import h",
        },
        # a submodule importing from its package, which imports it
        {"lastcard.core": "from .a import f", "lastcard.core.a": "from lastcard.core import g"},
        {"lastcard.core": "from .a import f", "lastcard.core.a": "from . import g"},
    ],
)
def test_cycles_are_found(sources: dict[str, str]) -> None:
    graph = graph_of(sources)
    assert cycles(graph) == [sorted(sources)], graph


@pytest.mark.parametrize(
    "sources",
    [
        # one way only
        {"lastcard.core.a": "from .b import f", "lastcard.core.b": "import json"},
        # a submodule imported by name from the package, not the package's own names
        {"lastcard.core": "from .a import f", "lastcard.core.b": "from . import a"},
        {"lastcard.core": "from .a import f", "lastcard.core.a": "from lastcard.core.b import g"},
        # a module importing itself is no cycle between modules
        {"lastcard.core.a": "from lastcard.core.a import f"},
    ],
)
def test_imports_one_way_are_no_cycle(sources: dict[str, str]) -> None:
    assert cycles(graph_of(sources)) == []


def test_cycle_check_sees_the_real_imports() -> None:
    graph = import_graph()
    assert "lastcard.core.effects" in graph["lastcard.core.engine"]
    assert "lastcard.core.hands" in graph["lastcard.core.invisibility"]
    assert "lastcard.sim.fast.layout" in graph["lastcard.sim.fast.run"]  # inside a function
    assert "lastcard.bots" in graph["lastcard.sim.fast.run"]  # make_bot, from the package
    # `from . import layout` imports the module layout, not the package sim.fast.
    assert "lastcard.sim.fast" not in graph["lastcard.sim.fast.support"]
    assert "lastcard.sim.fast.layout" in graph["lastcard.sim.fast.support"]
    assert "lastcard.bots.registry" in graph["lastcard.bots"]
