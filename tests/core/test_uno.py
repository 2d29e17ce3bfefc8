"""Calling "Uno" and catching a missed call: E32–E39 (RULES.md §4).

Seats: A = 0, B = 1, C = 2, D = 3; A is to play, red is current (top card R5) unless stated.
"""

from __future__ import annotations

from typing import Any

import pytest

from lastcard import GameState, Phase, Rules, apply
from positions import (
    action_codes,
    codes_of,
    event_data,
    event_types,
    position,
    rejected,
    run,
    sizes,
)

STOCK = "Y4 Y6 Y7 Y8 Y9 G9 B9"  # the next cards drawn, first drawn first; none plays on red


def table(
    a: str = "R3 G7",
    b: str = "B1 B2 B3",
    discard: str = "B5 R5",
    rules: Rules | None = None,
    **kw: Any,
) -> GameState:
    """Four players; A holds `a`, B holds `b`, C and D hold no red card."""
    kw.setdefault("stock_top", STOCK)
    return position([a, b, "Y1 Y2 Y3", "G1 G2 G3"], discard, rules=rules, **kw)


def missed() -> GameState:
    """A has played the penultimate card (R3) without calling: A is exposed, B is due."""
    return apply(table(), 0, "R3").state


# -- calling with the play (4.3) ------------------------------------------------------------------


def test_rule_4_3_call_with_the_play() -> None:
    state = table()
    assert action_codes(state, 0) == ["R3", "R3!", "draw"]
    t = apply(state, 0, "R3!")
    after = t.state
    assert event_data(t, "play")[0]["uno"] is True
    assert after.exposed is None
    assert sizes(after) == [1, 3, 3, 3]
    assert after.turn == 1
    for seat in (1, 2, 3):
        assert "catch 0" not in action_codes(after, seat)
        rejected(after, seat, "catch 0", "CATCH_INVALID")
    rejected(after, 0, "uno", "NOTHING_TO_CALL")


def test_engine_decision_call_with_the_play_only_on_the_penultimate_card() -> None:
    state = table(a="R3 G7 B9")
    rejected(state, 0, "R3!", "NOTHING_TO_CALL")
    assert "R3!" not in action_codes(state, 0)
    # Not with the last card either: no obligation can result.
    last = table(a="R3")
    rejected(last, 0, "R3!", "NOTHING_TO_CALL")


# -- E32: a catch before the next player acts ------------------------------------------------


def test_e32_catch_before_the_next_player_acts() -> None:
    state = missed()
    assert state.exposed == 0
    assert state.turn == state.to_act == 1
    assert event_data(apply(table(), 0, "R3"), "play")[0]["uno"] is False
    for seat in (1, 2, 3):
        assert action_codes(state, seat)[-1] == "catch 0"
    assert action_codes(state, 0) == ["uno"]
    t = apply(state, 3, "catch 0")
    after = t.state
    assert codes_of(after.hands[0]) == ["G7", "Y4", "Y6"]
    assert sizes(after) == [3, 3, 3, 3]
    assert after.exposed is None
    # The catch is not B's turn: B is still to act.
    assert after.phase is Phase.AWAIT_TURN
    assert after.turn == after.to_act == 1
    assert event_types(t) == ["catch", "draw"]
    assert event_data(t, "catch") == [{"seat": 3, "target": 0}]
    (draw,) = event_data(t, "draw")
    assert (draw["seat"], draw["count"], draw["reason"]) == (0, 2, "uno_penalty")
    # §4.5: one omission is penalised at most once.
    rejected(after, 2, "catch 0", "CATCH_INVALID")
    rejected(after, 0, "uno", "NOTHING_TO_CALL")


@pytest.mark.parametrize("catcher", [1, 2, 3])
def test_rule_4_4_any_other_player_may_catch(catcher: int) -> None:
    after = apply(missed(), catcher, "catch 0").state
    assert len(after.hands[0]) == 3
    assert after.turn == after.to_act == 1
    assert after.phase is Phase.AWAIT_TURN


