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

import itertools
import math
from collections.abc import Iterable, Sequence
from typing import Any

ALPHA = 0.05
"""The level every reading uses, on Holm-adjusted p-values."""


def _pct(x: float | None, digits: int = 1) -> str:
    return "–" if x is None or math.isnan(x) else f"{100 * x:.{digits}f}%"


def _ci(ci: Sequence[float], digits: int = 1) -> str:
    return f"{_pct(ci[0], digits)} – {_pct(ci[1], digits)}"


def _pp(x: float | None, digits: int = 1) -> str:
    return "–" if x is None or math.isnan(x) else f"{100 * x:+.{digits}f}"


def _pp_ci(ci: Sequence[float | None], digits: int = 1) -> str:
    return f"{_pp(ci[0], digits)} to {_pp(ci[1], digits)}"


def _digits(hands: int) -> int:
    """Decimals for a percentage measured over `hands`: two once its interval is a few tenths
    of a point wide, else one."""
    return 2 if hands >= 50_000 else 1


def _p(p: float) -> str:
    return "< 0.0001" if p < 0.0001 else f"{p:.2g}" if p < 0.01 else f"{p:.2f}"


def _p_is(p: float) -> str:
    """`p < 0.0001` or `p = 0.034`, for prose."""
    text = _p(p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def _holm_is(p: float) -> str:
    """`Holm p = 0.034`, for prose."""
    text = _p(p)
    return f"Holm p {text}" if text.startswith("<") else f"Holm p = {text}"


def _strength(test: dict[str, Any], family: str = "") -> str:
    """What a test with `p_value` and `p_holm` shows, after Holm's correction (over `family`,
    when the sentence has to name it)."""
    over = f" over {family}" if family else ""
    tested = f"{_p_is(test['p_value'])}, {_holm_is(test['p_holm'])}{over}"
    if test["p_holm"] < ALPHA:
        return f"{tested}: significant after Holm's correction"
    if test["p_value"] < ALPHA:
        return f"{tested}: not significant after Holm's correction (a hint, not a finding)"
    return f"{tested}: not significant"


def _table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in head) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return [*lines, ""]


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _ns(rows: Sequence[dict[str, Any]]) -> str:
    return _and([str(r["players"]) for r in rows])


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


def _cells(names: Sequence[str]) -> str:
    return _and([f"`{name}`" for name in names])


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
            f"the compiled simulator (`lastcard.sim.fast`) played {_cells(fast)}; it plays the "
            "reference engine's games action for action from the same seeds, so a cell's "
            "figures do not depend on which engine played it"
        )
    for reason, cells in reasons.items():
        parts.append(f"the reference engine played {_cells(cells)} ({reason})")
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


def _first_seat_section(figures: dict[str, Any]) -> list[str]:
    rows = figures["first_seat"]
    bot, games = figures["study"]["seat_bot"], rows[0]["games"]
    family = f"the {len(rows)} player counts"
    d = _digits(min(r["first_player"]["hands"] for r in rows))
    lines = [
        "## 1. First-seat advantage",
        "",
        f"**Method.** N identical `{bot}` bots play single hands, {games:,} per player count "
        f"(cells `seat/{rows[0]['players']}` … `seat/{rows[-1]['players']}`). The *first "
        "player* is the seat that takes the hand's first turn: the dealer's left, unless the "
        "first discard moved the turn (after a Skip, the seat after it; after a Reverse, the "
        "dealer's right, or with two players the dealer). The dealer is drawn for each game "
        "(§2.1), so the first player sits anywhere. A Draw Two first discard is a different "
        "start (the dealer's left draws two cards and is skipped, so the first player faces a "
        "player holding nine): those hands are reported apart, below, and every other figure of "
        "this section counts only the hands whose first discard made nobody draw. The first "
        "player's win rate is compared with the fair share 1/N; **× N** is that rate relative "
        'to fair (1.00 = no advantage). The dealer\'s left, the naive "first seat", is shown '
        "too.",
        "",
    ]
    lines += _table(
        [
            "N",
            "decided hands (no Draw Two opening)",
            "first player wins",
            "95% CI",
            "1/N",
            "× N",
            "p",
            "Holm p",
            "dealer's left",
        ],
        (
            [
                r["players"],
                f"{r['first_player']['hands']:,}"
                + (f" ({r['blocked']} blocked)" * bool(r["blocked"])),
                _pct(r["first_player"]["rate"], d),
                _ci(r["first_player"]["ci"], d),
                _pct(1 / r["players"], d),
                f"{r['relative']:.3f} ({r['relative_ci'][0]:.3f}–{r['relative_ci'][1]:.3f})",
                _p(r["first_player"]["p_value"]),
                _p(r["first_player"]["p_holm"]),
                f"{_pct(r['dealer_left']['rate'], d)} ({_ci(r['dealer_left']['ci'], d)})",
            ]
            for r in rows
        ),
    )
    lines += [_image(figures, "first_seat", "First player's win rate against 1/N"), ""]
    lines += [_first_player_reading(rows, family, bot), ""]
    lines += _places(figures, rows, family)
    lines += _draw_two(rows, family)
    return lines


