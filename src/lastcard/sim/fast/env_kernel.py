# mypy: ignore-errors
# (numba infers these types itself; the functions take arrays and scalars of its own kinds.)
"""The compiled kernel stepped one decision at a time: the batched RL environments' game.

`kernel._play_games` plays whole games between its bots. Here the same game waits whenever a
seat played from outside (an *external* seat: an agent) is asked something, and goes on when
its answer comes: `reset_games` deals games and plays the bots until an external seat is
asked, `step_games` applies each game's answer and plays on to the next question. Between two
questions everything happens here: the bots' moves (`random`, `eager`, `greedy`, `heuristic`,
their choices and random numbers those of `kernel`), hands ending, scoring and dealing on.
For the question it writes the asked seat's observation (`lastcard.rl.observation`'s layout)
and action mask (`lastcard.core.action_index`'s numbers, then `PASS`), and the rewards of
what happened (`lastcard.rl.rewards`).

Who is asked, after every action (the order of `lastcard.rl.seating` and of the single-agent
environment): with a seat exposed (§4.4), the bots' out-of-turn offers in seat order, once a
position; then each external seat with an offer (a late Uno call or a catch) that has not let
it pass at this position, in seat order; then the seat to act. With one external seat that is
`SingleAgentEnv`'s order, with every seat external the AEC environment's.

The rules are those of `core.unchecked.FastGame` that the kernel also plays: the classic deck
without stacking, Seven-O or jump-ins (`lastcard.rl.vector.vector_problem` says why others are
refused). Every function takes the batch's arrays (`layout`'s `S_` columns for the scalars of
each game) and works on the games it is given; games are independent, so the parallel form
gives the same results for any number of threads.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .cards import (
    _COLOR_MASKS,
    _COLOR_OF,
    _DECK_BACK_TO_FRONT,
    _FACE,
    _POINTS,
    _WD4_BIT,
    DECK_SIZE,
    KINDS,
    WD4,
    WILD,
    _lowest_bit,
    _step,
)
from .draws import draw_cards, draw_listed, drawn_playable
from .heuristic import (
    forget_hand,
    remember_asked,
    remember_challenge,
    remember_draw,
    remember_pass,
    remember_play,
    start_game,
)
from .kernel import _heuristic_decides, _playable
from .layout import (
    A_ACCEPT,
    A_CATCH,
    A_CHALLENGE,
    A_COLOR,
    A_DRAW,
    A_KEEP,
    A_PLAY,
    A_UNO,
    AFTER_DRAW,
    AWAIT_FIRST_COLOR,
    AWAIT_TURN,
    AWAIT_WD4_RESPONSE,
    GAME_OVER,
    H_BLUFF,
    H_CALL_UNO,
    H_CHALLENGE,
    H_POLICY,
    H_VOLUNTARY,
    HAND_OVER,
    M_FACED,
    POLICY_GREEDY,
    POLICY_HEURISTIC,
    R_BLUFFING,
    R_DEALER_REDRAW_NON_NUMBER,
    R_DEALER_ROTATE,
    R_FIRST_REVERSE_DEALER_STARTS,
    R_FIRST_WD4_BOTTOM,
    R_FIRST_WILD,
    R_HAND_SIZE,
    R_TARGET,
    R_TURN_LIMIT,
    R_TWO_PLAYER,
    R_VOLUNTARY_DRAW,
)
from .policies import (
    _favourite,
    _greedy_card,
    _greedy_target,
    _nth_variant,
    _variants_of,
    _wants_catch,
)
from .streams import _ONE, _bot_below, _shuffle, _shuffle_deck, _swap_index

# -- the scalars of one game: st[g, S_...] -------------------------------------------------------

S_HAND_NUMBER = 0
S_DEALER = 1
S_STOCK_N = 2
S_DISCARD_N = 3
S_COLOR = 4
S_DIRECTION = 5
S_TURN = 6
S_TO_ACT = 7
S_PHASE = 8
S_PENDING = 9
S_DRAWN = 10
S_CH_PLAYER = 11  # the seat whose WD4 may be challenged, -1: none
S_CH_LEGAL = 12
S_CH_COLOR = 13  # the colour it is judged against (the challenge's colour)
S_EXPOSED = 14
S_UNCAUGHT = 15  # bit mask of seats whose missed call can no longer be caught
S_PASSES = 16
S_HAND_TURNS = 17
S_TOP_PLAYER = 18
S_WD4_PLAYER = 19  # the heuristic bots' memory of a WD4 awaiting its answer
S_WD4_COLOR = 20
S_BOTS_POLLED = 21  # the bots' offers at this position were polled (and let pass)
S_PASSED = 22  # bit mask of external seats that let their offer pass at this position
S_DEAL = 23  # a hand is to be dealt before anything else
S_ASKED = 24  # the external seat asked now, -1: none (the game is over)
S_OFFER = 25  # 1: it is asked an out-of-turn offer (it may pass)
S_WINNER = 26
S_PLY = 27  # actions applied (the dealer's `next` included)
S_DECISIONS = 28  # answers of external seats (passes included)
S_OVER = 29  # 1: the episode ended (the game, or an action outside the mask)
S_SIZE = 30

# Kernel phase -> the observation's phase slot (`Phase` order).
_PHASE_SLOT = np.array([0, 1, 2, 4, 5, 6, 3], dtype=np.int64)

# The observation's offsets (`lastcard.rl.observation.LAYOUT`, checked by `lastcard.rl.vector`).
O_HAND = 0
O_TOP = 58
O_DISCARD = 116
O_DRAWN = 174
O_COLOR = 232
O_DIRECTION = 236
O_PHASE = 237
O_TO_ACT = 244
O_TURN = 254
O_HAND_SIZES = 264
O_ACTIVE = 274
O_EXPOSED = 284
O_UNCAUGHT = 294
O_TOP_PLAYER = 304
O_DEALER = 314
O_SCORES = 324
O_CHALLENGE = 334
O_COUNTS = 339

# What an action number means to the kernel: act[n, X_...] (`lastcard.rl.vector` fills it).
X_KIND = 0  # an A_ kind, or -1: PASS
X_CARD = 1
X_COLOR = 2
X_UNO = 3
X_SIZE = 4

# Numbers the masks are written with: nums[N_...] (`lastcard.rl.vector` fills it).
N_DRAW = 0
N_KEEP = 1
N_CHALLENGE = 2
N_ACCEPT = 3
N_COLOR = 4  # .. 7
N_UNO = 8
N_CATCH = 9  # .. 9 + players - 1; then PASS at N_CATCH + players


@njit(cache=True)
def _deal(
    st, seed, counter, rules, players, hands, masks, sizes, stock, discard, pool, values,
    contenders, swaps, deck, habits, void, known, memory, heuristic,
):  # fmt: skip
    """`setup.start_hand` (as `kernel._play_games` deals): the dealer, the shuffle, the hands
    and the first discard, which may act. Returns the generator's counter."""
    P = players
    hand_number = st[S_HAND_NUMBER] + 1
    st[S_HAND_NUMBER] = hand_number
    dealer = st[S_DEALER]
    if hand_number > 1 and rules[R_DEALER_ROTATE] != 0:
        dealer = _step(dealer, 1, P)
    else:
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
                    j, spare, counter = _swap_index(left, seed, counter, spare)
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
    st[S_DEALER] = dealer
    for i in range(DECK_SIZE):
        stock[i] = _DECK_BACK_TO_FRONT[i]
    counter = _shuffle_deck(stock, seed, counter, swaps)
    hand_size = rules[R_HAND_SIZE]
    for s in range(P):
        for k in range(KINDS):
            hands[s, k] = 0
        sizes[s] = 0
        masks[s] = np.uint64(0)
    direction = 1
    for k in range(P):
        u = _step(dealer, 1 + k, P)
        held = np.uint64(0)
        for i in range(hand_size):
            card = stock[DECK_SIZE - 1 - k - P * i]
            hands[u, card] += 1
            held |= np.uint64(1) << np.uint64(card)
        masks[u] = held
        sizes[u] = hand_size
    stock_n = DECK_SIZE - hand_size * P
    st[S_PENDING] = 0
    st[S_PASSES] = 0
    st[S_HAND_TURNS] = 0
    st[S_DRAWN] = -1
    st[S_CH_PLAYER] = -1
    st[S_EXPOSED] = -1
    st[S_UNCAUGHT] = 0
    st[S_TOP_PLAYER] = -1
    if heuristic:
        forget_hand(P, habits, void, known, memory)
        st[S_WD4_PLAYER] = -1
    first_wild = rules[R_FIRST_WILD]
    while True:
        stock_n -= 1
        card = stock[stock_n]
        if not (card == WD4 or (card == WILD and first_wild == 2)):
            break
        if rules[R_FIRST_WD4_BOTTOM] != 0:
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
    color = 0
    if card == WILD:
        phase = AWAIT_FIRST_COLOR
        turn = first
        to_act = dealer if first_wild == 1 else first
    else:
        color = _COLOR_OF[card]
        face = _FACE[card]
        if face < 10:
            turn = to_act = first
        elif face == 11 and rules[R_FIRST_REVERSE_DEALER_STARTS] != 0 and P > 2:
            direction = -1
            turn = to_act = dealer
        elif face == 10:
            victim = _step(dealer, direction, P)
            turn = to_act = _step(victim, direction, P)
        elif face == 11:
            direction = -direction
            if rules[R_TWO_PLAYER] != 0 and P == 2:
                victim = _step(dealer, direction, P)
                turn = to_act = _step(victim, direction, P)
            else:
                turn = to_act = _step(dealer, direction, P)
        else:  # a Draw Two: next(dealer) draws two and loses the turn
            victim = _step(dealer, direction, P)
            stock_n, discard_n, counter, _ = draw_cards(
                victim, 2, hands, masks, sizes, stock, stock_n, discard, discard_n, seed, counter
            )
            turn = to_act = _step(victim, direction, P)
    st[S_STOCK_N] = stock_n
    st[S_DISCARD_N] = discard_n
    st[S_COLOR] = color
    st[S_DIRECTION] = direction
    st[S_TURN] = turn
    st[S_TO_ACT] = to_act
    st[S_PHASE] = phase
    return counter


