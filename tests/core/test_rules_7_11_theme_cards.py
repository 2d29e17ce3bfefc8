"""The theme-pack cards (RULES.md §7.11): Draw Three, Howler, Care-a-lot, Friendship, Joker, Mambo
and Travel, their codes (`R+3`, `WH`, `WCA`, `WF`, `WJ:c>1,3*2`, `WM`, `give C`, `lead C`, `WT`),
Invisibility's block (`block c`, `allow`), first discards (§2.4), last cards (§6.1.3) and
scoring (§1.4).

Seats: A = 0, B = 1, C = 2, D = 3; A is to play on R5 (red current) unless stated. The next cards
of the stock are `NEXT`, first drawn first.
"""

from __future__ import annotations

from collections import Counter

import pytest

from lastcard import Card, Kind, Phase, Rules, RulesError, apply, legal_actions, player_view
from lastcard.core import from_notation, parse_action, to_notation
from positions import action_codes, event_data, event_types, hand_of, position, rejected, run, sizes

ALL = frozenset(
    {"draw_three", "howler", "invisibility", "care_a_lot", "friendship", "joker", "mambo", "travel"}
)
THEMES = Rules(theme_cards=ALL)
NEXT = "Y5 Y6 Y7 Y8 Y9 G5 G6 G7 G8 G9"
INVISIBLE = Rules(theme_cards={"invisibility", "howler", "friendship", "joker"})  # Draw Twos kept


def themed(hands: list[str], discard: str = "B5 R5", rules: Rules = THEMES, **fields: object):
    return position(hands, discard, rules=rules, stock_top=NEXT, **fields)


class TestRule_7_11_Deck:
    def test_the_themes_preset_holds_every_supported_card_once(self) -> None:
        assert Rules.preset("themes") == THEMES
        deck = Counter(card.code for card in THEMES.deck_cards())
        assert [deck[c] for c in ("WH", "WI", "WCA", "WF", "WJ", "WM", "WT")] == [1] * 7
        assert deck["R+3"] == 2 and deck["R+2"] == 0  # §7.11.1: they replace the Draw Twos
        assert sum(deck.values()) == 108 + 7

    def test_each_card_is_added_only_when_asked(self) -> None:
        deck = Counter(c.code for c in Rules(theme_cards={"howler"}).deck_cards())
        assert deck["WH"] == 1 and deck["R+2"] == 2 and deck["R+3"] == 0 and deck["WJ"] == 0

    def test_unknown_theme_cards_are_refused(self) -> None:
        with pytest.raises(RulesError, match="unknown theme cards"):
            Rules(theme_cards={"dragon"})

    @pytest.mark.parametrize(("code", "points"), [("R+3", 20), ("WH", 50), ("WJ", 50)])
    def test_1_4_points(self, code: str, points: int) -> None:
        assert Card.from_code(code).points == points


class TestRule_7_11_1_DrawThree:
    def test_matches_by_colour_or_symbol(self) -> None:
        state = themed(["Y+3 G+3 B2", "B1 R9", "G1 G2"], "B5 R+3")
        assert set(action_codes(state, 0)) == {"Y+3", "G+3", "draw"}

    def test_next_draws_3_and_loses_the_turn(self) -> None:
        t = apply(themed(["R+3 B2", "B1 R9", "G1 G2"]), 0, "R+3")
        assert sizes(t.state) == [1, 5, 2] and t.state.turn == 2
        assert event_data(t, "draw")[0]["reason"] == "draw_three"

    def test_7_1_stacking_same_adds_3(self) -> None:
        rules = THEMES.changed(stacking="same")
        state = themed(["R+3 B2", "B+3 R9", "G1 G2"], rules=rules)
        state = run(state, (0, "R+3"), (1, "B+3")).state
        assert state.pending_draw == 6 and state.to_act == 2
        assert "W+4" not in action_codes(state, 2)

    def test_7_1_3_mixed_draw_two_and_draw_three_on_each_other(self) -> None:
        rules = Rules(theme_cards={"draw_three"}, stacking="mixed")
        state = themed(["R+3 B2", "W+4 R9", "G1 G2"], rules=rules)
        state = apply(state, 0, "R+3").state
        assert any(code.startswith("W+4") for code in action_codes(state, 1))

    def test_2_4_first_discard_acts_as_a_draw_two_with_3(self) -> None:
        from lastcard import new_game

        deck = ["R1", "R2", "R3", "R4", "G+3"]  # dealt from the end: G+3 turns up first
        state = new_game(2, THEMES.changed(hand_size=2), seed=1, dealer=0, deck=deck)
        # With two players the non-dealer draws 3 and the dealer starts (§2.4).
        assert state.first_discard.code == "G+3" and sizes(state) == [2, 5]
        assert state.turn == 0

    def test_6_1_3_as_last_card_the_next_player_still_draws_3(self) -> None:
        t = apply(themed(["R+3", "B1 R9", "G1 G2"]), 0, "R+3")
        assert t.state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert event_data(t, "draw")[0]["count"] == 3


