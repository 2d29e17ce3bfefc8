# mypy: ignore-errors
# (numba infers these types itself; the functions take arrays and scalars of its own kinds.)
"""The compiled simulator's cards, hands and seats as integers and bit masks.

A card is its *kind* 0..53, the action index's card order: colour * 13 + face (faces 0-9, then
Skip 10, Reverse 11, Draw Two 12; colours red, yellow, green, blue), Wild 52, Wild Draw Four 53.
A hand is a count per kind, a bit mask of the kinds held (bit k set when count > 0) and a size,
so the playable kinds are one AND with a precomputed mask per (colour, top card).
"""

from __future__ import annotations

import numpy as np
from llvmlite import binding, ir
from numba import config, njit, types
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from lastcard.core.action_index import CARD_ORDER
from lastcard.core.cards import COLORS, Card, classic_deck
from lastcard.core.matching import matches

from .streams import _DECK_CARDS, _ONE


@intrinsic
def _count_ones(typingctx, m):
    """LLVM's ctpop: one popcnt instruction on the CPUs that have it (all this century)."""

    def codegen(context, builder, sig, args):
        return builder.ctpop(args[0])

    return m(m), codegen


@njit(cache=True, inline="always")
def _lowest_bit(m):
    """The index of the lowest set bit of a non-zero mask."""
    return np.int64(trailing_zeros(m))


@njit(cache=True, inline="always")
def _popcount(m):
    return np.int64(_count_ones(m))


@njit(cache=True, inline="always")
def _nth_bit_by_clearing(m, r):
    """The index of the r-th (from 0) set bit of m, counting from the lowest: r bits cleared."""
    for _ in range(r):
        m &= m - _ONE
    return _lowest_bit(m)


@intrinsic
def _deposit(typingctx, source, mask):
    """BMI2's pdep: the low bits of `source` placed at the set bits of `mask`, in order."""
    signature = types.uint64(types.uint64, types.uint64)

    def codegen(context, builder, sig, args):
        word = ir.IntType(64)
        pdep = builder.module.declare_intrinsic(
            "llvm.x86.bmi.pdep.64", fnty=ir.FunctionType(word, [word, word])
        )
        return builder.call(pdep, args)

    return signature, codegen


@njit(cache=True, inline="always")
def _nth_bit_by_deposit(m, r):
    """`_nth_bit_by_clearing` in one instruction, without the loop whose exit (after a random
    number of bits) the CPU mispredicts."""
    return _lowest_bit(_deposit(_ONE << np.uint64(r), m))


def _quick_deposit() -> bool:
    """Whether the CPU numba compiles for has a quick pdep: BMI2, and not the microcoded one of
    AMD's Zen 1 and 2."""
    cpu = config.CPU_NAME or binding.get_host_cpu_name()
    features = config.CPU_FEATURES or binding.get_host_cpu_features().flatten()
    return "+bmi2" in features.split(",") and cpu not in ("znver1", "znver2")


# The r-th set bit (a random bot's r-th play, a tie broken by r): by pdep where it is quick.
_nth_bit = _nth_bit_by_deposit if _quick_deposit() else _nth_bit_by_clearing


WILD = 52
WD4 = 53
KINDS = 54
DECK_SIZE = _DECK_CARDS
_COLORED = np.uint64((1 << 52) - 1)
_WILDS = np.uint64(3 << 52)
_WD4_BIT = np.uint64(1 << 53)
_PLAIN = np.uint64((1 << 53) - 1)  # every kind but the WD4


# The kinds are the action index's card order, whose first 54 cards are the classic deck's.
if CARD_ORDER[WILD] != "W" or CARD_ORDER[WD4] != "W+4":
    raise RuntimeError("the action index's card order no longer starts with the classic deck")


def kind_of(card: Card) -> int:
    """A card's kind: its place in the action index's card order."""
    return CARD_ORDER.index(card.code)


def classic_deck_kinds() -> np.ndarray:
    """`cards.classic_deck()` as kinds, in its order (the shuffle starts from this order)."""
    return np.array([kind_of(card) for card in classic_deck()], dtype=np.int8)


def playable_masks() -> np.ndarray:
    """masks[colour, top kind]: the kinds `matching.matches` lets play on `top` (§3.2)."""
    cards = [Card.from_code(code) for code in CARD_ORDER[:KINDS]]
    masks = np.zeros((4, KINDS), dtype=np.uint64)
    for color_index, color in enumerate(COLORS):
        for top, top_card in enumerate(cards):
            mask = 0
            for kind, card in enumerate(cards):
                if matches(card, top_card, color):
                    mask |= 1 << kind
            masks[color_index, top] = mask
    return masks


_DECK = classic_deck_kinds()
_DECK_BACK_TO_FRONT = _DECK[::-1].copy()  # the deck as a stock holds it: its first card last
_MATCH = playable_masks()
_MATCH_FLAT = _MATCH.ravel().copy()  # _MATCH[colour, top] at colour * KINDS + top
# Each kind's face (0-9 numbers, 10 Skip, 11 Reverse, 12 Draw Two, 13 wild) and colour (-1 wild).
_FACE = np.array([k % 13 if k < WILD else 13 for k in range(KINDS)], dtype=np.int64)
_COLOR_OF = np.array([k // 13 if k < WILD else -1 for k in range(KINDS)], dtype=np.int64)
_POINTS = np.array([Card.from_code(code).points for code in CARD_ORDER[:KINDS]], dtype=np.int64)
_FACE_MASKS = np.array(
    [sum(1 << (13 * c + face) for c in range(4)) for face in range(13)], dtype=np.uint64
)
_ACTIONS = np.uint64(int(_FACE_MASKS[10] | _FACE_MASKS[11] | _FACE_MASKS[12]))
_COLOR_MASKS = np.array([((1 << 13) - 1) << (13 * c) for c in range(4)], dtype=np.uint64)


@njit(cache=True, inline="always")
def _step(seat, direction, players):
    """The next seat going `direction` (every seat is in play: no elimination here)."""
    seat += direction
    if seat >= players:
        return seat - players
    if seat < 0:
        return seat + players
    return seat


@njit(cache=True, inline="always")
def _bit(card):
    return np.uint64(1) << np.uint64(card)