@njit(cache=True)
def _bot_choice(
    seat, st, rules, players, habits, hands, masks, sizes, discard, match, bot_seed,
    bot_counter, void, known, memory, heuristic,
):  # fmt: skip
    """What the bot at `seat`, to act, chooses (the kernel's `RandomBot.choose`,
    `GreedyBot.choose`, `HeuristicBot.choose`): (kind, card, colour)."""
    P = players
    phase = st[S_PHASE]
    exposed = st[S_EXPOSED]
    color = st[S_COLOR]
    top = discard[st[S_DISCARD_N] - 1]
    drawn = st[S_DRAWN]
    bluffing = rules[R_BLUFFING] != 0
    a_kind = -1
    a_card = -1
    a_color = 0
    greedy = habits[seat, H_POLICY] == POLICY_GREEDY
    size = sizes[seat]
    wise = heuristic and habits[seat, H_POLICY] == POLICY_HEURISTIC
    if wise:
        remember_asked(seat, memory)
        a_kind, a_card, a_color, _ = _heuristic_decides(
            seat, phase, exposed, habits, hands, masks, sizes, P, st[S_DIRECTION], color,
            top, drawn, match, 0, bluffing, rules[R_VOLUNTARY_DRAW] != 0, st[S_STOCK_N],
            discard, st[S_DISCARD_N], st[S_TOP_PLAYER], st[S_WD4_COLOR], rules[R_TARGET] != 0,
            rules[R_TWO_PLAYER] != 0, False, void, known, memory,
        )  # fmt: skip
    elif exposed == seat and habits[seat, H_CALL_UNO] != 0:
        a_kind = A_UNO
    elif exposed >= 0 and exposed != seat and _wants_catch(habits, bot_seed, bot_counter, seat):
        a_kind = A_CATCH
    elif phase == AWAIT_FIRST_COLOR:
        a_kind = A_COLOR
        if greedy:
            a_color = _favourite(hands, seat, bot_seed, bot_counter)
        else:
            a_color = _bot_below(bot_seed, bot_counter, seat, 4)
    elif phase == AWAIT_WD4_RESPONSE:
        if greedy:
            a_kind = A_CHALLENGE if habits[seat, H_CHALLENGE] != 0 else A_ACCEPT
        else:
            r = _bot_below(bot_seed, bot_counter, seat, 2)
            a_kind = A_CHALLENGE if r == 0 else A_ACCEPT
    else:
        playable = _playable(masks, seat, phase, match, bluffing, top, color, drawn)
        if greedy:
            candidates = playable
            dishonest = (masks[seat] & _COLOR_MASKS[color]) != 0
            if habits[seat, H_BLUFF] == 0 and dishonest:
                candidates &= ~_WD4_BIT
            if candidates != 0:
                a_kind = A_PLAY
                a_card = _greedy_card(candidates, bot_seed, bot_counter, seat)
                if a_card >= WILD:
                    a_color = _favourite(hands, seat, bot_seed, bot_counter)
                else:
                    a_color = _COLOR_OF[a_card]
                    _greedy_target(a_card, seat, sizes, st[S_DIRECTION], P, False)
            else:
                a_kind = A_DRAW if phase == AWAIT_TURN else A_KEEP
        else:
            n_options = _variants_of(playable, seat, size, P, False)
            extra = 1
            if phase == AWAIT_TURN:
                listed = draw_listed(
                    playable, masks[seat], color, st[S_STOCK_N], st[S_DISCARD_N],
                    rules[R_VOLUNTARY_DRAW] != 0,
                )  # fmt: skip
                if not listed or (n_options > 0 and habits[seat, H_VOLUNTARY] == 0):
                    extra = 0
            r = _bot_below(bot_seed, bot_counter, seat, n_options + extra)
            if r < n_options:
                a_kind = A_PLAY
                a_card, a_color, _ = _nth_variant(playable, r, seat, size, P, False)
            else:
                a_kind = A_DRAW if phase == AWAIT_TURN else A_KEEP
    return a_kind, a_card, a_color


