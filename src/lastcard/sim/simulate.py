"""Many games between bots, and their statistics (`lastcard simulate`).

Each game is a whole game: hands are dealt until the rules' game end (the target score, or the
last player standing with elimination); a preset with `target_score=None` makes each game a
single hand. Game i is dealt with `game_seed(seed, i)` = `stream_seed(seed, STREAM_GAME, i)`, and
its bots are seeded from that (see `runner`), so a run is reproducible and does not depend on how
it is split up.

The statistics:

- games per second: wall-clock, the whole run including the bots' decisions;
- mean turns per hand: a *turn* is an action taken while a turn is awaited (phase AWAIT_TURN): a
  play, a draw (a draw followed by playing the drawn card is one turn) or a pass, jump-ins
  included; answering a Wild Draw Four or a stack, `keep`, `uno` and `catch` are not turns;
- each seat's share of hand wins: of the hands someone went out of (blocked hands have no
  winner and are counted apart), the fraction each seat went out of;
- each seat's share of game wins (a shared win counts for every winner).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from lastcard.bots import BotFactory
from lastcard.core import Action, ActionKind, GameState, Phase, Rules, Transition
from lastcard.core.rng import STREAM_GAME, stream_seed

from .runner import DEFAULT_MAX_ACTIONS, play_game

_TURN_KINDS = frozenset({ActionKind.PLAY, ActionKind.DRAW})

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


def is_turn(before: GameState, action: Action) -> bool:
    """Whether `action`, taken in `before`, is a turn as the statistics count them (see the
    module docstring): a play or a draw while a turn is awaited."""
    return before.phase is Phase.AWAIT_TURN and action.kind in _TURN_KINDS


def game_seed(seed: int, index: int) -> int:
    """The seed game `index` of a run with base `seed` is dealt with: `stream_seed(seed,
    STREAM_GAME, index)`, two rounds of SplitMix64's mixing, so that a compiled simulator derives
    it as cheaply as it deals (`lastcard.core.rng.stream_seed`)."""
    return stream_seed(seed, STREAM_GAME, index)


def simulate(
    bots: Sequence[BotFactory | str],
    rules: Rules | None = None,
    *,
    games: int,
    seed: int = 0,
    on_game: ProgressHook | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    engine: str = "reference",
) -> SimulationStats:
    """Play `games` games between `bots` (one per seat) and measure them.

    `on_game` is called after each game (for a progress bar, say; the fast engine calls it
    after each batch). `engine="fast"` plays the same games on the compiled simulator
    (`lastcard.sim.fast`; `choose_engine` says whether it can).
    """
    if games < 0:
        raise ValueError(f"games must be 0 or more, not {games}")
    rules = rules if rules is not None else Rules()
    if engine == "fast":
        from .fast.run import simulate_fast  # NumPy and numba, imported only when asked for

        names = [bot for bot in bots if isinstance(bot, str)]
        if len(names) != len(bots):
            raise ValueError("the fast engine plays bots given by name")
        return simulate_fast(
            names, rules, games=games, seed=seed, on_game=on_game, max_actions=max_actions
        )
    stats = SimulationStats(players=len(bots))
    turns = 0

    def count_turn(seat: int, action: Action, before: GameState, _: Transition) -> None:
        nonlocal turns
        turns += is_turn(before, action)

    start = time.perf_counter()
    for index in range(games):
        turns = 0
        record, state = play_game(
            bots, rules, game_seed(seed, index), on_step=count_turn, max_actions=max_actions
        )
        stats.add_game(state, turns, len(record.actions))
        if on_game is not None:
            on_game(index + 1)
    stats.seconds = time.perf_counter() - start
    return stats


def simulate_with_progress(
    bots: Sequence[BotFactory | str],
    rules: Rules | None = None,
    *,
    games: int,
    seed: int = 0,
    console: Console | None = None,
    min_games: int = 20,
    engine: str = "reference",
) -> SimulationStats:
    """`simulate` with a rich progress bar on `console` (stderr by default).

    The bar appears only for runs of at least `min_games` games, and only on a terminal: piped
    output stays clean.
    """
    console = console if console is not None else Console(stderr=True)
    if games < min_games or not console.is_terminal:
        return simulate(bots, rules, games=games, seed=seed, engine=engine)
    columns = (
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("simulate", total=games)
        return simulate(
            bots,
            rules,
            games=games,
            seed=seed,
            on_game=lambda done: progress.update(task, completed=done),
            engine=engine,
        )
