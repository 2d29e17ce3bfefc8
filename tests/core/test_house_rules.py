"""House rules and variants of RULES.md §7 (edge cases E46–E64 of §9.7), one class per rule.

Positions are built directly with `positions.position`; the seats are A, B, C, … = 0, 1, 2, …
"""

from __future__ import annotations

from collections import Counter

import pytest

from lastcard import (
    Card,
    Color,
    GameState,
    Kind,
    Phase,
    Rules,
    RulesError,
    new_game,
    team_totals,
)
from lastcard.core import CardEffect, EffectKind, rule_facts
from positions import (
    SEED,
    act,
    action_codes,
    cards,
    draws,
    hand_cards,
    of_type,
    position,
    rejected,
    sizes,
    sorted_hand,
    step,
    types,
)

SAME = Rules(stacking="same")
MIXED = Rules(stacking="mixed")
SEVEN_O = Rules(seven_o=True)
JUMP = Rules(jump_in=True)
ELIM = Rules(elimination=True)
H2O = Rules(wild_downpour={"draw1": 2, "draw2": 2})
DECK_2018 = Rules(deck="2018")
PARTNERS = Rules(teams="partners")


def custom(effect: str, **options: object) -> Rules:
    return Rules(deck="2018", custom_wild_effect=effect, **options)  # type: ignore[arg-type]


# -- §7.1 Stacking ------------------------------------------------------------------------------


