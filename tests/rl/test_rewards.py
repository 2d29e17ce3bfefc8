"""Rewards (`lastcard.rl.rewards`): zero-sum, from the rules' scoring, with teams and with seats
eliminated before the hand."""

from __future__ import annotations

import dataclasses

import pytest

from lastcard import HandResult, Rules, new_game
from lastcard.core import Card
from lastcard.rl.rewards import game_rewards, hand_rewards


def result(points: tuple[int, ...], eliminated: tuple[int, ...] = ()) -> HandResult:
    return HandResult(1, 0, Card.from_code("R5"), 1, points, points, points, eliminated)


def test_rule_7_12_partners_share_the_hand() -> None:
    """Seat 1 goes out with 174 points: its partner, seat 3, gains as much as it does."""
    state = new_game(4, Rules.preset("partners"), seed=1)
    rewards = hand_rewards(state, result((0, 174, 0, 0)))
    assert rewards == pytest.approx([-0.87, 0.87, -0.87, 0.87])


def test_rule_7_5_a_seat_out_before_the_hand_gets_nothing_and_counts_for_nothing() -> None:
    state = new_game(5, Rules.preset("elimination"), seed=1)
    state = dataclasses.replace(state, active=(True, True, True, False, True))
    rewards = hand_rewards(state, result((10, 20, 0, 0, 30)))
    # Own-hand scoring (§7.5.1): fewer points is better, the mean over the 4 who played is 15.
    assert rewards == pytest.approx([0.05, -0.05, 0.15, 0.0, -0.15])
    # A seat that this very hand eliminated did play it.
    state = dataclasses.replace(state, active=(True, True, True, True, False))
    assert hand_rewards(state, result((10, 20, 0, 0, 30), eliminated=(4,)))[4] != 0


@pytest.mark.parametrize("preset", ["official", "party", "partners", "elimination", "h2o"])
def test_rewards_are_zero_sum(preset: str) -> None:
    state = new_game(4, Rules.preset(preset), seed=2)
    assert sum(hand_rewards(state, result((0, 33, 0, 7)))) == pytest.approx(0)
    over = dataclasses.replace(state, winners=(2,))
    assert game_rewards(over) == pytest.approx([-0.25, -0.25, 0.75, -0.25])
