"""Playing, drawing and card effects: RULES.md §3.2-3.6, §3.9 and the edge cases E12-E21 of §9.2.

Most positions are dealt by the engine from a stacked deck (`positions.stacked_game`) with small
hands; a few rig the top card directly (`positions.rig`). Seats are A, B, C = 0, 1, 2; the dealer
is seat 0 unless a test says otherwise, so seat 1 moves first.
"""

from __future__ import annotations

import pytest

from lastcard import (
    Card,
    Color,
    ColorError,
    GameState,
    Phase,
    Rules,
    apply,
)
from positions import (
    action_codes,
    cards,
    codes,
    codes_of,
    event_types,
    events_of,
    hand_of,
    rejected,
    rig,
    run,
    sizes,
    stacked_game,
)


def game(
    hands: list[str], first: str, stock_top: str = "", *, dealer: int = 0, **options: object
) -> GameState:
    """A dealt game with these hands (all of one size, which becomes `hand_size`)."""
    rules = Rules(hand_size=len(codes(hands[0])), **options)
    return stacked_game(len(hands), hands, first, stock_top, dealer=dealer, rules=rules)


def on_top(top: str, hand: str, color: str | None = None, **options: object) -> GameState:
    """Seat 1 of 3 to act holding `hand`, with `top` alone on the discard pile (rigged)."""
    state = game(["Y1 Y2", "G1 G2", "B1 B2"], "Y3", **options)
    top_card = Card.from_code(top)
    return rig(
        state,
        hands=[state.hands[0], codes(hand), state.hands[2]],
        discard=[top],
        color=color if color is not None else top_card.color,
    )


def turn_of(state: GameState) -> tuple[Phase, int, int | None]:
    return (state.phase, state.turn, state.to_act)


# -- E12, E13: the Wild Draw Four restriction and its recorded legality (§3.3) -------------------


def test_e12_wd4_legal_with_blue_7_and_wild_on_red_7() -> None:
    state = game(["Y1 Y2 Y3", "B7 W W+4", "G1 G2 G3"], "R7", "Y9 Y8 Y7 Y6 Y5 Y4")
    assert state.color is Color.RED
    assert "W+4:g" in action_codes(state, 1)
    transition = apply(state, 1, "W+4:g")
    assert event_types(transition) == ["play"]
    state = transition.state
    assert turn_of(state) == (Phase.AWAIT_WD4_RESPONSE, 2, 2)
    assert state.pending_draw == 4
    assert state.color is Color.GREEN
    assert state.challenge is not None
    assert state.challenge.player == 1
    assert state.challenge.legal is True  # recorded as legal (§3.3.2)
    assert codes_of(state.challenge.hand) == ["B7", "W"]
    assert action_codes(state, 2) == ["challenge", "accept"]
    # the recorded legality decides the challenge: it fails, seat 2 draws 6 and is skipped
    challenged = apply(state, 2, "challenge")
    assert events_of(challenged, "challenge")[0]["succeeded"] is False
    assert sizes(challenged.state) == [3, 2, 9]
    assert turn_of(challenged.state) == (Phase.AWAIT_TURN, 0, 0)


def test_e13_wd4_on_a_wild_declared_green_is_a_bluff_when_holding_green() -> None:
    state = game(["Y1 Y2 Y3", "W Y5 Y6", "G2 W+4 Y9"], "R3", "B1 B2 B3 B4 B5 B6")
    state = apply(state, 1, "W:g").state
    assert (state.turn, state.color, state.top) == (2, Color.GREEN, Card.from_code("W"))
    transition = apply(state, 2, "W+4:b")  # bluffing is on: accepted
    state = transition.state
    assert turn_of(state) == (Phase.AWAIT_WD4_RESPONSE, 0, 0)
    assert state.challenge is not None
    assert state.challenge.legal is False  # the G2 matches the declared colour (§3.3.3)
    assert codes_of(state.challenge.hand) == ["G2", "Y9"]
    challenged = apply(state, 0, "challenge")
    assert events_of(challenged, "challenge")[0]["succeeded"] is True
    assert sizes(challenged.state) == [3, 2, 6]
    assert turn_of(challenged.state) == (Phase.AWAIT_TURN, 0, 0)
    assert challenged.state.color is Color.BLUE


