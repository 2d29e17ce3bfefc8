"""PNG plots of a tournament, drawn with matplotlib's object API on the Agg canvas.

No pyplot: figures are built as `matplotlib.figure.Figure` objects and saved directly, so nothing
touches a display or global state, and plotting works in worker processes and on servers.
matplotlib comes with every install; it is imported here only, when plots are drawn.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from lastcard.analysis.statistics import wilson_interval
from lastcard.sim.tournament import CONFIDENCE, TournamentResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

_BAR = "#4c72b0"
_BAR2 = "#dd8452"
_NULL = "#c44e52"
_DPI = 120


def _figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=_DPI, layout="constrained")


def _save(fig: Figure, path: Path) -> Path:
    fig.savefig(path, format="png", dpi=_DPI)
    return path


def _subtitle(result: TournamentResult) -> str:
    config = result.config
    unit = "hands" if config.mode == "hands" else "games to the target score"
    return (
        f"{result.games:,} {unit} · {config.players} players · {config.rules_name} rules · "
        f"seed {config.seed} · seats and neighbours balanced ({config.design_length} seatings)"
    )


def _error(value: float, lo: float, hi: float) -> tuple[float, float]:
    if math.isnan(lo) or math.isnan(hi):
        return (0.0, 0.0)
    return (max(0.0, value - lo), max(0.0, hi - value))


def _style(ax: Axes) -> None:
    ax.spines["top"].set_visible(False)
    ax.spines["right"].set_visible(False)
    ax.grid(axis="y", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)


def win_rates_figure(result: TournamentResult) -> Figure:
    """Win rate per bot with 95% Wilson intervals and the equal-skill line."""
    bots = result.ranked()
    names = [b.name for b in bots]
    rates = [b.win_rate * 100 for b in bots]
    errors = [_error(b.win_rate * 100, b.win_ci[0] * 100, b.win_ci[1] * 100) for b in bots]
    fig = _figure(max(5.5, 1.3 * len(bots) + 2.5), 4.6)
    ax = fig.add_subplot()
    _style(ax)
    x = range(len(bots))
    ax.bar(x, rates, color=_BAR, width=0.6, zorder=2)
    ax.errorbar(
        x,
        rates,
        yerr=[[e[0] for e in errors], [e[1] for e in errors]],
        fmt="none",
        ecolor="black",
        elinewidth=1.4,
        capsize=8,
        zorder=3,
    )
    null = result.null_win_rate * 100
    ax.axhline(null, color=_NULL, linestyle="--", linewidth=1.3, zorder=4)
    ax.annotate(
        f"equal skill: {null:.1f}%",
        xy=(1.0, null),
        xycoords=("axes fraction", "data"),
        xytext=(-4, 4),
        textcoords="offset points",
        ha="right",
        va="bottom",
        color=_NULL,
        fontsize=9,
    )
    top = max([r + e[1] for r, e in zip(rates, errors, strict=True)] + [null])
    for i, (rate, bot) in enumerate(zip(rates, bots, strict=True)):
        ax.text(
            i,
            rate + errors[i][1] + top * 0.015,
            f"{rate:.1f}%\n[{bot.win_ci[0] * 100:.1f}, {bot.win_ci[1] * 100:.1f}]",
            ha="center",
            va="bottom",
            fontsize=8.5,
        )
    ax.set_xticks(
        list(x),
        [f"{n}\n×{b.entries}" if b.entries > 1 else n for n, b in zip(names, bots, strict=True)],
    )
    ax.set_ylim(0, top * 1.22 + 1)
    ax.set_ylabel("win rate (%) · wins / seats played")
    ax.set_title("Win rate per bot, with 95% confidence intervals", fontsize=12, loc="left")
    fig.suptitle(_subtitle(result), fontsize=8.5, color="#555555", x=0.01, ha="left")
    return fig


def plot_win_rates(result: TournamentResult, path: Path) -> Path:
    """`win_rates_figure`, saved to `path`."""
    return _save(win_rates_figure(result), path)


def points_figure(result: TournamentResult) -> Figure:
    """Mean points scored per hand and mean points left in hand, per bot, with 95% intervals."""
    bots = result.ranked()
    fig = _figure(max(8.0, 2.2 * len(bots) + 3), 4.4)
    panels = fig.subplots(1, 2)
    scored_label = (
        "points taken per hand (lower is better)"
        if result.config.own_hand_scoring
        else "points scored per hand"
    )
    for ax, attr, title, color in (
        (panels[0], "points", scored_label, _BAR),
        (panels[1], "left", "points left in hand per hand", _BAR2),
    ):
        _style(ax)
        means = [getattr(b, attr).mean for b in bots]
        errors = [_error(m, *getattr(b, attr).interval()) for m, b in zip(means, bots, strict=True)]
        x = range(len(bots))
        ax.bar(x, means, color=color, width=0.6, zorder=2)
        ax.errorbar(
            x,
            means,
            yerr=[[e[0] for e in errors], [e[1] for e in errors]],
            fmt="none",
            ecolor="black",
            elinewidth=1.2,
            capsize=6,
            zorder=3,
        )
        top = max([m + e[1] for m, e in zip(means, errors, strict=True)] + [1.0])
        for i, m in enumerate(means):
            ax.text(i, m + errors[i][1] + top * 0.02, f"{m:.1f}", ha="center", fontsize=9)
        ax.set_xticks(list(x), [b.name for b in bots])
        ax.set_ylim(0, top * 1.15)
        ax.set_title(title, fontsize=11, loc="left")
        ax.set_ylabel("points (mean, 95% CI)")
    fig.suptitle(_subtitle(result), fontsize=8.5, color="#555555", x=0.01, ha="left")
    return fig


def plot_points(result: TournamentResult, path: Path) -> Path:
    """`points_figure`, saved to `path`."""
    return _save(points_figure(result), path)


def game_lengths_figure(result: TournamentResult) -> Figure:
    """Histogram of game lengths in turns, cut at the 99.5th percentile (the rest noted)."""
    hist = result.lengths
    fig = _figure(7.5, 4.2)
    ax = fig.add_subplot()
    _style(ax)
    cut = hist.quantile(0.995) or 0.0
    last = min(hist.bins, max(1, math.ceil((cut + 1) / hist.width)))
    counts = hist.counts[:last]
    beyond = hist.total - sum(counts)
    edges = hist.edges[: last + 1]
    ax.stairs(counts, edges, fill=True, color=_BAR, alpha=0.85)
    mean = result.turns.mean
    median = hist.quantile(0.5)
    ax.axvline(mean, color=_NULL, linestyle="--", linewidth=1.2, label=f"mean {mean:.1f}")
    if median is not None:
        ax.axvline(
            median, color="black", linestyle=":", linewidth=1.2, label=f"median ≈ {median:.0f}"
        )
    ax.legend(frameon=False, fontsize=9)
    unit = "hand" if result.config.mode == "hands" else "game"
    ax.set_xlabel(f"turns per {unit} (bins of {hist.width})")
    ax.set_ylabel(f"{unit}s")
    note = (
        f" · {beyond:,} longer than {edges[-1]} not shown (max {hist.maximum:.0f})"
        if beyond
        else ""
    )
    ax.set_title(f"Length of a {unit}, in turns", fontsize=12, loc="left")
    fig.suptitle(_subtitle(result) + note, fontsize=8.5, color="#555555", x=0.01, ha="left")
    return fig


def plot_game_lengths(result: TournamentResult, path: Path) -> Path:
    """`game_lengths_figure`, saved to `path`."""
    return _save(game_lengths_figure(result), path)


def position_win_rates_figure(result: TournamentResult) -> Figure:
    """Win rate by position after the dealer, for each bot (grouped bars) and over all bots,
    each with its 95% Wilson interval.

    Seat numbers mean little (the dealer is drawn); the position after the dealer is what gives
    an edge: position 1, the dealer's left, usually plays first.
    """
    bots = result.ranked()
    n = result.config.players
    fig = _figure(min(11.0, max(7.5, 0.6 * n * (len(bots) + 1) + 3)), 4.6)
    ax = fig.add_subplot()
    _style(ax)
    groups = len(bots) + 1
    width = 0.8 / groups
    palette = ["#4c72b0", "#dd8452", "#55a868", "#8172b3", "#937860", "#da8bc3", "#8c8c8c"]
    series: list[tuple[str, list[int], list[int], str, str | None]] = [
        (bot.name, bot.position_wins, bot.position_games, palette[j % len(palette)], None)
        for j, bot in enumerate(bots)
    ]
    series.append(("all bots", result.position_wins, result.position_games, "#cccccc", "#555555"))
    for j, (label, wins, games, color, edge) in enumerate(series):
        rates = [w / g * 100 if g else 0.0 for w, g in zip(wins, games, strict=True)]
        intervals = [wilson_interval(w, g, CONFIDENCE) for w, g in zip(wins, games, strict=True)]
        errors = [
            _error(r, lo * 100, hi * 100) for r, (lo, hi) in zip(rates, intervals, strict=True)
        ]
        xs = [p - 0.4 + width * (j + 0.5) for p in range(n)]
        ax.bar(xs, rates, width=width, color=color, edgecolor=edge, label=label, zorder=2)
        ax.errorbar(
            xs,
            rates,
            yerr=[[e[0] for e in errors], [e[1] for e in errors]],
            fmt="none",
            ecolor="#333333",
            elinewidth=0.9,
            capsize=2.5,
            zorder=3,
        )
    ax.axhline(result.null_win_rate * 100, color=_NULL, linestyle="--", linewidth=1.1, zorder=4)
    labels = [str(p + 1) for p in range(n)]
    labels[0] += "\ndealer's left"
    labels[-1] += "\ndealer"
    ax.set_xticks(range(n), labels)
    which = "the deciding hand" if result.config.mode == "hands" else "the first hand"
    ax.set_xlabel(f"position after the dealer of {which}")
    ax.set_ylabel("win rate (%), 95% CI")
    ax.legend(frameon=False, fontsize=8.5, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.set_title("Win rate by position at the table", fontsize=11, loc="left")
    fig.suptitle(_subtitle(result), fontsize=8.5, color="#555555", x=0.01, ha="left")
    return fig


def plot_position_win_rates(result: TournamentResult, path: Path) -> Path:
    """`position_win_rates_figure`, saved to `path`."""
    return _save(position_win_rates_figure(result), path)


PLOTS = {
    "win_rates.png": plot_win_rates,
    "points_per_hand.png": plot_points,
    "game_length.png": plot_game_lengths,
    "position_win_rates.png": plot_position_win_rates,
}


def write_plots(result: TournamentResult, out: Path) -> list[Path]:
    """All the plots of `PLOTS`, in `out`."""
    return [plot(result, out / name) for name, plot in PLOTS.items()]


__all__ = [
    "PLOTS",
    "game_lengths_figure",
    "plot_game_lengths",
    "plot_points",
    "plot_position_win_rates",
    "plot_win_rates",
    "points_figure",
    "position_win_rates_figure",
    "win_rates_figure",
    "write_plots",
]
