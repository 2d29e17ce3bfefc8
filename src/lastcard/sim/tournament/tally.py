"""The tournament's statistics, streamed from each game's `GameOutcome` in game order, in
bounded memory (see the package docstring for what is counted)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lastcard.analysis.statistics import (
    GrowingHistogram,
    RunningMean,
    binomial_p_value,
    holm,
    paired_comparison,
    wilson_interval,
)

from .config import CONFIDENCE, TournamentConfig
from .ratings import Ratings, entry_labels
from .worker import GameOutcome


@dataclass
class EntryTally:
    """What one entry of the bot list did, over the whole tournament."""

    games: int = 0
    wins: int = 0
    hands: int = 0
    hands_won: int = 0
    points: RunningMean = field(default_factory=RunningMean)
    left: RunningMean = field(default_factory=RunningMean)
    seat_games: list[int] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)
    position_games: list[int] = field(default_factory=list)
    position_wins: list[int] = field(default_factory=list)


def position(seat: int, dealer: int, players: int) -> int:
    """A seat's place after the dealer: 0 is the dealer's left (who plays first, unless the
    first discard says otherwise), players - 1 the dealer."""
    return (seat - dealer - 1) % players


def win_rates(wins: Sequence[int], games: Sequence[int]) -> list[float | None]:
    """Wins over games, place by place; None where no game was played.

    >>> win_rates([1, 0], [4, 0])
    [0.25, None]
    """
    return [w / g if g else None for w, g in zip(wins, games, strict=True)]


@dataclass
class BotStats:
    """One bot name's results (its entries summed)."""

    name: str
    entries: int
    seats_played: int
    wins: int
    win_rate: float
    win_ci: tuple[float, float]
    p_value_vs_equal: float
    hands: int
    hands_won: int
    points: RunningMean
    left: RunningMean
    seat_games: list[int]
    seat_wins: list[int]
    position_games: list[int]
    position_wins: list[int]
    ratings: list[dict[str, Any]]

    @property
    def seat_win_rates(self) -> list[float | None]:
        return win_rates(self.seat_wins, self.seat_games)

    @property
    def position_win_rates(self) -> list[float | None]:
        return win_rates(self.position_wins, self.position_games)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "entries": self.entries,
            "seats_played": self.seats_played,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": list(self.win_ci),
            "p_value_vs_equal_skill": self.p_value_vs_equal,
            "hands": self.hands,
            "hands_won": self.hands_won,
            "points_scored_per_hand": self.points.to_dict(CONFIDENCE),
            "points_left_per_hand": self.left.to_dict(CONFIDENCE),
            "seat_games": list(self.seat_games),
            "seat_wins": list(self.seat_wins),
            "seat_win_rates": self.seat_win_rates,
            "position_games": list(self.position_games),
            "position_wins": list(self.position_wins),
            "position_win_rates": self.position_win_rates,
            "ratings": self.ratings,
        }