def test_e13_wd4_bluff_on_a_declared_wild_is_rejected_without_bluffing() -> None:
    state = game(["Y1 Y2 Y3", "W Y5 Y6", "G2 W+4 Y9"], "R3", wd4_bluffing=False)
    state = apply(state, 1, "W:g").state
    assert not any(code.startswith("W+4") for code in action_codes(state, 2))
    rejected(state, 2, "W+4:b", "ILLEGAL_WILD_DRAW_FOUR")


# -- E14, E15: matching after a wild and colour declarations (§3.2.3, §3.2.6) --------------------


def test_e14_number_never_matches_wild_by_number() -> None:
    state = game(["Y1 Y2 Y3", "W Y5 Y6", "B5 G1 G2"], "B5")
    state = apply(state, 1, "W:r").state
    assert codes_of(state.discard) == ["B5", "W"]
    assert (state.turn, state.color) == (2, Color.RED)
    rejected(state, 2, "B5", "CARD_DOES_NOT_MATCH")
    assert action_codes(state, 2) == ["draw"]


def test_e15_wild_without_colour_and_skip_with_colour_are_rejected() -> None:
    state = game(["Y1 Y2 Y3", "W RS W+4", "G1 G2 G3"], "R3")
    error = rejected(state, 1, "W", "MISSING_COLOUR")
    assert isinstance(error, ColorError)
    rejected(state, 1, "W+4", "MISSING_COLOUR")
    error = rejected(state, 1, "RS:r", "UNEXPECTED_COLOUR")
    assert isinstance(error, ColorError)
    rejected(state, 1, "RS:b", "UNEXPECTED_COLOUR")
    assert "RS" in action_codes(state, 1)
    assert not any(code.startswith("RS:") for code in action_codes(state, 1))
    assert apply(state, 1, "RS").state.turn == 0


# -- E16-E18: drawing (§3.4, §3.5) ----------------------------------------------------------------


def test_e16_voluntary_draw_of_an_unplayable_card_ends_the_turn() -> None:
    state = game(["Y1 Y2 Y3", "R5 B1 B2", "G1 G2 G3"], "R3", "B9 G9")
    assert "R5" in action_codes(state, 1)
    transition = apply(state, 1, "draw")
    assert event_types(transition) == ["draw"]
    (draw,) = events_of(transition, "draw")
    assert draw == {
        "type": "draw",
        "seat": 1,
        "count": 1,
        "reason": "turn",
        "owed": 1,
        "cards": ["B9"],
    }
    assert "cards" not in transition.events[0].redact(2).to_dict()
    state = transition.state
    assert turn_of(state) == (Phase.AWAIT_TURN, 2, 2)
    assert state.drawn is None
    assert hand_of(state, 1) == ["R5", "B1", "B2", "B9"]
    rejected(state, 1, "B9", "NOT_YOUR_TURN")


def test_e16_drawn_playable_card_only_it_may_be_played_or_kept() -> None:
    state = game(["Y1 Y2 Y3", "R5 B1 B2", "G1 G2 G3"], "R3", "R8 G9")
    state = apply(state, 1, "draw").state
    assert turn_of(state) == (Phase.AFTER_DRAW, 1, 1)
    assert state.drawn is Card.from_code("R8")
    assert hand_of(state, 1) == ["R5", "B1", "B2", "R8"]
    assert action_codes(state, 1) == ["R8", "keep"]
    rejected(state, 1, "R5", "ONLY_DRAWN_CARD_MAY_BE_PLAYED")
    rejected(state, 1, "B1", "ONLY_DRAWN_CARD_MAY_BE_PLAYED")
    # keep() ends the turn
    kept = apply(state, 1, "keep")
    assert event_types(kept) == ["keep"]
    assert turn_of(kept.state) == (Phase.AWAIT_TURN, 2, 2)
    assert kept.state.drawn is None
    assert hand_of(kept.state, 1) == ["R5", "B1", "B2", "R8"]
    assert kept.state.top is Card.from_code("R3")
    # playing the drawn card works
    played = apply(state, 1, "R8")
    assert event_types(played) == ["play"]
    assert turn_of(played.state) == (Phase.AWAIT_TURN, 2, 2)
    assert played.state.top is Card.from_code("R8")
    assert hand_of(played.state, 1) == ["R5", "B1", "B2"]


