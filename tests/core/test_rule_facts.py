"""`RuleFacts`: the answers the rules give to bots, the terminal and help text, checked against
the options of RULES.md §7.0 and against what the engine does."""

from __future__ import annotations

from typing import Any

import pytest

from lastcard import Card, Color, Rules, legal_actions
from lastcard.core import CardEffect, EffectKind, rule_facts
from lastcard.core.effects import compile_rules
from lastcard.core.rules import CUSTOM_WILD_EFFECTS
from positions import act, of_type, position, run

SUPPORTED_CUSTOM = [name for name in CUSTOM_WILD_EFFECTS if name != "all_discard_one"]
NUMBERS = [Card.from_code(f"R{rank}") for rank in range(10)]
WC = Card.from_code("WC")


def card(code: str) -> Card:
    return Card.from_code(code)


@pytest.mark.parametrize("name", Rules.presets())
class TestEveryPreset:
    def test_facts_follow_the_options(self, name: str) -> None:
        rules = Rules.preset(name)
        facts = rule_facts(rules)
        assert facts.reverse_skips_with_two == rules.two_player_rules
        assert facts.own_hand_scoring == (rules.elimination or rules.scoring == "alternative")
        assert facts.allows_voluntary_draw == rules.allow_voluntary_draw
        assert facts.allows_wd4_bluff == rules.wd4_bluffing
        assert facts.allows_stacking == (rules.stacking != "off")
        assert facts.allows_jump_in == rules.jump_in
        assert facts.turn_limit == rules.turn_limit
        swaps = {c for c in NUMBERS if facts.card_effect(c).kind is EffectKind.SWAP_HANDS}
        assert swaps == ({card("R7")} if rules.seven_o else set())

    def test_the_engine_targets_exactly_the_cards_the_facts_name(self, name: str) -> None:
        rules = Rules.preset(name)
        facts = rule_facts(rules)
        expected = {c for c in rules.deck_cards() if facts.names_target(c)}
        assert compile_rules(rules).targeted == expected
        assert compile_rules(rules).facts is facts

    def test_facts_are_built_once_per_rules(self, name: str) -> None:
        rules = Rules.preset(name)
        assert rule_facts(rules) is rule_facts(rules)


class TestCardEffects:
    @pytest.mark.parametrize(
        ("code", "effect"),
        [
            ("R5", CardEffect(EffectKind.NONE)),
            ("GS", CardEffect(EffectKind.SKIP)),
            ("BR", CardEffect(EffectKind.REVERSE)),
            ("Y+2", CardEffect(EffectKind.NEXT_DRAWS, 2)),
            ("W", CardEffect(EffectKind.NONE)),
            ("W+4", CardEffect(EffectKind.NEXT_DRAWS, 4)),
            ("WSH", CardEffect(EffectKind.SHUFFLE_HANDS)),
            ("WD1", CardEffect(EffectKind.OTHERS_DRAW, 1)),
            ("WD2", CardEffect(EffectKind.OTHERS_DRAW, 2)),
        ],
    )
    def test_rule_3_6_official_effects(self, code: str, effect: CardEffect) -> None:
        assert rule_facts(Rules()).card_effect(card(code)) == effect
        assert not rule_facts(Rules()).names_target(card(code))

    def test_rule_3_6_no_card_names_a_target_in_the_official_game(self) -> None:
        assert not rule_facts(Rules()).has_targeted_cards


class TestSevenO:
    def test_rule_7_2_1_a_seven_swaps_with_a_named_seat(self) -> None:
        facts = rule_facts(Rules(seven_o=True))
        assert facts.card_effect(card("G7")) == CardEffect(EffectKind.SWAP_HANDS)
        assert facts.names_target(card("G7")) and facts.has_targeted_cards

    def test_rule_7_2_2_a_zero_rotates_every_hand(self) -> None:
        facts = rule_facts(Rules(seven_o=True))
        assert facts.card_effect(card("B0")) == CardEffect(EffectKind.ROTATE_HANDS)
        assert not facts.names_target(card("B0"))

    @pytest.mark.parametrize("seven_o", [True, False])
    def test_rule_7_2_other_numbers_do_nothing(self, seven_o: bool) -> None:
        facts = rule_facts(Rules(seven_o=seven_o))
        for number in NUMBERS:
            if not seven_o or number.rank not in (0, 7):
                assert facts.card_effect(number) == CardEffect(EffectKind.NONE)

    def test_rule_7_2_1_the_engine_asks_a_target_for_a_seven(self) -> None:
        state = position(["R7 G2 B3", "Y1 Y2", "G5 G6"], "R1", rules=Rules(seven_o=True))
        targets = {a.target for a in legal_actions(state, 0) if a.card == card("R7")}
        assert targets == {1, 2}


