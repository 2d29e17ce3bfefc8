"""The page's own words (issue 23): the waiting room, the connection and the fair-deal lines are
written once, in `lastcard.words.page`, and the server serves them to the page as a module. A
sentence written into the page instead, or a template the page asks for that the catalogue
lacks, fails here; one changed in the catalogue changes what the page says
(test_browser_waiting_words.py reads it in Chromium)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import httpx
import pytest

from lastcard.core import Color
from lastcard.server.app import create_app
from lastcard.server.page_words import WORDS_MODULE_PATH, page_words_module
from lastcard.words.cards import COLOR_NAMES, card_name, card_names, every_card
from lastcard.words.choices import NOBODY, NOBODY_SEVEN, TARGET_QUESTIONS
from lastcard.words.page import CLOSE_WORDS, PAGE_WORDS

JS = Path(__file__).parents[2] / "src/lastcard/server/static/js"
SCRIPTS = sorted(JS.rglob("*.js"))
# A string in JavaScript that reads as a sentence: two words or more (the second may be "a"),
# capitalised or stopped.
SENTENCE = re.compile(
    r"""(["'`])(?=[^"'`]*\b[A-Za-z]{2,} [a-z]\b|[^"'`]*\b[A-Za-z]{2,} [a-z]{2,})"""
    r"""([A-Z][^"'`]*|[^"'`]*[.:…])\1"""
)
# What a programmer reads, not a player: the message of an error thrown for a broken page.
PROGRAMMER_WORDS = re.compile(r"""new \w*Error\(\s*(["'`])(?:\\.|(?!\1).)*\1""")


def code_of(text: str) -> str:
    """A script without its comments and programmer's error messages: what a player may read.
    Strings are read over whole, so a `//` in one (an address) starts no comment."""
    out: list[str] = []
    i, quote = 0, ""
    while i < len(text):
        char = text[i]
        if quote:
            out.append(char)
            if char == "\\":
                out.append(text[i + 1 : i + 2])
                i += 1
            elif char == quote:
                quote = ""
        elif text.startswith("//", i):
            i = text.find("\n", i) - 1 if "\n" in text[i:] else len(text)
        elif text.startswith("/*", i):
            i = text.find("*/", i) + 1
        else:
            if char in "\"'`":
                quote = char
            out.append(char)
        i += 1
    return PROGRAMMER_WORDS.sub("", "".join(out))


def served(module: str) -> object:
    prefix = re.match(r"(?s)(// [^\n]*\n)*export const WORDS = ", module)
    assert prefix is not None and module.endswith(";\n"), module[:200]
    return json.loads(module[prefix.end() : -2])


def fixed_parts(template: str) -> list[str]:
    """What a template says around its `{fields}`: the parts a copy in the page would repeat."""
    return [part.strip() for part in re.split(r"\{\w+\}", template) if len(part.strip()) >= 12]


def test_the_server_serves_the_catalogue_as_the_pages_module(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'words.db'}", allow_hosts=["testserver"])

    async def get() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            return await client.get(WORDS_MODULE_PATH)

    reply = asyncio.run(get())
    assert reply.status_code == 200, reply.text
    assert reply.headers["content-type"].startswith("text/javascript")
    assert served(reply.text) == {
        "page": PAGE_WORDS,
        "close": {str(code): words for code, words in CLOSE_WORDS.items()},
        "cards": card_names(),
        "colors": COLOR_NAMES,
        "choices": {
            "targets": {kind.value: words for kind, words in TARGET_QUESTIONS.items()},
            "nobody_seven": NOBODY_SEVEN,
            "nobody": NOBODY,
        },
    }
    assert reply.text == page_words_module()


def test_every_template_the_page_asks_for_is_written() -> None:
    asked = {
        (script.name, key)
        for script in SCRIPTS
        for key in re.findall(r"pageWords\(\s*\"(\w+)\"", script.read_text(encoding="utf-8"))
    }
    assert asked, "the page asks for its words by pageWords(name)"
    assert {(name, key) for name, key in asked if key not in PAGE_WORDS} == set()


def test_every_template_written_is_asked_for() -> None:
    text = "\n".join(script.read_text(encoding="utf-8") for script in SCRIPTS)
    assert [key for key in PAGE_WORDS if f'"{key}"' not in text] == []


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: str(path.relative_to(JS)))
def test_the_page_repeats_no_sentence_of_the_catalogue(script: Path) -> None:
    text = code_of(script.read_text(encoding="utf-8"))  # a comment may quote what it explains
    templates = [*PAGE_WORDS.values(), *CLOSE_WORDS.values()]
    assert [part for template in templates for part in fixed_parts(template) if part in text] == []


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: str(path.relative_to(JS)))
def test_no_script_writes_a_sentence(script: Path) -> None:
    code = code_of(script.read_text(encoding="utf-8"))
    assert [match.group(0) for match in SENTENCE.finditer(code)] == []


def test_the_sentence_finder_finds_sentences() -> None:
    for written in (
        '"Connection lost: reconnecting…"',
        "`Sit in seat ${n}`",
        '"ready to go."',
        '"Draw a card"',
    ):
        assert SENTENCE.search(code_of(written)), written
    for code in ('"wait-seat"', '"level_bot"', '{ className: "small" }'):
        assert not SENTENCE.search(code_of(code)), code


def test_the_finder_reads_past_comments_and_programmers_errors_only() -> None:
    skipped = (
        '// "Red 7" in a comment\n',
        '/* "Red 7",\n "Wild Draw Four" */',
        "throw new Error(`no page words named ${key}`);",
        'x = new TypeError("JSON text is a string");',
    )
    for text in skipped:
        assert not SENTENCE.search(code_of(text)), text
    for text in ('f("https://x.org", "Draw a card now.")', 'a = "x // y"; b = "Keep it here."'):
        assert SENTENCE.search(code_of(text)), text


def test_the_served_card_names_are_pythons() -> None:
    """Every card of every deck and theme pack, and every wild with each colour declared, is
    named in the page's table exactly as `card_name` names it: one source for the names."""
    names = card_names()
    assert {card.code for card in every_card()} <= names.keys()
    for card in every_card():
        assert names[card.code] == card_name(card)
        for color in COLOR_NAMES:
            key = f"{card.code}:{color}"
            assert (key in names) == card.is_wild, key
            if card.is_wild:
                assert names[key] == card_name(card, Color.from_letter(color)), key
