"""Rewards: zero-sum, from the rules' own scoring.

- `"hand"` (the default): when a hand ends, each seat that played it gets its points for the
  hand minus the mean over those seats, divided by 100; with teams (§7.12) a seat's points are
  its team's. Where the rules score one's own hand (low is good: elimination, alternative
  scoring, §6.4.1) the sign is turned, so a higher reward is always better. Seats eliminated
  before the hand get 0; a blocked hand scores nothing and rewards nothing.
- `"game"`: when the game ends, each winner gets 1 and every seat then has the mean taken off
  (two players: +0.5 and -0.5), and nothing before.

Both sum to zero over the seats at every step.
"""

from __future__ import annotations

from lastcard.core import GameState, HandResult, rule_facts

REWARDS = ("hand", "game")


def hand_rewards(state: GameState, result: HandResult) -> list[float]:
    """Each seat's reward for the hand `result` of the game in `state`."""
    # Seats out of the game before this hand did not play it (those it eliminated did).
    played = [state.active[s] or s in result.eliminated for s in range(state.players)]
    points = list(result.points)
    teams = state.rules.team_of_seats(state.players)
    for team in teams or ():
        team_points = sum(result.points[s] for s in team)
        for seat in team:
            points[seat] = team_points
    counted = [p for p, in_hand in zip(points, played, strict=True) if in_hand]
    mean = sum(counted) / len(counted)
    sign = -1.0 if rule_facts(state.rules).own_hand_scoring else 1.0
    return [
        sign * (p - mean) / 100.0 if in_hand else 0.0
        for p, in_hand in zip(points, played, strict=True)
    ]


def game_rewards(state: GameState) -> list[float]:
    """Each seat's reward for the game that ended in `state`."""
    wins = [1.0 if seat in state.winners else 0.0 for seat in range(state.players)]
    mean = sum(wins) / len(wins)
    return [w - mean for w in wins]