class TestStacking:
    def test_e46_stacking_same(self) -> None:
        s = position(
            [["R+2", "Y3", "Y4"], ["B+2", "G5", "G6"], ["B7", "G8", "Y9"]],
            "R5",
            rules=SAME,
            stock_top=["R1", "R2", "R3", "R4"],
            top_player=2,
        )
        t = step(s, 0, "R+2")
        st = t.state
        assert st.phase is Phase.AWAIT_STACK_RESPONSE
        assert (st.turn, st.to_act, st.pending_draw) == (1, 1, 2)
        assert draws(t.events) == []  # §7.1.1: nobody draws yet
        assert sizes(st) == [2, 3, 3]
        assert action_codes(st, 1) == ["B+2", "accept"]
        rejected(st, 2, "accept", "NOT_YOUR_TURN")

        t = step(st, 1, "B+2")  # a Draw Two of any colour (§7.1.2)
        st = t.state
        assert st.phase is Phase.AWAIT_STACK_RESPONSE
        assert (st.turn, st.to_act, st.pending_draw, st.color) == (2, 2, 4, Color.BLUE)
        assert action_codes(st, 2) == ["accept"]

        t = step(st, 2, "accept")  # §7.1.5: draws P, loses the turn
        st = t.state
        assert types(t.events) == ["accept", "draw", "skip"]
        assert of_type(t.events, "accept")[0]["count"] == 4
        assert draws(t.events) == [(2, 4)]
        assert sorted_hand(st, 2) == sorted(["B7", "G8", "Y9", "R1", "R2", "R3", "R4"])
        assert st.phase is Phase.AWAIT_TURN
        assert (st.turn, st.to_act, st.pending_draw) == (0, 0, 0)
        assert sizes(st) == [2, 2, 7]
        assert st.deck_size == 108

    def test_e46_same_rejects_draw_two_on_wd4(self) -> None:
        s = position([["W+4", "G1", "G2"], ["R+2", "W+4", "Y3"], ["B7", "B8"]], "R5", rules=SAME)
        st = act(s, 0, "W+4:r")
        assert st.phase is Phase.AWAIT_WD4_RESPONSE
        assert (st.to_act, st.pending_draw) == (1, 4)
        assert action_codes(st, 1) == ["W+4:r", "W+4:y", "W+4:g", "W+4:b", "challenge", "accept"]
        rejected(st, 1, "R+2", "RESPONSE_REQUIRED")

    def test_e46_same_rejects_wd4_on_draw_two(self) -> None:
        s = position([["R+2", "G1", "G2"], ["W+4", "Y3", "Y4"], ["B7", "B8"]], "R5", rules=SAME)
        st = act(s, 0, "R+2")
        assert action_codes(st, 1) == ["accept"]
        rejected(st, 1, "W+4:y", "RESPONSE_REQUIRED")

    def test_e46_stacking_mixed(self) -> None:
        s = position(
            [["W+4", "G1", "G2"], ["R+2", "B+2", "Y3"], ["W+4", "R7", "B8"], ["Y5", "Y6"]],
            "R5",
            rules=MIXED,
            stock_top=["Y1", "Y2", "Y4", "Y7", "Y8", "Y9", "B1", "B2", "B3", "B4"],
            top_player=3,
        )
        st = act(s, 0, "W+4:r")
        # §7.1.3: a coloured draw card goes on a WD4 only in the WD4's declared colour
        assert action_codes(st, 1) == ["R+2", "challenge", "accept"]
        rejected(st, 1, "B+2", "RESPONSE_REQUIRED")
        st = act(st, 1, "R+2")
        assert st.phase is Phase.AWAIT_STACK_RESPONSE
        assert (st.to_act, st.pending_draw, st.color, st.challenge) == (2, 6, Color.RED, None)

        # A WD4 on any coloured draw card; judged against the current colour red (§7.1.7):
        # C holds a red 7, so it is a bluff.
        assert action_codes(st, 2) == ["W+4:r", "W+4:y", "W+4:g", "W+4:b", "accept"]
        st = act(st, 2, "W+4:g")
        assert st.phase is Phase.AWAIT_WD4_RESPONSE
        assert (st.to_act, st.pending_draw, st.color) == (3, 10, Color.GREEN)
        assert st.challenge is not None
        assert (st.challenge.player, st.challenge.legal) == (2, False)

        t = step(st, 3, "challenge")  # succeeds: C draws 4, P = 6 stays on D
        st = t.state
        assert draws(t.events) == [(2, 4)]
        assert sorted_hand(st, 2) == sorted(["R7", "B8", "Y1", "Y2", "Y4", "Y7"])
        assert st.phase is Phase.AWAIT_STACK_RESPONSE
        assert (st.to_act, st.pending_draw, st.color) == (3, 6, Color.GREEN)
        assert st.top == Card.from_code("W+4")

        t = step(st, 3, "accept")
        st = t.state
        assert draws(t.events) == [(3, 6)]
        assert st.phase is Phase.AWAIT_TURN
        assert (st.turn, st.pending_draw) == (0, 0)
        assert sizes(st) == [2, 2, 6, 8]

    def test_rule_7_1_3_mixed_draw_two_on_draw_two_any_colour(self) -> None:
        s = position([["R+2", "G1", "G2"], ["Y+2", "W+4", "Y3"], ["B7", "B8"]], "R5", rules=MIXED)
        st = act(s, 0, "R+2")
        assert action_codes(st, 1) == ["Y+2", "W+4:r", "W+4:y", "W+4:g", "W+4:b", "accept"]
        st = act(st, 1, "Y+2")
        assert (st.phase, st.to_act, st.pending_draw) == (Phase.AWAIT_STACK_RESPONSE, 2, 4)

    def test_e47_chain_across_reverse(self) -> None:
        s = position(
            [["RR", "G1", "G2"], ["Y1", "Y2", "Y3"], ["B+2", "Y4", "Y5"], ["R+2", "Y6", "Y7"]],
            "R5",
            rules=SAME,
            stock_top=["G3", "G4", "G5", "G6"],
            top_player=3,
        )
        st = act(s, 0, "RR")
        assert (st.direction, st.turn) == (-1, 3)
        st = act(st, 3, "R+2")
        assert (st.phase, st.to_act, st.pending_draw) == (Phase.AWAIT_STACK_RESPONSE, 2, 2)
        st = act(st, 2, "B+2")
        assert (st.phase, st.to_act, st.pending_draw) == (Phase.AWAIT_STACK_RESPONSE, 1, 4)
        t = step(st, 1, "accept")
        st = t.state
        assert draws(t.events) == [(1, 4)]
        assert of_type(t.events, "skip") == [{"type": "skip", "seat": 1}]
        assert sorted_hand(st, 1) == sorted(["Y1", "Y2", "Y3", "G3", "G4", "G5", "G6"])
        assert st.phase is Phase.AWAIT_TURN
        assert (st.turn, st.to_act, st.direction, st.pending_draw) == (0, 0, -1, 0)
        assert sizes(st) == [2, 7, 2, 2]

    def test_e48_stacking_two_players(self) -> None:
        s = position(
            [["R+2", "Y+2", "G1"], ["B+2", "G3", "G4"]],
            "R5",
            rules=SAME,
            stock_top=["R1", "R2", "R3", "R4", "Y1", "Y2"],
            top_player=1,
        )
        st = act(s, 0, "R+2")
        assert (st.phase, st.to_act, st.pending_draw) == (Phase.AWAIT_STACK_RESPONSE, 1, 2)
        st = act(st, 1, "B+2")
        assert (st.phase, st.to_act, st.pending_draw) == (Phase.AWAIT_STACK_RESPONSE, 0, 4)
        st = act(st, 0, "Y+2!")
        assert (st.phase, st.to_act, st.pending_draw) == (Phase.AWAIT_STACK_RESPONSE, 1, 6)
        assert action_codes(st, 1) == ["accept"]
        t = step(st, 1, "accept")
        st = t.state
        assert draws(t.events) == [(1, 6)]
        assert sizes(st) == [1, 8]
        assert st.phase is Phase.AWAIT_TURN
        assert (st.turn, st.to_act, st.pending_draw) == (0, 0, 0)

    def test_e49_challenge_inside_chain(self) -> None:
        s = position(
            [["W+4", "G1", "G2"], ["W+4", "B3", "B4"], ["Y5", "Y6"], ["G7", "G8"]],
            "R5",
            rules=SAME,
            stock_top=["R1", "R2", "R3", "R4", "Y1", "Y2", "Y3", "Y4"],
            top_player=3,
        )
        st = act(s, 0, "W+4:b")  # legal: A holds no red
        assert st.phase is Phase.AWAIT_WD4_RESPONSE
        assert (st.to_act, st.pending_draw) == (1, 4)
        st = act(st, 1, "W+4:y")  # a bluff: blue is current and B holds B3, B4
        assert st.phase is Phase.AWAIT_WD4_RESPONSE
        assert (st.to_act, st.pending_draw, st.color) == (2, 8, Color.YELLOW)
        assert st.challenge is not None
        assert (st.challenge.player, st.challenge.legal) == (1, False)  # only the latest WD4
        rejected(st, 3, "challenge", "NOT_THE_CHALLENGER")

        t = step(st, 2, "challenge")
        st = t.state
        (challenge,) = [e for e in t.events if e.type == "challenge"]
        assert challenge.data == {"seat": 2, "player": 1, "succeeded": True}
        assert challenge.redact(2).to_dict()["revealed"] == ["B3", "B4"]
        assert "revealed" not in challenge.redact(0).to_dict()
        assert draws(t.events) == [(1, 4)]
        assert sorted_hand(st, 1) == sorted(["B3", "B4", "R1", "R2", "R3", "R4"])
        # P = 4 stays on C, who may stack or accept but not challenge again
        assert st.phase is Phase.AWAIT_STACK_RESPONSE
        assert (st.turn, st.to_act, st.pending_draw, st.color) == (2, 2, 4, Color.YELLOW)
        assert st.top == Card.from_code("W+4")
        assert action_codes(st, 2) == ["accept"]
        rejected(st, 2, "challenge", "NOT_THE_CHALLENGER")

        t = step(st, 2, "accept")
        st = t.state
        assert draws(t.events) == [(2, 4)]
        assert sorted_hand(st, 2) == sorted(["Y5", "Y6", "Y1", "Y2", "Y3", "Y4"])
        assert st.phase is Phase.AWAIT_TURN
        assert (st.turn, st.to_act, st.pending_draw) == (3, 3, 0)
        assert sizes(st) == [2, 6, 6, 2]

    def test_rule_7_1_7_failed_challenge_inside_chain(self) -> None:
        s = position(
            [["W+4", "G1", "G2"], ["W+4", "G3", "G4"], ["Y5", "Y6"], ["G7", "G8"]],
            "R5",
            rules=SAME,
            top_player=3,
        )
        st = act(s, 0, "W+4:b")
        st = act(st, 1, "W+4:y")  # legal: B holds no blue
        assert st.challenge is not None and st.challenge.legal
        t = step(st, 2, "challenge")
        st = t.state
        assert draws(t.events) == [(2, 10)]  # P + 2
        assert st.phase is Phase.AWAIT_TURN
        assert (st.turn, st.to_act, st.pending_draw) == (3, 3, 0)
        assert sizes(st) == [2, 2, 12, 2]

    def test_rule_7_1_7_stack_again_after_successful_challenge(self) -> None:
        s = position(
            [["W+4", "G1", "G2"], ["W+4", "B3", "B4"], ["W+4", "G5"], ["G7", "G8"]],
            "R5",
            rules=SAME,
            top_player=3,
        )
        st = act(act(s, 0, "W+4:b"), 1, "W+4:y")
        st = act(st, 2, "challenge")
        assert (st.phase, st.to_act, st.pending_draw) == (Phase.AWAIT_STACK_RESPONSE, 2, 4)
        assert action_codes(st, 2) == [
            *("W+4:r", "W+4:r!", "W+4:y", "W+4:y!", "W+4:g", "W+4:g!", "W+4:b", "W+4:b!"),
            "accept",
        ]
        st = act(st, 2, "W+4:g!")
        assert st.phase is Phase.AWAIT_WD4_RESPONSE
        assert (st.to_act, st.pending_draw, st.color) == (3, 8, Color.GREEN)
        t = step(st, 3, "accept")
        assert draws(t.events) == [(3, 8)]
        assert (t.state.turn, t.state.phase, t.state.pending_draw) == (0, Phase.AWAIT_TURN, 0)

    def test_rule_7_1_7_successful_challenge_without_chain(self) -> None:
        s = position(
            [["W+4", "R1", "G2"], ["Y5", "Y6"], ["G7", "G8"]], "R5", rules=SAME, top_player=2
        )
        st = act(s, 0, "W+4:b")  # a bluff: A holds R1
        t = step(st, 1, "challenge")
        st = t.state
        assert draws(t.events) == [(0, 4)]
        assert st.phase is Phase.AWAIT_TURN  # P = 0: B takes a normal turn
        assert (st.turn, st.to_act, st.pending_draw, st.color) == (1, 1, 0, Color.BLUE)
        assert sizes(st) == [6, 2, 2]

    def test_e50_stacker_last_card(self) -> None:
        s = position(
            [["R+2", "G1"], ["B+2"], ["G+2", "Y1"]],
            "R5",
            rules=SAME,
            stock_top=["R1", "R2", "R3", "R4"],
            top_player=2,
        )
        st = act(s, 0, "R+2!")
        t = step(st, 1, "B+2")
        st = t.state
        assert types(t.events) == ["play", "draw", "hand_over"]
        assert draws(t.events) == [(2, 4)]
        assert sorted_hand(st, 2) == sorted(["G+2", "Y1", "R1", "R2", "R3", "R4"])
        (over,) = of_type(t.events, "hand_over")
        assert over["went_out"] == 1
        assert over["hand_values"] == [1, 0, 31]
        assert over["points"] == [0, 32, 0]
        assert st.phase is Phase.HAND_OVER
        assert (st.scores, st.pending_draw, st.to_act) == ((0, 32, 0), 0, None)
        assert action_codes(st, 2) == ["next"]
        rejected(st, 2, "G+2", "HAND_IS_OVER")

    def test_rule_7_1_9_wd4_stacker_last_card(self) -> None:
        s = position(
            [["W+4", "G1"], ["W+4"], ["Y1"]],
            "R5",
            rules=SAME,
            stock_top=["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"],
            top_player=2,
        )
        st = act(s, 0, "W+4:b!")
        t = step(st, 1, "W+4:g")
        st = t.state
        assert draws(t.events) == [(2, 8)]
        assert st.phase is Phase.HAND_OVER
        assert st.history[-1].went_out == 1
        assert st.history[-1].points == (0, 38, 0)
        assert st.scores == (0, 38, 0)

    def test_e51_reverse_and_skip_rejected(self) -> None:
        s = position(
            [["R+2", "G1", "G2"], ["RR", "RS", "R3", "W"], ["Y7", "Y8"]],
            "R5",
            rules=SAME,
            stock_top=["B1", "B2"],
            top_player=2,
        )
        st = act(s, 0, "R+2")
        for code in ("RR", "RS", "R3", "W:r"):
            rejected(st, 1, code, "RESPONSE_REQUIRED")
        assert action_codes(st, 1) == ["accept"]
        rejected(st, 1, "draw", "RESPONSE_REQUIRED")  # the penalty is drawn by `accept` (§7.1.5)
        t = step(st, 1, "accept")
        st = t.state
        assert types(t.events) == ["accept", "draw", "skip"]
        assert draws(t.events) == [(1, 2)]
        assert (st.phase, st.turn, st.pending_draw) == (Phase.AWAIT_TURN, 2, 0)
        assert sizes(st) == [2, 6, 2]

    def test_rule_7_1_10_first_discard_draw_two(self) -> None:
        rules = Rules(stacking="same", hand_size=2)
        deck = ["B+2", "Y1", "Y2", "Y3", "G1", "G2", "G3", "G4", "R+2", "R1", "R2", "R3", "R4"]
        s = new_game(4, rules, seed=SEED, dealer=0, deck=deck)
        assert s.phase is Phase.AWAIT_STACK_RESPONSE
        assert (s.turn, s.to_act, s.pending_draw, s.top_player) == (1, 1, 2, None)
        assert sorted_hand(s, 1) == ["B+2", "G1"]
        assert action_codes(s, 1) == ["B+2", "B+2!", "accept"]
        st = act(s, 1, "B+2!")
        assert (st.phase, st.to_act, st.pending_draw) == (Phase.AWAIT_STACK_RESPONSE, 2, 4)
        t = step(st, 2, "accept")
        assert draws(t.events) == [(2, 4)]
        assert sorted_hand(t.state, 2) == ["G2", "R1", "R2", "R3", "R4", "Y1"]
        assert (t.state.phase, t.state.turn) == (Phase.AWAIT_TURN, 3)

    def test_rule_7_1_11_wild_downpour_never_joins_a_chain(self) -> None:
        rules = Rules(stacking="mixed", wild_downpour=True)
        s = position([["R+2", "G1", "G2"], ["WD1", "WD2", "Y3"], ["B7", "B8"]], "R5", rules=rules)
        st = act(s, 0, "R+2")
        assert action_codes(st, 1) == ["accept"]
        rejected(st, 1, "WD1:r", "RESPONSE_REQUIRED")
        rejected(st, 1, "WD2:r", "RESPONSE_REQUIRED")

        s = position([["WD2", "G1", "G2"], ["R+2", "Y3"], ["B7", "B8"]], "R5", rules=rules)
        t = step(s, 0, "WD2:r")
        assert draws(t.events) == [(1, 2), (2, 2)]
        assert (t.state.phase, t.state.turn, t.state.pending_draw) == (Phase.AWAIT_TURN, 1, 0)

    def test_rule_7_1_11_custom_wild_never_starts_a_chain(self) -> None:
        rules = custom("next_draws:2", stacking="mixed")
        s = position([["WC", "G1", "G2"], ["R+2", "G+2", "Y3"], ["B7", "B8"]], "R5", rules=rules)
        t = step(s, 0, "WC:g")
        st = t.state
        assert draws(t.events) == [(1, 2)]
        assert (st.phase, st.turn, st.to_act, st.pending_draw) == (Phase.AWAIT_TURN, 2, 2, 0)
        assert sizes(st) == [2, 5, 2]

    def test_rule_7_13_4_stacked_wd4_without_bluffing(self) -> None:
        rules = Rules(stacking="same", wd4_bluffing=False)
        s = position([["W+4", "G1", "G2"], ["W+4", "B3", "Y4"], ["Y5", "Y6"]], "R5", rules=rules)
        st = act(s, 0, "W+4:b")
        assert st.phase is Phase.AWAIT_STACK_RESPONSE  # no challenge possible
        assert (st.to_act, st.pending_draw, st.challenge) == (1, 4, None)
        assert action_codes(st, 1) == ["accept"]  # B's WD4 would break §3.3.1 (B holds B3)
        rejected(st, 1, "W+4:r", "ILLEGAL_WILD_DRAW_FOUR")
        rejected(st, 1, "challenge", "OPTION_DISABLED")

        s = position([["W+4", "G1", "G2"], ["W+4", "G3", "Y4"], ["Y5", "Y6"]], "R5", rules=rules)
        st = act(s, 0, "W+4:b")
        assert action_codes(st, 1) == ["W+4:r", "W+4:y", "W+4:g", "W+4:b", "accept"]
        st = act(st, 1, "W+4:y")
        assert (st.phase, st.to_act, st.pending_draw) == (Phase.AWAIT_STACK_RESPONSE, 2, 8)

    def test_rule_7_1_4_stacking_play_closes_catch_window(self) -> None:
        s = position([["R+2", "G1"], ["B+2", "Y3", "Y4"], ["G5", "G6"]], "R5", rules=SAME)
        st = act(s, 0, "R+2")  # no call: A is exposed
        assert (st.exposed, st.to_act) == (0, 1)
        st = act(st, 1, "B+2")  # §4.4 (a): the victim's stacking play closes A's window
        assert (st.exposed, st.to_act, st.pending_draw) == (None, 2, 4)
        rejected(st, 2, "catch 0", "CATCH_TOO_LATE")

    def test_rule_7_1_4_stacking_play_owes_uno(self) -> None:
        s = position(
            [["R+2", "G1", "G2"], ["B+2", "Y3"], ["G5", "G6"]],
            "R5",
            rules=SAME,
            stock_top=["R1", "R2", "R3", "R4", "R6", "R7"],
        )
        st = act(s, 0, "R+2")
        st = act(st, 1, "B+2")
        assert st.exposed == 1
        assert action_codes(st, 2) == ["accept", "catch 1"]
        assert action_codes(st, 1) == ["uno"]
        t = step(st, 2, "catch 1")
        st = t.state
        assert draws(t.events) == [(1, 2)]
        assert sorted_hand(st, 1) == ["R1", "R2", "Y3"]
        assert (st.phase, st.to_act, st.pending_draw) == (Phase.AWAIT_STACK_RESPONSE, 2, 4)
        t = step(st, 2, "accept")
        assert draws(t.events) == [(2, 4)]
        assert sorted_hand(t.state, 2) == ["G5", "G6", "R3", "R4", "R6", "R7"]


