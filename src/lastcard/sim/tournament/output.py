"""A tournament's result, as `run_tournament` returns it and as results.json holds it
(`lastcard.analysis.tournament` writes the files)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lastcard.analysis.statistics import GrowingHistogram, RunningMean

from .config import CONFIDENCE, TournamentConfig
from .ratings import RATING_TAU
from .tally import BotStats, win_rates


@dataclass
class TournamentResult:
    config: TournamentConfig
    bots: list[BotStats]
    ratings: list[dict[str, Any]]
    null_win_rate: float
    games: int
    finished: int
    unfinished: int
    hands: int
    blocked_hands: int
    actions: int
    rated_games: int
    seat_games: list[int]
    seat_wins: list[int]
    position_games: list[int]
    position_wins: list[int]
    turns: RunningMean
    turns_per_hand: RunningMean
    lengths: GrowingHistogram
    pairs: list[dict[str, Any]]
    neighbours: list[dict[str, Any]]
    seconds: float = 0.0
    workers: int = 1
    command: str | None = None
    records_path: str | None = None
    engine: str = "reference"  # the engine that played: "fast" or "reference"
    engine_reason: str | None = None  # why `auto` chose the reference engine

    @property
    def engine_line(self) -> str:
        """Which engine played, and why not the compiled one when `auto` fell back: "fast", or
        "reference (the fast simulator has no version of the bot ...)"."""
        return self.engine + (f" ({self.engine_reason})" if self.engine_reason else "")

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def ranked(self) -> list[BotStats]:
        """The bots by win rate, best first."""
        return sorted(self.bots, key=lambda b: -b.win_rate)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready results. Everything but `command` and `run` depends only on the config (not
        on the engine either: `run` says which played)."""
        seat_rates = win_rates(self.seat_wins, self.seat_games)
        position_rates = win_rates(self.position_wins, self.position_games)
        return {
            "command": self.command,
            "config": self.config.to_dict(),
            "versions": versions(),
            "summary": {
                "games": self.games,
                "finished": self.finished,
                "unfinished": self.unfinished,
                "hands": self.hands,
                "blocked_hands": self.blocked_hands,
                "actions": self.actions,
                "null_win_rate": self.null_win_rate,
                "turns_per_game": self.turns.to_dict(CONFIDENCE),
                "turns_per_hand": self.turns_per_hand.to_dict(CONFIDENCE),
                "turns_per_game_median": self.lengths.quantile(0.5),
                "turns_histogram": self.lengths.to_dict(),
            },
            "bots": [b.to_dict() for b in self.bots],
            "seats": [
                {"seat": s, "games": g, "wins": w, "win_rate": r}
                for s, (g, w, r) in enumerate(
                    zip(self.seat_games, self.seat_wins, seat_rates, strict=True)
                )
            ],
            "positions": [
                {"position": p + 1, "games": g, "wins": w, "win_rate": r}
                for p, (g, w, r) in enumerate(
                    zip(self.position_games, self.position_wins, position_rates, strict=True)
                )
            ],
            "pairs": {
                "test": (
                    "sign test: of the games won by exactly one of a and b, the share won by a, "
                    "exact binomial against a_seats / (a_seats + b_seats); Wilson interval for "
                    "the share; difference in win rate per seat with the Agresti-Min interval; "
                    "p_holm: Holm's adjustment over all the pairs"
                ),
                "comparisons": self.pairs,
            },
            "neighbours": self.neighbours,
            "ratings": {
                "model": f"openskill PlackettLuce (tau={RATING_TAU}, other parameters default)",
                "order": (
                    "winners first, then by points left in hand, fewest first"
                    if self.config.mode == "hands"
                    else "winners first, then by final score, best first"
                ),
                "rated_games": self.rated_games,
                "entries": self.ratings,
            },
            "run": {
                "workers": self.workers,
                "engine": self.engine,
                "engine_reason": self.engine_reason,
                "seconds": self.seconds,
                "games_per_second": self.games_per_second,
                "records": self.records_path,
            },
        }


def versions() -> dict[str, str]:
    import importlib.metadata
    import platform

    out = {"python": platform.python_version()}
    for package in ("lastcard", "openskill", "matplotlib", "rich"):
        try:
            out[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            out[package] = "not installed"
    return out