class Tally:
    """Streams `GameOutcome`s, in game order, into the tournament's statistics."""

    def __init__(self, config: TournamentConfig, *, ratings: bool = True) -> None:
        self.config = config
        n = config.players
        self.entries = [
            EntryTally(
                seat_games=[0] * n,
                seat_wins=[0] * n,
                position_games=[0] * n,
                position_wins=[0] * n,
            )
            for _ in range(n)
        ]
        self.games = 0
        self.finished = 0
        self.unfinished = 0
        self.hands = 0
        self.blocked_hands = 0
        self.actions = 0
        self.seat_games = [0] * n
        self.seat_wins = [0] * n
        self.position_games = [0] * n
        self.position_wins = [0] * n
        self.turns = RunningMean()
        self.turns_per_hand = RunningMean()
        self.lengths = GrowingHistogram(bins=64)
        self.teams = config.played_rules.team_of_seats(n)
        self._ratings = Ratings(config) if ratings else None
        self.names = list(dict.fromkeys(config.bots))
        # per pair of bot names: games won by the first and not the second, the reverse, both
        self.pair_counts = {pair: [0, 0, 0] for pair in itertools.combinations(self.names, 2)}
        # games in which bot b sat in the seat right after bot a's (a, b bot names)
        self.neighbours: Counter[tuple[str, str]] = Counter()

    def entry_labels(self) -> list[str]:
        """ "random #1", "random #2" for a bot listed twice; the plain name otherwise."""
        return entry_labels(self.config.bots)

    @property
    def rated_games(self) -> int:
        return self._ratings.rated_games if self._ratings is not None else 0

    def add(self, outcome: GameOutcome) -> None:
        if outcome.index != self.games:
            raise ValueError(f"game {outcome.index} arrived out of order (expected {self.games})")
        self.games += 1
        self.actions += outcome.actions
        self.turns.add(outcome.turns)
        self.lengths.add(outcome.turns)
        if outcome.hands:
            self.turns_per_hand.add(outcome.turns / len(outcome.hands))
        if outcome.finished:
            self.finished += 1
        else:
            self.unfinished += 1
        n = self.config.players
        # Positions count from the dealer of the deciding hand (hands) or of the first (matches).
        reference = outcome.hands[-1 if self.config.mode == "hands" else 0]
        for seat, entry_index in enumerate(outcome.seating):
            entry = self.entries[entry_index]
            place = position(seat, reference.dealer, n)
            entry.games += 1
            entry.seat_games[seat] += 1
            entry.position_games[place] += 1
            self.seat_games[seat] += 1
            self.position_games[place] += 1
            if seat in outcome.winners:
                entry.wins += 1
                entry.seat_wins[seat] += 1
                entry.position_wins[place] += 1
                self.seat_wins[seat] += 1
                self.position_wins[place] += 1
        bots_at = [self.config.bots[entry] for entry in outcome.seating]
        for seat in range(n):
            self.neighbours[bots_at[seat], bots_at[(seat + 1) % n]] += 1
        won = {bots_at[seat] for seat in outcome.winners}
        for (a, b), counts in self.pair_counts.items():
            if a in won or b in won:
                counts[2 if a in won and b in won else 0 if a in won else 1] += 1
        for hand in outcome.hands:
            self.hands += 1
            if hand.went_out is None:
                self.blocked_hands += 1
            for seat, entry_index in enumerate(outcome.seating):
                entry = self.entries[entry_index]
                entry.hands += 1
                entry.hands_won += hand.went_out == seat
                entry.points.add(hand.points[seat])
                entry.left.add(0 if hand.went_out == seat else hand.hand_values[seat])
        if self._ratings is not None and outcome.finished and outcome.winners:
            self._ratings.rate(outcome)

    @property
    def null_win_rate(self) -> float:
        """The win rate every entry would have under equal skill."""
        units = len(self.teams) if self.teams is not None else self.config.players
        return 1.0 / units

    def pairs(self) -> list[dict[str, Any]]:
        """Every pair of bot names compared on the games that separated them (the sign test
        of `statistics.paired_comparison`), with Holm's adjustment over all the pairs."""
        seats = Counter(self.config.bots)
        comparisons = [
            paired_comparison(
                a_only,
                b_only,
                self.games,
                both=both,
                a_seats=seats[a],
                b_seats=seats[b],
                confidence=CONFIDENCE,
            )
            for (a, b), (a_only, b_only, both) in self.pair_counts.items()
        ]
        adjusted = holm([c.p_value for c in comparisons])
        return [
            {"a": a, "b": b, **c.to_dict(), "p_holm": p}
            for (a, b), c, p in zip(self.pair_counts, comparisons, adjusted, strict=True)
        ]

    def neighbour_games(self) -> list[dict[str, Any]]:
        """Games in which `next` sat in the seat right after `bot`'s, for every ordered pair."""
        return [
            {"bot": a, "next": b, "games": self.neighbours[a, b]}
            for a, b in itertools.product(self.names, repeat=2)
            if a != b or self.config.bots.count(a) > 1
        ]

    def ratings(self) -> list[dict[str, Any]]:
        return self._ratings.entries() if self._ratings is not None else []

    def bot_stats(self) -> list[BotStats]:
        n = self.config.players
        names = list(dict.fromkeys(self.config.bots))
        ratings = self.ratings()
        out = []
        for name in names:
            indices = [i for i, b in enumerate(self.config.bots) if b == name]
            entries = [self.entries[i] for i in indices]
            points, left = RunningMean(), RunningMean()
            for e in entries:
                points.merge(e.points)
                left.merge(e.left)
            seats_played = sum(e.games for e in entries)
            wins = sum(e.wins for e in entries)
            out.append(
                BotStats(
                    name=name,
                    entries=len(indices),
                    seats_played=seats_played,
                    wins=wins,
                    win_rate=wins / seats_played if seats_played else 0.0,
                    win_ci=wilson_interval(wins, seats_played, CONFIDENCE),
                    p_value_vs_equal=binomial_p_value(wins, seats_played, self.null_win_rate),
                    hands=sum(e.hands for e in entries),
                    hands_won=sum(e.hands_won for e in entries),
                    points=points,
                    left=left,
                    seat_games=[sum(e.seat_games[s] for e in entries) for s in range(n)],
                    seat_wins=[sum(e.seat_wins[s] for e in entries) for s in range(n)],
                    position_games=[sum(e.position_games[s] for e in entries) for s in range(n)],
                    position_wins=[sum(e.position_wins[s] for e in entries) for s in range(n)],
                    ratings=[r for r in ratings if r["bot"] == name],
                )
            )
        return out
