"""`lastcard study`: seat order, hand length, bluffing, challenging and the bot ladder, measured.

Every figure comes from single hands of the official game (`Rules()` with `target_score=None`:
one hand per game, RULES.md §6.5.1), played between bots by `play_game`. Only the first hand of
each game is counted; if it is blocked (nobody went out, §3.11.3, which the engine then re-deals)
it counts in no win rate and is reported apart.

The questions, each a set of *cells* (one table of bots, `games` hands):

1. **First seat** (cells `seat/N`, N = 2..10 identical bots): the *first player* of a hand is the
   seat that takes its first turn (`first_player`): the dealer's left, unless the first discard
   moved the turn (a Skip or Draw Two skips the dealer's left; a Reverse starts at the dealer's
   right, which with two players is the dealer). A Draw Two first discard also makes the
   skipped player draw two cards, a different start: those hands (`draw_opening`) are counted
   apart, and the first player's win rate, compared with 1/N, is over the other hands. The same
   hands give the win share of every place in the order of play, with a trend test across the
   places (`stats.position_trend`), and of the dealer's left, for readers who define "first
   seat" that way. Each family of tests (first player at each N; trend at each N; Draw Two
   openings at each N) is adjusted with Holm's method (`stats.holm`).
2. **Hand length** (same hands): turns per hand, a *turn* as `lastcard simulate` counts it: a
   play or a draw made while a turn is awaited (a draw and the play of the drawn card are one).
3. **Habits** (cells `bluff/N`, `challenge/N`): one `heuristic:bluff=false` (or
   `challenge=false`) among N-1 full `heuristic` bots, its seat rotating so it sits in every seat
   equally. Its win rate against 1/N is the cost of giving up the habit when everyone else keeps
   it; the *value of the habit* reported is 1/N minus that rate (Holm-adjusted over the cells).
4. **Ladder** (cells `ladder/table`, `ladder/A-vs-B`, `ladder/ismcts`): a table of the ladder
   bots taking every order of the seats in turn, and every pair heads-up, seats alternating;
   `ismcts` with a small budget against `heuristic` when it is registered. Bots are compared in
   pairs with the sign test of `stats.paired_comparison` (of the hands won by one of the two,
   the share won by the first), Holm-adjusted over every comparison of the question.

Every cell's seatings come from `tournament.name_seatings`, the tournament's seating design:
each bot sits in every seat, and right after every other bot, equally often.

Seeds: hand `i` of cell `C` is dealt with `derive_seed(seed, "study", C, i)` and its bots are
seeded from that (`runner.bot_seed`), so a study is reproducible and identical for any number of
workers: the hands run through `parallel.run_tasks`, which returns results in task order.
"""

from __future__ import annotations

import importlib.metadata
import itertools
import json
import math
import os
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lastcard.bots import bot_names
from lastcard.core import Action, ActionKind, GameState, Phase, Rules, Transition
from lastcard.core.rng import derive_seed
from lastcard.core.seats import turn_order

from .parallel import run_tasks
from .runner import play_game
from .simulate import is_turn
from .stats import (
    RunningMean,
    binomial_p_value,
    holm,
    paired_comparison,
    position_trend,
    wilson_interval,
)
from .study_report import render_report
from .tournament import HandOutcome, name_seatings, rounded_games

RULES = Rules(target_score=None)
"""The official rules, each game a single hand."""

DEFAULT_GAMES = 2000  # hands per cell: a few minutes on 2 cores
QUICK_GAMES = 24  # `--quick`: a smoke run of seconds
DEFAULT_WORKERS = os.cpu_count() or 1
LADDER_BOTS = ("heuristic", "greedy", "eager", "random")
HABITS = ("bluff", "challenge")
HABIT_PLAYERS = (2, 4)
ISMCTS_SPEC = "ismcts:iterations=50"
CHUNK = 16  # hands per message to a worker: small, so slow cells (ismcts) spread evenly
CONFIDENCE = 0.95

_OPENING = frozenset({Phase.AWAIT_TURN, Phase.AWAIT_FIRST_COLOR})


# -- one hand ----------------------------------------------------------------------------------


def first_player(state: GameState) -> int:
    """The seat that takes the first turn of the hand just dealt in `state`.

    That is `state.turn` once the first discard has acted: the dealer's left after a number,
    the seat after it after a Skip or Draw Two, the dealer's right after a Reverse (the dealer
    with two players), the dealer's left after a Wild even when the dealer names its colour.
    """
    if state.phase not in _OPENING:
        raise ValueError(f"not the opening of a hand: phase {state.phase.value}")
    return state.turn


