# mypy: ignore-errors
# (numba infers these types itself; the functions take arrays and scalars of its own kinds.)
"""The compiled game loop: whole games between the kernel's bots (`policies`, `heuristic`),
under the rules `support` lists.

Everything here is a numba function over plain arrays (`cards` for the representation,
`layout` for the arrays' columns, `streams` for the random numbers); `lastcard.sim.fast.run`
prepares the arrays and reads the results. The loop is the reference engine's
(`lastcard.core.engine`, `setup`, `scoring`, `table.Table`'s poll) rewritten step for step, so
that with the same seeds it deals the same cards, asks the bots in the same order, draws the
same random numbers and so plays the same game. Where a line here follows a particular line of
the reference engine, the comment names it; a change to one is a change to both, and the
differential tests (`tests/sim/test_fast_exact.py`) fail until they agree again.

`_play_games` is one long function on purpose: its state lives in local variables (numba keeps
them in registers), which helper functions could not update. It and the helpers it calls (not
inlined) are compiled without numba's reference counting (`_nrt=False`): they allocate nothing,
and counting every array argument in and out (atomic operations) cost a seventh of a hand.

Games are independent: game g depends only on its seeds, so `run_games` gives the same results
for any number of threads.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .cards import (
    _COLOR_MASKS,
    _COLOR_OF,
    _COLORED,
    _DECK,
    _DECK_BACK_TO_FRONT,
    _FACE,
    _FACE_MASKS,
    _MATCH,
    _POINTS,
    _WD4_BIT,
    _WILDS,
    DECK_SIZE,
    KINDS,
    WD4,
    WILD,
    _bit,
    _lowest_bit,
    _popcount,
    _step,
)
from .draws import draw_cards, draw_listed, drawn_playable
from .heuristic import (
    best_play,
    first_color,
    forget_hand,
    remember_asked,
    remember_challenge,
    remember_draw,
    remember_pass,
    remember_play,
    remember_rotate,
    remember_swap,
    respond,
    start_game,
)
from .lane import random_turns
from .layout import (
    A_ACCEPT,
    A_CATCH,
    A_CHALLENGE,
    A_COLOR,
    A_DRAW,
    A_KEEP,
    A_NEXT,
    A_PLAY,
    A_UNO,
    AFTER_DRAW,
    AWAIT_FIRST_COLOR,
    AWAIT_STACK_RESPONSE,
    AWAIT_TURN,
    AWAIT_WD4_RESPONSE,
    DRAW_SCORE,
    F_BLUFFS,
    F_CHALLENGES,
    F_POINTS,
    F_SIZE,
    F_UPHELD,
    F_VALUES,
    F_WD4,
    GAME_OVER,
    H_BLUFF,
    H_CALL_UNO,
    H_CHALLENGE,
    H_CHALLENGE_THRESHOLD,
    H_HOLD_WILDS,
    H_JUMP_IN,
    H_POLICY,
    H_STACK,
    H_VOLUNTARY,
    HAND_OVER,
    HL_DEALER,
    HL_VALUES,
    HL_WENT_OUT,
    KEEP_SCORE,
    KNOWN_SIZE,
    M_FACED,
    M_SIZE,
    O_ACTIONS,
    O_BLOCKED,
    O_ENGINE_DRAWS,
    O_FIRST_DEALER,
    O_FIRST_DIRECTION,
    O_FIRST_DISCARD,
    O_FIRST_PLAYER,
    O_FIRST_TURNS,
    O_FIRST_WENT_OUT,
    O_HANDS,
    O_TURNS,
    O_WINNER,
    PASS_SCORE,
    POLICY_GREEDY,
    POLICY_HEURISTIC,
    POLICY_RANDOM,
    R_BLUFFING,
    R_DEALER_REDRAW_NON_NUMBER,
    R_DEALER_ROTATE,
    R_FIRST_REVERSE_DEALER_STARTS,
    R_FIRST_WD4_BOTTOM,
    R_FIRST_WILD,
    R_HAND_SIZE,
    R_JUMP_IN,
    R_JUMP_IN_SELF,
    R_MAX_ACTIONS,
    R_SEVEN_O,
    R_STACKING,
    R_TARGET,
    R_TURN_LIMIT,
    R_TWO_PLAYER,
    R_VOLUNTARY_DRAW,
)
from .policies import (
    _favourite,
    _greedy_card,
    _greedy_target,
    _nth_plain_variant,
    _nth_variant,
    _random_target,
    _responding,
    _variants_of,
    _wants_catch,
)
from .streams import _DECK_PAIRS, _ONE, _bot_below, _shuffle, _shuffle_deck, _swap_index


@njit(cache=True, inline="always")
def _stack_mask(stacking, top, color):
    """The kinds that may be stacked on `top` (§7.1.2 same kind; §7.1.3 mixed: also a WD4 on
    a Draw Two and a Draw Two of the declared colour on a WD4)."""
    if top == WD4:
        mask = _WD4_BIT
        if stacking == 2:
            mask |= np.uint64(1) << np.uint64(color * 13 + 12)
        return mask
    if top < WILD and _FACE[top] == 12:
        mask = _FACE_MASKS[12]
        if stacking == 2:
            mask |= _WD4_BIT
        return mask
    return np.uint64(0)


@njit(cache=True, inline="always")
def _stackable(masks, seat, stacking, bluffing, top, color):
    """The kinds `seat` may stack on the pending draw (§7.1; a WD4 only when it would be
    legal without bluffing, §3.3.1)."""
    stackable = np.uint64(0)
    if stacking > 0:
        stackable = masks[seat] & _stack_mask(stacking, top, color)
        if not bluffing and (masks[seat] & _COLOR_MASKS[color]) != 0:
            stackable &= ~_WD4_BIT
    return stackable


@njit(cache=True, inline="always")
def _playable(masks, seat, phase, match, bluffing, top, color, drawn):
    """The kinds `seat` may play on its turn (AWAIT_TURN), or the drawn card (AFTER_DRAW)."""
    if phase == AWAIT_TURN:
        playable = masks[seat] & match[color, top]
        # §3.3.1: without bluffing a WD4 only with no card of the colour
        held_color = (masks[seat] & _COLOR_MASKS[color]) != 0
        if not bluffing and held_color:
            playable &= ~_WD4_BIT
        return playable
    return np.uint64(1) << np.uint64(drawn)


@njit(cache=True, inline="always")
def _heuristic_decides(
    seat, phase, exposed, habits, hands, masks, sizes, players, direction, color, top, drawn,
    match, stacking, bluffing, may_draw_voluntarily, stock_n, discard, discard_n, top_player,
    wd4_color, match_scored, reverse_skips, seven_o, void, known, memory,
):  # fmt: skip
    """`HeuristicBot.choose` for the seat to act: (action kind, card, colour, target). It calls
    an owed Uno and catches whoever is exposed; names its favourite colour for a first Wild;
    answers a pending draw (`heuristic.respond`); else plays its best card (no dishonest WD4
    without its bluff habit) unless a draw, when offered, or keeping the drawn card scores
    better."""
    if exposed == seat:
        return A_UNO, -1, 0, -1
    if exposed >= 0:
        return A_CATCH, -1, 0, -1
    if phase == AWAIT_FIRST_COLOR:
        return A_COLOR, -1, first_color(hands, seat, sizes[seat], void), -1
    if _responding(phase):
        kind, card, chosen = respond(
            seat, _stackable(masks, seat, stacking, bluffing, top, color),
            phase == AWAIT_WD4_RESPONSE, habits[seat, H_BLUFF] != 0,
            habits[seat, H_CHALLENGE] != 0, habits[seat, H_CHALLENGE_THRESHOLD], color,
            top_player, wd4_color, hands, masks, sizes, players, direction, discard, discard_n,
            void, known, memory,
        )  # fmt: skip
        return kind, card, chosen, -1
    in_turn = phase == AWAIT_TURN
    playable = _playable(masks, seat, phase, match, bluffing, top, color, drawn)
    candidates = playable
    if habits[seat, H_BLUFF] == 0 and (masks[seat] & _COLOR_MASKS[color]) != 0:
        candidates &= ~_WD4_BIT
    if candidates == 0:
        return (A_DRAW if in_turn else A_KEEP), -1, 0, -1
    card, chosen, target, score = best_play(
        seat, candidates, in_turn, habits[seat, H_HOLD_WILDS] != 0, color, hands, masks, sizes,
        players, direction, match_scored, reverse_skips, seven_o, void, memory,
    )  # fmt: skip
    if not in_turn:
        return (A_PLAY if score > KEEP_SCORE else A_KEEP), card, chosen, target
    listed = draw_listed(playable, masks[seat], color, stock_n, discard_n, may_draw_voluntarily)
    if score > DRAW_SCORE or not listed:
        return A_PLAY, card, chosen, target
    return A_DRAW, -1, 0, -1


@njit(cache=True, inline="always")
def _held_value(hands, masks, seat):
    """The points of the cards `seat` holds (§6.2), over the kinds it holds only."""
    value = 0
    u = np.uint64(seat)  # unsigned indices: no check for negative ones
    held = masks[u]
    while held != 0:
        k = np.uint64(_lowest_bit(held))
        value += hands[u, k] * _POINTS[k]
        held &= held - _ONE
    return value


@njit(cache=True, _nrt=False)
def _swap(hands, masks, sizes, a, b):
    """§7.2.1: two seats exchange their hands."""
    for k in range(KINDS):
        held = hands[a, k]
        hands[a, k] = hands[b, k]
        hands[b, k] = held
    held_mask = masks[a]
    masks[a] = masks[b]
    masks[b] = held_mask
    held_size = sizes[a]
    sizes[a] = sizes[b]
    sizes[b] = held_size


@njit(cache=True, _nrt=False)
def _rotate(hands, masks, sizes, direction, players, spare_hands, spare_masks, spare_sizes):
    """§7.2.2: every hand passes to the next seat in the direction of play."""
    for s in range(players):
        for k in range(KINDS):
            spare_hands[s, k] = hands[s, k]
        spare_masks[s] = masks[s]
        spare_sizes[s] = sizes[s]
    for s in range(players):
        to = _step(s, direction, players)
        for k in range(KINDS):
            hands[to, k] = spare_hands[s, k]
        masks[to] = spare_masks[s]
        sizes[to] = spare_sizes[s]


@njit(cache=True, inline="always")
def _end_hand(
    went_out, hand_number, dealer, turns, target, players, hands, masks, out, first_hand,
    hand_wins, scores, hand_log, hands_played, blocked, winner,
):  # fmt: skip
    """`scoring.end_hand`: the hand ended, blocked (`went_out` -1) or won by `went_out`.
    Scores it into the game's rows and returns (phase, winner, hands played, blocked).
    (Inlined: as a call it passed its seven arrays, some sixty words, at the end of every
    hand, a fiftieth of a single hand's time.)"""
    hands_played += 1
    logged = hands_played <= hand_log.shape[0]
    if logged:
        row = hand_log[hands_played - 1]
        row[HL_WENT_OUT] = went_out
        row[HL_DEALER] = dealer
    if hand_number == 1:
        out[O_FIRST_WENT_OUT] = went_out
        out[O_FIRST_TURNS] = turns
    points = 0  # §6.2: the value of every card left, scored by the seat that went out
    for s in range(players):
        value = _held_value(hands, masks, s)
        points += value
        if logged:
            row[HL_VALUES + s] = value
        if hand_number == 1:
            first_hand[F_VALUES, s] = value
    if went_out < 0:
        return HAND_OVER, winner, hands_played, blocked + 1  # no winner; dealt again
    hand_wins[went_out] += 1
    scores[went_out] += points
    if hand_number == 1:
        first_hand[F_POINTS, went_out] = points
    if target == 0 or scores[went_out] >= target:
        return GAME_OVER, went_out, hands_played, blocked
    return HAND_OVER, winner, hands_played, blocked


@njit(cache=True, _nrt=False)
def _play_games(
    start, stop, seeds, bot_seeds, players, rules, habits, deck, match, play_base, other_base,
    outs, wins, totals, firsts, trace_seats, trace_actions, trace_cap, hands, masks, sizes,
    stock, discard, pool, bot_counter, values, contenders, spare_hands, spare_masks,
    spare_sizes, void, known, memory, shown_hand, remembers, hand_logs, swaps,
):  # fmt: skip
    """Games `start` to `stop` - 1 of `run_games`, each with its seeds (`seeds[g]`,
    `bot_seeds[g]`); game g's results go into row g of `outs`, `wins`, `totals`, `firsts`
    (`out`, `hand_wins`, `scores`, `first_hand` below) and, when `trace_cap` > 0, every action
    as (seat, action index) into its rows of `trace_seats` and `trace_actions`. `hand_log[h]`
    (game g's rows of `hand_logs`, as many as it has) gets hand h+1's seat that went out (-1:
    blocked), its dealer and each seat's cards left in points (`HL_` columns), for a match's
    every hand; a game of more hands than rows logs its first ones (`out[O_HANDS]` says so).

    `void`, `known`, `memory` and `shown_hand` hold what heuristic bots remember (`heuristic`).
    `remembers` is None when no heuristic bot sits at the table: numba then drops every block
    under `if remembers is not None` before it compiles (it prunes branches on arguments typed
    None), so the other bots' games run the loop without a trace of the heuristic's.

    One call plays many games: a call passes some two hundred words of array descriptions,
    which cost a fifteenth of a hand when every game was a call."""
    for g in range(start, stop):
        seed = seeds[g]
        bot_seed = bot_seeds[g]
        out = outs[g]
        hand_wins = wins[g]
        scores = totals[g]
        first_hand = firsts[g]
        trace_seat = trace_seats[g]
        trace_action = trace_actions[g]
        hand_log = hand_logs[g]
        P = players
        hand_size = rules[R_HAND_SIZE]
        target = rules[R_TARGET]
        turn_limit = rules[R_TURN_LIMIT]
        may_draw_voluntarily = rules[R_VOLUNTARY_DRAW] != 0
        bluffing = rules[R_BLUFFING] != 0
        reverse_skips = rules[R_TWO_PLAYER] != 0
        max_actions = rules[R_MAX_ACTIONS]
        stacking = rules[R_STACKING]
        seven_o = rules[R_SEVEN_O] != 0
        jump_rule = rules[R_JUMP_IN] != 0
        jump_self = rules[R_JUMP_IN_SELF] != 0
        top_player = -1
        # The fast lane (`lane`) plays the turns of tables of random bots without the variants.
        lane = remembers is None and stacking == 0 and not seven_o and not jump_rule
        for s in range(P):
            lane = lane and habits[s, H_POLICY] == POLICY_RANDOM
        if remembers is not None:
            start_game(P, memory)
        wd4_player = -1  # the memory's Wild Draw Four awaiting an answer (`_wd4`), -1: none
        wd4_color = 0  # ... and the colour it is judged against
        for s in range(P):
            bot_counter[s] = np.uint64(0)
            scores[s] = 0
            hand_wins[s] = 0
            for f in range(F_SIZE):
                first_hand[f, s] = 0
        out[O_FIRST_WENT_OUT] = -1
        out[O_FIRST_TURNS] = 0
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
        color = 0
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
                    # order; ties draw again from the same pile; the lowest tied seat if it
                    # runs out.
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
                # The deck is shuffled where it then lies as the stock (its top card last), and
                # dealt from the top: the shuffled list's cards in order, without copying it.
                for i in range(DECK_SIZE):
                    stock[i] = _DECK_BACK_TO_FRONT[i]
                counter = _shuffle_deck(stock, seed, counter, swaps)
                for s in range(P):
                    held = masks[s]
                    while held != 0:  # empty the kinds held (the rest are zero already)
                        hands[np.uint64(s), np.uint64(_lowest_bit(held))] = 0
                        held &= held - _ONE
                    sizes[s] = 0
                    masks[s] = np.uint64(0)
                direction = 1
                # One card at a time from the dealer's left: the seat k places after the
                # dealer's left gets the stock's cards k, k + P, k + 2P, ... from the top.
                # Dealt seat by seat, each hand's mask is built in a register.
                for k in range(P):
                    u = np.uint64(_step(dealer, 1 + k, P))  # unsigned indices (see `lane`)
                    held = np.uint64(0)
                    for i in range(hand_size):
                        card = np.uint64(stock[np.uint64(DECK_SIZE - 1 - k - P * i)])
                        hands[u, card] += 1
                        held |= np.uint64(1) << card
                    masks[u] = held
                    sizes[u] = hand_size
                stock_n = DECK_SIZE - hand_size * P
                discard_n = 0
                pending = 0
                passes = 0
                hand_turns = 0
                if remembers is not None:  # the DEAL event: `_new_hand`
                    forget_hand(P, habits, void, known, memory)
                    wd4_player = -1
                drawn = -1
                challenge_player = -1
                exposed = -1
                top_player = -1
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
                    color = 0
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
                    elif stacking > 0:  # a Draw Two awaits next(dealer)'s answer (§7.1.1)
                        pending = 2
                        phase = AWAIT_STACK_RESPONSE
                        turn = to_act = _step(dealer, direction, P)
                    else:  # a Draw Two: next(dealer) draws two and loses the turn
                        victim = _step(dealer, direction, P)
                        stock_n, discard_n, counter, _ = draw_cards(
                            victim, 2, hands, masks, sizes, stock, stock_n, discard, discard_n,
                            seed, counter,
                        )  # fmt: skip
                        turn = to_act = _step(victim, direction, P)
                if hand_number == 1:
                    out[O_FIRST_PLAYER] = turn
                    out[O_FIRST_DIRECTION] = direction
                    out[O_FIRST_DISCARD] = card
                    out[O_FIRST_DEALER] = dealer
                continue

            if phase == GAME_OVER or actions >= max_actions:
                break

            if lane and exposed < 0 and phase in (AWAIT_TURN, AFTER_DRAW, AWAIT_WD4_RESPONSE):
                (
                    stock_n, discard_n, counter, color, direction, turn, to_act, phase, drawn,
                    challenge_player, challenge_legal, pending, passes, hand_turns, turns, actions,
                    top_player, exposed, went_out,
                ) = random_turns(
                    hand_number == 1, P, bluffing, may_draw_voluntarily, reverse_skips, turn_limit,
                    max_actions, seed, hands, masks, sizes, stock, discard, habits, bot_seed,
                    bot_counter, play_base, other_base, first_hand, trace_seat, trace_action,
                    trace_cap, stock_n, discard_n, counter, color, direction, turn, to_act, phase,
                    drawn, challenge_player, challenge_legal, pending, passes, hand_turns, turns,
                    actions, top_player,
                )  # fmt: skip
                if went_out != -2:
                    phase, winner, hands_played, blocked = _end_hand(
                        went_out, hand_number, dealer, turns, target, P, hands, masks, out,
                        first_hand, hand_wins, scores, hand_log, hands_played, blocked, winner,
                    )  # fmt: skip
                continue

            # -- who acts, and what (Table.plan, then the bot's choose) -----------------------
            a_kind = -1
            a_seat = -1
            a_card = -1
            a_color = 0  # a wild's declared colour, or the colour named for a first Wild
            a_target = -1
            a_jump = False
            if phase == HAND_OVER:
                # The table's `auto_next_hand`: the dealer of the hand that ended sends `next`.
                a_kind = A_NEXT
                a_seat = dealer
            else:
                top = discard[discard_n - 1]
                # Out-of-turn offers in seat order: a late Uno call, a catch, a jump-in (§4, §7.3).
                jump_open = jump_rule and phase == AWAIT_TURN and top < WILD
                if exposed >= 0 or jump_open:
                    for s in range(P):
                        if s == to_act:
                            continue
                        jump = (
                            jump_open
                            and hands[s, top] > 0
                            and (top_player != s or top_player < 0 or jump_self)
                        )
                        if exposed < 0 and not jump:
                            continue
                        policy = habits[s, H_POLICY]
                        wise = False
                        if remembers is not None:
                            wise = policy == POLICY_HEURISTIC
                            if wise:
                                remember_asked(s, memory)  # asked, even if it lets the offer pass
                        if exposed == s and habits[s, H_CALL_UNO] != 0:
                            a_kind = A_UNO
                        elif (
                            exposed >= 0
                            and exposed != s
                            and _wants_catch(habits, bot_seed, bot_counter, s)
                        ):
                            a_kind = A_CATCH
                        elif policy == POLICY_GREEDY:
                            if jump and habits[s, H_JUMP_IN] != 0:
                                a_kind = A_PLAY
                                a_card = top
                                a_target = _greedy_target(top, s, sizes, direction, P, seven_o)
                        elif wise:  # jumps in unless the play is harmful
                            if jump:
                                _, _, jump_target, score = best_play(
                                    s, _bit(top), False, False, color, hands, masks, sizes, P,
                                    direction, target != 0, reverse_skips, seven_o, void, memory,
                                )  # fmt: skip
                                if score > PASS_SCORE:
                                    a_kind = A_PLAY
                                    a_card = top
                                    a_target = jump_target
                        else:  # RandomBot: uniform over the jump-in plays and passing
                            n_jump = _variants_of(_bit(top), s, sizes[s], P, seven_o) if jump else 0
                            r = _bot_below(bot_seed, bot_counter, s, n_jump + 1)
                            if r < n_jump:
                                a_kind = A_PLAY
                                a_card = top
                                a_target = _random_target(top, r, s, sizes[s], seven_o)
                        if a_kind >= 0:
                            a_seat = s
                            a_jump = a_kind == A_PLAY
                            a_color = _COLOR_OF[top] if a_jump else 0
                            break
                if a_kind < 0:
                    # -- the seat to act decides (RandomBot.choose, GreedyBot.choose) ------------
                    seat = to_act
                    a_seat = seat
                    greedy = habits[seat, H_POLICY] == POLICY_GREEDY
                    size = sizes[seat]
                    wise = False  # HeuristicBot (its block is compiled only for tables with one)
                    if remembers is not None:
                        wise = habits[seat, H_POLICY] == POLICY_HEURISTIC
                    if wise:
                        remember_asked(seat, memory)
                        a_kind, a_card, a_color, a_target = _heuristic_decides(
                            seat, phase, exposed, habits, hands, masks, sizes, P, direction, color,
                            top, drawn, match, stacking, bluffing, may_draw_voluntarily, stock_n,
                            discard, discard_n, top_player, wd4_color, target != 0,
                            reverse_skips, seven_o, void, known, memory,
                        )  # fmt: skip
                    elif exposed == seat and habits[seat, H_CALL_UNO] != 0:
                        a_kind = A_UNO
                    elif (
                        exposed >= 0
                        and exposed != seat
                        and _wants_catch(habits, bot_seed, bot_counter, seat)
                    ):
                        a_kind = A_CATCH
                    elif phase == AWAIT_FIRST_COLOR:
                        a_kind = A_COLOR
                        if greedy:
                            a_color = _favourite(hands, seat, bot_seed, bot_counter)
                        else:
                            a_color = _bot_below(bot_seed, bot_counter, seat, 4)
                    elif _responding(phase):
                        # Stack (§7.1), challenge (§3.8, a WD4 only) or accept.
                        stackable = _stackable(masks, seat, stacking, bluffing, top, color)
                        can_challenge = phase == AWAIT_WD4_RESPONSE
                        if greedy:
                            if stackable != 0 and habits[seat, H_STACK] != 0:
                                a_kind = A_PLAY
                                a_card = _greedy_card(stackable, bot_seed, bot_counter, seat)
                            elif can_challenge and habits[seat, H_CHALLENGE] != 0:
                                a_kind = A_CHALLENGE
                            else:
                                a_kind = A_ACCEPT
                        else:
                            n_stack = _popcount(stackable & _COLORED) + 4 * _popcount(
                                stackable & _WILDS
                            )
                            r = _bot_below(
                                bot_seed,
                                bot_counter,
                                seat,
                                n_stack + (1 if can_challenge else 0) + 1,
                            )
                            if r < n_stack:
                                a_kind = A_PLAY
                                a_card, a_color = _nth_plain_variant(stackable, r)
                            elif can_challenge and r == n_stack:
                                a_kind = A_CHALLENGE
                            else:
                                a_kind = A_ACCEPT
                        if a_kind == A_PLAY and a_card >= WILD and greedy:
                            a_color = _favourite(hands, seat, bot_seed, bot_counter)
                        elif a_kind == A_PLAY and a_card < WILD:
                            a_color = _COLOR_OF[a_card]
                    else:
                        # AWAIT_TURN or AFTER_DRAW: a play, a draw or a keep.
                        playable = _playable(masks, seat, phase, match, bluffing, top, color, drawn)
                        if greedy:
                            # No dishonest WD4 without its bluff habit; the card worth the most
                            # points (ties by its generator, in card order); a wild names its
                            # favourite colour; a 7 under Seven-O the smallest hand; else keep,
                            # else draw.
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
                                    a_target = _greedy_target(
                                        a_card, seat, sizes, direction, P, seven_o
                                    )
                            else:
                                a_kind = A_DRAW if phase == AWAIT_TURN else A_KEEP
                        else:
                            n_options = _variants_of(playable, seat, size, P, seven_o)
                            extra = 1  # the draw (in turn) or the keep (after a draw)
                            if phase == AWAIT_TURN:
                                listed = draw_listed(
                                    playable, masks[seat], color, stock_n, discard_n,
                                    may_draw_voluntarily,
                                )  # fmt: skip
                                # RandomBot without voluntary draws drops the draw beside a play.
                                if not listed or (n_options > 0 and habits[seat, H_VOLUNTARY] == 0):
                                    extra = 0
                            r = _bot_below(bot_seed, bot_counter, seat, n_options + extra)
                            if r < n_options:
                                a_kind = A_PLAY
                                a_card, a_color, a_target = _nth_variant(
                                    playable, r, seat, size, P, seven_o
                                )
                            else:
                                a_kind = A_DRAW if phase == AWAIT_TURN else A_KEEP

            # -- the engine applies it (engine.apply) -------------------------------------------
            act_index = -1
            went_out = -2  # -2: the hand goes on; -1: blocked; else the seat that went out
            seat = a_seat
            if a_kind == A_NEXT:
                act_index = other_base + 9 + P
                deal = True
            elif a_kind == A_UNO:
                act_index = other_base + 8
                exposed = -1
            elif a_kind == A_CATCH:
                act_index = other_base + 9 + exposed
                # engine._catch: the exposed player draws two (§4.5)
                if remembers is not None:
                    size_before = sizes[exposed]
                stock_n, discard_n, counter, _ = draw_cards(
                    exposed, 2, hands, masks, sizes, stock, stock_n, discard, discard_n,
                    seed, counter,
                )  # fmt: skip
                if remembers is not None:
                    remember_draw(P, habits, void, exposed, sizes[exposed] - size_before, -1)
                exposed = -1
            elif a_kind == A_COLOR:
                act_index = other_base + 4 + a_color
                color = a_color
                phase = AWAIT_TURN  # give_turn(turn)
                to_act = turn
            elif a_kind == A_CHALLENGE:
                act_index = other_base + 2
                exposed = -1  # close_catch_window
                if hand_number == 1:
                    first_hand[F_CHALLENGES, seat] += 1
                    first_hand[F_UPHELD, seat] += not challenge_legal
                if remembers is not None:  # the CHALLENGE event, then its draw
                    remember_challenge(
                        P, habits, void, known, memory, seat, challenge_player,
                        not challenge_legal, wd4_color, shown_hand,
                    )  # fmt: skip
                    wd4_player = -1
                    victim = challenge_player if not challenge_legal else seat  # who draws
                    size_before = sizes[victim]
                if not challenge_legal:  # §3.8.3: the player draws four instead
                    stock_n, discard_n, counter, _ = draw_cards(
                        challenge_player, 4, hands, masks, sizes, stock, stock_n,
                        discard, discard_n, seed, counter,
                    )  # fmt: skip
                    pending -= 4
                    # §7.1.7: what was stacked beneath it is still owed
                    phase = AWAIT_STACK_RESPONSE if pending > 0 else AWAIT_TURN
                    turn = to_act = seat
                else:  # §3.8.4: the penalty and two more, and the turn is lost
                    total = pending + 2
                    pending = 0
                    stock_n, discard_n, counter, _ = draw_cards(
                        seat, total, hands, masks, sizes, stock, stock_n, discard,
                        discard_n, seed, counter,
                    )  # fmt: skip
                    phase = AWAIT_TURN
                    turn = to_act = _step(seat, direction, P)
                if remembers is not None:
                    remember_draw(P, habits, void, victim, sizes[victim] - size_before, -1)
                challenge_player = -1
            elif a_kind == A_ACCEPT:
                act_index = other_base + 3
                exposed = -1
                total = pending
                pending = 0
                challenge_player = -1
                if remembers is not None:  # the ACCEPT event (one more WD4 faced), then its draw
                    if wd4_player >= 0:
                        memory[seat, M_FACED] += 1
                    wd4_player = -1
                    size_before = sizes[seat]
                stock_n, discard_n, counter, _ = draw_cards(
                    seat, total, hands, masks, sizes, stock, stock_n, discard,
                    discard_n, seed, counter,
                )  # fmt: skip
                if remembers is not None:
                    remember_draw(P, habits, void, seat, sizes[seat] - size_before, -1)
                phase = AWAIT_TURN
                turn = to_act = _step(seat, direction, P)
            elif a_kind == A_PLAY:
                # -- engine._play → _resolve_play --------------------------------------------
                card = a_card
                size = sizes[seat]
                phase_before = phase
                uno = size == 2 and habits[seat, H_CALL_UNO] != 0
                if card >= WILD:
                    act_index = play_base[card] + 2 * a_color + (1 if uno else 0)
                else:
                    act_index = play_base[card] + 2 * (a_target + 1) + (1 if uno else 0)
                exposed = -1  # close_catch_window
                color_before = color
                if card == WD4 and hand_number == 1:
                    first_hand[F_WD4, seat] += 1
                hands[seat, card] -= 1
                if hands[seat, card] == 0:
                    masks[seat] &= ~(np.uint64(1) << np.uint64(card))
                sizes[seat] -= 1
                discard[discard_n] = card
                discard_n += 1
                color = a_color
                top_player = seat
                passes = 0
                drawn = -1
                challenge_player = -1  # stacking on a WD4 gives up its challenge (§7.1.7)
                turn = seat
                face = _FACE[card]
                if remembers is not None:  # the PLAY event
                    remember_play(P, habits, void, known, seat, card)
                    wd4_player = seat if card == WD4 else -1
                    wd4_color = color_before
                if sizes[seat] == 0:
                    # §6.1: out; only the draw part of the last card still happens
                    if card == WD4 or face == 12:
                        total = pending + (4 if card == WD4 else 2)
                        pending = 0
                        stock_n, discard_n, counter, _ = draw_cards(
                            _step(seat, direction, P), total, hands, masks, sizes,
                            stock, stock_n, discard, discard_n, seed, counter,
                        )  # fmt: skip
                    went_out = seat
                else:
                    if card == WD4 and bluffing:
                        challenge_player = seat
                        challenge_legal = (masks[seat] & _COLOR_MASKS[color_before]) == 0
                        if hand_number == 1:
                            first_hand[F_BLUFFS, seat] += not challenge_legal
                        if (
                            remembers is not None
                        ):  # what a challenge shows (`PendingChallenge.hand`)
                            for k in range(KINDS):
                                shown_hand[k] = hands[seat, k]
                    if seven_o and face == 7:  # §7.2.1: swap with the named seat
                        _swap(hands, masks, sizes, seat, a_target)
                        if remembers is not None:
                            remember_swap(P, habits, void, known, memory, hands, seat, a_target)
                    elif seven_o and face == 0:  # §7.2.2: every hand passes on
                        _rotate(
                            hands, masks, sizes, direction, P, spare_hands, spare_masks, spare_sizes
                        )
                        if remembers is not None:
                            remember_rotate(P, habits, void, known, memory, hands, direction)
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
                        if stacking > 0:
                            pending += 2
                            phase = AWAIT_STACK_RESPONSE
                            turn = to_act = nxt
                        else:
                            if remembers is not None:
                                size_before = sizes[nxt]
                            stock_n, discard_n, counter, _ = draw_cards(
                                nxt, 2, hands, masks, sizes, stock, stock_n, discard,
                                discard_n, seed, counter,
                            )  # fmt: skip
                            if remembers is not None:
                                remember_draw(P, habits, void, nxt, sizes[nxt] - size_before, -1)
                            turn = to_act = _step(nxt, direction, P)
                    else:  # the WD4
                        if bluffing or stacking > 0:
                            pending += 4
                            phase = AWAIT_WD4_RESPONSE if bluffing else AWAIT_STACK_RESPONSE
                            turn = to_act = nxt
                        else:
                            if remembers is not None:
                                size_before = sizes[nxt]
                            stock_n, discard_n, counter, _ = draw_cards(
                                nxt, 4, hands, masks, sizes, stock, stock_n, discard,
                                discard_n, seed, counter,
                            )  # fmt: skip
                            if remembers is not None:
                                remember_draw(P, habits, void, nxt, sizes[nxt] - size_before, -1)
                            turn = to_act = _step(nxt, direction, P)
                    # §4.1: the penultimate card played without the call, still one card after
                    # its effect (a Seven-O exchange may have changed the hand)
                    if size == 2 and sizes[seat] == 1 and not uno:
                        exposed = seat
                if phase_before == AWAIT_TURN:
                    turns += 1  # jump-ins included, as `simulate` counts turns
                if phase_before == AFTER_DRAW or (phase_before == AWAIT_TURN and not a_jump):
                    hand_turns += 1  # `_turn_taken` (a stacking answer and a jump-in are none)
            elif a_kind == A_DRAW:
                # -- engine._draw -----------------------------------------------------------
                act_index = other_base
                turns += 1
                exposed = -1
                if stock_n == 0 and discard_n <= 1:
                    if remembers is not None:  # the PASS event
                        remember_pass(P, habits, void, seat, color)
                    passes += 1
                    if passes >= P:  # §3.11.3: a full cycle of passes
                        went_out = -1
                    else:
                        turn = to_act = _step(seat, direction, P)
                    hand_turns += 1
                else:
                    top = discard[discard_n - 1]
                    stock_n, discard_n, counter, card = draw_cards(
                        seat, 1, hands, masks, sizes, stock, stock_n, discard,
                        discard_n, seed, counter,
                    )  # fmt: skip
                    if (
                        remembers is not None
                    ):  # a draw on its turn: it lacked the colour (to others)
                        remember_draw(P, habits, void, seat, 1, color)
                    if drawn_playable(match[color, top], card, masks[seat], color, bluffing):
                        phase = AFTER_DRAW
                        drawn = card
                    else:
                        turn = to_act = _step(seat, direction, P)
                        hand_turns += 1
            else:
                # -- keep (engine._keep: the catch window stays open) -------------------------
                act_index = other_base + 1
                phase = AWAIT_TURN
                drawn = -1
                turn = to_act = _step(seat, direction, P)
                hand_turns += 1
            if went_out == -2 and a_kind != A_NEXT and turn_limit > 0 and hand_turns >= turn_limit:
                went_out = -1  # §3.11.4: the hand ends blocked
            act_seat = seat
            if trace_cap > 0 and actions < trace_cap:
                trace_seat[actions] = act_seat
                trace_action[actions] = act_index
            actions += 1
            if went_out != -2:
                exposed = -1
                pending = 0
                drawn = -1
                challenge_player = -1
                phase, winner, hands_played, blocked = _end_hand(
                    went_out, hand_number, dealer, turns, target, P, hands, masks, out, first_hand,
                    hand_wins, scores, hand_log, hands_played, blocked, winner,
                )  # fmt: skip
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
    habits,
    play_base,
    other_base,
    out,
    hand_wins,
    scores,
    first_hand,
    trace_seat,
    trace_action,
    chunk,
    remembers,
    hand_log,
):
    """Play game g with `seeds[g]` and `bot_seeds[g]` for every g, `chunk` games per task;
    `remembers` None when no heuristic bot plays (see `_play_games`), else any array.

    Results: `out[g]` (see the O_ columns), `hand_wins[g, seat]`, `scores[g, seat]`,
    `first_hand[g, F_..., seat]`, with a trace (`trace_seat.shape[1]` > 0) each game's first
    actions, and with a hand log (`hand_log.shape[1]` > 0) each game's first hands.
    """
    games = seeds.shape[0]
    players = bot_seeds.shape[1]
    trace_cap = trace_seat.shape[1]
    deck = np.empty(DECK_SIZE, dtype=np.int8)
    deck[:] = _DECK
    match = _MATCH
    tasks = (games + chunk - 1) // chunk
    for task in prange(tasks):
        # The hot work arrays in one block, in a fixed layout: apart, each lands wherever the
        # allocator puts it, and the speed of a run varied by a tenth with their addresses.
        piles = DECK_SIZE // 8 + 1  # a pile of cards (int8) in int64 words
        block = np.zeros(players * (KINDS + 4) + 3 * piles, dtype=np.int64)
        hands = block[: players * KINDS].reshape((players, KINDS))
        at = players * KINDS
        masks = block[at : at + players].view(np.uint64)
        sizes = block[at + players : at + 2 * players]
        # Each seat's bot counter, then (the fast lane's) each seat's next number
        bot_counter = block[at + 2 * players : at + 4 * players].view(np.uint64)
        at += 4 * players
        stock = block[at : at + piles].view(np.int8)
        discard = block[at + piles : at + 2 * piles].view(np.int8)
        pool = block[at + 2 * piles : at + 3 * piles].view(np.int8)
        values = np.zeros(players, dtype=np.int64)
        contenders = np.zeros(players, dtype=np.int64)
        spare_hands = np.zeros((players, KINDS), dtype=np.int64)
        spare_masks = np.zeros(players, dtype=np.uint64)
        spare_sizes = np.zeros(players, dtype=np.int64)
        void = np.zeros((players, players, 4), dtype=np.int64)
        known = np.zeros((players, players, KNOWN_SIZE), dtype=np.int64)
        memory = np.zeros((players, M_SIZE), dtype=np.int64)
        shown_hand = np.zeros(KINDS, dtype=np.int64)
        swaps = np.zeros(2 * _DECK_PAIRS, dtype=np.int64)  # the deal's shuffle's work
        _play_games(
            task * chunk, min(games, (task + 1) * chunk), seeds, bot_seeds, players, rules,
            habits, deck, match, play_base, other_base, out, hand_wins, scores, first_hand,
            trace_seat, trace_action, trace_cap, hands, masks, sizes, stock, discard, pool,
            bot_counter, values, contenders, spare_hands, spare_masks, spare_sizes, void, known,
            memory, shown_hand, remembers, hand_log, swaps,
        )  # fmt: skip
