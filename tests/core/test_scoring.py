"""End of hand and scoring: E40–E45 (RULES.md §6, §1.4, §6.1.3–6.1.4, §6.5.1, §6.6).

Seats: A = 0, B = 1, C = 2; A is to play, red is current (top card R5) unless stated.
"""

from __future__ import annotations

import pytest

from lastcard import (
    Card,
    GameState,
    HandResult,
    Kind,
    Phase,
    Rules,
    apply,
    legal_actions,
    read_state,
)
from positions import (
    codes_of,
    event_data,
    event_types,
    position,
    rejected,
    sizes,
)


def out_with(
    last: str,
    b: str = "B1 R9",
    c: str = "G1 G2",
    *,
    rules: Rules | None = None,
    scores: tuple[int, ...] | None = None,
    **kw: object,
) -> tuple[GameState, GameState, list[str]]:
    """A goes out with `last` (a code with any colour or target) on R5; returns the state before,
    the state after and the event types."""
    card = last.split(":")[0].split(">")[0]
    state = position([card, b, c], "B5 R5", rules=rules, scores=scores, **kw)
    t = apply(state, 0, last)
    return state, t.state, event_types(t)


# -- E40: a Draw Two as the last card --------------------------------------------------------------


def test_e40_draw_two_last_card_draws_before_scoring() -> None:
    state = position(["R+2", "B1 R9", "G1 G2"], "B5 R5", stock_top="Y5 Y6")
    t = apply(state, 0, "R+2")
    after = t.state
    assert after.phase is Phase.HAND_OVER
    assert codes_of(after.hands[1]) == ["B1", "R9", "Y5", "Y6"]
    assert codes_of(after.hands[2]) == ["G1", "G2"]
    # B: 1 + 9 + 5 + 6, C: 1 + 2.
    assert after.scores == (24, 0, 0)
    # The draw happens, but no skip (6.1.4).
    assert event_types(t) == ["play", "draw", "hand_over"]
    (draw,) = event_data(t, "draw")
    assert (draw["seat"], draw["count"], draw["reason"]) == (1, 2, "draw_two")
    (over,) = event_data(t, "hand_over")
    assert over["went_out"] == 0
    assert over["blocked"] is False
    assert over["hands"] == [[], ["B1", "R9", "Y5", "Y6"], ["G1", "G2"]]
    assert over["hand_values"] == [0, 21, 3]
    assert over["points"] == [24, 0, 0]
    assert over["totals"] == [24, 0, 0]


def test_e40_draw_two_last_card_with_a_short_stock() -> None:
    # Stock empty, the discard pile is [R5]: after the Draw Two only R5 can be drawn.
    state = position(["R+2", "B1 R9", "G1 G2"], "R5", stock=[])
    t = apply(state, 0, "R+2")
    after = t.state
    (draw,) = event_data(t, "draw")
    assert (draw["count"], draw["owed"]) == (1, 2)
    assert codes_of(after.hands[1]) == ["B1", "R9", "R5"]
    assert after.scores == (1 + 9 + 5 + 3, 0, 0)
    assert codes_of(after.discard) == ["R+2"]


def test_e40_draw_two_last_card_two_players() -> None:
    state = position(["R+2", "B1 R9"], "R5", stock_top="Y5 Y6")
    after = apply(state, 0, "R+2").state
    assert after.phase is Phase.HAND_OVER
    assert len(after.hands[1]) == 4
    assert after.scores == (21, 0)


def test_e40_draw_two_last_card_counter_clockwise_hits_next_player() -> None:
    state = position(["R+2", "B1 R9", "G1 G2"], "R5", stock_top="Y5 Y6", direction=-1)
    after = apply(state, 0, "R+2").state
    assert sizes(after) == [0, 2, 4]
    assert after.scores == (10 + 1 + 2 + 11, 0, 0)


# -- E41: hand values ------------------------------------------------------------------------------


def test_e41_hand_values() -> None:
    _, after, types = out_with("R3", b="W R9 GS", c="W+4 B0")
    assert types == ["play", "hand_over"]
    assert after.scores == (129, 0, 0)
    result = after.history[-1]
    assert result.went_out == 0
    assert result.hand_values == (0, 79, 50)
    assert result.points == (129, 0, 0)
    assert result.totals == (129, 0, 0)


@pytest.mark.parametrize(
    ("hand", "value"),
    [
        ("R0", 0),
        ("Y9", 9),
        ("B7 G7", 14),
        ("RS", 20),
        ("YR", 20),
        ("G+2", 20),
        ("W", 50),
        ("W+4", 50),
        ("R1 RS W", 71),
    ],
)
def test_rule_1_4_point_values(hand: str, value: int) -> None:
    _, after, _ = out_with("R3", b=hand, c="B0")
    assert after.history[-1].hand_values == (0, value, 0)
    assert after.scores == (value, 0, 0)


