"""Which engine plays a tournament: the compiled simulator (`lastcard.sim.fast`) when it can
give every number the tournament counts, else the reference engine.

The kernel plays the same games as the reference engine and reports each game's totals and, in
a match, every hand's seat that went out, dealer and cards left (its hand log; a game of more
hands than the log holds, or which the action limit stopped, is replayed on the reference
engine: see `fast_games`). Game records (`records_path`), which list every action, need the
reference engine.
"""

from __future__ import annotations

from lastcard.sim.fast import ENGINES, FastUnsupportedError, choose_engine, unsupported

from .config import TournamentConfig

RECORDS_REASON = "game records are written by the reference engine"


def tournament_engine(
    engine: str, config: TournamentConfig, *, keep_records: bool = False
) -> tuple[str, str | None]:
    """The engine to play `config` on (`"fast"` or `"reference"`) for the requested one
    (`"auto"`, `"fast"` or `"reference"`), and why the reference engine was chosen when `auto`
    fell back to it (None otherwise).

    `"fast"` raises `FastUnsupportedError` (with the same reason) when the compiled simulator
    cannot play the tournament; an unknown engine name raises it too.
    """
    if engine not in ENGINES:
        raise FastUnsupportedError(f"unknown engine {engine!r}: use one of {', '.join(ENGINES)}")
    if engine == "reference":
        return "reference", None
    chosen, reason = choose_engine(engine, config.rules, config.bots)
    if chosen == "reference":
        return chosen, reason
    # The rules as given are checked first (their message names what the user chose); the rules
    # as played (a single hand of them) are what the kernel must cover.
    reason = unsupported(config.played_rules, config.bots)
    if reason is None and keep_records:
        reason = RECORDS_REASON
    if reason is None:
        return "fast", None
    if engine == "fast":
        raise FastUnsupportedError(reason)
    return "reference", reason


__all__ = ["RECORDS_REASON", "tournament_engine"]
