"""The answers of the phases house rules add, where one seat alone is asked: a discard round
(§7.11.4), the Pirate window (§7.6.4), Invisibility's block (§7.11.3) and the Mambo's gifts
and lead (§7.11.7); and `waits`, the refusal of anything else while such an answer is owed.
"""

from __future__ import annotations

from .actions import Action, ActionKind
from .draft import Draft
from .effects import Play, Variant, advance, ask_for_gift, ask_next_discarder
from .errors import IllegalActionError, illegal
from .events import Event, EventType
from .invisibility import INVISIBILITY, TURN_TAKING, resume
from .legal_moves import COLOR_CODES, OVER_PHASES, RESPONSE_PHASES
from .playing import (
    Handler,
    check_color,
    check_play_targets,
    resolve_play,
    take_effect,
    turn_taken,
)
from .scoring import end_hand
from .state import GameState, PendingPirate, Phase

# What each phase in which one seat alone decides waits for, and the rule that says so.
_ANSWERS = {
    Phase.AWAIT_DISCARD: ("a discard round", "`discard CARD` or `decline`", "§7.11.4"),
    Phase.AWAIT_PIRATE: ("the Pirate window", "`pass` or `cheat`", "§7.6.4"),
    Phase.AWAIT_GIFT: ("the Mambo", "`give CARD`", "§7.11.7"),
    Phase.AWAIT_LEAD: ("the Mambo", "`lead` and a card", "§7.11.7"),
    Phase.AWAIT_BLOCK: ("Invisibility", "`block c` or `allow`", "§7.11.3"),
}


def waits(state: GameState | Draft, seat: int) -> IllegalActionError:
    """The refusal of any other action while `to_act` owes the answer of its phase."""
    what, answers, rule = _ANSWERS[state.phase]
    if seat == state.to_act:
        return illegal("RESPONSE_REQUIRED", f"{what} asks seat {seat} first: {answers} ({rule})")
    return illegal(
        "NOT_YOUR_TURN", f"{what} waits on seat {state.to_act}, not seat {seat} ({rule})"
    )


