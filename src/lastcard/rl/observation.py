"""The observation of one seat: a flat vector built from its `PlayerView` alone.

Nothing hidden can reach it (a view has no field for another hand, the stock's order or the
generator), so an agent cannot learn from what a player could not see. The layout is the same
for every player count and every house rule: seats are written *relative to the observer* (slot
0 is the observer, slot 1 the next seat clockwise, ...) and padded to 10 seats; cards are
written over the 58 card codes of every deck (`lastcard.core.action_index.CARD_ORDER`).

`LAYOUT` names the slices (version 1); `size` is their total (`OBSERVATION_SIZE`, 343):

| slice | length | meaning |
| --- | --- | --- |
| `hand` | 58 | how many of each card the observer holds |
| `top` | 58 | one-hot: the top card of the discard pile |
| `discard` | 58 | how many of each card lie in the discard pile (the top included) |
| `drawn` | 58 | one-hot: the card the observer just drew and may play (phase `after_draw`) |
| `color` | 4 | one-hot: the colour to match (r, y, g, b); all 0 while a first Wild waits for one |
| `direction` | 1 | 1 clockwise, -1 counter-clockwise |
| `phase` | 7 | one-hot, in `Phase` order: await_turn ... game_over |
| `to_act` | 10 | one-hot, relative: who must decide now |
| `turn` | 10 | one-hot, relative: whose turn it is |
| `hand_sizes` | 10 | cards in each seat's hand, relative (0 past the last seat) |
| `active` | 10 | 1 for each seated, not eliminated seat, relative |
| `exposed` | 10 | one-hot, relative: who owes an Uno call and can be caught (§4.4) |
| `uncaught` | 10 | 1 for each seat whose missed call can no longer be caught, relative |
| `top_player` | 10 | one-hot, relative: who placed the top card (none: a first discard) |
| `dealer` | 10 | one-hot, relative |
| `scores` | 10 | each seat's total score / 100, relative |
| `challenge` | 5 | 1 if the observer may challenge the WD4 on top; one-hot its colour |
| `counts` | 4 | pending draw, stock size, turns this hand / 100, passes |

Counts are raw (a hand of 7 cards is 7.0); scores and turns are scaled to keep them near 1.
"""

from __future__ import annotations

from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from lastcard.core import Card, Color, Phase, PlayerView
from lastcard.core.action_index import CARD_ORDER

VERSION = 1
MAX_SEATS = 10
_COLOURS = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
_PHASES = (
    Phase.AWAIT_TURN,
    Phase.AFTER_DRAW,
    Phase.AWAIT_WD4_RESPONSE,
    Phase.AWAIT_STACK_RESPONSE,
    Phase.AWAIT_FIRST_COLOR,
    Phase.HAND_OVER,
    Phase.GAME_OVER,
)

_LENGTHS = (
    ("hand", len(CARD_ORDER)),
    ("top", len(CARD_ORDER)),
    ("discard", len(CARD_ORDER)),
    ("drawn", len(CARD_ORDER)),
    ("color", 4),
    ("direction", 1),
    ("phase", len(_PHASES)),
    ("to_act", MAX_SEATS),
    ("turn", MAX_SEATS),
    ("hand_sizes", MAX_SEATS),
    ("active", MAX_SEATS),
    ("exposed", MAX_SEATS),
    ("uncaught", MAX_SEATS),
    ("top_player", MAX_SEATS),
    ("dealer", MAX_SEATS),
    ("scores", MAX_SEATS),
    ("challenge", 5),
    ("counts", 4),
)


def _slices() -> dict[str, slice]:
    out, start = {}, 0
    for name, length in _LENGTHS:
        out[name] = slice(start, start + length)
        start += length
    return out


LAYOUT: MappingProxyType[str, slice] = MappingProxyType(_slices())
OBSERVATION_SIZE = sum(length for _, length in _LENGTHS)

Observation = npt.NDArray[np.float32]


def observe(view: PlayerView) -> Observation:
    """The observation of `view`'s seat (a spectator's view has no hand and is refused)."""
    me = view.seat
    if me is None or view.hand is None:
        raise ValueError("an observation is a player's: the view must have a seat")
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    players = view.players
    # Written slice by slice from Python lists: one NumPy call per slice, not per element.
    order = [(me + k) % players for k in range(players)]  # relative slot k -> absolute seat
    _put(out, "hand", _counts(view.hand))
    _put(out, "discard", _counts(view.discard))
    _one(out, "top", _SLOT_OF[view.top])
    if view.drawn is not None:
        _one(out, "drawn", _SLOT_OF[view.drawn])
    if view.color is not None:
        _one(out, "color", _COLOURS.index(view.color))
    out[LAYOUT["direction"].start] = view.direction
    _one(out, "phase", _PHASES.index(view.phase))
    for name, seat in (
        ("to_act", view.to_act),
        ("turn", view.turn),
        ("exposed", view.exposed),
        ("top_player", view.top_player),
        ("dealer", view.dealer),
    ):
        if seat is not None:
            _one(out, name, (seat - me) % players)
    _put(out, "hand_sizes", [view.hand_sizes[s] for s in order])
    _put(out, "active", [1.0 if view.active[s] else 0.0 for s in order])
    _put(out, "scores", [view.scores[s] / 100.0 for s in order])
    for seat in view.uncaught:
        _one(out, "uncaught", (seat - me) % players)
    if view.challengeable_by == me:
        _one(out, "challenge", 0)
        if view.challenge_color is not None:
            _one(out, "challenge", 1 + _COLOURS.index(view.challenge_color))
    _put(out, "counts", [view.pending_draw, view.stock_size, view.hand_turns / 100.0, view.passes])
    return out


# Cards are interned (one object per card), so a dict by card is the quickest way to a slot.
_SLOT_OF: MappingProxyType[Card, int] = MappingProxyType(
    {Card.from_code(code): i for i, code in enumerate(CARD_ORDER)}
)


def _counts(cards: tuple[Card, ...]) -> list[int]:
    counts = [0] * len(CARD_ORDER)
    for card in cards:
        counts[_SLOT_OF[card]] += 1
    return counts


def _put(out: Observation, name: str, values: list[int] | list[float]) -> None:
    start = LAYOUT[name].start
    out[start : start + len(values)] = values


def _one(out: Observation, name: str, offset: int) -> None:
    out[LAYOUT[name].start + offset] = 1.0
