"""The page's own words (`lastcard.words.page`) as the module the browser imports,
`/static/js/words.js`: made from the Python catalogue when served, so that the page and the
catalogue cannot drift (there is no copy to forget)."""

from __future__ import annotations

import functools
import json

from lastcard.words.cards import COLOR_NAMES, card_names
from lastcard.words.choices import NOBODY, NOBODY_SEVEN, TARGET_QUESTIONS
from lastcard.words.page import CLOSE_WORDS, PAGE_WORDS

WORDS_MODULE_PATH = "/static/js/words.js"


@functools.cache
def page_words_module() -> str:
    """The JavaScript module `static/js/page_words.js` and `cards.js` import: `WORDS.page`, the
    templates by name, `WORDS.close`, the words of each close code, and the cards and colours
    in words as `lastcard.words.cards` names them (`WORDS.cards` by code, a wild's with its
    declared colour as `W+4:G`; `WORDS.colors` by letter), and the questions of a card that
    names a player as `lastcard.words.choices` asks them (`WORDS.choices`)."""
    catalogue = {
        "page": PAGE_WORDS,
        "close": {str(code): w for code, w in CLOSE_WORDS.items()},
        "cards": card_names(),
        "colors": COLOR_NAMES,
        "choices": {
            "targets": {kind.value: words for kind, words in TARGET_QUESTIONS.items()},
            "nobody_seven": NOBODY_SEVEN,
            "nobody": NOBODY,
        },
    }
    text = json.dumps(catalogue, ensure_ascii=False, indent=2, sort_keys=True)
    return (
        "// Made by lastcard.server.page_words from lastcard.words: the words live there.\n"
        f"export const WORDS = {text};\n"
    )