@njit(cache=True)
def _bot_offer(seat, st, habits, bot_seed, bot_counter, memory, heuristic):
    """What the bot at `seat` does with its out-of-turn offer (someone is exposed): A_UNO,
    A_CATCH or -1 (it lets it pass)."""
    exposed = st[S_EXPOSED]
    if heuristic and habits[seat, H_POLICY] == POLICY_HEURISTIC:
        remember_asked(seat, memory)
    if exposed == seat and habits[seat, H_CALL_UNO] != 0:
        return A_UNO
    if exposed != seat and _wants_catch(habits, bot_seed, bot_counter, seat):
        return A_CATCH
    return -1


@njit(cache=True)
def _end_hand(st, players, hands, masks, scores, went_out, rules, reward_game, rew):
    """`scoring.end_hand` for the hand that ended (`went_out` -1: blocked), with its rewards
    (`rewards.hand_rewards`, or `game_rewards` at the end) added to `rew`."""
    P = players
    st[S_EXPOSED] = -1
    st[S_UNCAUGHT] = 0
    st[S_CH_PLAYER] = -1
    st[S_PENDING] = 0
    st[S_DRAWN] = -1
    st[S_TO_ACT] = -1
    if went_out < 0:
        st[S_PHASE] = HAND_OVER
        return
    points = 0
    for s in range(P):
        value = 0
        held = masks[s]
        while held != 0:
            k = _lowest_bit(held)
            value += hands[s, k] * _POINTS[k]
            held &= held - _ONE
        points += value
    scores[went_out] += points
    target = rules[R_TARGET]
    over = target == 0 or scores[went_out] >= target
    if not reward_game:
        mean = points / P
        for s in range(P):
            rew[s] += ((points if s == went_out else 0) - mean) / 100.0
    if over:
        st[S_PHASE] = GAME_OVER
        st[S_WINNER] = went_out
        if reward_game:
            for s in range(P):
                rew[s] += (1.0 if s == went_out else 0.0) - 1.0 / P
    else:
        st[S_PHASE] = HAND_OVER


