"""The study's games (`lastcard study`): its cells of bots, played hand by hand on either
engine and tallied. The questions, their figures and the report are `lastcard.analysis.study`.

- `settings`: its rules, default sizes, bots and confidence.
- `hands`: one hand, its seed and what is measured of it.
- `cells`: a cell's tallies (`Cell`), and the task that plays a hand or a block of hands.
- `plan`: which cells, which engine plays each (`cell_engine`), and `run_cells`.

Every cell's seatings come from `tournament.name_seatings`, the tournament's seating design:
each bot sits in every seat, and right after every other bot, equally often. Hand `i` of a cell
takes seating `i % len(seatings)`.

**Seeds.** Hand `i` of cell `C` is dealt with `stream_seed(derive_seed(seed, "study", C),
STREAM_GAME, i)` (`hand_seed`) and its bots are seeded from that (`runner.bot_seed`), whichever
engine plays it: `fast.run.game_seeds(cell_seed(seed, C), start, count)` gives a run of them.

**Engines.** Each cell is played by the compiled simulator (`lastcard.sim.fast`) when
`choose_engine` allows it for the cell's bots (`engine="auto"`), and otherwise by the reference
engine (`play_game`). The compiled simulator plays the reference engine's games action for
action from the same seeds, so a cell's tallies are the same whichever plays it. `"fast"`
insists on it for every cell whose bots it has versions of (an error if it cannot run, numba
missing), the other cells (`ismcts`) staying on the reference engine;
`"reference"` never uses it.

**Tasks.** A reference cell is one task per hand (`HandTask` → `MeasuredHand`, tallied with
`Cell.add`); a compiled cell is tasks of up to `BLOCK` hands that share a seating
(`BlockTask`: cell, seating, start, count → hands `seating + period * j` for j in start ..
start + count - 1), each tallied in its worker by the vectorised `Cell.add_batch` into a small
`Cell` of plain integers that the main process merges (`Cell.merge`). Every tally is a count,
so the order hands are added in changes nothing, and `add_batch` gives exactly what `add`
would. All tasks run through `parallel.run_tasks` (local processes or Ray) in one stream, in
task order, so a study is identical for any number of workers; with more than one worker, each
runs numba on one thread.
"""

from __future__ import annotations

from .cells import Activity, Cell, WinTally, play_block, play_task
from .hands import (
    BlockTask,
    HandBatch,
    HandTask,
    MeasuredHand,
    cell_seed,
    first_player,
    hand_seed,
    opened_with_a_draw,
    play_hand,
    play_order,
)
from .plan import (
    CellPlan,
    assign_engines,
    cell_engine,
    cell_plan,
    plan_study,
    reference_fallback,
    run_cells,
    task_count,
    tasks_of,
)
from .settings import (
    BLOCK,
    CHUNK,
    CONFIDENCE,
    DEFAULT_GAMES,
    DEFAULT_SEAT_HANDS,
    DEFAULT_WORKERS,
    GREEDY_HABITS,
    GREEDY_WITHOUT,
    HABIT_PLAYERS,
    HABITS,
    ISMCTS_GAMES,
    ISMCTS_SPEC,
    LADDER_BOTS,
    POWER,
    POWER_ALPHA,
    QUICK_GAMES,
    QUICK_SEAT_HANDS,
    RULES,
    SEAT_BOT,
)

__all__ = [
    "BLOCK",
    "CHUNK",
    "CONFIDENCE",
    "DEFAULT_GAMES",
    "DEFAULT_SEAT_HANDS",
    "DEFAULT_WORKERS",
    "GREEDY_HABITS",
    "GREEDY_WITHOUT",
    "HABITS",
    "HABIT_PLAYERS",
    "ISMCTS_GAMES",
    "ISMCTS_SPEC",
    "LADDER_BOTS",
    "POWER",
    "POWER_ALPHA",
    "QUICK_GAMES",
    "QUICK_SEAT_HANDS",
    "RULES",
    "SEAT_BOT",
    "Activity",
    "BlockTask",
    "Cell",
    "CellPlan",
    "HandBatch",
    "HandTask",
    "MeasuredHand",
    "WinTally",
    "assign_engines",
    "cell_engine",
    "cell_plan",
    "cell_seed",
    "first_player",
    "hand_seed",
    "opened_with_a_draw",
    "plan_study",
    "play_block",
    "play_hand",
    "play_order",
    "play_task",
    "reference_fallback",
    "run_cells",
    "task_count",
    "tasks_of",
]
