"""One game of a tournament, played in a worker process, and the summary sent back.

`HandOutcome` is also what `lastcard study` keeps of each hand it measures.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from lastcard.core import Action, GameState, HandResult, Phase, Rules, Transition
from lastcard.core.cards import hand_value

from ..runner import play_game
from ..simulate import game_seed, is_turn
from .config import TournamentConfig
from .seating import seating


@dataclass(frozen=True)
class GameTask:
    index: int
    seating: tuple[int, ...]  # entry index per seat
    bots: tuple[str, ...]  # bot spec per seat
    rules: Rules
    seed: int
    max_actions: int
    keep_record: bool


@dataclass(frozen=True)
class HandOutcome:
    """One hand as the simulations count it; per-seat tuples are indexed by seat.

    `went_out` is None for a blocked hand (RULES.md §3.11.3) and for a hand stopped by the
    action limit; `hand_values` is the value of the cards each seat still held, `points` what
    the rules awarded each seat for the hand.
    """

    went_out: int | None
    hand_values: tuple[int, ...]
    points: tuple[int, ...]
    dealer: int

    @classmethod
    def of(cls, result: HandResult) -> HandOutcome:
        """The outcome of a finished hand, from the engine's record of it (§6.6.2)."""
        return cls(result.went_out, result.hand_values, result.points, result.dealer)


@dataclass(frozen=True)
class GameOutcome:
    index: int
    seating: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]  # seats
    totals: tuple[int, ...]
    hands: tuple[HandOutcome, ...]
    turns: int
    actions: int
    record: dict[str, Any] | None = None


def play_tournament_game(task: GameTask) -> GameOutcome:
    """Play one game of a tournament and summarise it (a top-level function, for workers)."""
    turns = 0

    def count_turn(seat: int, action: Action, before: GameState, _: Transition) -> None:
        nonlocal turns
        turns += is_turn(before, action)

    record, state = play_game(
        task.bots, task.rules, task.seed, on_step=count_turn, max_actions=task.max_actions
    )
    hands = tuple(HandOutcome.of(h) for h in state.history)
    if not state.is_over and state.phase is not Phase.HAND_OVER:
        # Stopped mid-hand: count that hand's cards as left in hand, with no points.
        values = tuple(hand_value(hand) for hand in state.hands)
        hands += (HandOutcome(None, values, (0,) * state.players, state.dealer),)
    saved = None
    if task.keep_record:
        saved = {"game": task.index, "bots": list(task.bots), **record.to_dict()}
    return GameOutcome(
        index=task.index,
        seating=task.seating,
        finished=state.is_over,
        winners=state.winners,
        totals=state.scores,
        hands=hands,
        turns=turns,
        actions=len(record.actions),
        record=saved,
    )


def game_tasks(config: TournamentConfig, keep_records: bool) -> Iterator[GameTask]:
    """The tournament's games, lazily, in order."""
    rules = config.played_rules
    n = config.players
    for index in range(config.games):
        seats = seating(index, n)
        yield GameTask(
            index=index,
            seating=seats,
            bots=tuple(config.bots[e] for e in seats),
            rules=rules,
            seed=game_seed(config.seed, index),
            max_actions=config.max_actions,
            keep_record=keep_records,
        )