class TestRule_7_11_2_Howler:
    def test_the_target_hand_is_shown_to_everyone_at_that_moment(self) -> None:
        t = apply(themed(["WH B2", "B1 R9", "G1 G2"]), 0, "WH:g>2")
        assert event_data(t, "reveal") == [{"seat": 2, "cards": ["G1", "G2"]}]
        reveal = next(e for e in t.events if e.type == "reveal")
        assert not reveal.secret_to  # public
        assert t.state.turn == 1 and t.state.color.value == "G"

    def test_a_target_is_required_among_the_other_active_seats(self) -> None:
        state = themed(["WH B2", "B1 R9", "G1 G2"])
        for code in ("WH:g", "WH:g>0", "WH:g>5"):
            rejected(state, 0, code, "INVALID_TARGET")

    def test_as_a_last_card_no_target_is_needed(self) -> None:
        state = themed(["WH", "B1 R9", "G1 G2"])
        assert "WH:g" in action_codes(state, 0)
        t = apply(state, 0, "WH:g")
        assert "reveal" not in event_types(t)


class TestRule_7_11_3_Invisibility:
    def test_a_on_its_holders_turn_it_is_a_plain_wild(self) -> None:
        t = apply(themed(["WI B2", "B1 R9", "G1 G2"]), 0, "WI:g")
        assert t.state.turn == 1 and t.state.color.value == "G"

    def test_E62_it_blocks_a_draw_two_as_the_holders_turn(self) -> None:
        state = themed(["R+2 B2 B3", "WI R9 Y3", "G1 G2"], rules=INVISIBLE)
        state = apply(state, 0, "R+2").state
        assert state.phase is Phase.AWAIT_BLOCK and state.to_act == 1
        assert action_codes(state, 1) == ["block r", "block y", "block g", "block b", "allow"]
        t = apply(state, 1, "block y")
        after = t.state
        assert event_types(t) == ["block"] and sizes(after) == [2, 2, 2]  # B drew nothing
        assert after.top.code == "WI" and after.color.value == "Y" and after.top_player == 1
        assert after.turn == 2 and after.phase is Phase.AWAIT_TURN  # next(B) plays, on yellow

    def test_allowing_lets_the_effect_apply(self) -> None:
        state = apply(themed(["R+3 B2", "WI R9 Y3", "G1 G2"]), 0, "R+3").state
        after = apply(state, 1, "allow").state
        assert sizes(after) == [1, 6, 2] and after.turn == 2 and "WI" in hand_of(after, 1)

    def test_it_blocks_a_skip(self) -> None:
        state = apply(themed(["RS B2", "WI R9 Y3", "G1 G2"]), 0, "RS").state
        assert state.to_act == 1
        assert apply(state, 1, "block g").state.turn == 2

    def test_a_block_of_a_named_seat_leaves_turn_order_unchanged(self) -> None:
        state = themed(["WH B2", "B1 R9", "WI G1 G2"])
        state = apply(state, 0, "WH:r>2").state
        assert state.phase is Phase.AWAIT_BLOCK and state.to_act == 2
        t = apply(state, 2, "block b")
        assert "reveal" not in event_types(t)
        assert t.state.turn == 1 and t.state.color.value == "B"  # B must now match blue

    def test_allowing_a_friendship_swaps(self) -> None:
        state = apply(themed(["WF B2", "B1 R9", "WI G1 G2"]), 0, "WF:r>2").state
        after = apply(state, 2, "allow").state
        assert hand_of(after, 0) == ["WI", "G1", "G2"] and hand_of(after, 2) == ["B2"]

    def test_a_joker_pauses_at_the_holder_then_the_others_draw(self) -> None:
        state = themed(["WJ B2 B3", "WI R9", "G1", "Y1"])
        state = apply(state, 0, "WJ:r>1,3*2").state
        assert state.to_act == 1 and state.phase is Phase.AWAIT_BLOCK
        t = apply(state, 1, "block g")
        assert [(d["seat"], d["count"]) for d in event_data(t, "draw")] == [(3, 2)]
        assert sizes(t.state) == [2, 1, 1, 3] and t.state.turn == 1

    def test_7_13_5_a_block_cancels_a_stacked_total(self) -> None:
        rules = THEMES.changed(stacking="same")
        state = themed(["R+3 B2", "B+3 R9", "WI G1 G2"], rules=rules)
        state = run(state, (0, "R+3"), (1, "B+3")).state
        assert state.pending_draw == 6 and "block r" in action_codes(state, 2)
        after = apply(state, 2, "block r").state
        assert after.pending_draw == 0 and sizes(after)[2] == 2 and after.turn == 0

    def test_a_blocked_wild_draw_four_can_no_longer_be_challenged(self) -> None:
        state = apply(themed(["W+4 R3 R4", "WI B9 Y3", "G1 G2"]), 0, "W+4:g").state
        assert state.phase is Phase.AWAIT_WD4_RESPONSE
        assert {"challenge", "accept", "block y"} <= set(action_codes(state, 1))
        after = apply(state, 1, "block y").state
        assert after.challenge is None and after.pending_draw == 0 and after.turn == 2
        rejected(after, 2, "challenge", "NOT_THE_CHALLENGER")

    def test_blocking_with_the_last_card_goes_out_and_with_two_owes_uno(self) -> None:
        state = apply(themed(["R+2 B2 B3", "WI", "G1 G2"], rules=INVISIBLE), 0, "R+2").state
        assert apply(state, 1, "block r").state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        state = apply(themed(["R+2 B2 B3", "WI R9", "G1 G2"], rules=INVISIBLE), 0, "R+2").state
        assert "block r!" in action_codes(state, 1)
        assert apply(state, 1, "block r").state.exposed == 1
        assert apply(state, 1, "block r!").state.exposed is None

    def test_reverse_and_rotations_cannot_be_blocked(self) -> None:
        state = themed(["RR B2", "WI R9", "G1 G2"])
        assert apply(state, 0, "RR").state.phase is Phase.AWAIT_TURN

    def test_a_first_discard_is_never_blocked(self) -> None:
        from lastcard import new_game

        deck = ["WI", "R2", "R3", "R4", "G+2"]
        state = new_game(2, INVISIBLE.changed(hand_size=2), seed=1, dealer=0, deck=deck)
        assert state.phase is not Phase.AWAIT_BLOCK

    @pytest.mark.parametrize(
        ("seat", "action", "code"),
        [
            (2, "allow", "NOT_YOUR_TURN"),
            (1, "draw", "RESPONSE_REQUIRED"),
            (1, "R9", "RESPONSE_REQUIRED"),
            (1, "block r!", "NOTHING_TO_CALL"),
            (0, "block r", "NOT_YOUR_TURN"),
        ],
    )
    def test_rejected_answers_change_nothing(self, seat: int, action: str, code: str) -> None:
        state = apply(themed(["R+2 B2 B3", "WI R9 Y3", "G1 G2"], rules=INVISIBLE), 0, "R+2").state
        rejected(state, seat, action, code)

    def test_4_2_a_swap_waiting_for_an_answer_judges_the_call_after_it(self) -> None:
        state = apply(themed(["WF B2", "B1 R9", "WI G1 G2"]), 0, "WF:r>2").state
        assert state.exposed is None  # not yet: the swap may still happen
        assert apply(state, 2, "allow").state.exposed is None  # it did: 3 cards
        blocked = apply(state, 2, "block g").state
        assert blocked.exposed == 0  # it did not: one card, uncalled

    def test_4_4_an_answer_by_a_seat_not_due_to_act_leaves_the_window_open(self) -> None:
        state = apply(themed(["WH B2", "B1 R9", "WI G1 G2"]), 0, "WH:r>2").state
        after = apply(state, 2, "allow").state
        assert after.exposed == 0 and "catch 0" in action_codes(after, 1)

    def test_3_11_4_allowing_is_no_turn(self) -> None:
        state = apply(themed(["R+2 B2 B3", "WI R9 Y3", "G1 G2"], rules=INVISIBLE), 0, "R+2").state
        assert apply(state, 1, "allow").state.hand_turns == 1
        assert apply(state, 1, "block r").state.hand_turns == 2  # a block is the holder's turn

    def test_a_first_discard_total_is_never_blocked_with_stacking(self) -> None:
        from lastcard import new_game

        rules = INVISIBLE.changed(stacking="same", hand_size=2)
        state = new_game(2, rules, seed=1, dealer=0, deck=["WI", "R2", "R3", "R4", "G+2"])
        assert state.phase is Phase.AWAIT_STACK_RESPONSE
        assert not any(c.startswith("block") for c in action_codes(state, state.to_act))
        rejected(state, state.to_act, "block r", "NO_BLOCK")

    def test_no_block_without_a_pending_effect(self) -> None:
        rejected(themed(["WI B2", "B1 R9", "G1 G2"]), 0, "block r", "NO_BLOCK")
        rejected(themed(["WI B2", "B1 R9", "G1 G2"]), 0, "allow", "NO_BLOCK")

    def test_positions_round_trip_a_pending_block(self) -> None:
        state = themed(["WJ B2 B3", "WI R9", "G1", "Y1"])
        state = apply(state, 0, "WJ:r>1,3*2").state
        assert "block draws 0 2 joker 1,3" in to_notation(state)
        assert from_notation(to_notation(state)) == state


