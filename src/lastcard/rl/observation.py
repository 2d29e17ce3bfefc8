"""The observation of one seat: a flat vector built from its `PlayerView` alone.

Nothing hidden can reach it (a view has no field for the stock's order or the generator, nor
for another hand but under Pirate rules, where every hand is open to all, §7.6.2), so an agent
cannot learn from what a player could not see (a Howler's or a Travel's reveal, §7.11.2,
§7.11.8, is an event, not part of the view: an agent that needs it remembers it). The layout is
the same for every player count and every house rule: seats are written *relative to the
observer* (slot 0 is the observer, slot 1 the next seat clockwise, ...) and padded to 10 seats;
cards are written over the 58 card codes of every deck (`lastcard.core.action_index.CARD_ORDER`),
and the 11 theme-pack cards (§7.11, `THEME_CARD_ORDER`) in slices of their own at the end, so
that every number of version 1 kept its place.

`LAYOUT` names the slices (version 2); `size` is their total (`OBSERVATION_SIZE`, 1156):

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
| `pirate_window` | 1 | 1 in phase `await_pirate` (Pirate's window, §7.6.4); `phase` is all 0 |
| `cheat` | 1 | 1 while the observer's own play, in its window, was a cheat (§7.6.3) |
| `pirate_color` | 4 | one-hot: the colour the play in the window had to match (r, y, g, b) |
| `open_hands` | 580 | Pirate's open hands (§7.6.2): 58 card counts per seat, relative |
| `theme_hand` | 11 | how many of each theme-pack card (§7.11) the observer holds |
| `theme_top` | 11 | one-hot: the top card of the discard pile, when it is a theme-pack card |
| `theme_discard` | 11 | how many of each theme-pack card lie in the discard pile |
| `theme_drawn` | 11 | one-hot: the theme-pack card the observer just drew and may play |
| `theme_open_hands` | 110 | Pirate's open hands: 11 theme-pack card counts per seat, relative |
| `pirate_beneath` | 69 | one-hot, all 69 cards: the card the play in a Pirate window had to match |
| `mambo_gift` | 1 | 1 in phase `await_gift` (a Mambo's gifts, §7.11.7); `phase` is all 0 |
| `mambo_lead` | 1 | 1 in phase `await_lead` (a Mambo's lead, §7.11.7); `phase` is all 0 |
| `invisibility_block` | 1 | 1 in phase `await_block` (an Invisibility's block, §7.11.3) |

Versions only append: version 1 was the first 343 numbers (everything before `discard_round`),
so a policy trained on it reads the first 343 numbers of a version 2 observation unchanged.

Pirate's slices are all 0 under other rules. `open_hands` holds 10 blocks of 58 numbers, block
k the hand of relative seat k as `hand` counts cards; block 0 is the observer's own and repeats
`hand`, so that the slice is the table's hands whole, each seat where the other seat slices put
it. `cheat` is 0 for everyone but the player of the card in the window (the flag is its alone),
and 0 too when its play was fair: `pirate_window` with `turn` at slot 0 says that it has a play
in the window, `cheat` whether that play was one. `pirate_beneath` is the card the play had to
match (the one beneath the top, `view.discard[-2]`), over `ALL_CARD_ORDER` (the 58 cards, then
the 11 theme-pack ones): with `pirate_color` it tells a play that matched by number or symbol
alone from a cheat.

Each theme slice extends the slice of the same name without `theme_` over the theme-pack cards
(a card is counted in one of the two): `hand` and `theme_hand` together are the hand,
`theme_open_hands` block k the theme-pack cards of relative seat k. All are 0 under rules
without theme-pack cards. `mambo_gift`, `mambo_lead` and `invisibility_block` number the
phases of a Mambo (§7.11.7) and of an Invisibility (§7.11.3) as `discard_round` numbers its
own (`phase` is then all 0): the Mambo's player, to act, gives a card to each next seat in turn
and then leads one; the Invisibility's holder, to act, blocks or allows an effect on it. The
seat the next gift goes to and the effect to block are not in the view.

Counts are raw (a hand of 7 cards is 7.0); scores and turns are scaled to keep them near 1.

`HandObserver` writes the same observation from the fields of a `FastGame` (the environments'
fast path, `lastcard.rl.fast_path`), without building a state or a view. A `FastGame` plays
neither Pirate nor the theme-pack cards, so their slices stay 0 there.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from lastcard.core import Card, Color, Phase, PlayerView
from lastcard.core.action_index import ALL_CARD_ORDER, CARD_ORDER, THEME_CARD_ORDER
from lastcard.core.unchecked import FastGame

VERSION = 2
MAX_SEATS = 10
_COLORS = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
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
    ("discard_round", 1),  # version 2, from here on
    ("pirate_window", 1),
    ("cheat", 1),
    ("pirate_color", 4),
    ("open_hands", MAX_SEATS * len(CARD_ORDER)),
    ("theme_hand", len(THEME_CARD_ORDER)),
    ("theme_top", len(THEME_CARD_ORDER)),
    ("theme_discard", len(THEME_CARD_ORDER)),
    ("theme_drawn", len(THEME_CARD_ORDER)),
    ("theme_open_hands", MAX_SEATS * len(THEME_CARD_ORDER)),
    ("pirate_beneath", len(ALL_CARD_ORDER)),
    ("mambo_gift", 1),
    ("mambo_lead", 1),
    ("invisibility_block", 1),
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
    plain, theme = _discard_counts(view.discard)
    put[_DISCARD : _DISCARD + _CARDS] = plain
    put[_THEME_DISCARD : _THEME_DISCARD + _THEME_CARDS] = theme
    hand_at = _HAND_AT
    for card in view.hand:
        put[hand_at[card]] += 1.0
    put[_TOP_AT[view.top]] = 1.0
    if view.drawn is not None:
        put[_DRAWN_AT[view.drawn]] = 1.0
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
            put[_CHALLENGE + 1 + _COLORS.index(view.challenge_color)] = 1.0
    put[_COUNTS] = view.pending_draw
    put[_COUNTS + 1] = view.stock_size
    put[_COUNTS + 2] = view.hand_turns / 100.0
    put[_COUNTS + 3] = view.passes
    if view.open_hands is not None:  # Pirate (§7.6): open hands, and perhaps a window
        _put_pirate(put, view, _ORDER[players][me])
    return out


def _put_pirate(put: Any, view: PlayerView, order: tuple[int, ...]) -> None:
    """Pirate's slices of `view` (open hands, a window's cheat flag, colour and card to match)
    into `put`; `order` maps relative slots to absolute seats."""
    assert view.open_hands is not None
    for k, seat in enumerate(order):
        at = _OPEN_HAND_AT[k]
        for card in view.open_hands[seat]:
            put[at[card]] += 1.0
    if view.cheat:
        put[_CHEAT] = 1.0
    if view.pirate_color is not None:
        put[_PIRATE_COLOR_OF[view.pirate_color]] = 1.0
    if view.phase is Phase.AWAIT_PIRATE:  # the played card lies on the one it had to match
        put[_PIRATE_BENEATH + _ALL_SLOT_OF[view.discard[-2]]] = 1.0


class HandObserver:
    """`observe(player_view(game.to_state(), seat))` for the seats of one `FastGame` hand, read
    from its fields without building the state or the view (the environments' fast path).

    What stays the same through a hand (the dealer, the active seats, the scores) is written
    once per seat into a template that each observation copies; the discard pile's counts are
    carried from one observation to the next, since the pile only grows until a reshuffle
    (which gives the game a new list). A `FastGame` never plays Pirate (Seven-O), so Pirate's
    slices stay 0, as `observe` leaves them under the rules a `FastGame` plays."""

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
                put[_CHALLENGE + 1 + _COLORS.index(challenge.color)] = 1.0
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


def _discard_counts(discard: tuple[Card, ...]) -> tuple[memoryview, memoryview]:
    """How many of each card lie in `discard` (float32, read-only): in `CARD_ORDER` for
    `discard`, in `THEME_CARD_ORDER` for `theme_discard`.

    The pile mostly grows by one card between two observations (and every seat observes the
    same pile), so the counts of the last pile seen are kept and extended rather than counted
    anew: the pile holds dozens of cards. The kept counts are replaced whole, never changed."""
    global _last_discard
    seen, counts, parts = _last_discard
    if discard is seen:
        return parts
    size = len(seen)
    if len(discard) == size + 1 and discard[:size] == seen:
        grown = counts.copy()
        grown[_ALL_SLOT_OF[discard[-1]]] += 1.0
    elif len(discard) == size and discard == seen:
        grown = None
    else:
        grown = np.zeros(_ALL_CARDS, dtype=np.float32)
        for card in discard:
            grown[_ALL_SLOT_OF[card]] += 1.0
    if grown is not None:
        counts, parts = _counted(grown)
    _last_discard = (discard, counts, parts)
    return parts


def _counted(
    counts: npt.NDArray[np.float32],
) -> tuple[npt.NDArray[np.float32], tuple[memoryview, memoryview]]:
    """`counts` made read-only, with its two parts (the 58 cards, the theme-pack ones)."""
    counts.flags.writeable = False
    whole = counts.data
    return counts, (whole[:_CARDS], whole[_CARDS:])


# Cards are interned (one object per card), so a dict by card is the quickest way to a slot.
_SLOT_OF: MappingProxyType[Card, int] = MappingProxyType(
    {Card.from_code(code): i for i, code in enumerate(CARD_ORDER)}
)
_ALL_SLOT_OF: MappingProxyType[Card, int] = MappingProxyType(
    {Card.from_code(code): i for i, code in enumerate(ALL_CARD_ORDER)}
)
_CARDS, _THEME_CARDS, _ALL_CARDS = len(CARD_ORDER), len(THEME_CARD_ORDER), len(ALL_CARD_ORDER)
_HAND, _TOP, _DISCARD, _DRAWN, _DIRECTION, _COUNTS = (
    LAYOUT[name].start for name in ("hand", "top", "discard", "drawn", "direction", "counts")
)
_HAND_SIZES, _ACTIVE, _SCORES = (LAYOUT[name].start for name in ("hand_sizes", "active", "scores"))
_CHEAT = LAYOUT["cheat"].start
_THEME_DISCARD, _PIRATE_BENEATH = LAYOUT["theme_discard"].start, LAYOUT["pirate_beneath"].start


def _place(slice_name: str, block: int = 0) -> MappingProxyType[Card, int]:
    """Where each of the 69 cards is counted in the observation for `slice_name`: its slot in
    that slice for the 58 cards of `CARD_ORDER`, in `theme_` + `slice_name` for a theme-pack
    card; `block` picks a seat's block of the open hands."""
    plain, theme = LAYOUT[slice_name].start, LAYOUT["theme_" + slice_name].start
    return MappingProxyType(
        {
            card: plain + block * _CARDS + slot
            if slot < _CARDS
            else theme + block * _THEME_CARDS + slot - _CARDS
            for card, slot in _ALL_SLOT_OF.items()
        }
    )


_HAND_AT, _TOP_AT, _DRAWN_AT = (_place(name) for name in ("hand", "top", "drawn"))
_OPEN_HAND_AT = tuple(_place("open_hands", k) for k in range(MAX_SEATS))  # by relative slot
# The last pile `_discard_counts` counted, and its counts (per process; any pile gives right
# counts, a different one only takes longer).
_last_discard: tuple[tuple[Card, ...], npt.NDArray[np.float32], tuple[memoryview, memoryview]] = (
    (),
    *_counted(np.zeros(_ALL_CARDS, np.float32)),
)
_NO_CARDS = np.zeros(_CARDS, np.float32).data
_COLOR_OF = MappingProxyType({c: LAYOUT["color"].start + i for i, c in enumerate(_COLORS)})
_PIRATE_COLOR_OF = MappingProxyType(
    {c: LAYOUT["pirate_color"].start + i for i, c in enumerate(_COLORS)}
)
_PHASE_OF = MappingProxyType(
    {
        **{p: LAYOUT["phase"].start + i for i, p in enumerate(_PHASES)},
        Phase.AWAIT_DISCARD: LAYOUT["discard_round"].start,
        Phase.AWAIT_PIRATE: LAYOUT["pirate_window"].start,
        Phase.AWAIT_GIFT: LAYOUT["mambo_gift"].start,
        Phase.AWAIT_LEAD: LAYOUT["mambo_lead"].start,
        Phase.AWAIT_BLOCK: LAYOUT["invisibility_block"].start,
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