def play_order(state: GameState) -> tuple[int, ...]:
    """The active seats in the order they first play: the first player, then onward in the
    direction of play the first discard left."""
    return tuple(turn_order(state.active, first_player(state), state.direction))


def opened_with_a_draw(state: GameState) -> bool:
    """Whether the first discard of the hand just dealt in `state` made a player draw (a Draw
    Two, RULES.md §2.4): the player after the dealer drew and was skipped, so it is the last in
    `play_order` and the first player faces a player holding two more cards."""
    if state.phase not in _OPENING:
        raise ValueError(f"not the opening of a hand: phase {state.phase.value}")
    return state.first_discard.draw_count > 0


@dataclass(frozen=True)
class HandTask:
    """Hand `index` of cell `cell`: `bots[k]` sits at seat k; dealt with `seed`."""

    cell: str
    index: int
    bots: tuple[str, ...]
    seed: int


@dataclass(frozen=True)
class MeasuredHand:
    """What one hand showed: its outcome and, per seat (tuples indexed by seat), its habits."""

    cell: str
    bots: tuple[str, ...]
    order: tuple[int, ...]  # seats in order of first play (order[0] took the first turn)
    draw_opening: bool  # the first discard made a player draw (Draw Two): order[-1], skipped
    hand: HandOutcome  # went_out None: blocked
    turns: int
    wd4: tuple[int, ...]  # Wild Draw Fours played
    bluffs: tuple[int, ...]  # ... of them while holding a card of the current colour
    challenges: tuple[int, ...]  # challenges made
    upheld: tuple[int, ...]  # ... of them that caught a bluff


def hand_seed(seed: int, cell: str, index: int) -> int:
    """The seed hand `index` of cell `cell` is dealt with."""
    return derive_seed(seed, "study", cell, index)


def play_hand(task: HandTask) -> MeasuredHand:
    """Play the game of `task` (a single hand, `RULES`) and measure its first hand."""
    n = len(task.bots)
    opening: list[GameState] = []
    turns = 0
    wd4, bluffs, challenges, upheld = [0] * n, [0] * n, [0] * n, [0] * n

    def watch(seat: int, action: Action, before: GameState, transition: Transition) -> None:
        nonlocal turns
        if not opening:
            opening.append(before)
        if before.hand_number != 1:
            return
        turns += is_turn(before, action)
        if action.kind is ActionKind.CHALLENGE and before.challenge is not None:
            challenges[seat] += 1
            upheld[seat] += not before.challenge.legal
        elif action.card is not None and action.card.code == "W+4":
            wd4[seat] += 1
            pending = transition.state.challenge
            bluffs[seat] += pending is not None and pending.player == seat and not pending.legal

    _, final = play_game(task.bots, RULES, task.seed, on_step=watch)
    return MeasuredHand(
        cell=task.cell,
        bots=task.bots,
        order=play_order(opening[0]),
        draw_opening=opened_with_a_draw(opening[0]),
        hand=HandOutcome.of(final.history[0]),
        turns=turns,
        wd4=tuple(wd4),
        bluffs=tuple(bluffs),
        challenges=tuple(challenges),
        upheld=tuple(upheld),
    )


# -- tallies -----------------------------------------------------------------------------------


@dataclass
class WinTally:
    """Wins out of decided hands, summarised against a fair share."""

    hands: int = 0
    wins: int = 0

    def add(self, won: bool) -> None:
        self.hands += 1
        self.wins += won

    def summary(self, fair: float) -> dict[str, Any]:
        lo, hi = wilson_interval(self.wins, self.hands, CONFIDENCE)
        rate = self.wins / self.hands if self.hands else math.nan
        return {
            "hands": self.hands,
            "wins": self.wins,
            "rate": rate,
            "ci": [lo, hi],
            "fair": fair,
            "p_value": binomial_p_value(self.wins, self.hands, fair),
        }


