# mypy: ignore-errors
# (numba infers these types itself; the functions take arrays and scalars of its own kinds.)
"""`HeuristicBot` in the compiled simulator: its memory and its scoring, exactly.

`lastcard.bots.heuristic.HeuristicBot` rewritten over the kernel's arrays: every score is the
same float64 arithmetic in the same order (a power with a float exponent, as Python computes
`x ** n`, never numba's integer power), candidates are scored in the engine's order and ties go
to the first, so a kernel game with heuristic seats is the reference game, action for action.

**Memory.** The bot learns from the events it observes; the kernel calls the `remember_*`
functions where the engine emits those events, for every heuristic seat at the table (an
observer), and only when one sits there. The bot reads its inbox lazily, just before it is
asked, but what it learns depends only on the events' order and on what it had seen when it
was last asked (its seat count and its own hand), so updating at once is the same:

- `void[o, s, c]`: the cards seat `s` received since observer `o` saw it fail to follow colour
  `c` (a draw on its turn, a pass, a failed challenge against it), -1 when not seen;
- `known[o, s, k]`: the cards `o` knows `s` holds (its own hand after a Seven-O exchange, a hand
  a challenge showed it), with their total;
- `memory[s, M_...]`: whether bot `s` has been asked yet (before it knows the table, a rotation
  of hands makes it forget) and has seen its hand since the last exchange (only then does an
  exchange teach it the hand it gave away), and the Wild Draw Four tallies of seat `s`.

**Decisions** (`best_play`, `respond`, `first_color`) follow `HeuristicBot.choose`: the
caller applies the thresholds (`DRAW_SCORE`, `KEEP_SCORE`, `PASS_SCORE`) where `choose` does.
The weights are `layout`'s copies of the bot's (`support` checks they still agree).

**Not compiled**: what only rules the kernel refuses for every bot would reach — partners
(teams), the points left in one's own hand (elimination, alternative scoring), Wild Downpour and
Shuffle Hands cards, a hand shown to everyone, eliminated seats. Within the rules the kernel
plays there is no difference: the differential tests compare every action.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .cards import (
    _COLOR_MASKS,
    _COLOR_OF,
    _COLORED,
    _DECK,
    _FACE,
    _POINTS,
    _WD4_BIT,
    _WILDS,
    DECK_SIZE,
    KINDS,
    WD4,
    WILD,
    _lowest_bit,
    _step,
)
from .layout import (
    A_ACCEPT,
    A_CHALLENGE,
    A_PLAY,
    CAUGHT,
    COLOR_SHARE,
    DENY,
    DRAW_SCORE,
    DRAWN_CARD,
    FLEX,
    H_POLICY,
    HOLD_WILD,
    HOLD_WILD_URGENT,
    KNOWN_SIZE,
    KNOWN_TOTAL,
    LAST_FOLLOWS,
    M_BLUFFS,
    M_CHALLENGED,
    M_FACED,
    M_HAND_KNOWN,
    M_HONEST,
    M_SEATED,
    M_SIZE,
    POINTS_TIE,
    POINTS_URGENT,
    POLICY_HEURISTIC,
    SKIP_THREAT,
    SMALL_HAND,
    THREAT_1,
    THREAT_2,
    THREAT_3,
    THREAT_WEIGHT,
    WILD_LAST,
    WIN,
)
from .streams import _ONE

# The cards of each colour in the deck (`_unseen_share` counts them from `deck_cards()`).
_DECK_COLORS = np.array([int(np.sum(_COLOR_OF[_DECK] == c)) for c in range(4)], dtype=np.int64)


# -- memory ---------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _observes(habits, seat):
    return habits[seat, H_POLICY] == POLICY_HEURISTIC


@njit(cache=True)
def start_game(players, memory):
    """A new game: new bots, nothing seen, no tallies."""
    for s in range(players):
        for m in range(M_SIZE):
            memory[s, m] = 0


@njit(cache=True)
def forget_hand(players, habits, void, known, memory):
    """A deal (`_new_hand`): what belonged to the last hand is forgotten, the tallies kept."""
    for o in range(players):
        if _observes(habits, o):
            memory[o, M_HAND_KNOWN] = 0
            _forget_seats(players, void, known, o)


@njit(cache=True, inline="always")
def _forget_seats(players, void, known, o):
    for s in range(players):
        for c in range(4):
            void[o, s, c] = -1
        for k in range(KNOWN_SIZE):
            known[o, s, k] = 0


@njit(cache=True, inline="always")
def remember_asked(seat, memory):
    """`_look`: the bot asked now knows the table and its own hand."""
    memory[seat, M_SEATED] = 1
    memory[seat, M_HAND_KNOWN] = 1


@njit(cache=True)
def remember_play(players, habits, void, known, seat, card):
    """`_on_play`: the player held a card of the card's colour, and one known card less."""
    color = _COLOR_OF[card]
    for o in range(players):
        if _observes(habits, o):
            if color >= 0:
                void[o, seat, color] = -1
            if known[o, seat, card] > 0:
                known[o, seat, card] -= 1
                known[o, seat, KNOWN_TOTAL] -= 1


