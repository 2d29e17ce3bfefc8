"""study.md: the report of `lastcard study`, written from its figures (the content of study.json).

The readings are generated from the numbers, and say only what the 95% intervals support: a
difference is claimed when an interval excludes the fair share (or two intervals do not
overlap), and otherwise the text says the hands cannot tell.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from typing import Any


def _pct(x: float | None, digits: int = 1) -> str:
    return "–" if x is None or math.isnan(x) else f"{100 * x:.{digits}f}%"


def _ci(ci: Sequence[float], digits: int = 1) -> str:
    return f"{_pct(ci[0], digits)} – {_pct(ci[1], digits)}"


def _pp(x: float) -> str:
    return f"{100 * x:+.1f}"


def _p(p: float) -> str:
    return "< 0.0001" if p < 0.0001 else f"{p:.2g}" if p < 0.01 else f"{p:.2f}"


def _p_is(p: float) -> str:
    """`p < 0.0001` or `p = 0.034`, for prose."""
    text = _p(p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def _table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in head) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return [*lines, ""]


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


BOT_WORDS = {
    "heuristic": "a real player's habits: keeps wilds, names its main colour, bluffs and "
    "challenges Wild Draw Fours on the evidence, calls and catches Uno",
    "greedy": "plays the legal card with the highest point value",
    "eager": "uniform over its legal plays, draws only when it has none",
    "random": "uniform over every legal action, voluntary draws included",
}


def render_report(figures: dict[str, Any]) -> str:
    """study.md from the figures `compute_study` returned (plus `run.command` and `plots`)."""
    lines = _header(figures)
    lines += _first_seat_section(figures)
    lines += _length_section(figures)
    lines += _habit_section(figures)
    lines += _ladder_section(figures)
    return "\n".join(lines).rstrip() + "\n"


def _tests(figures: dict[str, Any]) -> int:
    ladder = figures["ladder"]
    return (
        len(figures["first_seat"])
        + len(figures["habits"])
        + len(ladder["table"]["bots"])
        + len(ladder["pairs"])
        + ("skipped" not in ladder["ismcts"])
    )


def _header(figures: dict[str, Any]) -> list[str]:
    study, run = figures["study"], figures["run"]
    tests = _tests(figures)
    bots = [b for b in BOT_WORDS if b in figures["ladder"]["table"]["bots"]]
    return [
        "# lastcard strategy study",
        "",
        "First-seat advantage, hand length, the value of Wild Draw Four bluffing and of "
        "challenging, and the bot ladder, measured in single hands of the official game.",
        "",
        f"- **Command**: `{run['command']}`",
        f"- **Version**: lastcard {study['lastcard']}.",
        "- **Rules**: the official rules (`Rules()`, the defaults of RULES.md) with "
        "`target_score=None`, so each game is one hand (§6.5.1). Only a game's first hand is "
        "counted; a blocked first hand (nobody went out) is in no win rate and is reported "
        "apart.",
        f"- **Hands**: {study['games_per_cell']:,} per cell (rounded up where seats rotate, so "
        f"every seating is used equally), {run['hands']:,} in all; {run['seconds']:,.0f} s of "
        f"wall time on {run['workers']} worker(s), the only figure here that depends on the "
        "machine.",
        f"- **Seeds**: base seed {study['seed']}. Hand *i* of cell *C* is dealt with "
        f'`derive_seed({study["seed"]}, "study", C, i)` (`lastcard.core.rng.derive_seed`), and '
        "the bot in seat *k* is seeded with `stream_seed(that seed, STREAM_BOT, k)`. Each "
        "question names its cells. The same command gives the same figures with any `--workers`; "
        "study.json holds every figure.",
        "- **Statistics**: win rates with 95% Wilson score intervals; p-values from exact "
        "two-sided binomial tests against the fair share (1/N for N players); mean turns with "
        f"Student-t intervals. The study makes {tests} tests: at the 0.05 level about "
        f"{tests / 20:.1f} would come out significant by chance alone, so where a reading speaks "
        f"of the whole study it uses the Bonferroni threshold p < {0.05 / tests:.2g}.",
        "- **Bots**: " + "; ".join(f"`{b}`: {BOT_WORDS[b]}" for b in bots) + ".",
        "",
    ]


def _first_seat_section(figures: dict[str, Any]) -> list[str]:
    rows = figures["first_seat"]
    bot, games = figures["study"]["seat_bot"], figures["study"]["games_per_cell"]
    threshold = 0.05 / _tests(figures)
    lines = [
        "## 1. First-seat advantage",
        "",
        f"**Method.** N identical `{bot}` bots play single hands, {games:,} per player count "
        f"(cells `seat/{rows[0]['players']}` … `seat/{rows[-1]['players']}`). The *first "
        "player* is the seat that takes the hand's first turn: the dealer's left, unless the "
        "first discard moved the turn (after a Skip or a Draw Two, the seat after it; after a "
        "Reverse, the dealer's right, or with two players the dealer). The dealer is drawn for "
        "each game (§2.1), so the first player sits anywhere. Its win rate is compared with the "
        "fair share 1/N; **× N** is that rate relative to fair (1.00 = no advantage). The "
        'dealer\'s left, the naive "first seat", is shown too.',
        "",
    ]
    lines += _table(
        ["N", "decided hands", "first player wins", "95% CI", "1/N", "× N", "p", "dealer's left"],
        (
            [
                r["players"],
                f"{r['first_player']['hands']:,}"
                + (f" ({r['blocked']} blocked)" * bool(r["blocked"])),
                _pct(r["first_player"]["rate"]),
                _ci(r["first_player"]["ci"]),
                _pct(1 / r["players"]),
                f"{r['relative']:.3f} ({r['relative_ci'][0]:.3f}–{r['relative_ci'][1]:.3f})",
                _p(r["first_player"]["p_value"]),
                f"{_pct(r['dealer_left']['rate'])} ({_ci(r['dealer_left']['ci'])})",
            ]
            for r in rows
        ),
    )
    lines += [_image(figures, "first_seat", "First player's win rate against 1/N"), ""]
    most = max(r["players"] for r in rows)
    lines += [
        "Win rate by place in the order of play (1 = the first player; 95% intervals in "
        "study.json):",
        "",
    ]
    lines += _table(
        ["N", *(str(k) for k in range(1, most + 1))],
        (
            [r["players"]]
            + [_pct(p["rate"]) for p in r["positions"]]
            + [""] * (most - len(r["positions"]))
            for r in rows
        ),
    )
    lines += [_image(figures, "positions", "Win rate by place in the order of play"), ""]
    above = [str(r["players"]) for r in rows if r["first_player"]["verdict"] == "above"]
    below = [str(r["players"]) for r in rows if r["first_player"]["verdict"] == "below"]
    level = [r for r in rows if r["first_player"]["verdict"] == "consistent"]
    strong = [str(r["players"]) for r in rows if r["first_player"]["p_value"] < threshold]
    reading = []
    if above:
        reading.append(
            f"The first player wins more than its fair share at N = {_and(above)}: the 95% "
            "interval lies wholly above 1/N."
        )
    if below:
        reading.append(f"It wins less than its fair share at N = {_and(below)}.")
    if level:
        widest = max((r["relative_ci"][1] - r["relative_ci"][0]) / 2 for r in level)
        reading.append(
            f"At N = {_and([str(r['players']) for r in level])} the interval includes 1/N: "
            "these hands cannot tell an advantage from none (the intervals on × N are up to "
            f"±{widest:.3f} wide)."
        )
    reading.append(
        f"{len(strong)} of {len(rows)} player counts pass the study-wide threshold "
        f"p < {threshold:.2g}" + (f" (N = {_and(strong)})." if strong else ".")
    )
    first, last = rows[0], rows[-1]
    if len(rows) > 1:
        reading.append(
            f"Relative to fair, the first player's rate goes from × {first['relative']:.3f} at "
            f"N = {first['players']} to × {last['relative']:.3f} at N = {last['players']}"
            + (
                f"; the two intervals do not overlap: the relative edge is larger at "
                f"N = {last['players']} than at N = {first['players']}."
                if last["relative_ci"][0] > first["relative_ci"][1]
                or last["relative_ci"][1] < first["relative_ci"][0]
                else "; the two intervals overlap."
            )
        )
    two = next((r for r in rows if r["players"] == 2), None)
    if two is not None:
        lo, hi = two["first_player"]["ci"]
        inside = "inside" if lo <= 0.52 <= hi else "outside"
        reading.append(
            f"Heads-up the first player won {_pct(two['first_player']['rate'])} "
            f"({_ci(two['first_player']['ci'])}); the figure of about 52% published for "
            f"random two-player play under simplified rules is {inside} that interval (the bots "
            "and rules differ, so this is a comparison, not a test of that figure)."
        )
    return [*lines, "**Reading.** " + " ".join(reading), ""]


def _length_section(figures: dict[str, Any]) -> list[str]:
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
    lines += _table(
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
    lines += [_image(figures, "hand_length", "Turns per hand by player count"), ""]
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


def _habit_section(figures: dict[str, Any]) -> list[str]:
    rows = figures["habits"]
    lines = ["## 3. The value of bluffing and of challenging", ""]
    if not rows:
        return [*lines, "Skipped: the `heuristic` bot is not registered.", ""]
    cells = ", ".join(f"`{r['cell']}`" for r in rows)
    lines += [
        "**Method.** One bot with a habit switched off plays among bots that keep it: "
        "`heuristic:bluff=false` (never bluffs a Wild Draw Four) or `heuristic:challenge=false` "
        "(never challenges one) among `heuristic` bots, its seat rotating so it sits in every "
        f"seat equally (cells {cells}; {rows[0]['games']:,} or more hands each). Only that one "
        "player's policy differs, so its win rate against 1/N measures what the habit is "
        "worth to a player at a table of players who have it. **Value** = 1/N minus that "
        "rate, in percentage points of hands won (positive: the habit helps). Bluffs are Wild "
        "Draw Fours played while holding a card of the current colour (the engine's own "
        "judgement); *upheld* challenges caught a bluff.",
        "",
    ]
    lines += _table(
        [
            "habit",
            "N",
            "decided hands",
            "bot without it wins",
            "95% CI",
            "1/N",
            "value (points)",
            "95% CI",
            "p",
            "bluffs /100 hands (with · without)",
            "challenges /100 hands (with · without), upheld",
        ],
        (_habit_row(r) for r in rows),
    )
    lines += [_image(figures, "habits", "Value of the habit, percentage points of hands won"), ""]
    reading = []
    for r in rows:
        lo, hi = r["value_ci"]
        what = "bluffing" if r["habit"] == "bluff" else "challenging"
        where = "heads-up" if r["players"] == 2 else f"at {r['players']} players"
        if lo > 0:
            verdict = f"is worth {_pp(r['value'])} points of hands won ({_pp(lo)} to {_pp(hi)})"
        elif hi < 0:
            verdict = (
                f"costs {_pp(-r['value'])[1:]} points of hands won (interval {_pp(lo)} to "
                f"{_pp(hi)}): this bot does better without it"
            )
        else:
            verdict = (
                f"cannot be told from nothing: {_pp(r['value'])} points, interval {_pp(lo)} to "
                f"{_pp(hi)}"
            )
        p = r["without_wins"]["p_value"]
        shown = lo > 0 or hi < 0
        reading.append(
            f"{what.capitalize()} {where} {verdict} ({_p_is(p)}{_caveat(figures, p, shown)})."
        )
    return [*lines, "**Reading.** " + " ".join(reading), ""]


def _habit_row(r: dict[str, Any]) -> list[object]:
    act_with, act_without = r["activity"][r["with"]], r["activity"][r["without"]]
    upheld = act_with["upheld"] + act_without["upheld"]
    challenges = act_with["challenges"] + act_without["challenges"]
    return [
        r["habit"],
        r["players"],
        f"{r['without_wins']['hands']:,}",
        _pct(r["without_wins"]["rate"]),
        _ci(r["without_wins"]["ci"]),
        _pct(1 / r["players"]),
        _pp(r["value"]),
        f"{_pp(r['value_ci'][0])} – {_pp(r['value_ci'][1])}",
        _p(r["without_wins"]["p_value"]),
        f"{act_with['bluffs_per_100_hands']:.1f} · {act_without['bluffs_per_100_hands']:.1f}",
        f"{act_with['challenges_per_100_hands']:.1f} · "
        f"{act_without['challenges_per_100_hands']:.1f}, "
        f"{_pct(upheld / challenges, 0) if challenges else '–'}",
    ]


def _ladder_section(figures: dict[str, Any]) -> list[str]:
    ladder = figures["ladder"]
    table = ladder["table"]
    k = table["players"]
    lines = [
        "## 4. The bot ladder",
        "",
        f"**Method.** A {k}-player table of {_and([f'`{b}`' for b in table['bots']])}, one "
        f"each, taking every one of the {math.factorial(k)} seatings in turn (cell "
        f"`ladder/table`, {table['games']:,} hands), so every bot plays every seat and follows "
        "every other equally often; and every pair heads-up, seats alternating (cells "
        f"`ladder/A-vs-B`, {ladder['pairs'][0]['games']:,} hands each). Fair shares are "
        f"1/{k} at the table and 1/2 heads-up.",
        "",
    ]
    lines += _table(
        ["bot", "hands won", "win rate", "95% CI", "fair", "p"],
        (
            [
                f"`{bot}`",
                f"{s['wins']:,} of {s['hands']:,}",
                _pct(s["rate"]),
                _ci(s["ci"]),
                _pct(s["fair"]),
                _p(s["p_value"]),
            ]
            for bot, s in table["bots"].items()
        ),
    )
    pairs = ladder["pairs"] + ([ladder["ismcts"]] if "skipped" not in ladder["ismcts"] else [])
    lines += _table(
        ["heads-up", "hands", "first wins", "95% CI", "p"],
        (
            [
                f"`{p['bots'][0]}` vs `{p['bots'][1]}`",
                f"{p['first_bot_wins']['hands']:,}",
                _pct(p["first_bot_wins"]["rate"]),
                _ci(p["first_bot_wins"]["ci"]),
                _p(p["first_bot_wins"]["p_value"]),
            ]
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
    lines += [_image(figures, "ladder", "Bot ladder: win rates with 95% intervals"), ""]
    ranked = list(table["bots"].items())
    reading = [
        "At the table the order by hands won is "
        + " > ".join(f"`{bot}` {_pct(s['rate'])}" for bot, s in ranked)
        + "."
    ]
    for (a, sa), (b, sb) in itertools.pairwise(ranked):
        if sa["ci"][0] > sb["ci"][1]:
            reading.append(f"`{a}` beats `{b}` with non-overlapping intervals.")
        else:
            reading.append(f"The intervals of `{a}` and `{b}` overlap: that step is not shown.")
    for p in pairs:
        s = p["first_bot_wins"]
        a, b = p["bots"]
        if s["verdict"] == "consistent":
            reading.append(
                f"Heads-up, `{a}` and `{b}` cannot be told apart ({_p_is(s['p_value'])})."
            )
        else:
            win, lose = (a, b) if s["verdict"] == "above" else (b, a)
            rate = s["rate"] if win == a else 1 - s["rate"]
            reading.append(
                f"Heads-up, `{win}` beats `{lose}` in {_pct(rate)} of hands "
                f"({_p_is(s['p_value'])}{_caveat(figures, s['p_value'], True)})."
            )
    return [*lines, "**Reading.** " + " ".join(reading), ""]


def _caveat(figures: dict[str, Any], p: float, claimed: bool) -> str:
    """A warning for a claim whose p-value misses the study-wide (Bonferroni) threshold."""
    tests = _tests(figures)
    if not claimed or p < 0.05 / tests:
        return ""
    return (
        f", above the study-wide threshold {0.05 / tests:.2g}: with {tests} tests this one could "
        "be chance, a hint to check with more hands"
    )


def _image(figures: dict[str, Any], name: str, caption: str) -> str:
    path = figures.get("plots", {}).get(name)
    return f"![{caption}]({path})" if path else ""