@njit(cache=True)
def _apply(
    seat, a_kind, a_card, a_color, uno, st, seed, counter, rules, players, hands, masks,
    sizes, stock, discard, habits, void, known, memory, shown_hand, heuristic, match, scores,
    reward_game, rew,
):  # fmt: skip
    """The engine applies `seat`'s action (the kernel's `engine.apply` block; a play calls Uno
    with `uno`). Returns the generator's counter; a hand that ends is scored."""
    P = players
    st[S_PLY] += 1
    st[S_BOTS_POLLED] = 0
    st[S_PASSED] = 0
    bluffing = rules[R_BLUFFING] != 0
    reverse_skips = rules[R_TWO_PLAYER] != 0
    stock_n = st[S_STOCK_N]
    discard_n = st[S_DISCARD_N]
    phase = st[S_PHASE]
    direction = st[S_DIRECTION]
    exposed = st[S_EXPOSED]
    pending = st[S_PENDING]
    went_out = -2
    if a_kind == A_UNO:
        st[S_EXPOSED] = -1
    elif a_kind == A_CATCH:
        if heuristic:
            size_before = sizes[exposed]
        stock_n, discard_n, counter, _ = draw_cards(
            exposed, 2, hands, masks, sizes, stock, stock_n, discard, discard_n, seed, counter
        )
        if heuristic:
            remember_draw(P, habits, void, exposed, sizes[exposed] - size_before, -1)
        st[S_EXPOSED] = -1
    elif a_kind == A_COLOR:
        st[S_COLOR] = a_color
        st[S_PHASE] = AWAIT_TURN
        st[S_TO_ACT] = st[S_TURN]
        st[S_DRAWN] = -1
    elif a_kind in (A_CHALLENGE, A_ACCEPT):
        if exposed >= 0:  # close_catch_window
            st[S_UNCAUGHT] |= 1 << exposed
            st[S_EXPOSED] = -1
        challenger = st[S_CH_PLAYER]
        legal = st[S_CH_LEGAL] != 0
        if a_kind == A_CHALLENGE:
            if heuristic:
                remember_challenge(
                    P, habits, void, known, memory, seat, challenger, not legal,
                    st[S_WD4_COLOR], shown_hand,
                )  # fmt: skip
                st[S_WD4_PLAYER] = -1
                victim = challenger if not legal else seat
                size_before = sizes[victim]
            if not legal:
                stock_n, discard_n, counter, _ = draw_cards(
                    challenger, 4, hands, masks, sizes, stock, stock_n, discard, discard_n,
                    seed, counter,
                )  # fmt: skip
                pending -= 4
                st[S_PHASE] = AWAIT_TURN
                st[S_TURN] = st[S_TO_ACT] = seat
            else:
                total = pending + 2
                pending = 0
                stock_n, discard_n, counter, _ = draw_cards(
                    seat, total, hands, masks, sizes, stock, stock_n, discard, discard_n, seed,
                    counter,
                )  # fmt: skip
                st[S_PHASE] = AWAIT_TURN
                st[S_TURN] = st[S_TO_ACT] = _step(seat, direction, P)
            if heuristic:
                remember_draw(P, habits, void, victim, sizes[victim] - size_before, -1)
        else:
            total = pending
            pending = 0
            if heuristic:
                if st[S_WD4_PLAYER] >= 0:
                    memory[seat, M_FACED] += 1
                st[S_WD4_PLAYER] = -1
                size_before = sizes[seat]
            stock_n, discard_n, counter, _ = draw_cards(
                seat, total, hands, masks, sizes, stock, stock_n, discard, discard_n, seed,
                counter,
            )  # fmt: skip
            if heuristic:
                remember_draw(P, habits, void, seat, sizes[seat] - size_before, -1)
            st[S_PHASE] = AWAIT_TURN
            st[S_TURN] = st[S_TO_ACT] = _step(seat, direction, P)
        st[S_CH_PLAYER] = -1
        st[S_DRAWN] = -1
    elif a_kind == A_PLAY:
        card = a_card
        size = sizes[seat]
        phase_before = phase
        if exposed >= 0:  # close_catch_window
            st[S_UNCAUGHT] |= 1 << exposed
        st[S_EXPOSED] = -1
        st[S_UNCAUGHT] &= ~(1 << seat)
        color_before = st[S_COLOR]
        hands[seat, card] -= 1
        if hands[seat, card] == 0:
            masks[seat] &= ~(np.uint64(1) << np.uint64(card))
        sizes[seat] -= 1
        discard[discard_n] = card
        discard_n += 1
        st[S_COLOR] = a_color
        st[S_TOP_PLAYER] = seat
        st[S_PASSES] = 0
        st[S_DRAWN] = -1
        st[S_CH_PLAYER] = -1
        st[S_TURN] = seat
        face = _FACE[card]
        if heuristic:
            remember_play(P, habits, void, known, seat, card)
            st[S_WD4_PLAYER] = seat if card == WD4 else -1
            st[S_WD4_COLOR] = color_before
        if sizes[seat] == 0:
            if card == WD4 or face == 12:
                total = pending + (4 if card == WD4 else 2)
                pending = 0
                stock_n, discard_n, counter, _ = draw_cards(
                    _step(seat, direction, P), total, hands, masks, sizes, stock, stock_n,
                    discard, discard_n, seed, counter,
                )  # fmt: skip
            went_out = seat
        else:
            if card == WD4 and bluffing:
                st[S_CH_PLAYER] = seat
                st[S_CH_LEGAL] = (masks[seat] & _COLOR_MASKS[color_before]) == 0
                st[S_CH_COLOR] = color_before
                if heuristic:
                    for k in range(KINDS):
                        shown_hand[k] = hands[seat, k]
            nxt = _step(seat, direction, P)
            st[S_PHASE] = AWAIT_TURN
            if face < 10 or card == WILD:
                st[S_TURN] = st[S_TO_ACT] = nxt
            elif face == 10:
                st[S_TURN] = st[S_TO_ACT] = _step(nxt, direction, P)
            elif face == 11:
                direction = -direction
                st[S_DIRECTION] = direction
                nxt = _step(seat, direction, P)
                if reverse_skips and P == 2:
                    st[S_TURN] = st[S_TO_ACT] = _step(nxt, direction, P)
                else:
                    st[S_TURN] = st[S_TO_ACT] = nxt
            elif face == 12:
                if heuristic:
                    size_before = sizes[nxt]
                stock_n, discard_n, counter, _ = draw_cards(
                    nxt, 2, hands, masks, sizes, stock, stock_n, discard, discard_n, seed,
                    counter,
                )  # fmt: skip
                if heuristic:
                    remember_draw(P, habits, void, nxt, sizes[nxt] - size_before, -1)
                st[S_TURN] = st[S_TO_ACT] = _step(nxt, direction, P)
            else:  # the WD4
                if bluffing:
                    pending += 4
                    st[S_PHASE] = AWAIT_WD4_RESPONSE
                    st[S_TURN] = st[S_TO_ACT] = nxt
                else:
                    if heuristic:
                        size_before = sizes[nxt]
                    stock_n, discard_n, counter, _ = draw_cards(
                        nxt, 4, hands, masks, sizes, stock, stock_n, discard, discard_n, seed,
                        counter,
                    )  # fmt: skip
                    if heuristic:
                        remember_draw(P, habits, void, nxt, sizes[nxt] - size_before, -1)
                    st[S_TURN] = st[S_TO_ACT] = _step(nxt, direction, P)
            if size == 2 and sizes[seat] == 1 and not uno:
                st[S_EXPOSED] = seat
        if phase_before in (AFTER_DRAW, AWAIT_TURN):
            st[S_HAND_TURNS] += 1
    elif a_kind == A_DRAW:
        if exposed >= 0:
            st[S_UNCAUGHT] |= 1 << exposed
        st[S_EXPOSED] = -1
        if stock_n == 0 and discard_n <= 1:
            if heuristic:
                remember_pass(P, habits, void, seat, st[S_COLOR])
            st[S_PASSES] += 1
            if st[S_PASSES] >= P:
                went_out = -1
            else:
                st[S_TURN] = st[S_TO_ACT] = _step(seat, direction, P)
            st[S_HAND_TURNS] += 1
        else:
            color = st[S_COLOR]
            top = discard[discard_n - 1]
            stock_n, discard_n, counter, card = draw_cards(
                seat, 1, hands, masks, sizes, stock, stock_n, discard, discard_n, seed, counter
            )
            if heuristic:
                remember_draw(P, habits, void, seat, 1, color)
            if drawn_playable(match[color, top], card, masks[seat], color, bluffing):
                st[S_PHASE] = AFTER_DRAW
                st[S_DRAWN] = card
            else:
                st[S_TURN] = st[S_TO_ACT] = _step(seat, direction, P)
                st[S_HAND_TURNS] += 1
    else:  # keep: the catch window stays open
        st[S_PHASE] = AWAIT_TURN
        st[S_DRAWN] = -1
        st[S_TURN] = st[S_TO_ACT] = _step(seat, direction, P)
        st[S_HAND_TURNS] += 1
    st[S_STOCK_N] = stock_n
    st[S_DISCARD_N] = discard_n
    st[S_PENDING] = pending
    turn_limit = rules[R_TURN_LIMIT]
    if went_out == -2 and turn_limit > 0 and st[S_HAND_TURNS] >= turn_limit:
        went_out = -1
    if went_out != -2:
        _end_hand(st, P, hands, masks, scores, went_out, rules, reward_game, rew)
    return counter


