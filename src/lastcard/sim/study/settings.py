"""The study's settings: its rules, default sizes, bots and confidence."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from lastcard.core import Rules

if TYPE_CHECKING:
    pass


RULES = Rules(target_score=None)
"""The official rules, each game a single hand."""

# The default study is the same wherever it runs, whichever engine plays it: on the compiled
# simulator it takes about a minute on 2 cores; on the reference engine, hours (said first).
DEFAULT_GAMES = 100_000  # hands per ladder cell
DEFAULT_SEAT_HANDS = 1_000_000  # hands per seat and habit cell
ISMCTS_GAMES = 100  # hands of the `ismcts` pair by default (the reference engine plays them)
QUICK_GAMES = 24  # `--quick`: a smoke run of seconds
QUICK_SEAT_HANDS = 2_000  # `--quick`
DEFAULT_WORKERS = os.cpu_count() or 1
SEAT_BOT = "greedy"
LADDER_BOTS = ("heuristic", "greedy", "eager", "random")
HABITS = ("bluff", "challenge")
HABIT_PLAYERS = (2, 4)
GREEDY_HABITS = "greedy:bluff=true,challenge=true"
GREEDY_WITHOUT = {"bluff": "greedy:challenge=true", "challenge": "greedy:bluff=true"}
ISMCTS_SPEC = "ismcts:iterations=50"
CHUNK = 16  # tasks per message to a worker: small, so slow cells (ismcts) spread evenly
BLOCK = 25_000  # hands per compiled task: a tenth of a second or two, so chunks stay balanced
CONFIDENCE = 0.95
POWER = 0.8  # the power of the habits' detectable values ...
POWER_ALPHA = 0.05  # ... at this two-sided level