# -- §7.2 Seven-O ---------------------------------------------------------------------------------


class TestSevenO:
    def test_e52_seven_as_last_card_no_exchange(self) -> None:
        s = position([["R7"], ["G1", "G2"], ["Y1", "Y2", "Y3"]], "R5", rules=SEVEN_O)
        t = step(s, 0, "R7>1")
        st = t.state
        assert "swap_hands" not in types(t.events)
        assert st.phase is Phase.HAND_OVER
        assert [sorted_hand(st, seat) for seat in range(3)] == [
            [],
            ["G1", "G2"],
            ["Y1", "Y2", "Y3"],
        ]
        assert st.history[-1].points == (9, 0, 0)

    def test_e52_seven_as_last_card_needs_no_target(self) -> None:
        # §7.2.1: only a player who plays a 7 "and does not go out with it" must name a target.
        s = position([["R7"], ["G1", "G2"], ["Y1", "Y2", "Y3"]], "R5", rules=SEVEN_O)
        assert "R7" in action_codes(s, 0)
        t = step(s, 0, "R7")
        st = t.state
        assert "swap_hands" not in types(t.events)
        assert st.phase is Phase.HAND_OVER
        assert st.history[-1].went_out == 0
        assert [sorted_hand(st, seat) for seat in range(3)] == [
            [],
            ["G1", "G2"],
            ["Y1", "Y2", "Y3"],
        ]

    def test_e52_seven_missing_or_invalid_target(self) -> None:
        s = position([["R7", "G9", "G8"], ["Y1", "Y2"], ["B1", "B2"]], "R5", rules=SEVEN_O)
        assert action_codes(s, 0) == ["R7>1", "R7>2", "draw"]
        rejected(s, 0, "R7", "INVALID_TARGET")
        rejected(s, 0, "R7>0", "INVALID_TARGET")
        rejected(s, 0, "R7>3", "INVALID_TARGET")

    def test_rule_7_2_1_seven_swaps_hands(self) -> None:
        s = position(
            [["R7", "G9", "G8"], ["Y1", "Y2"], ["B1", "B2", "B3", "B4"]], "R5", rules=SEVEN_O
        )
        t = step(s, 0, "R7>2")
        st = t.state
        assert of_type(t.events, "swap_hands") == [
            {"type": "swap_hands", "seats": [0, 2], "sizes": [4, 2]}
        ]
        assert sorted_hand(st, 0) == ["B1", "B2", "B3", "B4"]
        assert sorted_hand(st, 1) == ["Y1", "Y2"]
        assert sorted_hand(st, 2) == ["G8", "G9"]
        assert (st.phase, st.turn, st.exposed) == (Phase.AWAIT_TURN, 1, None)  # §7.2.3
        assert st.top == Card.from_code("R7")
        assert st.deck_size == 108

    def test_rule_4_2_seven_swap_into_one_card_owes_nothing(self) -> None:
        # A plays a 7 from three cards and swaps into C's single card: A came to hold one card
        # through the swap, not by playing a penultimate card, so A owes no call (§4.2).
        s = position([["R7", "G9", "G8"], ["Y1", "Y2"], ["B1"]], "R5", rules=SEVEN_O)
        st = act(s, 0, "R7>2")
        assert sorted_hand(st, 0) == ["B1"]
        assert st.exposed is None
        rejected(st, 1, "catch 0", "CATCH_INVALID")

    def test_rule_4_2_zero_rotation_into_one_card_owes_nothing(self) -> None:
        # A plays a 0 from three cards and receives D's single card by the rotation (§4.2).
        s = position([["R0", "G1", "G2"], ["Y1", "Y4"], ["Y2", "Y3"], ["B1"]], "R5", rules=SEVEN_O)
        st = act(s, 0, "R0")
        assert (sorted_hand(st, 0), sorted_hand(st, 1)) == (["B1"], ["G1", "G2"])
        assert st.exposed is None
        rejected(st, 2, "catch 0", "CATCH_INVALID")

    def test_e53_zero_counter_clockwise(self) -> None:
        s = position(
            [["R0", "G1", "G2"], ["Y1", "Y4"], ["Y2", "Y3", "Y5"], ["B1", "B2", "B3", "B4"]],
            "R5",
            rules=SEVEN_O,
            direction=-1,
        )
        t = step(s, 0, "R0")
        st = t.state
        assert of_type(t.events, "rotate_hands") == [{"type": "rotate_hands", "direction": -1}]
        assert sorted_hand(st, 0) == ["Y1", "Y4"]  # B's hand moved counter-clockwise to A
        assert sorted_hand(st, 1) == ["Y2", "Y3", "Y5"]
        assert sorted_hand(st, 2) == ["B1", "B2", "B3", "B4"]
        assert sorted_hand(st, 3) == ["G1", "G2"]
        assert (st.phase, st.turn, st.direction, st.exposed) == (Phase.AWAIT_TURN, 3, -1, None)

    def test_rule_7_2_2_zero_clockwise(self) -> None:
        s = position(
            [["R0", "G1", "G2"], ["Y1", "Y4"], ["Y2", "Y3", "Y5"], ["B1", "B2", "B3", "B4"]],
            "R5",
            rules=SEVEN_O,
        )
        st = act(s, 0, "R0")
        assert sorted_hand(st, 0) == ["B1", "B2", "B3", "B4"]
        assert sorted_hand(st, 1) == ["G1", "G2"]
        assert sorted_hand(st, 2) == ["Y1", "Y4"]
        assert sorted_hand(st, 3) == ["Y2", "Y3", "Y5"]
        assert (st.turn, st.direction) == (1, 1)

    def test_rule_7_2_2_zero_skips_eliminated_seats(self) -> None:
        rules = Rules(seven_o=True, elimination=True)
        s = position(
            [["R0", "G1", "G2"], ["Y1", "Y4"], [], ["B1", "B2", "B3"]],
            "R5",
            rules=rules,
            active=[True, True, False, True],
        )
        st = act(s, 0, "R0")
        assert sorted_hand(st, 0) == ["B1", "B2", "B3"]
        assert sorted_hand(st, 1) == ["G1", "G2"]
        assert sorted_hand(st, 2) == []
        assert sorted_hand(st, 3) == ["Y1", "Y4"]
        assert st.turn == 1

    def test_rule_7_2_4_zero_as_last_card(self) -> None:
        s = position([["R0"], ["G1", "G2"], ["Y1", "Y2", "Y3"]], "R5", rules=SEVEN_O)
        t = step(s, 0, "R0")
        assert "rotate_hands" not in types(t.events)
        assert t.state.phase is Phase.HAND_OVER
        assert [sorted_hand(t.state, seat) for seat in range(3)] == [
            [],
            ["G1", "G2"],
            ["Y1", "Y2", "Y3"],
        ]

    def test_e54_seven_penultimate_card_owes_no_call(self) -> None:
        s = position(
            [["R7", "G9"], ["Y1", "Y2", "Y3", "Y4", "Y5"], ["B1", "B2"]], "R5", rules=SEVEN_O
        )
        st = act(s, 0, "R7>1")
        assert sizes(st) == [5, 1, 2]
        assert sorted_hand(st, 1) == ["G9"]
        assert st.exposed is None
        rejected(st, 2, "catch 1", "CATCH_INVALID")
        rejected(st, 2, "catch 0", "CATCH_INVALID")
        rejected(st, 1, "uno", "NOTHING_TO_CALL")
        rejected(st, 0, "uno", "NOTHING_TO_CALL")

    def test_rule_7_2_5_penultimate_seven_swapped_for_one_card(self) -> None:
        # A plays the penultimate card and still holds exactly one card afterwards: A owes a call.
        s = position(
            [["R7", "G9"], ["Y1"], ["B1", "B2"]], "R5", rules=SEVEN_O, stock_top=["R1", "R2"]
        )
        st = act(s, 0, "R7>1")
        assert (sorted_hand(st, 0), sorted_hand(st, 1)) == (["Y1"], ["G9"])
        assert st.exposed == 0
        t = step(st, 1, "catch 0")
        assert draws(t.events) == [(0, 2)]
        assert sorted_hand(t.state, 0) == ["R1", "R2", "Y1"]

    def test_rule_7_2_5_penultimate_zero_rotation(self) -> None:
        s = position(
            [["R0", "G9"], ["Y1", "Y2"], ["B1", "B2"], ["G1", "G2", "G3"]], "R5", rules=SEVEN_O
        )
        st = act(s, 0, "R0")
        assert sizes(st) == [3, 1, 2, 2]
        assert st.exposed is None
        rejected(st, 2, "catch 1", "CATCH_INVALID")

    def test_rule_7_2_6_two_players(self) -> None:
        s = position([["R7", "G1", "G2"], ["Y1", "Y2", "Y3", "Y4"]], "R5", rules=SEVEN_O)
        assert action_codes(s, 0) == ["R7>1", "draw"]
        rejected(s, 0, "R7>0", "INVALID_TARGET")
        st = act(s, 0, "R7>1")
        assert (sorted_hand(st, 0), sorted_hand(st, 1)) == (["Y1", "Y2", "Y3", "Y4"], ["G1", "G2"])
        assert st.turn == 1

        s = position([["R0", "G1", "G2"], ["Y1", "Y2", "Y3", "Y4"]], "R5", rules=SEVEN_O)
        st = act(s, 0, "R0")
        assert (sorted_hand(st, 0), sorted_hand(st, 1)) == (["Y1", "Y2", "Y3", "Y4"], ["G1", "G2"])
        assert st.turn == 1

    def test_rule_7_2_7_seven_by_jump_in(self) -> None:
        rules = Rules(seven_o=True, jump_in=True)
        s = position(
            [["G1", "G2"], ["Y1", "Y2"], ["R7", "B1", "B2"], ["Y3", "Y4", "Y5"]],
            "R7",
            rules=rules,
            turn=1,
            top_player=0,
        )
        rejected(s, 2, "R7", "INVALID_TARGET")
        t = step(s, 2, "R7>3")
        st = t.state
        assert of_type(t.events, "play")[0]["jump_in"] is True
        assert sorted_hand(st, 2) == ["Y3", "Y4", "Y5"]
        assert sorted_hand(st, 3) == ["B1", "B2"]
        assert (st.phase, st.turn, st.top_player) == (Phase.AWAIT_TURN, 3, 2)


