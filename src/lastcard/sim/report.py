"""A tournament's files: `results.json`, `results.csv`, `report.md` and PNG plots.

- `results.json`: everything: the command line, the configuration (rules as given and as
  played, seeds and how each game's seed is derived), the versions, per-bot statistics with
  their intervals, per-seat and per-position win rates, ratings, game lengths. All of it but
  `command` and `run` (workers, time taken) depends only on the configuration, so two runs with
  the same seed can be compared by dropping those two keys.
- `results.csv`: one row per bot.
- `report.md`: a readable report with the plots embedded (relative links to the PNGs).
- `win_rates.png`, `points_per_hand.png`, `game_length.png`, `position_win_rates.png`.
"""

from __future__ import annotations

import csv
import itertools
import json
import math
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .stats import wilson_interval
from .tournament import CONFIDENCE, RATING_TAU, BotStats, TournamentResult, versions


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


# -- report.md -----------------------------------------------------------------------------------


def _pct(x: float) -> str:
    return f"{x * 100:.2f}%"


def _ci(lo: float, hi: float, *, percent: bool = False, digits: int = 2) -> str:
    if math.isnan(lo) or math.isnan(hi):
        return "–"
    if percent:
        return f"[{lo * 100:.2f}, {hi * 100:.2f}]"
    return f"[{lo:.{digits}f}, {hi:.{digits}f}]"


def _p(p: float) -> str:
    if p < 1e-4:
        return "< 0.0001"
    return f"{p:.4f}"


def _overlap(a: BotStats, b: BotStats) -> bool:
    return not (a.win_ci[0] > b.win_ci[1] or b.win_ci[0] > a.win_ci[1])


