"""Challenging a Wild Draw Four: E22–E26 (RULES.md §3.3.4, §3.3.5, §3.8, §6.1.3).

Seats: A = 0, B = 1, C = 2; A is to play, red is current (top card R5) unless stated.
"""

from __future__ import annotations

import pytest

from lastcard import Color, GameState, Phase, Rules, apply, legal_actions, player_view
from positions import (
    action_codes,
    cards,
    codes_of,
    event_data,
    event_types,
    position,
    rejected,
    run,
    sizes,
)

PENALTY = "Y5 Y6 Y7 Y8 Y9 G9"  # the next cards of the stock, first drawn first


def bluff(players: int = 3, rules: Rules | None = None) -> GameState:
    """A holds a red card (red current) and plays W+4 declaring blue: an illegal WD4."""
    hands = ["W+4 R3 G7", "B1 R9 Y2", "G1 G2"][:players]
    state = position(hands, "B5 R5", rules=rules, stock_top=PENALTY)
    return apply(state, 0, "W+4:b").state


def legal_wd4(players: int = 3) -> GameState:
    """A holds no red card and plays W+4 declaring blue: a legal WD4."""
    hands = ["W+4 G3 B7", "B1 R9 Y2", "G1 G2"][:players]
    state = position(hands, "B5 R5", stock_top=PENALTY)
    return apply(state, 0, "W+4:b").state


# -- the pending response -----------------------------------------------------------------------


def test_rule_3_6_6_wd4_waits_for_the_victims_response() -> None:
    state = bluff()
    assert state.phase is Phase.AWAIT_WD4_RESPONSE
    assert state.turn == state.to_act == 1
    assert state.pending_draw == 4
    assert state.color is Color.BLUE
    assert state.top.code == "W+4"
    assert sizes(state) == [2, 3, 2]
    assert state.challenge is not None
    assert state.challenge.player == 0
    assert state.challenge.legal is False
    assert codes_of(state.challenge.hand) == ["R3", "G7"]
    assert action_codes(state, 1) == ["challenge", "accept"]
    assert action_codes(state, 0) == []
    assert action_codes(state, 2) == []


# -- E22: the challenger wins --------------------------------------------------------------------


def test_e22_challenger_wins() -> None:
    state = bluff()
    stock_before = len(state.stock)
    discard_before = state.discard
    t = apply(state, 1, "challenge")
    after = t.state
    # §3.8.3: A draws 4, B draws nothing and takes a normal turn.
    assert codes_of(after.hands[0]) == ["R3", "G7", "Y5", "Y6", "Y7", "Y8"]
    assert codes_of(after.hands[1]) == ["B1", "R9", "Y2"]
    assert codes_of(after.hands[2]) == ["G1", "G2"]
    assert len(after.stock) == stock_before - 4
    assert after.phase is Phase.AWAIT_TURN
    assert after.turn == after.to_act == 1
    assert after.pending_draw == 0
    assert after.challenge is None
    # §3.8.5: the WD4 stays on top and its declared colour stays in force.
    assert after.discard == discard_before
    assert after.top.code == "W+4"
    assert after.color is Color.BLUE
    assert event_types(t) == ["challenge", "draw"]
    assert event_data(t, "challenge") == [
        {"seat": 1, "player": 0, "succeeded": True, "revealed": ["R3", "G7"]}
    ]
    assert event_data(t, "draw") == [
        {
            "seat": 0,
            "count": 4,
            "reason": "challenge",
            "owed": 4,
            "cards": ["Y5", "Y6", "Y7", "Y8"],
        }
    ]
    assert after.deck_size == state.deck_size == 108


def test_e22_challenger_must_then_match_the_declared_colour() -> None:
    after = apply(bluff(), 1, "challenge").state
    rejected(after, 1, "R9", "CARD_DOES_NOT_MATCH")
    rejected(after, 1, "Y2", "CARD_DOES_NOT_MATCH")
    assert action_codes(after, 1) == ["B1", "draw"]
    played = apply(after, 1, "B1").state
    assert played.top.code == "B1"
    assert played.phase is Phase.AWAIT_TURN
    assert played.turn == 2