def test_rule_4_5_penalty_with_a_short_stock_rebuilds() -> None:
    state = table(stock=[], discard="G4 B6 R5")
    played = apply(state, 0, "R3").state
    t = apply(played, 2, "catch 0")
    after = t.state
    assert event_types(t) == ["catch", "reshuffle", "draw"]
    assert len(after.hands[0]) == 3
    assert len(after.stock) == 1
    assert codes_of(after.discard) == ["R3"]


def test_rule_4_5_penalty_forfeits_what_cannot_be_drawn() -> None:
    state = table(stock=[], discard="R5")
    played = apply(state, 0, "R3").state
    t = apply(played, 2, "catch 0")
    (draw,) = event_data(t, "draw")
    assert (draw["count"], draw["owed"]) == (1, 2)
    assert codes_of(t.state.hands[0]) == ["G7", "R5"]
    assert t.state.exposed is None


# -- E33: too late --------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["draw", "R9"])
def test_e33_catch_too_late_once_the_next_player_acted(action: str) -> None:
    state = apply(table(b="B1 B2 R9"), 0, "R3").state
    assert state.exposed == 0
    after = apply(state, 1, action).state
    assert after.exposed is None
    assert after.turn == 2
    for seat in (1, 2, 3):
        assert "catch 0" not in action_codes(after, seat)
        rejected(after, seat, "catch 0", "CATCH_TOO_LATE")
    # Too late to call, too: there is nothing left to call.
    rejected(after, 0, "uno", "NOTHING_TO_CALL")
    # Still too late a whole round later, while A holds one card.
    later = run(after, (2, "draw"), (3, "draw")).state
    assert later.turn == 0
    assert len(later.hands[0]) == 1
    rejected(later, 1, "catch 0", "CATCH_TOO_LATE")


def test_e33_too_late_after_a_draw_that_can_be_played() -> None:
    # B draws a playable card: the window closed with the draw, before any play or keep.
    state = table(stock_top="R9")
    after = run(state, (0, "R3"), (1, "draw")).state
    assert after.phase is Phase.AFTER_DRAW
    rejected(after, 2, "catch 0", "CATCH_TOO_LATE")
    kept = apply(after, 1, "keep").state
    rejected(kept, 2, "catch 0", "CATCH_TOO_LATE")


# -- E34: a separate call -------------------------------------------------------------------------


def test_e34_separate_call_before_any_catch_protects() -> None:
    state = missed()
    # A calls while B is due: a call is not bound to one's own turn.
    t = apply(state, 0, "uno")
    after = t.state
    assert event_types(t) == ["uno"]
    assert event_data(t, "uno") == [{"seat": 0}]
    assert after.exposed is None
    assert after.turn == after.to_act == 1
    assert sizes(after) == [1, 3, 3, 3]
    for seat in (1, 2, 3):
        rejected(after, seat, "catch 0", "CATCH_INVALID")
    rejected(after, 0, "uno", "NOTHING_TO_CALL")


# -- invalid catches and calls (4.6, 4.7) -------------------------------------------------------


def test_rule_4_6_invalid_catches_change_nothing_and_cost_nothing() -> None:
    state = missed()
    rejected(state, 0, "catch 0", "CATCH_INVALID")  # oneself
    rejected(state, 2, "catch 1", "CATCH_INVALID")  # B holds 3 cards
    rejected(state, 2, "catch 3", "CATCH_INVALID")
    rejected(state, 2, "catch 9", "CATCH_INVALID")  # no such seat
    # The window is still open: a correct catch still works.
    assert len(apply(state, 2, "catch 0").state.hands[0]) == 3


def test_rule_4_6_catch_with_nobody_exposed() -> None:
    state = table()
    for target in (0, 1, 2, 3):
        for seat in (0, 1, 2, 3):
            if seat != target:
                rejected(state, seat, f"catch {target}", "CATCH_INVALID")


