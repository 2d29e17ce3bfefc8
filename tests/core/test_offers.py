"""`lastcard.core.offers`: who may do what now — the decision and the out-of-turn offers.

Named after the rules that make an action out of turn: §4.3 (a late Uno call), §4.6 (a catch),
§7.3 (jump-in; §7.3.1: never with a wild-type card), §6.6 (between hands anyone deals on).
"""

from __future__ import annotations

import dataclasses

import lastcard
from lastcard import Rules, all_offers, legal_actions, out_of_turn_actions, seat_actions


def test_4_3_4_6_exposed_seat_may_call_late_and_others_may_catch() -> None:
    state = lastcard.new_game(3, seed=1)
    assert all(out_of_turn_actions(state, seat) == () for seat in range(3))
    exposed = dataclasses.replace(state, exposed=1)
    others = [seat for seat in range(3) if seat not in (1, exposed.to_act)]
    for seat in others:
        assert [a.code for a in out_of_turn_actions(exposed, seat)] == ["catch 1"]
    if exposed.to_act != 1:
        assert [a.code for a in out_of_turn_actions(exposed, 1)] == ["uno"]
    assert exposed.to_act is not None
    assert out_of_turn_actions(exposed, exposed.to_act) == ()  # a decision, not an offer


def _wild_on_top(card: str) -> lastcard.GameState:
    c = lastcard.Card.from_code
    state = lastcard.new_game(3, Rules(jump_in=True), seed=1, dealer=0)
    return dataclasses.replace(
        state,
        hands=((*state.hands[0][:6], c(card)), state.hands[1], state.hands[2]),
        discard=(c(card),),
        color=lastcard.Color.RED,
        phase=lastcard.Phase.AWAIT_TURN,
        turn=1,
        to_act=1,
        top_player=2,
    )


def test_7_3_1_wild_jump_ins_are_never_offered() -> None:
    """A seat holding the same wild as the top card is offered nothing."""
    assert out_of_turn_actions(_wild_on_top("W"), 0) == ()


def test_7_3_an_identical_coloured_card_is_offered_as_a_jump_in() -> None:
    state = _wild_on_top("G7")
    assert [a.code for a in out_of_turn_actions(state, 0)] == ["G7"]


def test_all_offers_lists_the_decision_and_every_seats_offers() -> None:
    state = lastcard.new_game(4, seed=3)
    assert state.to_act is not None
    exposed_seat = (state.to_act + 2) % 4
    state = dataclasses.replace(state, exposed=exposed_seat)
    offers = all_offers(state)
    assert offers.to_act == state.to_act
    assert offers.decision == legal_actions(state, state.to_act)
    assert not offers.next_hand
    for seat in range(4):
        assert offers.for_seat(seat) == seat_actions(state, seat)
        if seat != state.to_act:
            assert offers.for_seat(seat) == out_of_turn_actions(state, seat)
    assert [seat for seat, _ in offers.out_of_turn] == sorted(
        seat for seat in range(4) if seat != state.to_act
    )


def test_6_6_between_hands_any_seat_may_deal_on_and_after_the_game_nobody_acts() -> None:
    from lastcard.sim import play_game

    _, final = play_game(["eager"] * 2, Rules(target_score=None), seed=4)
    assert final.is_over
    assert all_offers(final).for_seat(0) == () and seat_actions(final, 1) == ()
    between = dataclasses.replace(final, phase=lastcard.Phase.HAND_OVER)
    assert all([a.code for a in seat_actions(between, seat)] == ["next"] for seat in range(2))
    assert all_offers(between).next_hand
    assert seat_actions(between, 7) == ()