def test_e22_revealed_hand_visible_only_to_the_challenger() -> None:
    t = apply(bluff(), 1, "challenge")
    (event,) = [e for e in t.events if e.type == "challenge"]
    public = {"type": "challenge", "seat": 1, "player": 0, "succeeded": True}
    assert event.to_dict() == {**public, "revealed": ["R3", "G7"]}
    assert event.redact(1).to_dict() == {**public, "revealed": ["R3", "G7"]}
    assert event.redact(0).to_dict() == public
    assert event.redact(2).to_dict() == public
    assert event.redact(None).to_dict() == public
    # The cards A drew are A's secret: the challenger only learns their number.
    (draw,) = [e for e in t.events if e.type == "draw"]
    assert draw.redact(0).to_dict()["cards"] == ["Y5", "Y6", "Y7", "Y8"]
    assert "cards" not in draw.redact(1).to_dict()
    assert draw.redact(1).to_dict()["count"] == 4


def test_rule_3_8_2_failed_challenge_also_reveals_only_to_the_challenger() -> None:
    t = apply(legal_wd4(), 1, "challenge")
    (event,) = [e for e in t.events if e.type == "challenge"]
    public = {"type": "challenge", "seat": 1, "player": 0, "succeeded": False}
    assert event.redact(1).to_dict() == {**public, "revealed": ["G3", "B7"]}
    for seat in (0, 2, None):
        assert event.redact(seat).to_dict() == public


def test_rule_3_8_2_revealed_hand_is_the_hand_when_the_wd4_was_played() -> None:
    # A plays the penultimate card, a bluff W+4, without calling Uno; C catches A (A draws 2)
    # before B challenges. The reveal shows A's hand at the time of the WD4, minus the WD4.
    state = position(["W+4 R3", "B1 R9 Y2", "G1 G2"], "R5", stock_top=PENALTY)
    t = run(state, (0, "W+4:b"), (2, "catch 0"), (1, "challenge"))
    (event,) = event_data(t, "challenge")
    assert event == {"seat": 1, "player": 0, "succeeded": True, "revealed": ["R3"]}
    assert codes_of(t.state.hands[0]) == ["R3", "Y5", "Y6", "Y7", "Y8", "Y9", "G9"]
    assert t.state.turn == t.state.to_act == 1
    assert t.state.phase is Phase.AWAIT_TURN


@pytest.mark.parametrize(
    ("hand", "declared", "legal"),
    [
        # Judged against the colour current *before* the WD4 (red), not the declared one.
        ("W+4 G3 B7", "g", True),
        ("W+4 R3 B7", "r", False),
        # §3.3.2: rank matches and other wild-type cards do not make it illegal.
        ("W+4 B5 W W+4", "y", True),
    ],
)
def test_rule_3_8_2_legality_recorded_against_the_colour_before_the_wd4(
    hand: str, declared: str, legal: bool
) -> None:
    state = position([hand, "B1 R9 Y2", "G1 G2"], "B5 R5", stock_top=PENALTY)
    played = apply(state, 0, f"W+4:{declared}").state
    assert played.challenge is not None
    assert played.challenge.legal is legal
    t = apply(played, 1, "challenge")
    assert event_data(t, "challenge")[0]["succeeded"] is (not legal)
    if legal:
        assert len(t.state.hands[1]) == 3 + 6
        assert t.state.turn == 2
    else:
        assert len(t.state.hands[0]) == len(hand.split()) - 1 + 4
        assert t.state.turn == 1


