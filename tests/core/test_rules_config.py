"""The option surface of RULES.md §7.0, the presets, and configuration errors (E69, §7.13)."""

from __future__ import annotations

import dataclasses
import json
import pickle
from typing import Any

import pytest

from lastcard import Rules, RulesError, legal_actions, new_game, read_state
from lastcard.core.rules import THEME_CARDS
from positions import SEED

# §7.0: every option and its default (the first value listed).
DEFAULTS: dict[str, Any] = {
    "deck": "classic",
    "hand_size": 7,
    "target_score": 500,
    "scoring": "standard",
    "tie_rule": "shared",
    "mode": "strict",
    "dealer_draw_non_number": "zero",
    "dealer_each_hand": "redraw",
    "first_reverse": "dealer_right",
    "first_wild": "first_player_chooses",
    "first_wd4": "reshuffle",
    "allow_voluntary_draw": True,
    "wd4_bluffing": True,
    "two_player_rules": True,
    "stacking": "off",
    "seven_o": False,
    "jump_in": False,
    "jump_in_self": False,
    "elimination": False,
    "elimination_threshold": 500,
    "pirate": False,
    "pirate_false_call_penalty": 2,
    "wild_downpour": None,
    "custom_wild_effect": "none",
    "theme_cards": frozenset(),
    "teams": None,
}

# §7.0: every other supported value of each option.
OTHER_VALUES: list[tuple[str, Any]] = [
    ("deck", "2018"),
    ("hand_size", 1),
    ("hand_size", 15),
    ("mode", "table"),
    ("target_score", 1),
    ("target_score", 250),
    ("target_score", None),
    ("scoring", "alternative"),
    ("tie_rule", "play_on"),
    ("dealer_draw_non_number", "redraw"),
    ("dealer_each_hand", "rotate"),
    ("first_reverse", "dealer_starts"),
    ("first_wild", "dealer_chooses"),
    ("first_wild", "redraw"),
    ("first_wd4", "bottom"),
    ("allow_voluntary_draw", False),
    ("wd4_bluffing", False),
    ("two_player_rules", False),
    ("stacking", "same"),
    ("stacking", "mixed"),
    ("seven_o", True),
    ("jump_in", True),
    ("jump_in_self", True),
    ("elimination", True),
    ("elimination_threshold", 200),
    ("teams", "partners"),
    *[
        ("custom_wild_effect", effect)
        for effect in (
            *(f"next_draws:{k}" for k in range(1, 5)),
            *(f"others_draw:{k}" for k in range(1, 5)),
            "skip",
            "reverse",
            "swap_hands",
            "shuffle_hands",
            "reveal",
        )
    ],
]

PRESETS: dict[str, Rules] = {
    "official": Rules(),
    "official-2018": Rules(deck="2018"),
    "party": Rules(stacking="same", seven_o=True, jump_in=True),
    "elimination": Rules(elimination=True),
    "partners": Rules(teams="partners"),
    "h2o": Rules(wild_downpour={"draw1": 2, "draw2": 2}),
    "table": Rules(mode="table"),
    "pirate": Rules(pirate=True, seven_o=True),
    "themes": Rules(theme_cards=set(THEME_CARDS)),
}

