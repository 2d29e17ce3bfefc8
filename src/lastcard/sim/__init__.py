"""Running games between bots: one game (`play_game`) and many (`simulate`).

`sim` imports `lastcard.core` and `lastcard.bots` only (DESIGN.md §1).
"""

from __future__ import annotations

from .runner import (
    DEFAULT_MAX_ACTIONS,
    BotMistakeError,
    EventHook,
    StepHook,
    bot_seed,
    out_of_turn_offer,
    play_game,
)
from .simulate import SimulationStats, game_seed, simulate, simulate_with_progress

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "BotMistakeError",
    "EventHook",
    "SimulationStats",
    "StepHook",
    "bot_seed",
    "game_seed",
    "out_of_turn_offer",
    "play_game",
    "simulate",
    "simulate_with_progress",
]