def test_e17_drawn_wd4_played_at_once_is_legal_without_current_colour() -> None:
    state = game(["Y1 Y2 Y3", "B7 G2 Y4", "G1 G3 G4"], "R3", "W+4")
    state = apply(state, 1, "draw").state
    assert turn_of(state) == (Phase.AFTER_DRAW, 1, 1)
    assert state.drawn is Card.from_code("W+4")
    assert action_codes(state, 1) == ["W+4:r", "W+4:y", "W+4:g", "W+4:b", "keep"]
    state = apply(state, 1, "W+4:y").state
    assert turn_of(state) == (Phase.AWAIT_WD4_RESPONSE, 2, 2)
    assert state.challenge is not None
    assert state.challenge.legal is True
    assert codes_of(state.challenge.hand) == ["B7", "G2", "Y4"]


def test_e18_no_voluntary_draw_while_holding_a_playable_card() -> None:
    state = game(["Y1 Y2 Y3", "R5 B1 B2", "G1 G2 G3"], "R3", allow_voluntary_draw=False)
    assert "draw" not in action_codes(state, 1)
    rejected(state, 1, "draw", "DRAW_NOT_ALLOWED")
    # a Wild is a legal play too
    state = game(["Y1 Y2 Y3", "W B1 B2", "G1 G2 G3"], "R3", allow_voluntary_draw=False)
    rejected(state, 1, "draw", "DRAW_NOT_ALLOWED")
    # without a legal play the draw is required and allowed
    state = game(["Y1 Y2 Y3", "G5 B1 B2", "G1 G2 G3"], "R3", "Y9", allow_voluntary_draw=False)
    assert action_codes(state, 1) == ["draw"]
    state = apply(state, 1, "draw").state
    assert hand_of(state, 1) == ["G5", "B1", "B2", "Y9"]
    assert turn_of(state) == (Phase.AWAIT_TURN, 2, 2)


# -- E19-E21: Reverse, two players, out of turn ---------------------------------------------------


def test_e19_reverse_with_3_players_c_plays_next_then_b() -> None:
    # dealer C (seat 2), so A (seat 0) moves first
    state = game(["RR Y1 Y2", "R1 G1 G2", "R2 B1 B2"], "R3", dealer=2)
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)
    transition = apply(state, 0, "RR")
    assert event_types(transition) == ["play", "reverse"]
    assert events_of(transition, "reverse") == [{"type": "reverse", "direction": -1}]
    state = transition.state
    assert (state.direction, state.turn, state.to_act) == (-1, 2, 2)
    rejected(state, 1, "R1", "NOT_YOUR_TURN")
    state = apply(state, 2, "R2").state
    assert turn_of(state) == (Phase.AWAIT_TURN, 1, 1)
    state = apply(state, 1, "R1").state
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)


def test_e20_two_players_skip_reverse_and_draw_two_give_another_turn() -> None:
    state = game(["Y1 Y2 Y4 Y5 Y6", "RS RR R+2 R1 R2"], "R3", "B9 G9 B8")
    assert state.turn == 1
    after_skip = apply(state, 1, "RS")
    assert event_types(after_skip) == ["play", "skip"]
    state = after_skip.state
    assert turn_of(state) == (Phase.AWAIT_TURN, 1, 1)
    rejected(state, 0, "draw", "NOT_YOUR_TURN")
    after_reverse = apply(state, 1, "RR")
    assert event_types(after_reverse) == ["play", "reverse", "skip"]
    state = after_reverse.state
    assert turn_of(state) == (Phase.AWAIT_TURN, 1, 1)
    assert state.direction == -1  # flipped, without effect on the order (§3.6.3)
    after_draw_two = apply(state, 1, "R+2")
    assert event_types(after_draw_two) == ["play", "draw", "skip"]
    state = after_draw_two.state
    assert turn_of(state) == (Phase.AWAIT_TURN, 1, 1)
    assert sizes(state) == [7, 2]
    assert hand_of(state, 0)[-2:] == ["B9", "G9"]
    state = apply(state, 1, "R1").state
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)


def test_e21_out_of_turn_play_without_jump_in_is_rejected() -> None:
    state = game(["R4 Y1 Y2", "R1 G1 G2", "R3 B1 B2"], "R3")
    assert state.turn == 1
    rejected(state, 2, "R3", "NOT_YOUR_TURN")  # even the identical card
    rejected(state, 0, "R4", "NOT_YOUR_TURN")
    rejected(state, 2, "B1", "NOT_YOUR_TURN")
    rejected(state, 0, "draw", "NOT_YOUR_TURN")
    rejected(state, 2, "keep", "NOTHING_TO_KEEP")


# -- §3.2 matching --------------------------------------------------------------------------------