@njit(cache=True)
def remember_draw(players, habits, void, seat, count, turn_color):
    """`_on_draw`: `count` cards more since each colour it lacked; a draw on its turn
    (`turn_color` >= 0, the colour current) shows it lacked that colour (to the others)."""
    for o in range(players):
        if _observes(habits, o):
            if turn_color >= 0 and seat != o:
                void[o, seat, turn_color] = 0
            for c in range(4):
                if void[o, seat, c] >= 0:
                    void[o, seat, c] += count


@njit(cache=True)
def remember_pass(players, habits, void, seat, color):
    """`_on_pass`: a seat that passes holds nothing of the current colour."""
    for o in range(players):
        if _observes(habits, o):
            void[o, seat, color] = 0


@njit(cache=True)
def remember_challenge(
    players, habits, void, known, memory, challenger, player, succeeded, color, shown_hand
):
    """`_on_challenge` (before the draw it causes): the tallies, the colour the player was
    shown to hold or lack, and for the challenger the hand it was shown (`shown_hand`: the
    player's hand when it played the Wild Draw Four)."""
    memory[challenger, M_FACED] += 1
    memory[challenger, M_CHALLENGED] += 1
    if succeeded:
        memory[player, M_BLUFFS] += 1
    else:
        memory[player, M_HONEST] += 1
    for o in range(players):
        if _observes(habits, o):
            void[o, player, color] = -1 if succeeded else 0
    if _observes(habits, challenger):
        _learn(void, known, challenger, player, shown_hand)


@njit(cache=True)
def _learn(void, known, o, seat, cards):
    """`_learn`: observer `o` knows that `seat` holds exactly `cards` (counts by kind)."""
    total = 0
    for k in range(KINDS):
        known[o, seat, k] = cards[k]
        total += cards[k]
    known[o, seat, KNOWN_TOTAL] = total
    for c in range(4):
        held = 0
        for face in range(13):
            held += cards[c * 13 + face]
        void[o, seat, c] = -1 if held > 0 else 0


@njit(cache=True)
def remember_swap(players, habits, void, known, memory, hands, a, b):
    """`_on_swap`, after the kernel swapped `a`'s and `b`'s hands: what was known of each
    follows its hand; a bot that gave its hand away knows what the other holds now."""
    for o in range(players):
        if not _observes(habits, o):
            continue
        for c in range(4):
            held = void[o, a, c]
            void[o, a, c] = void[o, b, c]
            void[o, b, c] = held
        for k in range(KNOWN_SIZE):
            held = known[o, a, k]
            known[o, a, k] = known[o, b, k]
            known[o, b, k] = held
        if o in (a, b):
            if memory[o, M_HAND_KNOWN] != 0:
                other = b if o == a else a
                _learn(void, known, o, other, hands[other])
            memory[o, M_HAND_KNOWN] = 0


