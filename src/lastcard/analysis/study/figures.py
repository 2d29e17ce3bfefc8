"""The study's figures, cell by cell: each question's rates, intervals, tests and their
Holm adjustment, as plain JSON-ready dicts (`study.json`; `report` and `plots` read them).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from lastcard.analysis.statistics import (
    detectable_difference,
    holm,
    paired_comparison,
    position_trend,
)
from lastcard.sim.study import (
    CONFIDENCE,
    ISMCTS_SPEC,
    POWER,
    POWER_ALPHA,
    Cell,
    WinTally,
)


def _quantile(counts: Counter[int], q: float) -> int:
    """The smallest value with at least a fraction `q` of the counts at or below it."""
    total = sum(counts.values())
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= q * total:
            return value
    raise ValueError("no values")


def seat_figures(cell: Cell) -> dict[str, Any]:
    """Question 1 for one player count: the first player's, the dealer's left's and every
    place's win rate against 1/N, and the trend across places, over the hands whose first
    discard made nobody draw; the hands opened by a Draw Two apart (`p_holm` is added by
    `adjust_first_seat`)."""
    n = cell.players
    first = cell.first.summary(1 / n)
    places = cell.positions or [WinTally() for _ in range(n)]
    return {
        "cell": cell.name,
        "players": n,
        "bot": cell.bots[0],
        "games": cell.games,
        "blocked": cell.blocked,
        "first_player": first,
        "relative": first["rate"] * n,
        "relative_ci": [first["ci"][0] * n, first["ci"][1] * n],
        "dealer_left": cell.dealer_left.summary(1 / n),
        "positions": [tally.summary(1 / n) for tally in places],
        "trend": position_trend([tally.wins for tally in places], CONFIDENCE).to_dict(),
        "inner_trend": inner_trend([tally.wins for tally in places]),
        "last_upturn": last_upturn([tally.wins for tally in places]),
        "draw_two": {
            "hands": cell.draw_first.hands,
            "first_player": cell.draw_first.summary(1 / n),
            "drawer": cell.drawer.summary(1 / n),
        },
    }


def inner_trend(wins: Sequence[int]) -> dict[str, Any] | None:
    """The trend across the places between the first and the last (2..N-1; None below 4
    players). The trend over every place is passed by the first place's advantage alone, and
    the last place (usually the dealer, §2.4) rises again: each is tested apart, this between
    them. The test is over the hands won from those places (where, under no trend, the winner's
    place is uniform on them); the slope and its interval are in win share of all hands, as
    the trend over every place's are."""
    if len(wins) < 4:
        return None
    inner = position_trend(wins[1:-1], CONFIDENCE)
    total = sum(wins)
    share = inner.hands / total if total else math.nan
    trend: dict[str, Any] = inner.to_dict()
    trend["slope"] = inner.slope * share
    trend["slope_ci"] = [bound * share for bound in inner.slope_ci]
    trend["first_place"], trend["last_place"] = 2, len(wins) - 1
    return trend


def last_upturn(wins: Sequence[int]) -> dict[str, Any] | None:
    """The last place against the one before it (None below 3 players): of the hands won by
    either, the share the last place won, against an even split (exact binomial test). Above
    one half, the win share turns up at the last place."""
    if len(wins) < 3:
        return None
    return WinTally(wins[-2] + wins[-1], wins[-1]).summary(0.5)


def adjust(tests: Sequence[dict[str, Any]]) -> None:
    """Add `p_holm`, Holm's adjustment over `tests` (one family), to each test's figures."""
    for test, adjusted in zip(tests, holm([t["p_value"] for t in tests]), strict=True):
        test["p_holm"] = adjusted


def adjust_first_seat(rows: Sequence[dict[str, Any]]) -> None:
    """Holm's adjustment over the player counts, for each of question 1's five families."""
    adjust([r["first_player"] for r in rows])
    adjust([r["trend"] for r in rows])
    adjust([r["inner_trend"] for r in rows if r["inner_trend"] is not None])
    adjust([r["last_upturn"] for r in rows if r["last_upturn"] is not None])
    adjust([r["draw_two"]["first_player"] for r in rows])


