"""Question 1 of study.md: the first seat, every place in the order of play, the trends
across places and the Draw Two openings.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .report_text import (
    ALPHA,
    ci_text,
    digits_for,
    holm_is,
    image,
    md_table,
    ns_text,
    p_text,
    pct,
    pp,
    pp_ci,
    strength,
)


def first_seat_section(figures: dict[str, Any]) -> list[str]:
    rows = figures["first_seat"]
    bot, games = figures["study"]["seat_bot"], rows[0]["games"]
    family = f"the {len(rows)} player counts"
    d = digits_for(min(r["first_player"]["hands"] for r in rows))
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
    lines += md_table(
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
                pct(r["first_player"]["rate"], d),
                ci_text(r["first_player"]["ci"], d),
                pct(1 / r["players"], d),
                f"{r['relative']:.3f} ({r['relative_ci'][0]:.3f}–{r['relative_ci'][1]:.3f})",
                p_text(r["first_player"]["p_value"]),
                p_text(r["first_player"]["p_holm"]),
                f"{pct(r['dealer_left']['rate'], d)} ({ci_text(r['dealer_left']['ci'], d)})",
            ]
            for r in rows
        ),
    )
    lines += [image(figures, "first_seat", "First player's win rate against 1/N"), ""]
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
    d = digits_for(min(r["first_player"]["hands"] for r in rows))
    said = []
    for r in rows:
        first, n = r["first_player"], r["players"]
        said.append(
            f"at N = {n} the first player's share was {pct(first['rate'], d)} "
            f"(95% CI {ci_text(first['ci'], d)}) against a fair {pct(1 / n, d)}, {strength(first)}"
        )
    shown = [r for r in rows if r["first_player"]["p_holm"] < ALPHA]
    above = [r for r in shown if r["first_player"]["rate"] > 1 / r["players"]]
    below = [r for r in shown if r["first_player"]["rate"] < 1 / r["players"]]
    if shown:
        parts = []
        if above:
            parts.append(f"above 1/N at N = {ns_text(above)}")
        if below:
            parts.append(f"below 1/N at N = {ns_text(below)}")
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
    lines += md_table(
        ["N", *(str(k) for k in range(1, most + 1))],
        (
            [r["players"]]
            + [pct(p["rate"], digits_for(p["hands"])) for p in r["positions"]]
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
    lines += md_table(
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
                pp(r["trend"]["slope"], 2),
                pp_ci(r["trend"]["slope_ci"], 2),
                p_text(r["trend"]["p_value"]),
                p_text(r["trend"]["p_holm"]),
            ]
            for r in rows
        ),
    )
    lines += _beyond_the_first(rows)
    lines += [image(figures, "positions", "Win rate by place in the order of play"), ""]
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
        d = digits_for(up["hands"])
        between = (
            ["–"] * 4
            if inner is None
            else [
                pp(inner["slope"], 2),
                pp_ci(inner["slope_ci"], 2),
                p_text(inner["p_value"]),
                p_text(inner["p_holm"]),
            ]
        )
        rows_out.append(
            [
                r["players"],
                *between,
                pct(up["rate"], d),
                ci_text(up["ci"], d),
                p_text(up["p_value"]),
                p_text(up["p_holm"]),
            ]
        )
    lines += md_table(
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
                f"N = {ns_text(group)} (significant after Holm's correction over {family}): "
                + "; ".join(
                    f"N = {r['players']}: {pp(r[key]['slope'], 2)} points per place "
                    f"({pp_ci(r[key]['slope_ci'], 2)}), {holm_is(r[key]['p_holm'])}"
                    for r in group
                )
                + "."
            )
    hints = [r for r in rows if r not in shown and r[key]["p_value"] < ALPHA]
    quiet = [r for r in rows if r not in shown and r not in hints]
    if hints:
        reading.append(
            f"At N = {ns_text(hints)} the trend{span} has p < {ALPHA:g} alone but not after "
            "Holm's correction: a hint, not a finding."
        )
    if quiet:
        reading.append(f"At N = {ns_text(quiet)} these hands show no trend{span} (p ≥ {ALPHA:g}).")
    return reading


def _upturn_reading(rows: Sequence[dict[str, Any]], family: str) -> list[str]:
    """Whether the last place wins more than the place before it, at each N."""
    up = [r for r in rows if r["last_upturn"]["p_holm"] < ALPHA and r["last_upturn"]["rate"] > 0.5]
    down = [r for r in rows if r["last_upturn"]["p_holm"] < ALPHA and r not in up]
    reading = []
    if up:
        reading.append(
            f"The last place wins more than the place before it at N = {ns_text(up)}, an upturn "
            f"the trend line hides (significant after Holm's correction over {family}): "
            + "; ".join(
                f"N = {r['players']}: {pct(r['last_upturn']['rate'])} of the hands won by the "
                f"two, {holm_is(r['last_upturn']['p_holm'])}"
                for r in up
            )
            + "."
        )
    if down:
        reading.append(f"The last place wins less than the place before it at N = {ns_text(down)}.")
    rest = [r for r in rows if r not in up and r not in down]
    if rest:
        reading.append(
            f"At N = {ns_text(rest)} the last place and the one before it cannot be told apart "
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
        pct(first["rate"], d),
        ci_text(first["ci"], d),
        p_text(first["p_value"]),
        p_text(first["p_holm"]),
        pct(drawer["rate"], d),
        ci_text(drawer["ci"], d),
    ]


def _fixed(x: float | None, digits: int) -> str:
    return "–" if x is None or math.isnan(x) else f"{x:.{digits}f}"


def _draw_two(rows: Sequence[dict[str, Any]], family: str) -> list[str]:
    d = digits_for(min(r["draw_two"]["hands"] for r in rows))
    lines = [
        "**Hands opened by a Draw Two.** The dealer's left drew two cards and was skipped; the "
        "next player took the first turn. The first player's and the drawer's win rates, "
        "against 1/N:",
        "",
    ]
    lines += md_table(
        ["N", "hands", "first player wins", "95% CI", "p", "Holm p", "drawer wins", "95% CI"],
        (_draw_two_row(r["players"], r["draw_two"], d) for r in rows),
    )
    total = sum(r["draw_two"]["hands"] for r in rows)
    decided = total + sum(r["first_player"]["hands"] for r in rows)
    shown = [r for r in rows if r["draw_two"]["first_player"]["p_holm"] < ALPHA]
    reading = [
        f"{total:,} of the {decided:,} decided hands ({pct(total / decided if decided else None)})"
        " opened with a Draw Two. The drawer's share is shown to describe these hands; it is not "
        "tested."
    ]
    if shown:
        reading.append(
            "After Holm's correction over "
            f"{family}, the first player of those hands won "
            + "; ".join(
                f"{pct(r['draw_two']['first_player']['rate'], d)} at N = {r['players']} "
                f"(95% CI {ci_text(r['draw_two']['first_player']['ci'], d)}, "
                f"{holm_is(r['draw_two']['first_player']['p_holm'])})"
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
