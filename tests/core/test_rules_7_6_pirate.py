"""Pirate Uno (RULES.md §7.6, §7.13.1, §7.13.6): open hands, cheat plays and their window,
optional 7 swaps, 0s passing left.

Seats: A = 0, B = 1, C = 2; A is to play on R5 (red current) unless stated. The next cards of the
stock are `PENALTY`, first drawn first.
"""

from __future__ import annotations

import pytest

from lastcard import Phase, Rules, apply, legal_actions, player_view
from lastcard.core import from_notation, to_notation
from positions import (
    action_codes,
    codes_of,
    event_data,
    event_types,
    hand_of,
    position,
    rejected,
    run,
    sizes,
)

PIRATE = Rules(pirate=True)
PENALTY = "Y5 Y6 Y7 Y8"


def pirate_position(hands: tuple[str, ...] = ("G7 R3 B2", "B1 R9 Y2", "G1 G2"), **fields: object):
    return position(list(hands), "B5 R5", rules=PIRATE, stock_top=PENALTY, **fields)


class TestRule_7_6_1_SevensAndZeros:
    def test_pirate_implies_seven_o(self) -> None:
        assert PIRATE.seven_o and Rules.preset("pirate") == PIRATE

    def test_a_seven_may_name_nobody_and_swaps_nothing(self) -> None:
        state = pirate_position(("R7 R3 B2", "B1 R9 Y2", "G1 G2"))
        codes = action_codes(state, 0)
        assert {"R7", "R7>1", "R7>2"} <= set(codes)
        after = run(state, (0, "R7"), (1, "pass"), (2, "pass")).state
        assert hand_of(after, 0) == ["R3", "B2"] and after.turn == 1
        assert "swap_hands" not in event_types(run(state, (0, "R7"), (1, "pass"), (2, "pass")))

    def test_a_seven_naming_a_seat_swaps_once_the_window_closes(self) -> None:
        state = pirate_position(("R7 R3 B2", "B1 R9 Y2", "G1 G2"))
        t = run(state, (0, "R7>2"), (1, "pass"), (2, "pass"))
        assert hand_of(t.state, 0) == ["G1", "G2"] and hand_of(t.state, 2) == ["R3", "B2"]

    @pytest.mark.parametrize("direction", [1, -1])
    def test_a_zero_passes_every_hand_left_whatever_the_direction(self, direction: int) -> None:
        state = pirate_position(("R0 R3", "B1 R9 Y2", "G1 G2 G3 G4"), direction=direction)
        last = 2 if direction == 1 else 1
        first = 1 if direction == 1 else 2
        t = run(state, (0, "R0"), (first, "pass"), (last, "pass"))
        # Left is clockwise: seat 0's hand goes to seat 1, seat 1's to seat 2, seat 2's to 0.
        assert [hand_of(t.state, s) for s in range(3)] == [
            ["G1", "G2", "G3", "G4"],
            ["R3"],
            ["B1", "R9", "Y2"],
        ]
        assert event_data(t, "rotate_hands") == [{"direction": 1}]


class TestRule_7_6_2_OpenHands:
    def test_every_view_holds_every_hand(self) -> None:
        state = pirate_position()
        for seat in (None, 0, 1, 2):
            view = player_view(state, seat)
            assert view.open_hands == state.hands

    def test_hands_stay_hidden_without_pirate(self) -> None:
        state = position(["G7 R3", "B1", "G1"], "B5 R5")
        assert player_view(state, 1).open_hands is None