# -- §7.3 Jump-In ----------------------------------------------------------------------------------


class TestJumpIn:
    def test_e55_jump_in_on_skip(self) -> None:
        s = position(
            [
                ["BS", "R1", "R2"],
                ["Y1", "Y2"],
                ["Y3", "Y4"],
                ["G1", "G2"],
                ["BS", "G3", "G4"],
                ["G5", "G6"],
            ],
            "B5",
            rules=JUMP,
            top_player=5,
        )
        t = step(s, 0, "BS")
        assert of_type(t.events, "skip") == [{"type": "skip", "seat": 1}]
        st = t.state
        assert (st.turn, st.top_player) == (2, 0)
        assert action_codes(st, 4) == ["BS"]
        t = step(st, 4, "BS")
        st = t.state
        (play,) = of_type(t.events, "play")
        assert (play["seat"], play["jump_in"]) == (4, True)
        assert of_type(t.events, "skip") == [{"type": "skip", "seat": 5}]
        assert st.phase is Phase.AWAIT_TURN
        assert (st.turn, st.to_act, st.top_player) == (0, 0, 4)
        assert sizes(st) == [2, 2, 2, 2, 2, 2]  # C simply lost the chance, no penalty

    def test_e56_jump_in_needs_identical_card(self) -> None:
        s = position(
            [["G7", "G8"], ["Y1", "Y2"], ["G5", "W", "Y9"], ["R+2", "Y3"]],
            "R5",
            rules=JUMP,
            turn=1,
            top_player=0,
        )
        assert action_codes(s, 2) == []
        assert action_codes(s, 3) == []
        rejected(s, 2, "G5", "JUMP_IN_NOT_ALLOWED")
        rejected(s, 2, "W:r", "JUMP_IN_NOT_ALLOWED")
        rejected(s, 3, "R+2", "JUMP_IN_NOT_ALLOWED")

    @staticmethod
    def _wild_on_top(top: str, turn: int) -> GameState:
        return position(
            [["G7", "G8"], ["Y1", "Y2"], ["W", "G1"], ["W+4", "Y3"]],
            top,
            rules=JUMP,
            color=Color.RED,
            turn=turn,
            top_player=0,
        )

    def test_e56_no_jump_in_with_a_wild(self) -> None:
        rejected(self._wild_on_top("W", 1), 2, "W:g", "JUMP_IN_NOT_ALLOWED")
        rejected(self._wild_on_top("W+4", 2), 3, "W+4:g", "JUMP_IN_NOT_ALLOWED")

    def test_e56_wild_jump_in_not_offered_by_legal_actions(self) -> None:
        # §7.3.1: wild-type cards can never be used to jump in, so none may be listed as legal.
        assert action_codes(self._wild_on_top("W", 1), 2) == []
        assert action_codes(self._wild_on_top("W+4", 2), 3) == []

    def test_e56_player_of_top_card_may_not_jump_in(self) -> None:
        hands = [["R5", "G8"], ["Y1", "Y2"], ["Y3", "Y4"], ["B1", "B2"]]
        s = position(hands, "R5", rules=JUMP, turn=1, top_player=0)
        assert action_codes(s, 0) == []
        rejected(s, 0, "R5!", "JUMP_IN_NOT_ALLOWED")

        s = position(
            hands, "R5", rules=Rules(jump_in=True, jump_in_self=True), turn=1, top_player=0
        )
        assert action_codes(s, 0) == ["R5", "R5!"]
        t = step(s, 0, "R5!")
        assert of_type(t.events, "play")[0]["jump_in"] is True
        assert (t.state.turn, t.state.exposed, sorted_hand(t.state, 0)) == (1, None, ["G8"])

    def test_e56_no_jump_in_after_draw(self) -> None:
        s = position(
            [["G7", "G8"], ["Y1", "Y2"], ["R5", "G1"], ["B1", "B2"]],
            "R5",
            rules=JUMP,
            stock_top=["R9"],
            turn=1,
            top_player=0,
        )
        st = act(s, 1, "draw")
        assert (st.phase, st.drawn) == (Phase.AFTER_DRAW, Card.from_code("R9"))
        assert action_codes(st, 2) == []
        rejected(st, 2, "R5", "JUMP_IN_NOT_ALLOWED")
        st = act(st, 1, "keep")
        assert (st.phase, st.turn) == (Phase.AWAIT_TURN, 2)

    def test_e56_no_jump_in_during_wd4_response(self) -> None:
        s = position(
            [["W+4", "G1", "G2"], ["Y1", "Y2"], ["W+4", "B1"], ["B2", "B3"]],
            "R5",
            rules=JUMP,
            top_player=3,
        )
        st = act(s, 0, "W+4:b")
        assert st.phase is Phase.AWAIT_WD4_RESPONSE
        assert action_codes(st, 2) == []
        rejected(st, 2, "W+4:b", "JUMP_IN_NOT_ALLOWED")
        rejected(st, 2, "B1", "JUMP_IN_NOT_ALLOWED")

    def test_e57_jump_in_reverse_two_players(self) -> None:
        s = position([["RR", "G1"], ["RR", "Y1", "Y2"]], "R5", rules=JUMP, top_player=1)
        st = act(s, 0, "RR")  # no call: A is exposed and plays again (§3.9.1)
        assert (st.turn, st.direction, st.exposed) == (0, -1, 0)
        assert "RR" in action_codes(st, 1)
        t = step(st, 1, "RR")
        st = t.state
        assert of_type(t.events, "play")[0]["jump_in"] is True
        assert st.phase is Phase.AWAIT_TURN
        assert (st.turn, st.to_act, st.direction) == (1, 1, 1)  # the jumper plays again
        assert st.exposed is None  # the jump-in closed A's catch window (§7.3.6)
        rejected(st, 1, "catch 0", "CATCH_TOO_LATE")
        assert sizes(st) == [1, 2]

    def test_rule_7_3_4_jump_in_skip_two_players(self) -> None:
        s = position([["GS", "Y1", "Y2"], ["GS", "B1", "B2"]], "G5", rules=JUMP, top_player=1)
        st = act(s, 0, "GS")
        assert st.turn == 0
        t = step(st, 1, "GS")
        assert of_type(t.events, "skip") == [{"type": "skip", "seat": 0}]
        assert (t.state.turn, t.state.to_act) == (1, 1)

    def test_rule_7_3_4_jump_in_draw_two(self) -> None:
        s = position(
            [["R+2", "G1", "G2"], ["Y1", "Y2"], ["Y3", "Y4"], ["R+2", "B1", "B2"]],
            "R5",
            rules=JUMP,
            stock_top=["G3", "G4", "G5", "G6"],
            top_player=3,
        )
        t = step(s, 0, "R+2")
        assert draws(t.events) == [(1, 2)]
        assert t.state.turn == 2
        t = step(t.state, 3, "R+2")  # the previous victim has drawn; now next(D) = A draws
        st = t.state
        assert draws(t.events) == [(0, 2)]
        assert of_type(t.events, "skip") == [{"type": "skip", "seat": 0}]
        assert sorted_hand(st, 0) == ["G1", "G2", "G5", "G6"]
        assert (st.phase, st.turn) == (Phase.AWAIT_TURN, 1)
        assert sizes(st) == [4, 4, 2, 2]

    def test_rule_7_3_4_jump_in_reverse(self) -> None:
        s = position(
            [["GR", "Y1", "Y2"], ["GR", "B1", "B2"], ["Y3", "Y4"], ["Y5", "Y6"]],
            "G5",
            rules=JUMP,
            top_player=3,
        )
        st = act(s, 0, "GR")
        assert (st.turn, st.direction) == (3, -1)
        st = act(st, 1, "GR")
        assert (st.turn, st.direction, st.top_player) == (2, 1, 1)

    def test_rule_7_3_3_first_discard_anyone_may_jump_in(self) -> None:
        rules = Rules(jump_in=True, hand_size=2)
        deck = ["Y1", "G5", "Y3", "Y4", "B1", "B2", "B3", "B4", "G5"]
        s = new_game(4, rules, seed=SEED, dealer=0, deck=deck)
        assert (s.top, s.turn, s.top_player) == (Card.from_code("G5"), 1, None)
        assert sorted_hand(s, 2) == ["B2", "G5"]
        assert action_codes(s, 2) == ["G5", "G5!"]
        t = step(s, 2, "G5!")
        st = t.state
        assert of_type(t.events, "play")[0]["jump_in"] is True
        assert (st.phase, st.turn, st.top_player) == (Phase.AWAIT_TURN, 3, 2)
        assert sizes(st) == [2, 2, 1, 2]

    def test_rule_7_3_3_current_player_plays_normally(self) -> None:
        s = position(
            [["G7", "G8"], ["R5", "Y1", "Y2"], ["Y3", "Y4"], ["B1", "B2"]],
            "R5",
            rules=JUMP,
            turn=1,
            top_player=0,
        )
        t = step(s, 1, "R5")
        assert of_type(t.events, "play")[0]["jump_in"] is False
        assert t.state.turn == 2

    def test_rule_7_3_5_no_jump_in_while_a_draw_is_pending(self) -> None:
        rules = Rules(stacking="same", jump_in=True)
        s = position(
            [["R+2", "G1", "G2"], ["Y1", "Y2"], ["Y3", "Y4"], ["R+2", "B1", "B2"]],
            "R5",
            rules=rules,
            top_player=3,
        )
        st = act(s, 0, "R+2")
        assert (st.phase, st.pending_draw) == (Phase.AWAIT_STACK_RESPONSE, 2)
        assert action_codes(st, 3) == []
        rejected(st, 3, "R+2", "JUMP_IN_NOT_ALLOWED")
        st = act(st, 1, "accept")
        assert (st.phase, st.turn, st.pending_draw) == (Phase.AWAIT_TURN, 2, 0)
        assert action_codes(st, 3) == ["R+2"]
        t = step(st, 3, "R+2")  # a new chain with P = 2 against next(D) = A
        st = t.state
        assert of_type(t.events, "play")[0]["jump_in"] is True
        assert draws(t.events) == []
        assert st.phase is Phase.AWAIT_STACK_RESPONSE
        assert (st.to_act, st.pending_draw) == (0, 2)

    def test_rule_7_3_6_jump_in_closes_uno_window(self) -> None:
        s = position(
            [["R5", "G1"], ["Y1", "Y2"], ["R5", "Y3", "Y4"], ["B1", "B2"]],
            "R3",
            rules=JUMP,
            top_player=3,
        )
        st = act(s, 0, "R5")
        assert (st.exposed, st.turn) == (0, 1)
        assert "catch 0" in action_codes(st, 3)
        st = act(st, 2, "R5")
        assert (st.exposed, st.turn) == (None, 3)
        rejected(st, 1, "catch 0", "CATCH_TOO_LATE")
        rejected(st, 3, "catch 0", "CATCH_TOO_LATE")
        assert sizes(st) == [1, 2, 2, 2]

    def test_rule_7_3_6_jumper_owes_uno(self) -> None:
        s = position(
            [["G7", "G8"], ["Y1", "Y2"], ["R5", "Y3"], ["B1", "B2"]],
            "R5",
            rules=JUMP,
            stock_top=["R1", "R2"],
            turn=1,
            top_player=0,
        )
        st = act(s, 2, "R5")
        assert (st.exposed, st.turn) == (2, 3)
        t = step(st, 1, "catch 2")
        assert draws(t.events) == [(2, 2)]
        assert sorted_hand(t.state, 2) == ["R1", "R2", "Y3"]

    def test_rule_7_3_6_jump_in_with_last_card_goes_out(self) -> None:
        s = position(
            [["G7", "G8"], ["Y1", "Y2"], ["R5"], ["B1", "B2"]],
            "R5",
            rules=JUMP,
            turn=1,
            top_player=0,
        )
        t = step(s, 2, "R5")
        st = t.state
        assert st.phase is Phase.HAND_OVER
        assert st.history[-1].went_out == 2
        assert st.history[-1].points == (0, 0, 21, 0)
        rejected(st, 3, "B1", "HAND_IS_OVER")

    def test_rule_7_3_speed_uno_alias(self) -> None:
        assert Rules(speed_uno=True) == JUMP
        assert Rules(speed_uno=True).jump_in is True
        assert Rules.from_dict({"speed_uno": True}) == JUMP
        assert Rules(speed_uno=False).jump_in is False
        s = position(
            [["G7", "G8"], ["Y1", "Y2"], ["R5", "Y3", "Y4"], ["B1", "B2"]],
            "R5",
            rules=Rules(speed_uno=True),
            turn=1,
            top_player=0,
        )
        st = act(s, 2, "R5")
        assert (st.turn, st.top_player) == (3, 2)

    def test_rule_7_3_off_out_of_turn_play(self) -> None:
        s = position(
            [["G7", "G8"], ["Y1", "Y2"], ["R5", "Y3", "Y4"], ["B1", "B2"]],
            "R5",
            rules=Rules(),
            turn=1,
            top_player=0,
        )
        assert action_codes(s, 2) == []
        rejected(s, 2, "R5", "NOT_YOUR_TURN")