def _half_widths(intervals: Sequence[Sequence[float]]) -> str:
    """The range of the intervals' half-widths, in points: `0.07 to 0.10 points`."""
    halves = [100 * (hi - lo) / 2 for lo, hi in intervals]
    low, high = min(halves), max(halves)
    return (
        f"{low:.2f} points" if f"{low:.2f}" == f"{high:.2f}" else f"{low:.2f} to {high:.2f} points"
    )


def _first_player_reading(rows: Sequence[dict[str, Any]], family: str, bot: str) -> str:
    d = _digits(min(r["first_player"]["hands"] for r in rows))
    said = []
    for r in rows:
        first, n = r["first_player"], r["players"]
        said.append(
            f"at N = {n} the first player's share was {_pct(first['rate'], d)} "
            f"(95% CI {_ci(first['ci'], d)}) against a fair {_pct(1 / n, d)}, {_strength(first)}"
        )
    shown = [r for r in rows if r["first_player"]["p_holm"] < ALPHA]
    above = [r for r in shown if r["first_player"]["rate"] > 1 / r["players"]]
    below = [r for r in shown if r["first_player"]["rate"] < 1 / r["players"]]
    if shown:
        parts = []
        if above:
            parts.append(f"above 1/N at N = {_ns(above)}")
        if below:
            parts.append(f"below 1/N at N = {_ns(below)}")
        verdict = (
            f"At tables of `{bot}` bots, after Holm's correction over {family}, the first "
            "player's share is "
            + " and ".join(parts)
            + (
                "; at the other player counts these hands cannot tell an advantage from none."
                if len(shown) < len(rows)
                else "."
            )
        )
    else:
        verdict = (
            f"No player count's test survives Holm's correction over {family}: these hands do "
            "not show the first player winning more, or less, than 1/N at any N."
        )
    text = "; ".join(said)
    widths = _half_widths([r["first_player"]["ci"] for r in rows])
    return (
        f"**Reading.** {text[0].upper()}{text[1:]}. {verdict} The 95% intervals of the first "
        f"player's share reach {widths} either side of the estimate."
    )