class TestRule_7_6_3_CheatPlays:
    def test_any_card_is_offered_on_ones_turn(self) -> None:
        state = pirate_position()
        assert [c for c in action_codes(state, 0) if c != "draw"] == [
            "R3",
            "G7",
            "G7>1",
            "G7>2",
            "B2",
        ]

    def test_a_non_matching_card_opens_the_window_flagged_for_its_player_alone(self) -> None:
        t = apply(pirate_position(), 0, "B2")
        state = t.state
        assert state.phase is Phase.AWAIT_PIRATE and (state.turn, state.to_act) == (0, 1)
        assert state.top.code == "B2" and state.color.value == "B"
        assert state.pirate is not None and state.pirate.cheat
        assert player_view(state, 0).cheat is True
        assert player_view(state, 1).cheat is None and player_view(state, None).cheat is None
        assert player_view(state, 1).pirate_color.value == "R"
        window = next(e for e in t.events if e.type == "pirate_window")
        assert window.secret == {"cheat": True} and window.secret_to == frozenset({0})

    def test_a_fair_play_is_flagged_fair(self) -> None:
        state = apply(pirate_position(), 0, "R3").state
        assert state.pirate is not None and not state.pirate.cheat
        assert player_view(state, 0).cheat is False

    def test_after_a_draw_any_card_may_be_played_and_another_than_the_drawn_one_is_a_cheat(
        self,
    ) -> None:
        state = position(
            ["G7 R3 B2 R8", "B1 R9 Y2", "G1 G2"],
            "B5 R5",
            rules=PIRATE,
            phase=Phase.AFTER_DRAW,
            drawn="R8",
        )
        assert {"R3", "R8", "G7", "B2", "keep"} <= set(action_codes(state, 0))
        assert apply(state, 0, "R3").state.pirate.cheat  # matches, but is not the drawn card
        assert not apply(state, 0, "R8").state.pirate.cheat

    def test_a_jump_in_must_be_genuine(self) -> None:
        rules = PIRATE.changed(jump_in=True)
        state = position(["G7 R3", "B1 R5", "G1 G2"], "B5 R5", rules=rules, turn=2)
        assert "R5" in action_codes(state, 1)
        rejected(state, 1, "B1", "JUMP_IN_NOT_ALLOWED")

    def test_7_13_6_table_mode_makes_a_wrong_card_a_cheat(self) -> None:
        rules = PIRATE.changed(mode="table")
        state = position(["G7 R3", "B1 R9", "G1 G2"], "B5 R5", rules=rules)
        t = apply(state, 0, "G7>1")
        assert t.state.phase is Phase.AWAIT_PIRATE and "wrong_card" not in event_types(t)

    def test_an_illegal_wd4_is_a_bluff_not_a_cheat(self) -> None:
        state = pirate_position(("W+4 R3", "B1 R9 Y2", "G1 G2"))
        state = run(state, (0, "W+4:g"), (1, "pass"), (2, "pass")).state
        assert state.phase is Phase.AWAIT_WD4_RESPONSE and state.challenge.legal is False

    def test_with_bluffing_off_an_illegal_wd4_is_refused(self) -> None:
        rules = PIRATE.changed(wd4_bluffing=False)
        state = position(["W+4 R3", "B1 R9 Y2", "G1 G2"], "B5 R5", rules=rules)
        rejected(state, 0, "W+4:g", "ILLEGAL_WILD_DRAW_FOUR")