class TestRule_7_11_4_CareALot:
    def test_the_card_opens_a_discard_round(self) -> None:
        t = apply(themed(["WCA B2 B3", "B1 R9", "G1 G2"]), 0, "WCA:b")
        assert event_types(t) == ["play", "discard_round"]
        assert t.state.phase is Phase.AWAIT_DISCARD and t.state.to_act == 1

    def test_theme_cards_can_be_discarded(self) -> None:
        state = themed(["WCA B2 B3", "WJ R9", "G1 G2"])
        state = run(state, (0, "WCA:b"), (1, "discard WJ!")).state
        assert state.discard[-2].code == "WJ" and state.top.code == "WCA"


class TestRule_7_11_5_Friendship:
    def test_the_player_and_the_target_exchange_hands(self) -> None:
        t = apply(themed(["WF B2", "B1 R9 Y2", "G1 G2"]), 0, "WF:y>1")
        assert hand_of(t.state, 0) == ["B1", "R9", "Y2"] and hand_of(t.state, 1) == ["B2"]
        assert t.state.turn == 1 and t.state.exposed is None  # §4.2: no duty from a swap


class TestRule_7_11_6_Joker:
    def test_the_code_names_seats_and_a_count(self) -> None:
        action = parse_action("wj:R>3,1*2!")
        assert (action.targets, action.count, action.uno) == ((1, 3), 2, True)
        assert action.code == "WJ:r>1,3*2!"

    def test_each_target_draws_k_in_turn_order_and_nobody_is_skipped(self) -> None:
        state = themed(["WJ B2 B3", "B1", "G1", "Y1"], direction=-1)
        t = apply(state, 0, "WJ:r>1,3*2")
        assert [(d["seat"], d["count"]) for d in event_data(t, "draw")] == [(3, 2), (1, 2)]
        assert sizes(t.state) == [2, 3, 1, 3] and t.state.turn == 3

    def test_one_to_three_distinct_other_active_seats(self) -> None:
        state = themed(["WJ B2 B3", "B1", "G1", "Y1"])
        offered = [c for c in action_codes(state, 0) if c.startswith("WJ:r")]
        assert len(offered) == 7 * 3  # 3 + 3 + 1 sets of the 3 others, 3 counts each
        for code in ("WJ:r>0*1", "WJ:r>1,1*1", "WJ:r*2", "WJ:r>1*4", "WJ:r>1", "WJ:r>4*1"):
            rejected(state, 0, code, "INVALID_TARGET")

    def test_no_more_targets_than_exist(self) -> None:
        state = themed(["WJ B2 B3", "B1 R9"])
        assert [c for c in action_codes(state, 0) if c.startswith("WJ:r")] == [
            "WJ:r>1*1",
            "WJ:r>1*2",
            "WJ:r>1*3",
        ]

    def test_6_1_3_as_a_last_card_the_targets_still_draw(self) -> None:
        t = apply(themed(["WJ", "B1 R9", "G1 G2"]), 0, "WJ:r>1,2*3")
        assert t.state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert [(d["seat"], d["count"]) for d in event_data(t, "draw")][:2] == [(1, 3), (2, 3)]

    def test_7_1_11_a_joker_never_joins_a_chain(self) -> None:
        rules = THEMES.changed(stacking="mixed")
        state = themed(["R+3 B2", "WJ R9", "G1 G2"], rules=rules)
        state = apply(state, 0, "R+3").state
        assert not any(code.startswith("WJ") for code in action_codes(state, 1))


