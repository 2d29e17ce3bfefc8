"""`run_study`: play the study's cells, compute its figures and write its report, data and
plots; and the `--players` text of its command line.
"""

from __future__ import annotations

import importlib.metadata
import json
import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lastcard.bots import bot_names
from lastcard.sim.study import (
    CONFIDENCE,
    DEFAULT_GAMES,
    DEFAULT_SEAT_HANDS,
    ISMCTS_GAMES,
    POWER,
    POWER_ALPHA,
    Cell,
    CellPlan,
    assign_engines,
    plan_study,
    reference_fallback,
    run_cells,
)

from .figures import (
    adjust,
    adjust_first_seat,
    habit_figures,
    ladder_figures,
    length_figures,
    seat_figures,
)
from .report import render_report


def parse_players(text: str) -> tuple[int, ...]:
    """`"2-10"` or `"2,4,6"` (or both: `"2-4,8"`) → the player counts, each from 2 to 10.

    >>> parse_players("2-4,8")
    (2, 3, 4, 8)
    """
    counts: set[int] = set()
    for part in filter(None, (p.strip() for p in text.split(","))):
        low, dash, high = part.partition("-")
        try:
            first, last = int(low), int(high) if dash else int(low)
        except ValueError:
            raise ValueError(f"bad player counts {text!r}: write e.g. 2-10 or 2,4,6") from None
        if not 2 <= first <= last <= 10:
            raise ValueError(f"player counts must run from 2 to 10, not {part!r}")
        counts.update(range(first, last + 1))
    if not counts:
        raise ValueError("no player counts given")
    return tuple(sorted(counts))


def players_text(players: Sequence[int]) -> str:
    """The shortest `--players` text for `players`: `(2, 3, 4, 8)` → `"2-4,8"`."""
    runs: list[list[int]] = []
    for n in sorted(players):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ",".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def command_line(
    out: Path,
    *,
    games: int,
    seat_hands: int,
    seed: int,
    workers: int,
    players: Sequence[int],
    engine: str = "auto",
) -> str:
    """A `lastcard study` command that reproduces a study (any `--workers` and any `--engine`
    give the same figures)."""
    return (
        f"lastcard study --out {out} --games {games} --seat-hands {seat_hands} --seed {seed} "
        f"--players {players_text(players)} --workers {workers} --engine {engine}"
    )