def test_rule_4_7_call_without_an_obligation() -> None:
    state = table()
    for seat in (0, 1, 2, 3):
        rejected(state, seat, "uno", "NOTHING_TO_CALL")
    exposed = missed()
    for seat in (1, 2, 3):
        rejected(exposed, seat, "uno", "NOTHING_TO_CALL")


# -- E35: automatic effects do not close the window -------------------------------------------


@pytest.mark.parametrize("catcher", [1, 3])
def test_e35_draw_two_penultimate_window_open_until_c_acts(catcher: int) -> None:
    state = table(a="R+2 G7")
    t = apply(state, 0, "R+2")
    after = t.state
    assert codes_of(after.hands[1]) == ["B1", "B2", "B3", "Y4", "Y6"]
    assert event_data(t, "skip") == [{"seat": 1}]
    assert after.turn == after.to_act == 2
    assert after.exposed == 0
    # B, who was made to draw and skipped, may still catch (3.6.7), as may D.
    caught = apply(after, catcher, "catch 0").state
    assert codes_of(caught.hands[0]) == ["G7", "Y7", "Y8"]
    assert caught.turn == caught.to_act == 2


def test_e35_window_closes_when_c_acts() -> None:
    after = run(table(a="R+2 G7"), (0, "R+2"), (2, "draw")).state
    assert after.turn == 3
    rejected(after, 1, "catch 0", "CATCH_TOO_LATE")
    rejected(after, 3, "catch 0", "CATCH_TOO_LATE")


def test_rule_4_4_skip_penultimate_skipped_player_may_catch() -> None:
    after = apply(table(a="RS G7"), 0, "RS").state
    assert after.turn == 2
    assert after.exposed == 0
    caught = apply(after, 1, "catch 0").state
    assert len(caught.hands[0]) == 3
    assert caught.turn == caught.to_act == 2


# -- E36: a WD4 response closes the window ------------------------------------------------------


def wd4_missed() -> GameState:
    state = apply(table(a="W+4 G7"), 0, "W+4:g").state
    assert state.phase is Phase.AWAIT_WD4_RESPONSE
    assert state.exposed == 0
    return state


def test_e36_catch_during_the_wd4_response() -> None:
    caught = apply(wd4_missed(), 2, "catch 0").state
    assert len(caught.hands[0]) == 3
    assert caught.phase is Phase.AWAIT_WD4_RESPONSE
    assert caught.to_act == 1
    assert caught.pending_draw == 4


def test_rule_4_3_call_during_the_wd4_response_protects() -> None:
    called = apply(wd4_missed(), 0, "uno").state
    assert called.exposed is None
    assert called.phase is Phase.AWAIT_WD4_RESPONSE
    assert called.to_act == 1
    rejected(called, 2, "catch 0", "CATCH_INVALID")


@pytest.mark.parametrize("response", ["accept", "challenge"])
def test_e36_accept_or_challenge_closes_the_window(response: str) -> None:
    after = apply(wd4_missed(), 1, response).state
    assert after.turn == 2  # the legal WD4: B draws 4 or 6 and is skipped
    assert len(after.hands[0]) == 1
    for seat in (1, 2, 3):
        rejected(after, seat, "catch 0", "CATCH_TOO_LATE")


def test_rule_4_4_a_stacking_play_closes_the_window() -> None:
    rules = Rules(stacking="same")
    state = table(a="R+2 G7", b="B+2 B2 B3", rules=rules)
    played = apply(state, 0, "R+2").state
    assert played.phase is Phase.AWAIT_STACK_RESPONSE
    assert played.exposed == 0
    stacked = apply(played, 1, "B+2").state
    assert stacked.to_act == 2
    rejected(stacked, 3, "catch 0", "CATCH_TOO_LATE")