def render_report(result: TournamentResult, plots: list[str]) -> str:
    config = result.config
    n = config.players
    unit = "hands" if config.mode == "hands" else "games"
    lines: list[str] = []
    add = lines.append
    add(f"# Tournament: {', '.join(config.bots)}")
    add("")
    add(f"Generated {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')} by lastcard.")
    add("")
    add("```")
    add(result.command or "(run from Python: lastcard.sim.tournament.run_tournament)")
    add("```")
    add("")
    if config.mode == "hands":
        what = (
            "one hand each: the game ends when someone goes out (`target_score=None`; a blocked "
            "hand is dealt again)"
        )
        if config.rules.elimination:
            what += (
                "; elimination's scoring is kept (each player takes their own cards' value) but "
                "nobody is eliminated within a single hand"
            )
    else:
        what = "whole games to the rules' end (the target score, or the last player standing)"
    rounding = ""
    if config.games != config.games_requested:
        rounding = (
            f" ({config.games_requested:,} asked for, rounded up to a multiple of {n} so that "
            "every bot plays every seat equally often)"
        )
    add(f"- **Games**: {result.games:,} {unit}{rounding}: {what}.")
    add(f"- **Players**: {n}, one per bot of the list; seats rotate (see Method).")
    add(f"- **Rules**: preset `{config.rules_name}`.")
    add(
        f"- **Seed**: {config.seed}. Game g is dealt with "
        f"`stream_seed({config.seed}, STREAM_GAME, g)` and the bot in seat k with "
        "`stream_seed(that seed, STREAM_BOT, k)` (`lastcard.core.rng`), so the same command "
        "gives the same results with any number of workers."
    )
    add(
        f"- **Run**: {result.workers} worker(s), {result.seconds:,.1f} s "
        f"({result.games_per_second:,.1f} {unit}/s)."
    )
    finished = f"{result.finished:,} finished"
    if result.unfinished:
        finished += f", {result.unfinished:,} stopped by the action limit ({config.max_actions:,})"
    add(
        f"- **Played**: {finished}; {result.hands:,} hands ({result.blocked_hands:,} blocked), "
        f"{result.actions:,} actions."
    )
    vers = ", ".join(f"{k} {v}" for k, v in versions().items())
    add(f"- **Versions**: {vers}.")
    add("")

    ranked = result.ranked()
    add("## Results")
    add("")
    add(
        f"Win rate = wins / seats played, with a 95% Wilson interval. Under equal skill every "
        f"bot would win {_pct(result.null_win_rate)}; *p* is the exact two-sided binomial test "
        "against that rate."
    )
    add("")
    scored = "Points taken/hand" if config.own_hand_scoring else "Points scored/hand"
    add(
        f"| Rank | Bot | Seats played | Wins | Win rate | 95% CI | p vs equal | {scored} (95% CI) "
        "| Points left in hand (95% CI) | Rating μ ± σ |"
    )
    add("|---:|---|---:|---:|---:|---|---:|---|---|---|")
    for rank, bot in enumerate(ranked, 1):
        name = f"{bot.name} (×{bot.entries})" if bot.entries > 1 else bot.name
        rating = " / ".join(f"{r['mu']:.2f} ± {r['sigma']:.2f}" for r in bot.ratings) or "–"
        add(
            f"| {rank} | {name} | {bot.seats_played:,} | {bot.wins:,} | {_pct(bot.win_rate)} | "
            f"{_ci(*bot.win_ci, percent=True)} | {_p(bot.p_value_vs_equal)} | "
            f"{bot.points.mean:.2f} {_ci(*bot.points.interval())} | "
            f"{bot.left.mean:.2f} {_ci(*bot.left.interval())} | {rating} |"
        )
    add("")
    if len(ranked) > 1:
        add("Consecutive bots in this order:")
        add("")
        for a, b in itertools.pairwise(ranked):
            verdict = (
                "the 95% intervals overlap: not separated at this sample size"
                if _overlap(a, b)
                else "the 95% intervals do not overlap"
            )
            diff = (a.win_rate - b.win_rate) * 100
            add(f"- {a.name} over {b.name}: +{diff:.2f} points of win rate; {verdict}.")
        add("")
    if "win_rates.png" in plots:
        add("![Win rate per bot with 95% confidence intervals](win_rates.png)")
        add("")
    if "points_per_hand.png" in plots:
        add("### Points per hand")
        add("")
        if config.own_hand_scoring:
            add(
                "Under this scoring every player who does not go out takes the value of the "
                "cards left in their hand (lower is better)."
            )
        else:
            add(
                "*Points scored*: what the rules award the seat for a hand (whoever goes out "
                "scores the cards left in the others' hands; everyone else 0). *Points left in "
                "hand*: the value of the cards a seat still holds when the hand ends (0 for "
                "whoever went out). Means over every hand played, with 95% t intervals."
            )
        add("")
        add("![Points per hand](points_per_hand.png)")
        add("")

    add("## Ratings")
    add("")
    if result.ratings:
        add(
            f"openskill Plackett-Luce (μ = 25, σ = 25/3 at the start; τ = {RATING_TAU:g}: bots "
            "do not change, so no skill drift is modelled), updated after each of the "
            f"{result.rated_games:,} finished games in game order, from each game's finishing "
            "order (see Method). One rating per entry of the bot list: a bot listed twice gets "
            "two ratings, whose gap shows the ratings' noise. Ordinal = μ − 3σ."
        )
        add("")
        add("| Entry | μ | σ | Ordinal |")
        add("|---|---:|---:|---:|")
        for r in sorted(result.ratings, key=lambda r: -r["mu"]):
            add(f"| {r['entry']} | {r['mu']:.2f} | {r['sigma']:.3f} | {r['ordinal']:.2f} |")
    else:
        add("Ratings were not computed.")
    add("")

    add("## Position at the table")
    add("")
    which = "the deciding hand" if config.mode == "hands" else "the first hand"
    add(
        f"Position 1 is the dealer's left (usually the first to play), position {n} the dealer, "
        f"counted from the dealer of {which}. The dealer is drawn, so the seat numbers "
        "themselves are arbitrary; the rotation makes every bot sit in every seat equally often."
    )
    add("")
    add("| Position | Games | Wins | Win rate | 95% CI |")
    add("|---:|---:|---:|---:|---|")
    for p in range(n):
        g, w = result.position_games[p], result.position_wins[p]
        rate = w / g if g else 0.0
        interval = _ci(*wilson_interval(w, g), percent=True)
        add(f"| {p + 1} | {g:,} | {w:,} | {_pct(rate)} | {interval} |")
    add("")
    if "position_win_rates.png" in plots:
        add("![Win rate by position](position_win_rates.png)")
        add("")
    add("Seat balance (games each bot played in each seat):")
    add("")
    add("| Bot | " + " | ".join(f"seat {s}" for s in range(n)) + " |")
    add("|---|" + "---:|" * n)
    for bot in result.bots:
        add(f"| {bot.name} | " + " | ".join(f"{g:,}" for g in bot.seat_games) + " |")
    add("")

    add("## Game length")
    add("")
    turns = result.turns
    median = result.lengths.quantile(0.5)
    add(
        f"Turns per {unit[:-1]}: mean {turns.mean:.1f} {_ci(*turns.interval(), digits=1)}, "
        f"median ≈ {median if median is None else round(median)}, "
        f"longest {result.lengths.maximum:.0f}. A turn is a play, a draw or a pass when a "
        "turn is awaited (a draw and the play of the drawn card are one turn)."
    )
    add("")
    if "game_length.png" in plots:
        add("![Game length histogram](game_length.png)")
        add("")

    add("## Method")
    add("")
    add(
        f"- **Seats**: game g seats the bot list rotated by g mod {n} (seat s gets entry "
        f"(s + g) mod {n}), so over every {n} consecutive games each entry plays each seat once."
    )
    add(
        "- **Independence**: each game has its own seed; games are independent, so the Wilson "
        "interval applies. For a bot listed k times, its k entries play the same games and at "
        "most one of them wins each, so its interval (over games × k seats) is slightly "
        "conservative."
    )
    add(
        "- **Wins**: a game is won by whoever goes out (hands) or by the game's winner "
        "(matches); with teams every member of the winning team wins; a shared win counts for "
        "each winner. Games stopped by the action limit have no winner."
    )
    add(
        "- **Ratings**: the finishing order of a game is the winner(s) first, then the others "
        + (
            "by the points left in hand, fewest first"
            if config.mode == "hands"
            else "by final score, best first"
        )
        + "; ties share a rank. Games are rated in order, so ratings are deterministic too."
    )
    add(
        "- **Memory**: results are aggregated as they stream in (counters, running means, a "
        "histogram whose bins double in width as needed); game records are kept only with "
        "`--keep-records` (written to `records.jsonl`, one `GameRecord` per line)."
    )
    add(
        "- **Files**: `results.json` (everything, machine-readable), `results.csv` (one row per "
        "bot)" + (", " + ", ".join(f"`{p}`" for p in plots) if plots else "") + "."
    )
    add("")
    return "\n".join(lines)


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


__all__ = [
    "CSV_FIELDS",
    "render_report",
    "write_report",
    "write_results_csv",
    "write_results_json",
]