def test_rule_3_2_1_played_card_goes_on_top_and_leaves_the_hand() -> None:
    state = game(["Y1 Y2 Y3", "R5 B1 B2", "G1 G2 G3"], "R3")
    rejected(state, 1, "G7", "CARD_NOT_IN_HAND")
    rejected(state, 1, "R6", "CARD_NOT_IN_HAND")
    transition = apply(state, 1, "R5")
    assert events_of(transition, "play") == [
        {
            "type": "play",
            "seat": 1,
            "card": "R5",
            "color": "r",
            "target": None,
            "uno": False,
            "jump_in": False,
        }
    ]
    state = transition.state
    assert codes_of(state.discard) == ["R3", "R5"]
    assert hand_of(state, 1) == ["B1", "B2"]
    assert state.top_player == 1
    assert state.deck_size == 108


@pytest.mark.parametrize(
    ("top", "card", "matches"),
    [
        ("R3", "R9", True),  # colour
        ("R3", "RS", True),  # colour, an action card on a number
        ("R3", "B3", True),  # rank
        ("B0", "R0", True),  # rank 0
        ("RS", "GS", True),  # symbol
        ("YR", "GR", True),  # symbol
        ("R+2", "B+2", True),  # symbol
        ("RS", "R+2", True),  # colour
        ("R3", "B9", False),
        ("RS", "GR", False),  # different symbols
        ("R+2", "B2", False),  # a 2 is not a Draw Two
        ("R2", "B+2", False),
        ("G5", "Y6", False),
    ],
)
def test_rule_3_2_2_matching_by_colour_rank_or_symbol(top: str, card: str, matches: bool) -> None:
    state = on_top(top, f"{card} W+4")
    if matches:
        assert card in action_codes(state, 1)
        state = apply(state, 1, card).state
        assert state.top is Card.from_code(card)
        assert state.color is Card.from_code(card).color
    else:
        assert card not in action_codes(state, 1)
        rejected(state, 1, card, "CARD_DOES_NOT_MATCH")


@pytest.mark.parametrize("wild_top", ["W", "W+4"])
def test_rule_3_2_3_after_a_wild_only_the_declared_colour_or_a_wild(wild_top: str) -> None:
    state = on_top(wild_top, "Y5 G5 W", color="g")
    assert action_codes(state, 1) == ["G5", "W:r", "W:y", "W:g", "W:b", "draw"]
    rejected(state, 1, "Y5", "CARD_DOES_NOT_MATCH")
    assert apply(state, 1, "G5").state.color is Color.GREEN


def test_rule_3_2_4_wild_may_be_played_while_holding_a_playable_card() -> None:
    for top in ("R3", "RS", "R+2"):
        state = on_top(top, "R5 W")
        assert {"R5", "W:r", "W:y", "W:g", "W:b"} <= set(action_codes(state, 1))
        state = apply(state, 1, "W:b").state
        assert (state.color, state.top, state.turn) == (Color.BLUE, Card.from_code("W"), 2)


def test_rule_3_2_5_one_card_per_turn_even_after_a_wild() -> None:
    state = game(["Y1 Y2 Y3", "W G5 G6", "B1 B2 B3"], "R3")
    state = apply(state, 1, "W:g").state
    assert turn_of(state) == (Phase.AWAIT_TURN, 2, 2)
    rejected(state, 1, "G5", "NOT_YOUR_TURN")
    assert action_codes(state, 1) == []


def test_rule_3_2_6_declared_colour_may_equal_the_current_colour() -> None:
    state = game(["Y1 Y2 Y3", "W G5 G6", "B1 B2 B3"], "R3")
    state = apply(state, 1, "W:r").state
    assert (state.color, state.turn) == (Color.RED, 2)
    rejected(state, 2, "B1", "CARD_DOES_NOT_MATCH")


# -- §3.3 the Wild Draw Four restriction ----------------------------------------------------------


def test_rule_3_3_1_wd4_while_holding_the_current_colour_is_recorded_illegal() -> None:
    state = game(["Y1 Y2 Y3", "R5 W+4 B2", "G1 G2 G3"], "R3")
    assert {"W+4:r", "W+4:y", "W+4:g", "W+4:b"} <= set(action_codes(state, 1))
    state = apply(state, 1, "W+4:g").state
    assert state.challenge is not None
    assert (state.challenge.player, state.challenge.legal) == (1, False)
    assert codes_of(state.challenge.hand) == ["R5", "B2"]


