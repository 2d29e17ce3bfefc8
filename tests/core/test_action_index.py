"""The fixed action index: pinned numbers, and every legal action of random games numbered."""

from __future__ import annotations

import math

import pytest

from lastcard import Rules, legal_actions, new_game, parse_action
from lastcard.core import ActionIndex, ActionSyntaxError, action_index
from lastcard.core.action_index import version_size
from lastcard.core.actions import Action, ActionKind
from random_play import play_at_random, seatable


def test_pinned_numbers_of_the_four_player_index() -> None:
    # An accidental reorder of the space renumbers these and fails here.
    index = ActionIndex(4)
    pinned = {
        "R0": 0,
        "R0!": 1,
        "R1": 2,
        "R7": 14,
        "R7>0": 16,
        "R7>3!": 23,
        "R8": 24,
        "R+2!": 33,
        "Y0": 34,
        "B+2!": 135,
        "W:r": 136,
        "W+4:b!": 151,
        "WC:r": 160,
        "WC:g>3!": 189,
        "WD2:b!": 215,
        "draw": 216,
        "keep": 217,
        "challenge": 218,
        "accept": 219,
        "color r": 220,
        "color b": 223,
        "uno": 224,
        "catch 0": 225,
        "catch 3": 228,
        "next": 229,
        # Version 2: the discard round's answers follow `next`.
        "discard R0": 230,
        "discard R0!": 231,
        "discard W+4!": 337,
        "discard WD2!": 345,
        "discard R+3": 346,
        "discard WT!": 367,
        "decline": 368,
        "pass": 369,
        "cheat": 370,
        # The theme cards' plays follow.
        "R+3": 371,
        "WH:r": 379,
        "WH:r>2!": 386,
        "WJ:r>0*1": 475,
        "WJ:b>1,2,3*3!": 810,
        "WM": 811,
        "WT:b>3!": 852,
        "give R0": 853,
        "give WT": 921,
        "lead R0": 922,
        "lead WT:b>3!": 1619,
    }
    assert {code: index.index(code) for code in pinned} == pinned
    assert index.size == len(index) == 1629
    assert version_size(4, 1) == index.index("next") + 1 == 230


@pytest.mark.parametrize(("players", "size"), [(2, 939), (4, 1629), (10, 9843)])
def test_size_grows_with_the_seats_that_can_be_named(players: int, size: int) -> None:
    # 136 + 16 (n + 1) plays, 10 + n other actions, 141 discard-round and Pirate answers,
    # then the theme plays: 8 Draw Threes, 3 x 4 x (n + 1) x 2 for WH WF WT, 16 for WI and
    # WCA, 4 x (sets of 1-3 seats) x 3 x 2 for WJ, 2 for WM; 69 gifts; every play as a lead.
    sets = sum(math.comb(players, k) for k in (1, 2, 3))
    theme = 8 + 24 * (players + 1) + 16 + 24 * sets + 2
    plays = 136 + 16 * (players + 1)
    assert len(ActionIndex(players)) == size
    assert size == plays + 10 + players + 141 + theme + 69 + plays + theme + 9
    assert version_size(players) == size


def test_every_number_names_a_distinct_action_that_prints_and_parses_back() -> None:
    index = ActionIndex(3)
    actions = list(index)
    assert len(set(actions)) == len(actions)
    for number, action in enumerate(actions):
        assert index.action_at(number) == action
        assert index.index(action) == number
        assert parse_action(action.code) == action


def test_the_index_is_the_same_for_every_rules() -> None:
    # One space per player count: the rules only decide which of its actions are ever legal.
    assert list(ActionIndex(5)) == list(action_index(5))
    assert action_index(5) is action_index(5)


@pytest.mark.parametrize(
    "outside",
    ["catch 4", "R7>4", "R5:r", "R5>1", "W", "W+4>1:r", Action(ActionKind.CATCH, target=9)],
)
def test_actions_outside_the_space_are_refused(outside: Action | str) -> None:
    with pytest.raises(ActionSyntaxError):
        ActionIndex(4).index(outside)


@pytest.mark.parametrize("bad", [-1, 1629, True, "3", None, 2.0])
def test_numbers_outside_the_space_are_refused(bad: object) -> None:
    with pytest.raises(ActionSyntaxError):
        ActionIndex(4).action_at(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [1, 11, True, "4"])
def test_player_counts_outside_the_game_are_refused(bad: object) -> None:
    with pytest.raises(ActionSyntaxError):
        ActionIndex(bad)  # type: ignore[arg-type]


def test_a_mask_marks_exactly_the_legal_actions() -> None:
    state = new_game(4, Rules(), seed=3)
    seat = state.to_act
    assert seat is not None
    legal = legal_actions(state, seat)
    index = action_index(4)
    mask = index.mask(legal)
    assert isinstance(mask, bytes) and len(mask) == len(index)
    assert [i for i, bit in enumerate(mask) if bit] == sorted(index.indices(legal))
    assert set(mask) <= {0, 1}


_SWAP_WC = Rules(deck="2018", custom_wild_effect="swap_hands", seven_o=True, jump_in=True)


_RULES = {**{name: Rules.preset(name) for name in Rules.presets()}, "swap-wc": _SWAP_WC}


@pytest.mark.parametrize("name", list(_RULES))
def test_every_legal_action_of_random_games_is_numbered_in_legal_order(name: str) -> None:
    rules = _RULES[name]
    for players in range(2, 11):
        if not seatable(rules, players):
            continue
        index = action_index(players)
        for state in play_at_random(name, rules, players, seed=players, steps=600).states:
            for seat in range(players):
                legal = legal_actions(state, seat)
                numbers = index.indices(legal)
                assert [index.action_at(n) for n in numbers] == list(legal)
                # legal_actions lists actions in index order: a mask maps back without sorting
                assert numbers == sorted(set(numbers))
