"""`play_game`: one whole game between bots, recorded as a `GameRecord`.

A thin loop over `lastcard.table.Table` with every seat a bot and `auto_next_hand`: the table's
poll decides who acts (out-of-turn offers in seat order, then the seat to act; between hands
`next` for the dealer of the hand that ended). The game ends at GAME_OVER, or after
`max_actions` actions (then `state.is_over` is False: a safety net against a bot that never
finishes, not a rule).

Seeds: the engine deals with the game's `seed`; the bot at seat k is built with
`bot_seed(seed, k)`, derived with `lastcard.core.rng.stream_seed`. The same bots, rules and seed
therefore always give the same game, and every recorded action replays through `lastcard.replay`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lastcard.bots import Bot, BotFactory, make_bot
from lastcard.core import Action, Event, GameRecord, GameState, Phase, Rules, Transition
from lastcard.table import BotMistakeError, Table, bot_seed

DEFAULT_MAX_ACTIONS = 100_000

EventHook = Callable[[Event, GameState], None]
"""Called with each event and the state after the transition that caused it."""

StepHook = Callable[[int, Action, GameState, Transition], None]
"""Called after each action: the seat, the action, the state before it and the transition."""

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "BotMistakeError",
    "EventHook",
    "StepHook",
    "bot_seed",
    "play_game",
]


def play_game(
    bots: Sequence[BotFactory | str],
    rules: Rules | None = None,
    seed: int = 0,
    *,
    on_event: EventHook | None = None,
    on_step: StepHook | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> tuple[GameRecord, GameState]:
    """Play one game between `bots` (one per seat: a registered name or a factory of a seed).

    Returns the game's record and its final state. `on_event` sees every event, starting with
    the opening deal; `on_step` sees every action.
    """
    seated: list[Bot] = [
        make_bot(bot, bot_seed(seed, seat)) if isinstance(bot, str) else bot(bot_seed(seed, seat))
        for seat, bot in enumerate(bots)
    ]
    table = Table(seated, rules, seed=seed, auto_next_hand=True)
    if on_event is not None:
        for event in table.opening_events:
            on_event(event, table.state)
    for _ in range(max_actions):
        before = table.state
        if before.phase is Phase.GAME_OVER:
            break
        move = table.plan()
        if move.passed:
            raise RuntimeError(f"nobody is to act in phase {before.phase.value}")
        assert move.seat is not None and move.action is not None
        transition = table.commit(move)
        assert transition is not None  # nothing else moves this table
        if on_step is not None:
            on_step(move.seat, move.action, before, transition)
        if on_event is not None:
            for event in transition.events:
                on_event(event, transition.state)
    return table.record(), table.state
