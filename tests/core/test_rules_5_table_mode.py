"""Table mode: the wrong-card and suggestion penalties of a refereed table (RULES.md §5.1,
§5.4, §5.5).

Seats: A = 0, B = 1, C = 2; A is to play on R5 (red current) unless stated. The next cards of
the stock are `PENALTY`, first drawn first.
"""

from __future__ import annotations

import pytest

from lastcard import (
    Action,
    ActionKind,
    ActionSyntaxError,
    Phase,
    Rules,
    apply,
    legal_actions,
    player_view,
)
from lastcard.core import unlisted_but_accepted
from lastcard.core.actions import parse_action
from lastcard.table import Table
from positions import (
    action_codes,
    codes_of,
    event_data,
    event_types,
    hand_of,
    position,
    rejected,
    rig,
    run,
    sizes,
)

TABLE = Rules(mode="table")
PENALTY = "Y5 Y6 Y7 Y8"


def table_position(players: int = 3, **fields: object) -> object:
    hands = ["G7 R3 B2", "B1 R9 Y2", "G1 G2"][:players]
    return position(hands, "B5 R5", rules=TABLE, stock_top=PENALTY, **fields)


class TestRule_5_1_1_Modes:
    def test_strict_is_the_default(self) -> None:
        assert Rules().mode == "strict"
        assert Rules.preset("table").mode == "table"

    def test_strict_mode_rejects_a_wrong_card(self) -> None:
        state = position(["G7 R3", "B1", "G1"], "B5 R5", stock_top=PENALTY)
        rejected(state, 0, "G7", "CARD_DOES_NOT_MATCH")

    def test_strict_mode_has_no_penalize(self) -> None:
        state = position(["G7 R3", "B1", "G1"], "B5 R5", stock_top=PENALTY)
        rejected(state, 0, "penalize 1", "OPTION_DISABLED")

    def test_the_preset_summary_says_what_it_plays(self) -> None:
        assert "wrong card" in Rules.preset_summaries()["table"]


class TestRule_5_4_1_WrongCard:
    def test_the_card_stays_the_player_draws_2_and_the_turn_passes(self) -> None:
        state = table_position()
        t = apply(state, 0, "G7")
        after = t.state
        assert hand_of(after, 0) == ["G7", "R3", "B2", "Y5", "Y6"]
        assert codes_of(after.discard) == ["B5", "R5"]  # nothing was played
        assert after.color is state.color
        assert after.phase is Phase.AWAIT_TURN and after.turn == after.to_act == 1
        assert event_types(t) == ["wrong_card", "draw"]
        assert event_data(t, "wrong_card") == [{"seat": 0, "card": "G7"}]
        assert event_data(t, "draw")[0]["reason"] == "wrong_card"

    def test_nothing_of_the_card_takes_effect(self) -> None:
        # A wrong Skip skips nobody, a wrong Draw Two makes nobody draw: B plays next.
        for card in ("G+2", "GS", "GR"):
            state = position([f"{card} R3", "B1 R9", "G1 G2"], "B5 R5", rules=TABLE)
            after = apply(state, 0, card).state
            assert after.turn == 1 and after.direction == 1, card
            assert sizes(after) == [4, 2, 2], card

    def test_a_card_other_than_the_drawn_one_after_a_draw(self) -> None:
        state = table_position(phase=Phase.AFTER_DRAW, drawn="R3")
        t = apply(state, 0, "B2")
        assert event_types(t) == ["wrong_card", "draw"]
        assert hand_of(t.state, 0) == ["G7", "R3", "B2", "Y5", "Y6"]
        assert t.state.turn == 1 and t.state.drawn is None

    def test_a_wild_other_than_the_drawn_card_is_a_wrong_card_too(self) -> None:
        state = position(["W R3", "B1", "G1"], "B5 R5", rules=TABLE, phase=Phase.AFTER_DRAW)
        state = rig(state, drawn="R3")
        t = apply(state, 0, "W:g")
        assert event_types(t)[0] == "wrong_card"
        assert t.state.color is state.color

    def test_it_follows_the_direction_of_play(self) -> None:
        state = table_position(direction=-1)
        assert apply(state, 0, "G7").state.turn == 2

    def test_a_matching_card_is_played_as_usual(self) -> None:
        t = apply(table_position(), 0, "R3")
        assert event_types(t) == ["play"]
        assert t.state.top.code == "R3"

    def test_it_closes_the_catch_window(self) -> None:
        # C played its penultimate card without calling: catchable until the next player acts.
        state = position(["G7 R3", "B1 R9", "G1"], "B5 R5", rules=TABLE, exposed=2)
        after = apply(state, 0, "G7").state
        assert after.exposed is None
        rejected(after, 1, "catch 2", "CATCH_TOO_LATE")

    def test_a_player_down_to_one_card_may_still_play_a_wrong_one(self) -> None:
        state = position(["G7", "B1 R9", "G1 G2"], "B5 R5", rules=TABLE, stock_top=PENALTY)
        after = apply(state, 0, "G7").state
        assert hand_of(after, 0) == ["G7", "Y5", "Y6"]
        assert after.phase is Phase.AWAIT_TURN  # it did not go out

    def test_with_nothing_left_to_draw_it_counts_as_a_pass(self) -> None:
        # Decided: the table is exactly as before, so it counts towards a blocked hand (§3.11.3).
        state = position(["G7 G8", "B1 B2", "Y1 Y2"], "R5", rules=TABLE, stock=(), passes=2)
        t = apply(state, 0, "G7")
        assert event_types(t)[:2] == ["wrong_card", "draw"]
        assert event_data(t, "draw")[0]["count"] == 0
        assert t.state.phase is Phase.HAND_OVER

    def test_it_is_not_listed_but_a_table_accepts_it(self) -> None:
        state = table_position()
        assert "G7" not in action_codes(state, 0)
        assert unlisted_but_accepted(state, 0, parse_action("G7"))
        assert not unlisted_but_accepted(state, 1, parse_action("B1"))  # not its turn