def test_rule_3_3_2_other_wd4s_and_rank_matches_do_not_count() -> None:
    state = game(["Y1 Y2 Y3", "W+4 W+4 B7", "G1 G2 G3"], "R7")
    state = apply(state, 1, "W+4:b").state
    assert state.challenge is not None
    assert state.challenge.legal is True
    assert codes_of(state.challenge.hand) == ["W+4", "B7"]


def test_rule_3_3_3_wd4_on_a_wd4_is_judged_on_its_declared_colour() -> None:
    state = on_top("W+4", "W+4 R2 Y9", color="b")
    state = apply(state, 1, "W+4:r").state
    assert state.challenge is not None
    assert state.challenge.legal is True  # red and yellow cards do not matter: blue is current


def test_rule_3_3_4_unchallenged_bluff_stands_without_penalty() -> None:
    state = game(["Y1 Y2 Y3", "R5 W+4 B2", "G1 G2 G3"], "R3", "B9 B8 B7 B6")
    state = apply(state, 1, "W+4:g").state
    transition = apply(state, 2, "accept")
    assert event_types(transition) == ["accept", "draw", "skip"]
    state = transition.state
    assert sizes(state) == [3, 2, 7]
    assert hand_of(state, 2)[-4:] == ["B9", "B8", "B7", "B6"]
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)
    assert state.color is Color.GREEN
    assert state.challenge is None


def test_rule_3_3_4_without_bluffing_illegal_wd4_rejected_and_legal_one_is_automatic() -> None:
    rules = {"wd4_bluffing": False}
    state = game(["Y1 Y2 Y3", "R5 W+4 B2", "G1 G2 G3"], "R3", **rules)
    assert not any(code.startswith("W+4") for code in action_codes(state, 1))
    rejected(state, 1, "W+4:g", "ILLEGAL_WILD_DRAW_FOUR")
    state = game(["Y1 Y2 Y3", "G5 W+4 B2", "G1 G2 G3"], "R3", "B9 B8 B7 B6", **rules)
    transition = apply(state, 1, "W+4:y")
    assert event_types(transition) == ["play", "draw", "skip"]
    assert events_of(transition, "draw")[0]["count"] == 4
    state = transition.state
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)
    assert sizes(state) == [3, 2, 7]
    assert state.challenge is None and state.pending_draw == 0
    rejected(state, 2, "challenge", "OPTION_DISABLED")
    rejected(state, 0, "challenge", "OPTION_DISABLED")


def test_rule_3_3_5_wd4_as_last_card_cannot_be_challenged() -> None:
    state = game(["Y1", "W+4", "G1"], "R3", "Y9 Y8 Y7 Y6")
    transition = apply(state, 1, "W+4:g")
    assert event_types(transition) == ["play", "draw", "hand_over"]
    state = transition.state
    assert state.phase is Phase.HAND_OVER
    assert state.to_act is None
    assert state.challenge is None
    assert hand_of(state, 2) == ["G1", "Y9", "Y8", "Y7", "Y6"]
    (over,) = events_of(transition, "hand_over")
    assert over["went_out"] == 1
    assert over["points"] == [0, 1 + 31, 0]
    rejected(state, 2, "challenge", "HAND_IS_OVER")


# -- §3.4 drawing ---------------------------------------------------------------------------------


def test_rule_3_4_1_without_a_legal_play_draw_exactly_one_card() -> None:
    state = game(["Y1 Y2 Y3", "B1 B2 G4", "G1 G2 G3"], "R3", "Y9 Y8")
    assert action_codes(state, 1) == ["draw"]
    rejected(state, 1, "B1", "CARD_DOES_NOT_MATCH")
    stock = len(state.stock)
    state = apply(state, 1, "draw").state
    assert sizes(state) == [3, 4, 3]
    assert len(state.stock) == stock - 1
    assert state.stock[-1] is Card.from_code("Y8")


def test_rule_3_4_2_voluntary_draw_is_allowed_by_default() -> None:
    state = game(["Y1 Y2 Y3", "R5 R6 W", "G1 G2 G3"], "R3", "G9")
    assert "draw" in action_codes(state, 1)
    state = apply(state, 1, "draw").state
    assert hand_of(state, 1) == ["R5", "R6", "W", "G9"]
    assert turn_of(state) == (Phase.AWAIT_TURN, 2, 2)


def test_rule_3_4_3_one_card_only_no_second_draw() -> None:
    state = game(["Y1 Y2 Y3", "B1 B2 G4", "G1 G2 G3"], "R3", "R9 R8")
    state = apply(state, 1, "draw").state
    assert state.phase is Phase.AFTER_DRAW
    rejected(state, 1, "draw", "DRAW_NOT_ALLOWED")
    assert "draw" not in action_codes(state, 1)


