"""The tournament's ratings: openskill's Plackett-Luce model, one rating per entry of the bot
list, updated after every finished game in game order (see the package docstring)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .config import TournamentConfig
from .worker import GameOutcome

RATING_TAU = 0.0  # openskill's skill-drift term: none, bots do not learn


def entry_labels(bots: Sequence[str]) -> list[str]:
    """ "random #1", "random #2" for a bot listed twice; the plain name otherwise.

    >>> entry_labels(["random", "greedy", "random"])
    ['random #1', 'greedy', 'random #2']
    """
    out = []
    for i, name in enumerate(bots):
        if bots.count(name) > 1:
            out.append(f"{name} #{bots[: i + 1].count(name)}")
        else:
            out.append(name)
    return out


def dense_ranks(scores: Sequence[float]) -> list[int]:
    """Dense ranks, 0 best: lower score is better.

    >>> dense_ranks([5.0, -math.inf, 5.0, 7.0])
    [1, 0, 1, 2]
    """
    order = sorted(set(scores))
    return [order.index(s) for s in scores]


class Ratings:
    """One openskill rating per entry; `rate` takes the finished games in game order."""

    def __init__(self, config: TournamentConfig) -> None:
        from openskill.models import PlackettLuce  # imported only when ratings are asked for

        self.config = config
        self.teams = config.played_rules.team_of_seats(config.players)
        self.rated_games = 0
        self._model: Any = PlackettLuce(tau=RATING_TAU)
        self._ratings: list[Any] = [
            self._model.rating(name=label) for label in entry_labels(config.bots)
        ]

    def rate(self, outcome: GameOutcome) -> None:
        """Update the ratings from the finishing order of a finished game with a winner."""
        n = self.config.players
        units = self.teams if self.teams is not None else tuple((s,) for s in range(n))
        if self.config.mode == "hands":
            last = outcome.hands[-1]
            seat_score = [0 if last.went_out == s else last.hand_values[s] for s in range(n)]
        else:  # final scores: lower is better under own-hand scoring, higher otherwise
            sign = 1 if self.config.own_hand_scoring else -1
            seat_score = [sign * t for t in outcome.totals]
        scores = [
            -math.inf
            if any(s in outcome.winners for s in unit)
            else sum(seat_score[s] for s in unit)
            for unit in units
        ]
        ranks = dense_ranks(scores)
        teams = [[self._ratings[outcome.seating[s]] for s in unit] for unit in units]
        rated = self._model.rate(teams, ranks=ranks)
        for unit, team in zip(units, rated, strict=True):
            for seat, rating in zip(unit, team, strict=True):
                self._ratings[outcome.seating[seat]] = rating
        self.rated_games += 1

    def entries(self) -> list[dict[str, Any]]:
        """Each entry's rating, in the order of the bot list."""
        labels = entry_labels(self.config.bots)
        return [
            {
                "entry": label,
                "bot": self.config.bots[i],
                "mu": r.mu,
                "sigma": r.sigma,
                "ordinal": r.ordinal(),  # mu - 3 sigma
            }
            for i, (label, r) in enumerate(zip(labels, self._ratings, strict=True))
        ]