# -- §7.5 Elimination ------------------------------------------------------------------------------


class TestElimination:
    def test_e58_two_players_eliminated_after_one_hand(self) -> None:
        s = position(
            [["R5"], ["W", "G1"], ["GS"], ["Y1", "Y2"]],
            "R3",
            rules=ELIM,
            scores=[100, 450, 480, 200],
        )
        t = step(s, 0, "R5")
        st = t.state
        assert st.phase is Phase.HAND_OVER
        assert st.scores == (100, 501, 500, 203)  # §7.5.1: own hand values; A adds 0
        assert st.active == (True, False, False, True)
        result = st.history[-1]
        assert (result.went_out, result.points, result.eliminated) == (0, (0, 51, 20, 3), (1, 2))
        (over,) = of_type(t.events, "hand_over")
        assert over["eliminated"] == [1, 2]
        assert st.winners == ()

        nxt = act(st, 1, "next")  # any seat may deal on
        assert nxt.hand_number == 2
        assert nxt.active == (True, False, False, True)
        assert sizes(nxt)[1:3] == [0, 0]
        assert (len(nxt.hands[0]), len(nxt.hands[3])) == (7, 7)
        assert nxt.dealer in (0, 3)
        assert nxt.turn in (0, 3)
        assert nxt.deck_size == 108
        assert action_codes(nxt, 1) == []
        assert action_codes(nxt, 2) == []
        rejected(nxt, 1, "draw", "NOT_YOUR_TURN")

    def test_e58_two_player_rules_when_two_remain(self) -> None:
        s = position(
            [["RR", "RS", "R+2", "G1"], [], [], ["Y1", "Y2", "Y3"]],
            "R5",
            rules=ELIM,
            active=[True, False, False, True],
            stock_top=["B1", "B2"],
            scores=[0, 510, 505, 40],
        )
        st = act(s, 0, "RR")
        assert (st.turn, st.direction) == (0, -1)  # a Reverse acts as a Skip (§3.9.4)
        st = act(st, 0, "RS")
        assert st.turn == 0
        t = step(st, 0, "R+2!")
        assert draws(t.events) == [(3, 2)]
        assert t.state.turn == 0
        assert sizes(t.state) == [1, 0, 0, 5]

    def test_rule_7_5_2_next_skips_eliminated(self) -> None:
        s = position(
            [["R1", "G1"], ["R7", "G2"], [], ["Y1", "Y2"]],
            "R5",
            rules=ELIM,
            turn=1,
            active=[True, True, False, True],
        )
        st = act(s, 1, "R7!")
        assert st.turn == 3
        st = act(
            position(
                [["R1", "G1"], ["RS", "G2"], [], ["Y1", "Y2"]],
                "R5",
                rules=ELIM,
                turn=1,
                active=[True, True, False, True],
            ),
            1,
            "RS!",
        )
        assert st.turn == 0  # D skipped; C is not in the game

    def test_e58_last_player_left_wins(self) -> None:
        s = position(
            [["R5"], [], [], ["GS", "Y1"]],
            "R3",
            rules=ELIM,
            active=[True, False, False, True],
            scores=[300, 520, 510, 480],
        )
        t = step(s, 0, "R5")
        st = t.state
        assert st.scores == (300, 520, 510, 501)
        assert st.active == (True, False, False, False)
        assert st.phase is Phase.GAME_OVER
        assert (st.winners, st.winner) == ((0,), 0)
        assert of_type(t.events, "game_over")[0]["winners"] == [0]
        rejected(st, 0, "next", "HAND_IS_OVER")

    @pytest.mark.parametrize("scoring", ["standard", "alternative"])
    def test_rule_7_5_1_scoring_option_ignored(self, scoring: str) -> None:
        rules = Rules(elimination=True, scoring=scoring)
        s = position([["R5"], ["W"], ["Y9"]], "R3", rules=rules, scores=[10, 20, 30])
        st = act(s, 0, "R5")
        assert st.history[-1].points == (0, 50, 9)
        assert st.scores == (10, 70, 39)
        assert st.active == (True, True, True)

    def test_rule_7_5_2_eliminated_cannot_be_targeted(self) -> None:
        rules = Rules(elimination=True, seven_o=True)
        s = position(
            [["R7", "G1", "G2"], ["Y1", "Y2"], [], ["B1", "B2"]],
            "R5",
            rules=rules,
            active=[True, True, False, True],
        )
        assert action_codes(s, 0) == ["R7>1", "R7>3", "draw"]
        rejected(s, 0, "R7>2", "INVALID_TARGET")

    def test_rule_7_5_2_threshold_suboption(self) -> None:
        rules = Rules(elimination=True, elimination_threshold=100)
        s = position(
            [["R5"], ["YS", "Y9", "G9", "B2"], ["Y8"]], "R3", rules=rules, scores=[0, 60, 91]
        )
        st = act(s, 0, "R5")
        assert st.scores == (0, 100, 99)
        assert st.active == (True, False, True)
        assert st.history[-1].eliminated == (1,)
        assert st.phase is Phase.HAND_OVER

    def test_rule_7_5_6_blocked_hand_eliminates_nobody(self) -> None:
        s = position(
            [["G1", "G2"], ["Y9", "YS"], ["B7"]], "R5", rules=ELIM, scores=[0, 499, 0], stock=()
        )
        assert (s.stock, len(s.discard)) == ((), 1)
        st = act(s, 0, "draw")
        st = act(st, 1, "draw")
        t = step(st, 2, "draw")
        st = t.state
        assert types(t.events) == ["pass", "hand_over"]
        (over,) = of_type(t.events, "hand_over")
        assert (over["went_out"], over["blocked"], over["eliminated"]) == (None, True, [])
        assert st.phase is Phase.HAND_OVER
        assert st.scores == (0, 499, 0)
        assert st.active == (True, True, True)

    def test_rule_7_5_6_rotating_deal_skips_eliminated(self) -> None:
        rules = Rules(elimination=True, dealer_each_hand="rotate")
        s = position(
            [["R5"], ["Y9", "YS"], ["B7"], ["G1"]],
            "R3",
            rules=rules,
            dealer=0,
            turn=0,
            scores=[0, 490, 0, 0],
        )
        st = act(s, 0, "R5")
        assert st.active == (True, False, True, True)
        nxt = act(st, 0, "next")
        assert nxt.dealer == 2
        assert sizes(nxt)[1] == 0
        assert nxt.deck_size == 108


