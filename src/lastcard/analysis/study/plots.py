"""The PNG plots of `lastcard study`, drawn from its figures (the content of study.json).

Drawn with matplotlib's object API on the Agg canvas (no pyplot, no display, no global state),
so plotting works on a headless machine and in worker processes alike. Every figure carries a
subtitle with the hands it shows and the seed, so a figure cut out of the report still says
where it came from; every rate is drawn with its 95% interval.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

FAIR = dict(color="0.35", linestyle="--", linewidth=1)
BAR = "#3b6ea5"
ACCENT = "#c8553d"
UPTURN = "#2a9d4b"  # the last place's step, drawn apart from the trend
SUBTITLE = dict(fontsize=8.5, color="#555555", x=0.01, ha="left")
DPI = 120
ALPHA = 0.05  # the level of the Holm-adjusted tests the plots mark


def subtitles(figures: dict[str, Any]) -> dict[str, str]:
    """Each plot's subtitle: the hands it shows and the seed."""
    seed = f"seed {figures['study']['seed']}"
    seats = figures["first_seat"]
    per_count = (
        f"{seats[0]['bot']} bots · {seats[0]['games']:,} hands per player count "
        f"(N = {seats[0]['players']}–{seats[-1]['players']}) · {seed}"
    )
    habits = figures["habits"]
    ladder = figures["ladder"]
    pairs = ladder["pairs"]
    ladder_text = f"table {ladder['table']['games']:,} hands"
    if pairs:
        ladder_text += f" · heads-up {pairs[0]['games']:,} hands per pair"
    if "skipped" not in ladder["ismcts"]:
        ladder_text += f" ({ladder['ismcts']['games']:,} with ismcts)"
    return {
        "first_seat": per_count + " · hands opened by a Draw Two apart",
        "positions": per_count + " · hands opened by a Draw Two left out",
        "hand_length": per_count,
        "habits": " · ".join(
            [
                f"{bot} cells: {min(h['games'] for h in habits if h['bot'] == bot):,} hands or more"
                for bot in dict.fromkeys(h["bot"] for h in habits)
            ]
            + [seed]
        ),
        "ladder": f"{ladder_text} · {seed}",
    }


def write_plots(figures: dict[str, Any], out: Path) -> dict[str, str]:
    """Draw every plot the figures allow into `out`; returns {plot name: file name}."""
    drawn: dict[str, str] = {}
    for name in PLOTS:
        figure = draw(name, figures)
        if figure is None:
            continue
        file = f"{name}.png"
        figure.savefig(out / file, dpi=DPI)
        drawn[name] = file
    return drawn


def draw(name: str, figures: dict[str, Any]) -> Figure | None:
    """Plot `name` of `PLOTS` with its subtitle, unsaved; None when the figures have no data
    for it (no habit cells, say)."""
    drawer, key = PLOTS[name]
    data = figures[key]
    if not data:
        return None
    figure = drawer(data)
    figure.suptitle(subtitles(figures)[name], **SUBTITLE)
    return figure


def _yerr(
    values: Sequence[float], intervals: Sequence[Sequence[float]], scale: float = 1.0
) -> list[list[float]]:
    """Matplotlib's asymmetric error bars (distances below and above) for `values` with
    `intervals`, everything multiplied by `scale`."""
    return [
        [scale * (v - ci[0]) for v, ci in zip(values, intervals, strict=True)],
        [scale * (ci[1] - v) for v, ci in zip(values, intervals, strict=True)],
    ]


