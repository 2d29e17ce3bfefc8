"""Rewards: zero-sum, from the rules' own scoring.

- `"hand"` (the default): when a hand ends, each seat gets its points for the hand minus the
  table's mean, divided by 100; where the rules score one's own hand (low is good: elimination,
  alternative scoring, §6.4.1) the sign is turned, so a higher reward is always better. A
  blocked hand scores nothing and rewards nothing.
- `"game"`: when the game ends, each winner gets 1 and every seat then has the mean taken off
  (two players: +0.5 and -0.5), and nothing before.

Both sum to zero over the seats at every step.
"""

from __future__ import annotations

from lastcard.core import GameState, HandResult, rule_facts

REWARDS = ("hand", "game")


def hand_rewards(state: GameState, result: HandResult) -> list[float]:
    """Each seat's reward for the hand `result` of the game in `state`."""
    points = result.points
    mean = sum(points) / len(points)
    sign = -1.0 if rule_facts(state.rules).own_hand_scoring else 1.0
    return [sign * (p - mean) / 100.0 for p in points]


def game_rewards(state: GameState) -> list[float]:
    """Each seat's reward for the game that ended in `state`."""
    wins = [1.0 if seat in state.winners else 0.0 for seat in range(state.players)]
    mean = sum(wins) / len(wins)
    return [w - mean for w in wins]