def _places(figures: dict[str, Any], rows: Sequence[dict[str, Any]], family: str) -> list[str]:
    most = max(r["players"] for r in rows)
    lines = [
        "Win rate by place in the order of play (1 = the first player; 95% intervals in "
        "study.json and on the plot):",
        "",
    ]
    lines += _table(
        ["N", *(str(k) for k in range(1, most + 1))],
        (
            [r["players"]]
            + [_pct(p["rate"], _digits(p["hands"])) for p in r["positions"]]
            + [""] * (most - len(r["positions"]))
            for r in rows
        ),
    )
    lines += [
        "**Trend across places.** Each hand has one winner, whose place in the order of play is "
        "uniform on 1…N when the place does not matter (mean (N+1)/2, variance (N²−1)/12). The "
        "trend test compares the winners' mean place with (N+1)/2 (a z test: the "
        "Cochran–Armitage test for trend with the variance of one winner per hand); the *slope* "
        "is the least-squares change in win share from one place to the next, in percentage "
        "points, with a 95% interval.",
        "",
    ]
    lines += _table(
        [
            "N",
            "hands",
            "winner's mean place",
            "(N+1)/2",
            "slope (points/place)",
            "95% CI",
            "p",
            "Holm p",
        ],
        (
            [
                r["players"],
                f"{r['trend']['hands']:,}",
                _fixed(r["trend"]["mean_place"], 2),
                f"{(r['players'] + 1) / 2:.1f}",
                _pp(r["trend"]["slope"], 2),
                _pp_ci(r["trend"]["slope_ci"], 2),
                _p(r["trend"]["p_value"]),
                _p(r["trend"]["p_holm"]),
            ]
            for r in rows
        ),
    )
    lines += _beyond_the_first(rows)
    lines += [_image(figures, "positions", "Win rate by place in the order of play"), ""]
    reading = _trend_reading(rows, "trend", family)
    if reading:
        # The mean place is pulled by the first place alone: say what it does not show.
        reading.append(
            "That test compares the winners' mean place with (N+1)/2, which the first place's "
            "advantage alone can move: it says the places are not equal, not that the share "
            "falls at every place. The two tests below say what happens after the first place."
        )
    # Each test's own family: the player counts it runs at (from 4 players; from 3).
    inner = [r for r in rows if r["inner_trend"] is not None]
    between = "between the first and the last place"
    reading += _trend_reading(inner, "inner_trend", _counts(inner), between)
    upturns = [r for r in rows if r["last_upturn"] is not None]
    reading += _upturn_reading(upturns, _counts(upturns))
    return [*lines, "**Reading.** " + " ".join(reading), ""]


def _counts(rows: Sequence[dict[str, Any]]) -> str:
    """A family of tests over player counts, for prose: `the 7 player counts`."""
    return f"the {len(rows)} player count{'s' if len(rows) != 1 else ''}"


