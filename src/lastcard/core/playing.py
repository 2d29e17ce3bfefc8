"""A play: its checks (whose turn, which card, colour and targets) and its resolution
(RULES.md §3.2, §3.6), the handler of `ActionKind.PLAY` and the steps other handlers share with
it (a Mambo's lead resolves as a play; a Pirate window, once closed, takes the play's effect).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from .actions import Action, ActionKind
from .cards import Card, Kind
from .draft import Draft
from .effects import Play, Variant, advance
from .errors import IllegalActionError, illegal
from .events import Event, EventType
from .legal_moves import (
    COLOR_CODES,
    JOKER_COUNTS,
    MAMBO_PHASES,
    OVER_PHASES,
    RESPONSE_PHASES,
    declares_color,
    may_jump_in,
    optional_target,
    without,
)
from .matching import is_identical, is_wd4_legal, matches
from .scoring import end_hand
from .state import PendingChallenge, PendingPirate, Phase

Handler = Callable[[Draft, Variant, int, Action], None]
"""Resolves one kind of action on a draft, or raises the `IllegalActionError` that says why not."""


def not_your_turn(d: Draft, variant: Variant, seat: int, what: str) -> IllegalActionError:
    if variant.facts.allows_jump_in and what == "play":
        return illegal(
            "JUMP_IN_NOT_ALLOWED",
            f"seat {seat} may not play now: a jump-in needs the card identical to the top card, "
            "while a turn is awaited, by someone other than its player (§7.3)",
        )
    return illegal("NOT_YOUR_TURN", f"it is seat {d.to_act}'s decision, not seat {seat}'s (§3.1)")


def _play(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    card = action.card
    assert card is not None
    phase = d.phase
    hand = d.hands[seat]
    jump_in = False
    pirate = variant.facts.pirate
    if phase is Phase.AWAIT_TURN:
        if seat != d.turn:
            if not (may_jump_in(d, variant, seat) and is_identical(card, d.discard[-1])):
                raise not_your_turn(d, variant, seat, "play")
            jump_in = True
    elif phase is Phase.AFTER_DRAW:
        if seat != d.turn:
            raise not_your_turn(d, variant, seat, "play")
        if card not in hand:
            raise illegal("CARD_NOT_IN_HAND", f"seat {seat} holds no {card.code} (§3.2.1)")
        if card is not d.drawn and not variant.facts.table_mode and not pirate:
            raise illegal(
                "ONLY_DRAWN_CARD_MAY_BE_PLAYED",
                "after drawing only the drawn card may be played, or `keep` (§3.5.3)",
            )
    elif phase in RESPONSE_PHASES:
        if seat != d.to_act:
            raise not_your_turn(d, variant, seat, "play")
    else:  # AWAIT_FIRST_COLOR
        if seat == d.to_act:
            raise illegal(
                "RESPONSE_REQUIRED", "name the colour of the Wild first: `color c` (§2.4)"
            )
        raise not_your_turn(d, variant, seat, "play")
    if card not in hand:
        raise illegal("CARD_NOT_IN_HAND", f"seat {seat} holds no {card.code} (§3.2.1)")
    check_color(card, action)
    color = d.color
    assert color is not None
    cheat = False
    if phase in RESPONSE_PHASES:
        rule = variant.stack_rule
        if rule is None or not rule(card, d.discard[-1], color):
            raise illegal(
                "RESPONSE_REQUIRED",
                f"seat {seat} must respond to the pending draw: "
                + ("stack a qualifying card, " if rule else "")
                + (
                    "challenge or accept (§3.8)"
                    if phase is Phase.AWAIT_WD4_RESPONSE
                    else "accept (§7.1.6)"
                ),
            )
    elif (phase is Phase.AFTER_DRAW and card is not d.drawn) or not matches(
        card, d.discard[-1], color
    ):
        if pirate and not jump_in:
            cheat = True  # §7.6.3, §7.13.6: accepted, flagged for its player alone
        elif not variant.facts.table_mode or jump_in:
            raise illegal(
                "CARD_DOES_NOT_MATCH",
                f"{card.code} does not match {d.discard[-1].code} "
                f"with {color.name.lower()} current (§3.2)",
            )
        else:
            # §5.4.1: at a refereed table a wrong card is a mistake paid for, not an error.
            # The play must still be well formed (§5.4.2): the checks above, the target below.
            check_play_targets(d, variant, seat, action)
            _wrong_card(d, variant, seat, card)
            return
    legal = True
    if card.kind is Kind.WILD_DRAW_FOUR:
        legal = is_wd4_legal(without(hand, card), color)
        if not legal and not variant.facts.allows_wd4_bluff:
            raise illegal(
                "ILLEGAL_WILD_DRAW_FOUR",
                f"a Wild Draw Four needs a hand with no {color.name.lower()} card (§3.3.1)",
            )
    check_play_targets(d, variant, seat, action)
    if action.uno and len(hand) != 2:
        raise illegal(
            "NOTHING_TO_CALL", "Uno is called with the play of one's penultimate card (§4.1)"
        )
    on_turn = phase is Phase.AFTER_DRAW or (phase is Phase.AWAIT_TURN and not jump_in)
    resolve_play(d, variant, seat, action, legal, jump_in, cheat if on_turn else None)
    if on_turn:
        turn_taken(d, variant)  # a stacking answer and a jump-in are no turns (§3.11.4)


def check_color(card: Card, action: Action) -> None:
    """§3.2.6: a wild declares a colour (not the Mambo, §7.11.7), a coloured card none."""
    if declares_color(card):
        if action.color is None:
            raise illegal(
                "MISSING_COLOUR",
                f"a {card.code} needs a declared colour, e.g. {card.code}:r (§3.2.6)",
            )
    elif action.color is not None:
        what = "the Mambo declares no colour (§7.11.7)" if card.is_wild else "a coloured card"
        raise illegal("UNEXPECTED_COLOUR", f"{card.code} is {what}: declare no colour (§3.2.6)")


def _wrong_card(d: Draft, variant: Variant, seat: int, card: Card) -> None:
    """§5.4.1: the card goes back to the hand (it never left it here), the player draws 2 and
    the turn passes to next(p); nothing of the card takes effect.

    A wrong card is the player's turn, so it closes the catch window (§4.4) and counts for the
    turn limit. Decided here (RULES.md is silent): while nothing can be drawn it counts as a
    pass towards the blocked hand of §3.11.3, since the table is exactly as before it."""
    d.close_catch_window()
    d.emit(EventType.WRONG_CARD, seat=seat, card=card.code)
    got = d.draw(seat, 2, "wrong_card")
    d.drawn = None
    if got:
        d.passes = 0
    else:
        d.passes += 1
        if d.passes >= d.active_count:
            end_hand(d, None)
            turn_taken(d, variant)
            return
    advance(d, seat)
    turn_taken(d, variant)


def turn_taken(d: Draft, variant: Variant) -> None:
    """Count a turn of §3 (a play, a draw and what follows it, a pass) for §3.11.4: once the
    hand has lasted `turn_limit` turns it ends blocked (§3.11.3)."""
    if d.phase is Phase.AWAIT_PIRATE:
        return  # counted when the window closes, once the turn's outcome is known
    d.hand_turns += 1
    limit = variant.facts.turn_limit
    if limit is not None and d.hand_turns >= limit and d.phase not in OVER_PHASES:
        d.emit(EventType.TURN_LIMIT, turns=d.hand_turns, limit=limit)
        end_hand(d, None)


def _check_joker(d: Draft, seat: int, action: Action) -> None:
    """§7.11.6: 1 to 3 distinct other active seats, in increasing order, and a count 1 to 3."""
    targets, count = action.targets, action.count
    others = [s for s in range(d.players) if s != seat and d.active[s]]
    if (
        not isinstance(targets, tuple)
        or not 1 <= len(targets) <= 3
        or any(type(t) is not int or t not in others for t in targets)
        or list(targets) != sorted(set(targets))
        or action.target is not None
    ):
        raise illegal(
            "INVALID_TARGET",
            "a Joker names 1 to 3 other active seats and a count, e.g. "
            f"WJ:r>{others[0]}*2 (§7.11.6)",
        )
    if count not in JOKER_COUNTS:
        raise illegal("INVALID_TARGET", "a Joker makes each seat draw 1, 2 or 3: *1, *2 or *3")


def check_play_targets(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    card = action.card
    assert card is not None
    if card.kind is Kind.WILD_JOKER:
        _check_joker(d, seat, action)
        return
    if action.targets or action.count:
        raise illegal("INVALID_TARGET", f"{card.code} names no seats and no count (§7.11.6)")
    _check_target(d, variant, seat, card, action.target)


def _check_target(d: Draft, variant: Variant, seat: int, card: Card, target: int | None) -> None:
    if not variant.needs_target(card):
        if target is not None:
            raise illegal("INVALID_TARGET", f"{card.code} names no target here (§7.2)")
        return
    if target is None and (len(d.hands[seat]) == 1 or optional_target(variant, card)):
        return  # §7.2.4: a 7 that goes out needs no target; §7.6.1: nor does Pirate's 7
    if target is None or not 0 <= target < d.players or target == seat or not d.active[target]:
        raise illegal(
            "INVALID_TARGET",
            f"{card.code} must name another active seat, "
            f"e.g. {card.code}>{d.next_seat(seat)} (§7.2.1)",
        )


def resolve_play(
    d: Draft,
    variant: Variant,
    seat: int,
    action: Action,
    legal: bool,
    jump_in: bool,
    cheat: bool | None = None,
) -> None:
    """§3.6: place the card, set the colour, go out or apply the effect, then the Uno duty.

    Under Pirate an on-turn play (`cheat` not None) first opens the window of §7.6.4: the
    effect waits until everyone has let the play stand."""
    card = action.card
    assert card is not None
    d.close_catch_window()  # §4.4 (a), (b)
    if seat in d.uncaught:
        d.uncaught = tuple(s for s in d.uncaught if s != seat)
    d.take_from_hand(seat, card)
    d.discard = (*d.discard, card)
    color_before = d.color
    top_before = d.top_player
    d.color = action.color if card.is_wild else card.color
    if card.kind is Kind.WILD_MAMBO:
        d.color = color_before  # §7.11.7: no colour is declared; the lead will set one
    d.top_player = seat
    d.drawn = None
    d.challenge = None  # stacking on a WD4 gives up its challenge (§7.1.7)
    lead = action.kind is ActionKind.LEAD
    if (
        card.kind is Kind.WILD_DRAW_FOUR
        and variant.facts.allows_wd4_bluff
        and d.hands[seat]
        and not lead  # §7.11.7: a lead cannot be challenged
    ):
        d.challenge = PendingChallenge(seat, legal, d.hands[seat], color_before)
    assert d.color is not None
    d.emit(
        EventType.PLAY,
        seat=seat,
        card=card.code,
        color=COLOR_CODES[d.color],
        target=action.target,
        uno=action.uno,
        jump_in=jump_in,
    )
    d.turn = seat
    if cheat is not None and variant.facts.pirate:
        d.pirate = PendingPirate(
            cheat, color_before, top_before, action.target, action.uno, action.targets, action.count
        )
        d.phase = Phase.AWAIT_PIRATE
        d.to_act = d.next_seat(seat)
        d.events.append(
            Event(EventType.PIRATE_WINDOW, {"seat": seat}, {"cheat": cheat}, frozenset({seat}))
        )
        return
    d.passes = 0
    play = Play(seat, card, action.target, action.targets, action.count)
    take_effect(d, variant, play, action.uno, lead)


def take_effect(d: Draft, variant: Variant, play: Play, uno: bool, lead: bool = False) -> None:
    """§3.6 steps 3–5 for the card `play.player` has placed on top: go out or apply the
    effect, then the Uno duty."""
    seat, card = play.player, play.card
    if not d.hands[seat]:  # §6.1: out; only the draw part of the last card still happens
        d.challenge = None
        last = variant.last_card.get(card.kind)
        if last is not None:
            last(d, play)
        end_hand(d, seat)
        return
    penultimate = len(d.hands[seat]) == 1
    if lead and card.kind is Kind.WILD_DRAW_FOUR:
        variant.unchallenged_wd4(d, play)  # §7.11.7
    else:
        variant.effects[card.kind](d, play)
    # §4.1, §4.2: only playing one's penultimate card creates the duty, and only if the
    # player still holds one card once the card's own effect (a swap, a re-deal) is done.
    if penultimate and not uno:
        if d.phase is Phase.AWAIT_BLOCK:  # judged once the holder has answered
            assert d.block is not None
            d.block = dataclasses.replace(d.block, owes_uno=True)
        elif d.phase in MAMBO_PHASES:
            pass  # §7.11.7: the play resolves with its lead, which carries the duty
        elif len(d.hands[seat]) == 1:
            d.exposed = seat


HANDLERS: dict[ActionKind, Handler] = {ActionKind.PLAY: _play}