class TestRule_7_11_7_Mambo:
    def test_no_colour_is_declared_and_gifts_start_with_next_p(self) -> None:
        state = themed(["WM B2 B3 G4", "B1 R9", "G1 G2", "Y1"])
        assert "WM" in action_codes(state, 0) and not any(
            c.startswith("WM:") for c in action_codes(state, 0)
        )
        rejected(state, 0, "WM:r", "UNEXPECTED_COLOUR")
        state = apply(state, 0, "WM").state
        assert state.phase is Phase.AWAIT_GIFT and state.gift_to == 1 and state.to_act == 0
        assert state.color.value == "R"  # the colour before it stays until the lead
        assert action_codes(state, 0) == ["give G4", "give B2", "give B3"]

    def test_one_card_to_each_other_seat_in_turn_order_then_the_lead(self) -> None:
        state = themed(["WM B2 B3 G4 Y9", "B1 R9", "G1 G2", "Y1"])
        t = run(state, (0, "WM"), (0, "give B2"), (0, "give B3"), (0, "give G4"))
        after = t.state
        assert [hand_of(after, s)[-1] for s in (1, 2, 3)] == ["B2", "B3", "G4"]
        assert after.phase is Phase.AWAIT_LEAD and hand_of(after, 0) == ["Y9"]
        gift = next(e for e in t.events if e.type == "gift")
        assert gift.data == {"seat": 0, "target": 1} and gift.secret_to == frozenset({0})

    def test_gifts_stop_early_to_keep_one_card(self) -> None:
        state = themed(["WM B2 B3", "B1 R9", "G1 G2", "Y1"])
        state = run(state, (0, "WM"), (0, "give B2")).state
        assert state.phase is Phase.AWAIT_LEAD and hand_of(state, 0) == ["B3"]

    def test_the_lead_needs_not_match_and_acts_as_played(self) -> None:
        state = themed(["WM GS B3 G4 Y9", "B1 R9", "G1 G2"])
        state = run(state, (0, "WM"), (0, "give B3"), (0, "give G4")).state
        t = apply(state, 0, "lead GS")
        assert event_types(t)[:2] == ["lead", "play"]
        assert t.state.color.value == "G" and t.state.turn == 2  # the Skip skipped seat 1

    def test_a_wild_lead_declares_a_colour_and_a_wd4_lead_cannot_be_challenged(self) -> None:
        state = themed(["WM W+4 R3 R4 Y9", "B1 R9", "G1 G2"])
        state = run(state, (0, "WM"), (0, "give R3"), (0, "give R4")).state
        rejected(state, 0, "lead W+4", "MISSING_COLOUR")
        after = apply(state, 0, "lead W+4:b").state
        assert after.challenge is None and sizes(after)[1] == 7 and after.turn == 2

    def test_leading_the_last_card_goes_out(self) -> None:
        state = themed(["WM B2", "B1 R9", "G1 G2"])
        after = run(state, (0, "WM!"), (0, "lead B2")).state
        assert after.phase in (Phase.HAND_OVER, Phase.GAME_OVER)

    def test_a_lead_leaving_one_card_owes_uno(self) -> None:
        state = themed(["WM B2 B3 G4 Y9", "B1 R9", "G1 G2"])
        state = run(state, (0, "WM"), (0, "give B2"), (0, "give B3")).state
        assert apply(state, 0, "lead G4").state.exposed == 0
        assert apply(state, 0, "lead G4!").state.exposed is None

    def test_4_2_a_mambo_as_penultimate_card_owes_no_call_before_its_lead(self) -> None:
        state = apply(themed(["WM B2", "B1 R9", "G1 G2"]), 0, "WM").state
        assert state.phase is Phase.AWAIT_LEAD and state.exposed is None

    def test_the_mambo_as_last_card_goes_out_and_nothing_else(self) -> None:
        t = apply(themed(["WM", "B1 R9", "G1 G2"]), 0, "WM")
        assert t.state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert "gift" not in event_types(t)

    @pytest.mark.parametrize(
        ("seat", "action", "code"),
        [
            (1, "give B1", "NOT_YOUR_TURN"),
            (0, "give R9", "CARD_NOT_IN_HAND"),
            (0, "lead B2", "RESPONSE_REQUIRED"),
            (0, "draw", "RESPONSE_REQUIRED"),
            (0, "B2", "RESPONSE_REQUIRED"),
        ],
    )
    def test_rejected_actions_in_the_gifts_change_nothing(
        self, seat: int, action: str, code: str
    ) -> None:
        state = apply(themed(["WM B2 B3 G4", "B1 R9", "G1 G2"]), 0, "WM").state
        rejected(state, seat, action, code)

    def test_no_mambo_no_gifts(self) -> None:
        rejected(themed(["WM B2 B3", "B1 R9", "G1 G2"]), 0, "give B2", "NO_MAMBO")
        rejected(themed(["WM B2 B3", "B1 R9", "G1 G2"]), 0, "lead B2", "NO_MAMBO")

    def test_positions_round_trip_during_the_gifts(self) -> None:
        state = apply(themed(["WM B2 B3 G4", "B1 R9", "G1 G2"]), 0, "WM").state
        assert "gift_to 1" in to_notation(state)
        assert from_notation(to_notation(state)) == state


