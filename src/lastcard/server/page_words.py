"""The page's own words (`lastcard.words.page`) as the module the browser imports,
`/static/js/words.js`: made from the Python catalogue when served, so that the page and the
catalogue cannot drift (there is no copy to forget)."""

from __future__ import annotations

import functools
import json

from lastcard.words.page import CLOSE_WORDS, PAGE_WORDS

WORDS_MODULE_PATH = "/static/js/words.js"


@functools.cache
def page_words_module() -> str:
    """The JavaScript module `static/js/page_words.js` imports: `WORDS.page`, the templates by
    name, and `WORDS.close`, the words of each close code."""
    catalogue = {"page": PAGE_WORDS, "close": {str(code): w for code, w in CLOSE_WORDS.items()}}
    text = json.dumps(catalogue, ensure_ascii=False, indent=2, sort_keys=True)
    return (
        "// Made by lastcard.server.page_words from lastcard.words.page: the words live there.\n"
        f"export const WORDS = {text};\n"
    )
