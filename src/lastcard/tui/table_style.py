"""The terminal table's style: cards drawn as their faces' labels (`R▲5`), keys in brackets,
as its bindings (`tui/table_keys.py`) define them; and how its story draws cards and colours."""

from __future__ import annotations

from rich.text import Text

from lastcard.core import Card, Color
from lastcard.words.style import Style

from .faces import CHEAT_MARK, card_label, card_text, color_text

TABLE_STYLE = Style(
    card=card_label,
    keys={
        "draw": "[d]",
        "keep": "[k]",
        "play_drawn": "[p]",
        "accept": "[a]",
        "challenge": "[x]",
        "stack": "[Enter]",
        "uno": "[u]",
        "catch": "[c]",
        "decline": "[d]",
        "let_stand": "[p]",
        "call_cheat": "[c]",
        "block": "[b]",
        "allow": "[a]",
        "next": "[Enter]",
        "choose": "[←→ Enter, or click]",
        "jump_in": "[Enter]",
        "colour": "[Enter]",
    },
    playable="a highlighted card",
    cheat_mark=CHEAT_MARK,
    call_uno_with="press u first to call Uno with it.",
    hurry="  (Space: don't wait)",
    rich_card=card_text,
)


def story_card(code: str, declared: str | None) -> Text:
    """The story draws cards as the hand does: `R▲5`, `W★W+4→G■`."""
    return card_text(Card.from_code(code), Color.from_letter(declared) if declared else None)


def story_color(letter: str) -> Text:
    """The story names a declared colour in that colour."""
    return color_text(Color.from_letter(letter))