class TestRule_7_11_8_Travel:
    def test_the_target_hand_is_shown_to_the_player_alone(self) -> None:
        t = apply(themed(["WT B2", "B1 R9", "G1 G2"]), 0, "WT:b>2")
        travel = next(e for e in t.events if e.type == "travel")
        assert travel.data == {"seat": 0, "target": 2}
        assert travel.secret == {"cards": ["G1", "G2"]} and travel.secret_to == frozenset({0})
        assert t.state.turn == 1 and hand_of(t.state, 2) == ["G1", "G2"]  # nothing moves


class TestRule_7_11_Interactions:
    def test_2_4_a_theme_wild_turned_up_first_is_returned(self) -> None:
        from lastcard import new_game

        deck = ["R1", "R2", "R3", "R4", "R6", "WJ"]
        state = new_game(2, THEMES.changed(hand_size=2), seed=1, dealer=0, deck=deck)
        assert state.first_discard.code != "WJ"
        assert Card.from_code("WJ") in state.stock  # returned to the stock

    def test_7_3_a_draw_three_may_be_jumped_in_and_theme_wilds_never(self) -> None:
        rules = THEMES.changed(jump_in=True)
        state = themed(["B1 R9", "R+3 WJ", "G1 G2"], "B5 R+3", rules=rules, top_player=2)
        codes = action_codes(state, 1)
        assert "R+3" in codes and not any(c.startswith("WJ") for c in codes)

    def test_7_6_pirate_windows_hold_a_jokers_targets(self) -> None:
        rules = THEMES.changed(pirate=True)
        state = themed(["WJ B2", "B1 R9", "G1 G2"], rules=rules)
        state = apply(state, 0, "WJ:r>1,2*1").state
        assert state.phase is Phase.AWAIT_PIRATE
        assert from_notation(to_notation(state)) == state
        after = run(state, (1, "pass"), (2, "pass")).state
        assert sizes(after) == [1, 3, 3]

    def test_legal_actions_are_what_apply_accepts(self) -> None:
        state = themed(["WJ WH WT WF WCA WM R+3", "B1 R9", "G1 G2"])
        for action in legal_actions(state, 0):
            apply(state, 0, action)

    def test_views_hold_no_travel_cards_for_others(self) -> None:
        t = apply(themed(["WT B2", "B1 R9", "G1 G2"]), 0, "WT:b>2")
        assert player_view(t.state, 1).open_hands is None

    def test_kinds_are_theme_kinds(self) -> None:
        assert Card.from_code("G+3").kind is Kind.DRAW_THREE and not Card.from_code("G+3").is_wild
