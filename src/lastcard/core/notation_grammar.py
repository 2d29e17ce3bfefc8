"""What both directions of the notation (`lastcard.core.notation`) share: its error, its
marks for "the rest" and "none", and the defaults a field takes when it is not written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .action_index import ALL_CARD_ORDER
from .cards import Card, Color
from .errors import LastcardError
from .rules import Rules
from .state import Phase


class NotationError(LastcardError):
    """Text that is not a position in the notation of `lastcard.core.notation`."""

    code = "INVALID_NOTATION"


REST = "..."
EMPTY = "-"
CARD_RANK = {code: rank for rank, code in enumerate(ALL_CARD_ORDER)}


def unwritten_cards(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    discard: Sequence[Card],
    stock: Sequence[Card],
) -> tuple[Card, ...]:
    """The deck's cards not among those given, in the fixed card order, bottom first."""
    remaining = Counter(rules.deck_cards())
    remaining.subtract(discard)
    remaining.subtract(stock)
    for hand in hands:
        remaining.subtract(hand)
    cards = sorted(remaining.elements(), key=lambda card: CARD_RANK[card.code])
    return tuple(cards)


def top_color(discard: Sequence[Card]) -> Color | None:
    return discard[-1].color if discard else None


def default_to_act(phase: Phase, turn: int) -> int | None:
    return None if phase in (Phase.HAND_OVER, Phase.GAME_OVER) else turn


def default_first(rules: Rules, discard: Sequence[Card]) -> Card:
    return discard[0] if discard else rules.deck_cards()[0]
