"""The questions a card asks before it is played, and the answer that names nobody: one source
for the terminal table, line mode (`lastcard.tui.play_choice`) and the web page, which is
served them with its own words (`lastcard.server.page_words`).

A card that names a player asks what the naming does, by the effect it has under the rules
(a Wild Customizable's is the `custom_wild_effect` option's, whose values are the effects'):

>>> TARGET_QUESTIONS[EffectKind.VIEW_HAND]
'Whose hand do you look at?'
"""

from __future__ import annotations

from lastcard.core import EffectKind

TARGET_QUESTIONS: dict[EffectKind, str] = {
    EffectKind.SWAP_HANDS: "Swap hands with whom?",
    EffectKind.REVEAL: "Who must show their hand to everyone?",
    EffectKind.VIEW_HAND: "Whose hand do you look at?",
}
"""What naming a player does, by the effect of the card that names them."""

NOBODY_SEVEN = "no swap"
"""The answer naming nobody for a Pirate 7 (§7.6.1), which may swap with no one."""
NOBODY = "nobody"
"""The answer naming nobody for a theme wild played as a last card (§7.11)."""

JOKER_SEATS_PROMPT = "Joker: who draws?"
JOKER_COUNT_PROMPT = "Joker: how many cards does each draw?"