@njit(cache=True)
def _advance(
    g, st, seeds, counters, bot_seeds, bot_counters, rules, players, habits, external, hands,
    masks, sizes, stock, discard, pool, values, contenders, swaps, deck, void, known, memory,
    shown_hand, heuristic, match, scores, reward_game, rew,
):  # fmt: skip
    """Play game `g` on until an external seat is asked something (`S_ASKED`, `S_OFFER`) or
    the game is over (`S_ASKED` -1)."""
    P = players
    s_g = st[g]
    seed = seeds[g]
    counter = counters[g]
    while True:
        if s_g[S_DEAL] != 0:
            s_g[S_DEAL] = 0
            counter = _deal(
                s_g, seed, counter, rules, P, hands[g], masks[g], sizes[g], stock[g],
                discard[g], pool[g], values[g], contenders[g], swaps[g], deck, habits[g],
                void[g], known[g], memory[g], heuristic,
            )  # fmt: skip
            continue
        phase = s_g[S_PHASE]
        if phase == GAME_OVER:
            s_g[S_ASKED] = -1
            s_g[S_OFFER] = 0
            break
        if phase == HAND_OVER:  # the dealer of the hand that ended sends `next`
            s_g[S_PLY] += 1
            s_g[S_BOTS_POLLED] = 0
            s_g[S_PASSED] = 0
            s_g[S_DEAL] = 1
            continue
        exposed = s_g[S_EXPOSED]
        to_act = s_g[S_TO_ACT]
        a_seat = -1
        a_kind = -1
        a_card = -1
        a_color = 0
        if exposed >= 0 and s_g[S_BOTS_POLLED] == 0:
            for s in range(P):
                if s == to_act or external[g, s]:
                    continue
                kind = _bot_offer(s, s_g, habits[g], bot_seeds[g], bot_counters[g], memory[g],
                                  heuristic)  # fmt: skip
                if kind >= 0:
                    a_seat = s
                    a_kind = kind
                    break
            if a_seat < 0:
                s_g[S_BOTS_POLLED] = 1
        if a_seat < 0:
            if external[g, to_act]:
                s_g[S_ASKED] = to_act
                s_g[S_OFFER] = 0
                break
            if exposed >= 0:
                asked = -1
                for s in range(P):
                    if s != to_act and external[g, s] and (s_g[S_PASSED] >> s) & 1 == 0:
                        asked = s
                        break
                if asked >= 0:
                    s_g[S_ASKED] = asked
                    s_g[S_OFFER] = 1
                    break
            a_seat = to_act
            a_kind, a_card, a_color = _bot_choice(
                to_act, s_g, rules, P, habits[g], hands[g], masks[g], sizes[g], discard[g],
                match, bot_seeds[g], bot_counters[g], void[g], known[g], memory[g], heuristic,
            )  # fmt: skip
        uno = a_kind == A_PLAY and sizes[g, a_seat] == 2 and habits[g, a_seat, H_CALL_UNO] != 0
        counter = _apply(
            a_seat, a_kind, a_card, a_color, uno, s_g, seed, counter, rules, P, hands[g],
            masks[g], sizes[g], stock[g], discard[g], habits[g], void[g], known[g], memory[g],
            shown_hand[g], heuristic, match, scores[g], reward_game, rew[g],
        )  # fmt: skip
    counters[g] = counter