def test_rule_6_3_1_only_the_player_who_went_out_scores() -> None:
    _, after, _ = out_with("R3", b="B9", c="G8", scores=(100, 200, 300))
    assert after.scores == (117, 200, 300)
    assert after.history[-1].points == (17, 0, 0)
    assert after.history[-1].totals == (117, 200, 300)


# -- E42: the target score -------------------------------------------------------------------------


def test_e42_reaching_the_target_ends_the_game() -> None:
    # A at 480 scores 30 (B 20 + C 10) and reaches 510; B's 499 does not matter.
    _, after, types = out_with("R3", b="RS", c="Y9 G1", scores=(480, 499, 0))
    assert after.scores == (510, 499, 0)
    assert after.phase is Phase.GAME_OVER
    assert after.is_over
    assert after.winners == (0,)
    assert after.winner == 0
    assert after.to_act is None
    assert types == ["play", "hand_over", "game_over"]
    assert len(after.history) == 1
    assert after.history[-1].totals == (510, 499, 0)
    for seat in range(3):
        assert legal_actions(after, seat) == ()
        rejected(after, seat, "next", "HAND_IS_OVER")
        rejected(after, seat, "draw", "HAND_IS_OVER")


def test_e42_below_the_target_the_game_goes_on() -> None:
    # A at 470 scores 29: 499 is not enough.
    _, after, types = out_with("R3", b="RS", c="Y9", scores=(470, 0, 0))
    assert after.scores == (499, 0, 0)
    assert after.phase is Phase.HAND_OVER
    assert after.winners == ()
    assert after.winner is None
    assert not after.is_over
    assert "game_over" not in types
    for seat in range(3):
        assert [a.code for a in legal_actions(after, seat)] == ["next"]


def test_rule_6_3_2_exactly_the_target_wins() -> None:
    _, after, _ = out_with("R3", b="RS", c="Y9 G1", scores=(470, 0, 0))
    assert after.scores == (500, 0, 0)
    assert after.winners == (0,)


def test_rule_6_3_2_other_player_over_target_without_winning_hand_does_not_end() -> None:
    # B already has 600 from earlier (e.g. a different target); only the winner's total counts.
    _, after, _ = out_with("R3", b="B1", c="G1", scores=(0, 600, 0))
    assert after.phase is Phase.HAND_OVER
    assert after.winners == ()


def test_rule_6_3_2_custom_target() -> None:
    rules = Rules(target_score=20)
    _, after, _ = out_with("R3", b="RS", c="G1", rules=rules)
    assert after.scores == (21, 0, 0)
    assert after.winners == (0,)


# -- E43: alternative scoring --------------------------------------------------------------------


def alternative_hand(tie_rule: str) -> GameState:
    """B goes out; A adds 60 (450 -> 510), C adds 30 (200 -> 230), B adds 0 (230)."""
    rules = Rules(scoring="alternative", tie_rule=tie_rule)
    state = position(
        ["W G9 B1", "R3", "Y9 Y8 Y7 G6"], "B5 R5", rules=rules, scores=(450, 230, 200), turn=1
    )
    return apply(state, 1, "R3").state


def test_e43_alternative_scoring_shared_win() -> None:
    after = alternative_hand("shared")
    assert after.scores == (510, 230, 230)
    result = after.history[-1]
    assert result.went_out == 1
    assert result.points == (60, 0, 30)
    assert result.totals == (510, 230, 230)
    assert after.phase is Phase.GAME_OVER
    assert after.winners == (1, 2)
    assert after.winner is None  # shared
    rejected(after, 1, "next", "HAND_IS_OVER")


def test_e43_game_over_event_names_every_co_winner() -> None:
    rules = Rules(scoring="alternative")
    state = position(
        ["W G9 B1", "R3", "Y9 Y8 Y7 G6"], "B5 R5", rules=rules, scores=(450, 230, 200), turn=1
    )
    t = apply(state, 1, "R3")
    assert event_types(t) == ["play", "hand_over", "game_over"]
    assert event_data(t, "game_over") == [{"winners": [1, 2], "totals": [510, 230, 230]}]
    (over,) = event_data(t, "hand_over")
    assert over["points"] == [60, 0, 30]
    assert over["went_out"] == 1


def test_e43_alternative_scoring_play_on() -> None:
    after = alternative_hand("play_on")
    assert after.scores == (510, 230, 230)
    assert after.phase is Phase.HAND_OVER
    assert after.winners == ()
    nxt = apply(after, 0, "next").state
    assert nxt.hand_number == after.hand_number + 1
    assert nxt.scores == (510, 230, 230)
    # Next hand: C goes out; A adds 5, B adds 10: C alone is lowest and wins.
    state = position(["B5", "G9 Y1", "R3"], "B4 R5", base=nxt, turn=2)
    final = apply(state, 2, "R3").state
    assert final.scores == (515, 240, 230)
    assert final.phase is Phase.GAME_OVER
    assert final.winners == (2,)
    assert len(final.history) == 2


