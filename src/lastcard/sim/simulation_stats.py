"""What a run of `simulate` counts (`SimulationStats`), on either engine.

Apart from `simulate` because the compiled simulator (`fast.run.simulate_fast`) returns the same
statistics and `simulate` calls it: both import this module. What each count means is said in
`simulate`'s docstring.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from lastcard.core import GameState

ProgressHook = Callable[[int], None]
"""Called after each game with the number of games finished so far."""


@dataclass
class SimulationStats:
    """What a run of `simulate` measured; `share`s are fractions from 0 to 1."""

    players: int
    games: int = 0
    unfinished: int = 0  # games stopped by the action limit
    hands: int = 0
    blocked_hands: int = 0
    turns: int = 0
    actions: int = 0
    seconds: float = 0.0
    hand_wins: list[int] = field(default_factory=list)
    game_wins: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.hand_wins = self.hand_wins or [0] * self.players
        self.game_wins = self.game_wins or [0] * self.players

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def mean_turns_per_hand(self) -> float:
        return self.turns / self.hands if self.hands else 0.0

    @property
    def hand_win_shares(self) -> tuple[float, ...]:
        won = sum(self.hand_wins)
        return tuple(w / won if won else 0.0 for w in self.hand_wins)

    @property
    def game_win_shares(self) -> tuple[float, ...]:
        finished = self.games - self.unfinished
        return tuple(w / finished if finished else 0.0 for w in self.game_wins)

    def add(self, other: SimulationStats) -> None:
        """Add the counts of `other`, a run of other games between the same seats (its
        `seconds` too: the caller sets the wall clock of a whole run)."""
        if other.players != self.players:
            raise ValueError(f"cannot add {other.players}-player stats to {self.players}-player")
        self.games += other.games
        self.unfinished += other.unfinished
        self.hands += other.hands
        self.blocked_hands += other.blocked_hands
        self.turns += other.turns
        self.actions += other.actions
        self.seconds += other.seconds
        self.hand_wins = [a + b for a, b in zip(self.hand_wins, other.hand_wins, strict=True)]
        self.game_wins = [a + b for a, b in zip(self.game_wins, other.game_wins, strict=True)]

    def add_game(self, state: GameState, turns: int, actions: int) -> None:
        """Count one finished (or action-limited) game."""
        self.games += 1
        self.turns += turns
        self.actions += actions
        if not state.is_over:
            self.unfinished += 1
        for seat in state.winners:
            self.game_wins[seat] += 1
        for result in state.history:
            self.hands += 1
            if result.went_out is None:
                self.blocked_hands += 1
            else:
                self.hand_wins[result.went_out] += 1