@dataclass
class Activity:
    """Wild Draw Four plays, bluffs and challenges of some seats over some hands."""

    seat_hands: int = 0
    wd4: int = 0
    bluffs: int = 0
    challenges: int = 0
    upheld: int = 0

    def add(self, measured: MeasuredHand, seat: int) -> None:
        self.seat_hands += 1
        self.wd4 += measured.wd4[seat]
        self.bluffs += measured.bluffs[seat]
        self.challenges += measured.challenges[seat]
        self.upheld += measured.upheld[seat]

    def summary(self) -> dict[str, Any]:
        per = self.seat_hands or 1
        return {
            "seat_hands": self.seat_hands,
            "wd4": self.wd4,
            "bluffs": self.bluffs,
            "challenges": self.challenges,
            "upheld": self.upheld,
            "wd4_per_100_hands": 100 * self.wd4 / per,
            "bluffs_per_100_hands": 100 * self.bluffs / per,
            "challenges_per_100_hands": 100 * self.challenges / per,
        }


@dataclass
class Cell:
    """The hands of one table of bots, tallied as every question needs them."""

    name: str
    bots: tuple[str, ...]  # the seating of hand 0 (later hands take the cell's other seatings)
    games: int
    blocked: int = 0
    # the first-seat tallies count the decided hands whose first discard made nobody draw ...
    first: WinTally = field(default_factory=WinTally)
    dealer_left: WinTally = field(default_factory=WinTally)
    positions: list[WinTally] = field(default_factory=list)
    # ... and these the others (a Draw Two first discard): who played first, and who drew
    draw_first: WinTally = field(default_factory=WinTally)
    drawer: WinTally = field(default_factory=WinTally)
    by_bot: dict[str, WinTally] = field(default_factory=dict)
    activity: dict[str, Activity] = field(default_factory=dict)
    turns: RunningMean = field(default_factory=RunningMean)
    turn_counts: Counter[int] = field(default_factory=Counter)

    @property
    def players(self) -> int:
        return len(self.bots)

    def add(self, measured: MeasuredHand) -> None:
        self.turns.add(measured.turns)
        self.turn_counts[measured.turns] += 1
        n = len(measured.bots)
        for seat, bot in enumerate(measured.bots):
            self.activity.setdefault(bot, Activity()).add(measured, seat)
        if measured.hand.went_out is None:
            self.blocked += 1
            return
        winner = measured.hand.went_out
        for bot in dict.fromkeys(measured.bots):  # each bot once, in seating order
            self.by_bot.setdefault(bot, WinTally()).add(measured.bots[winner] == bot)
        if measured.draw_opening:
            self.draw_first.add(measured.order[0] == winner)
            self.drawer.add(measured.order[-1] == winner)
            return
        self.first.add(measured.order[0] == winner)
        self.dealer_left.add((measured.hand.dealer + 1) % n == winner)
        if not self.positions:
            self.positions = [WinTally() for _ in range(n)]
        for position, seat in enumerate(measured.order):
            self.positions[position].add(seat == winner)


# -- the design --------------------------------------------------------------------------------


@dataclass(frozen=True)
class CellPlan:
    """A cell to play: its seatings, used in turn, hand `i` taking `seatings[i % len]`."""

    name: str
    question: str
    seatings: tuple[tuple[str, ...], ...]
    games: int


def _rounded(games: int, period: int) -> int:
    """`games` rounded up to a multiple of `period`, so every seating is used equally."""
    return max(period, rounded_games(games, period))


def cell_plan(name: str, question: str, bots: Sequence[str], games: int) -> CellPlan:
    """A cell of `bots`, seated by the tournament's seating design (`name_seatings`: every bot
    in every seat, and right after every other bot, equally often), `games` rounded up to a
    multiple of the design's length."""
    seatings = name_seatings(bots)
    return CellPlan(name, question, seatings, _rounded(games, len(seatings)))


def plan_study(
    *, games: int, players: Sequence[int], available: Sequence[str], ismcts_games: int
) -> tuple[str, list[CellPlan]]:
    """The bot for the seat questions and every cell of the study, in the order they run."""
    seat_bot = "heuristic" if "heuristic" in available else "eager"
    plans = [cell_plan(f"seat/{n}", "seat", [seat_bot] * n, games) for n in players]
    if "heuristic" in available:
        tables = [n for n in HABIT_PLAYERS if n in players] or [min(players)]
        for habit, n in itertools.product(HABITS, tables):
            focal = f"heuristic:{habit}=false"
            bots = [focal] + ["heuristic"] * (n - 1)
            plans.append(cell_plan(f"{habit}/{n}", "habit", bots, games))
    ladder = [bot for bot in LADDER_BOTS if bot in available]
    plans.append(cell_plan("ladder/table", "ladder", ladder, games))
    for a, b in itertools.combinations(ladder, 2):
        plans.append(cell_plan(f"ladder/{a}-vs-{b}", "pair", [a, b], games))
    if "ismcts" in available and ismcts_games > 0:
        rival = ladder[0]
        # first in the stream: its slow hands then overlap with everything else
        plans.insert(0, cell_plan("ladder/ismcts", "pair", [ISMCTS_SPEC, rival], ismcts_games))
    return seat_bot, plans