# -- §3.5 draw-then-play --------------------------------------------------------------------------


def test_rule_3_5_2_drawn_wd4_is_judged_without_itself_and_may_be_a_bluff() -> None:
    state = game(["Y1 Y2 Y3", "R5 B1 B2", "G1 G2 G3"], "R3", "W+4")
    state = apply(state, 1, "draw").state
    assert state.phase is Phase.AFTER_DRAW
    state = apply(state, 1, "W+4:b").state
    assert state.challenge is not None
    assert state.challenge.legal is False  # the R5 makes it a bluff
    assert codes_of(state.challenge.hand) == ["R5", "B1", "B2"]


def test_rule_3_5_2_drawn_illegal_wd4_without_bluffing_is_not_playable() -> None:
    state = game(["Y1 Y2 Y3", "R5 B1 B2", "G1 G2 G3"], "R3", "W+4", wd4_bluffing=False)
    transition = apply(state, 1, "draw")
    assert event_types(transition) == ["draw"]
    state = transition.state
    assert turn_of(state) == (Phase.AWAIT_TURN, 2, 2)
    assert state.drawn is None
    assert hand_of(state, 1) == ["R5", "B1", "B2", "W+4"]


def test_rule_3_5_2_drawn_legal_wd4_without_bluffing_is_playable() -> None:
    state = game(["Y1 Y2 Y3", "G5 B1 B2", "G1 G2 G3"], "R3", "W+4", wd4_bluffing=False)
    state = apply(state, 1, "draw").state
    assert state.phase is Phase.AFTER_DRAW
    state = apply(state, 1, "W+4:b").state
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)
    assert sizes(state) == [3, 3, 7]


def test_rule_3_5_3_after_drawing_other_actions_are_rejected() -> None:
    state = game(["Y1 Y2 Y3", "R5 B1 B2", "R1 G2 G3"], "R3", "R8")
    state = apply(state, 1, "draw").state
    assert state.phase is Phase.AFTER_DRAW
    rejected(state, 1, "G7", "CARD_NOT_IN_HAND")
    rejected(state, 1, "R5", "ONLY_DRAWN_CARD_MAY_BE_PLAYED")
    rejected(state, 2, "R1", "NOT_YOUR_TURN")
    rejected(state, 2, "keep", "NOT_YOUR_TURN")
    rejected(state, 1, "R8:r", "UNEXPECTED_COLOUR")
    assert action_codes(state, 2) == []


def test_rule_3_5_5_playing_the_drawn_card_is_a_normal_play() -> None:
    # seat 1 holds one unplayable card, draws a red Skip and plays it: the Skip takes effect
    # and seat 1 owes an Uno call (§4.1) unless it calls with the play.
    state = game(["Y1", "B1", "G1"], "R3", "RS")
    state = apply(state, 1, "draw").state
    assert action_codes(state, 1) == ["RS", "RS!", "keep"]
    transition = apply(state, 1, "RS")
    assert event_types(transition) == ["play", "skip"]
    assert turn_of(transition.state) == (Phase.AWAIT_TURN, 0, 0)
    assert transition.state.exposed == 1
    called = apply(state, 1, "RS!")
    assert events_of(called, "play")[0]["uno"] is True
    assert called.state.exposed is None
    assert turn_of(called.state) == (Phase.AWAIT_TURN, 0, 0)


def test_rule_3_5_6_penalty_draws_give_no_draw_then_play() -> None:
    # seat 2 draws a playable R9 from the Draw Two but may not play it
    state = game(["Y1 Y2 Y3", "R+2 B1 B2", "G1 G2 G3"], "R3", "R9 R8")
    state = apply(state, 1, "R+2").state
    assert hand_of(state, 2) == ["G1", "G2", "G3", "R9", "R8"]
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)
    assert state.drawn is None
    rejected(state, 2, "R9", "NOT_YOUR_TURN")
    # the same after accepting a Wild Draw Four
    state = game(["Y1 Y2 Y3", "W+4 B1 B2", "G1 G2 G3"], "R3", "W W R9 R8")
    state = run(state, (1, "W+4:r"), (2, "accept")).state
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)
    assert state.drawn is None
    rejected(state, 2, "W:g", "NOT_YOUR_TURN")