def test_rule_4_4_a_pass_closes_the_window() -> None:
    # Built directly: A owes a call, nothing can be drawn and B cannot play, so B passes.
    state = position(
        ["G7", "B1 B2", "Y1 Y2", "G1 G2"], "R3", stock=[], turn=1, exposed=0, top_player=0
    )
    # The window is open (the penalty itself is forfeited: nothing can be drawn, 3.7.2).
    assert event_data(apply(state, 2, "catch 0"), "catch") == [{"seat": 2, "target": 0}]
    after = apply(state, 1, "draw").state
    assert after.passes == 1
    rejected(after, 2, "catch 0", "CATCH_TOO_LATE")


def test_rule_4_4_a_only_the_player_due_to_act_closes_the_window() -> None:
    state = missed()
    # Rejected actions by others change nothing, the window included.
    rejected(state, 2, "Y1", "NOT_YOUR_TURN")
    rejected(state, 1, "B1", "CARD_DOES_NOT_MATCH")
    assert state.exposed == 0


# -- 4.4 (b): a jump-in ----------------------------------------------------------------------------


def test_rule_4_4_b_jump_in_closes_the_window() -> None:
    rules = Rules(jump_in=True)
    state = position(
        ["R3 G7", "B1 B2 B3", "R3 Y2 Y3", "G1 G2 G3"], "B5 R5", rules=rules, stock_top=STOCK
    )
    played = apply(state, 0, "R3").state
    assert played.exposed == 0
    t = apply(played, 2, "R3")
    jumped = t.state
    assert event_data(t, "play")[0]["jump_in"] is True
    assert jumped.turn == 3
    for seat in (1, 3):
        rejected(jumped, seat, "catch 0", "CATCH_TOO_LATE")


# -- 4.4 (c): the end of the hand ------------------------------------------------------------------


def test_rule_4_4_c_hand_end_closes_the_window() -> None:
    # Two players: A plays a penultimate Skip without calling, plays again and goes out.
    state = position(["RS R3", "B1 B2"], "R5", stock_top=STOCK)
    skipped = apply(state, 0, "RS").state
    assert skipped.exposed == 0
    assert skipped.turn == 0
    out = apply(skipped, 0, "R3").state
    assert out.phase is Phase.HAND_OVER
    assert out.exposed is None
    assert out.history[-1].went_out == 0
    rejected(out, 1, "catch 0", "HAND_IS_OVER")


def test_rule_4_4_c_another_player_going_out_ends_the_window() -> None:
    state = position(["R3 G7", "R9", "Y1 Y2"], "R5", stock_top=STOCK)
    out = run(state, (0, "R3"), (1, "R9")).state
    assert out.phase is Phase.HAND_OVER
    assert out.history[-1].went_out == 1
    assert out.exposed is None
    rejected(out, 2, "catch 0", "HAND_IS_OVER")


# -- E37, 4.8: going out ---------------------------------------------------------------------------


def test_e37_caught_player_holds_three_and_cannot_go_out() -> None:
    state = position(["R3 R4", "B1 B2"], "R5", stock_top=STOCK)
    caught = run(state, (0, "R3"), (1, "catch 0")).state
    assert codes_of(caught.hands[0]) == ["R4", "Y4", "Y6"]
    rejected(caught, 0, "uno", "NOTHING_TO_CALL")
    # B draws (Y7 does not play on R3); A plays one card and still holds two.
    back = apply(caught, 1, "draw").state
    assert back.turn == 0
    after = apply(back, 0, "R4").state
    assert after.phase is Phase.AWAIT_TURN
    assert len(after.hands[0]) == 2
    assert after.exposed is None


def test_rule_4_8_go_out_without_calling_if_not_caught() -> None:
    state = position(["R3 R4", "B1 B2"], "R5", stock_top=STOCK)
    back = run(state, (0, "R3"), (1, "draw")).state
    assert back.turn == 0
    rejected(back, 1, "catch 0", "CATCH_TOO_LATE")
    out = apply(back, 0, "R4").state
    assert out.phase is Phase.HAND_OVER
    assert out.history[-1].went_out == 0
    assert out.scores == (1 + 2 + 4, 0)  # B drew Y4