# -- §7.7 Wild Downpour ----------------------------------------------------------------------------


class TestWildDownpour:
    def test_e60_downpour_draw_two(self) -> None:
        s = position(
            [["WD2", "R1", "R2"], ["Y1", "Y2"], ["Y3", "Y4"], ["B1", "B2"]],
            "R5",
            rules=H2O,
            stock_top=["G1", "G2", "G3", "G4", "G5", "G6"],
        )
        t = step(s, 0, "WD2:g")
        st = t.state
        assert types(t.events) == ["play", "draw", "draw", "draw"]  # nobody is skipped
        assert draws(t.events) == [(1, 2), (2, 2), (3, 2)]
        assert sorted_hand(st, 1) == ["G1", "G2", "Y1", "Y2"]
        assert sorted_hand(st, 2) == ["G3", "G4", "Y3", "Y4"]
        assert sorted_hand(st, 3) == ["B1", "B2", "G5", "G6"]
        assert st.phase is Phase.AWAIT_TURN
        assert (st.turn, st.to_act, st.color, st.pending_draw) == (1, 1, Color.GREEN, 0)
        assert sizes(st) == [2, 4, 4, 4]
        assert st.deck_size == 112

    def test_rule_7_7_3_turn_order_counter_clockwise(self) -> None:
        s = position(
            [["WD1", "R1", "R2"], ["Y1", "Y2"], ["Y3", "Y4"], ["B1", "B2"]],
            "R5",
            rules=H2O,
            stock_top=["G1", "G2", "G3"],
            direction=-1,
        )
        t = step(s, 0, "WD1:b")
        st = t.state
        assert draws(t.events) == [(3, 1), (2, 1), (1, 1)]
        assert (sorted_hand(st, 3), sorted_hand(st, 2), sorted_hand(st, 1)) == (
            ["B1", "B2", "G1"],
            ["G2", "Y3", "Y4"],
            ["G3", "Y1", "Y2"],
        )
        assert (st.turn, st.color) == (3, Color.BLUE)

    def test_rule_7_7_1_deck_counts(self) -> None:
        assert Rules().deck_cards().count(Card.from_code("WD1")) == 0
        for rules in (Rules(wild_downpour=True), H2O, Rules.preset("h2o")):
            deck = Counter(rules.deck_cards())
            assert sum(deck.values()) == 112
            assert (deck[Card.from_code("WD1")], deck[Card.from_code("WD2")]) == (2, 2)
        deck = Counter(Rules(wild_downpour={"draw1": 1, "draw2": 3}).deck_cards())
        assert (deck[Card.from_code("WD1")], deck[Card.from_code("WD2")]) == (1, 3)
        assert Card.from_code("WD1").points == Card.from_code("WD2").points == 50

    def test_rule_7_7_2_wild_type(self) -> None:
        s = position([["WD1", "G1"], ["Y1", "Y2"], ["B1", "B2"]], "R+2", rules=H2O)
        assert action_codes(s, 0) == [
            "WD1:r",
            "WD1:r!",
            "WD1:y",
            "WD1:y!",
            "WD1:g",
            "WD1:g!",
            "WD1:b",
            "WD1:b!",
            "draw",
        ]
        rejected(s, 0, "WD1", "MISSING_COLOUR")
        st = act(s, 0, "WD1:y!")
        assert (st.color, st.turn, st.exposed) == (Color.YELLOW, 1, None)

    def test_rule_7_7_4_never_challengeable(self) -> None:
        s = position([["WD2", "R1", "G1"], ["Y1", "Y2"], ["B1", "B2"]], "R5", rules=H2O)
        st = act(s, 0, "WD2:b")
        assert (st.phase, st.challenge) == (Phase.AWAIT_TURN, None)
        rejected(st, 1, "challenge", "NOT_THE_CHALLENGER")

    def test_rule_7_7_4_never_stackable(self) -> None:
        rules = Rules(wild_downpour=True, stacking="mixed")
        s = position([["W+4", "G1", "G2"], ["WD2", "WD1", "Y3"], ["B7", "B8"]], "R5", rules=rules)
        st = act(s, 0, "W+4:y")
        assert action_codes(st, 1) == ["challenge", "accept"]
        rejected(st, 1, "WD2:y", "RESPONSE_REQUIRED")
        rejected(st, 1, "WD1:y", "RESPONSE_REQUIRED")

    def test_rule_7_7_4_last_card_draws_before_scoring(self) -> None:
        s = position(
            [["WD2"], ["Y1"], ["WD1"]], "R5", rules=H2O, stock_top=["G1", "G2", "G3", "G4"]
        )
        t = step(s, 0, "WD2:r")
        st = t.state
        assert draws(t.events) == [(1, 2), (2, 2)]
        assert st.phase is Phase.HAND_OVER
        assert st.history[-1].hand_values == (0, 4, 57)
        assert st.scores == (61, 0, 0)

    def test_rule_7_7_4_first_discard_returned(self) -> None:
        rules = Rules(wild_downpour=True, hand_size=2, first_wd4="bottom")
        deck = ["Y1", "Y2", "Y3", "Y4", "B1", "B2", "B3", "B4", "WD2", "R5", "G7"]
        s = new_game(4, rules, seed=SEED, dealer=0, deck=deck)
        assert s.discard == (Card.from_code("R5"),)
        assert s.stock[0] == Card.from_code("WD2")  # put at the bottom (first_wd4 = "bottom")
        assert s.stock[-1] == Card.from_code("G7")
        assert (s.phase, s.turn, s.deck_size) == (Phase.AWAIT_TURN, 1, 112)

        rules = Rules(wild_downpour=True, hand_size=2)
        deck = ["Y1", "Y2", "Y3", "Y4", "B1", "B2", "B3", "B4", "WD1"]
        s = new_game(4, rules, seed=SEED, dealer=0, deck=deck)
        assert len(s.discard) == 1
        assert s.top.kind not in (Kind.WILD_DOWNPOUR_1, Kind.WILD_DOWNPOUR_2, Kind.WILD_DRAW_FOUR)
        assert Card.from_code("WD1") in s.stock
        assert s.deck_size == 112


