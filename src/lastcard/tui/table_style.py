"""The terminal table's `Style`: cards drawn as their faces' labels (`R▲5`), keys in brackets,
as its bindings (`tui/table.py`) define them."""

from __future__ import annotations

from lastcard.words.style import Style

from .faces import card_label

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
        "choose": "[Enter]",
        "colour": "[Enter]",
    },
    hurry="  (Space: don't wait)",
)
