"""The handlers of the official game's word actions (RULES.md §2–§6): `draw` and `keep`,
the answers to a pending draw (`accept`, `challenge`), the Uno calls (`uno`, `catch N`), the
colour of a first Wild (`color c`), table mode's `penalize N` and `next`.
"""

from __future__ import annotations

from .actions import Action, ActionKind
from .draft import Draft
from .effects import Variant, advance, penalise
from .errors import illegal, shown
from .events import Event, EventType, codes
from .legal_moves import RESPONSE_PHASES, has_legal_play, is_playable
from .playing import Handler, not_your_turn, turn_taken
from .scoring import end_hand
from .setup import next_hand
from .state import Phase


def _draw(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    phase = d.phase
    if phase in RESPONSE_PHASES and seat == d.to_act:
        # §7.1.5's "a draw counts as accept" is the `accept` action itself, which draws the
        # cards; a second code for it would be a second, unlisted answer to one question.
        raise illegal(
            "RESPONSE_REQUIRED", "take the pending draw with `accept`, which draws it (§7.1.5)"
        )
    if seat != d.turn or phase is Phase.AWAIT_FIRST_COLOR:
        if seat == d.to_act:
            raise illegal(
                "RESPONSE_REQUIRED", "name the colour of the Wild first: `color c` (§2.4)"
            )
        raise not_your_turn(d, variant, seat, "draw")
    if phase is Phase.AFTER_DRAW:
        raise illegal("DRAW_NOT_ALLOWED", "one card only: play the drawn card or `keep` (§3.4.3)")
    hand = d.hands[seat]
    has_play = has_legal_play(d, hand)
    if not d.can_draw():
        if has_play:
            raise illegal(
                "DRAW_NOT_ALLOWED",
                "no card can be drawn, so a player with a legal play must play (§3.11.2)",
            )
        d.close_catch_window()
        d.passes += 1
        d.emit(EventType.PASS, seat=seat)
        if d.passes >= d.active_count:  # §3.11.3: a full cycle of passes
            end_hand(d, None)
        else:
            advance(d, seat)
        turn_taken(d, variant)
        return
    if has_play and not variant.facts.allows_voluntary_draw:
        raise illegal(
            "DRAW_NOT_ALLOWED", "voluntary draws are off: play a card you can play (§3.4.2)"
        )
    d.close_catch_window()
    (card,) = d.draw(seat, 1, "turn")
    if is_playable(d, variant, d.hands[seat], card):  # §3.5.2: the drawn card may be played
        d.phase = Phase.AFTER_DRAW
        d.drawn = card
    else:  # §3.5.4
        advance(d, seat)
        turn_taken(d, variant)


def _keep(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.phase is Phase.AFTER_DRAW and seat != d.turn:
        raise illegal("NOT_YOUR_TURN", f"only seat {d.turn}, who drew, may keep the card (§3.5)")
    if d.phase is not Phase.AFTER_DRAW:
        raise illegal(
            "NOTHING_TO_KEEP", "`keep` follows a draw whose card could be played (§3.5.2)"
        )
    d.emit(EventType.KEEP, seat=seat)
    advance(d, seat)
    turn_taken(d, variant)


def _accept(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.phase not in RESPONSE_PHASES:
        raise illegal("NOTHING_TO_ACCEPT", "there is no pending draw to accept")
    if seat != d.to_act:
        raise illegal("NOT_YOUR_TURN", f"only seat {d.to_act} may accept the pending draw")
    d.close_catch_window()
    total, d.pending_draw = d.pending_draw, 0
    d.challenge = None
    d.emit(EventType.ACCEPT, seat=seat, count=total)
    penalise(d, seat, total, "accept")


def _challenge(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if not variant.facts.allows_wd4_bluff:
        raise illegal("OPTION_DISABLED", "challenges are off with wd4_bluffing = False (§3.3.4)")
    challenge = d.challenge
    if d.phase is not Phase.AWAIT_WD4_RESPONSE or challenge is None:
        raise illegal("NOT_THE_CHALLENGER", "there is no Wild Draw Four to challenge (§3.8)")
    if seat != d.to_act:
        raise illegal(
            "NOT_THE_CHALLENGER", f"only seat {d.to_act}, who must draw, may challenge (§3.8.1)"
        )
    d.close_catch_window()
    d.challenge = None
    succeeded = not challenge.legal
    d.events.append(
        Event(
            EventType.CHALLENGE,
            {"seat": seat, "player": challenge.player, "succeeded": succeeded},
            {"revealed": codes(challenge.hand)},  # §3.8.2: to the challenger only
            frozenset({seat}),
        )
    )
    if succeeded:  # §3.8.3, §7.1.7
        d.draw(challenge.player, 4, "challenge")
        d.pending_draw -= 4
        if d.pending_draw:
            d.await_response(Phase.AWAIT_STACK_RESPONSE, seat)
        else:
            d.give_turn(seat)
    else:  # §3.8.4
        total, d.pending_draw = d.pending_draw + 2, 0
        penalise(d, seat, total, "challenge")


def _call_uno(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.exposed != seat:
        raise illegal("NOTHING_TO_CALL", f"seat {seat} owes no Uno call (§4.7)")
    d.exposed = None
    d.emit(EventType.UNO, seat=seat)


def _catch(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    target = action.target
    if target is None or not 0 <= target < d.players or target == seat:
        raise illegal("CATCH_INVALID", "catch another seat that owes an Uno call (§4.6)")
    if target == d.exposed:
        d.exposed = None
        d.emit(EventType.CATCH, seat=seat, target=target)
        d.draw(target, 2, "uno_penalty")  # §4.5
        return
    if target in d.uncaught and len(d.hands[target]) == 1:
        raise illegal("CATCH_TOO_LATE", f"seat {target}'s catch window has closed (§4.4, §4.6)")
    raise illegal("CATCH_INVALID", f"seat {target} owes no Uno call (§4.6)")


def _color(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.phase is not Phase.AWAIT_FIRST_COLOR:
        raise illegal(
            "UNEXPECTED_COLOUR", "`color` names the colour of a Wild turned up first (§2.4)"
        )
    if seat != d.to_act:
        raise illegal("NOT_YOUR_TURN", f"seat {d.to_act} names the colour (§2.4)")
    d.color = action.color
    assert d.color is not None
    d.emit(EventType.COLOR, seat=seat, color=d.color.value.lower())
    d.give_turn(d.turn)


def _penalize(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§5.5.1: the referee makes a seat that suggested a play draw 2, at any time of the hand,
    turn order unchanged. Any seat may report it (the engine cannot hear who spoke), and
    nobody is offered it: it answers table talk, not a decision of the game."""
    if not variant.facts.table_mode:
        raise illegal(
            "OPTION_DISABLED", "`penalize` exists only in table mode (mode = 'table', §5.5.1)"
        )
    target = action.target
    if target is None or not 0 <= target < d.players or not d.active[target]:
        raise illegal("INVALID_TARGET", f"penalize an active seat, not {shown(target)} (§5.5.1)")
    d.emit(EventType.SUGGESTION_PENALTY, seat=target)
    if d.exposed == target:
        d.exposed = None  # it holds three cards now: no Uno is owed any more (§4.1)
    d.draw(target, 2, "suggestion")


def _next(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.phase is not Phase.HAND_OVER:
        raise illegal("HAND_NOT_OVER", "`next` deals the next hand once this one is over (§6.6)")
    next_hand(d)


HANDLERS: dict[ActionKind, Handler] = {
    ActionKind.DRAW: _draw,
    ActionKind.KEEP: _keep,
    ActionKind.ACCEPT: _accept,
    ActionKind.CHALLENGE: _challenge,
    ActionKind.UNO: _call_uno,
    ActionKind.CATCH: _catch,
    ActionKind.COLOR: _color,
    ActionKind.NEXT: _next,
    ActionKind.PENALIZE: _penalize,
}