def length_figures(cell: Cell) -> dict[str, Any]:
    """Question 2 for one player count: turns per hand, mean with interval and distribution."""
    counts = cell.turn_counts
    return {
        "cell": cell.name,
        "players": cell.players,
        "bot": cell.bots[0],
        "hands": cell.turns.n,
        "turns": cell.turns.to_dict(CONFIDENCE),
        "turns_per_player": cell.turns.mean / cell.players,
        "median": _quantile(counts, 0.5),
        "p10": _quantile(counts, 0.1),
        "p90": _quantile(counts, 0.9),
        "min": min(counts),
        "max": max(counts),
        "distribution": {str(k): counts[k] for k in sorted(counts)},
    }


def habit_figures(cell: Cell) -> dict[str, Any]:
    """Question 3 for one cell: the bot without the habit among bots with it, and the smallest
    value of the habit its test would detect (`power`)."""
    habit, family, _ = cell.name.split("/")
    n = cell.players
    counts = Counter(cell.bots)
    focal = min(counts, key=lambda bot: counts[bot])  # the one bot without the habit
    field_bot = next(bot for bot in counts if bot != focal)
    without = cell.by_bot[focal].summary(1 / n)
    lo, hi = without["ci"]
    return {
        "cell": cell.name,
        "habit": habit,
        "bot": family,
        "players": n,
        "games": cell.games,
        "blocked": cell.blocked,
        "without": focal,
        "with": field_bot,
        "without_wins": without,
        "value": 1 / n - without["rate"],
        "value_ci": [1 / n - hi, 1 / n - lo],
        "power": {
            "detectable": detectable_difference(
                without["hands"], 1 / n, alpha=POWER_ALPHA, power=POWER
            ),
            "power": POWER,
            "alpha": POWER_ALPHA,
            "hands": without["hands"],
        },
        "activity": {bot: cell.activity[bot].summary() for bot in (focal, field_bot)},
    }


def ladder_figures(
    table: Cell, pairs: Sequence[Cell], ismcts: Cell | None, skipped: str = ""
) -> dict[str, Any]:
    """Question 4: the table of every ladder bot, every pair heads-up and `ismcts` against its
    rival. Pairs of bots are compared with the sign test (`statistics.paired_comparison`): at the
    table on the hands won by one of the two (each hand has one winner), heads-up on every
    decided hand. Holm's adjustment runs over all of them."""
    k = table.players
    ranked = sorted(table.by_bot, key=lambda bot: -table.by_bot[bot].wins)
    decided = table.games - table.blocked
    table_pairs = [
        {
            "bots": [a, b],
            **paired_comparison(
                table.by_bot[a].wins, table.by_bot[b].wins, decided, confidence=CONFIDENCE
            ).to_dict(),
        }
        for a, b in itertools.combinations(ranked, 2)
    ]
    heads_up = [pair_figures(pair) for pair in pairs]
    figures: dict[str, Any] = {
        "table": {
            "cell": table.name,
            "players": k,
            "games": table.games,
            "blocked": table.blocked,
            "bots": {bot: table.by_bot[bot].summary(1 / k) for bot in ranked},
            "pairs": table_pairs,
            "turns": table.turns.to_dict(CONFIDENCE),
        },
        "pairs": heads_up,
        "ismcts": (
            {**pair_figures(ismcts), "budget": ISMCTS_SPEC}
            if ismcts is not None
            else {"skipped": skipped}
        ),
    }
    family = table_pairs + [p["comparison"] for p in heads_up]
    if ismcts is not None:
        family.append(figures["ismcts"]["comparison"])
    adjust(family)
    return figures


def pair_figures(pair: Cell) -> dict[str, Any]:
    """One heads-up cell of question 4: the first bot's share of the decided hands, with the
    sign test against an even share and the difference in win rates."""
    a, b = pair.bots
    decided = pair.games - pair.blocked
    return {
        "cell": pair.name,
        "bots": [a, b],
        "games": pair.games,
        "blocked": pair.blocked,
        "comparison": paired_comparison(
            pair.by_bot[a].wins, pair.by_bot[b].wins, decided, confidence=CONFIDENCE
        ).to_dict(),
    }