def test_rule_3_5_2_drawn_wd4_bluff_can_be_challenged() -> None:
    # A holds a red card, draws a WD4 and plays it at once: a bluff, judged without the WD4.
    state = position(["R3 G7", "B1 R9 Y2", "G1 G2"], "R5", stock_top="W+4 " + PENALTY)
    drawn = apply(state, 0, "draw").state
    assert drawn.phase is Phase.AFTER_DRAW
    played = apply(drawn, 0, "W+4:g").state
    assert played.phase is Phase.AWAIT_WD4_RESPONSE
    t = apply(played, 1, "challenge")
    assert event_data(t, "challenge")[0] == {
        "seat": 1,
        "player": 0,
        "succeeded": True,
        "revealed": ["R3", "G7"],
    }
    assert len(t.state.hands[0]) == 6
    assert t.state.turn == t.state.to_act == 1
    assert t.state.color is Color.GREEN


# -- E23: the challenger loses -------------------------------------------------------------------


def test_e23_challenger_loses() -> None:
    state = legal_wd4()
    t = apply(state, 1, "challenge")
    after = t.state
    # §3.8.4: B draws 6 and loses the turn; C plays next.
    assert codes_of(after.hands[1]) == ["B1", "R9", "Y2", "Y5", "Y6", "Y7", "Y8", "Y9", "G9"]
    assert codes_of(after.hands[0]) == ["G3", "B7"]
    assert codes_of(after.hands[2]) == ["G1", "G2"]
    assert len(after.stock) == len(state.stock) - 6
    assert after.phase is Phase.AWAIT_TURN
    assert after.turn == after.to_act == 2
    assert after.pending_draw == 0
    assert after.challenge is None
    # §3.8.5
    assert after.top.code == "W+4"
    assert after.color is Color.BLUE
    assert after.discard == state.discard
    assert event_types(t) == ["challenge", "draw", "skip"]
    (draw,) = event_data(t, "draw")
    assert (draw["seat"], draw["count"], draw["owed"], draw["reason"]) == (1, 6, 6, "challenge")
    assert event_data(t, "skip") == [{"seat": 1}]
    # The penalty gives no draw-then-play option (§3.5.6).
    assert after.drawn is None


def test_e23_challenger_loses_counter_clockwise_next_is_after_the_victim() -> None:
    # Direction counter-clockwise: A's victim is seat 2, and after the failed challenge seat 1
    # (next of the victim) plays.
    state = position(["W+4 G3 B7", "B1 R9 Y2", "G1 G2"], "R5", stock_top=PENALTY, direction=-1)
    played = apply(state, 0, "W+4:b").state
    assert played.to_act == 2
    rejected(played, 1, "challenge", "NOT_THE_CHALLENGER")
    after = apply(played, 2, "challenge").state
    assert len(after.hands[2]) == 8
    assert after.turn == after.to_act == 1


def test_rule_3_8_7_two_players_failed_challenge_gives_the_wd4_player_the_turn() -> None:
    state = legal_wd4(players=2)
    assert state.to_act == 1
    t = apply(state, 1, "challenge")
    after = t.state
    assert len(after.hands[1]) == 3 + 6
    assert len(after.hands[0]) == 2
    assert after.phase is Phase.AWAIT_TURN
    assert after.turn == after.to_act == 0
    # A takes a complete normal turn, matching blue.
    rejected(after, 0, "G3", "CARD_DOES_NOT_MATCH")
    assert apply(after, 0, "B7").state.turn == 1


def test_rule_3_8_7_two_players_successful_challenge_gives_the_victim_the_turn() -> None:
    state = bluff(players=2)
    after = apply(state, 1, "challenge").state
    assert len(after.hands[0]) == 2 + 4
    assert len(after.hands[1]) == 3
    assert after.phase is Phase.AWAIT_TURN
    assert after.turn == after.to_act == 1
    assert after.color is Color.BLUE


# -- E24: only the victim challenges; accepting ------------------------------------------------


def test_e24_not_the_challenger() -> None:
    state = bluff()
    rejected(state, 2, "challenge", "NOT_THE_CHALLENGER")
    rejected(state, 0, "challenge", "NOT_THE_CHALLENGER")


