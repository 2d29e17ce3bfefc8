"""Every sentence a player reads, written once: the story of a game (`story`), the refusals
(`refusals`), what Pirate and the theme cards are known to do (`pirate`, `themes`), cards and
colours in words (`cards`, `spoken`), titles and standings (`titles`), and the web page's own
words, its waiting room, connection and fair-deal lines (`page`).

The Textual table, line mode and the web table (whose server sends each recipient the words)
all say what these modules say; they differ only in how a card is drawn (`R▲5`, `Red 5`) and how
a key is named (`[d]`, `(d)`, `(D)`). `words` imports only `lastcard.core` (and rich).
"""

from .cards import CARD_STYLES, COLOR_NAMES, COLOR_WORDS, card_name, card_text, cards_text
from .story import Narrator
from .titles import PRESET_HELP, elimination_hands, game_goal, game_title, rules_name, standings

__all__ = [
    "CARD_STYLES",
    "COLOR_NAMES",
    "COLOR_WORDS",
    "PRESET_HELP",
    "Narrator",
    "card_name",
    "card_text",
    "cards_text",
    "elimination_hands",
    "game_goal",
    "game_title",
    "rules_name",
    "standings",
]
