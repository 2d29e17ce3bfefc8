"""The observation of one seat: a flat vector built from its `PlayerView` alone.

Nothing hidden can reach it (a view has no field for another hand, the stock's order or the
generator), so an agent cannot learn from what a player could not see. The layout is the same
for every player count and every house rule: seats are written *relative to the observer* (slot
0 is the observer, slot 1 the next seat clockwise, ...) and padded to 10 seats; cards are
written over the 58 card codes of every deck (`lastcard.core.action_index.CARD_ORDER`).

`LAYOUT` names the slices (version 2); `size` is their total (`OBSERVATION_SIZE`, 344):

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
| `discard_round` | 1 | 1 in phase `await_discard` (a discard round, §7.11.4); `phase` is all 0 |

Versions only append: version 1 was the first 343 numbers (without `discard_round`), so a
policy trained on it reads the first 343 numbers of a version 2 observation unchanged.

Counts are raw (a hand of 7 cards is 7.0); scores and turns are scaled to keep them near 1.

`HandObserver` writes the same observation from the fields of a `FastGame` (the environments'
fast path, `lastcard.rl.fast_path`), without building a state or a view.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from lastcard.core import Card, Color, Phase, PlayerView
from lastcard.core.action_index import CARD_ORDER
from lastcard.core.unchecked import FastGame

VERSION = 2
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
    ("discard_round", 1),  # version 2
)


def _slices() -> dict[str, slice]:
    out, start = {}, 0
    for name, length in _LENGTHS:
        out[name] = slice(start, start + length)
        start += length
    return out


LAYOUT: MappingProxyType[str, slice] = MappingProxyType(_slices())
OBSERVATION_SIZE = sum(length for _, length in _LENGTHS)
# The size of each version's observation: each version appends to the one before.
VERSION_SIZES: MappingProxyType[int, int] = MappingProxyType(
    {1: LAYOUT["discard_round"].start, 2: OBSERVATION_SIZE}
)

Observation = npt.NDArray[np.float32]


def observe(view: PlayerView) -> Observation:
    """The observation of `view`'s seat (a spectator's view has no hand and is refused)."""
    me = view.seat
    if me is None or view.hand is None:
        raise ValueError("an observation is a player's: the view must have a seat")
    players = view.players
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    # Written entry by entry through a memoryview: a few dozen scalar writes there cost less
    # than the NumPy calls (and list conversions) of writing slice by slice. A float is cast to
    # float32 as NumPy casts it (IEEE round to nearest).
    put: Any = out.data  # typeshed would allow only int items into a memoryview
    put[_DISCARD : _DISCARD + _CARDS] = _discard_counts(view.discard)
    slot = _SLOT_OF
    for card in view.hand:
        put[_HAND + slot[card]] += 1.0
    put[_TOP + slot[view.top]] = 1.0
    if view.drawn is not None:
        put[_DRAWN + slot[view.drawn]] = 1.0
    if view.color is not None:
        put[_COLOR_OF[view.color]] = 1.0
    put[_DIRECTION] = view.direction
    put[_PHASE_OF[view.phase]] = 1.0
    relative = _RELATIVE[players][me]  # absolute seat -> relative slot
    for start, seat in (
        (_TO_ACT, view.to_act),
        (_TURN, view.turn),
        (_EXPOSED, view.exposed),
        (_TOP_PLAYER, view.top_player),
        (_DEALER, view.dealer),
    ):
        if seat is not None:
            put[start + relative[seat]] = 1.0
    sizes, active, scores = view.hand_sizes, view.active, view.scores
    for k, seat in enumerate(_ORDER[players][me]):  # relative slot k -> absolute seat
        put[_HAND_SIZES + k] = sizes[seat]
        put[_ACTIVE + k] = 1.0 if active[seat] else 0.0
        put[_SCORES + k] = scores[seat] / 100.0
    for seat in view.uncaught:
        put[_UNCAUGHT + relative[seat]] = 1.0
    if view.challengeable_by == me:
        put[_CHALLENGE] = 1.0
        if view.challenge_color is not None:
            put[_CHALLENGE + 1 + _COLOURS.index(view.challenge_color)] = 1.0
    put[_COUNTS] = view.pending_draw
    put[_COUNTS + 1] = view.stock_size
    put[_COUNTS + 2] = view.hand_turns / 100.0
    put[_COUNTS + 3] = view.passes
    return out


class HandObserver:
    """`observe(player_view(game.to_state(), seat))` for the seats of one `FastGame` hand, read
    from its fields without building the state or the view (the environments' fast path).

    What stays the same through a hand (the dealer, the active seats, the scores) is written
    once per seat into a template that each observation copies; the discard pile's counts are
    carried from one observation to the next, since the pile only grows until a reshuffle
    (which gives the game a new list)."""

    __slots__ = ("_counted", "_counts", "_game", "_order", "_pile", "_relative", "_templates")

    def __init__(self, game: FastGame) -> None:
        self._game = game
        self._order = _ORDER[game.players]
        self._relative = _RELATIVE[game.players]
        self._templates: list[Observation | None] = [None] * game.players
        self._pile: list[Card] | None = None  # the discard pile counted, and how far
        self._counted = 0
        self._counts: Any = np.zeros(_CARDS, dtype=np.float32).data

    def observe(self, me: int) -> Observation:
        """The observation of seat `me` now."""
        game = self._game
        template = self._templates[me]
        if template is None:
            template = self._templates[me] = self._template(me)
        out = template.copy()
        put: Any = out.data
        discard = game.discard
        counts = self._counts
        counted = self._counted
        if discard is not self._pile or len(discard) < counted:
            self._pile = discard
            counts[:] = _NO_CARDS
            counted = 0
        slot = _SLOT_OF
        if len(discard) != counted:
            for card in discard[counted:]:
                counts[slot[card]] += 1.0
            self._counted = len(discard)
        put[_DISCARD : _DISCARD + _CARDS] = counts
        for card in game.hands[me]:
            put[_HAND + slot[card]] += 1.0
        put[_TOP + slot[discard[-1]]] = 1.0
        phase = game.phase
        turn = game.turn
        if phase is Phase.AFTER_DRAW and me == turn and game.drawn is not None:
            put[_DRAWN + slot[game.drawn]] = 1.0
        color = game.color
        if color is not None:
            put[_COLOR_OF[color]] = 1.0
        put[_DIRECTION] = game.direction
        put[_PHASE_OF[phase]] = 1.0
        relative = self._relative[me]
        to_act = game.to_act
        if to_act is not None:
            put[_TO_ACT + relative[to_act]] = 1.0
        put[_TURN + relative[turn]] = 1.0
        exposed = game.exposed
        if exposed is not None:
            put[_EXPOSED + relative[exposed]] = 1.0
        top_player = game.top_player
        if top_player is not None:
            put[_TOP_PLAYER + relative[top_player]] = 1.0
        hands = game.hands
        at = _HAND_SIZES
        for seat in self._order[me]:
            put[at] = len(hands[seat])
            at += 1
        for seat in game.uncaught:
            put[_UNCAUGHT + relative[seat]] = 1.0
        challenge = game.challenge
        if challenge is not None and to_act == me:
            put[_CHALLENGE] = 1.0
            if challenge.color is not None:
                put[_CHALLENGE + 1 + _COLOURS.index(challenge.color)] = 1.0
        put[_COUNTS] = game.pending_draw
        put[_COUNTS + 1] = len(game.stock)
        put[_COUNTS + 2] = game.hand_turns / 100.0
        put[_COUNTS + 3] = game.passes
        return out

    def _template(self, me: int) -> Observation:
        game = self._game
        out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        put: Any = out.data
        put[_DEALER + self._relative[me][game.dealer]] = 1.0
        active, scores = game.active, game.scores
        for k, seat in enumerate(self._order[me]):
            put[_ACTIVE + k] = 1.0 if active[seat] else 0.0
            put[_SCORES + k] = scores[seat] / 100.0
        return out


def _discard_counts(discard: tuple[Card, ...]) -> memoryview:
    """How many of each card lie in `discard`, in `CARD_ORDER` (float32, read-only).

    The pile mostly grows by one card between two observations (and every seat observes the
    same pile), so the counts of the last pile seen are kept and extended rather than counted
    anew: the pile holds dozens of cards. The kept pair is replaced whole, never changed."""
    global _last_discard
    seen, counts = _last_discard
    if discard is seen:
        return counts
    size = len(seen)
    if len(discard) == size + 1 and discard[:size] == seen:
        grown = np.frombuffer(counts, dtype=np.float32).copy()
        grown[_SLOT_OF[discard[-1]]] += 1.0
    elif len(discard) == size and discard == seen:
        grown = None
    else:
        grown = np.zeros(_CARDS, dtype=np.float32)
        for card in discard:
            grown[_SLOT_OF[card]] += 1.0
    if grown is not None:
        grown.flags.writeable = False
        counts = grown.data
    _last_discard = (discard, counts)
    return counts


# Cards are interned (one object per card), so a dict by card is the quickest way to a slot.
_SLOT_OF: MappingProxyType[Card, int] = MappingProxyType(
    {Card.from_code(code): i for i, code in enumerate(CARD_ORDER)}
)
_CARDS = len(CARD_ORDER)
_HAND, _TOP, _DISCARD, _DRAWN, _DIRECTION, _COUNTS = (
    LAYOUT[name].start for name in ("hand", "top", "discard", "drawn", "direction", "counts")
)
_HAND_SIZES, _ACTIVE, _SCORES = (LAYOUT[name].start for name in ("hand_sizes", "active", "scores"))
# The last pile `_discard_counts` counted, and its counts (per process; any pile gives right
# counts, a different one only takes longer).
_last_discard: tuple[tuple[Card, ...], memoryview] = ((), np.zeros(_CARDS, np.float32).data)
_NO_CARDS = np.zeros(_CARDS, np.float32).data
_COLOR_OF = MappingProxyType({c: LAYOUT["color"].start + i for i, c in enumerate(_COLOURS)})
_PHASE_OF = MappingProxyType(
    {
        **{p: LAYOUT["phase"].start + i for i, p in enumerate(_PHASES)},
        Phase.AWAIT_DISCARD: LAYOUT["discard_round"].start,
    }
)
_TO_ACT, _TURN, _EXPOSED, _TOP_PLAYER, _DEALER, _UNCAUGHT, _CHALLENGE = (
    LAYOUT[name].start
    for name in ("to_act", "turn", "exposed", "top_player", "dealer", "uncaught", "challenge")
)
# Per player count and observer: relative slot -> absolute seat, and absolute -> relative.
_ORDER = {
    n: tuple(tuple((me + k) % n for k in range(n)) for me in range(n))
    for n in range(1, MAX_SEATS + 1)
}
_RELATIVE = {
    n: tuple(tuple((seat - me) % n for seat in range(n)) for me in range(n))
    for n in range(1, MAX_SEATS + 1)
}
