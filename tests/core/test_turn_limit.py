"""RULES.md §3.11.4: a hand that reaches `turn_limit` turns ends blocked (§3.11.3)."""

from __future__ import annotations

from typing import Any

import pytest

from lastcard import (
    GameRecord,
    Phase,
    Rules,
    RulesError,
    apply,
    player_view,
    read_state,
    replay,
)
from lastcard.sim import play_game
from positions import act, of_type, position, run


def rules(limit: int | None = 5000, **options: Any) -> Rules:
    return Rules(turn_limit=limit, **options)


# Seat 0 to play on a red 1; every seat can play a red card.
HANDS = ["R5 R6 G2", "R7 R8 B2", "R9 R3 Y2"]


class TestTurnLimit:
    # -- the option ------------------------------------------------------------------------

    def test_rule_3_11_4_default_is_5000_in_every_preset(self) -> None:
        assert Rules().turn_limit == 5000
        for name in Rules.presets():
            assert Rules.preset(name).turn_limit == 5000

    @pytest.mark.parametrize("value", [1, 7, 5000, None])
    def test_rule_3_11_4_values_round_trip(self, value: int | None) -> None:
        chosen = Rules(turn_limit=value)
        assert chosen.turn_limit == value
        assert Rules.from_dict(chosen.to_dict()) == chosen

    @pytest.mark.parametrize("value", [0, -1, 2.5, True, "5000"])
    def test_rule_3_11_4_invalid_values_are_refused(self, value: Any) -> None:
        with pytest.raises(RulesError, match="turn_limit"):
            Rules(turn_limit=value)

    # -- what is a turn ----------------------------------------------------------------------

    def test_rule_3_11_4_a_play_is_a_turn(self) -> None:
        state = position(HANDS, "R1", rules=rules())
        assert state.hand_turns == 0
        assert act(state, 0, "R5").hand_turns == 1

    def test_rule_3_11_4_a_draw_and_a_keep_are_one_turn(self) -> None:
        state = position(HANDS, "R1", rules=rules(), stock_top="R2")
        drawn = act(state, 0, "draw")
        assert drawn.phase is Phase.AFTER_DRAW and drawn.hand_turns == 0
        assert act(drawn, 0, "keep").hand_turns == 1

    def test_rule_3_11_4_a_draw_and_its_play_are_one_turn(self) -> None:
        state = position(HANDS, "R1", rules=rules(), stock_top="R2")
        assert act(state, 0, "draw", "R2").hand_turns == 1

    def test_rule_3_11_4_a_draw_that_cannot_be_played_is_a_turn(self) -> None:
        state = position(HANDS, "R1", rules=rules(), stock_top="B9")
        drawn = act(state, 0, "draw")
        assert drawn.turn == 1 and drawn.hand_turns == 1

    def test_rule_3_11_4_a_pass_is_a_turn(self) -> None:
        state = position(["G2 B3", "G4", "Y5"], "R1", rules=rules(), stock=())
        passed = run(state, (0, "draw"))
        assert of_type(passed.events, "pass") and passed.state.hand_turns == 1

    def test_rule_3_11_4_being_skipped_is_no_turn(self) -> None:
        state = position(["RS R6 G2", *HANDS[1:]], "R1", rules=rules())
        skipped = act(state, 0, "RS")
        assert skipped.turn == 2 and skipped.hand_turns == 1
        assert act(skipped, 2, "R9").hand_turns == 2

    @pytest.mark.parametrize("answer", ["accept", "challenge"])
    def test_rule_3_11_4_answering_a_wild_draw_four_is_no_turn(self, answer: str) -> None:
        state = position(["W+4 G2 B3", *HANDS[1:]], "R1", rules=rules())
        played = act(state, 0, "W+4:b")
        assert played.phase is Phase.AWAIT_WD4_RESPONSE and played.hand_turns == 1
        assert act(played, 1, answer).hand_turns == 1

    def test_rule_3_11_4_answering_a_stack_is_no_turn(self) -> None:
        state = position(["R+2 G2 B3", "B+2 R8 B2", "R9 R3 Y2"], "R1", rules=rules(stacking="same"))
        stacked = act(act(state, 0, "R+2"), 1, "B+2")
        assert stacked.phase is Phase.AWAIT_STACK_RESPONSE and stacked.hand_turns == 1
        assert act(stacked, 2, "accept").hand_turns == 1

    def test_rule_3_11_4_catches_and_late_uno_calls_are_no_turns(self) -> None:
        state = position(["R5 G2", *HANDS[1:]], "R1", rules=rules())
        exposed = act(state, 0, "R5")  # the penultimate card, without the call
        assert exposed.exposed == 0 and exposed.hand_turns == 1
        assert act(exposed, 0, "uno").hand_turns == 1
        assert act(exposed, 1, "catch 0").hand_turns == 1

    def test_rule_3_11_4_a_jump_in_is_no_turn(self) -> None:
        state = position(
            ["R6 G2", "R7 R8 B2", "R5 R3 Y2"], "R5", rules=rules(jump_in=True), turn=1, top_player=0
        )
        jumped = run(state, (2, "R5"))
        assert of_type(jumped.events, "play")[0]["jump_in"]
        assert jumped.state.hand_turns == 0

    # -- the limit -----------------------------------------------------------------------------

    def test_rule_3_11_4_the_hand_ends_blocked_at_the_limit(self) -> None:
        state = position(HANDS, "R1", rules=rules(2), scores=[10, 20, 30])
        once = apply(state, 0, "R5")
        assert once.state.phase is Phase.AWAIT_TURN and not of_type(once.events, "turn_limit")
        limit = apply(once.state, 1, "R7")
        end = limit.state
        assert of_type(limit.events, "turn_limit") == [
            {"type": "turn_limit", "turns": 2, "limit": 2}
        ]
        (over,) = of_type(limit.events, "hand_over")
        assert over["blocked"] and over["went_out"] is None
        assert over["points"] == [0, 0, 0]  # §6.1.5: a blocked hand scores nothing
        assert end.scores == (10, 20, 30)
        assert end.phase is Phase.HAND_OVER and end.history[-1].went_out is None
        assert end.pending_draw == 0 and end.to_act is None

    def test_rule_3_11_4_the_next_hand_counts_from_zero(self) -> None:
        state = position(HANDS, "R1", rules=rules(1))
        ended = act(state, 0, "R5")
        assert ended.phase is Phase.HAND_OVER and ended.hand_turns == 1
        dealt = act(ended, 0, "next")
        assert dealt.hand_number == ended.hand_number + 1 and dealt.hand_turns == 0

    def test_rule_3_11_4_a_pending_draw_ends_with_the_hand(self) -> None:
        state = position(["W+4 G2 B3", *HANDS[1:]], "R1", rules=rules(1))
        ended = run(state, (0, "W+4:b"))
        assert ended.state.phase is Phase.HAND_OVER
        assert ended.state.pending_draw == 0 and ended.state.challenge is None
        assert [e["count"] for e in of_type(ended.events, "draw")] == []

    def test_rule_3_11_4_going_out_on_the_last_turn_wins_the_hand(self) -> None:
        state = position(["R5", *HANDS[1:]], "R1", rules=rules(1))
        out = run(state, (0, "R5"))
        assert not of_type(out.events, "turn_limit")
        (over,) = of_type(out.events, "hand_over")
        assert over["went_out"] == 0 and not over["blocked"]

    def test_rule_3_11_4_none_disables_the_limit(self) -> None:
        state = position(HANDS, "R1", rules=rules(None))
        later = act(act(state, 0, "R5"), 1, "R7")
        assert later.phase is Phase.AWAIT_TURN and later.hand_turns == 2

    def test_rule_3_11_4_the_audits_endless_hand_ends(self) -> None:
        # Eight greedy players, Wild Downpour, a single hand: without the limit this hand
        # circulates the same few cards for ever (stock empty). Seed 3 deals two such hands (each
        # blocked, so dealt again) before a third that someone goes out of.
        single = Rules.preset("h2o").changed(target_score=None)
        record, final = play_game(["greedy"] * 8, single, 3, max_actions=50_000)
        assert final.is_over
        assert any(hand.went_out is None for hand in final.history)
        assert replay(record) == final

    # -- saved games ---------------------------------------------------------------------------

    def test_rule_3_11_4_states_saved_without_a_turn_count_load(self) -> None:
        state = act(position(HANDS, "R1", rules=rules()), 0, "R5")
        saved = state.to_dict()
        del saved["hand_turns"]
        assert read_state(saved).hand_turns == 0

    def test_rule_3_11_4_records_saved_before_the_limit_still_verify(self) -> None:
        assert replay(GameRecord.from_dict(_OLD_RECORD)).hand_turns == 20


