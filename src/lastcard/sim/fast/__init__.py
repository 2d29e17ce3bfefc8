"""`lastcard.sim.fast`: a compiled simulator that plays the reference engine's games, faster.

The kernel (`kernel`, numba) plays whole games — or single hands, with `target_score=None` —
under the official rules and the house rules listed in `support._COVERED` (stacking, Seven-O,
jump-in, the first-discard and dealer options, ...), between the `random`, `eager`, `greedy` and
`heuristic` bots with any of their options. Given the same seeds it deals the same cards and the
bots make the same choices as `lastcard.sim.play_game`, action for action
(`tests/sim/test_fast_exact.py` and `test_fast_heuristic.py` replay its games through the engine
and compare). Anything it does not cover — the 2018 deck, Wild Downpour cards, elimination,
teams, alternative scoring, table mode, the other bots (`ismcts`, `forgetful`) — it refuses with
`FastUnsupportedError`, and `engine="auto"` then uses the reference engine.

`lastcard.sim.fast.run` plays (`play_games`, `simulate_fast`); it needs numba, which every
install of lastcard brings. This module and `support` do not, so asking which engine to use
costs nothing. The first run compiles the kernel (a few tens of seconds, said on stderr) and
caches it on disk.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence

from lastcard.bots import BotFactory
from lastcard.core import Rules

from .support import FastUnsupportedError, unsupported

ENGINES = ("auto", "fast", "reference")


def available() -> bool:
    """Whether numba is installed (every install brings it; a platform without numba's wheels
    may lack it)."""
    return importlib.util.find_spec("numba") is not None


def choose_engine(
    engine: str, rules: Rules, bots: Sequence[BotFactory | str]
) -> tuple[str, str | None]:
    """The engine to run (`"fast"` or `"reference"`) for the requested one, and why the
    reference engine was chosen when it was (None otherwise, or when asked for by name).

    `"fast"` raises `FastUnsupportedError` when the kernel cannot play this; `"auto"` falls back.
    """
    if engine not in ENGINES:
        raise FastUnsupportedError(f"unknown engine {engine!r}: use one of {', '.join(ENGINES)}")
    if engine == "reference":
        return "reference", None
    reason = (None if available() else "numba is not installed (pip install numba)") or unsupported(
        rules, bots
    )
    if reason is None:
        return "fast", None
    if engine == "fast":
        raise FastUnsupportedError(reason)
    return "reference", reason


__all__ = [
    "ENGINES",
    "FastUnsupportedError",
    "available",
    "choose_engine",
    "unsupported",
]