def test_rule_6_4_3_play_on_continues_while_still_tied() -> None:
    nxt = apply(alternative_hand("play_on"), 0, "next").state
    # B goes out; A adds 1, C adds 0 (a hand of a single 0): B and C still tie on 230.
    state = position(["B1", "R3", "G0"], "R5", base=nxt, turn=1)
    again = apply(state, 1, "R3").state
    assert again.scores == (511, 230, 230)
    assert again.phase is Phase.HAND_OVER
    assert again.winners == ()


def test_rule_6_4_2_lowest_total_wins_not_the_player_who_went_out() -> None:
    rules = Rules(scoring="alternative")
    state = position(["R3", "W W W+4 W+4 RS", "G1"], "R5", rules=rules, scores=(100, 290, 0))
    after = apply(state, 0, "R3").state
    assert after.scores == (100, 510, 1)
    assert after.history[-1].points == (0, 220, 1)
    assert after.phase is Phase.GAME_OVER
    assert after.winners == (2,)


def test_rule_6_4_2_below_target_alternative_continues() -> None:
    rules = Rules(scoring="alternative")
    state = position(["R3", "B1", "G2"], "R5", rules=rules)
    after = apply(state, 0, "R3").state
    assert after.scores == (0, 1, 2)
    assert after.phase is Phase.HAND_OVER


# -- E44: 2018 deck points -----------------------------------------------------------------------


def test_e44_2018_cards_score_forty() -> None:
    rules = Rules(deck="2018")
    _, after, _ = out_with("R3", b="WSH WC WC", c="WC R1", rules=rules)
    assert after.history[-1].hand_values == (0, 120, 41)
    assert after.scores == (161, 0, 0)
    assert Card.from_code("WSH").points == Card.from_code("WC").points == 40


# -- E45: no other effect of the last card ---------------------------------------------------------


@pytest.mark.parametrize("last", ["RS", "RR", "W:g", "R7"])
def test_e45_last_card_effect_does_not_happen(last: str) -> None:
    before, after, types = out_with(last)
    assert types == ["play", "hand_over"]
    assert after.phase is Phase.HAND_OVER
    assert after.direction == before.direction
    assert after.hands[1:] == before.hands[1:]
    assert after.scores == (10 + 3, 0, 0)


def test_e45_reverse_last_card_two_players() -> None:
    state = position(["RR", "B1 R9"], "R5")
    t = apply(state, 0, "RR")
    assert event_types(t) == ["play", "hand_over"]
    assert t.state.direction == 1
    assert t.state.scores == (10, 0)


def test_e45_seven_o_seven_as_last_card_no_exchange() -> None:
    rules = Rules(seven_o=True)
    before, after, types = out_with("R7>1", rules=rules)
    assert types == ["play", "hand_over"]
    assert after.hands[1:] == before.hands[1:]
    assert after.scores == (13, 0, 0)
    assert after.history[-1].went_out == 0


def test_e45_seven_o_zero_as_last_card_no_rotation() -> None:
    rules = Rules(seven_o=True)
    before, after, types = out_with("R0", rules=rules)
    assert types == ["play", "hand_over"]
    assert after.hands[1:] == before.hands[1:]


def test_e45_seven_o_seven_as_last_card_needs_no_target() -> None:
    # §7.2.1: only a 7 that does not go out must name a target; §7.2.4: no exchange happens.
    rules = Rules(seven_o=True)
    _, after, types = out_with("R7", rules=rules)
    assert types == ["play", "hand_over"]
    assert after.history[-1].went_out == 0


def test_e45_shuffle_hands_as_last_card_no_redeal() -> None:
    rules = Rules(deck="2018")
    before, after, types = out_with("WSH:b", rules=rules)
    assert types == ["play", "hand_over"]
    assert after.hands[1:] == before.hands[1:]
    assert after.scores == (13, 0, 0)


@pytest.mark.parametrize("effect", ["skip", "reverse", "shuffle_hands"])
def test_e45_customizable_wild_as_last_card_no_effect(effect: str) -> None:
    rules = Rules(deck="2018", custom_wild_effect=effect)
    before, after, types = out_with("WC:y", rules=rules)
    assert types == ["play", "hand_over"]
    assert after.hands[1:] == before.hands[1:]
    assert after.direction == 1