def tasks_of(plan: CellPlan, seed: int) -> Iterator[HandTask]:
    for i in range(plan.games):
        seating = plan.seatings[i % len(plan.seatings)]
        yield HandTask(plan.name, i, seating, hand_seed(seed, plan.name, i))


def run_cells(
    plans: Sequence[CellPlan], *, seed: int, workers: int, description: str, progress: bool
) -> list[Cell]:
    """Play every hand of `plans` (one stream, so the workers stay busy) and tally each cell."""
    cells = {p.name: Cell(p.name, p.seatings[0], p.games) for p in plans}
    tasks = itertools.chain.from_iterable(tasks_of(p, seed) for p in plans)
    total = sum(p.games for p in plans)
    for outcome in run_tasks(
        play_hand,
        tasks,
        workers=workers,
        description=description,
        progress=progress,
        total=total,
        chunksize=CHUNK,
    ):
        cells[outcome.cell].add(outcome)
    return list(cells.values())


# -- figures -----------------------------------------------------------------------------------


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
        "draw_two": {
            "hands": cell.draw_first.hands,
            "first_player": cell.draw_first.summary(1 / n),
            "drawer": cell.drawer.summary(1 / n),
        },
    }


def adjust(tests: Sequence[dict[str, Any]]) -> None:
    """Add `p_holm`, Holm's adjustment over `tests` (one family), to each test's figures."""
    for test, adjusted in zip(tests, holm([t["p_value"] for t in tests]), strict=True):
        test["p_holm"] = adjusted


def adjust_first_seat(rows: Sequence[dict[str, Any]]) -> None:
    """Holm's adjustment over the player counts, for each of question 1's three families."""
    adjust([r["first_player"] for r in rows])
    adjust([r["trend"] for r in rows])
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
    """Question 3 for one cell: the bot without the habit among bots with it."""
    habit, _, _ = cell.name.partition("/")
    n = cell.players
    focal, field_bot = cell.bots[0], cell.bots[1]
    without = cell.by_bot[focal].summary(1 / n)
    lo, hi = without["ci"]
    return {
        "cell": cell.name,
        "habit": habit,
        "players": n,
        "games": cell.games,
        "blocked": cell.blocked,
        "without": focal,
        "with": field_bot,
        "without_wins": without,
        "value": 1 / n - without["rate"],
        "value_ci": [1 / n - hi, 1 / n - lo],
        "activity": {bot: cell.activity[bot].summary() for bot in (focal, field_bot)},
    }