def compute_study(
    *,
    games: int | None,
    seed: int,
    workers: int,
    players: Sequence[int] = range(2, 11),
    progress: bool = True,
    ismcts_games: int | None = None,
    seat_hands: int | None = None,
    engine: str = "auto",
) -> dict[str, Any]:
    """Play the whole study and return its figures. Everything but the `run` and `engines`
    sections is the same for the same `games`, `seat_hands`, `seed` and `players`, whatever
    `workers` and `engine` are. `games` None: `DEFAULT_GAMES`; `seat_hands` None:
    `DEFAULT_SEAT_HANDS`."""
    if ismcts_games is None:
        # ISMCTS plays on the reference engine whatever the ladder's size: a twentieth of the
        # hands asked for, within bounds.
        ismcts_games = ISMCTS_GAMES if games is None else min(200, max(2, games // 20))
    games = DEFAULT_GAMES if games is None else games
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games}")
    if seat_hands is not None and seat_hands < 1:
        raise ValueError(f"seat hands must be 1 or more, not {seat_hands}")
    players = tuple(sorted(set(players)))
    if not players or not all(2 <= n <= 10 for n in players):
        raise ValueError(f"player counts must run from 2 to 10, not {players}")
    seat_hands = DEFAULT_SEAT_HANDS if seat_hands is None else seat_hands
    available = bot_names()
    seat_bot, plans = plan_study(
        games=games,
        seat_hands=seat_hands,
        players=players,
        available=available,
        ismcts_games=ismcts_games,
    )
    plans = assign_engines(plans, engine)
    start = time.perf_counter()
    cells = {
        cell.name: cell
        for cell in run_cells(
            plans, seed=seed, workers=workers, description="study", progress=progress
        )
    }
    seconds = time.perf_counter() - start
    by_question: dict[str, list[Cell]] = {}
    for plan in plans:
        by_question.setdefault(plan.question, []).append(cells[plan.name])
    seats = by_question["seat"]
    pairs = [c for c in by_question["pair"] if c.name != "ladder/ismcts"]
    why = "not registered" if "ismcts" not in available else "no games asked for"
    ladder = ladder_figures(
        by_question["ladder"][0],
        pairs,
        cells.get("ladder/ismcts"),
        skipped=f"the ismcts bot is {why}",
    )
    first_seat = [seat_figures(c) for c in seats]
    adjust_first_seat(first_seat)
    habits = [habit_figures(c) for c in by_question.get("habit", [])]
    adjust([h["without_wins"] for h in habits])
    return {
        "study": {
            "lastcard": importlib.metadata.version("lastcard"),
            "seed": seed,
            "games_per_cell": games,
            "seat_hands": seat_hands,
            "players": list(players),
            "rules": "official (Rules()) with target_score=None: each game a single hand",
            "seat_bot": seat_bot,
            "bots_registered": list(available),
            "cells": [
                {
                    "cell": p.name,
                    "question": p.question,
                    "games": p.games,
                    "seatings": [list(s) for s in p.seatings],
                }
                for p in plans
            ],
            "hand_seed": 'stream_seed(derive_seed(seed, "study", cell), STREAM_GAME, i)',
            "confidence": CONFIDENCE,
            "multiple_testing": (
                "Holm's step-down adjustment (p_holm) within each family: the first player's "
                "share over the player counts; the trend across places, the trend across "
                "places 2..N-1 and the last place's upturn, each over the player counts; "
                "the Draw Two openings' first player over the player counts; the habits over "
                "their cells; the ladder's paired comparisons over all of them"
            ),
            "power": (
                f"each habit's detectable value: the smallest difference from 1/N that its "
                f"two-sided test at level {POWER_ALPHA:g} (before Holm's adjustment) detects "
                f"with probability {POWER:g} (normal approximation)"
            ),
        },
        "first_seat": first_seat,
        "hand_length": [length_figures(c) for c in seats],
        "habits": habits,
        "ladder": ladder,
        "engines": engine_figures(plans, engine),
        "run": {
            "workers": workers,
            "seconds": seconds,
            "hands": sum(p.games for p in plans),
            "compiled_hands": sum(p.games for p in plans if p.engine == "fast"),
        },
    }


def engine_figures(plans: Sequence[CellPlan], engine: str) -> dict[str, Any]:
    """Which engine played which cell, why the reference engine did where it did, and why it
    played the cells the compiled simulator could have (`fallback`, None when it did not)."""
    return {
        "requested": engine,
        "cells": [{"cell": p.name, "engine": p.engine, "reason": p.engine_reason} for p in plans],
        "fallback": reference_fallback(engine),
    }


def run_study(
    out: Path,
    *,
    games: int | None,
    seed: int,
    workers: int,
    players: Sequence[int] = range(2, 11),
    progress: bool = True,
    command: str = "",
    ismcts_games: int | None = None,
    seat_hands: int | None = None,
    engine: str = "auto",
) -> Path:
    """Play the study and write `out`/study.md, study.json and the PNG plots; returns the
    report's path. `command` is the command line shown in the report (by default the
    equivalent `lastcard study` command). `games`: hands per ladder cell (None:
    `DEFAULT_GAMES`); `seat_hands`: hands per seat and habit cell (None:
    `DEFAULT_SEAT_HANDS`); `engine`: "auto", "fast" or "reference" (`cell_engine`)."""
    from .plots import write_plots  # matplotlib is imported only when plotting

    figures = compute_study(
        games=games,
        seed=seed,
        workers=workers,
        players=players,
        progress=progress,
        ismcts_games=ismcts_games,
        seat_hands=seat_hands,
        engine=engine,
    )
    figures["run"]["command"] = command or command_line(
        out,
        games=figures["study"]["games_per_cell"],
        seat_hands=figures["study"]["seat_hands"],
        seed=seed,
        workers=workers,
        players=figures["study"]["players"],
        engine=engine,
    )
    out.mkdir(parents=True, exist_ok=True)
    figures["plots"] = write_plots(figures, out)
    (out / "study.json").write_text(json.dumps(_clean(figures), indent=1, allow_nan=False) + "\n")
    report = out / "study.md"
    report.write_text(render_report(figures))
    return report


def _clean(value: Any) -> Any:
    """JSON-ready: nan (a rate of no hands) becomes null, inf (a size no test detects) too."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_clean(v) for v in value]
    return value