class TestCustomWild:
    @pytest.mark.parametrize("name", SUPPORTED_CUSTOM)
    def test_rule_7_10_2_the_custom_wild_effect(self, name: str) -> None:
        facts = rule_facts(Rules(deck="2018", custom_wild_effect=name))
        effect = facts.card_effect(WC)
        assert effect.code == name
        assert CardEffect.from_code(name) == effect
        assert facts.names_target(WC) == (name in ("swap_hands", "reveal"))
        assert facts.has_targeted_cards == (name in ("swap_hands", "reveal"))

    @pytest.mark.parametrize("name", ["swap_hands", "reveal"])
    def test_rule_7_10_2_the_engine_asks_a_target_exactly_when_the_facts_say(
        self, name: str
    ) -> None:
        rules = Rules(deck="2018", custom_wild_effect=name)
        state = position(["WC G2 B3", "Y1 Y2", "G5 G6"], "R1", rules=rules)
        plays = [a for a in legal_actions(state, 0) if a.card == WC]
        assert plays and all(a.target is not None for a in plays)
        revealed = run(state, (0, "WC:g>1"))
        assert bool(of_type(revealed.events, "reveal")) == (
            rule_facts(rules).card_effect(WC).kind is EffectKind.REVEAL
        )


class TestTwoPlayers:
    @pytest.mark.parametrize("two_player_rules", [True, False])
    def test_rule_3_9_1_reverse_acts_as_skip(self, two_player_rules: bool) -> None:
        rules = Rules(two_player_rules=two_player_rules)
        assert rule_facts(rules).reverse_skips_with_two is two_player_rules
        state = position(["RR G2 B3", "Y1 Y2"], "R1", rules=rules)
        after = act(state, 0, "RR")
        assert after.turn == (0 if two_player_rules else 1)


class TestJumpIn:
    @pytest.mark.parametrize(
        ("options", "jump_in", "own_card"),
        [
            ({}, False, False),
            ({"jump_in": True}, True, False),
            ({"jump_in": True, "jump_in_self": True}, True, True),
            ({"jump_in_self": True}, False, False),
            ({"speed_uno": True}, True, False),
        ],
    )
    def test_rule_7_3_jump_in_policy(
        self, options: dict[str, Any], jump_in: bool, own_card: bool
    ) -> None:
        facts = rule_facts(Rules(**options))
        assert facts.allows_jump_in is jump_in
        assert facts.allows_jump_in_on_own_card is own_card


class TestScoring:
    @pytest.mark.parametrize(
        ("options", "own_hand"),
        [
            ({}, False),
            ({"scoring": "alternative"}, True),
            ({"elimination": True}, True),
            ({"teams": "partners"}, False),
        ],
    )
    def test_rule_6_4_1_own_hand_scoring(self, options: dict[str, Any], own_hand: bool) -> None:
        assert rule_facts(Rules(**options)).own_hand_scoring is own_hand


class TestDrawAndWildDrawFour:
    @pytest.mark.parametrize("allowed", [True, False])
    def test_rule_3_4_2_voluntary_draw(self, allowed: bool) -> None:
        rules = Rules(allow_voluntary_draw=allowed)
        assert rule_facts(rules).allows_voluntary_draw is allowed
        state = position(["R5 G2", "Y1 Y2"], "R1", rules=rules)
        assert (legal_actions(state, 0)[-1].code == "draw") is allowed

    @pytest.mark.parametrize("bluffing", [True, False])
    def test_rule_3_3_4_wd4_bluffing(self, bluffing: bool) -> None:
        rules = Rules(wd4_bluffing=bluffing)
        assert rule_facts(rules).allows_wd4_bluff is bluffing
        state = position(["W+4 R5", "Y1 Y2"], "R1", rules=rules)  # holds red: a bluff
        wd4s = [a for a in legal_actions(state, 0) if a.card == card("W+4")]
        assert bool(wd4s) is bluffing

    @pytest.mark.parametrize(
        ("stacking", "mixed"), [("off", False), ("same", False), ("mixed", True)]
    )
    def test_rule_7_1_stacking(self, stacking: str, mixed: bool) -> None:
        facts = rule_facts(Rules(stacking=stacking))
        assert facts.allows_stacking is (stacking != "off")
        assert facts.stacking_mixed is mixed
        assert facts.may_stack(card("B+2"), card("R+2"), Color.RED) is (stacking != "off")
        assert facts.may_stack(card("W+4"), card("R+2"), Color.RED) is mixed
