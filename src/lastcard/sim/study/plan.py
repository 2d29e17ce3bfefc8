"""The study's design: which cells it plays, which engine plays each, and the tasks that
play them in one stream (`run_cells`).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lastcard.core.rng import STREAM_GAME, stream_seed

from ..fast import ENGINES, FastUnsupportedError, choose_engine, unsupported
from ..parallel import LocalBackend, default_backend, run_tasks
from ..tournament import name_seatings, rounded_games
from .cells import Cell, play_task
from .hands import BlockTask, HandTask, MeasuredHand, cell_seed
from .settings import (
    BLOCK,
    CHUNK,
    GREEDY_HABITS,
    GREEDY_WITHOUT,
    HABIT_PLAYERS,
    HABITS,
    ISMCTS_SPEC,
    LADDER_BOTS,
    RULES,
    SEAT_BOT,
)

if TYPE_CHECKING:
    pass


@dataclass(frozen=True)
class CellPlan:
    """A cell to play: its seatings, used in turn, hand `i` taking `seatings[i % len]`, and
    the engine that plays it (with why the reference engine does, when it does)."""

    name: str
    question: str
    seatings: tuple[tuple[str, ...], ...]
    games: int
    engine: str = "reference"
    engine_reason: str | None = None


def _rounded(games: int, period: int) -> int:
    """`games` rounded up to a multiple of `period`, so every seating is used equally."""
    return max(period, rounded_games(games, period))


def cell_plan(name: str, question: str, bots: Sequence[str], games: int) -> CellPlan:
    """A cell of `bots`, seated by the tournament's seating design (`name_seatings`: every bot
    in every seat, and right after every other bot, equally often), `games` rounded up to a
    multiple of the design's length."""
    seatings = name_seatings(bots)
    return CellPlan(name, question, seatings, _rounded(games, len(seatings)))


def plan_study(
    *,
    games: int,
    seat_hands: int,
    players: Sequence[int],
    available: Sequence[str],
    ismcts_games: int,
) -> tuple[str, list[CellPlan]]:
    """The bot for the seat questions and every cell of the study, in the order they run
    (every cell on the reference engine: `assign_engines` chooses)."""
    seat_bot = SEAT_BOT if SEAT_BOT in available else "eager"
    plans = [cell_plan(f"seat/{n}", "seat", [seat_bot] * n, seat_hands) for n in players]
    tables = [n for n in HABIT_PLAYERS if n in players] or [min(players)]
    if "greedy" in available:
        for habit, n in itertools.product(HABITS, tables):
            bots = [GREEDY_WITHOUT[habit]] + [GREEDY_HABITS] * (n - 1)
            plans.append(cell_plan(f"{habit}/greedy/{n}", "habit", bots, seat_hands))
    if "heuristic" in available:
        for habit, n in itertools.product(HABITS, tables):
            bots = [f"heuristic:{habit}=false"] + ["heuristic"] * (n - 1)
            plans.append(cell_plan(f"{habit}/heuristic/{n}", "habit", bots, seat_hands))
    ladder = [bot for bot in LADDER_BOTS if bot in available]
    plans.append(cell_plan("ladder/table", "ladder", ladder, games))
    for a, b in itertools.combinations(ladder, 2):
        plans.append(cell_plan(f"ladder/{a}-vs-{b}", "pair", [a, b], games))
    if "ismcts" in available and ismcts_games > 0:
        rival = ladder[0]
        # first in the stream: its slow hands then overlap with everything else
        plans.insert(0, cell_plan("ladder/ismcts", "pair", [ISMCTS_SPEC, rival], ismcts_games))
    return seat_bot, plans


