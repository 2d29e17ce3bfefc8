"""`lastcard.words` covers what players can meet (DESIGN.md §8, after `EVENT_SPECS`): every event
type has its story, every engine error code its refusal, every front end's style names every
key, and the web table's shortcuts are the letters its words name."""

from __future__ import annotations

import re
from pathlib import Path

from lastcard.core import EventType
from lastcard.core.errors import ERROR_TYPES
from lastcard.tui.table_style import TABLE_STYLE
from lastcard.words.refusals import worded_codes
from lastcard.words.story import told_types
from lastcard.words.style import KEY_NAMES, PLAIN, WEB

KEYS_JS = Path(__file__).parent.parent / "src/lastcard/server/static/js/keys.js"


def test_every_event_type_is_told() -> None:
    assert told_types() == frozenset(EventType)


def test_every_engine_error_code_is_worded() -> None:
    assert worded_codes() == frozenset(ERROR_TYPES)


def test_every_style_names_every_key() -> None:
    for style in (TABLE_STYLE, PLAIN, WEB):
        assert set(style.keys) == set(KEY_NAMES), style


def test_the_pages_shortcuts_are_the_keys_its_words_name() -> None:
    """keys.js holds the page's shortcuts; WEB names them in the prompts and refusals."""
    letters = dict(re.findall(r"^\s+(\w+): \"(\w)\",$", KEYS_JS.read_text(), re.MULTILINE))
    named = {
        "draw": "draw",
        "keep": "keep",
        "playDrawn": "play_drawn",
        "accept": "accept",
        "challenge": "challenge",
        "stack": "stack",
        "uno": "uno",
        "catch": "catch",
        "decline": "decline",
        "letStand": "let_stand",
        "callCheat": "call_cheat",
        "block": "block",
        "allow": "allow",
        "next": "next",
        "jumpIn": "jump_in",
    }
    for js, key in named.items():
        assert WEB.key(key) == f"({letters[js]})", (js, key)
