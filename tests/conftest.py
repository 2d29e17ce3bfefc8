"""Markers by where a test lives and what it starts, so `make quick` needs no per-test edits.

- a layer marker (`core`, `bots`, `table`, `sim`, `rl`, `tui`, `server`, `cli`): the directory
  of tests/ or of src/lastcard/ (for doctests) the test is in; tests/test_cli*.py are `cli`;
- `browser`: the test drives Chromium (it asks for the `chromium` fixture, directly or through
  `pages`);
- `live`: its module can start another process: a `lastcard serve` (it uses the helpers of
  live_server.py or browser.py) or anything through `subprocess` (node, the CLI, a writer
  killed mid-write). Decided per module, since a helper started inside a test leaves no trace
  on the item; and any test that asks for a database fixture that may start PostgreSQL;
- `quick`: the day's loop (`make quick`): the tests of core, bots, table and server and the
  whole-project checks of `QUICK_FILES` that neither start a process nor drive a browser (of
  the server, the room, protocol, fairness and autopilot tests, which run in process).

`make test` runs every test whatever its markers.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from types import ModuleType

import pytest

TESTS = Path(__file__).resolve().parent
SRC = TESTS.parent / "src" / "lastcard"
LAYERS = ("core", "bots", "table", "sim", "analysis", "rl", "tui", "server", "cli")
QUICK_LAYERS = frozenset({"core", "bots", "table"})
# Checks of the whole source tree that read files and import modules but play few games.
QUICK_FILES = frozenset(
    TESTS / name
    for name in (
        "test_architecture.py",
        "test_capability.py",
        "test_rule_facts_boundary.py",
        "test_words_catalogue.py",
    )
)
# The test helpers that start a `lastcard serve` (browser.py's fixtures start one too).
PROCESS_HELPERS = frozenset({"live_server", "browser", "subprocess"})
# The fixtures that may start the tests' PostgreSQL server (tests/server/conftest.py).
DATABASE_FIXTURES = frozenset({"postgres", "database_url"})


def layer_of(path: Path) -> str | None:
    for root in (TESTS, SRC):
        if path.is_relative_to(root):
            parts = path.relative_to(root).parts
            if len(parts) > 1 and parts[0] in LAYERS:
                return parts[0]
    if path.parent == TESTS and path.name.startswith("test_cli"):
        return "cli"
    return None


def starts_processes(module: ModuleType | None) -> bool:
    if module is None:
        return False
    return any(
        value is subprocess or getattr(value, "__module__", None) in PROCESS_HELPERS
        for value in vars(module).values()
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    live_modules: dict[Path, bool] = {}
    for item in items:
        path = Path(item.path).resolve()
        layer = layer_of(path)
        if layer is not None:
            item.add_marker(layer)
        browser = "chromium" in getattr(item, "fixturenames", ())
        if browser:
            item.add_marker("browser")
        if path not in live_modules:
            live_modules[path] = starts_processes(getattr(item, "module", None))
        # The PostgreSQL the server's tests start (tests/server/conftest.py) is a process too.
        live = live_modules[path] or bool(
            DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
        )
        if live:
            item.add_marker("live")
        quick_place = layer in QUICK_LAYERS or layer == "server" or path in QUICK_FILES
        if quick_place and not (browser or live):
            item.add_marker("quick")