class TestRule_7_6_4_PirateWindow:
    def test_everyone_is_asked_in_turn_order_then_the_play_resolves(self) -> None:
        state = pirate_position(("RS R3 B2", "B1 R9 Y2", "G1 G2"))
        state = apply(state, 0, "RS").state
        assert action_codes(state, 1) == ["pass", "cheat"] and action_codes(state, 2) == []
        state = apply(state, 1, "pass").state
        assert state.to_act == 2
        t = apply(state, 2, "pass")
        assert event_types(t) == ["pirate_pass", "skip"]  # the Skip waited for the window
        assert t.state.turn == 2 and t.state.phase is Phase.AWAIT_TURN

    def test_the_window_follows_the_direction(self) -> None:
        state = apply(pirate_position(direction=-1), 0, "R3").state
        assert state.to_act == 2

    def test_a_called_cheat_goes_back_and_its_player_draws_2(self) -> None:
        state = apply(pirate_position(), 0, "B2").state
        t = apply(state, 1, "cheat")
        after = t.state
        assert event_data(t, "pirate_call") == [{"seat": 1, "player": 0, "cheat": True}]
        assert hand_of(after, 0) == ["G7", "R3", "B2", "Y5", "Y6"]
        assert codes_of(after.discard) == ["B5", "R5"] and after.color.value == "R"
        assert after.top_player is None and after.pirate is None
        assert after.phase is Phase.AWAIT_TURN and after.turn == 1
        assert event_data(t, "draw")[0]["reason"] == "cheat"

    def test_nothing_of_a_called_cheat_happens_and_its_player_does_not_go_out(self) -> None:
        state = pirate_position(("G+2", "B1 R9 Y2", "G1 G2"))
        after = run(state, (0, "G+2"), (1, "pass"), (2, "cheat")).state
        assert after.phase is Phase.AWAIT_TURN and sizes(after) == [3, 3, 2] and after.turn == 1

    def test_a_wrong_call_costs_the_caller_and_the_play_stands(self) -> None:
        state = apply(pirate_position(("R+2 R3 B2", "B1 R9 Y2", "G1 G2")), 0, "R+2").state
        t = apply(state, 1, "cheat")
        assert event_data(t, "pirate_call") == [{"seat": 1, "player": 0, "cheat": False}]
        draws = event_data(t, "draw")
        assert [(d["seat"], d["reason"]) for d in draws] == [
            (1, "false_cheat_call"),
            (1, "draw_two"),
        ]
        assert sizes(t.state) == [2, 7, 2] and t.state.turn == 2

    def test_the_false_call_penalty_is_an_option(self) -> None:
        rules = PIRATE.changed(pirate_false_call_penalty=0)
        state = position(["R3 B2", "B1 R9 Y2", "G1 G2"], "B5 R5", rules=rules)
        t = run(state, (0, "R3"), (1, "cheat"))
        assert "draw" not in event_types(t) and t.state.turn == 1

    def test_the_first_call_closes_the_window(self) -> None:
        state = run(pirate_position(), (0, "B2"), (1, "pass"), (2, "cheat")).state
        assert state.phase is Phase.AWAIT_TURN
        rejected(state, 1, "cheat", "NO_PIRATE_WINDOW")

    def test_going_out_waits_for_the_window(self) -> None:
        state = pirate_position(("R3", "B1 R9 Y2", "G1 G2"))
        state = apply(state, 0, "R3").state
        assert state.phase is Phase.AWAIT_PIRATE and hand_of(state, 0) == []
        after = run(state, (1, "pass"), (2, "pass")).state
        assert after.phase in (Phase.HAND_OVER, Phase.GAME_OVER)

    def test_two_players_the_window_asks_the_other(self) -> None:
        state = position(["G7 R3", "B1 R9"], "B5 R5", rules=PIRATE, stock_top=PENALTY)
        state = apply(state, 0, "R3").state
        assert state.to_act == 1
        assert apply(state, 1, "pass").state.turn == 1

    @pytest.mark.parametrize(
        ("seat", "action", "code"),
        [
            (2, "pass", "NOT_YOUR_TURN"),
            (0, "cheat", "NOT_YOUR_TURN"),
            (1, "draw", "RESPONSE_REQUIRED"),
            (1, "R9", "RESPONSE_REQUIRED"),
            (2, "G1", "NOT_YOUR_TURN"),
            (1, "decline", "RESPONSE_REQUIRED"),
        ],
    )
    def test_rejected_actions_change_nothing(self, seat: int, action: str, code: str) -> None:
        rejected(apply(pirate_position(), 0, "B2").state, seat, action, code)

    def test_no_window_no_answers(self) -> None:
        rejected(pirate_position(), 1, "pass", "NO_PIRATE_WINDOW")
        plain = position(["G7 R3", "B1", "G1"], "B5 R5")
        rejected(plain, 1, "cheat", "OPTION_DISABLED")

    def test_3_11_3_a_caught_cheat_is_a_play_not_a_pass(self) -> None:
        state = position(["G3 B2", "B1 Y9", "G1 G2"], "R5", rules=PIRATE, stock=(), passes=2)
        after = run(state, (0, "G3"), (1, "cheat")).state
        assert after.phase is Phase.AWAIT_TURN and after.passes == 0 and after.turn == 1

    def test_a_window_counts_one_turn_when_it_closes(self) -> None:
        state = apply(pirate_position(), 0, "R3").state
        assert state.hand_turns == 0
        assert run(state, (1, "pass"), (2, "pass")).state.hand_turns == 1
        assert apply(state, 1, "cheat").state.hand_turns == 1


class TestRule_7_6_5_Uno:
    def test_the_catch_window_opens_after_the_pirate_window(self) -> None:
        state = pirate_position(("R3 B2", "B1 R9 Y2", "G1 G2"))
        state = apply(state, 0, "R3").state
        assert state.exposed is None and action_codes(state, 2) == []
        after = run(state, (1, "pass"), (2, "pass")).state
        assert after.exposed == 0

    def test_a_call_made_with_the_play_is_kept_through_the_window(self) -> None:
        state = pirate_position(("R3 B2", "B1 R9 Y2", "G1 G2"))
        after = run(state, (0, "R3!"), (1, "pass"), (2, "pass")).state
        assert after.exposed is None

    def test_a_caught_cheat_owes_no_call(self) -> None:
        state = pirate_position(("G3 B2", "B1 R9 Y2", "G1 G2"))
        after = run(state, (0, "G3"), (1, "cheat")).state
        assert after.exposed is None and sizes(after)[0] == 4


class TestRule_7_6_Positions:
    def test_the_notation_round_trips_a_window(self) -> None:
        state = apply(pirate_position(("G7 R3", "B1 R9 Y2", "G1 G2")), 0, "G7>2!").state
        text = to_notation(state)
        assert "await_pirate" in text and "pirate cheat r - 2 uno" in text
        assert from_notation(text) == state

    def test_stored_states_round_trip_a_window(self) -> None:
        from lastcard import read_state

        state = apply(pirate_position(), 0, "B2").state
        assert read_state(state.to_dict()) == state
        assert "pirate" not in pirate_position().to_dict()

    def test_legal_actions_are_what_apply_accepts(self) -> None:
        state = apply(pirate_position(), 0, "B2").state
        for seat in range(3):
            for action in legal_actions(state, seat):
                apply(state, seat, action)
