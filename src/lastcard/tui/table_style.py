"""The terminal table's `Style`: cards drawn as their faces' labels (`R▲5`), keys in brackets,
as its bindings (`tui/table.py`) define them."""

from __future__ import annotations

from lastcard.words.style import Style

from .faces import CHEAT_MARK, card_label, card_text

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
