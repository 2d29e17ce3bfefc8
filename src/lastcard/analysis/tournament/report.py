"""A tournament's `report.md`: its results, ratings, positions, game lengths and method, in
words, with the plots linked (`files.write_report` writes it beside the other files).
"""

from __future__ import annotations

import itertools
import math
from datetime import UTC, datetime
from typing import Any

from lastcard.analysis.statistics import wilson_interval
from lastcard.sim.tournament import RATING_TAU, TournamentResult, versions


def _pct(x: float) -> str:
    return f"{x * 100:.2f}%"


def _ci(lo: float, hi: float, *, percent: bool = False, digits: int = 2) -> str:
    if math.isnan(lo) or math.isnan(hi):
        return "–"
    if percent:
        return f"[{lo * 100:.2f}, {hi * 100:.2f}]"
    return f"[{lo:.{digits}f}, {hi:.{digits}f}]"


def _p(p: float) -> str:
    if p < 1e-4:
        return "< 0.0001"
    return f"{p:.4f}"


def _p_is(p: float) -> str:
    text = _p(p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def _oriented(pair: dict[str, Any], first: str) -> dict[str, Any]:
    """A paired comparison (`Tally.pairs`) seen from `first`, which is its `a` or its `b`."""
    if pair["a"] == first:
        return pair
    lo, hi = pair["share_ci"]
    d_lo, d_hi = pair["difference_ci"]
    return {
        **pair,
        "a": pair["b"],
        "b": pair["a"],
        "a_only": pair["b_only"],
        "b_only": pair["a_only"],
        "a_seats": pair["b_seats"],
        "b_seats": pair["a_seats"],
        "null_share": 1 - pair["null_share"],
        "share": 1 - pair["share"],
        "share_ci": [1 - hi, 1 - lo],
        "difference": -pair["difference"],
        "difference_ci": [-d_hi, -d_lo],
    }


def _ranked_pairs(result: TournamentResult) -> list[dict[str, Any]]:
    """Every pair, the better-ranked bot first, in rank order."""
    rank = {b.name: i for i, b in enumerate(result.ranked())}
    pairs = [_oriented(p, p["a"] if rank[p["a"]] < rank[p["b"]] else p["b"]) for p in result.pairs]
    return sorted(pairs, key=lambda p: (rank[p["a"]], rank[p["b"]]))


def _points(x: float) -> str:
    return f"{x * 100:+.2f}"


def _pair_reading(pair: dict[str, Any], tests: int, unit: str) -> str:
    """One consecutive pair in words, claiming only what the Holm-adjusted sign test shows."""
    a, b = pair["a"], pair["b"]
    lo, hi = pair["difference_ci"]
    effect = (
        f"{_points(pair['difference'])} points of win rate per seat (95% CI {_points(lo)} to "
        f"{_points(hi)})"
    )
    if not pair["separated"]:
        return f"- {a} over {b}: {effect}; no {unit[:-1]} was won by one and not the other."
    share = (
        f"of the {pair['separated']:,} {unit} won by one of them and not the other, {a} won "
        f"{_pct(pair['share'])} (95% CI {_ci(*pair['share_ci'], percent=True)}; "
        f"{_pct(pair['null_share'])} under equal skill)"
    )
    test = (
        f"sign test {_p_is(pair['p_value'])}, Holm-adjusted over {tests} pairs "
        f"{_p_is(pair['p_holm'])}"
    )
    if pair["p_holm"] < 0.05:
        verdict = f"{a} wins more often than {b}"
    elif pair["p_value"] < 0.05:
        verdict = "below 0.05 alone but not after the adjustment: a hint, not a finding"
    else:
        verdict = "these games do not separate them"
    return f"- {a} over {b}: {effect}; {share}; {test}: {verdict}."


def render_report(result: TournamentResult, plots: list[str]) -> str:
    config = result.config
    n = config.players
    unit = "hands" if config.mode == "hands" else "games"
    lines: list[str] = []
    add = lines.append
    add(f"# Tournament: {', '.join(config.bots)}")
    add("")
    add(f"Generated {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')} by lastcard.")
    add("")
    add("```")
    add(result.command or "(run from Python: lastcard.sim.tournament.run_tournament)")
    add("```")
    add("")
    if config.mode == "hands":
        what = (
            "one hand each: the game ends when someone goes out (`target_score=None`; a blocked "
            "hand is dealt again)"
        )
        if config.rules.elimination:
            what += (
                "; elimination's scoring is kept (each player takes their own cards' value) but "
                "nobody is eliminated within a single hand"
            )
    else:
        what = "whole games to the rules' end (the target score, or the last player standing)"
    rounding = ""
    if config.games != config.games_requested:
        rounding = (
            f" ({config.games_requested:,} asked for, rounded up to a multiple of "
            f"{config.design_length}, the seating design's length, so that every bot plays every "
            "seat, and sits after every other bot, equally often)"
        )
    add(f"- **Games**: {result.games:,} {unit}{rounding}: {what}.")
    add(
        f"- **Players**: {n}, one per bot of the list; seats balanced over a design of "
        f"{config.design_length} seatings (see Method)."
    )
    add(f"- **Rules**: preset `{config.rules_name}`.")
    add(
        f"- **Seed**: {config.seed}. Game g is dealt with "
        f"`stream_seed({config.seed}, STREAM_GAME, g)` and the bot in seat k with "
        "`stream_seed(that seed, STREAM_BOT, k)` (`lastcard.core.rng`), so the same command "
        "gives the same results with any number of workers."
    )
    add(
        f"- **Run**: {result.workers} worker(s), {result.seconds:,.1f} s "
        f"({result.games_per_second:,.1f} {unit}/s), engine {result.engine_line} (both engines "
        "play the same games)."
    )
    finished = f"{result.finished:,} finished"
    if result.unfinished:
        finished += f", {result.unfinished:,} stopped by the action limit ({config.max_actions:,})"
    add(
        f"- **Played**: {finished}; {result.hands:,} hands ({result.blocked_hands:,} blocked), "
        f"{result.actions:,} actions."
    )
    vers = ", ".join(f"{k} {v}" for k, v in versions().items())
    add(f"- **Versions**: {vers}.")
    add("")

    ranked = result.ranked()
    add("## Results")
    add("")
    add(
        f"Win rate = wins / seats played, with a 95% Wilson interval. Under equal skill every "
        f"bot would win {_pct(result.null_win_rate)}; *p* is the exact two-sided binomial test "
        "against that rate."
    )
    add("")
    scored = "Points taken/hand" if config.own_hand_scoring else "Points scored/hand"
    add(
        f"| Rank | Bot | Seats played | Wins | Win rate | 95% CI | p vs equal | {scored} (95% CI) "
        "| Points left in hand (95% CI) | Rating μ ± σ |"
    )
    add("|---:|---|---:|---:|---:|---|---:|---|---|---|")
    for rank, bot in enumerate(ranked, 1):
        name = f"{bot.name} (×{bot.entries})" if bot.entries > 1 else bot.name
        rating = " / ".join(f"{r['mu']:.2f} ± {r['sigma']:.2f}" for r in bot.ratings) or "–"
        add(
            f"| {rank} | {name} | {bot.seats_played:,} | {bot.wins:,} | {_pct(bot.win_rate)} | "
            f"{_ci(*bot.win_ci, percent=True)} | {_p(bot.p_value_vs_equal)} | "
            f"{bot.points.mean:.2f} {_ci(*bot.points.interval())} | "
            f"{bot.left.mean:.2f} {_ci(*bot.left.interval())} | {rating} |"
        )
    add("")
    pairs = _ranked_pairs(result)
    if pairs:
        add("### Pairwise comparisons")
        add("")
        add(
            f"Two bots at one table are not independent (at most one of them wins a {unit[:-1]}), "
            "so they are compared on the "
            f"{unit} won by one and not the other: under equal skill the first wins half of "
            "those (its share of the seats when a bot plays several), whatever the others do. "
            "*Share*: the first bot's share of them, with a 95% Wilson interval; *p*: the exact "
            "binomial (sign) test against the expected share; *Holm p*: the same after Holm's "
            f"adjustment over the {len(pairs)} pairs; *difference*: the first bot's win rate per "
            "seat minus the second's, with the Agresti-Min 95% interval for matched proportions."
        )
        add("")
        add(
            f"| Bots | {unit.capitalize()} won by one | Share of the first | 95% CI | Expected | "
            "Difference (points) | 95% CI | p | Holm p |"
        )
        add("|---|---:|---:|---|---:|---:|---|---:|---:|")
        for pair in pairs:
            lo, hi = pair["difference_ci"]
            share = _pct(pair["share"]) if pair["separated"] else "–"
            add(
                f"| {pair['a']} vs {pair['b']} | {pair['separated']:,} | {share} | "
                f"{_ci(*pair['share_ci'], percent=True)} | {_pct(pair['null_share'])} | "
                f"{_points(pair['difference'])} | [{_points(lo)}, {_points(hi)}] | "
                f"{_p(pair['p_value'])} | {_p(pair['p_holm'])} |"
            )
        add("")
        add("Consecutive bots in the order above:")
        add("")
        by_names = {(p["a"], p["b"]): p for p in pairs}
        for above, below in itertools.pairwise(ranked):
            add(_pair_reading(by_names[above.name, below.name], len(pairs), unit))
        add("")
    if "win_rates.png" in plots:
        add("![Win rate per bot with 95% confidence intervals](win_rates.png)")
        add("")
    if "points_per_hand.png" in plots:
        add("### Points per hand")
        add("")
        if config.own_hand_scoring:
            add(
                "Under this scoring every player who does not go out takes the value of the "
                "cards left in their hand (lower is better)."
            )
        else:
            add(
                "*Points scored*: what the rules award the seat for a hand (whoever goes out "
                "scores the cards left in the others' hands; everyone else 0). *Points left in "
                "hand*: the value of the cards a seat still holds when the hand ends (0 for "
                "whoever went out). Means over every hand played, with 95% t intervals."
            )
        add("")
        add("![Points per hand](points_per_hand.png)")
        add("")

    add("## Ratings")
    add("")
    if result.ratings:
        add(
            f"openskill Plackett-Luce (μ = 25, σ = 25/3 at the start; τ = {RATING_TAU:g}: bots "
            "do not change, so no skill drift is modelled), updated after each of the "
            f"{result.rated_games:,} finished games in game order, from each game's finishing "
            "order (see Method). One rating per entry of the bot list: a bot listed twice gets "
            "two ratings, whose gap shows the ratings' noise. Ordinal = μ − 3σ."
        )
        add("")
        add("| Entry | μ | σ | Ordinal |")
        add("|---|---:|---:|---:|")
        for r in sorted(result.ratings, key=lambda r: -r["mu"]):
            add(f"| {r['entry']} | {r['mu']:.2f} | {r['sigma']:.3f} | {r['ordinal']:.2f} |")
    else:
        add("Ratings were not computed.")
    add("")

    add("## Position at the table")
    add("")
    which = "the deciding hand" if config.mode == "hands" else "the first hand"
    add(
        f"Position 1 is the dealer's left (usually the first to play), position {n} the dealer, "
        f"counted from the dealer of {which}. The dealer is drawn, so the seat numbers "
        "themselves are arbitrary; the seating design makes every bot sit in every seat, and "
        "after every other bot, equally often."
    )
    add("")
    add("| Position | Games | Wins | Win rate | 95% CI |")
    add("|---:|---:|---:|---:|---|")
    for p in range(n):
        g, w = result.position_games[p], result.position_wins[p]
        rate = w / g if g else 0.0
        interval = _ci(*wilson_interval(w, g), percent=True)
        add(f"| {p + 1} | {g:,} | {w:,} | {_pct(rate)} | {interval} |")
    add("")
    if "position_win_rates.png" in plots:
        add("![Win rate by position](position_win_rates.png)")
        add("")
    add("Seat balance (games each bot played in each seat):")
    add("")
    add("| Bot | " + " | ".join(f"seat {s}" for s in range(n)) + " |")
    add("|---|" + "---:|" * n)
    for bot in result.bots:
        add(f"| {bot.name} | " + " | ".join(f"{g:,}" for g in bot.seat_games) + " |")
    add("")
    names = [bot.name for bot in result.bots]
    games_after = {(r["bot"], r["next"]): r["games"] for r in result.neighbours}
    add(
        "Neighbour balance (games in which the column's bot sat in the seat right after the "
        "row's bot, in the direction of play at the start of a hand; a bot listed k times is "
        "counted once per entry):"
    )
    add("")
    add("| Bot | " + " | ".join(f"then {name}" for name in names) + " |")
    add("|---|" + "---:|" * len(names))
    for a in names:
        cells = [f"{games_after[a, b]:,}" if (a, b) in games_after else "–" for b in names]
        add(f"| {a} | " + " | ".join(cells) + " |")
    add("")

    add("## Game length")
    add("")
    turns = result.turns
    median = result.lengths.quantile(0.5)
    add(
        f"Turns per {unit[:-1]}: mean {turns.mean:.1f} {_ci(*turns.interval(), digits=1)}, "
        f"median ≈ {median if median is None else round(median)}, "
        f"longest {result.lengths.maximum:.0f}. A turn is a play, a draw or a pass when a "
        "turn is awaited (a draw and the play of the drawn card are one turn)."
    )
    add("")
    if "game_length.png" in plots:
        add("![Game length histogram](game_length.png)")
        add("")

    add("## Method")
    add("")
    seats_text = (
        f"all {config.design_length} orders of the {n} seats"
        if config.design_length == math.factorial(n)
        else f"a cyclic neighbour-balanced design of {config.design_length} seatings"
    )
    add(
        f"- **Seats**: game g takes seating g mod {config.design_length} of the seating design "
        f"(`lastcard.sim.tournament.seating_design({n})`: {seats_text}), so over the design "
        "every entry of the bot list sits in every seat, and right after every other entry, "
        "equally often: the order in which the bots are listed changes nothing but the seeds' "
        f"pairing with seatings. Each block of {n} consecutive games is seat-balanced by itself."
    )
    add(
        "- **Independence**: each game has its own seed; games are independent, so the Wilson "
        "interval applies to each bot's win rate. For a bot listed k times, its k entries play "
        "the same games and at most one of them wins each, so its interval (over games × k "
        "seats) is slightly conservative. Two bots at one table are not independent of each "
        "other, so they are compared with the paired sign test, not by their intervals."
    )
    add(
        "- **Wins**: a game is won by whoever goes out (hands) or by the game's winner "
        "(matches); with teams every member of the winning team wins; a shared win counts for "
        "each winner. Games stopped by the action limit have no winner."
    )
    add(
        "- **Ratings**: the finishing order of a game is the winner(s) first, then the others "
        + (
            "by the points left in hand, fewest first"
            if config.mode == "hands"
            else "by final score, best first"
        )
        + "; ties share a rank. Games are rated in order, so ratings are deterministic too."
    )
    add(
        "- **Memory**: results are aggregated as they stream in (counters, running means, a "
        "histogram whose bins double in width as needed); game records are kept only with "
        "`--keep-records` (written to `records.jsonl`, one `GameRecord` per line)."
    )
    add(
        "- **Files**: `results.json` (everything, machine-readable), `results.csv` (one row per "
        "bot)" + (", " + ", ".join(f"`{p}`" for p in plots) if plots else "") + "."
    )
    add("")
    return "\n".join(lines)


__all__ = ["render_report"]
