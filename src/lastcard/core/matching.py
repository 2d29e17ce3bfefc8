"""What may be played on what (RULES.md §3.2, §3.3, §7.1.2–7.1.3, §7.3.1)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .cards import Card, Color, Kind

StackRule = Callable[[Card, Card, Color], bool]


def matches(card: Card, top: Card, color: Color) -> bool:
    """§3.2: a wild matches anything; a coloured card matches the current colour, or a number of
    the same rank, or an action of the same symbol (never a wild top card "by number", §3.2.3).
    """
    if card.is_wild or card.color is color:
        return True
    return not top.is_wild and card.kind is top.kind and card.rank == top.rank


def is_wd4_legal(hand_without_it: Iterable[Card], color: Color) -> bool:
    """§3.3.1: legal only when the rest of the hand holds no card of the current colour
    (rank or symbol matches and wild cards do not count, §3.3.2)."""
    return all(card.color is not color for card in hand_without_it)


def is_identical(card: Card, top: Card) -> bool:
    """§7.3.1: the same colour and the same rank or symbol; wild-type cards never qualify."""
    return card is top and not card.is_wild


def _same(card: Card, top: Card, color: Color) -> bool:
    """§7.1.2: a Draw Two on a Draw Two, a WD4 on a WD4 (a Draw Three on a Draw Three)."""
    return card.kind is top.kind and card.kind in _CHAIN_KINDS


def _mixed(card: Card, top: Card, color: Color) -> bool:
    """§7.1.3: also a WD4 on any coloured draw card, a coloured draw card on a WD4 of its
    declared colour, and Draw Two and Draw Three on each other."""
    if _same(card, top, color):
        return True
    if card.kind is Kind.WILD_DRAW_FOUR:
        return top.kind in _COLORED_DRAWS
    if card.kind in _COLORED_DRAWS:
        return top.kind in _COLORED_DRAWS or (
            top.kind is Kind.WILD_DRAW_FOUR and card.color is color
        )
    return False


# §7.1.11: only the classic draw cards (and the Draw Three, §7.11.1) start, join or end a chain.
_COLORED_DRAWS = frozenset({Kind.DRAW_TWO, Kind.DRAW_THREE})
_CHAIN_KINDS = frozenset({Kind.DRAW_TWO, Kind.DRAW_THREE, Kind.WILD_DRAW_FOUR})

STACK_RULES: dict[str, StackRule | None] = {"off": None, "same": _same, "mixed": _mixed}