# -- §3.6 card effects ----------------------------------------------------------------------------


def test_rule_3_6_going_out_with_a_draw_two_only_its_draw_applies() -> None:
    state = game(["Y1", "R+2", "G1"], "R3", "Y9 Y8")
    transition = apply(state, 1, "R+2")
    assert event_types(transition) == ["play", "draw", "hand_over"]
    assert events_of(transition, "draw")[0]["seat"] == 2
    state = transition.state
    assert state.phase is Phase.HAND_OVER
    assert hand_of(state, 2) == ["G1", "Y9", "Y8"]
    assert events_of(transition, "hand_over")[0]["points"] == [0, 1 + 18, 0]


@pytest.mark.parametrize("last", ["RS", "RR"])
def test_rule_3_6_going_out_with_skip_or_reverse_has_no_effect(last: str) -> None:
    state = game(["Y1", last, "G1"], "R3")
    transition = apply(state, 1, last)
    assert event_types(transition) == ["play", "hand_over"]
    assert transition.state.phase is Phase.HAND_OVER
    assert transition.state.direction == 1


def test_rule_3_6_1_number_card_next_player_in_the_current_direction() -> None:
    state = game(["Y1 Y2 Y3", "R5 B1 B2", "G1 G2 G3"], "R3")
    assert apply(state, 1, "R5").state.turn == 2
    backwards = rig(state, direction=-1)
    assert apply(backwards, 1, "R5").state.turn == 0


def test_rule_3_6_2_skip_with_3_players() -> None:
    state = game(["Y1 Y2 Y3", "RS B1 B2", "R1 G2 G3"], "R3")
    transition = apply(state, 1, "RS")
    assert event_types(transition) == ["play", "skip"]
    assert events_of(transition, "skip") == [{"type": "skip", "seat": 2}]
    assert turn_of(transition.state) == (Phase.AWAIT_TURN, 0, 0)
    rejected(transition.state, 2, "R1", "NOT_YOUR_TURN")
    backwards = apply(rig(state, direction=-1), 1, "RS")
    assert events_of(backwards, "skip") == [{"type": "skip", "seat": 0}]
    assert backwards.state.turn == 2


def test_rule_3_6_3_reverse_twice_restores_clockwise() -> None:
    state = game(["RR Y1 Y2", "R1 G1 G2", "YR B1 B2"], "R3", dealer=2)
    state = apply(state, 0, "RR").state
    assert (state.direction, state.turn) == (-1, 2)
    state = apply(state, 2, "YR").state  # a Reverse on a Reverse (symbol match)
    assert (state.direction, state.turn) == (1, 0)


def test_rule_3_6_4_draw_two_with_3_players() -> None:
    state = game(["Y1 Y2 Y3", "R+2 B1 B2", "G1 G2 G3"], "R3", "Y9 Y8 Y7")
    transition = apply(state, 1, "R+2")
    assert event_types(transition) == ["play", "draw", "skip"]
    (draw,) = events_of(transition, "draw")
    assert (draw["seat"], draw["count"], draw["reason"], draw["cards"]) == (
        2,
        2,
        "draw_two",
        ["Y9", "Y8"],
    )
    assert events_of(transition, "skip") == [{"type": "skip", "seat": 2}]
    state = transition.state
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)
    assert sizes(state) == [3, 2, 5]
    assert state.pending_draw == 0


def test_rule_3_6_5_wild_sets_the_colour_and_passes_the_turn() -> None:
    state = game(["Y1 Y2 Y3", "W B1 B2", "G1 G2 G3"], "R3")
    transition = apply(state, 1, "W:y")
    assert event_types(transition) == ["play"]
    assert events_of(transition, "play")[0]["color"] == "y"
    assert (transition.state.color, transition.state.turn) == (Color.YELLOW, 2)


def test_rule_3_6_6_wd4_accepted_victim_draws_4_and_loses_the_turn() -> None:
    state = game(["Y1 Y2 Y3", "W+4 B1 B2", "G1 G2 G3"], "R3", "Y9 Y8 Y7 Y6 Y5")
    state = apply(state, 1, "W+4:b").state
    assert turn_of(state) == (Phase.AWAIT_WD4_RESPONSE, 2, 2)
    rejected(state, 2, "G1", "RESPONSE_REQUIRED")
    rejected(state, 0, "Y1", "NOT_YOUR_TURN")
    rejected(state, 0, "accept", "NOT_YOUR_TURN")
    rejected(state, 0, "challenge", "NOT_THE_CHALLENGER")
    transition = apply(state, 2, "accept")
    assert event_types(transition) == ["accept", "draw", "skip"]
    (draw,) = events_of(transition, "draw")
    assert (draw["seat"], draw["count"], draw["cards"]) == (2, 4, ["Y9", "Y8", "Y7", "Y6"])
    state = transition.state
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)
    assert state.color is Color.BLUE
    assert state.pending_draw == 0
    assert sizes(state) == [3, 2, 7]


