"""What autopilot decides for an absent person (SERVER.md §7), on the engine's own offers.

"First legal card, else draw; Uno with the play; accept a WD4; never catch or jump in for an
absent person." Each position is built exactly (tests/positions.py) and autopilot is given what
the table offers the seat that must decide (`seat_actions`), as the room does.
"""

from __future__ import annotations

import pytest

from lastcard.core import Action, ActionKind, GameState, Phase, Rules, apply, parse_action
from lastcard.core.offers import seat_actions
from lastcard.server.autopilot import autopilot_choice
from positions import position


def offered(state: GameState, seat: int | None = None) -> tuple[Action, ...]:
    decider = state.to_act if seat is None else seat
    assert decider is not None
    return seat_actions(state, decider)


def chosen(state: GameState, seat: int | None = None) -> str | None:
    choice = autopilot_choice(offered(state, seat))
    if choice is not None:
        assert choice in offered(state, seat), "autopilot chose something not on offer"
    return choice.code if choice is not None else None


def after(state: GameState, seat: int, code: str) -> GameState:
    return apply(state, seat, parse_action(code)).state


def test_s7_the_first_legal_card_is_played() -> None:
    state = position(["B2 R5 G3 R9", "Y1 Y2", "G1 G2"], "R3")
    assert [a.code for a in offered(state)] == ["R5", "R9", "G3", "draw"]
    assert chosen(state) == "R5"


def test_s7_a_play_that_leaves_one_card_calls_uno() -> None:
    state = position(["G3 R5", "Y1 Y2", "G1 G2"], "R3")
    assert {"R5", "R5!", "G3", "G3!"} <= {a.code for a in offered(state)}
    assert chosen(state) == "R5!"


def test_s7_a_wild_is_played_with_a_colour_and_uno() -> None:
    state = position(["W B7", "Y1 Y2 Y3", "G1 G2"], "R3")
    code = chosen(state)
    assert code is not None and code.startswith("W:") and code.endswith("!")
    assert after(state, 0, code).exposed is None  # the call was made: nobody can catch


def test_s7_with_no_card_to_play_autopilot_draws() -> None:
    state = position(["B5 G7", "Y1 Y2 Y3", "G1 G2"], "R3")
    assert chosen(state) == "draw"


def test_s7_a_playable_drawn_card_is_played() -> None:
    state = after(position(["B5 G7", "Y1 Y2 Y3", "G1 G2"], "R3", stock_top=["R9"]), 0, "draw")
    assert state.phase is Phase.AFTER_DRAW
    assert [a.code for a in offered(state)] == ["R9", "keep"]
    assert chosen(state) == "R9"


def test_s7_a_wild_draw_four_is_accepted_not_challenged() -> None:
    state = after(position(["W+4 G7", "Y1 Y2 Y3", "G1 G2"], "R3"), 0, "W+4:b")
    assert state.phase is Phase.AWAIT_WD4_RESPONSE
    assert {"challenge", "accept"} <= {a.code for a in offered(state)}
    assert chosen(state) == "accept"


def test_s7_the_first_wild_colour_is_named() -> None:
    state = position(["R5", "Y1 Y2 Y3", "G1 G2"], "W", phase=Phase.AWAIT_FIRST_COLOR, turn=1)
    assert all(a.kind is ActionKind.COLOR for a in offered(state))
    assert chosen(state) == offered(state)[0].code


def test_s7_autopilot_never_catches_even_when_its_decision_offers_a_catch() -> None:
    exposed = after(position(["R5 G3", "Y1 Y2", "G1 G2 R3"], "R3"), 0, "R5")
    assert exposed.exposed == 0 and exposed.to_act == 1
    assert [a.code for a in offered(exposed)] == ["draw", "catch 0"]
    assert chosen(exposed) == "draw"


def test_s7_autopilot_takes_no_out_of_turn_offer() -> None:
    """A seat that does not decide is offered only a late `uno` or a `catch`: autopilot passes."""
    exposed = after(position(["R5 G3", "Y1 Y2", "G1 G2 R3"], "R3"), 0, "R5")
    assert [a.code for a in offered(exposed, 0)] == ["uno"]
    assert [a.code for a in offered(exposed, 2)] == ["catch 0"]
    assert chosen(exposed, 0) is None
    assert chosen(exposed, 2) is None


def test_s7_between_hands_autopilot_deals_on() -> None:
    state = after(position(["R5", "Y1 Y2", "G1 G2"], "R3"), 0, "R5")
    assert state.phase is Phase.HAND_OVER
    assert chosen(state, 0) == "next"


@pytest.mark.parametrize(
    "codes",
    [[], ["uno"], ["catch 2"], ["catch 1", "catch 2", "uno"]],
)
def test_s7_with_nothing_but_optional_calls_autopilot_does_nothing(codes: list[str]) -> None:
    assert autopilot_choice([parse_action(code) for code in codes]) is None


def test_s7_the_preference_is_play_accept_draw_keep_colour_next() -> None:
    every = [parse_action(c) for c in ["next", "color g", "keep", "draw", "accept", "G7", "R7!"]]
    picks = []
    while every:
        choice = autopilot_choice(every)
        assert choice is not None
        picks.append(choice.code)
        every = [a for a in every if a.kind is not choice.kind]
    assert picks == ["G7", "accept", "draw", "keep", "color g", "next"]


def test_s7_uno_is_only_added_to_the_same_play() -> None:
    """The `!` variant is taken only for the first card itself, never another card's."""
    legal = [parse_action(c) for c in ["R5", "G3", "G3!", "draw"]]
    choice = autopilot_choice(legal)
    assert choice is not None and choice.code == "R5"


def test_s7_a_stacked_draw_is_answered_with_a_card_when_one_stacks() -> None:
    rules = Rules(stacking="same")
    state = after(position(["R+2 B1 B4", "G+2 Y2 Y3", "G1 G2"], "R3", rules=rules), 0, "R+2")
    assert state.phase is Phase.AWAIT_STACK_RESPONSE
    assert chosen(state) == "G+2"