# -- E38: two players -----------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["RS", "RR", "R+2"])
def test_e38_two_players_penultimate_action_card_without_a_call(card: str) -> None:
    state = position([f"{card} G7", "B1 B2"], "R5", stock_top=STOCK)
    after = apply(state, 0, card).state
    assert after.turn == after.to_act == 0
    assert after.exposed == 0
    b_size = 4 if card == "R+2" else 2
    assert sizes(after) == [1, b_size]
    caught = apply(after, 1, "catch 0").state
    assert len(caught.hands[0]) == 3
    assert caught.turn == caught.to_act == 0


def test_e38_two_players_own_next_action_closes_the_window() -> None:
    state = position(["RS G7", "B1 B2"], "R5", stock_top=STOCK)
    after = run(state, (0, "RS"), (0, "draw")).state  # Y4 does not play on the red Skip
    assert after.turn == 1
    assert after.exposed is None
    assert codes_of(after.hands[0]) == ["G7", "Y4"]
    rejected(after, 1, "catch 0", "CATCH_INVALID")  # A no longer holds one card
    rejected(after, 0, "uno", "NOTHING_TO_CALL")


# -- E39, 4.9: draw-then-play and fresh obligations ----------------------------------------------


def test_e39_drawn_card_played_down_to_one_owes_the_call() -> None:
    state = table(a="G7", stock_top="R9 Y4 Y6")
    drawn = apply(state, 0, "draw").state
    assert drawn.phase is Phase.AFTER_DRAW
    assert action_codes(drawn, 0) == ["R9", "R9!", "keep"]
    played = apply(drawn, 0, "R9").state
    assert played.exposed == 0
    assert codes_of(played.hands[0]) == ["G7"]
    caught = apply(played, 2, "catch 0").state
    assert codes_of(caught.hands[0]) == ["G7", "Y4", "Y6"]


def test_e39_drawn_card_played_with_the_call() -> None:
    state = table(a="G7", stock_top="R9")
    played = run(state, (0, "draw"), (0, "R9!")).state
    assert played.exposed is None
    rejected(played, 2, "catch 0", "CATCH_INVALID")


def test_rule_4_9_the_obligation_arises_anew() -> None:
    # A calls with the penultimate card; later A draws and plays again down to one card without
    # calling: a new, catchable omission.
    state = table(stock_top="Y4 Y6 Y7 R9 Y8 Y9")
    after = run(
        state, (0, "R3!"), (1, "draw"), (2, "draw"), (3, "draw"), (0, "draw"), (0, "R9")
    ).state
    assert codes_of(after.hands[0]) == ["G7"]
    assert after.exposed == 0
    caught = apply(after, 3, "catch 0").state
    assert codes_of(caught.hands[0]) == ["G7", "Y8", "Y9"]


def test_rule_4_4_a_next_player_playing_down_to_one_is_the_new_exposure() -> None:
    state = table(b="R9 B1")
    after = run(state, (0, "R3"), (1, "R9")).state
    assert after.exposed == 1
    assert action_codes(after, 2)[-1] == "catch 1"
    caught = apply(after, 2, "catch 1").state
    assert codes_of(caught.hands[1]) == ["B1", "Y4", "Y6"]


def test_rule_4_6_earlier_window_stays_too_late_after_a_new_exposure() -> None:
    # A missed the call and B's play closed A's window; B also missed the call. A still holds
    # one card and missed the call: catching A is too late (CATCH_TOO_LATE), not "invalid".
    state = table(b="R9 B1")
    after = run(state, (0, "R3"), (1, "R9")).state
    rejected(after, 2, "catch 0", "CATCH_TOO_LATE")


def test_rule_4_2_no_obligation_when_not_by_ones_own_play() -> None:
    # B holds one card from the start (no play of B's made it so): nothing to catch or call.
    state = table(b="B1")
    for seat in (0, 2, 3):
        rejected(state, seat, "catch 1", "CATCH_INVALID")
    rejected(state, 1, "uno", "NOTHING_TO_CALL")