def _first_seat(rows: list[dict[str, Any]]) -> Figure:
    figure = Figure(figsize=(10, 5.0), layout="constrained")
    left, right = figure.subplots(1, 2)
    ns = [r["players"] for r in rows]
    rates = [100 * r["first_player"]["rate"] for r in rows]
    errors = _yerr(
        [r["first_player"]["rate"] for r in rows], [r["first_player"]["ci"] for r in rows], 100
    )
    fine = [n / 10 for n in range(min(ns) * 10, max(ns) * 10 + 1)]
    left.plot(fine, [100 / n for n in fine], **FAIR, label="fair share 1/N")
    left.errorbar(
        ns, rates, yerr=errors, fmt="o", color=BAR, capsize=3, label="first player (95% CI)"
    )
    drawn = [r for r in rows if r["draw_two"]["hands"]]
    if drawn:
        draw_two = [r["draw_two"]["first_player"] for r in drawn]
        left.errorbar(
            [r["players"] + 0.2 for r in drawn],
            [100 * d["rate"] for d in draw_two],
            yerr=_yerr([d["rate"] for d in draw_two], [d["ci"] for d in draw_two], 100),
            fmt="^",
            color=ACCENT,
            alpha=0.7,
            markersize=4,
            capsize=2,
            elinewidth=0.8,
            label="first player, Draw Two openings (95% CI)",
        )
    left.set(xlabel="players N", ylabel="hands won (%)", title="First player's win rate")
    left.set_xticks(ns)
    highest = max(
        [r["first_player"]["ci"][1] for r in rows]
        + [r["draw_two"]["first_player"]["ci"][1] for r in drawn]
    )
    left.set_ylim(-2, min(103, 100 * highest + 5))  # markers at 0% or 100% stay whole
    left.legend(frameon=False, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=2)
    rel = [r["relative"] for r in rows]
    rel_errors = _yerr(rel, [r["relative_ci"] for r in rows])
    right.axhline(1.0, **FAIR, label="no advantage")
    right.errorbar(
        ns, rel, yerr=rel_errors, fmt="o", color=BAR, capsize=3, label="first player (95% CI)"
    )
    dealer = [r["dealer_left"]["rate"] * r["players"] for r in rows]
    right.plot(
        [n + 0.2 for n in ns],
        dealer,
        "s",
        color="0.45",
        markersize=4,
        label="dealer's left",
    )
    right.set(
        xlabel="players N",
        ylabel="win rate × N (1 = fair)",
        title="Relative to the fair share (no Draw Two opening)",
    )
    right.set_xticks(ns)
    right.legend(
        frameon=False, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=2
    )
    return figure


def _positions(rows: list[dict[str, Any]]) -> Figure:
    columns = min(3, len(rows))
    lines = math.ceil(len(rows) / columns)
    figure = Figure(figsize=(3.6 * columns, 3.0 * lines + 0.6), layout="constrained")
    axes = figure.subplots(lines, columns, squeeze=False, sharey=True)
    for ax, r in zip(axes.flat, rows, strict=False):  # the grid may have spare cells
        n = r["players"]
        places = list(range(1, n + 1))
        positions = r["positions"]
        rates = [p["rate"] * n for p in positions]
        errors = _yerr([p["rate"] for p in positions], [p["ci"] for p in positions], n)
        ax.axhline(1.0, **FAIR)
        ax.errorbar(places, rates, yerr=errors, fmt="o", color=BAR, capsize=2, markersize=4)
        # One line over every place would hide the last place's upturn: the trend is drawn
        # between the first and the last place, and the step to the last place apart.
        inner, upturn = r.get("inner_trend"), r.get("last_upturn")
        between = [p["rate"] for p in positions[1:-1]]
        if inner is not None and all(map(_drawable, [inner["slope"], *between])):
            mean = sum(between) / len(between)  # the line passes through their mean
            centre = (n + 1) / 2
            fitted = [n * (mean + inner["slope"] * (k - centre)) for k in (2, n - 1)]
            ax.plot([2, n - 1], fitted, color=ACCENT, linewidth=1.2)
        if upturn is not None and all(_drawable(p["rate"]) for p in positions[-2:]):
            ax.plot([n - 1, n], rates[-2:], color=UPTURN, linewidth=1.2, linestyle=":")
        ax.set_title(f"{n} players\n{_place_tests(r)}", fontsize=8.5)
        ax.set_xticks(places)
    for ax in axes.flat[len(rows) :]:
        ax.set_visible(False)
    figure.supxlabel(
        "place in the order of play (1 = takes the first turn) · dots: win rate with 95% CI · "
        "solid line: trend between the first and the last place · dotted: the step to the last "
        "place (its upturn, tested against the place before it)",
        fontsize=9,
        wrap=True,
    )
    figure.supylabel("win rate × N (1 = fair)")
    return figure


def _drawable(x: float | None) -> bool:
    """A figure that can be drawn: None (study.json's nan) and nan cannot."""
    return x is not None and not math.isnan(x)