def _beyond_the_first(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The trend between the first and the last place, and the last place's upturn, by N."""
    rows = [r for r in rows if r["last_upturn"] is not None]
    if not rows:
        return []
    lines = [
        "**After the first place.** The *trend between* is the same trend test over places 2 "
        "to N−1 alone (over the hands won from them; its slope in points of all hands), from "
        "4 players. The *upturn* compares the last place (usually the dealer's seat) with the "
        "place before it: of the hands won by one of the two, the share won by the last "
        "(exact binomial test against one half).",
        "",
    ]
    rows_out = []
    for r in rows:
        inner, up = r["inner_trend"], r["last_upturn"]
        d = _digits(up["hands"])
        between = (
            ["–"] * 4
            if inner is None
            else [
                _pp(inner["slope"], 2),
                _pp_ci(inner["slope_ci"], 2),
                _p(inner["p_value"]),
                _p(inner["p_holm"]),
            ]
        )
        rows_out.append(
            [
                r["players"],
                *between,
                _pct(up["rate"], d),
                _ci(up["ci"], d),
                _p(up["p_value"]),
                _p(up["p_holm"]),
            ]
        )
    lines += _table(
        [
            "N",
            "trend between (points/place)",
            "95% CI",
            "p",
            "Holm p",
            "last's share of last + before",
            "95% CI",
            "p",
            "Holm p",
        ],
        rows_out,
    )
    return [*lines, ""]


def _trend_reading(
    rows: Sequence[dict[str, Any]], key: str, family: str, where: str = ""
) -> list[str]:
    """What the trend test `key` shows at each N: a significant fall or rise, a hint, none."""
    span = f" {where}" if where else ""
    shown = [r for r in rows if r[key]["p_holm"] < ALPHA]
    reading = []
    for word, group in (
        ("falls", [r for r in shown if r[key]["slope"] < 0]),
        ("rises", [r for r in shown if r[key]["slope"] > 0]),
    ):
        if group:
            reading.append(
                f"The win share {word} with the place in the order of play{span} at "
                f"N = {_ns(group)} (significant after Holm's correction over {family}): "
                + "; ".join(
                    f"N = {r['players']}: {_pp(r[key]['slope'], 2)} points per place "
                    f"({_pp_ci(r[key]['slope_ci'], 2)}), {_holm_is(r[key]['p_holm'])}"
                    for r in group
                )
                + "."
            )
    hints = [r for r in rows if r not in shown and r[key]["p_value"] < ALPHA]
    quiet = [r for r in rows if r not in shown and r not in hints]
    if hints:
        reading.append(
            f"At N = {_ns(hints)} the trend{span} has p < {ALPHA:g} alone but not after "
            "Holm's correction: a hint, not a finding."
        )
    if quiet:
        reading.append(f"At N = {_ns(quiet)} these hands show no trend{span} (p ≥ {ALPHA:g}).")
    return reading


def _upturn_reading(rows: Sequence[dict[str, Any]], family: str) -> list[str]:
    """Whether the last place wins more than the place before it, at each N."""
    up = [r for r in rows if r["last_upturn"]["p_holm"] < ALPHA and r["last_upturn"]["rate"] > 0.5]
    down = [r for r in rows if r["last_upturn"]["p_holm"] < ALPHA and r not in up]
    reading = []
    if up:
        reading.append(
            f"The last place wins more than the place before it at N = {_ns(up)}, an upturn "
            f"the trend line hides (significant after Holm's correction over {family}): "
            + "; ".join(
                f"N = {r['players']}: {_pct(r['last_upturn']['rate'])} of the hands won by the "
                f"two, {_holm_is(r['last_upturn']['p_holm'])}"
                for r in up
            )
            + "."
        )
    if down:
        reading.append(f"The last place wins less than the place before it at N = {_ns(down)}.")
    rest = [r for r in rows if r not in up and r not in down]
    if rest:
        reading.append(
            f"At N = {_ns(rest)} the last place and the one before it cannot be told apart "
            f"(Holm p ≥ {ALPHA:g})."
        )
    return reading


def _draw_two_row(players: int, draw_two: dict[str, Any], d: int) -> list[object]:
    first, drawer = draw_two["first_player"], draw_two["drawer"]
    if not draw_two["hands"]:
        return [players, 0, *["–"] * 6]
    return [
        players,
        f"{draw_two['hands']:,}",
        _pct(first["rate"], d),
        _ci(first["ci"], d),
        _p(first["p_value"]),
        _p(first["p_holm"]),
        _pct(drawer["rate"], d),
        _ci(drawer["ci"], d),
    ]


def _fixed(x: float | None, digits: int) -> str:
    return "–" if x is None or math.isnan(x) else f"{x:.{digits}f}"


def _draw_two(rows: Sequence[dict[str, Any]], family: str) -> list[str]:
    d = _digits(min(r["draw_two"]["hands"] for r in rows))
    lines = [
        "**Hands opened by a Draw Two.** The dealer's left drew two cards and was skipped; the "
        "next player took the first turn. The first player's and the drawer's win rates, "
        "against 1/N:",
        "",
    ]
    lines += _table(
        ["N", "hands", "first player wins", "95% CI", "p", "Holm p", "drawer wins", "95% CI"],
        (_draw_two_row(r["players"], r["draw_two"], d) for r in rows),
    )
    total = sum(r["draw_two"]["hands"] for r in rows)
    decided = total + sum(r["first_player"]["hands"] for r in rows)
    shown = [r for r in rows if r["draw_two"]["first_player"]["p_holm"] < ALPHA]
    reading = [
        f"{total:,} of the {decided:,} decided hands ({_pct(total / decided if decided else None)})"
        " opened with a Draw Two. The drawer's share is shown to describe these hands; it is not "
        "tested."
    ]
    if shown:
        reading.append(
            "After Holm's correction over "
            f"{family}, the first player of those hands won "
            + "; ".join(
                f"{_pct(r['draw_two']['first_player']['rate'], d)} at N = {r['players']} "
                f"(95% CI {_ci(r['draw_two']['first_player']['ci'], d)}, "
                f"{_holm_is(r['draw_two']['first_player']['p_holm'])})"
                for r in shown
            )
            + ", against 1/N."
        )
        if len(shown) < len(rows):
            reading.append("At the other player counts these hands cannot tell.")
    else:
        reading.append(
            "No player count's test of the first player's share in these hands survives Holm's "
            f"correction over {family}: they cannot tell whether such an opening helps or hurts "
            "the player who takes the first turn."
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
        return [*lines, "Skipped: neither the `greedy` nor the `heuristic` bot is registered.", ""]
    method = [
        "**Method.** One bot with a habit switched off plays among bots that keep it, its seat "
        "rotating so it sits in every seat equally. Only that one player's policy differs, so "
        "its win rate against 1/N measures what the habit is worth to a player at a table of "
        "players who have it. **Value** = 1/N minus that rate, in percentage points of hands "
        "won (positive: the habit helps); its interval is the Wilson interval of the rate. Two "
        "bots, at two sizes:"
    ]
    greedy = [r for r in rows if r["bot"] == "greedy"]
    heuristic = [r for r in rows if r["bot"] == "heuristic"]
    if greedy:
        method.append(
            f"`greedy` (cells {_cells([r['cell'] for r in greedy])}, "
            f"{min(r['games'] for r in greedy):,} hands or more each): a table of "
            "`greedy:bluff=true,challenge=true` bots, which treat every Wild Draw Four as "
            "playable, bluff or not, and challenge every one, with one `greedy:challenge=true` "
            "(never bluffs) or `greedy:bluff=true` (never challenges);"
        )
    if heuristic:
        method.append(
            f"`heuristic` (cells {_cells([r['cell'] for r in heuristic])}, "
            f"{min(r['games'] for r in heuristic):,} hands or more each): one "
            "`heuristic:bluff=false` (never bluffs) or `heuristic:challenge=false` (never "
            "challenges) among `heuristic` bots, which bluff and challenge on the evidence."
        )
    method.append(
        f"Holm's correction runs over the {len(rows)} cells. **Detectable** is the smallest "
        "value the cell's test would detect with 80% power (two-sided, α = 0.05 before Holm's "
        "correction; normal approximation): with that many hands a value this large, either "
        "way, would show four times in five. Bluffs are Wild Draw Fours played while holding a "
        "card of the current colour (the engine's own judgement); *upheld* challenges caught "
        "a bluff."
    )
    lines += [" ".join(method), ""]
    lines += _table(
        [
            "habit",
            "bot",
            "N",
            "decided hands",
            "bot without it wins",
            "95% CI",
            "1/N",
            "value (points)",
            "95% CI",
            "p",
            "Holm p",
            "detectable (points)",
            "bluffs /100 hands (with · without)",
            "challenges /100 hands (with · without), upheld",
        ],
        (_habit_row(r) for r in rows),
    )
    lines += [_image(figures, "habits", "Value of the habit, percentage points of hands won"), ""]
    reading = [habit_reading(r) for r in rows]
    return [*lines, "**Reading.** " + " ".join(reading), ""]


def _detectable(r: dict[str, Any]) -> str:
    """± the value the habit's test detects with its power, in points."""
    size = r["power"]["detectable"]
    return "–" if size is None or math.isinf(size) else f"±{100 * size:.2f}"


def habit_reading(r: dict[str, Any]) -> str:
    """One habit cell in words: the value, what its test shows, and what size of value the test
    would have detected, so that a result that is not significant says what it makes
    unlikely."""
    what = "bluffing" if r["habit"] == "bluff" else "challenging"
    where = "heads-up" if r["players"] == 2 else f"at {r['players']} players"
    test, power = r["without_wins"], r["power"]
    d = _digits(test["hands"])
    said = (
        f"{what.capitalize()} (`{r['bot']}`, {where}, {_against(r)}): value "
        f"{_pp(r['value'], d)} points of hands won (95% CI {_pp_ci(r['value_ci'], d)}), "
        f"{_strength(test)}"
    )
    size, chance = power["detectable"], f"{100 * power['power']:.0f}%"
    if test["p_holm"] < ALPHA:
        said += (
            ": the habit helps this bot"
            if r["value"] > 0
            else ": this bot does better without the habit"
        )
        if size is not None and not math.isinf(size):
            said += f" (the test detects ±{100 * size:.2f} points with {chance} power)"
        return said + "."
    if size is None or math.isinf(size):
        return said + f"; {test['hands']:,} decided hands are too few to detect any value."
    return said + (
        f". With {test['hands']:,} decided hands the test would detect a value of "
        f"±{100 * size:.2f} points with {chance} power (α = {power['alpha']:g}, two-sided, "
        "before Holm's correction), so a value that large either way is unlikely to have gone "
        "unseen; a smaller one is not ruled out, and the 95% interval bounds what these hands "
        "allow."
    )


def _against(r: dict[str, Any]) -> str:
    """The opponents' side of a habit: a challenge can pay only against a bluff, and a bluff
    costs only when it is challenged, so each result holds for opponents who do that as often
    as these did (`with`: the bots that keep the habit, every opponent of the one without)."""
    act = r["activity"][r["with"]]
    if r["habit"] == "challenge":
        return f"against opponents who bluff {act['bluffs_per_100_hands']:.1f} times in 100 hands"
    return (
        f"against opponents who challenge {act['challenges_per_100_hands']:.1f} times in 100 hands"
    )


def _habit_row(r: dict[str, Any]) -> list[object]:
    act_with, act_without = r["activity"][r["with"]], r["activity"][r["without"]]
    upheld = act_with["upheld"] + act_without["upheld"]
    challenges = act_with["challenges"] + act_without["challenges"]
    return [
        r["habit"],
        f"`{r['bot']}`",
        r["players"],
        f"{r['without_wins']['hands']:,}",
        _pct(r["without_wins"]["rate"], 2),
        _ci(r["without_wins"]["ci"], 2),
        _pct(1 / r["players"]),
        _pp(r["value"], 2),
        f"{_pp(r['value_ci'][0], 2)} – {_pp(r['value_ci'][1], 2)}",
        _p(r["without_wins"]["p_value"]),
        _p(r["without_wins"]["p_holm"]),
        _detectable(r),
        f"{act_with['bluffs_per_100_hands']:.1f} · {act_without['bluffs_per_100_hands']:.1f}",
        f"{act_with['challenges_per_100_hands']:.1f} · "
        f"{act_without['challenges_per_100_hands']:.1f}, "
        f"{_pct(upheld / challenges, 0) if challenges else '–'}",
    ]


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
        f"`{a}` won {_pct(c['share'])} of the {c['separated']:,} {unit} won by `{a}` or `{b}` "
        f"(95% CI {_ci(c['share_ci'])}), a difference in win rate of {_pp(c['difference'])} "
        f"points ({_pp_ci(c['difference_ci'])}); {_strength(c)}"
    )
    if c["p_holm"] < ALPHA:
        win, lose = (a, b) if c["share"] > 0.5 else (b, a)
        said += f": `{win}` wins more than `{lose}`"
    return said + "."


def _ladder_section(figures: dict[str, Any]) -> list[str]:
    ladder = figures["ladder"]
    table = ladder["table"]
    k = table["players"]
    family = f"the {_comparisons(ladder)} comparisons of this question"
    lines = [
        "## 4. The bot ladder",
        "",
        f"**Method.** A {k}-player table of {_and([f'`{b}`' for b in table['bots']])}, one "
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
    lines += _table(
        ["bot", "hands won", "win rate", "95% CI", "fair"],
        (
            [
                f"`{bot}`",
                f"{s['wins']:,} of {s['hands']:,}",
                _pct(s["rate"]),
                _ci(s["ci"]),
                _pct(s["fair"]),
            ]
            for bot, s in table["bots"].items()
        ),
    )
    head = ["hands won by either", "first's share", "95% CI", "difference (points)", "95% CI"]
    head += ["p", "Holm p"]
    lines += ["Pairs at the table:", ""]
    lines += _table(
        ["pair", *head],
        ([f"`{p['bots'][0]}` vs `{p['bots'][1]}`", *_comparison_cells(p)] for p in table["pairs"]),
    )
    pairs = ladder["pairs"] + ([ladder["ismcts"]] if "skipped" not in ladder["ismcts"] else [])
    lines += ["Heads-up:", ""]
    lines += _table(
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
    lines += [_image(figures, "ladder", "Bot ladder: win rates with 95% intervals"), ""]
    ranked = list(table["bots"].items())
    by_pair = {tuple(p["bots"]): p for p in table["pairs"]}
    reading = [
        "At the table the order by hands won is "
        + " > ".join(f"`{bot}` {_pct(s['rate'])}" for bot, s in ranked)
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
        _pct(c["share"]),
        _ci(c["share_ci"]),
        _pp(c["difference"]),
        _pp_ci(c["difference_ci"]),
        _p(c["p_value"]),
        _p(c["p_holm"]),
    ]


def _image(figures: dict[str, Any], name: str, caption: str) -> str:
    path = figures.get("plots", {}).get(name)
    return f"![{caption}]({path})" if path else ""