def test_rule_6_1_3_customizable_draw_effect_as_last_card_still_draws() -> None:
    rules = Rules(deck="2018", custom_wild_effect="next_draws:3")
    _, after, types = out_with("WC:y", rules=rules, stock_top="Y1 Y2 Y3")
    assert types == ["play", "draw", "hand_over"]
    assert codes_of(after.hands[1]) == ["B1", "R9", "Y1", "Y2", "Y3"]
    assert after.scores == (10 + 6 + 3, 0, 0)


def test_rule_6_1_3_wild_downpour_as_last_card_everyone_else_draws() -> None:
    rules = Rules(wild_downpour={"draw1": 2, "draw2": 2})
    _, after, types = out_with("WD2:y", rules=rules, stock_top="Y1 Y2 Y3 Y4")
    assert types == ["play", "draw", "draw", "hand_over"]
    assert codes_of(after.hands[1]) == ["B1", "R9", "Y1", "Y2"]
    assert codes_of(after.hands[2]) == ["G1", "G2", "Y3", "Y4"]
    assert after.scores == (10 + 3 + 1 + 2 + 3 + 4, 0, 0)


# -- single hand (6.5.1) ---------------------------------------------------------------------------


def test_rule_6_5_1_target_none_plays_a_single_hand() -> None:
    rules = Rules(target_score=None)
    _, after, types = out_with("R3", b="B1", c="G2", rules=rules)
    assert after.phase is Phase.GAME_OVER
    assert after.winners == (0,)
    assert after.winner == 0
    # Points are still computed and reported.
    assert after.scores == (3, 0, 0)
    assert after.history[-1].points == (3, 0, 0)
    assert types == ["play", "hand_over", "game_over"]
    rejected(after, 1, "next", "HAND_IS_OVER")


def test_rule_6_5_1_target_none_with_a_zero_point_hand() -> None:
    rules = Rules(target_score=None)
    _, after, _ = out_with("R3", b="B0", c="G0", rules=rules)
    assert after.scores == (0, 0, 0)
    assert after.winners == (0,)
    assert after.phase is Phase.GAME_OVER


# -- history and the next hand (6.6) ---------------------------------------------------------------


def test_rule_6_6_2_hand_results_are_recorded() -> None:
    rules = Rules(dealer_each_hand="rotate")
    state = position(["R3", "B1 R9", "G1 G2"], "B5 R5", rules=rules, dealer=0)
    first = apply(state, 0, "R3").state
    assert first.history == (
        HandResult(
            number=1,
            dealer=0,
            first_discard=Card.from_code("B5"),
            went_out=0,
            hand_values=(0, 10, 3),
            points=(13, 0, 0),
            totals=(13, 0, 0),
        ),
    )
    dealt = apply(first, 2, "next").state
    assert dealt.hand_number == 2
    assert dealt.dealer == 1
    second_hand = position(["Y3 Y4", "B5", "RS"], "G5 B9", base=dealt, turn=1)
    second = apply(second_hand, 1, "B5").state
    assert len(second.history) == 2
    assert second.history[0] == first.history[0]
    assert second.history[1] == HandResult(
        number=2,
        dealer=1,
        first_discard=Card.from_code("G5"),
        went_out=1,
        hand_values=(7, 0, 20),
        points=(0, 27, 0),
        totals=(13, 27, 0),
    )
    assert second.scores == (13, 27, 0)
    for result in second.history:
        assert HandResult.from_dict(result.to_dict()) == result
    assert read_state(second.to_dict()) == second


def test_rule_6_6_1_next_hand_resets_the_table() -> None:
    state = position(["R3", "B1 R9", "G1 G2"], "B5 R5", direction=-1)
    over = apply(state, 0, "R3").state
    assert over.phase is Phase.HAND_OVER
    rejected(over, 0, "draw", "HAND_IS_OVER")
    rejected(over, 1, "catch 0", "HAND_IS_OVER")
    t = apply(over, 1, "next")
    nxt = t.state
    assert nxt.hand_number == 2
    assert nxt.scores == over.scores == (13, 0, 0)
    assert nxt.deck_size == 108
    assert "deal" in event_types(t)
    assert "dealer_draw" in event_types(t)  # default: the dealer is drawn again
    reverse_first = nxt.first_discard.kind is Kind.REVERSE
    assert nxt.direction == (-1 if reverse_first else 1)
    assert nxt.exposed is None
    assert nxt.uncaught == ()
    assert nxt.passes == 0
    assert nxt.history == over.history
    # Every seat was dealt a new hand of 7 (a Draw Two first discard gives the first player 2).
    assert sum(sizes(nxt)) in (21, 23)


def test_rule_6_6_next_is_refused_during_a_hand() -> None:
    state = position(["R3", "B1 R9", "G1 G2"], "B5 R5")
    rejected(state, 0, "next", "HAND_NOT_OVER")
    rejected(state, 1, "next", "HAND_NOT_OVER")