def _place_tests(r: dict[str, Any]) -> str:
    """A panel's second title line: the Holm p of the trend between the first and the last
    place and of the last place's upturn; with two players, of the trend (first against
    second)."""
    said = []
    for name, key in (("between", "inner_trend"), ("last vs before", "last_upturn")):
        test = r.get(key)
        if test is not None and "p_holm" in test:
            said.append(f"{name}: Holm p {_p_text(test['p_holm'])}")
    if said:
        return "\n".join(said)  # a line each: side by side they run into the next panel's
    trend = r["trend"]
    holm = f", Holm p {_p_text(trend['p_holm'])}" if "p_holm" in trend else ""
    return f"trend p {_p_text(trend['p_value'])}{holm}"


def _p_text(p: float) -> str:
    """`= 0.034` or `< 0.0001`, after a "p"."""
    return "< 0.0001" if p < 0.0001 else f"= {p:.2g}" if p < 0.01 else f"= {p:.2f}"


def _hand_length(rows: list[dict[str, Any]]) -> Figure:
    figure = Figure(figsize=(10, 4.2), layout="constrained")
    left, right = figure.subplots(1, 2)
    ns = [r["players"] for r in rows]
    means = [r["turns"]["mean"] for r in rows]
    intervals = [
        (r["turns"]["ci_low"] or m, r["turns"]["ci_high"] or m)
        for m, r in zip(means, rows, strict=True)
    ]
    errors = _yerr(means, intervals)
    left.fill_between(
        ns,
        [r["p10"] for r in rows],
        [r["p90"] for r in rows],
        color=BAR,
        alpha=0.15,
        label="10th–90th percentile",
    )
    left.plot(ns, [r["median"] for r in rows], "--", color=BAR, linewidth=1, label="median")
    left.errorbar(ns, means, yerr=errors, fmt="o-", color=BAR, capsize=3, label="mean (95% CI)")
    left.set(xlabel="players N", ylabel="turns per hand", title="Hand length")
    left.set_xticks(ns)
    left.set_ylim(bottom=0)
    left.legend(frameon=False)
    shown = _spread(rows, 5)
    upper = max(r["p90"] for r in shown) * 1.5
    width = max(1, round(upper / 40))
    for color, r in zip(_colors(len(shown)), shown, strict=True):
        counts = {int(k): v for k, v in r["distribution"].items()}
        total = sum(counts.values())
        edges = list(range(0, int(upper) + width, width))
        shares = [
            sum(counts.get(t, 0) for t in range(a, a + width)) / total / width for a in edges[:-1]
        ]
        right.stairs(shares, edges, color=color, label=f"N = {r['players']}")
    right.set(
        xlabel="turns per hand", ylabel="share of hands per turn", title="Distribution (some N)"
    )
    right.set_xlim(0, upper)
    right.legend(frameon=False, fontsize=8, ncols=2)
    return figure


def _spread(rows: list[dict[str, Any]], most: int) -> list[dict[str, Any]]:
    """At most `most` rows, evenly spread and including the first and the last."""
    if len(rows) <= most:
        return rows
    picks = sorted({round(i * (len(rows) - 1) / (most - 1)) for i in range(most)})
    return [rows[i] for i in picks]


def _colors(count: int) -> list[tuple[float, float, float, float]]:
    from matplotlib import colormaps

    cmap = colormaps["viridis"]
    return [cmap(i / max(1, count - 1) * 0.9) for i in range(count)]


def _habits(rows: list[dict[str, Any]]) -> Figure:
    figure = Figure(figsize=(8.5, 1.6 + 0.62 * len(rows)), layout="constrained")
    ax = figure.subplots()
    labels = [
        f"{r['bot']} · {'bluffing' if r['habit'] == 'bluff' else 'challenging'}, "
        f"{'heads-up' if r['players'] == 2 else str(r['players']) + ' players'}"
        + (
            f"\nHolm p {_p_text(r['without_wins']['p_holm'])}"
            if "p_holm" in r["without_wins"]
            else ""
        )
        for r in rows
    ]
    values = [100 * r["value"] for r in rows]
    errors = _yerr([r["value"] for r in rows], [r["value_ci"] for r in rows], 100)
    places = list(range(len(rows)))[::-1]
    detectable = [_finite(r["power"]["detectable"]) for r in rows]
    spans = [100 * d for d in detectable]
    # behind each bar, the values its test would detect with 80% power lie outside the band
    ax.barh(
        places,
        [2 * d for d in spans],
        left=[-d for d in spans],
        height=0.86,
        color="0.88",
        label="values the test misses more than 1 time in 5 (±detectable)",
    )
    colors = [BAR if r["habit"] == "bluff" else ACCENT for r in rows]
    ax.barh(places, values, height=0.5, xerr=errors, color=colors, alpha=0.9, capsize=4)
    ax.axvline(0, color="0.2", linewidth=1)
    ax.set_yticks(places, labels, fontsize=8.5)
    ax.set(
        xlabel="value of the habit: 1/N − win rate without it, points of hands won\n"
        "(> 0: the habit helps) · bars: 95% CI · grey: ± the value detected with 80% power",
        title="What bluffing and challenging are worth",
    )
    ax.legend(frameon=False, fontsize=8, loc="lower left")
    return figure


