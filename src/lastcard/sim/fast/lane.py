# mypy: ignore-errors
# (numba infers these types itself; the functions take arrays and scalars of its own kinds.)
"""The kernel's fast lane: the turns of a hand between random bots under the official rules.

`kernel._play_games` handles every rule and bot the kernel covers, and so carries some forty
values from one action to the next: more than the CPU has registers, so every action reloads
part of them from memory. Most simulated hands (the speed benchmark's, and `lastcard simulate`'s
with its default bot, `eager`) need few of them: every seat a `RandomBot`, no stacking,
Seven-O or jump-in. `random_turns` plays those turns, action for action as the loop would,
with only what they need in locals, and hands back when the hand ends, when a seat leaves its
last-but-one card without calling Uno (the catch window is the loop's), or at the action limit.

Two habits of the code here are for speed alone. Array indices are unsigned (`np.uint64`):
numba checks a signed index for a negative value to count from the end, a compare, a mask
and the array's length loaded from memory on every access. And each seat's next random number
is computed one draw ahead (`streams._bot_below_ahead`), off the chain of work that runs from
one seat's choice to the next seat's.

The loop's lines for these actions and the lines here are the same rules written twice, one
general, one specialised; the differential tests (`tests/sim/test_fast_exact.py`) replay games
that take both paths through the reference engine, so a change to one that is not made to the
other fails them.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.extending import intrinsic

from .cards import (
    _COLOR_MASKS,
    _COLORED,
    _FACE,
    _MATCH_FLAT,
    _WD4_BIT,
    _WILDS,
    KINDS,
    WD4,
    WILD,
    _popcount,
    _step,
)
from .draws import draw_cards, draw_listed, drawn_playable
from .layout import (
    AFTER_DRAW,
    AWAIT_TURN,
    AWAIT_WD4_RESPONSE,
    F_BLUFFS,
    F_CHALLENGES,
    F_UPHELD,
    F_WD4,
    H_CALL_UNO,
    H_VOLUNTARY,
)
from .policies import _nth_plain_variant
from .streams import _bot_below_ahead, _splitmix


@intrinsic
def _kept_apart(typingctx):
    """Marks the function that calls it `noinline` for LLVM: otherwise LLVM inlines the lane
    into `_play_games`, its only caller, and the lane's loop is compiled with the forty values
    of the general loop live around it, which is what the lane exists to avoid."""

    def codegen(context, builder, sig, args):
        builder.function.attributes.add("noinline")
        return context.get_dummy_value()

    return types.none(), codegen


@njit(cache=True, _nrt=False)
def random_turns(
    first, players, bluffing, may_draw_voluntarily, reverse_skips, turn_limit, max_actions,
    seed, hands, masks, sizes, stock, discard, habits, bot_seed, bot_counter,
    play_base, other_base, first_hand, trace_seat, trace_action, trace_cap,
    stock_n, discard_n, counter, color, direction, turn, to_act, phase, drawn,
    challenge_player, challenge_legal, pending, passes, hand_turns, turns, actions, top_player,
):  # fmt: skip
    """Play from phase AWAIT_TURN, AFTER_DRAW or AWAIT_WD4_RESPONSE (nobody exposed) while the
    hand lasts, nobody is left exposed and `actions` < `max_actions`. `first`: this is the
    game's first hand (its counts go to `first_hand`).

    Returns the state as it was given, then `exposed` (the seat left without its Uno call, or
    -1) and `went_out` (-2 the hand goes on, -1 blocked, else the seat that went out)."""
    _kept_apart()
    P = players
    reverse_jumps = reverse_skips and P == 2
    exposed = -1
    went_out = -2
    ahead = bot_counter[P:]  # each seat's next number (`_bot_below_ahead`)
    for s in range(P):
        ahead[s] = _splitmix(bot_seed[s], bot_counter[s])
    top = discard[discard_n - 1]
    legal = _MATCH_FLAT[np.uint64(color * KINDS + top)]  # what matches the top card
    while actions < max_actions:
        seat = to_act
        u = np.uint64(seat)  # indices unsigned: no check for negative ones (wraparound)
        held = masks[u]
        act_index = 0
        if phase == AWAIT_WD4_RESPONSE:
            # -- RandomBot: challenge or accept, one chance in two (nothing can be stacked) --
            if _bot_below_ahead(bot_seed, bot_counter, ahead, seat, 2) == 0:
                act_index = other_base + 2  # engine._challenge
                if first:
                    first_hand[F_CHALLENGES, seat] += 1
                    first_hand[F_UPHELD, seat] += not challenge_legal
                if not challenge_legal:  # §3.8.3: the player draws four instead
                    stock_n, discard_n, counter, _ = draw_cards(
                        challenge_player, 4, hands, masks, sizes, stock, stock_n, discard,
                        discard_n, seed, counter,
                    )  # fmt: skip
                    pending = 0
                    turn = to_act = seat
                else:  # §3.8.4: the penalty and two more, and the turn is lost
                    stock_n, discard_n, counter, _ = draw_cards(
                        seat, pending + 2, hands, masks, sizes, stock, stock_n, discard,
                        discard_n, seed, counter,
                    )  # fmt: skip
                    pending = 0
                    turn = to_act = _step(seat, direction, P)
            else:
                act_index = other_base + 3  # engine._accept
                stock_n, discard_n, counter, _ = draw_cards(
                    seat, pending, hands, masks, sizes, stock, stock_n, discard, discard_n,
                    seed, counter,
                )  # fmt: skip
                pending = 0
                turn = to_act = _step(seat, direction, P)
            challenge_player = -1
            phase = AWAIT_TURN
        else:
            # -- RandomBot.choose: uniform over the plays, the draw or the keep --------------
            in_turn = phase == AWAIT_TURN
            if in_turn:
                playable = held & legal
                if not bluffing and (held & _COLOR_MASKS[np.uint64(color)]) != 0:
                    playable &= ~_WD4_BIT  # §3.3.1
            else:
                playable = np.uint64(1) << np.uint64(drawn)
            n_options = _popcount(playable & _COLORED) + 4 * _popcount(playable & _WILDS)
            extra = 1  # the draw (in turn) or the keep (after a draw)
            if in_turn:
                listed = draw_listed(
                    playable, held, color, stock_n, discard_n, may_draw_voluntarily
                )
                if not listed or (n_options > 0 and habits[u, H_VOLUNTARY] == 0):
                    extra = 0
            r = _bot_below_ahead(bot_seed, bot_counter, ahead, seat, n_options + extra)
            if r < n_options:
                # -- engine._play → _resolve_play ----------------------------------------
                card, chosen = _nth_plain_variant(playable, r)
                size = sizes[u]
                c = np.uint64(card)
                uno = size == 2 and habits[u, H_CALL_UNO] != 0
                act_index = play_base[c] + uno  # `R5`: targets no seat
                if card >= WILD:
                    act_index += 2 * chosen  # the colour named
                color_before = color
                if card == WD4 and first:
                    first_hand[F_WD4, seat] += 1
                left = hands[u, c] - 1
                hands[u, c] = left
                masks[u] = held & ~(np.uint64(left == 0) << c)  # no branch
                sizes[u] = size - 1
                discard[np.uint64(discard_n)] = card
                discard_n += 1
                color = chosen
                top = card
                legal = _MATCH_FLAT[np.uint64(color * KINDS + top)]
                top_player = seat
                passes = 0
                drawn = -1
                challenge_player = -1
                turn = seat
                face = _FACE[c]
                if size == 1:
                    # §6.1: out; only the draw part of the last card still happens
                    if card == WD4 or face == 12:
                        stock_n, discard_n, counter, _ = draw_cards(
                            _step(seat, direction, P), 4 if card == WD4 else 2, hands, masks,
                            sizes, stock, stock_n, discard, discard_n, seed, counter,
                        )  # fmt: skip
                    went_out = seat
                elif card == WD4 or face == 12:
                    nxt = _step(seat, direction, P)
                    phase = AWAIT_TURN
                    if face == 12:  # §3.6.3: the next player draws two and loses the turn
                        stock_n, discard_n, counter, _ = draw_cards(
                            nxt, 2, hands, masks, sizes, stock, stock_n, discard, discard_n,
                            seed, counter,
                        )  # fmt: skip
                        turn = to_act = _step(nxt, direction, P)
                    elif bluffing:  # a WD4 awaits its answer (§3.8)
                        challenge_player = seat
                        challenge_legal = (masks[u] & _COLOR_MASKS[np.uint64(color_before)]) == 0
                        if first:
                            first_hand[F_BLUFFS, seat] += not challenge_legal
                        pending += 4
                        phase = AWAIT_WD4_RESPONSE
                        turn = to_act = nxt
                    else:
                        stock_n, discard_n, counter, _ = draw_cards(
                            nxt, 4, hands, masks, sizes, stock, stock_n, discard, discard_n,
                            seed, counter,
                        )  # fmt: skip
                        turn = to_act = _step(nxt, direction, P)
                    if size == 2 and not uno:  # §4.1: left with one card and no call
                        exposed = seat
                else:
                    # A number, a Wild, a Skip or a Reverse: the seat after it without a branch
                    # on the card (which one follows which is a guess the CPU gets wrong a
                    # third of the time): a Reverse turns the direction, a Skip (or a Reverse
                    # between two, §3.6.2) jumps one seat more.
                    direction = -direction if face == 11 else direction
                    jumps = (face == 10) | ((face == 11) & reverse_jumps)
                    to = seat + direction * (1 + jumps)
                    to = to + P if to < 0 else to
                    turn = to_act = to - P if to >= P else to
                    phase = AWAIT_TURN
                    if size == 2 and not uno:  # §4.1: left with one card and no call
                        exposed = seat
                if in_turn:
                    turns += 1
                hand_turns += 1
            elif in_turn:
                # -- engine._draw --------------------------------------------------------
                act_index = other_base
                turns += 1
                if stock_n == 0 and discard_n <= 1:  # §3.11: nothing to draw, a pass
                    passes += 1
                    if passes >= P:
                        went_out = -1
                    else:
                        turn = to_act = _step(seat, direction, P)
                    hand_turns += 1
                else:
                    stock_n, discard_n, counter, card = draw_cards(
                        seat, 1, hands, masks, sizes, stock, stock_n, discard, discard_n,
                        seed, counter,
                    )  # fmt: skip
                    if drawn_playable(legal, card, masks[u], color, bluffing):
                        phase = AFTER_DRAW
                        drawn = card
                    else:
                        turn = to_act = _step(seat, direction, P)
                        hand_turns += 1
            else:
                # -- engine._keep --------------------------------------------------------
                act_index = other_base + 1
                phase = AWAIT_TURN
                drawn = -1
                turn = to_act = _step(seat, direction, P)
                hand_turns += 1
        if went_out == -2 and turn_limit > 0 and hand_turns >= turn_limit:
            went_out = -1  # §3.11.4: the hand ends blocked
        if trace_cap > 0 and actions < trace_cap:
            trace_seat[actions] = seat
            trace_action[actions] = act_index
        actions += 1
        if went_out != -2 or exposed >= 0:
            break
    return (
        stock_n, discard_n, counter, color, direction, turn, to_act, phase, drawn,
        challenge_player, challenge_legal, pending, passes, hand_turns, turns, actions,
        top_player, exposed, went_out,
    )  # fmt: skip