# (option, bad value, words the error message must contain: the valid choices)
BAD_VALUES: list[tuple[str, Any, tuple[str, ...]]] = [
    ("deck", "2019", ("deck", "classic", "2018")),
    ("hand_size", 0, ("hand_size", "1", "15")),
    ("hand_size", 16, ("hand_size", "1", "15")),
    ("hand_size", "7", ("hand_size", "1", "15")),
    ("hand_size", True, ("hand_size", "1", "15")),
    ("target_score", 0, ("target_score", "None")),
    ("target_score", -500, ("target_score", "None")),
    ("target_score", "500", ("target_score", "None")),
    ("scoring", "golf", ("scoring", "standard", "alternative")),
    ("tie_rule", "coin", ("tie_rule", "shared", "play_on")),
    ("mode", "casual", ("mode", "strict", "table")),
    ("dealer_draw_non_number", "one", ("zero", "redraw")),
    ("dealer_each_hand", "keep", ("redraw", "rotate")),
    ("first_reverse", "dealer_left", ("dealer_right", "dealer_starts")),
    ("first_wild", "nobody", ("first_player_chooses", "dealer_chooses", "redraw")),
    ("first_wd4", "top", ("reshuffle", "bottom")),
    ("allow_voluntary_draw", "yes", ("allow_voluntary_draw", "True", "False")),
    ("wd4_bluffing", 1, ("wd4_bluffing", "True", "False")),
    ("two_player_rules", None, ("two_player_rules", "True", "False")),
    ("stacking", True, ("stacking", "off", "same", "mixed")),
    ("stacking", "progressive", ("stacking", "off", "same", "mixed")),
    ("seven_o", "true", ("seven_o", "True", "False")),
    ("jump_in", 0, ("jump_in", "True", "False")),
    ("jump_in_self", "no", ("jump_in_self", "True", "False")),
    ("elimination", 1, ("elimination", "True", "False")),
    ("elimination_threshold", 0, ("elimination_threshold",)),
    ("custom_wild_effect", "next_draws:5", ("custom_wild_effect", "next_draws:4", "skip")),
    ("custom_wild_effect", "next_draws:0", ("custom_wild_effect", "next_draws:1", "skip")),
    ("custom_wild_effect", "banana", ("custom_wild_effect", "swap_hands", "reveal")),
    ("theme_cards", {"dragon"}, ("dragon", "howler", "draw_three")),
    ("teams", "trios", ("teams", "partners")),
    ("teams", 5, ("teams", "partners")),
    ("wild_downpour", {"draw3": 1}, ("wild_downpour", "draw1", "draw2")),
    ("wild_downpour", {"draw1": -1}, ("wild_downpour", "draw1", "draw2")),
    ("wild_downpour", "lots", ("wild_downpour", "draw1", "draw2")),
]

# Options whose support came last: every value of §7.0 now builds rules that play.
ONCE_REFUSED: list[dict[str, Any]] = [
    {"pirate": True},
    {"custom_wild_effect": "all_discard_one", "deck": "2018"},
    *({"theme_cards": {name}} for name in THEME_CARDS),
    {"theme_cards": set(THEME_CARDS), "pirate": True, "stacking": "mixed", "jump_in": True},
]


class TestOptions:
    @pytest.mark.parametrize(("name", "default"), list(DEFAULTS.items()))
    def test_rule_7_0_option_default(self, name: str, default: Any) -> None:
        assert getattr(Rules(), name) == default

    def test_rule_7_0_every_option_exists(self) -> None:
        names = {f.name for f in dataclasses.fields(Rules)}
        assert set(DEFAULTS) <= names
        assert set(Rules().to_dict()) >= set(DEFAULTS)

    def test_rule_7_0_defaults_are_the_official_game(self) -> None:
        assert Rules() == Rules(**DEFAULTS)
        assert Rules().is_default
        assert not Rules(stacking="same").is_default

    @pytest.mark.parametrize(("name", "value"), OTHER_VALUES)
    def test_rule_7_0_supported_values(self, name: str, value: Any) -> None:
        rules = Rules(**{name: value})
        assert getattr(rules, name) == value
        assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules

    def test_rule_7_0_wild_downpour_values(self) -> None:
        assert (
            Rules(wild_downpour=True).wild_downpour
            == Rules(wild_downpour={"draw1": 2, "draw2": 2}).wild_downpour
        )
        assert Rules(wild_downpour={"draw2": 1, "draw1": 3}).to_dict()["wild_downpour"] == {
            "draw1": 3,
            "draw2": 1,
        }
        assert Rules(wild_downpour=None).wild_downpour is None

    def test_rule_7_0_explicit_teams_value(self) -> None:
        rules = Rules(teams=[[0, 2], [1, 3]])
        assert rules.teams == ((0, 2), (1, 3))
        assert rules.to_dict()["teams"] == [[0, 2], [1, 3]]

    def test_rule_7_3_speed_uno_alias(self) -> None:
        assert Rules(speed_uno=True) == Rules(jump_in=True)
        assert Rules.from_dict({"speed_uno": True}).jump_in is True
        assert Rules(speed_uno=False) == Rules()

    @pytest.mark.parametrize(
        ("name", "value", "words"), BAD_VALUES, ids=[f"{n}={v!r}" for n, v, _ in BAD_VALUES]
    )
    def test_e69_bad_value(self, name: str, value: Any, words: tuple[str, ...]) -> None:
        with pytest.raises(RulesError) as info:
            Rules(**{name: value})
        assert isinstance(info.value, ValueError)
        for word in words:
            assert word in str(info.value), f"{word!r} missing from: {info.value}"

    @pytest.mark.parametrize("value", ["yes", "no", 1, 0])
    def test_e69_bad_speed_uno_value(self, value: Any) -> None:
        with pytest.raises(RulesError):
            Rules(speed_uno=value)

    @pytest.mark.parametrize("name", ["stackng", "house_rules", "pirates"])
    def test_e69_unknown_option(self, name: str) -> None:
        for build in (
            lambda: Rules.from_dict({name: True}),
            lambda: Rules().changed(**{name: True}),
        ):
            with pytest.raises(RulesError) as info:
                build()
            assert name in str(info.value)
            assert "stacking" in str(info.value)  # the known options are named

    def test_e69_unknown_option_in_constructor(self) -> None:
        with pytest.raises(RulesError) as info:
            Rules(stackng="same")  # type: ignore[call-arg]
        assert "stackng" in str(info.value)

    @pytest.mark.parametrize("options", ONCE_REFUSED)
    def test_every_option_is_supported(self, options: dict[str, Any]) -> None:
        rules = Rules(**options)
        state = new_game(3, rules, seed=1)
        assert legal_actions(state, state.to_act or 0)

    def test_changed(self) -> None:
        rules = Rules().changed(stacking="mixed", seven_o=True)
        assert rules == Rules(stacking="mixed", seven_o=True)
        with pytest.raises(RulesError):
            Rules().changed(stacking="sideways")


