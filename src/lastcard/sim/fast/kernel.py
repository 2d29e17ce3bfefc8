# mypy: ignore-errors
# (numba infers these types itself; the functions take arrays and scalars of its own kinds.)
"""The compiled game loop: whole games of the official game between random-policy bots.

Everything here is a numba function over plain arrays; `lastcard.sim.fast.run` prepares the
arrays and reads the results. The loop is the reference engine's (`lastcard.core.engine`,
`setup`, `scoring`, `table.Table`'s poll) rewritten step for step, so that with the same seeds it
deals the same cards, asks the bots in the same order, draws the same random numbers and so plays
the same game. Where a line here follows a particular line of the reference engine, the comment
names it; a change to one is a change to both, and the differential tests
(`tests/sim/test_fast_exact.py`) fail until they agree again.

Representation:

- a card is its *kind* 0..53, the action index's card order: colour * 13 + face (faces 0-9, then
  Skip 10, Reverse 11, Draw Two 12; colours red, yellow, green, blue), Wild 52, Wild Draw Four 53;
- a hand is a count per kind, a bit mask of the kinds held (bit k set when count > 0) and a size,
  so the playable kinds are one AND with a precomputed mask per (colour, top card);
- the stock and the discard pile are arrays in the engine's order (the stock's top is its last
  card), because a reshuffle shuffles them in that order;
- the engine's generator is the counter-based SplitMix64 of `lastcard.core.rng` (its state: the
  seed and a counter), and each bot's is `BotRng`, the same function with the bot's seed.

Games are independent: game g depends only on its seeds, so `run_games` gives the same results
for any number of threads.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

# -- generators (lastcard.core.rng) -------------------------------------------------------------

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_ONE = np.uint64(1)
_LOW32 = np.uint64(0xFFFFFFFF)
_TWO32 = 4294967296
_INV53 = 1.0 / 9007199254740992.0


@njit(cache=True, inline="always")
def _splitmix(seed: np.uint64, counter: np.uint64) -> np.uint64:
    """Output `counter` of the stream `seed` (`rng._splitmix64`)."""
    z = seed + (counter + _ONE) * _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _shuffle(arr, n, seed, counter):
    """`rng.shuffled` of arr[0:n] in place: Fisher-Yates from the end, two 32-bit draws per
    number (low half first), rejection above the largest multiple of the bound. Returns the
    counter after it."""
    spare = -1
    for i in range(n - 1, 0, -1):
        bound = i + 1
        limit = _LIMIT32[bound]
        while True:
            if spare >= 0:
                value = spare
                spare = -1
            else:
                z = _splitmix(seed, counter)
                counter += _ONE
                value = np.int64(z & _LOW32)
                spare = np.int64(z >> np.uint64(32))
            if value < limit:
                break
        j = np.int64(np.uint64(value) % np.uint64(bound))  # unsigned: no sign fix-up
        card = arr[i]
        arr[i] = arr[j]
        arr[j] = card
    return counter


@njit(cache=True, inline="always")
def _bot_below(bot_seed, bot_counter, seat, n):
    """`BotRng.below(n)` for the bot at `seat`: uniform in 0..n-1; n == 1 draws nothing."""
    if n <= 1:
        return 0
    un = np.uint64(n)
    rem = _REM64[n] if n < _REM64.shape[0] else (np.uint64(0) - un) % un  # 2**64 mod n
    while True:
        z = _splitmix(bot_seed[seat], bot_counter[seat])
        bot_counter[seat] += _ONE
        if rem == 0 or z < np.uint64(0) - rem:
            return np.int64(z % un)


@njit(cache=True, inline="always")
def _bot_random(bot_seed, bot_counter, seat):
    """`BotRng.random()`: 53 bits in [0, 1)."""
    z = _splitmix(bot_seed[seat], bot_counter[seat])
    bot_counter[seat] += _ONE
    return np.float64(z >> np.uint64(11)) * _INV53


# The shuffle's rejection limits (largest multiple of the bound below 2**32) and 2**64 mod n
# for the bots' draws, for every bound a deck or a list of options can have: a division less
# in the two hottest places.
_LIMIT32 = np.array([0] + [_TWO32 - _TWO32 % b for b in range(1, 256)], dtype=np.int64)
_REM64 = np.array([0] + [(1 << 64) % n for n in range(1, 256)], dtype=np.uint64)


@njit(cache=True, inline="always")
def _step(seat, direction, players):
    """The next seat going `direction` (every seat is in play: no elimination here)."""
    seat += direction
    if seat >= players:
        return seat - players
    if seat < 0:
        return seat + players
    return seat


# -- bits ------------------------------------------------------------------------------------

_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN_TABLE = np.array(
    [
        0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
        62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
        63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
        46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6,
    ],
    dtype=np.int64,
)  # fmt: skip


@njit(cache=True, inline="always")
def _lowest_bit(m):
    """The index of the lowest set bit of a non-zero mask."""
    isolated = m & (np.uint64(0) - m)
    return _DEBRUIJN_TABLE[(isolated * _DEBRUIJN) >> np.uint64(58)]


@njit(cache=True, inline="always")
def _popcount(m):
    m = m - ((m >> np.uint64(1)) & np.uint64(0x5555555555555555))
    m = (m & np.uint64(0x3333333333333333)) + ((m >> np.uint64(2)) & np.uint64(0x3333333333333333))
    m = (m + (m >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((m * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, inline="always")
def _nth_bit(m, r):
    """The index of the r-th (from 0) set bit of m, counting from the lowest."""
    for _ in range(r):
        m &= m - _ONE
    return _lowest_bit(m)


# -- cards -----------------------------------------------------------------------------------

WILD = 52
WD4 = 53
KINDS = 54
DECK_SIZE = 108
_COLOURED = np.uint64((1 << 52) - 1)
_WILDS = np.uint64(3 << 52)
_WD4_BIT = np.uint64(1 << 53)
_PLAIN = np.uint64((1 << 53) - 1)  # every kind but the WD4


def classic_deck_kinds() -> np.ndarray:
    """`cards.classic_deck()` as kinds, in its order (the shuffle starts from this order)."""
    kinds: list[int] = []
    for colour in range(4):
        kinds.append(colour * 13)
        for face in range(1, 10):
            kinds += [colour * 13 + face] * 2
        for face in (10, 11, 12):
            kinds += [colour * 13 + face] * 2
    kinds += [WILD] * 4 + [WD4] * 4
    return np.array(kinds, dtype=np.int8)


def playable_masks() -> np.ndarray:
    """masks[colour, top kind]: the kinds that match (§3.2), wilds included."""
    masks = np.zeros((4, KINDS), dtype=np.uint64)
    for colour in range(4):
        own = ((1 << 13) - 1) << (colour * 13)
        for top in range(KINDS):
            mask = own | (3 << 52)
            if top < WILD:
                face = top % 13
                for other in range(4):
                    mask |= 1 << (other * 13 + face)
            masks[colour, top] = mask
    return masks


_DECK = classic_deck_kinds()
_MATCH = playable_masks()
# Each kind's face (0-9 numbers, 10 Skip, 11 Reverse, 12 Draw Two, 13 wild) and colour (-1 wild).
_FACE = np.array([k % 13 if k < WILD else 13 for k in range(KINDS)], dtype=np.int64)
_COLOUR_OF = np.array([k // 13 if k < WILD else -1 for k in range(KINDS)], dtype=np.int64)
_POINTS = np.array(
    [(k % 13 if k % 13 < 10 else 20) if k < WILD else 50 for k in range(KINDS)], dtype=np.int64
)
_COLOUR_MASKS = np.array([((1 << 13) - 1) << (13 * c) for c in range(4)], dtype=np.uint64)

# -- rule parameters (an int64 array; `run.rule_parameters` fills it from a `Rules`) ------------

R_HAND_SIZE = 0
R_TARGET = 1  # 0: a single hand
R_TURN_LIMIT = 2  # 0: none
R_VOLUNTARY_DRAW = 3
R_BLUFFING = 4
R_TWO_PLAYER = 5
R_DEALER_REDRAW_NON_NUMBER = 6
R_DEALER_ROTATE = 7
R_FIRST_REVERSE_DEALER_STARTS = 8
R_FIRST_WILD = 9  # 0 first player chooses, 1 dealer chooses, 2 redraw
R_FIRST_WD4_BOTTOM = 10
R_MAX_ACTIONS = 11
R_SIZE = 12

# -- phases (lastcard.core.state.Phase) ----------------------------------------------------------

AWAIT_TURN = 0
AFTER_DRAW = 1
AWAIT_WD4_RESPONSE = 2
AWAIT_FIRST_COLOR = 3
HAND_OVER = 4
GAME_OVER = 5

# -- per-game results: out[g, ...] --------------------------------------------------------------

O_WINNER = 0  # the seat that won the game, -1 if the action limit stopped it
O_HANDS = 1
O_BLOCKED = 2
O_TURNS = 3
O_ACTIONS = 4
O_ENGINE_DRAWS = 5  # numbers drawn from the engine's generator (its final counter)
O_SIZE = 6


@njit(cache=True, inline="always")
def _draw(seat, count, hands, masks, sizes, stock, stock_n, discard, discard_n, seed, counter):
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
        card = stock[stock_n]
        hands[seat, card] += 1
        masks[seat] |= np.uint64(1) << np.uint64(card)
        sizes[seat] += 1
        last = card
    return stock_n, discard_n, counter, last


@njit(cache=True)
def _play_game(
    seed,
    bot_seed,
    players,
    rules,
    call_uno,
    catch_rate,
    voluntary,
    deck,
    match,
    play_base,
    other_base,
    out,
    hand_wins,
    scores,
    trace_seat,
    trace_action,
    trace_cap,
    hands,
    masks,
    sizes,
    stock,
    discard,
    pool,
    bot_counter,
    values,
    contenders,
):
    """One whole game; results into `out`, `hand_wins`, `scores` (rows of this game) and, when
    `trace_cap` > 0, every action as (seat, action index) into the trace rows."""
    P = players
    hand_size = rules[R_HAND_SIZE]
    target = rules[R_TARGET]
    turn_limit = rules[R_TURN_LIMIT]
    may_draw_voluntarily = rules[R_VOLUNTARY_DRAW] != 0
    bluffing = rules[R_BLUFFING] != 0
    reverse_skips = rules[R_TWO_PLAYER] != 0
    max_actions = rules[R_MAX_ACTIONS]
    for s in range(P):
        bot_counter[s] = np.uint64(0)
        scores[s] = 0
        hand_wins[s] = 0
    counter = np.uint64(0)
    hand_number = 0
    dealer = 0
    actions = 0
    turns = 0
    hands_played = 0
    blocked = 0
    winner = -1
    # Hand state (set by the deal below)
    stock_n = 0
    discard_n = 0
    colour = 0
    direction = 1
    turn = 0
    to_act = 0
    phase = HAND_OVER
    pending = 0
    drawn = -1
    challenge_player = -1
    challenge_legal = True
    exposed = -1
    passes = 0
    hand_turns = 0
    deal = True  # the opening deal is no action; later deals are the dealer's `next`
    while True:
        if deal:
            deal = False
            # -- setup.start_hand ------------------------------------------------------------
            hand_number += 1
            if hand_number > 1 and rules[R_DEALER_ROTATE] != 0:
                dealer = _step(dealer, 1, P)
            else:
                # `_draw_for_dealer`: a lazy shuffle of the full deck, cards turned in seat
                # order; ties draw again from the same pile; the lowest tied seat if it runs out.
                for i in range(DECK_SIZE):
                    pool[i] = deck[i]
                left = DECK_SIZE
                spare = -1
                n_cont = P
                for s in range(P):
                    contenders[s] = s
                while True:
                    best = -1
                    out_of_cards = False
                    for c in range(n_cont):
                        while True:
                            if left == 0:
                                out_of_cards = True
                                break
                            i = left - 1
                            bound = i + 1
                            limit = _LIMIT32[bound]
                            value = limit
                            while value >= limit:
                                if spare >= 0:
                                    value = spare
                                    spare = -1
                                else:
                                    z = _splitmix(seed, counter)
                                    counter += _ONE
                                    value = np.int64(z & _LOW32)
                                    spare = np.int64(z >> np.uint64(32))
                            j = value % bound
                            card = pool[i]
                            pool[i] = pool[j]
                            pool[j] = card
                            card = pool[i]
                            left -= 1
                            face = _FACE[card]
                            if face < 10 or rules[R_DEALER_REDRAW_NON_NUMBER] == 0:
                                values[contenders[c]] = face if face < 10 else 0
                                break
                        if out_of_cards:
                            break
                        if values[contenders[c]] > best:
                            best = values[contenders[c]]
                    if out_of_cards:
                        dealer = contenders[0]
                        for c in range(n_cont):
                            dealer = min(dealer, contenders[c])
                        break
                    kept = 0
                    for c in range(n_cont):
                        if values[contenders[c]] == best:
                            contenders[kept] = contenders[c]
                            kept += 1
                    n_cont = kept
                    if n_cont == 1:
                        dealer = contenders[0]
                        break
            for i in range(DECK_SIZE):
                pool[i] = deck[i]
            counter = _shuffle(pool, DECK_SIZE, seed, counter)
            for s in range(P):
                sizes[s] = 0
                masks[s] = np.uint64(0)
                for k in range(KINDS):
                    hands[s, k] = 0
            direction = 1
            position = 0
            for _ in range(hand_size):
                for step in range(1, P + 1):
                    s = (dealer + step) % P
                    card = pool[position]
                    position += 1
                    hands[s, card] += 1
                    masks[s] |= np.uint64(1) << np.uint64(card)
                    sizes[s] += 1
            stock_n = DECK_SIZE - position
            for i in range(stock_n):
                stock[i] = pool[DECK_SIZE - 1 - i]
            discard_n = 0
            pending = 0
            passes = 0
            hand_turns = 0
            drawn = -1
            challenge_player = -1
            exposed = -1
            # -- setup.turn_first_discard ----------------------------------------------------
            first_wild = rules[R_FIRST_WILD]
            while True:
                stock_n -= 1
                card = stock[stock_n]
                if not (card == WD4 or (card == WILD and first_wild == 2)):
                    break
                if rules[R_FIRST_WD4_BOTTOM] != 0:  # `first_wd4` places any returned card
                    for i in range(stock_n, 0, -1):
                        stock[i] = stock[i - 1]
                    stock[0] = card
                    stock_n += 1
                else:
                    stock[stock_n] = card
                    stock_n += 1
                    counter = _shuffle(stock, stock_n, seed, counter)
            discard[0] = card
            discard_n = 1
            first = _step(dealer, 1, P)
            phase = AWAIT_TURN
            if card == WILD:
                colour = 0
                phase = AWAIT_FIRST_COLOR
                turn = first
                to_act = dealer if first_wild == 1 else first
            else:
                colour = _COLOUR_OF[card]
                face = _FACE[card]
                if face < 10:
                    turn = to_act = first
                elif face == 11 and rules[R_FIRST_REVERSE_DEALER_STARTS] != 0 and P > 2:
                    direction = -1
                    turn = to_act = dealer
                elif face == 10:  # as if the dealer played a Skip
                    victim = _step(dealer, direction, P)
                    turn = to_act = _step(victim, direction, P)
                elif face == 11:
                    direction = -direction
                    if reverse_skips and P == 2:
                        victim = _step(dealer, direction, P)
                        turn = to_act = _step(victim, direction, P)
                    else:
                        turn = to_act = _step(dealer, direction, P)
                else:  # a Draw Two: next(dealer) draws two and loses the turn
                    victim = _step(dealer, direction, P)
                    stock_n, discard_n, counter, _ = _draw(
                        victim, 2, hands, masks, sizes, stock, stock_n, discard, discard_n,
                        seed, counter,
                    )  # fmt: skip
                    turn = to_act = _step(victim, direction, P)
            continue

        if phase == GAME_OVER or actions >= max_actions:
            break

        act_seat = -1
        act_index = -1
        went_out = -2  # -2: the hand goes on; -1: blocked; else the seat that went out
        if phase == HAND_OVER:
            # The table's `auto_next_hand`: the dealer of the hand that ended sends `next`.
            act_seat = dealer
            act_index = other_base + 9 + P
            deal = True
        else:
            # -- Table.plan: out-of-turn offers in seat order (only a missed Uno call here) -----
            if exposed >= 0:
                for s in range(P):
                    if s == to_act:
                        continue
                    if s == exposed:
                        if call_uno[s]:  # a late call (§4.3); RandomBot calls at once
                            act_seat = s
                            act_index = other_base + 8
                            exposed = -1
                            break
                        # passing draws nothing (below(1))
                    else:
                        if _bot_random(bot_seed, bot_counter, s) < catch_rate[s]:
                            act_seat = s
                            act_index = other_base + 9 + exposed
                            # engine._catch: the exposed player draws two (§4.5)
                            stock_n, discard_n, counter, _ = _draw(
                                exposed, 2, hands, masks, sizes, stock, stock_n, discard,
                                discard_n, seed, counter,
                            )  # fmt: skip
                            exposed = -1
                            break
            if act_seat < 0:
                # -- the seat to act decides (RandomBot.choose) ----------------------------
                seat = to_act
                act_seat = seat
                if exposed == seat and call_uno[seat]:
                    act_index = other_base + 8
                    exposed = -1
                elif (
                    exposed >= 0
                    and exposed != seat
                    and _bot_random(bot_seed, bot_counter, seat) < catch_rate[seat]
                ):
                    act_index = other_base + 9 + exposed
                    stock_n, discard_n, counter, _ = _draw(
                        exposed, 2, hands, masks, sizes, stock, stock_n, discard, discard_n,
                        seed, counter,
                    )  # fmt: skip
                    exposed = -1
                elif phase == AWAIT_FIRST_COLOR:
                    pick = _bot_below(bot_seed, bot_counter, seat, 4)
                    act_index = other_base + 4 + pick
                    colour = pick
                    phase = AWAIT_TURN  # give_turn(turn)
                    to_act = turn
                elif phase == AWAIT_WD4_RESPONSE:
                    pick = _bot_below(bot_seed, bot_counter, seat, 2)
                    exposed = -1  # close_catch_window
                    if pick == 0:  # challenge (§3.8)
                        act_index = other_base + 2
                        if not challenge_legal:  # §3.8.3: the player draws four instead
                            stock_n, discard_n, counter, _ = _draw(
                                challenge_player, 4, hands, masks, sizes, stock, stock_n,
                                discard, discard_n, seed, counter,
                            )  # fmt: skip
                            pending = 0
                            phase = AWAIT_TURN
                            turn = to_act = seat
                        else:  # §3.8.4: four and two more, and the turn is lost
                            total = pending + 2
                            pending = 0
                            stock_n, discard_n, counter, _ = _draw(
                                seat, total, hands, masks, sizes, stock, stock_n, discard,
                                discard_n, seed, counter,
                            )  # fmt: skip
                            phase = AWAIT_TURN
                            turn = to_act = _step(seat, direction, P)
                    else:  # accept
                        act_index = other_base + 3
                        total = pending
                        pending = 0
                        stock_n, discard_n, counter, _ = _draw(
                            seat, total, hands, masks, sizes, stock, stock_n, discard,
                            discard_n, seed, counter,
                        )  # fmt: skip
                        phase = AWAIT_TURN
                        turn = to_act = _step(seat, direction, P)
                    challenge_player = -1
                else:
                    # AWAIT_TURN or AFTER_DRAW: a play, a draw or a keep.
                    top = discard[discard_n - 1]
                    size = sizes[seat]
                    was_turn = phase == AWAIT_TURN
                    if was_turn:
                        playable = masks[seat] & match[colour, top]
                        # §3.3.1: without bluffing a WD4 only with no card of the colour
                        held_colour = (masks[seat] & _COLOUR_MASKS[colour]) != 0
                        if not bluffing and held_colour:
                            playable &= ~_WD4_BIT
                    else:
                        playable = np.uint64(1) << np.uint64(drawn)
                    n_coloured = _popcount(playable & _COLOURED)
                    n_options = n_coloured + 4 * _popcount(playable & _WILDS)
                    extra = 1  # the draw (in turn) or the keep (after a draw)
                    if was_turn:
                        # `_may_draw`: listed when voluntary draws are on and a card can be
                        # drawn, or without a legal play (a WD4 is one only when it would be
                        # legal, §3.3.1; with nothing to draw the draw is a pass, §3.11).
                        has_play = (playable & _PLAIN) != 0
                        if not has_play and (playable & _WD4_BIT) != 0:
                            has_play = (masks[seat] & _COLOUR_MASKS[colour]) == 0
                        can_draw = stock_n > 0 or discard_n > 1
                        listed = (can_draw and may_draw_voluntarily) or not has_play
                        # RandomBot without voluntary draws drops the draw beside a play.
                        if not listed or (n_options > 0 and not voluntary[seat]):
                            extra = 0
                    pick = _bot_below(bot_seed, bot_counter, seat, n_options + extra)
                    if pick < n_options:
                        # -- a play (engine._play → _resolve_play) -----------------------------
                        if pick < n_coloured:
                            card = _nth_bit(playable & _COLOURED, pick)
                            new_colour = _COLOUR_OF[card]
                            declared = 0
                        else:
                            w = pick - n_coloured
                            card = _nth_bit(playable & _WILDS, w // 4)
                            new_colour = w % 4
                            declared = w % 4
                        uno = size == 2 and call_uno[seat]
                        act_index = play_base[card] + 2 * declared + (1 if uno else 0)
                        exposed = -1  # close_catch_window
                        colour_before = colour
                        hands[seat, card] -= 1
                        if hands[seat, card] == 0:
                            masks[seat] &= ~(np.uint64(1) << np.uint64(card))
                        sizes[seat] -= 1
                        discard[discard_n] = card
                        discard_n += 1
                        colour = new_colour
                        passes = 0
                        drawn = -1
                        challenge_player = -1
                        turn = seat
                        face = _FACE[card]
                        if sizes[seat] == 0:
                            # §6.1: out; only the draw part of the last card still happens
                            if card == WD4 or face == 12:
                                total = pending + (4 if card == WD4 else 2)
                                pending = 0
                                stock_n, discard_n, counter, _ = _draw(
                                    _step(seat, direction, P), total, hands, masks, sizes,
                                    stock, stock_n, discard, discard_n, seed, counter,
                                )  # fmt: skip
                            went_out = seat
                        else:
                            if card == WD4 and bluffing:
                                challenge_player = seat
                                challenge_legal = (masks[seat] & _COLOUR_MASKS[colour_before]) == 0
                            nxt = _step(seat, direction, P)
                            phase = AWAIT_TURN
                            if face < 10 or card == WILD:
                                turn = to_act = nxt
                            elif face == 10:
                                turn = to_act = _step(nxt, direction, P)
                            elif face == 11:
                                direction = -direction
                                nxt = _step(seat, direction, P)
                                if reverse_skips and P == 2:
                                    turn = to_act = _step(nxt, direction, P)
                                else:
                                    turn = to_act = nxt
                            elif face == 12:
                                stock_n, discard_n, counter, _ = _draw(
                                    nxt, 2, hands, masks, sizes, stock, stock_n, discard,
                                    discard_n, seed, counter,
                                )  # fmt: skip
                                turn = to_act = _step(nxt, direction, P)
                            else:  # the WD4
                                if bluffing:
                                    pending += 4
                                    phase = AWAIT_WD4_RESPONSE
                                    turn = to_act = nxt
                                else:
                                    stock_n, discard_n, counter, _ = _draw(
                                        nxt, 4, hands, masks, sizes, stock, stock_n, discard,
                                        discard_n, seed, counter,
                                    )  # fmt: skip
                                    turn = to_act = _step(nxt, direction, P)
                            # §4.1: the penultimate card played without the call
                            if size == 2 and sizes[seat] == 1 and not uno:
                                exposed = seat
                        if was_turn:
                            turns += 1
                        hand_turns += 1  # `_turn_taken`: a play in turn or after a draw
                    elif was_turn:
                        # -- a draw (engine._draw) -------------------------------------------
                        act_index = other_base
                        turns += 1
                        exposed = -1
                        if stock_n == 0 and discard_n <= 1:
                            passes += 1
                            if passes >= P:  # §3.11.3: a full cycle of passes
                                went_out = -1
                            else:
                                turn = to_act = _step(seat, direction, P)
                            hand_turns += 1
                        else:
                            stock_n, discard_n, counter, card = _draw(
                                seat, 1, hands, masks, sizes, stock, stock_n, discard,
                                discard_n, seed, counter,
                            )  # fmt: skip
                            ok = (match[colour, top] >> np.uint64(card)) & _ONE
                            if ok != 0 and card == WD4 and not bluffing:
                                ok = (masks[seat] & _COLOUR_MASKS[colour]) == 0
                            if ok != 0:
                                phase = AFTER_DRAW
                                drawn = card
                            else:
                                turn = to_act = _step(seat, direction, P)
                                hand_turns += 1
                    else:
                        # -- keep (engine._keep: the catch window stays open) -----------------
                        act_index = other_base + 1
                        phase = AWAIT_TURN
                        drawn = -1
                        turn = to_act = _step(seat, direction, P)
                        hand_turns += 1
                    if went_out == -2 and turn_limit > 0 and hand_turns >= turn_limit:
                        went_out = -1  # §3.11.4: the hand ends blocked
        if trace_cap > 0 and actions < trace_cap:
            trace_seat[actions] = act_seat
            trace_action[actions] = act_index
        actions += 1
        if went_out != -2:
            # -- scoring.end_hand ---------------------------------------------------------
            exposed = -1
            pending = 0
            drawn = -1
            challenge_player = -1
            hands_played += 1
            if went_out < 0:
                blocked += 1
                phase = HAND_OVER  # blocked: no winner; a single hand is dealt again
            else:
                hand_wins[went_out] += 1
                points = 0
                for s in range(P):
                    held = masks[s]
                    while held != 0:  # only the kinds held
                        k = _lowest_bit(held)
                        points += hands[s, k] * _POINTS[k]
                        held &= held - _ONE
                scores[went_out] += points
                if target == 0 or scores[went_out] >= target:
                    winner = went_out
                    phase = GAME_OVER
                else:
                    phase = HAND_OVER
    out[O_WINNER] = winner
    out[O_HANDS] = hands_played
    out[O_BLOCKED] = blocked
    out[O_TURNS] = turns
    out[O_ACTIONS] = actions
    out[O_ENGINE_DRAWS] = np.int64(counter)


@njit(cache=True, parallel=True)
def run_games(
    seeds,
    bot_seeds,
    rules,
    call_uno,
    catch_rate,
    voluntary,
    play_base,
    other_base,
    out,
    hand_wins,
    scores,
    trace_seat,
    trace_action,
    chunk,
):
    """Play game g with `seeds[g]` and `bot_seeds[g]` for every g, `chunk` games per task.

    Results: `out[g]` (see the O_ columns), `hand_wins[g, seat]`, `scores[g, seat]`, and with a
    trace (`trace_seat.shape[1]` > 0) each game's first actions.
    """
    games = seeds.shape[0]
    players = bot_seeds.shape[1]
    trace_cap = trace_seat.shape[1]
    deck = np.empty(DECK_SIZE, dtype=np.int8)
    deck[:] = _DECK
    match = _MATCH
    tasks = (games + chunk - 1) // chunk
    for task in prange(tasks):
        hands = np.zeros((players, KINDS), dtype=np.int64)
        masks = np.zeros(players, dtype=np.uint64)
        sizes = np.zeros(players, dtype=np.int64)
        stock = np.zeros(DECK_SIZE, dtype=np.int8)
        discard = np.zeros(DECK_SIZE, dtype=np.int8)
        pool = np.zeros(DECK_SIZE, dtype=np.int8)
        bot_counter = np.zeros(players, dtype=np.uint64)
        values = np.zeros(players, dtype=np.int64)
        contenders = np.zeros(players, dtype=np.int64)
        for g in range(task * chunk, min(games, (task + 1) * chunk)):
            _play_game(
                seeds[g], bot_seeds[g], players, rules, call_uno, catch_rate, voluntary, deck,
                match, play_base, other_base, out[g], hand_wins[g], scores[g],
                trace_seat[g], trace_action[g], trace_cap,
                hands, masks, sizes, stock, discard, pool, bot_counter, values, contenders,
            )  # fmt: skip


@njit(cache=True)
def _mix64(z):
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def stream_seeds(base, stream, start, count):
    """`rng.stream_seed(base, stream, i)` for i in start..start+count-1 (`base` already folded
    to 64 bits): the game seeds of a run, or the bot seeds of a game."""
    z = _mix64(base + _GOLDEN * np.uint64(stream))
    seeds = np.empty(count, dtype=np.uint64)
    for i in range(count):
        seeds[i] = _mix64(z + _GOLDEN * np.uint64(start + i + 1))
    return seeds


@njit(cache=True)
def bot_seed_table(game_seeds, players, stream):
    """table[g, seat] = `rng.stream_seed(game_seeds[g], stream, seat)`: each game's bot seeds."""
    table = np.empty((game_seeds.shape[0], players), dtype=np.uint64)
    for g in range(game_seeds.shape[0]):
        z = _mix64(game_seeds[g] + _GOLDEN * np.uint64(stream))
        for seat in range(players):
            table[g, seat] = _mix64(z + _GOLDEN * np.uint64(seat + 1))
    return table
