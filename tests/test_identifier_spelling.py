"""One spelling of colour in identifiers (docs/GLOSSARY.md, "color and colour"): code says
`color`, as the public API does; the words people read say "colour". A test's name is a sentence
about the rules and keeps the rules' spelling. The browser's scripts are held to the same by
eslint's `id-match` (eslint.config.js)."""

from __future__ import annotations

import ast
import doctest
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FOLDERS = ("src", "tests", "benchmarks", "examples", "deploy")
BRITISH = re.compile(r"colour", re.IGNORECASE)


def names(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Every name `tree` binds or reads, with its line (`ast`, so that the expressions inside
    f-strings count on every Python version)."""
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Name):
            yield line, node.id
        elif isinstance(node, ast.arg | ast.keyword) and node.arg is not None:
            yield line, node.arg
        elif isinstance(node, ast.Attribute):
            yield line, node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield line, node.name
        elif isinstance(node, ast.alias):
            yield line, node.asname or node.name


def doctest_names(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """The names of the doctests in `tree`'s docstrings (their lines: the docstring's)."""
    parser = doctest.DocTestParser()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            line = getattr(node, "lineno", 1)  # a module has none: its first line
            for example in parser.get_examples(text or ""):
                yield from ((line, name) for _, name in names(ast.parse(example.source)))


def british_identifiers(source: str) -> list[tuple[int, str]]:
    """Each identifier of `source` spelled colour, with its line; names of tests excepted."""
    tree = ast.parse(source)
    return sorted(
        (line, name)
        for line, name in set(names(tree)) | set(doctest_names(tree))
        if BRITISH.search(name) and not name.startswith("test_")
    )


def test_the_check_finds_a_british_identifier_and_passes_words_and_test_names() -> None:
    source = (
        "def test_a_wild_names_its_colour():\n"
        "    colour_count = 1  # the colour\n"
        '    return f"{colour_count} colour", "colour"\n'
    )
    assert british_identifiers(source) == [(2, "colour_count"), (3, "colour_count")]


def test_the_check_reads_doctests() -> None:
    source = 'def f():\n    """The colour.\n\n    >>> colours_to_ask([])\n    ()\n    """\n'
    assert british_identifiers(source) == [(1, "colours_to_ask")]


@pytest.mark.parametrize("folder", FOLDERS)
def test_identifiers_say_color(folder: str) -> None:
    found = []
    for path in sorted((REPO / folder).rglob("*.py")):
        where = path.relative_to(REPO)
        if BRITISH.search(path.stem) and not path.stem.startswith("test_"):
            found.append(f"{where}: a module's name")
        source = path.read_text(encoding="utf-8")
        found += [f"{where}:{line}: {name}" for line, name in british_identifiers(source)]
    assert found == [], "identifiers say color (docs/GLOSSARY.md):\n" + "\n".join(found)
