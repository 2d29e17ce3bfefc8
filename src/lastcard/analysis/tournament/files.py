"""A tournament's files: `results.json`, `results.csv`, `report.md` and PNG plots.

- `results.json`: everything: the command line, the configuration (rules as given and as
  played, seeds and how each game's seed is derived, the seating design), the versions, per-bot
  statistics with their intervals, the paired comparison of every two bots, per-seat and
  per-position win rates, neighbour counts, ratings, game lengths. All of it but
  `command` and `run` (workers, time taken) depends only on the configuration, so two runs with
  the same seed can be compared by dropping those two keys.
- `results.csv`: one row per bot.
- `report.md`: a readable report with the plots embedded (relative links to the PNGs).
- `win_rates.png`, `points_per_hand.png`, `game_length.png`, `position_win_rates.png`.
"""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import Any

from lastcard.sim.tournament import CONFIDENCE, BotStats, TournamentResult

from .report import render_report


def write_results_json(result: TournamentResult, path: Path) -> Path:
    path.write_text(json.dumps(_finite(result.to_dict()), indent=2) + "\n", encoding="utf-8")
    return path


def _finite(value: Any) -> Any:
    """nan and infinities become None: strict JSON has no such numbers."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def _mean_rating(bot: BotStats, key: str) -> float | None:
    values = [r[key] for r in bot.ratings]
    return sum(values) / len(values) if values else None


CSV_FIELDS = (
    "bot",
    "entries",
    "seats_played",
    "wins",
    "win_rate",
    "win_ci95_low",
    "win_ci95_high",
    "p_value_vs_equal_skill",
    "hands",
    "hands_won",
    "points_scored_per_hand",
    "points_scored_ci95_low",
    "points_scored_ci95_high",
    "points_left_per_hand",
    "points_left_ci95_low",
    "points_left_ci95_high",
    "rating_mu",
    "rating_sigma",
    "rating_ordinal",
)


def write_results_csv(result: TournamentResult, path: Path) -> Path:
    """One row per bot; a bot listed more than once gets the mean of its entries' ratings."""
    n = result.config.players
    fields = [
        *CSV_FIELDS,
        *(f"seat{s}_win_rate" for s in range(n)),
        *(f"position{p + 1}_win_rate" for p in range(n)),
    ]
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(fields)
        for bot in result.bots:
            p_lo, p_hi = bot.points.interval(CONFIDENCE)
            l_lo, l_hi = bot.left.interval(CONFIDENCE)
            row: list[Any] = [
                bot.name,
                bot.entries,
                bot.seats_played,
                bot.wins,
                bot.win_rate,
                bot.win_ci[0],
                bot.win_ci[1],
                bot.p_value_vs_equal,
                bot.hands,
                bot.hands_won,
                bot.points.mean,
                p_lo,
                p_hi,
                bot.left.mean,
                l_lo,
                l_hi,
                _mean_rating(bot, "mu"),
                _mean_rating(bot, "sigma"),
                _mean_rating(bot, "ordinal"),
                *bot.seat_win_rates,
                *bot.position_win_rates,
            ]
            writer.writerow(["" if _missing(v) else v for v in row])
    return path


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def write_report(result: TournamentResult, out: Path, *, plots: bool = True) -> list[Path]:
    """Write every file of the report into `out` (created if needed); returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    written = [
        write_results_json(result, out / "results.json"),
        write_results_csv(result, out / "results.csv"),
    ]
    images: list[Path] = []
    if plots:
        from .plots import write_plots

        images = write_plots(result, out)
    report = out / "report.md"
    report.write_text(render_report(result, [p.name for p in images]), encoding="utf-8")
    return [*written, *images, report]


__all__ = ["CSV_FIELDS", "write_report", "write_results_csv", "write_results_json"]