def cell_engine(engine: str, bots: Sequence[str]) -> tuple[str, str | None]:
    """The engine that plays a cell of `bots` when `engine` ("auto", "fast" or "reference")
    is asked for, and why the reference engine does when it does (None when asked for by
    name). Bots the compiled simulator has no version of stay on the reference engine whatever
    is asked; otherwise `choose_engine` decides (`"fast"` raises `FastUnsupportedError` when the
    compiled simulator cannot run at all)."""
    if engine not in ENGINES:
        raise FastUnsupportedError(f"unknown engine {engine!r}: use one of {', '.join(ENGINES)}")
    if engine != "reference" and unsupported(RULES, []) is None:
        missing = [bot for bot in dict.fromkeys(bots) if unsupported(RULES, [bot]) is not None]
        if missing:
            names = " or ".join(f"`{name}`" for name in dict.fromkeys(_base(b) for b in missing))
            return "reference", f"the compiled simulator has no version of {names}"
    return choose_engine(engine, RULES, bots)


def _base(bot: str) -> str:
    """A bot's registered name, without its options: `heuristic:bluff=false` → `heuristic`."""
    return bot.partition(":")[0]


def assign_engines(plans: Sequence[CellPlan], engine: str) -> list[CellPlan]:
    """`plans`, each with the engine that plays it (`cell_engine`)."""
    chosen = []
    for plan in plans:
        name, reason = cell_engine(engine, plan.seatings[0])
        chosen.append(dataclasses.replace(plan, engine=name, engine_reason=reason))
    return chosen


def reference_fallback(engine: str) -> str | None:
    """Why the reference engine plays the cells the compiled simulator has versions of (numba
    missing, or `--engine reference`), or None when the compiled simulator plays them. The
    study is the same either way; only its time differs, by hundreds of times."""
    played_by, why = cell_engine(engine, [SEAT_BOT] * 2)
    if played_by == "fast":
        return None
    return why or f"`--engine {engine}` asked for it"


def tasks_of(plan: CellPlan, seed: int, threads: int = 0) -> Iterator[HandTask | BlockTask]:
    """The tasks that play `plan`: one per hand on the reference engine, blocks of up to
    `BLOCK` hands of one seating on the compiled simulator (`threads`: numba's, per worker)."""
    base = cell_seed(seed, plan.name)
    period = len(plan.seatings)
    if plan.engine == "fast":
        per_seating = plan.games // period  # games are a multiple of the period
        for seating, bots in enumerate(plan.seatings):
            for start in range(0, per_seating, BLOCK):
                count = min(BLOCK, per_seating - start)
                yield BlockTask(plan.name, seating, bots, base, period, start, count, threads)
        return
    for i in range(plan.games):
        yield HandTask(plan.name, i, plan.seatings[i % period], stream_seed(base, STREAM_GAME, i))


def task_count(plan: CellPlan) -> int:
    """How many tasks `tasks_of(plan, ...)` yields."""
    if plan.engine != "fast":
        return plan.games
    return len(plan.seatings) * -(-(plan.games // len(plan.seatings)) // BLOCK)


def run_cells(
    plans: Sequence[CellPlan], *, seed: int, workers: int, description: str, progress: bool
) -> list[Cell]:
    """Play every hand of `plans` (one stream of tasks, so the workers stay busy) and tally
    each cell, adding the results in task order."""
    cells = {p.name: Cell(p.name, p.seatings[0], p.games) for p in plans}
    in_process = workers == 1 and isinstance(default_backend(), LocalBackend)
    threads = 0 if in_process else 1  # one numba thread per worker process: no oversubscription
    if any(p.engine == "fast" for p in plans):
        _warm_kernel()
    tasks: Iterable[HandTask | BlockTask] = itertools.chain.from_iterable(
        tasks_of(p, seed, threads) for p in plans
    )
    for outcome in run_tasks(
        play_task,
        tasks,
        workers=workers,
        description=description,
        progress=progress,
        total=sum(task_count(p) for p in plans),
        chunksize=CHUNK,
    ):
        if isinstance(outcome, MeasuredHand):
            cells[outcome.cell].add(outcome)
        else:
            cells[outcome.name].merge(outcome)
    return list(cells.values())


def _warm_kernel() -> None:
    """Compile the kernel here, or load its cache, before the workers start: they then load
    the cache instead of each compiling it at once."""
    from ..fast.run import game_seeds, play_games

    play_games([SEAT_BOT] * 2, RULES, game_seeds(0, 0, 1))