@njit(cache=True)
def _observe(g, seat, st, players, hands, sizes, discard, scores, out):
    """`observation.observe` of `seat`'s view of game `g` into `out` (zeroed here)."""
    P = players
    s_g = st[g]
    out[:] = 0.0
    for k in range(KINDS):
        out[O_HAND + k] = hands[g, seat, k]
    discard_n = s_g[S_DISCARD_N]
    for i in range(discard_n):
        out[O_DISCARD + discard[g, i]] += 1.0
    out[O_TOP + discard[g, discard_n - 1]] = 1.0
    phase = s_g[S_PHASE]
    turn = s_g[S_TURN]
    if phase == AFTER_DRAW and seat == turn and s_g[S_DRAWN] >= 0:
        out[O_DRAWN + s_g[S_DRAWN]] = 1.0
    if phase != AWAIT_FIRST_COLOR:
        out[O_COLOR + s_g[S_COLOR]] = 1.0
    out[O_DIRECTION] = s_g[S_DIRECTION]
    out[O_PHASE + _PHASE_SLOT[phase]] = 1.0
    to_act = s_g[S_TO_ACT]
    if to_act >= 0:
        out[O_TO_ACT + (to_act - seat) % P] = 1.0
    out[O_TURN + (turn - seat) % P] = 1.0
    exposed = s_g[S_EXPOSED]
    if exposed >= 0:
        out[O_EXPOSED + (exposed - seat) % P] = 1.0
    top_player = s_g[S_TOP_PLAYER]
    if top_player >= 0:
        out[O_TOP_PLAYER + (top_player - seat) % P] = 1.0
    out[O_DEALER + (s_g[S_DEALER] - seat) % P] = 1.0
    uncaught = s_g[S_UNCAUGHT]
    for k in range(P):
        s = (seat + k) % P
        out[O_HAND_SIZES + k] = sizes[g, s]
        out[O_ACTIVE + k] = 1.0
        out[O_SCORES + k] = scores[g, s] / 100.0
        if (uncaught >> s) & 1:
            out[O_UNCAUGHT + k] = 1.0
    if s_g[S_CH_PLAYER] >= 0 and to_act == seat:
        out[O_CHALLENGE] = 1.0
        out[O_CHALLENGE + 1 + s_g[S_CH_COLOR]] = 1.0
    out[O_COUNTS] = s_g[S_PENDING]
    out[O_COUNTS + 1] = s_g[S_STOCK_N]
    out[O_COUNTS + 2] = s_g[S_HAND_TURNS] / 100.0
    out[O_COUNTS + 3] = s_g[S_PASSES]


