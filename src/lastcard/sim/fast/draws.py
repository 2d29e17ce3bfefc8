# mypy: ignore-errors
# (numba infers these types itself; the functions take arrays and scalars of its own kinds.)
"""Drawing in the compiled simulator: cards from the stock into a hand, and whether a draw is
among a seat's choices (`engine._may_draw`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from .cards import _COLOR_MASKS, _PLAIN, _WD4_BIT, WD4
from .streams import _shuffle


@njit(cache=True, inline="always")
def draw_listed(playable, held, color, stock_n, discard_n, may_draw_voluntarily):
    """`_may_draw` for a seat holding the kinds `held`: a draw is listed when voluntary draws
    are on and a card can be drawn, or without a legal play (a WD4 is one only when it would
    be legal, §3.3.1; with nothing to draw it is a pass, §3.11)."""
    has_play = (playable & _PLAIN) != 0
    if not has_play and (playable & _WD4_BIT) != 0:
        has_play = (held & _COLOR_MASKS[np.uint64(color)]) == 0
    can_draw = stock_n > 0 or discard_n > 1
    return (can_draw and may_draw_voluntarily) or not has_play


@njit(cache=True, inline="always")
def drawn_playable(legal, card, held, color, bluffing):
    """Whether the card just drawn may be played (`engine._draw`): it matches the top card
    (`legal`, the kinds that do), and a Wild Draw Four without bluffing only with no card of
    the colour among `held`, the hand with it (§3.3.1, §3.4.1)."""
    if (legal >> np.uint64(card)) & np.uint64(1) == 0:
        return False
    return card != WD4 or bluffing or (held & _COLOR_MASKS[np.uint64(color)]) == 0


@njit(cache=True, inline="always")
def draw_cards(seat, count, hands, masks, sizes, stock, stock_n, discard, discard_n, seed, counter):
    """`Draft.draw`: `count` cards one at a time, the stock rebuilt from the discards when it
    runs out (§3.10); what cannot be drawn is forfeited. Returns (stock_n, discard_n, counter,
    the last card drawn or -1)."""
    last = -1
    for _ in range(count):
        if stock_n == 0:
            if discard_n <= 1:
                break
            top = discard[discard_n - 1]  # `rebuild_stock`: all but the top, shuffled in order
            for i in range(discard_n - 1):
                stock[i] = discard[i]
            stock_n = discard_n - 1
            counter = _shuffle(stock, stock_n, seed, counter)
            discard[0] = top
            discard_n = 1
        stock_n -= 1
        card = stock[np.uint64(stock_n)]  # unsigned indices: no check for negative ones
        u = np.uint64(seat)
        c = np.uint64(card)
        hands[u, c] += 1
        masks[u] |= np.uint64(1) << c
        sizes[u] += 1
        last = card
    return stock_n, discard_n, counter, last