# A game saved mid-hand before `turn_limit` and `hand_turns` existed, with its digest.
_OLD_STEPS = (
    "0:G4 1:G0 2:Y0 0:W+4:r 1:challenge 2:R5 0:R9 1:R0 2:W:r 0:draw 1:R1 2:draw 0:draw 1:RS "
    "0:draw 0:R+2 2:draw 2:W+4:r 0:challenge 1:W:r 2:draw 2:WD1:r 0:R2 1:G2 2:G4"
)
_OLD_RECORD: dict[str, Any] = {
    "version": 1,
    "players": 3,
    "rules": {k: v for k, v in Rules.preset("h2o").to_dict().items() if k != "turn_limit"},
    "seed": 11,
    "generator": "fast",
    "dealer": None,
    "deck": None,
    "actions": [[int(step[0]), step[2:]] for step in _OLD_STEPS.split()],
    "digest": "ae75c1227a33539acbe5593ec1ca9c184a04a59c36fb13dd63a3633f19f67fee",
}


def test_rule_3_11_4_every_seat_sees_the_turn_count() -> None:
    """Turns are public: a player (or an agent) can see a blocked end coming."""
    record, state = play_game(["eager"] * 3, Rules(target_score=None, turn_limit=30), 2)
    replayed, seen = record.start(), set()
    for seat, code in record.actions:
        replayed = apply(replayed, seat, code).state
        for viewer in (None, 0, 1, 2):
            assert player_view(replayed, viewer).hand_turns == replayed.hand_turns
        seen.add(replayed.hand_turns)
    assert replayed == state and {1, 2, 3} <= seen
