"""The discard round of Care-a-lot, carried by the Wild Customizable's `all_discard_one`
effect (RULES.md §7.10.2 → §7.11.4), and its Uno duties (§4.1, §4.4).

Seats: A = 0, B = 1, C = 2; A plays `WC` on R5 unless stated.
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

CARE = Rules(deck="2018", custom_wild_effect="all_discard_one")


def round_position(hands: tuple[str, ...] = ("WC R3 B2", "B1 R9 Y2", "G1 G2"), **fields: object):
    return position(list(hands), "B5 R5", rules=CARE, **fields)


def in_round(**fields: object):
    """A has just played WC (yellow): B is asked first."""
    return run(round_position(), (0, "WC:y")).state


class TestRule_7_11_4_DiscardRound:
    def test_the_round_starts_with_next_p_after_the_colour(self) -> None:
        t = run(round_position(), (0, "WC:y"))
        after = t.state
        assert event_types(t) == ["play", "discard_round"]
        assert after.phase is Phase.AWAIT_DISCARD
        assert (after.turn, after.to_act, after.color.value) == (0, 1, "Y")
        assert action_codes(after, 1) == ["discard R9", "discard Y2", "discard B1", "decline"]
        assert action_codes(after, 0) == [] and action_codes(after, 2) == []

    def test_each_seat_in_turn_order_ending_with_p_then_next_p_plays(self) -> None:
        state = in_round()
        state = apply(state, 1, "discard R9").state
        assert state.to_act == 2
        state = apply(state, 2, "decline").state
        assert state.to_act == 0 and state.phase is Phase.AWAIT_DISCARD
        t = apply(state, 0, "discard B2")
        after = t.state
        assert after.phase is Phase.AWAIT_TURN and after.turn == after.to_act == 1
        assert sizes(after) == [1, 2, 2]
        assert event_types(t) == ["discard"]

    def test_discards_go_beneath_the_top_card_which_keeps_its_colour(self) -> None:
        state = apply(in_round(), 1, "discard R9").state
        state = apply(state, 2, "discard G1").state
        assert codes_of(state.discard) == ["B5", "R5", "R9", "G1", "WC"]
        assert state.top.code == "WC" and state.color.value == "Y"

    def test_a_discard_has_no_effect(self) -> None:
        state = round_position(("WC R3 B2", "BS R9 Y+2", "G1 G2"))
        state = run(state, (0, "WC:y"), (1, "discard Y+2"), (2, "decline"), (0, "decline")).state
        assert state.turn == 1 and sizes(state) == [2, 2, 2]  # nobody drew, nobody skipped

    def test_the_direction_is_followed(self) -> None:
        state = round_position(direction=-1)
        state = apply(state, 0, "WC:y").state
        assert state.to_act == 2
        state = run(state, (2, "decline"), (1, "decline"), (0, "decline")).state
        assert state.turn == 2

    def test_a_wild_discard_declares_no_colour(self) -> None:
        state = round_position(("WC R3 B2", "W+4 R9 Y2", "G1 G2"))
        state = run(state, (0, "WC:y"), (1, "discard W+4")).state
        assert state.color.value == "Y" and state.challenge is None
        assert apply(state, 2, "decline").state.pending_draw == 0

    def test_event_data_is_public(self) -> None:
        t = apply(in_round(), 1, "discard R9")
        assert event_data(t, "discard") == [{"seat": 1, "card": "R9", "uno": False}]
        assert not t.events[0].secret and not t.events[0].secret_to


class TestRule_7_11_4_Refusals:
    def test_E63_a_player_with_one_card_cannot_discard_it(self) -> None:
        # C holds one card: the round passes C by (an engine decision), and the card stays.
        state = round_position(("WC R3 B2", "B1 R9 Y2", "G1"))
        state = run(state, (0, "WC:y"), (1, "decline")).state
        assert state.to_act == 0
        assert hand_of(state, 2) == ["G1"]

    def test_E63_the_player_of_the_card_left_with_one_card_is_not_asked(self) -> None:
        state = round_position(("WC R3", "B1 R9 Y2", "G1 G2"))
        state = run(state, (0, "WC:y!"), (1, "decline"), (2, "decline")).state
        assert state.phase is Phase.AWAIT_TURN and state.turn == 1

    def test_E63_a_rigged_last_card_discard_is_rejected(self) -> None:
        state = round_position(("WC R3 B2", "B1", "G1 G2"), phase=Phase.AWAIT_DISCARD)
        state = from_notation(
            to_notation(state).replace("await_discard", "await_discard | to_act 1 | top_player 0")
        )
        rejected(state, 1, "discard B1", "CANNOT_DISCARD_LAST_CARD")

    def test_nobody_who_can_discard_skips_the_round(self) -> None:
        state = round_position(("WC R3", "B1", "G1"))
        after = apply(state, 0, "WC:y!").state
        assert after.phase is Phase.AWAIT_TURN and after.turn == 1

    @pytest.mark.parametrize(
        ("seat", "action", "code"),
        [
            (2, "discard G1", "NOT_YOUR_TURN"),
            (0, "decline", "NOT_YOUR_TURN"),
            (1, "discard G1", "CARD_NOT_IN_HAND"),
            (1, "discard R9!", "NOTHING_TO_CALL"),
            (1, "draw", "RESPONSE_REQUIRED"),
            (1, "Y2", "RESPONSE_REQUIRED"),
            (2, "G1", "NOT_YOUR_TURN"),
            (2, "draw", "NOT_YOUR_TURN"),
            (1, "challenge", "RESPONSE_REQUIRED"),
        ],
    )
    def test_rejected_actions_change_nothing(self, seat: int, action: str, code: str) -> None:
        rejected(in_round(), seat, action, code)

    @pytest.mark.parametrize("action", ["discard R3", "decline"])
    def test_outside_a_round_discard_and_decline_are_refused(self, action: str) -> None:
        rejected(round_position(), 0, action, "NO_DISCARD_ROUND")

    def test_the_first_discard_is_a_plain_wild(self) -> None:
        # §7.10.3: a WC turned up first has no effect: the colour is named, no round happens.
        state = position(["R3 B2", "B1 R9"], "WC", rules=CARE, phase=Phase.AWAIT_FIRST_COLOR)
        after = apply(state, 0, "color r").state
        assert after.phase is Phase.AWAIT_TURN


class TestRule_7_11_4_Uno:
    def test_4_1_discarding_down_to_one_card_owes_uno(self) -> None:
        state = round_position(("WC R3 B2", "B1 R9", "G1 G2"))
        state = apply(state, 0, "WC:y").state
        assert action_codes(state, 1) == [
            "discard R9",
            "discard R9!",
            "discard B1",
            "discard B1!",
            "decline",
        ]
        after = apply(state, 1, "discard R9").state
        assert after.exposed == 1
        caught = apply(after, 0, "catch 1")
        assert sizes(caught.state)[1] == 3 and caught.state.to_act == 2

    def test_4_3_calling_with_the_discard_protects(self) -> None:
        state = round_position(("WC R3 B2", "B1 R9", "G1 G2"))
        after = run(state, (0, "WC:y"), (1, "discard R9!")).state
        assert after.exposed is None

    def test_4_4_the_next_discarders_action_closes_the_window(self) -> None:
        state = round_position(("WC R3 B2", "B1 R9", "G1 G2"))
        state = run(state, (0, "WC:y"), (1, "discard R9")).state
        after = apply(state, 2, "decline").state
        assert after.exposed is None and 1 in after.uncaught
        rejected(after, 0, "catch 1", "CATCH_TOO_LATE")

    def test_4_4_the_player_of_the_card_stays_exposed_until_next_p_acts(self) -> None:
        state = round_position(("WC R3", "B1 R9 Y2", "G1 G2"))
        state = apply(state, 0, "WC:y").state
        assert state.exposed == 0 and state.to_act == 1
        assert "catch 0" in action_codes(state, 2)
        assert "uno" in action_codes(state, 0)
        after = apply(state, 1, "decline").state
        assert after.exposed is None

    def test_6_1_going_out_with_the_card_holds_no_round(self) -> None:
        state = round_position(("WC", "B1 R9 Y2", "G1 G2"))
        t = apply(state, 0, "WC:y")
        assert t.state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert "discard_round" not in event_types(t)


class TestRule_7_11_4_Interactions:
    def test_7_3_2_no_jump_in_during_the_round(self) -> None:
        rules = CARE.changed(jump_in=True)
        state = position(["WC R3 B2", "B1 R9 Y2", "G1 G2"], "B5 R5", rules=rules)
        state = apply(state, 0, "WC:y").state
        assert all(not a.startswith("G") for a in action_codes(state, 2))

    def test_table_mode_penalize_during_the_round(self) -> None:
        rules = CARE.changed(mode="table")
        state = position(["WC R3 B2", "B1 R9 Y2", "G1 G2"], "B5 R5", rules=rules)
        state = apply(state, 0, "WC:y").state
        after = apply(state, 2, "penalize 1").state
        assert after.to_act == 1 and sizes(after)[1] == 5

    def test_elimination_skips_eliminated_seats(self) -> None:
        rules = CARE.changed(elimination=True)
        state = position(
            ["WC R3 B2", "B1 R9 Y2", "G1 G2"], "B5 R5", rules=rules, active=(True, False, True)
        )
        state = apply(state, 0, "WC:y").state
        assert state.to_act == 2

    def test_the_view_shows_the_round_to_everyone(self) -> None:
        state = in_round()
        view = player_view(state, 2)
        assert view.phase is Phase.AWAIT_DISCARD and view.to_act == 1

    def test_the_notation_round_trips_a_round(self) -> None:
        state = in_round()
        assert from_notation(to_notation(state)) == state
        assert "await_discard" in to_notation(state)

    def test_legal_actions_are_what_apply_accepts(self) -> None:
        state = in_round()
        for seat in range(3):
            for action in legal_actions(state, seat):
                apply(state, seat, action)