# -- §7.8–7.10 The 2018 deck --------------------------------------------------------------------


class TestDeck2018:
    def test_rule_7_8_1_deck(self) -> None:
        deck = Counter(DECK_2018.deck_cards())
        assert sum(deck.values()) == 112
        assert (deck[Card.from_code("WSH")], deck[Card.from_code("WC")]) == (1, 3)
        assert Card.from_code("WSH").points == Card.from_code("WC").points == 40

    def test_e61_shuffle_hands(self) -> None:
        s = position([["WSH", "R1", "R2"], ["Y1", "Y2", "Y3"], ["G1", "G2"]], "R5", rules=DECK_2018)
        before = hand_cards(s) - Counter(cards(["WSH"]))
        t = step(s, 0, "WSH:b")
        st = t.state
        assert hand_cards(st) == before  # conserved
        assert sizes(st) == [2, 3, 2]  # 7 cards dealt from next(A) = B: B, C, A, B, C, A, B
        assert of_type(t.events, "shuffle_hands") == [
            {"type": "shuffle_hands", "sizes": [2, 3, 2]}  # every seat's, by seat
        ]
        assert st.phase is Phase.AWAIT_TURN
        assert (st.turn, st.color, st.exposed) == (1, Color.BLUE, None)
        assert st.deck_size == 112
        assert step(s, 0, "WSH:b").state == st  # the game RNG makes it deterministic

    def test_e61_shuffle_hands_counter_clockwise(self) -> None:
        s = position(
            [["WSH", "R1", "R2"], ["Y1", "Y2", "Y3"], ["G1", "G2"]],
            "R5",
            rules=DECK_2018,
            direction=-1,
        )
        st = act(s, 0, "WSH:g")
        assert sizes(st) == [2, 2, 3]  # dealt from next(A) = C
        assert st.turn == 2

    def test_e61_shuffle_hands_as_last_card(self) -> None:
        s = position([["WSH"], ["Y1", "Y2", "Y3"], ["G1", "WC"]], "R5", rules=DECK_2018)
        t = step(s, 0, "WSH:y")
        st = t.state
        assert "shuffle_hands" not in types(t.events)
        assert st.phase is Phase.HAND_OVER
        assert (sorted_hand(st, 1), sorted_hand(st, 2)) == (["Y1", "Y2", "Y3"], ["G1", "WC"])
        assert st.history[-1].points == (47, 0, 0)

    def test_rule_7_9_4_shuffle_hands_penultimate_card(self) -> None:
        s = position([["WSH", "R1"], ["Y1"], ["G1"]], "R5", rules=DECK_2018, stock_top=["B1", "B2"])
        st = act(s, 0, "WSH:b")
        assert sizes(st) == [1, 1, 1]
        assert st.exposed == 0  # A played the penultimate card and still holds one
        rejected(st, 0, "catch 1", "CATCH_INVALID")
        rejected(st, 0, "catch 2", "CATCH_INVALID")
        t = step(st, 1, "catch 0")
        assert draws(t.events) == [(0, 2)]
        assert sizes(t.state) == [3, 1, 1]

    def test_rule_7_9_4_shuffle_into_one_card_owes_nothing(self) -> None:
        # A plays Shuffle Hands from three cards and is re-dealt a single card: no call owed (§4.2).
        s = position([["WSH", "R1", "R2"], ["Y1"], ["G1"]], "R5", rules=DECK_2018)
        st = act(s, 0, "WSH:b")
        assert sizes(st) == [1, 2, 1]
        assert st.exposed is None
        rejected(st, 1, "catch 0", "CATCH_INVALID")

    @pytest.mark.parametrize("k", [1, 2, 3, 4])
    def test_rule_7_10_next_draws(self, k: int) -> None:
        s = position(
            [["WC", "R1", "R2"], ["Y1", "Y2"], ["G1", "G2"]],
            "R5",
            rules=custom(f"next_draws:{k}"),
            stock_top=["B1", "B2", "B3", "B4"],
        )
        t = step(s, 0, "WC:g")
        st = t.state
        assert draws(t.events) == [(1, k)]
        assert of_type(t.events, "skip") == [{"type": "skip", "seat": 1}]
        assert sorted_hand(st, 1) == sorted(["Y1", "Y2", *["B1", "B2", "B3", "B4"][:k]])
        assert st.phase is Phase.AWAIT_TURN
        assert (st.turn, st.to_act, st.pending_draw, st.challenge) == (2, 2, 0, None)
        rejected(st, 1, "challenge", "NOT_THE_CHALLENGER")
        rejected(st, 2, "challenge", "NOT_THE_CHALLENGER")

    def test_rule_7_10_next_draws_as_last_card(self) -> None:
        s = position(
            [["WC"], ["Y1"], ["G1"]], "R5", rules=custom("next_draws:2"), stock_top=["B1", "B2"]
        )
        t = step(s, 0, "WC:g")
        st = t.state
        assert draws(t.events) == [(1, 2)]
        assert st.phase is Phase.HAND_OVER
        assert st.history[-1].hand_values == (0, 4, 1)
        assert st.scores == (5, 0, 0)

    @pytest.mark.parametrize("k", [1, 3])
    def test_rule_7_10_others_draw(self, k: int) -> None:
        s = position(
            [["WC", "R1", "R2"], ["Y1", "Y2"], ["G1", "G2"]],
            "R5",
            rules=custom(f"others_draw:{k}"),
            stock_top=["B1", "B2", "B3", "B4", "B5", "B6"],
        )
        t = step(s, 0, "WC:y")
        st = t.state
        assert types(t.events) == ["play", "draw", "draw"]
        assert draws(t.events) == [(1, k), (2, k)]
        assert sizes(st) == [2, 2 + k, 2 + k]
        assert (st.phase, st.turn, st.color) == (Phase.AWAIT_TURN, 1, Color.YELLOW)

    def test_rule_7_10_others_draw_as_last_card(self) -> None:
        s = position([["WC"], ["Y1"], ["G1"]], "R5", rules=custom("others_draw:2"))
        t = step(s, 0, "WC:y")
        assert draws(t.events) == [(1, 2), (2, 2)]
        assert t.state.phase is Phase.HAND_OVER
        assert sizes(t.state) == [0, 3, 3]

    def test_rule_7_10_skip(self) -> None:
        s = position([["WC", "R1", "R2"], ["Y1", "Y2"], ["G1", "G2"]], "R5", rules=custom("skip"))
        t = step(s, 0, "WC:b")
        assert of_type(t.events, "skip") == [{"type": "skip", "seat": 1}]
        assert draws(t.events) == []
        assert (t.state.turn, t.state.color) == (2, Color.BLUE)

    def test_rule_7_10_skip_as_last_card(self) -> None:
        s = position([["WC"], ["Y1", "Y2"], ["G1", "G2"]], "R5", rules=custom("skip"))
        t = step(s, 0, "WC:b")
        assert types(t.events) == ["play", "hand_over"]
        assert t.state.phase is Phase.HAND_OVER

    def test_rule_7_10_reverse(self) -> None:
        s = position(
            [["WC", "R1", "R2"], ["Y1", "Y2"], ["G1", "G2"]], "R5", rules=custom("reverse")
        )
        st = act(s, 0, "WC:g")
        assert (st.direction, st.turn, st.color) == (-1, 2, Color.GREEN)
        s = position([["WC", "R1", "R2"], ["Y1", "Y2"]], "R5", rules=custom("reverse"))
        st = act(s, 0, "WC:g")
        assert (st.direction, st.turn) == (-1, 0)  # two players: as a Skip

    def test_rule_7_10_swap_hands(self) -> None:
        s = position(
            [["WC", "R1", "R2"], ["Y1", "Y2"], ["G1", "G2", "G3"]], "R5", rules=custom("swap_hands")
        )
        assert [code for code in action_codes(s, 0) if code.startswith("WC")] == [
            *("WC:r>1", "WC:r>2", "WC:y>1", "WC:y>2"),
            *("WC:g>1", "WC:g>2", "WC:b>1", "WC:b>2"),
        ]
        rejected(s, 0, "WC:g", "INVALID_TARGET")
        rejected(s, 0, "WC:g>0", "INVALID_TARGET")
        t = step(s, 0, "WC:g>2")
        st = t.state
        assert of_type(t.events, "swap_hands") == [
            {"type": "swap_hands", "seats": [0, 2], "sizes": [3, 2]}
        ]
        assert (sorted_hand(st, 0), sorted_hand(st, 2)) == (["G1", "G2", "G3"], ["R1", "R2"])
        assert (st.turn, st.color) == (1, Color.GREEN)

    def test_rule_7_10_swap_hands_as_last_card(self) -> None:
        rules = custom("swap_hands")
        s = position([["WC"], ["Y1", "Y2"], ["G1", "G2", "G3"]], "R5", rules=rules)
        t = step(s, 0, "WC:g>1")
        assert "swap_hands" not in types(t.events)
        assert t.state.phase is Phase.HAND_OVER
        assert sorted_hand(t.state, 1) == ["Y1", "Y2"]

    def test_rule_7_10_swap_hands_as_last_card_needs_no_target(self) -> None:
        # As a Seven-O 7 (§7.2.1): only a player who does not go out with it must name a target.
        s = position([["WC"], ["Y1", "Y2"], ["G1", "G2", "G3"]], "R5", rules=custom("swap_hands"))
        t = step(s, 0, "WC:g")
        assert "swap_hands" not in types(t.events)
        assert t.state.phase is Phase.HAND_OVER
        assert t.state.history[-1].went_out == 0

    def test_rule_7_10_shuffle_hands(self) -> None:
        s = position(
            [["WC", "R1", "R2"], ["Y1", "Y2", "Y3"], ["G1", "G2"]],
            "R5",
            rules=custom("shuffle_hands"),
        )
        before = hand_cards(s) - Counter(cards(["WC"]))
        t = step(s, 0, "WC:r")
        assert hand_cards(t.state) == before
        assert sizes(t.state) == [2, 3, 2]
        assert "shuffle_hands" in types(t.events)
        assert t.state.turn == 1

    def test_rule_7_10_reveal(self) -> None:
        s = position(
            [["WC", "R1", "R2"], ["Y1", "Y2"], ["G1", "G2", "G3"]], "R5", rules=custom("reveal")
        )
        rejected(s, 0, "WC:y", "INVALID_TARGET")
        rejected(s, 0, "WC:y>0", "INVALID_TARGET")
        t = step(s, 0, "WC:y>2")
        st = t.state
        (reveal,) = [e for e in t.events if e.type == "reveal"]
        assert reveal.to_dict() == {"type": "reveal", "seat": 2, "cards": ["G1", "G2", "G3"]}
        for seat in (None, 0, 1, 2):  # public: everyone sees it
            assert reveal.redact(seat).to_dict()["cards"] == ["G1", "G2", "G3"]
        assert (sorted_hand(st, 1), sorted_hand(st, 2)) == (["Y1", "Y2"], ["G1", "G2", "G3"])
        assert (st.turn, st.color) == (1, Color.YELLOW)

    def test_rule_7_10_reveal_as_last_card(self) -> None:
        s = position([["WC"], ["Y1", "Y2"], ["G1", "G2", "G3"]], "R5", rules=custom("reveal"))
        t = step(s, 0, "WC:y>2")
        assert "reveal" not in types(t.events)
        assert t.state.phase is Phase.HAND_OVER

    def test_rule_7_10_none_is_a_plain_wild(self) -> None:
        s = position([["WC", "R1", "R2"], ["Y1", "Y2"], ["G1", "G2"]], "R5", rules=custom("none"))
        rejected(s, 0, "WC:y>1", "INVALID_TARGET")
        rejected(s, 0, "WC", "MISSING_COLOUR")
        t = step(s, 0, "WC:y")
        assert types(t.events) == ["play"]
        assert (t.state.turn, t.state.color, sizes(t.state)) == (1, Color.YELLOW, [2, 2, 2])

    def test_rule_7_10_2_all_discard_one_starts_a_discard_round(self) -> None:
        # The round itself: test_rules_7_11_4_discard_round.py.
        assert rule_facts(custom("all_discard_one")).effects[Kind.WILD_CUSTOMIZABLE] == (
            CardEffect(EffectKind.ALL_DISCARD_ONE)
        )

    @pytest.mark.parametrize(
        ("effect", "card"),
        [
            ("next_draws:4", "WC"),
            ("others_draw:2", "WC"),
            ("skip", "WC"),
            ("swap_hands", "WC"),
            ("shuffle_hands", "WC"),
            ("none", "WSH"),
        ],
    )
    def test_rule_7_10_3_first_discard_plain_wild(self, effect: str, card: str) -> None:
        rules = custom(effect, hand_size=2)
        deck = ["Y1", "Y2", "Y3", "B1", "B2", "B3", card]
        s = new_game(3, rules, seed=SEED, dealer=0, deck=deck)
        assert s.top == Card.from_code(card)
        assert s.phase is Phase.AWAIT_FIRST_COLOR
        assert (s.to_act, s.turn, sizes(s)) == (1, 1, [2, 2, 2])
        t = step(s, 1, "color g")
        st = t.state
        assert types(t.events) == ["color"]
        assert st.phase is Phase.AWAIT_TURN
        assert (st.turn, st.color, sizes(st), st.direction) == (1, Color.GREEN, [2, 2, 2], 1)
        assert (sorted_hand(st, 0), sorted_hand(st, 1), sorted_hand(st, 2)) == (
            ["B3", "Y3"],
            ["B1", "Y1"],
            ["B2", "Y2"],
        )