def test_e24_victim_accepts_and_the_bluff_stands() -> None:
    state = bluff()
    t = apply(state, 1, "accept")
    after = t.state
    # B draws 4, loses the turn; C plays next. An unchallenged illegal WD4 stands (3.3.4).
    assert codes_of(after.hands[1]) == ["B1", "R9", "Y2", "Y5", "Y6", "Y7", "Y8"]
    assert codes_of(after.hands[0]) == ["R3", "G7"]
    assert after.phase is Phase.AWAIT_TURN
    assert after.turn == after.to_act == 2
    assert after.pending_draw == 0
    assert after.challenge is None
    assert after.top.code == "W+4"
    assert after.color is Color.BLUE
    assert event_types(t) == ["accept", "draw", "skip"]
    assert event_data(t, "accept") == [{"seat": 1, "count": 4}]
    (draw,) = event_data(t, "draw")
    assert (draw["seat"], draw["count"], draw["reason"]) == (1, 4, "accept")
    # Nothing left to challenge.
    rejected(after, 1, "challenge", "NOT_THE_CHALLENGER")
    rejected(after, 2, "challenge", "NOT_THE_CHALLENGER")
    rejected(after, 2, "accept", "NOTHING_TO_ACCEPT")


def test_rule_3_8_1_nothing_else_happens_before_the_response() -> None:
    state = bluff()
    rejected(state, 1, "B1", "RESPONSE_REQUIRED")
    rejected(state, 1, "keep", "NOTHING_TO_KEEP")
    rejected(state, 2, "G1", "NOT_YOUR_TURN")
    rejected(state, 0, "R3", "NOT_YOUR_TURN")
    rejected(state, 2, "accept", "NOT_YOUR_TURN")
    rejected(state, 0, "draw", "NOT_YOUR_TURN")
    rejected(state, 2, "draw", "NOT_YOUR_TURN")


def test_rule_7_1_5_the_penalty_is_drawn_with_accept_and_draw_is_refused() -> None:
    # Decided: §7.1.5's "a draw counts as accept" is `accept` itself, which draws the cards;
    # `draw` is neither listed nor accepted, so the engine, a table and an RL mask agree.
    state = bluff()
    assert "draw" not in [a.code for a in legal_actions(state, 1)]
    rejected(state, 1, "draw", "RESPONSE_REQUIRED")
    accepted = apply(state, 1, "accept")
    assert [e.type.value for e in accepted.events][:2] == ["accept", "draw"]


def test_rule_3_8_1_no_challenge_without_a_pending_wd4() -> None:
    state = position(["W+4 R3 G7", "B1 R9 Y2", "G1 G2"], "R5")
    rejected(state, 0, "challenge", "NOT_THE_CHALLENGER")
    rejected(state, 1, "challenge", "NOT_THE_CHALLENGER")
    rejected(state, 0, "accept", "NOTHING_TO_ACCEPT")
    # After a plain Wild there is nothing to challenge either.
    wild = position(["W R3 G7", "B1 R9 Y2", "G1 G2"], "R5")
    after = apply(wild, 0, "W:b").state
    assert after.phase is Phase.AWAIT_TURN
    rejected(after, 1, "challenge", "NOT_THE_CHALLENGER")


# -- E25: a WD4 as the last card ----------------------------------------------------------------


def test_e25_wd4_last_card_no_challenge_victim_draws_before_scoring() -> None:
    state = position(["W+4", "B1 R9 Y2", "G1 G2"], "R5", stock_top="Y5 Y6 Y7 Y8")
    assert state.scores == (0, 0, 0)
    t = apply(state, 0, "W+4:g")
    after = t.state
    assert after.phase is Phase.HAND_OVER
    assert after.to_act is None
    assert after.challenge is None
    assert after.pending_draw == 0
    assert codes_of(after.hands[1]) == ["B1", "R9", "Y2", "Y5", "Y6", "Y7", "Y8"]
    assert codes_of(after.hands[2]) == ["G1", "G2"]
    # 12 + (5 + 6 + 7 + 8) for B, 3 for C.
    assert after.scores == (41, 0, 0)
    assert after.history[-1].hand_values == (0, 38, 3)
    assert after.history[-1].points == (41, 0, 0)
    assert event_types(t) == ["play", "draw", "hand_over"]
    (draw,) = event_data(t, "draw")
    assert (draw["seat"], draw["count"], draw["reason"]) == (1, 4, "wild_draw_four")
    rejected(after, 1, "challenge", "HAND_IS_OVER")
    rejected(after, 1, "accept", "HAND_IS_OVER")