@njit(cache=True)
def _write_mask(g, st, rules, masks, sizes, discard, match, play_base, nums, pass_n, out):
    """The action mask of the seat asked in game `g` (all 0 when nobody is)."""
    out[:] = 0
    s_g = st[g]
    seat = s_g[S_ASKED]
    if seat < 0:
        return
    exposed = s_g[S_EXPOSED]
    if s_g[S_OFFER] != 0:
        out[nums[N_UNO] if seat == exposed else nums[N_CATCH + exposed]] = 1
        out[pass_n] = 1
        return
    phase = s_g[S_PHASE]
    color = s_g[S_COLOR]
    penultimate = sizes[g, seat] == 2
    if phase in (AWAIT_TURN, AFTER_DRAW):
        top = discard[g, s_g[S_DISCARD_N] - 1]
        playable = _playable(
            masks[g], seat, phase, match, rules[R_BLUFFING] != 0, top, color, s_g[S_DRAWN]
        )
        bits = playable
        while bits != 0:
            k = _lowest_bit(bits)
            bits &= bits - _ONE
            base = play_base[k]
            if k >= WILD:
                for c in range(4):
                    out[base + 2 * c] = 1
                    if penultimate:
                        out[base + 2 * c + 1] = 1
            else:
                out[base] = 1
                if penultimate:
                    out[base + 1] = 1
        if phase == AWAIT_TURN:
            if draw_listed(
                playable, masks[g, seat], color, s_g[S_STOCK_N], s_g[S_DISCARD_N],
                rules[R_VOLUNTARY_DRAW] != 0,
            ):  # fmt: skip
                out[nums[N_DRAW]] = 1
        else:
            out[nums[N_KEEP]] = 1
    elif phase == AWAIT_WD4_RESPONSE:
        out[nums[N_CHALLENGE]] = 1
        out[nums[N_ACCEPT]] = 1
    else:
        for c in range(4):
            out[nums[N_COLOR + c]] = 1
    if exposed >= 0:
        out[nums[N_UNO] if seat == exposed else nums[N_CATCH + exposed]] = 1


@njit(cache=True)
def _start(g, st, seeds, counters, bot_seeds, bot_counters, players, habits, scores, memory,
           heuristic):  # fmt: skip
    """A new game in row `g` (its seeds already in `seeds[g]`, `bot_seeds[g]`)."""
    s_g = st[g]
    s_g[:] = 0
    s_g[S_DEAL] = 1
    s_g[S_DEALER] = 0
    s_g[S_WINNER] = -1
    s_g[S_ASKED] = -1
    s_g[S_WD4_PLAYER] = -1
    s_g[S_CH_PLAYER] = -1
    s_g[S_EXPOSED] = -1
    s_g[S_TOP_PLAYER] = -1
    s_g[S_DRAWN] = -1
    counters[g] = np.uint64(0)
    for s in range(players):
        bot_counters[g, s] = np.uint64(0)
        scores[g, s] = 0
    if heuristic:
        start_game(players, memory[g])