def test_rule_3_6_7_skipped_player_may_still_catch_a_missed_uno() -> None:
    state = game(["Y1 Y2", "RS B1", "G1 G2"], "R3", "Y9 Y8")
    state = apply(state, 1, "RS").state  # down to one card, no call
    assert state.exposed == 1
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)
    rejected(state, 2, "G1", "NOT_YOUR_TURN")  # the skipped seat takes no turn action
    assert action_codes(state, 2) == ["catch 1"]
    transition = apply(state, 2, "catch 1")
    assert event_types(transition) == ["catch", "draw"]
    state = transition.state
    assert hand_of(state, 1) == ["B1", "Y9", "Y8"]
    assert state.exposed is None
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)


# -- §3.9 two-player rules ------------------------------------------------------------------------


def test_rule_3_9_2_two_players_wd4_gives_the_same_player_another_turn() -> None:
    state = game(["Y1 Y2 Y3", "W+4 R1 R2"], "R3", "B9 B8 B7 B6 B5 B4")
    state = apply(state, 1, "W+4:g").state  # a bluff (R1, R2)
    assert turn_of(state) == (Phase.AWAIT_WD4_RESPONSE, 0, 0)
    accepted = apply(state, 0, "accept").state
    assert turn_of(accepted) == (Phase.AWAIT_TURN, 1, 1)
    assert sizes(accepted) == [7, 2]
    # a failed challenge (legal WD4) also gives the WD4 player the next turn
    state = game(["Y1 Y2 Y3", "W+4 G1 B2"], "R3", "B9 B8 B7 B6 B5 B4")
    state = run(state, (1, "W+4:g"), (0, "challenge")).state
    assert turn_of(state) == (Phase.AWAIT_TURN, 1, 1)
    assert sizes(state) == [9, 2]


def test_rule_3_9_3_another_turn_is_a_complete_turn() -> None:
    state = game(["Y1 Y2 Y3 Y4", "RS GS G+2 G5"], "R3", "B9 B8 B7")
    state = apply(state, 1, "RS").state
    assert turn_of(state) == (Phase.AWAIT_TURN, 1, 1)
    state = apply(state, 1, "GS").state  # another action card: again
    assert turn_of(state) == (Phase.AWAIT_TURN, 1, 1)
    state = apply(state, 1, "G+2").state
    assert turn_of(state) == (Phase.AWAIT_TURN, 1, 1)
    assert sizes(state) == [6, 1]
    state = apply(state, 1, "draw").state  # a draw is a full turn too
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)
    assert hand_of(state, 1) == ["G5", "B7"]


def test_rule_3_9_4_two_player_rules_apply_when_only_two_players_are_active() -> None:
    state = game(["Y1 Y2 Y3 Y4", "RR RS R2 B9", "G1 G2 G3 G4"], "R3")
    two_left = rig(state, active=(True, True, False))
    state = apply(two_left, 1, "RR").state
    assert turn_of(state) == (Phase.AWAIT_TURN, 1, 1)
    assert state.direction == -1
    state = apply(state, 1, "RS").state
    assert turn_of(state) == (Phase.AWAIT_TURN, 1, 1)
    state = apply(state, 1, "R2").state
    assert turn_of(state) == (Phase.AWAIT_TURN, 0, 0)


def test_rule_3_9_5_two_player_rules_off_reverse_only_flips_direction() -> None:
    state = game(["Y1 Y2 Y3", "RR RS B2"], "R3", two_player_rules=False)
    transition = apply(state, 1, "RR")
    assert event_types(transition) == ["play", "reverse"]
    assert turn_of(transition.state) == (Phase.AWAIT_TURN, 0, 0)
    assert transition.state.direction == -1
    # a Skip still skips the opponent (§3.6.2)
    assert apply(state, 1, "RS").state.turn == 1


def test_helpers_cards_and_codes_agree() -> None:
    assert codes_of(cards("r5 g+2 w")) == codes("R5 G+2 W") == ["R5", "G+2", "W"]
