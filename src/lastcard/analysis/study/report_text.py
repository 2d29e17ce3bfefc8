"""How study.md writes its numbers: percentages, intervals, p-values and what a test shows
after Holm's correction, tables, lists, images; and the bots' one-line descriptions.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

ALPHA = 0.05
"""The level every reading uses, on Holm-adjusted p-values."""


def pct(x: float | None, digits: int = 1) -> str:
    return "–" if x is None or math.isnan(x) else f"{100 * x:.{digits}f}%"


def ci_text(ci: Sequence[float], digits: int = 1) -> str:
    return f"{pct(ci[0], digits)} – {pct(ci[1], digits)}"


def pp(x: float | None, digits: int = 1) -> str:
    return "–" if x is None or math.isnan(x) else f"{100 * x:+.{digits}f}"


def pp_ci(ci: Sequence[float | None], digits: int = 1) -> str:
    return f"{pp(ci[0], digits)} to {pp(ci[1], digits)}"


def digits_for(hands: int) -> int:
    """Decimals for a percentage measured over `hands`: two once its interval is a few tenths
    of a point wide, else one."""
    return 2 if hands >= 50_000 else 1


def p_text(p: float) -> str:
    return "< 0.0001" if p < 0.0001 else f"{p:.2g}" if p < 0.01 else f"{p:.2f}"


def p_is(p: float) -> str:
    """`p < 0.0001` or `p = 0.034`, for prose."""
    text = p_text(p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def holm_is(p: float) -> str:
    """`Holm p = 0.034`, for prose."""
    text = p_text(p)
    return f"Holm p {text}" if text.startswith("<") else f"Holm p = {text}"


def strength(test: dict[str, Any], family: str = "") -> str:
    """What a test with `p_value` and `p_holm` shows, after Holm's correction (over `family`,
    when the sentence has to name it)."""
    over = f" over {family}" if family else ""
    tested = f"{p_is(test['p_value'])}, {holm_is(test['p_holm'])}{over}"
    if test["p_holm"] < ALPHA:
        return f"{tested}: significant after Holm's correction"
    if test["p_value"] < ALPHA:
        return f"{tested}: not significant after Holm's correction (a hint, not a finding)"
    return f"{tested}: not significant"


def md_table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in head) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return [*lines, ""]


def and_text(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def ns_text(rows: Sequence[dict[str, Any]]) -> str:
    return and_text([str(r["players"]) for r in rows])


BOT_WORDS = {
    "heuristic": "a real player's habits: keeps wilds, names its main colour, bluffs and "
    "challenges Wild Draw Fours on the evidence, calls and catches Uno",
    "greedy": "plays the legal card with the highest point value",
    "eager": "uniform over its legal plays, draws only when it has none",
    "random": "uniform over every legal action, voluntary draws included",
}


def cell_names(names: Sequence[str]) -> str:
    return and_text([f"`{name}`" for name in names])


def image(figures: dict[str, Any], name: str, caption: str) -> str:
    path = figures.get("plots", {}).get(name)
    return f"![{caption}]({path})" if path else ""