def test_e25_wd4_last_card_two_players_single_hand() -> None:
    rules = Rules(target_score=None)
    state = position(["W+4", "B1 R9"], "R5", rules=rules, stock_top="Y5 Y6 Y7 Y8")
    after = apply(state, 0, "W+4:b").state
    assert after.phase is Phase.GAME_OVER
    assert after.winners == (0,)
    assert len(after.hands[1]) == 6
    assert after.scores == (10 + 26, 0)
    rejected(after, 1, "challenge", "HAND_IS_OVER")


def test_rule_3_3_5_last_card_wd4_is_legal_without_bluffing() -> None:
    rules = Rules(wd4_bluffing=False)
    state = position(["W+4", "B1 R9 Y2", "G1 G2"], "R5", rules=rules, stock_top=PENALTY)
    assert "W+4:r" in action_codes(state, 0)
    after = apply(state, 0, "W+4:r").state
    assert after.phase is Phase.HAND_OVER
    assert len(after.hands[1]) == 7


# -- E26: no bluffing ----------------------------------------------------------------------------


def test_e26_bluff_rejected_without_bluffing() -> None:
    rules = Rules(wd4_bluffing=False)
    state = position(["W+4 R3 G7", "B1 R9 Y2", "G1 G2"], "R5", rules=rules)
    for color in "rygb":
        rejected(state, 0, f"W+4:{color}", "ILLEGAL_WILD_DRAW_FOUR")
    assert not any(code.startswith("W+4") for code in action_codes(state, 0))


def test_e26_legal_wd4_without_bluffing_is_drawn_at_once() -> None:
    rules = Rules(wd4_bluffing=False)
    state = position(["W+4 G3 B7", "B1 R9 Y2", "G1 G2"], "R5", rules=rules, stock_top=PENALTY)
    t = apply(state, 0, "W+4:b")
    after = t.state
    assert after.phase is Phase.AWAIT_TURN
    assert after.turn == after.to_act == 2
    assert after.challenge is None
    assert after.pending_draw == 0
    assert codes_of(after.hands[1]) == ["B1", "R9", "Y2", "Y5", "Y6", "Y7", "Y8"]
    assert event_types(t) == ["play", "draw", "skip"]
    rejected(after, 1, "challenge", "OPTION_DISABLED")
    rejected(after, 2, "challenge", "OPTION_DISABLED")


def test_e26_drawn_wd4_bluff_rejected_without_bluffing() -> None:
    rules = Rules(wd4_bluffing=False)
    state = position(["R3 G7", "B1 R9 Y2", "G1 G2"], "R5", rules=rules, stock_top="W+4")
    drawn = apply(state, 0, "draw").state
    # §3.5.2: a drawn WD4 is judged on the hand without it: a bluff, so not playable at all.
    assert drawn.phase is Phase.AWAIT_TURN
    assert drawn.turn == 1
    assert cards("W+4")[0] in drawn.hands[0]


def test_rule_3_8_2_views_show_who_may_challenge_and_against_which_colour() -> None:
    """The colour current before the WD4 was public, so every view may show it; the legality
    and the WD4 player's hand stay hidden."""
    state = bluff()
    for seat in (None, 0, 1, 2):
        view = player_view(state, seat)
        assert view.challengeable_by == 1
        assert view.challenge_color is Color.RED
    after = apply(state, 1, "accept").state
    assert player_view(after, 1).challengeable_by is None
    assert player_view(after, 1).challenge_color is None