@njit(cache=True)
def remember_rotate(players, habits, void, known, memory, hands, direction):
    """`_on_rotate`, after the kernel passed every hand on in `direction`: what was known of
    each seat moves with its hand, and a bot that had seen its hand knows its neighbour's.
    A bot never asked yet does not know the table: it forgets everything instead."""
    for o in range(players):
        if not _observes(habits, o):
            continue
        if memory[o, M_SEATED] == 0:
            _forget_seats(players, void, known, o)
            memory[o, M_HAND_KNOWN] = 0
            continue
        # A cyclic shift of the seats, one column at a time: no array to allocate.
        for c in range(4):
            _shift(void, o, c, direction, players)
        for k in range(KNOWN_SIZE):
            _shift(known, o, k, direction, players)
        if memory[o, M_HAND_KNOWN] != 0:
            after = _step(o, direction, players)
            _learn(void, known, o, after, hands[after])
        memory[o, M_HAND_KNOWN] = 0


@njit(cache=True, inline="always")
def _shift(table, o, column, direction, players):
    """table[o, step(s), column] = table[o, s, column] for every seat s."""
    if direction > 0:
        held = table[o, players - 1, column]
        for s in range(players - 1, 0, -1):
            table[o, s, column] = table[o, s - 1, column]
        table[o, 0, column] = held
    else:
        held = table[o, 0, column]
        for s in range(players - 1):
            table[o, s, column] = table[o, s + 1, column]
        table[o, players - 1, column] = held


# -- scores ---------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _threat_of(cards):
    if cards == 1:
        return THREAT_1
    if cards == 2:
        return THREAT_2
    if cards == 3:
        return THREAT_3
    return 0.0


@njit(cache=True, inline="always")
def _own_value(cards):
    return cards - THREAT_WEIGHT * _threat_of(cards)


@njit(cache=True, inline="always")
def _exchange(mine, other_size, given, got):
    """`_exchange` (the other seat is an active opponent): this seat goes from `mine` cards to
    `got`, the other from `other_size` to `given`."""
    value = _own_value(mine) - _own_value(got)
    before = _threat_of(other_size)
    change = THREAT_WEIGHT * (before - _threat_of(given))
    return value + change


@njit(cache=True, inline="always")
def _harm(victim, me, draws, skip, sizes, players):
    """`_harm`: making `victim` draw `draws` cards (and lose its turn if `skip`)."""
    if victim == me:
        return 0.0
    size = sizes[victim]
    others = players - 1
    value = (draws * DRAWN_CARD + (1.0 if skip else 0.0)) / max(others, 1)
    value += THREAT_WEIGHT * (_threat_of(size) - _threat_of(size + draws))
    if skip:
        value += SKIP_THREAT * THREAT_WEIGHT * _threat_of(size)
    return value


@njit(cache=True, inline="always")
def _lacks(void, me, seat, color):
    """`_lacks`: how likely `seat` is to hold no card of `color` (the float power, as
    Python's `x ** n` computes it)."""
    if seat == me:
        return 0.0
    since = void[me, seat, color]
    if since < 0:
        return 0.0
    return (1.0 - COLOR_SHARE) ** np.float64(since)


@njit(cache=True, inline="always")
def _kept(hands, seat, played, kind):
    """The copies of `kind` left in `seat`'s hand once `played` is played."""
    return hands[seat, kind] - (1 if kind == played else 0)


@njit(cache=True)
def _follow_value(hands, seat, played, kept_n, color, face):
    """`_follow_value` of the hand without `played` (`kept_n` cards), the colour `color` and
    a top card of face `face` (-1: a wild, only the colour counts)."""
    if kept_n == 0:
        return 0.0
    follow = 0
    for f in range(13):
        follow += _kept(hands, seat, played, color * 13 + f)
    if face >= 0:  # the same number or symbol in another colour
        for c in range(4):
            if c != color:
                follow += _kept(hands, seat, played, c * 13 + face)
    value = FLEX * follow * (1.0 + SMALL_HAND / kept_n)
    if kept_n == 1:
        if follow:
            value += LAST_FOLLOWS
        elif _kept(hands, seat, played, WILD) + _kept(hands, seat, played, WD4) > 0:
            value += WILD_LAST
    return value