@njit(cache=True)
def _one(
    g, action, obs_seat, st, seeds, counters, bot_seeds, bot_counters, rules, players, habits,
    external, hands, masks, sizes, stock, discard, pool, values, contenders, swaps, deck, void,
    known, memory, shown_hand, heuristic, match, scores, reward_game, rew, illegal, act,
    play_base, nums, pass_n, mask_out, obs_out, start,
):  # fmt: skip
    """One game's step (see `step_games`): `start` begins a new game first, else `action`
    answers the question asked; the next question's observation and mask are written."""
    s_g = st[g]
    for s in range(players):
        rew[g, s] = 0.0
    illegal[g] = False
    if start:
        _start(g, st, seeds, counters, bot_seeds, bot_counters, players, habits[g], scores,
               memory, heuristic)  # fmt: skip
    else:
        seat = s_g[S_ASKED]
        if seat < 0:
            return
        if action < 0 or action > pass_n or mask_out[g, action] == 0:
            illegal[g] = True
            s_g[S_OVER] = 1
            s_g[S_ASKED] = -1
            mask_out[g, :] = 0
            return
        s_g[S_DECISIONS] += 1
        kind = act[action, X_KIND]
        if kind < 0:  # PASS: the offer is let go at this position
            s_g[S_PASSED] |= 1 << seat
        else:
            color = act[action, X_COLOR]
            card = act[action, X_CARD]
            if kind == A_PLAY and card < WILD:
                color = _COLOR_OF[card]
            counters[g] = _apply(
                seat, kind, card, color, act[action, X_UNO] != 0, s_g, seeds[g], counters[g],
                rules, players, hands[g], masks[g], sizes[g], stock[g], discard[g], habits[g],
                void[g], known[g], memory[g], shown_hand[g], heuristic, match, scores[g],
                reward_game, rew[g],
            )  # fmt: skip
    _advance(
        g, st, seeds, counters, bot_seeds, bot_counters, rules, players, habits, external, hands,
        masks, sizes, stock, discard, pool, values, contenders, swaps, deck, void, known, memory,
        shown_hand, heuristic, match, scores, reward_game, rew,
    )  # fmt: skip
    asked = s_g[S_ASKED]
    if asked < 0:
        s_g[S_OVER] = 1
    _write_mask(g, st, rules, masks, sizes, discard, match, play_base, nums, pass_n, mask_out[g])
    _observe(g, asked if asked >= 0 else obs_seat[g], st, players, hands, sizes, discard, scores,
             obs_out[g])  # fmt: skip


@njit(cache=True)
def step_games(
    games, actions, starts, obs_seat, st, seeds, counters, bot_seeds, bot_counters, rules,
    players, habits, external, hands, masks, sizes, stock, discard, pool, values, contenders,
    swaps, deck, void, known, memory, shown_hand, heuristic, match, scores, reward_game, rew,
    illegal, act, play_base, nums, pass_n, mask_out, obs_out,
):  # fmt: skip
    """For each game g in `games`: a new game when `starts[g]` (seeded from `seeds[g]` and
    `bot_seeds[g]`), else `actions[g]` answers its question; then play on to the next question
    (`st[g, S_ASKED]`, `S_OFFER`) or the end (`S_OVER`), write its mask (`mask_out[g]`) and
    the asked seat's observation (`obs_out[g]`; at the end `obs_seat[g]`'s), each seat's
    reward meanwhile (`rew[g]`) and whether the action was outside the mask (`illegal[g]`:
    nothing applied)."""
    for i in range(games.shape[0]):
        g = games[i]
        _one(
            g, actions[g], obs_seat, st, seeds, counters, bot_seeds, bot_counters, rules, players,
            habits, external, hands, masks, sizes, stock, discard, pool, values, contenders,
            swaps, deck, void, known, memory, shown_hand, heuristic, match, scores, reward_game,
            rew, illegal, act, play_base, nums, pass_n, mask_out, obs_out, starts[g],
        )  # fmt: skip


@njit(cache=True, parallel=True)
def step_games_parallel(
    games, actions, starts, obs_seat, st, seeds, counters, bot_seeds, bot_counters, rules,
    players, habits, external, hands, masks, sizes, stock, discard, pool, values, contenders,
    swaps, deck, void, known, memory, shown_hand, heuristic, match, scores, reward_game, rew,
    illegal, act, play_base, nums, pass_n, mask_out, obs_out,
):  # fmt: skip
    """`step_games` over numba's threads (games are independent: the same results)."""
    for i in prange(games.shape[0]):
        g = games[i]
        _one(
            g, actions[g], obs_seat, st, seeds, counters, bot_seeds, bot_counters, rules, players,
            habits, external, hands, masks, sizes, stock, discard, pool, values, contenders,
            swaps, deck, void, known, memory, shown_hand, heuristic, match, scores, reward_game,
            rew, illegal, act, play_base, nums, pass_n, mask_out, obs_out, starts[g],
        )  # fmt: skip