class TestPresets:
    def test_presets_listed(self) -> None:
        assert set(Rules.presets()) == set(PRESETS)
        assert len(Rules.presets()) == len(PRESETS)

    @pytest.mark.parametrize("name", list(PRESETS))
    def test_preset(self, name: str) -> None:
        assert Rules.preset(name) == PRESETS[name]

    def test_preset_party(self) -> None:
        party = Rules.preset("party")
        assert (party.stacking, party.seven_o, party.jump_in) == ("same", True, True)
        assert dataclasses.replace(party, stacking="off", seven_o=False, jump_in=False) == Rules()

    def test_preset_decks(self) -> None:
        assert len(Rules.preset("official").deck_cards()) == 108
        assert len(Rules.preset("official-2018").deck_cards()) == 112
        assert len(Rules.preset("h2o").deck_cards()) == 112

    @pytest.mark.parametrize("name", ["", "Official", "house", "speed", "pirates"])
    def test_unknown_preset(self, name: str) -> None:
        with pytest.raises(RulesError) as info:
            Rules.preset(name)
        assert isinstance(info.value, ValueError)
        for preset in PRESETS:
            assert preset in str(info.value)

    @pytest.mark.parametrize("name", list(PRESETS))
    def test_preset_json_round_trip(self, name: str) -> None:
        rules = Rules.preset(name)
        text = json.dumps(rules.to_dict())
        again = Rules.from_dict(json.loads(text))
        assert again == rules
        assert again.to_dict() == rules.to_dict()
        assert hash(again) == hash(rules)

    @pytest.mark.parametrize("name", list(PRESETS))
    def test_preset_game_state_json_round_trip(self, name: str) -> None:
        state = new_game(4, Rules.preset(name), seed=SEED)
        assert state.rules == Rules.preset(name)
        again = read_state(json.loads(json.dumps(state.to_dict())))
        assert again == state

    @pytest.mark.parametrize(
        "rules",
        [
            Rules(teams=[[0, 1, 2], [3, 4, 5]], target_score=None),
            Rules(deck="2018", custom_wild_effect="others_draw:3", stacking="mixed"),
            Rules(wild_downpour={"draw1": 0, "draw2": 5}, speed_uno=True, jump_in_self=True),
            Rules(elimination=True, elimination_threshold=150, dealer_each_hand="rotate"),
        ],
    )
    def test_rules_json_round_trip(self, rules: Rules) -> None:
        assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