def _discard(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§7.11.4: the card goes beneath the top card, face up and without effect; discarding
    down to one card owes Uno (§4.1). The round moves on to the next seat."""
    if d.phase is not Phase.AWAIT_DISCARD:
        raise illegal("NO_DISCARD_ROUND", "`discard` answers a discard round (§7.11.4)")
    if seat != d.to_act:
        raise waits(d, seat)
    card = action.card
    assert card is not None
    hand = d.hands[seat]
    if card not in hand:
        raise illegal("CARD_NOT_IN_HAND", f"seat {seat} holds no {card.code} (§7.11.4)")
    if len(hand) == 1:
        raise illegal(
            "CANNOT_DISCARD_LAST_CARD", "a discard round never takes a last card (§7.11.4)"
        )
    if action.uno and len(hand) != 2:
        raise illegal("NOTHING_TO_CALL", "Uno is called when discarding down to one card (§4.1)")
    d.close_catch_window()  # §4.4 (a): the seat due to act has acted
    if seat in d.uncaught:
        d.uncaught = tuple(s for s in d.uncaught if s != seat)
    d.take_from_hand(seat, card)
    d.discard = (*d.discard[:-1], card, d.discard[-1])
    d.emit(EventType.DISCARD, seat=seat, card=card.code, uno=action.uno)
    if len(d.hands[seat]) == 1 and not action.uno:
        d.exposed = seat
    _end_discard_turn(d, seat)


def _decline(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.phase is not Phase.AWAIT_DISCARD:
        raise illegal("NO_DISCARD_ROUND", "`decline` answers a discard round (§7.11.4)")
    if seat != d.to_act:
        raise waits(d, seat)
    d.close_catch_window()
    d.emit(EventType.DECLINE, seat=seat)
    _end_discard_turn(d, seat)


def _end_discard_turn(d: Draft, seat: int) -> None:
    player = d.turn
    if seat == player:  # the round ends with the player of the card
        advance(d, player)
    else:
        ask_next_discarder(d, player, d.next_seat(seat))


def _check_pirate_answer(d: Draft, variant: Variant, seat: int, what: str) -> PendingPirate:
    if not variant.facts.pirate:
        raise illegal("OPTION_DISABLED", f"`{what}` answers a play under Pirate rules (§7.6.4)")
    pending = d.pirate
    if d.phase is not Phase.AWAIT_PIRATE or pending is None:
        raise illegal("NO_PIRATE_WINDOW", f"`{what}` answers a play while its window is open")
    if seat != d.to_act:
        raise waits(d, seat)
    return pending


def _pirate_pass(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§7.6.4: the play stands as far as `seat` is concerned; the next seat is asked, and once
    every other seat has passed the play resolves as if legal."""
    _check_pirate_answer(d, variant, seat, "pass")
    d.emit(EventType.PIRATE_PASS, seat=seat)
    following = d.next_seat(seat)
    if following != d.turn:
        d.to_act = following
    else:
        _close_pirate_window(d, variant)


def _call_cheat(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§7.6.4: the first call closes the window. A cheat: the card goes back to its player,
    who draws 2 and whose turn ends, nothing of the card happening. A legal play: it stands
    and resolves, and the caller draws `pirate_false_call_penalty`."""
    pending = _check_pirate_answer(d, variant, seat, "cheat")
    player = d.turn
    d.emit(EventType.PIRATE_CALL, seat=seat, player=player, cheat=pending.cheat)
    if not pending.cheat:
        penalty = d.rules.pirate_false_call_penalty
        if penalty:
            d.draw(seat, penalty, "false_cheat_call")
        _close_pirate_window(d, variant)
        return
    card = d.discard[-1]
    d.discard = d.discard[:-1]
    d.hands[player] = (*d.hands[player], card)
    d.color, d.top_player = pending.color, pending.top_player
    d.challenge = None
    d.pirate = None
    d.draw(player, 2, "cheat")
    # Decided (RULES.md is silent): a caught cheat is a play the table saw, not a pass, so it
    # resets the passes of §3.11.3 even when nothing could be drawn. Unlike a table-mode
    # wrong card, a Pirate player may cheat every turn: counting the cheats as passes would
    # end as blocked every hand whose stock runs out, and a blocked hand scores nobody.
    d.passes = 0
    advance(d, player)
    turn_taken(d, variant)


def _close_pirate_window(d: Draft, variant: Variant) -> None:
    pending = d.pirate
    assert pending is not None
    d.pirate = None
    d.passes = 0
    d.phase = Phase.AWAIT_TURN  # until the effect says who acts next
    play = Play(d.turn, d.discard[-1], pending.target, pending.targets, pending.count)
    take_effect(d, variant, play, pending.uno)
    turn_taken(d, variant)


def _block(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§7.11.3: the Invisibility card goes from the holder's hand onto the pile with the colour
    it declares, and the effect on the holder is cancelled entirely: a whole pending total,
    which can then no longer be challenged. A block by the seat due to play next is its turn.
    Uno (§4.1) and going out (§6.1) apply as to any play."""
    phase = d.phase
    if phase is Phase.AWAIT_BLOCK:
        if seat != d.to_act:
            raise waits(d, seat)
    elif (
        phase in RESPONSE_PHASES
        and seat == d.to_act
        and variant.facts.theme_cards
        and d.top_player is not None  # a first discard was played by nobody
    ):
        pass
    else:
        raise illegal("NO_BLOCK", "`block` answers an effect aimed at the Invisibility's holder")
    hand = d.hands[seat]
    if INVISIBILITY not in hand:
        raise illegal("CARD_NOT_IN_HAND", f"seat {seat} holds no Invisibility card (§7.11.3)")
    if action.uno and len(hand) != 2:
        raise illegal("NOTHING_TO_CALL", "Uno is called with the play of one's penultimate card")
    turn = phase in RESPONSE_PHASES or (d.block is not None and d.block.what in TURN_TAKING)
    if turn:  # §4.4 (a): only the seat due to act closes the window by acting
        d.close_catch_window()
    d.uncaught = tuple(s for s in d.uncaught if s != seat)
    d.take_from_hand(seat, INVISIBILITY)
    d.discard = (*d.discard, INVISIBILITY)
    d.color = action.color
    d.top_player = seat
    d.passes = 0
    assert d.color is not None
    d.emit(EventType.BLOCK, seat=seat, color=COLOR_CODES[d.color], uno=action.uno)
    if not d.hands[seat]:  # §6.1: out
        d.block = None
        d.pending_draw = 0
        d.challenge = None
        end_hand(d, seat)
    elif phase is Phase.AWAIT_BLOCK:
        resume(d, blocked=True)
    else:
        d.pending_draw = 0
        d.challenge = None
        advance(d, seat)
    if len(d.hands[seat]) == 1 and not action.uno and d.phase not in OVER_PHASES:
        d.exposed = seat
    if turn:
        turn_taken(d, variant)


def _allow(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.phase is not Phase.AWAIT_BLOCK or d.block is None:
        raise illegal("NO_BLOCK", "`allow` answers an effect aimed at the Invisibility's holder")
    if seat != d.to_act:
        raise waits(d, seat)
    if d.block.what in TURN_TAKING:  # §4.4 (a): the seat due to act answers
        d.close_catch_window()
    d.emit(EventType.ALLOW, seat=seat)
    resume(d, blocked=False)  # being skipped or made to draw is no turn (§3.11.4)


def _give(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§7.11.7: one card of the player's choice to the seat whose gift is due."""
    if d.phase is not Phase.AWAIT_GIFT or d.gift_to is None:
        raise illegal("NO_MAMBO", "`give` follows a Mambo, one card to each seat in turn")
    if seat != d.to_act:
        raise waits(d, seat)
    card = action.card
    assert card is not None
    if card not in d.hands[seat]:
        raise illegal("CARD_NOT_IN_HAND", f"seat {seat} holds no {card.code} (§7.11.7)")
    target = d.gift_to
    d.take_from_hand(seat, card)
    d.hands[target] = (*d.hands[target], card)
    # A hand that grows owes no call: a missed one is no longer there to catch (§4.2).
    d.uncaught = tuple(s for s in d.uncaught if s != target)
    if d.exposed == target:
        d.exposed = None
    gift = Event(EventType.GIFT, {"seat": seat, "target": target}, {"given": card.code})
    d.events.append(gift._replace(secret_to=frozenset({seat})))
    ask_for_gift(d, seat, d.next_seat(target))


def _lead(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§7.11.7: any card, without matching; a wild declares its colour; the card acts as if
    played normally, but a Wild Draw Four can be neither illegal nor challenged."""
    if d.phase is not Phase.AWAIT_LEAD:
        raise illegal("NO_MAMBO", "`lead` follows a Mambo's gifts (§7.11.7)")
    if seat != d.to_act:
        raise waits(d, seat)
    card = action.card
    assert card is not None
    hand = d.hands[seat]
    if card not in hand:
        raise illegal("CARD_NOT_IN_HAND", f"seat {seat} holds no {card.code} (§7.11.7)")
    check_color(card, action)
    check_play_targets(d, variant, seat, action)
    if action.uno and len(hand) != 2:
        raise illegal(
            "NOTHING_TO_CALL", "Uno is called with the play of one's penultimate card (§4.1)"
        )
    d.emit(EventType.LEAD, seat=seat)
    resolve_play(d, variant, seat, action, True, False)


HANDLERS: dict[ActionKind, Handler] = {
    ActionKind.DISCARD: _discard,
    ActionKind.DECLINE: _decline,
    ActionKind.PASS: _pirate_pass,
    ActionKind.CHEAT: _call_cheat,
    ActionKind.GIVE: _give,
    ActionKind.LEAD: _lead,
    ActionKind.BLOCK: _block,
    ActionKind.ALLOW: _allow,
}
