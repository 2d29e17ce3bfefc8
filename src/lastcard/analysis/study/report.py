"""study.md: the report of `lastcard study`, written from its figures (the content of study.json).

The readings are generated from the numbers and claim exactly what their tests show. Tests come
in families (the first player's share at each player count, the trend across places, the trend
between the first and the last place and the last place's upturn at each player count, the Draw
Two openings at each player count, the habits, the ladder's paired comparisons), each adjusted
with Holm's method: a reading claims a difference only when its Holm-adjusted p is below 0.05,
calls a p below 0.05 that does not survive the adjustment a hint, and otherwise says the hands
cannot tell. Bots at the same table are compared with the paired
sign test, never by whether their intervals overlap.
"""

from __future__ import annotations

from typing import Any

from .report_first_seat import first_seat_section
from .report_habits import habit_section
from .report_ladder import ladder_section
from .report_length import length_section
from .report_text import (
    ALPHA,
    BOT_WORDS,
    cell_names,
)


def render_report(figures: dict[str, Any]) -> str:
    """study.md from the figures `compute_study` returned (plus `run.command` and `plots`)."""
    lines = _header(figures)
    lines += first_seat_section(figures)
    lines += length_section(figures)
    lines += habit_section(figures)
    lines += ladder_section(figures)
    return "\n".join(lines).rstrip() + "\n"


def _header(figures: dict[str, Any]) -> list[str]:
    study, run = figures["study"], figures["run"]
    bots = [b for b in BOT_WORDS if b in figures["ladder"]["table"]["bots"]]
    ismcts = figures["ladder"]["ismcts"]
    ismcts_hands = "" if "skipped" in ismcts else f", {ismcts['games']:,} for `ismcts`"
    return [
        "# lastcard strategy study",
        "",
        "First-seat advantage, hand length, the value of Wild Draw Four bluffing and of "
        "challenging, and the bot ladder, measured in single hands of the official game.",
        "",
        *_fallback_lines(figures),
        f"- **Command**: `{run['command']}`",
        f"- **Version**: lastcard {study['lastcard']}.",
        "- **Rules**: the official rules (`Rules()`, the defaults of RULES.md) with "
        "`target_score=None`, so each game is one hand (§6.5.1). Only a game's first hand is "
        "counted; a blocked first hand (nobody went out) is in no win rate and is reported "
        "apart.",
        f"- **Hands**: {study['seat_hands']:,} per cell of the first-seat and hand-length "
        f"questions and of the habit cells; {study['games_per_cell']:,} per cell of "
        f"the ladder{ismcts_hands} (rounded up where bots of "
        "different kinds share a table, to a multiple of its seatings); "
        f"{run['hands']:,} in all, {run['seconds']:,.0f} s of wall time on {run['workers']} "
        "worker(s), the only figure here that depends on the machine.",
        *_engine_lines(figures),
        "- **Seating**: a table of different bots takes every seating of its design in turn "
        "(`lastcard.sim.tournament.name_seatings`, the tournament's design: every order of the "
        "seats up to 4 players), so each bot sits in every seat, and right after every other "
        "bot, equally often.",
        f"- **Seeds**: base seed {study['seed']}. Hand *i* of cell *C* is dealt with "
        f'`stream_seed(derive_seed({study["seed"]}, "study", C), STREAM_GAME, i)` '
        "(`lastcard.core.rng`), whichever engine plays it, and the bot in seat *k* is seeded "
        "with `stream_seed(that seed, STREAM_BOT, k)`. Each question names its cells. The same "
        "command gives the same figures with any `--workers` and any `--engine`; study.json "
        "holds every figure.",
        "- **Statistics**: win rates with 95% Wilson score intervals; p-values from exact "
        "two-sided binomial tests against the fair share (1/N for N players) unless a section "
        "says otherwise; mean turns with Student-t intervals. The tests come in families (the "
        "first player's share at each N; the trend across places, the trend between the "
        "first and the last place, and the last place's upturn, each at each N; the Draw Two "
        "openings at each N; the habits; the ladder's pairwise comparisons), and each family's "
        "p-values are adjusted with Holm's method (*Holm p*), which keeps the chance of any "
        f"false claim within the family under {ALPHA:g}. A reading claims a difference only "
        f"when its Holm p is below {ALPHA:g}. Each habit's test also says the smallest value "
        "it would detect with 80% power, so that a result that is not significant says which "
        "sizes of effect it makes unlikely.",
        "- **Bots**: " + "; ".join(f"`{b}`: {BOT_WORDS[b]}" for b in bots) + ".",
        "",
    ]


def _engine_lines(figures: dict[str, Any]) -> list[str]:
    """Which engine played which cell, and why the reference engine played where it did."""
    engines = figures["engines"]
    fast = [c["cell"] for c in engines["cells"] if c["engine"] == "fast"]
    reasons: dict[str, list[str]] = {}
    for c in engines["cells"]:
        if c["engine"] != "fast":
            reason = c["reason"] or f"`--engine {engines['requested']}` asked for it"
            reasons.setdefault(reason, []).append(c["cell"])
    parts = []
    if fast:
        parts.append(
            f"the compiled simulator (`lastcard.sim.fast`) played {cell_names(fast)}; it plays the "
            "reference engine's games action for action from the same seeds, so a cell's "
            "figures do not depend on which engine played it"
        )
    for reason, cells in reasons.items():
        parts.append(f"the reference engine played {cell_names(cells)} ({reason})")
    text = f"- **Engines** (`--engine {engines['requested']}`): " + "; ".join(parts) + "."
    return [text]


def _fallback_lines(figures: dict[str, Any]) -> list[str]:
    """At the top of the report: the reference engine played what the compiled simulator
    could have. The figures are the same; only the time differs."""
    why = figures["engines"].get("fallback")
    if why is None:
        return []
    return [
        f"**Played on the reference engine** ({why}): the same hands and the same figures as "
        "on the compiled simulator, which plays them hundreds of times faster.",
        "",
    ]