@njit(cache=True)
def _color_for(hands, seat, played, kept_n, victim, void):
    """`_color_for`: the colour to name, with the hand left once `played` is played; `victim`
    -1 for none."""
    best = 0
    best_score = -1.0
    for c in range(4):
        score = _follow_value(hands, seat, played, kept_n, c, -1)
        if victim >= 0:
            score += DENY * _lacks(void, seat, victim, c)
        if score > best_score:
            best = c
            best_score = score
    return best


@njit(cache=True)
def first_color(hands, seat, size, void):
    """The colour named for a first Wild: the favourite of the whole hand."""
    return _color_for(hands, seat, -1, size, -1, void)


@njit(cache=True)
def _card_score(
    card, seat, hands, sizes, players, direction, nxt, weight, reverse_skips, seven_o, void
):
    """`_score`: a play of `card` (not the last card), as (score, colour, target)."""
    kept_n = sizes[seat] - 1
    face = _FACE[card]
    score = _POINTS[card] * weight
    after = nxt
    reverse = card < WILD and face == 11
    if (
        card == WD4
        or (card < WILD and (face == 10 or face == 12))
        or (reverse and players == 2 and reverse_skips)
    ):
        draws = 4 if card == WD4 else (2 if face == 12 else 0)
        score += _harm(nxt, seat, draws, True, sizes, players)
        after = _step(nxt, direction, players)
    elif reverse:
        back = _step(seat, -direction, players)
        score += _harm(nxt, seat, 0, True, sizes, players) - _harm(
            back, seat, 0, True, sizes, players
        )
        after = back
    if card >= WILD:
        color = _color_for(hands, seat, card, kept_n, after, void)
        score += _follow_value(hands, seat, card, kept_n, color, -1)
    else:
        color = _COLOR_OF[card]
        score += _follow_value(hands, seat, card, kept_n, color, face)
    score += DENY * _lacks(void, seat, after, color)
    target = -1
    if seven_o and card < WILD and face == 7:
        # The best exchange; among equals the smaller hand, then the first seat after this
        # one in seat order (the bot's `max` key).
        best_gain = 0.0
        for step in range(1, players):
            t = (seat + step) % players
            gain = _exchange(kept_n, sizes[t], kept_n, sizes[t])
            if target < 0 or gain > best_gain or (gain == best_gain and sizes[t] < sizes[target]):
                target = t
                best_gain = gain
        score += best_gain
    elif seven_o and card < WILD and face == 0:
        giver = _step(seat, -direction, players)
        score += _exchange(kept_n, sizes[nxt], kept_n, sizes[giver])
    return score, color, target


@njit(cache=True)
def best_play(
    seat,
    candidates,
    in_turn,
    hold_wilds,
    color,
    hands,
    masks,
    sizes,
    players,
    direction,
    match_scored,
    reverse_skips,
    seven_o,
    void,
    memory,
):
    """`_best`: the best play among the kinds in `candidates` (not empty) as (card, colour,
    target, score). `in_turn`: a wild is held back while a coloured card will do (with
    `hold_wilds`); `match_scored`: a game to a target score (points weigh more once an
    opponent is close to going out)."""
    size = sizes[seat]
    if size == 1:  # the last card goes out: its first variant
        card = _lowest_bit(candidates)
        return card, (0 if card >= WILD else _COLOR_OF[card]), -1, WIN
    nxt = _step(seat, direction, players)
    urgent = False
    for s in range(players):
        if s != seat and sizes[s] <= 2:
            urgent = True
    weight = POINTS_TIE + POINTS_URGENT if match_scored and urgent else POINTS_TIE
    best_card = -1
    best_color = 0
    best_target = -1
    best_score = 0.0
    colored_best = 0.0
    m = candidates & _COLORED
    while m != 0:
        card = _lowest_bit(m)
        score, c, t = _card_score(
            card, seat, hands, sizes, players, direction, nxt, weight, reverse_skips, seven_o,
            void,
        )  # fmt: skip
        if best_card < 0 or score > best_score:
            best_card, best_color, best_target, best_score = card, c, t, score
        m &= m - _ONE
    if best_card >= 0:
        colored_best = best_score
    hold = in_turn and hold_wilds and best_card >= 0 and colored_best >= DRAW_SCORE
    m = candidates & _WILDS
    while m != 0:
        card = _lowest_bit(m)
        score, c, t = _card_score(
            card, seat, hands, sizes, players, direction, nxt, weight, reverse_skips, seven_o,
            void,
        )  # fmt: skip
        if card == WD4 and (masks[seat] & _COLOR_MASKS[color]) != 0:  # a bluff
            caught = (memory[nxt, M_CHALLENGED] + 0.35 * 2) / (memory[nxt, M_FACED] + 2)
            score = (1.0 - caught) * score - caught * CAUGHT
        if hold:
            score -= HOLD_WILD_URGENT if urgent else HOLD_WILD
        if best_card < 0 or score > best_score:
            best_card, best_color, best_target, best_score = card, c, t, score
        m &= m - _ONE
    return best_card, best_color, best_target, best_score