def _finite(x: float | None) -> float:
    """`x`, or 0 for a size no test detects (inf, or None in study.json): no band is drawn."""
    return 0.0 if x is None or math.isinf(x) else x


def _ladder(ladder: dict[str, Any]) -> Figure:
    figure = Figure(figsize=(11.5, 4.8), layout="constrained")
    left, right = figure.subplots(1, 2, width_ratios=[1, 1.25])
    table = ladder["table"]
    bots = list(table["bots"])
    stats = [table["bots"][b] for b in bots]
    errors = _yerr([s["rate"] for s in stats], [s["ci"] for s in stats], 100)
    left.bar(bots, [100 * s["rate"] for s in stats], yerr=errors, color=BAR, capsize=4)
    left.axhline(100 / table["players"], **FAIR, label=f"fair share 1/{table['players']}")
    left.set(
        ylabel="hands won (%), 95% CI",
        title=f"{table['players']}-player table, every order of the seats",
    )
    left.legend(frameon=False)
    pairs = ladder["pairs"] + ([ladder["ismcts"]] if "skipped" not in ladder["ismcts"] else [])
    names = list(dict.fromkeys(b for p in pairs for b in p["bots"]))
    grid = [[math.nan] * len(names) for _ in names]
    half = [[0.0] * len(names) for _ in names]  # half the width of the 95% interval
    shown = [[False] * len(names) for _ in names]  # Holm-adjusted p below ALPHA
    for p in pairs:
        a, b = (names.index(x) for x in p["bots"])
        comparison = p["comparison"]
        rate, (lo, hi) = comparison["share"], comparison["share_ci"]
        grid[a][b], grid[b][a] = rate, 1 - rate
        half[a][b] = half[b][a] = (hi - lo) / 2
        shown[a][b] = shown[b][a] = comparison.get("p_holm", 1.0) < ALPHA
    image = right.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            if not math.isnan(value):
                color = "white" if abs(value - 0.5) > 0.3 else "black"
                text = f"{100 * value:.0f}%\n±{_points(100 * half[i][j])}"
                weight = "bold" if shown[i][j] else "normal"
                right.text(
                    j,
                    i,
                    text,
                    ha="center",
                    va="center",
                    color=color,
                    fontsize=9,
                    fontweight=weight,
                )
    right.set_xticks(range(len(names)), names, rotation=30, ha="right")
    right.set_yticks(range(len(names)), names)
    right.set(
        title="Heads-up: row bot's share of hands won (±95% CI)",
        xlabel=f"opponent · bold: the sign test's Holm p < {ALPHA:g}",
    )
    figure.colorbar(image, ax=right, shrink=0.8)
    return figure


PLOTS: dict[str, tuple[Callable[[Any], Figure], str]] = {
    "first_seat": (_first_seat, "first_seat"),
    "positions": (_positions, "first_seat"),
    "hand_length": (_hand_length, "hand_length"),
    "habits": (_habits, "habits"),
    "ladder": (_ladder, "ladder"),
}
"""Each plot: how it is drawn, and the section of the figures it draws."""


def _points(value: float) -> str:
    """An interval's half-width in points, to the first digit that is not 0 below 1 (a
    million hands give ±0.1, which a whole number would show as ±0).

    >>> _points(9.6), _points(0.31), _points(0.04)
    ('10', '0.3', '0.04')
    """
    if value >= 1:
        return f"{value:.0f}"
    return f"{value:.1f}" if value >= 0.1 else f"{value:.2f}"
