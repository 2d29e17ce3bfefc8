"""Rule facts come from one place: outside `core`, nothing reads the house-rule options whose
meaning `lastcard.core.rule_facts` answers for (what a 7 or a Wild Customizable does, whether a
Reverse skips with two players, whether anyone may jump in). Checked by walking src/lastcard
with `ast`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import lastcard

ROOT = Path(lastcard.__file__).resolve().parent
CORE = ROOT / "core"

# The options behind the facts: reading one of them outside core duplicates the core's rules.
FACT_OPTIONS = frozenset({"seven_o", "custom_wild_effect", "two_player_rules", "jump_in"})


def _is_rules(node: ast.expr) -> bool:
    """`rules`, `self.rules`, `view.rules`, `state.rules`, `my_rules`: an expression naming
    a `Rules` by the project's naming (other objects with a `jump_in`, such as a bot's own
    setting or a play event's flag, are not rules)."""
    if isinstance(node, ast.Name):
        return node.id.endswith("rules")
    if isinstance(node, ast.Attribute):
        return node.attr.endswith("rules")
    return False


def fact_option_reads(source: str, filename: str = "<source>") -> list[tuple[int, str]]:
    """(line, option) of every read of a fact option from a `Rules` in `source`: as an
    attribute, or through `getattr` with the option's name written out."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Attribute) and node.attr in FACT_OPTIONS and _is_rules(node.value):
            found.append((node.lineno, node.attr))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in FACT_OPTIONS
        ):
            found.append((node.lineno, str(node.args[1].value)))
    return found


def outside_core() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if CORE not in p.parents)


@pytest.mark.parametrize("path", outside_core(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_layer_above_core_reads_the_fact_options(path: Path) -> None:
    reads = fact_option_reads(path.read_text(encoding="utf-8"), str(path))
    assert not reads, (
        f"{path.relative_to(ROOT)} reads {reads}: ask `lastcard.core.rule_facts(rules)` instead"
    )


@pytest.mark.parametrize(
    "source",
    [
        "view.rules.seven_o",
        "rules.custom_wild_effect == 'reveal'",
        "state.rules.two_player_rules",
        "if my_rules.jump_in: pass",
        "getattr(rules, 'jump_in')",
    ],
)
def test_the_check_finds_a_read(source: str) -> None:
    assert fact_option_reads(source)


@pytest.mark.parametrize(
    "source", ["self.jump_in", "event.jump_in", "facts.allows_jump_in", "rules.stacking"]
)
def test_the_check_ignores_what_is_not_a_fact_option_of_rules(source: str) -> None:
    assert not fact_option_reads(source)


def test_the_walk_covers_the_layers_above_core() -> None:
    layers = {p.relative_to(ROOT).parts[0] for p in outside_core()}
    assert {"bots", "tui", "sim", "cli"} <= layers