@njit(cache=True)
def _unseen_share(seat, color, hands, sizes, discard, discard_n):
    """`_unseen_share`: the share of `color` among the cards `seat` has not seen."""
    total = DECK_SIZE - (discard_n + sizes[seat])
    if total <= 0:
        return COLOR_SHARE
    seen = 0
    for i in range(discard_n):
        if _COLOR_OF[discard[i]] == color:
            seen += 1
    for face in range(13):
        seen += hands[seat, color * 13 + face]
    return max(0.0, min(1.0, (_DECK_COLORS[color] - seen) / total))


@njit(cache=True)
def _bluff_chance(seat, player, color, hands, sizes, discard, discard_n, void, known, memory):
    """`_bluff_chance`: the chance that `player`'s Wild Draw Four, judged against `color`,
    was a bluff."""
    if player < 0 or color < 0:
        return 0.0
    for face in range(13):
        if known[seat, player, color * 13 + face] > 0:
            return 1.0
    unknown = sizes[player] - known[seat, player, KNOWN_TOTAL]
    since = void[seat, player, color]
    if since >= 0:
        unknown = min(unknown, since)
    share = _unseen_share(seat, color, hands, sizes, discard, discard_n)
    holds = 1.0 - (1.0 - share) ** np.float64(max(unknown, 0))
    caught = memory[player, M_BLUFFS]
    cleared = memory[player, M_HONEST]
    rate = (caught + 0.25 * 2) / (caught + cleared + 2)
    return holds * rate / (holds * rate + (1.0 - holds))


@njit(cache=True)
def respond(
    seat,
    stackable,
    can_challenge,
    bluff,
    challenge,
    threshold,
    color,
    player,
    judged_color,
    hands,
    masks,
    sizes,
    players,
    direction,
    discard,
    discard_n,
    void,
    known,
    memory,
):
    """`_respond` to a pending draw: (action kind, card, colour). A challenge that looks very
    likely to succeed first; else it stacks (a Draw Two before a Wild Draw Four); else it
    challenges above `threshold` or accepts. `player` played the Wild Draw Four, judged
    against `judged_color`."""
    chance = -1.0
    if can_challenge and challenge:
        chance = _bluff_chance(
            seat, player, judged_color, hands, sizes, discard, discard_n, void, known, memory
        )
        if chance > max(0.6, threshold):
            return A_CHALLENGE, -1, 0
    plays = stackable
    if not bluff and (masks[seat] & _COLOR_MASKS[color]) != 0:
        plays &= ~_WD4_BIT
    if plays != 0:
        others = plays & ~_WD4_BIT
        card = _lowest_bit(others) if others != 0 else WD4
        if card >= WILD:
            nxt = _step(seat, direction, players)
            return A_PLAY, card, _color_for(hands, seat, card, sizes[seat] - 1, nxt, void)
        return A_PLAY, card, _COLOR_OF[card]
    if can_challenge and chance > threshold:
        return A_CHALLENGE, -1, 0
    return A_ACCEPT, -1, 0
