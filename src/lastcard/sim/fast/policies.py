# mypy: ignore-errors
# (numba infers these types itself; the functions take arrays and scalars of its own kinds.)
"""The bots' choices in the compiled simulator: `RandomBot` and `GreedyBot`, exactly
(`HeuristicBot`'s are in `heuristic`).

Each function answers one question a bot's `choose` answers, over the kernel's bit masks, in
the engine's canonical order (plays by card, then colour, then target, then the Uno form), and
draws from the bot's `BotRng` stream exactly when the Python bot does.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .cards import (
    _ACTIONS,
    _COLOR_OF,
    _COLORED,
    _FACE,
    _FACE_MASKS,
    _WILDS,
    WILD,
    _lowest_bit,
    _nth_bit,
    _popcount,
    _step,
)
from .layout import (
    AWAIT_STACK_RESPONSE,
    AWAIT_WD4_RESPONSE,
    H_CATCH,
    H_CATCH_RATE,
    H_POLICY,
    POLICY_RANDOM,
)
from .streams import _ONE, _bot_below, _bot_random


@njit(cache=True, inline="always")
def _wants_catch(habits, bot_seed, bot_counter, seat):
    """Whether the bot at `seat` catches the exposed player now (a catch on offer): RandomBot
    by its generator, the others by habit."""
    if habits[seat, H_POLICY] != POLICY_RANDOM:
        return habits[seat, H_CATCH] != 0
    return _bot_random(bot_seed, bot_counter, seat) < habits[seat, H_CATCH_RATE]


@njit(cache=True, inline="always")
def _color_count(hands, seat, color):
    total = 0
    for face in range(13):
        total += hands[seat, color * 13 + face]
    return total


@njit(cache=True, _nrt=False)
def _favourite(hands, seat, bot_seed, bot_counter):
    """GreedyBot's colour: the one it holds most of; ties by its generator, in colour order.
    (Counts in locals: an array here would be allocated on every call.)"""
    c0 = _color_count(hands, seat, 0)
    c1 = _color_count(hands, seat, 1)
    c2 = _color_count(hands, seat, 2)
    c3 = _color_count(hands, seat, 3)
    most = max(max(c0, c1), max(c2, c3))
    tied = (c0 == most) + (c1 == most) + (c2 == most) + (c3 == most)
    r = _bot_below(bot_seed, bot_counter, seat, tied) if tied > 1 else 0
    for c, count in ((0, c0), (1, c1), (2, c2), (3, c3)):
        if count == most:
            if r == 0:
                return c
            r -= 1
    return 0


@njit(cache=True, inline="always")
def _most_points(candidates):
    """The kinds among `candidates` worth the most points (§1.4): wilds 50, actions 20, else
    the highest number."""
    if (candidates & _WILDS) != 0:
        return candidates & _WILDS
    if (candidates & _ACTIONS) != 0:
        return candidates & _ACTIONS
    for face in range(9, -1, -1):
        same = candidates & _FACE_MASKS[face]
        if same != 0:
            return same
    return candidates


@njit(cache=True, inline="always")
def _responding(phase):
    """A draw penalty awaits its victim's answer."""
    return phase in (AWAIT_WD4_RESPONSE, AWAIT_STACK_RESPONSE)


@njit(cache=True, inline="always")
def _is_seven(card, seven_o):
    """Whether a play of `card` names a seat: a 7 under Seven-O (§7.2.1)."""
    return seven_o and card < WILD and _FACE[card] == 7


@njit(cache=True, inline="always")
def _variants_of(mask, seat, size, players, seven_o):
    """How many plays the engine lists for the kinds in `mask` (one Uno form each): a coloured
    card one, a wild one per colour, a 7 under Seven-O one per other seat (and one naming
    nobody when it is the last card, §7.2.4)."""
    count = _popcount(mask & _COLORED) + 4 * _popcount(mask & _WILDS)
    if seven_o:
        targets = players - 1 + (1 if size == 1 else 0)
        count += (targets - 1) * _popcount(mask & _FACE_MASKS[7])
    return count


@njit(cache=True, inline="always")
def _random_target(card, r, seat, size, seven_o):
    """The seat named by variant `r` of `card` (-1: none), in the engine's order: nobody
    first when it is the last card, then the other seats in seat order."""
    if not _is_seven(card, seven_o):
        return -1
    if size == 1:
        if r == 0:
            return -1
        r -= 1
    return r if r < seat else r + 1


@njit(cache=True, inline="always")
def _nth_plain_variant(mask, r):
    """Play `r` of kinds that name no seat: (card, colour)."""
    n_colored = _popcount(mask & _COLORED)
    if r < n_colored:
        card = _nth_bit(mask & _COLORED, r)
        return card, _COLOR_OF[np.uint64(card)]
    w = r - n_colored
    return _nth_bit(mask & _WILDS, w // 4), w % 4


@njit(cache=True, inline="always")
def _nth_variant(mask, r, seat, size, players, seven_o):
    """Play `r` of the kinds in `mask`, in the engine's order: (card, colour, target)."""
    if not seven_o:  # no card names a seat: the common case, without a loop
        card, color = _nth_plain_variant(mask, r)
        return card, color, -1
    targets = players - 1 + (1 if size == 1 else 0)
    m = mask
    while m != 0:
        card = _lowest_bit(m)
        weight = 4 if card >= WILD else (targets if _FACE[card] == 7 else 1)
        if r < weight:
            if card >= WILD:
                return card, r, -1
            return card, _COLOR_OF[card], _random_target(card, r, seat, size, True)
        r -= weight
        m &= m - _ONE
    return -1, 0, -1


@njit(cache=True, inline="always")
def _greedy_card(candidates, bot_seed, bot_counter, seat):
    """GreedyBot's card: the most points; ties by its generator, in card order."""
    best = _most_points(candidates)
    ties = _popcount(best)
    r = _bot_below(bot_seed, bot_counter, seat, ties) if ties > 1 else 0
    return _nth_bit(best, r)


@njit(cache=True, _nrt=False)
def _greedy_target(card, seat, sizes, direction, players, seven_o):
    """GreedyBot's target for `card` (-1: it names none): the smallest hand, the first in the
    direction of play among equals."""
    if not _is_seven(card, seven_o):
        return -1
    best = -1
    s = seat
    for _ in range(players - 1):
        s = _step(s, direction, players)
        if best < 0 or sizes[s] < sizes[best]:
            best = s
    return best