def ladder_figures(
    table: Cell, pairs: Sequence[Cell], ismcts: Cell | None, skipped: str = ""
) -> dict[str, Any]:
    """Question 4: the table of every ladder bot, every pair heads-up and `ismcts` against its
    rival. Pairs of bots are compared with the sign test (`stats.paired_comparison`): at the
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


# -- the study ---------------------------------------------------------------------------------


def parse_players(text: str) -> tuple[int, ...]:
    """`"2-10"` or `"2,4,6"` (or both: `"2-4,8"`) → the player counts, each from 2 to 10.

    >>> parse_players("2-4,8")
    (2, 3, 4, 8)
    """
    counts: set[int] = set()
    for part in filter(None, (p.strip() for p in text.split(","))):
        low, dash, high = part.partition("-")
        try:
            first, last = int(low), int(high) if dash else int(low)
        except ValueError:
            raise ValueError(f"bad player counts {text!r}: write e.g. 2-10 or 2,4,6") from None
        if not 2 <= first <= last <= 10:
            raise ValueError(f"player counts must run from 2 to 10, not {part!r}")
        counts.update(range(first, last + 1))
    if not counts:
        raise ValueError("no player counts given")
    return tuple(sorted(counts))


def players_text(players: Sequence[int]) -> str:
    """The shortest `--players` text for `players`: `(2, 3, 4, 8)` → `"2-4,8"`."""
    runs: list[list[int]] = []
    for n in sorted(players):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ",".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def command_line(out: Path, *, games: int, seed: int, workers: int, players: Sequence[int]) -> str:
    """A `lastcard study` command that reproduces a study (any `--workers` gives the same)."""
    return (
        f"lastcard study --out {out} --games {games} --seed {seed} "
        f"--players {players_text(players)} --workers {workers}"
    )


def compute_study(
    *,
    games: int,
    seed: int,
    workers: int,
    players: Sequence[int] = range(2, 11),
    progress: bool = True,
    ismcts_games: int | None = None,
) -> dict[str, Any]:
    """Play the whole study and return its figures (everything but the `run` section is the
    same for the same `games`, `seed` and `players`, whatever `workers` is)."""
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games}")
    players = tuple(sorted(set(players)))
    if not players or not all(2 <= n <= 10 for n in players):
        raise ValueError(f"player counts must run from 2 to 10, not {players}")
    ismcts_games = min(200, max(2, games // 20)) if ismcts_games is None else ismcts_games
    available = bot_names()
    seat_bot, plans = plan_study(
        games=games, players=players, available=available, ismcts_games=ismcts_games
    )
    start = time.perf_counter()
    cells = {
        cell.name: cell
        for cell in run_cells(
            plans, seed=seed, workers=workers, description="study", progress=progress
        )
    }
    seconds = time.perf_counter() - start
    by_question: dict[str, list[Cell]] = {}
    for plan in plans:
        by_question.setdefault(plan.question, []).append(cells[plan.name])
    seats = by_question["seat"]
    pairs = [c for c in by_question["pair"] if c.name != "ladder/ismcts"]
    why = "not registered" if "ismcts" not in available else "no games asked for"
    ladder = ladder_figures(
        by_question["ladder"][0],
        pairs,
        cells.get("ladder/ismcts"),
        skipped=f"the ismcts bot is {why}",
    )
    first_seat = [seat_figures(c) for c in seats]
    adjust_first_seat(first_seat)
    habits = [habit_figures(c) for c in by_question.get("habit", [])]
    adjust([h["without_wins"] for h in habits])
    return {
        "study": {
            "lastcard": importlib.metadata.version("lastcard"),
            "seed": seed,
            "games_per_cell": games,
            "players": list(players),
            "rules": "official (Rules()) with target_score=None: each game a single hand",
            "seat_bot": seat_bot,
            "bots_registered": list(available),
            "cells": [
                {"cell": p.name, "games": p.games, "seatings": [list(s) for s in p.seatings]}
                for p in plans
            ],
            "hand_seed": 'derive_seed(seed, "study", cell, i)',
            "confidence": CONFIDENCE,
            "multiple_testing": (
                "Holm's step-down adjustment (p_holm) within each family: the first player's "
                "share over the player counts; the trend across places over the player counts; "
                "the Draw Two openings' first player over the player counts; the habits over "
                "their cells; the ladder's paired comparisons over all of them"
            ),
        },
        "first_seat": first_seat,
        "hand_length": [length_figures(c) for c in seats],
        "habits": habits,
        "ladder": ladder,
        "run": {"workers": workers, "seconds": seconds, "hands": sum(p.games for p in plans)},
    }


def run_study(
    out: Path,
    *,
    games: int,
    seed: int,
    workers: int,
    players: Sequence[int] = range(2, 11),
    progress: bool = True,
    command: str = "",
    ismcts_games: int | None = None,
) -> Path:
    """Play the study and write `out`/study.md, study.json and the PNG plots; returns the
    report's path. `command` is the command line shown in the report (by default the
    equivalent `lastcard study` command)."""
    from .study_plots import write_plots  # matplotlib is imported only when plotting

    figures = compute_study(
        games=games,
        seed=seed,
        workers=workers,
        players=players,
        progress=progress,
        ismcts_games=ismcts_games,
    )
    figures["run"]["command"] = command or command_line(
        out, games=games, seed=seed, workers=workers, players=figures["study"]["players"]
    )
    out.mkdir(parents=True, exist_ok=True)
    figures["plots"] = write_plots(figures, out)
    (out / "study.json").write_text(json.dumps(_clean(figures), indent=1, allow_nan=False) + "\n")
    report = out / "study.md"
    report.write_text(render_report(figures))
    return report


def _clean(value: Any) -> Any:
    """JSON-ready: nan (a rate of no hands) becomes null."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_clean(v) for v in value]
    return value