class TestRule_5_4_2_OtherInvalidActions:
    def test_a_card_not_in_hand_is_rejected(self) -> None:
        rejected(table_position(), 0, "Y9", "CARD_NOT_IN_HAND")

    def test_out_of_turn_is_rejected(self) -> None:
        rejected(table_position(), 1, "B1", "NOT_YOUR_TURN")

    def test_a_missing_colour_is_rejected(self) -> None:
        state = rig(table_position(phase=Phase.AFTER_DRAW), drawn="R3", hands=["W R3", "B1", "G1"])
        rejected(state, 0, "W", "MISSING_COLOUR")

    def test_an_illegal_wild_draw_four_without_bluffing_is_rejected(self) -> None:
        rules = Rules(mode="table", wd4_bluffing=False)
        state = position(["W+4 R3", "B1", "G1"], "B5 R5", rules=rules)
        rejected(state, 0, "W+4:g", "ILLEGAL_WILD_DRAW_FOUR")

    def test_a_wrong_card_while_a_draw_is_pending_is_rejected(self) -> None:
        state = position(
            ["G7 R3", "B1", "G1"], "B5 R+2", rules=Rules(mode="table", stacking="same")
        )
        state = rig(state, phase=Phase.AWAIT_STACK_RESPONSE, pending_draw=2)
        rejected(state, 0, "G7", "RESPONSE_REQUIRED")

    def test_a_wrong_jump_in_is_rejected(self) -> None:
        rules = Rules(mode="table", jump_in=True)
        state = position(["G7 R3", "B1 R4", "G1"], "B5 R5", rules=rules)
        rejected(state, 1, "R4", "JUMP_IN_NOT_ALLOWED")


class TestRule_5_5_1_Suggestions:
    def test_the_seat_draws_2_and_the_turn_does_not_move(self) -> None:
        state = table_position()
        t = apply(state, 0, "penalize 2")
        after = t.state
        assert hand_of(after, 2) == ["G1", "G2", "Y5", "Y6"]
        assert after.turn == after.to_act == 0 and after.phase is Phase.AWAIT_TURN
        assert event_types(t) == ["suggestion_penalty", "draw"]
        assert event_data(t, "draw")[0]["reason"] == "suggestion"

    @pytest.mark.parametrize("reporter", [0, 1, 2])
    def test_any_seat_may_report_it(self, reporter: int) -> None:
        assert sizes(apply(table_position(), reporter, "penalize 1").state) == [3, 5, 2]

    def test_at_any_time_of_the_hand(self) -> None:
        state = table_position(phase=Phase.AFTER_DRAW, drawn="R3")
        after = apply(state, 2, "penalize 0").state
        assert after.phase is Phase.AFTER_DRAW and after.drawn is not None
        assert action_codes(after, 0) == ["R3", "keep"]

    def test_a_seat_owing_uno_owes_it_no_more(self) -> None:
        state = position(["G7 R3", "B1 R9", "G1"], "B5 R5", rules=TABLE, exposed=2)
        after = apply(state, 1, "penalize 2").state
        assert after.exposed is None and sizes(after)[2] == 3
        rejected(after, 0, "catch 2", "CATCH_INVALID")

    def test_not_between_hands(self) -> None:
        state = rig(table_position(), phase=Phase.HAND_OVER)
        rejected(state, 0, "penalize 1", "HAND_IS_OVER")

    def test_only_a_seat_of_the_game(self) -> None:
        rejected(table_position(), 0, Action(ActionKind.PENALIZE, target=3), "INVALID_TARGET")
        with pytest.raises(ActionSyntaxError):  # no seat number at all: no action
            Action(ActionKind.PENALIZE, target=-1)

    def test_nobody_is_offered_it(self) -> None:
        state = table_position()
        for seat in range(3):
            assert all(not code.startswith("penalize") for code in action_codes(state, seat))
            assert all(a.kind.value != "penalize" for a in legal_actions(state, seat))

    def test_a_table_passes_it_on_from_any_outside_seat(self) -> None:
        table = Table([None, None, None], TABLE, seed=3)
        before = [len(h) for h in table.state.hands]
        table.submit(2, "penalize 0")
        assert [len(h) for h in table.state.hands] == [before[0] + 2, *before[1:]]

    def test_everyone_sees_the_penalty_but_only_its_seat_the_cards(self) -> None:
        t = run(table_position(), (1, "penalize 2"))
        for seat in range(3):
            view = player_view(t.state, seat)
            assert view.hand_sizes[2] == 4
        drawn = next(e for e in t.events if e.type == "draw")
        assert drawn.redact(0).to_dict().get("cards") is None
        assert drawn.redact(2).to_dict()["cards"] == ["Y5", "Y6"]