# -- §7.12 Teams ----------------------------------------------------------------------------------


class TestTeams:
    def test_e64_partners_scoring(self) -> None:
        s = position([["R5"], ["Y9", "GS"], ["W"], ["B4"]], "R3", rules=PARTNERS)
        t = step(s, 0, "R5")
        st = t.state
        (over,) = of_type(t.events, "hand_over")
        assert over["hand_values"] == [0, 29, 50, 4]
        assert over["points"] == [33, 0, 0, 0]  # the partner's Wild scores nothing
        assert st.scores == (33, 0, 0, 0)
        assert team_totals(st) == (33, 0)
        assert st.phase is Phase.HAND_OVER

    @pytest.mark.parametrize(("d_hand", "over"), [(["BR", "Y1"], True), (["BR"], False)])
    def test_rule_7_12_3_team_reaches_target(self, d_hand: list[str], over: bool) -> None:
        s = position(
            [["G1", "G2"], ["Y9", "GS"], ["R5"], d_hand],
            "R3",
            rules=PARTNERS,
            turn=2,
            scores=[300, 100, 150, 50],
        )
        st = act(s, 2, "R5")
        gained = 29 + sum(Card.from_code(c).points for c in d_hand)
        assert st.scores == (300, 100, 150 + gained, 50)
        assert team_totals(st) == (450 + gained, 150)
        if over:  # 300 + 200 = 500: the team reaches the target though neither seat does
            assert st.phase is Phase.GAME_OVER
            assert (st.winners, st.winner) == ((0, 2), None)
        else:
            assert st.phase is Phase.HAND_OVER
            assert st.winners == ()

    def test_rule_7_12_1_partners_seating(self) -> None:
        assert PARTNERS.team_of_seats(4) == ((0, 2), (1, 3))
        for players in (2, 3, 5, 6):
            with pytest.raises(RulesError, match="4 players"):
                new_game(players, PARTNERS, seed=SEED)
        s = position([["R5", "G1"], ["R6", "G2"], ["R7", "G3"], ["R8", "G4"]], "R3", rules=PARTNERS)
        st = act(s, 0, "R5!")
        st = act(st, 1, "R6!")
        st = act(st, 2, "R7!")
        assert st.turn == 3  # turns alternate between the teams

    def test_rule_7_12_1_explicit_teams(self) -> None:
        rules = Rules(teams=[[0, 2, 4], [1, 3, 5]])
        assert rules.team_of_seats(6) == ((0, 2, 4), (1, 3, 5))
        s = position([["G1"], ["G2"], ["G3"], ["G4"], ["R5"], ["G6"]], "R3", rules=rules, turn=4)
        st = act(s, 4, "R5")
        assert st.history[-1].points == (0, 0, 0, 0, 12, 0)
        assert team_totals(st) == (12, 0)

        rules = Rules(teams=[[0, 3], [1, 4], [2, 5]])
        s = position([["R5"], ["G2"], ["G3"], ["G4"], ["G5"], ["G6"]], "R3", rules=rules)
        st = act(s, 0, "R5")
        assert st.history[-1].points == (2 + 3 + 5 + 6, 0, 0, 0, 0, 0)
        assert team_totals(st) == (16, 0, 0)

    @pytest.mark.parametrize(
        "teams", [[[0, 1, 2, 3]], [[0, 1], [1, 2, 3]], [[0, 1], [2]], [[0, 1], [2, 3, 4]]]
    )
    def test_rule_7_12_1_invalid_explicit_teams(self, teams: list[list[int]]) -> None:
        with pytest.raises(RulesError):
            new_game(4, Rules(teams=teams), seed=SEED)

    def test_rule_7_12_4_seven_o_with_partner(self) -> None:
        rules = Rules(teams="partners", seven_o=True)
        s = position(
            [["R7", "G1", "G2"], ["Y1", "Y2"], ["B1", "B2", "B3"], ["Y3", "Y4"]], "R5", rules=rules
        )
        st = act(s, 0, "R7>2")
        assert (sorted_hand(st, 0), sorted_hand(st, 2)) == (["B1", "B2", "B3"], ["G1", "G2"])

    def test_rule_7_12_single_hand_game(self) -> None:
        rules = Rules(teams="partners", target_score=None)
        s = position([["G1", "G2"], ["R5"], ["Y1"], ["B4"]], "R3", rules=rules, turn=1)
        t = step(s, 1, "R5")
        st = t.state
        assert st.phase is Phase.GAME_OVER
        assert st.winners == (1, 3)
        assert st.scores == (0, 4, 0, 0)
        assert of_type(t.events, "game_over")[0]["winners"] == [1, 3]
