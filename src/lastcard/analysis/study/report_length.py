"""Question 2 of study.md: how long a hand lasts, in turns."""

from __future__ import annotations

import itertools
from typing import Any

from .report_text import (
    image,
    md_table,
)


def length_section(figures: dict[str, Any]) -> list[str]:
    rows = figures["hand_length"]
    lines = [
        "## 2. Hand length",
        "",
        "**Method.** The same hands as question 1. A *turn* is a play or a draw made when a turn "
        "is awaited (a draw followed by playing the drawn card is one turn); answering a Wild "
        "Draw Four, calling and catching Uno are not turns (the count `lastcard simulate` "
        "uses). Turns per player is the mean divided by N: how many times each player acts.",
        "",
    ]
    lines += md_table(
        [
            "N",
            "hands",
            "mean turns",
            "95% CI",
            "sd",
            "median",
            "10th–90th pct",
            "max",
            "per player",
        ],
        (
            [
                r["players"],
                f"{r['hands']:,}",
                f"{r['turns']['mean']:.1f}",
                f"{r['turns']['ci_low']:.1f} – {r['turns']['ci_high']:.1f}"
                if r["turns"]["ci_low"] is not None
                else "–",
                f"{r['turns']['stdev']:.1f}",
                r["median"],
                f"{r['p10']} – {r['p90']}",
                r["max"],
                f"{r['turns_per_player']:.1f}",
            ]
            for r in rows
        ),
    )
    lines += [image(figures, "hand_length", "Turns per hand by player count"), ""]
    first, last = rows[0], rows[-1]
    reading = [
        f"A hand lasts {first['turns']['mean']:.1f} turns on average with "
        f"{first['players']} players"
        + (
            f" and {last['turns']['mean']:.1f} with {last['players']}; each player acts "
            f"{first['turns_per_player']:.1f} times at N = {first['players']} and "
            f"{last['turns_per_player']:.1f} times at N = {last['players']}."
            if len(rows) > 1
            else "."
        )
    ]
    steps = list(itertools.pairwise(rows))
    rising = [b for a, b in steps if (b["turns"]["ci_low"] or 0) > (a["turns"]["ci_high"] or 0)]
    falling = [b for a, b in steps if (b["turns"]["ci_high"] or 0) < (a["turns"]["ci_low"] or 0)]
    if steps and len(rising) == len(steps):
        reading.append("Each step up in player count lengthens the hand beyond the intervals.")
    elif steps:
        reading.append(
            f"From each player count to the next, the mean rises beyond the intervals in "
            f"{len(rising)} of {len(steps)} steps and falls beyond them in {len(falling)}; "
            "the other steps are within the intervals."
        )
    skewed = [r for r in rows if r["median"] < r["turns"]["mean"]]
    if len(skewed) == len(rows):
        reading.append(
            "The distribution has a long right tail at every N (median below the mean): a few "
            "hands run far longer than most."
        )
    return [*lines, "**Reading.** " + " ".join(reading), ""]
