"""The page names every card as Python does (issue 23), in Chromium on a real server: `cardName`
of `static/js/cards.js`, for every card of every deck and theme pack and every wild with each
colour declared (given as the page holds it, a lower- or upper-case letter), equals
`lastcard.words.cards.card_name`. The page has no copy of the names: a name changed in Python
changes the page's, and a copy written into the page fails here.
"""

from __future__ import annotations

from browser import (
    Pages,
    chromium_fixture,  # noqa: F401  (a fixture)
    pages_fixture,  # noqa: F401  (a fixture)
    server_fixture,  # noqa: F401  (a fixture)
)
from live_server import LiveServer

from lastcard.core import Color
from lastcard.words.cards import COLOR_NAMES, card_name, color_text, every_card


def test_the_page_names_every_card_and_colour_as_python_does(
    pages: Pages, server: LiveServer
) -> None:
    page = pages.open(server.url + "/")
    codes = [card.code for card in every_card()]
    letters = list(COLOR_NAMES)
    shown = page.evaluate(
        """async ([codes, letters]) => {
          const { cardName, colorChoiceLabel } = await import('/static/js/cards.js');
          const out = { plain: {}, declared: {}, choice: {} };
          for (const code of codes) {
            out.plain[code] = cardName(code);
            for (const letter of letters) {
              out.declared[`${code}:${letter}`] = cardName(code, letter.toLowerCase());
              out.declared[`${code}:${letter}!`] = cardName(code, letter);
            }
          }
          for (const letter of letters) out.choice[letter] = colorChoiceLabel(letter);
          return out;
        }""",
        [codes, letters],
    )
    for card in every_card():
        assert shown["plain"][card.code] == card_name(card), card.code
        for letter in letters:
            # A coloured card names no declared colour: the page asks only of a wild's.
            want = card_name(card, Color.from_letter(letter) if card.is_wild else None)
            assert shown["declared"][f"{card.code}:{letter}"] == want, (card.code, letter)
            assert shown["declared"][f"{card.code}:{letter}!"] == want, (card.code, letter)
    for letter in letters:
        assert shown["choice"][letter].lower().startswith(color_text(letter).plain), letter
