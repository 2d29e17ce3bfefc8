"""Question 4 of study.md: the bot ladder, at one table and heads-up."""

from __future__ import annotations

import itertools
import math
from typing import Any

from .report_text import (
    ALPHA,
    and_text,
    ci_text,
    image,
    md_table,
    p_text,
    pct,
    pp,
    pp_ci,
    strength,
)


def _comparisons(ladder: dict[str, Any]) -> int:
    """How many paired comparisons the ladder's Holm correction runs over."""
    return (
        len(ladder["table"]["pairs"]) + len(ladder["pairs"]) + ("skipped" not in ladder["ismcts"])
    )


def _compared(a: str, b: str, c: dict[str, Any], unit: str) -> str:
    """One paired comparison in words: the share, the difference and what the test shows."""
    if not c["separated"]:
        return f"`{a}` and `{b}`: no {unit} was won by either, nothing to compare."
    said = (
        f"`{a}` won {pct(c['share'])} of the {c['separated']:,} {unit} won by `{a}` or `{b}` "
        f"(95% CI {ci_text(c['share_ci'])}), a difference in win rate of {pp(c['difference'])} "
        f"points ({pp_ci(c['difference_ci'])}); {strength(c)}"
    )
    if c["p_holm"] < ALPHA:
        win, lose = (a, b) if c["share"] > 0.5 else (b, a)
        said += f": `{win}` wins more than `{lose}`"
    return said + "."


def ladder_section(figures: dict[str, Any]) -> list[str]:
    ladder = figures["ladder"]
    table = ladder["table"]
    k = table["players"]
    family = f"the {_comparisons(ladder)} comparisons of this question"
    lines = [
        "## 4. The bot ladder",
        "",
        f"**Method.** A {k}-player table of {and_text([f'`{b}`' for b in table['bots']])}, one "
        f"each, taking every one of the {math.factorial(k)} orders of the seats in turn (cell "
        f"`ladder/table`, {table['games']:,} hands), so every bot plays every seat and follows "
        "every other equally often; and every pair heads-up, seats alternating (cells "
        f"`ladder/A-vs-B`, {ladder['pairs'][0]['games']:,} hands each). Two bots are compared "
        "with the paired sign test: of the hands won by one of the two, the share won by the "
        "first, against an even split (exact binomial test; Wilson interval). At the table "
        "each hand has one winner, so the hands won by a third bot say nothing about these two, "
        "and two bots' win rates at one table are not independent: comparing their intervals "
        "would misjudge the difference. The effect is the difference in win rate, with the "
        "Agresti–Min interval for matched proportions. Holm's correction runs over "
        f"{family}.",
        "",
    ]
    lines += md_table(
        ["bot", "hands won", "win rate", "95% CI", "fair"],
        (
            [
                f"`{bot}`",
                f"{s['wins']:,} of {s['hands']:,}",
                pct(s["rate"]),
                ci_text(s["ci"]),
                pct(s["fair"]),
            ]
            for bot, s in table["bots"].items()
        ),
    )
    head = ["hands won by either", "first's share", "95% CI", "difference (points)", "95% CI"]
    head += ["p", "Holm p"]
    lines += ["Pairs at the table:", ""]
    lines += md_table(
        ["pair", *head],
        ([f"`{p['bots'][0]}` vs `{p['bots'][1]}`", *_comparison_cells(p)] for p in table["pairs"]),
    )
    pairs = ladder["pairs"] + ([ladder["ismcts"]] if "skipped" not in ladder["ismcts"] else [])
    lines += ["Heads-up:", ""]
    lines += md_table(
        ["heads-up", *head],
        (
            [f"`{p['bots'][0]}` vs `{p['bots'][1]}`", *_comparison_cells(p["comparison"])]
            for p in pairs
        ),
    )
    if "skipped" in ladder["ismcts"]:
        lines += [f"`ismcts` was skipped: {ladder['ismcts']['skipped']}.", ""]
    else:
        lines += [
            f"`ismcts` played with the budget `{ladder['ismcts']['budget']}` (iterations per "
            "decision), a small one to keep the study short; it is not the bot at full strength.",
            "",
        ]
    lines += [image(figures, "ladder", "Bot ladder: win rates with 95% intervals"), ""]
    ranked = list(table["bots"].items())
    by_pair = {tuple(p["bots"]): p for p in table["pairs"]}
    reading = [
        "At the table the order by hands won is "
        + " > ".join(f"`{bot}` {pct(s['rate'])}" for bot, s in ranked)
        + ". Between neighbours in that order: "
        + " ".join(
            _compared(a, b, by_pair[a, b], "hands") for (a, _), (b, _) in itertools.pairwise(ranked)
        )
    ]
    reading += [
        "Heads-up: "
        + " ".join(_compared(p["bots"][0], p["bots"][1], p["comparison"], "hands") for p in pairs)
    ]
    return [*lines, "**Reading.** " + " ".join(reading), ""]


def _comparison_cells(c: dict[str, Any]) -> list[str]:
    return [
        f"{c['separated']:,}",
        pct(c["share"]),
        ci_text(c["share_ci"]),
        pp(c["difference"]),
        pp_ci(c["difference_ci"]),
        p_text(c["p_value"]),
        p_text(c["p_holm"]),
    ]