class TestCombinations:
    @pytest.mark.parametrize("players", [-1, 0, 1, 11, 12])
    def test_e69_player_count(self, players: int) -> None:
        with pytest.raises(RulesError) as info:
            new_game(players, Rules(), seed=SEED)
        assert "2" in str(info.value) and "10" in str(info.value)

    @pytest.mark.parametrize("players", [2, 10])
    def test_rule_1_5_1_player_count_limits(self, players: int) -> None:
        state = new_game(players, Rules(), seed=SEED)
        assert state.players == players
        assert state.deck_size == 108

    def test_e69_teams_with_elimination(self) -> None:
        with pytest.raises(RulesError, match="elimination"):
            Rules(teams="partners", elimination=True)
        with pytest.raises(RulesError, match="elimination"):
            Rules(teams=[[0, 2], [1, 3]], elimination=True)
        with pytest.raises(RulesError):
            Rules.preset("partners").changed(elimination=True)
        with pytest.raises(RulesError):
            Rules.preset("elimination").changed(teams="partners")

    def test_rule_7_12_5_teams_with_alternative_scoring(self) -> None:
        with pytest.raises(RulesError, match="alternative"):
            Rules(teams="partners", scoring="alternative")
        with pytest.raises(RulesError):
            Rules(scoring="alternative").changed(teams=[[0, 1], [2, 3]])

    def test_rule_7_13_7_elimination_ignores_scoring(self) -> None:
        rules = Rules(elimination=True, scoring="alternative")
        assert new_game(3, rules, seed=SEED).rules == rules

    @pytest.mark.parametrize(
        ("players", "hand_size", "deck", "ok"),
        [
            (10, 10, "classic", True),  # 101 cards needed
            (10, 11, "classic", False),  # 111 > 108
            (10, 11, "2018", True),  # 111 <= 112
            (9, 11, "classic", True),  # 100
            (9, 12, "classic", False),  # 109 > 108
            (7, 15, "classic", True),  # 106
            (8, 15, "classic", False),  # 121
            (8, 14, "2018", False),  # 113 > 112
        ],
    )
    def test_e69_hand_size_too_large(
        self, players: int, hand_size: int, deck: str, ok: bool
    ) -> None:
        rules = Rules(hand_size=hand_size, deck=deck)
        if ok:
            state = new_game(players, rules, seed=SEED, dealer=0)
            assert all(len(hand) == hand_size for hand in state.hands)
        else:
            with pytest.raises(RulesError, match=str(players * hand_size + 1)):
                new_game(players, rules, seed=SEED, dealer=0)

    def test_rule_7_13_9_extra_cards_count(self) -> None:
        rules = Rules(hand_size=11, wild_downpour=True)  # 108 + 4 = 112 >= 10 * 11 + 1
        state = new_game(10, rules, seed=SEED, dealer=0)
        assert state.deck_size == 112

    @pytest.mark.parametrize("players", [2, 3, 5, 6, 10])
    def test_rule_7_12_1_partners_needs_four(self, players: int) -> None:
        with pytest.raises(RulesError, match="4"):
            new_game(players, Rules.preset("partners"), seed=SEED)

    def test_rule_7_12_1_partners_with_four(self) -> None:
        state = new_game(4, Rules.preset("partners"), seed=SEED)
        assert state.rules.team_of_seats(4) == ((0, 2), (1, 3))

    def test_rule_7_13_1_pirate_implies_seven_o(self) -> None:
        assert Rules(pirate=True).seven_o is True
        assert Rules(pirate=True, seven_o=False) == Rules(pirate=True, seven_o=True)
        assert Rules.from_dict(Rules(pirate=True).to_dict()) == Rules(pirate=True)
        with pytest.raises(RulesError, match="pirate_false_call_penalty"):
            Rules(pirate=True, pirate_false_call_penalty=-1)


@pytest.mark.parametrize("name", Rules.presets())
def test_rules_and_states_pickle_after_use(name: str) -> None:
    """Worker processes receive rules and states by pickle, after the engine has cached its
    compiled tables on the rules."""
    rules = Rules.preset(name)
    state = new_game(4, rules, seed=3)
    legal_actions(state, state.to_act if state.to_act is not None else 0)
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state
    assert copy.rules == rules
    assert legal_actions(copy, 0) == legal_actions(state, 0)
