"""`lastcard study`: seat order, hand length, bluffing, challenging and the bot ladder, measured.

Every figure comes from single hands of the official game (`Rules()` with `target_score=None`:
one hand per game, RULES.md §6.5.1), played between bots. Only the first hand of each game is
counted; if it is blocked (nobody went out, §3.11.3, which the engine then re-deals) it counts
in no win rate and is reported apart.

The questions, each a set of *cells* (one table of bots, a number of hands):

1. **First seat** (cells `seat/N`, N = 2..10 `greedy` bots, `seat_hands` hands each): the
   *first player* of a hand is the seat that takes its first turn (`first_player`): the
   dealer's left, unless the first discard moved the turn (a Skip or Draw Two skips the
   dealer's left; a Reverse starts at the dealer's right, which with two players is the
   dealer). A Draw Two first discard also makes the skipped player draw two cards, a different
   start: those hands (`draw_opening`) are counted apart, and the first player's win rate,
   compared with 1/N, is over the other hands. The same hands give the win share of every
   place in the order of play, with a trend test across the places (`stats.position_trend`),
   and of the dealer's left, for readers who define "first seat" that way. The trend over
   every place is passed by the first place alone, so two more tests say what happens after
   it: the trend across the places between the first and the last (`inner_trend`), and the
   last place against the one before it (`last_upturn`: the last place, usually the dealer,
   wins more again). Each family of tests (first player at each N; each trend, and the
   upturn, at each N; Draw Two openings at each N) is adjusted with Holm's method
   (`stats.holm`). `greedy` is the seat bot because the compiled simulator
   plays it: a million hands per player count (`DEFAULT_SEAT_HANDS`) take seconds there, and
   give intervals of a few tenths of a point. Without it the reference engine plays the same
   hands, hours instead of a minute, and the report says so at its top.
2. **Hand length** (same hands): turns per hand, a *turn* as `lastcard simulate` counts it: a
   play or a draw made while a turn is awaited (a draw and the play of the drawn card are one).
3. **Habits**: one bot without a habit among N-1 bots that keep it, its seat rotating so it
   sits in every seat equally; its win rate against 1/N is the cost of giving the habit up when
   everyone else keeps it, and the *value of the habit* reported is 1/N minus that rate. Two
   families of cells, N = 2 and 4, each of `seat_hands` hands (the compiled simulator plays
   both bots): `bluff/greedy/N` and `challenge/greedy/N`: `greedy:bluff=true,challenge=true`
   bots with one `greedy:challenge=true` (never bluffs) or `greedy:bluff=true` (never
   challenges); and `bluff/heuristic/N`, `challenge/heuristic/N`: `heuristic` bots with one
   `heuristic:bluff=false` or `heuristic:challenge=false`. Holm's adjustment runs
   over all of them, and each carries the smallest value its test would detect with 80% power
   (`stats.detectable_difference`), so a null result says what size of effect it makes
   unlikely.
4. **Ladder** (cells `ladder/table`, `ladder/A-vs-B`, `ladder/ismcts`, `games` hands): a table
   of the ladder bots taking every order of the seats in turn, and every pair heads-up, seats
   alternating; `ismcts` with a small budget against `heuristic` when it is registered. Bots
   are compared in pairs with the sign test of `stats.paired_comparison` (of the hands won by
   one of the two, the share won by the first), Holm-adjusted over every comparison of the
   question.

Every cell's seatings come from `tournament.name_seatings`, the tournament's seating design:
each bot sits in every seat, and right after every other bot, equally often. Hand `i` of a cell
takes seating `i % len(seatings)`.

**Seeds.** Hand `i` of cell `C` is dealt with `stream_seed(derive_seed(seed, "study", C),
STREAM_GAME, i)` (`hand_seed`) and its bots are seeded from that (`runner.bot_seed`), whichever
engine plays it: `fast.run.game_seeds(cell_seed(seed, C), start, count)` gives a run of them.

**Engines.** Each cell is played by the compiled simulator (`lastcard.sim.fast`) when
`choose_engine` allows it for the cell's bots (`engine="auto"`), and otherwise by the reference
engine (`play_game`). The compiled simulator plays the reference engine's games action for
action from the same seeds, so a cell's tallies are the same whichever plays it. `"fast"`
insists on it for every cell whose bots it has versions of (an error if it cannot run, numba
missing), the other cells (`ismcts`) staying on the reference engine;
`"reference"` never uses it.

**Tasks.** A reference cell is one task per hand (`HandTask` → `MeasuredHand`, tallied with
`Cell.add`); a compiled cell is tasks of up to `BLOCK` hands that share a seating
(`BlockTask`: cell, seating, start, count → hands `seating + period * j` for j in start ..
start + count - 1), each tallied in its worker by the vectorised `Cell.add_batch` into a small
`Cell` of plain integers that the main process merges (`Cell.merge`). Every tally is a count,
so the order hands are added in changes nothing, and `add_batch` gives exactly what `add`
would. All tasks run through `parallel.run_tasks` (local processes or Ray) in one stream, in
task order, so a study is identical for any number of workers; with more than one worker, each
runs numba on one thread.
"""

from __future__ import annotations

import dataclasses
import importlib.metadata
import itertools
import json
import math
import os
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lastcard.bots import bot_names
from lastcard.core import Action, ActionKind, GameState, Phase, Rules, Transition
from lastcard.core.rng import STREAM_GAME, derive_seed, stream_seed
from lastcard.core.seats import turn_order

from .fast import ENGINES, FastUnsupportedError, choose_engine, unsupported
from .parallel import LocalBackend, default_backend, run_tasks
from .runner import play_game
from .simulate import is_turn
from .stats import (
    RunningMean,
    binomial_p_value,
    detectable_difference,
    holm,
    paired_comparison,
    position_trend,
    wilson_interval,
)
from .study_report import render_report
from .tournament import HandOutcome, name_seatings, rounded_games

if TYPE_CHECKING:
    import numpy as np

    from .fast.run import FastGames

RULES = Rules(target_score=None)
"""The official rules, each game a single hand."""

# The default study is the same wherever it runs, whichever engine plays it: on the compiled
# simulator it takes about a minute on 2 cores; on the reference engine, hours (said first).
DEFAULT_GAMES = 100_000  # hands per ladder cell
DEFAULT_SEAT_HANDS = 1_000_000  # hands per seat and habit cell
ISMCTS_GAMES = 100  # hands of the `ismcts` pair by default (the reference engine plays them)
QUICK_GAMES = 24  # `--quick`: a smoke run of seconds
QUICK_SEAT_HANDS = 2_000  # `--quick`
DEFAULT_WORKERS = os.cpu_count() or 1
SEAT_BOT = "greedy"
LADDER_BOTS = ("heuristic", "greedy", "eager", "random")
HABITS = ("bluff", "challenge")
HABIT_PLAYERS = (2, 4)
GREEDY_HABITS = "greedy:bluff=true,challenge=true"
GREEDY_WITHOUT = {"bluff": "greedy:challenge=true", "challenge": "greedy:bluff=true"}
ISMCTS_SPEC = "ismcts:iterations=50"
CHUNK = 16  # tasks per message to a worker: small, so slow cells (ismcts) spread evenly
BLOCK = 25_000  # hands per compiled task: a tenth of a second or two, so chunks stay balanced
CONFIDENCE = 0.95
POWER = 0.8  # the power of the habits' detectable values ...
POWER_ALPHA = 0.05  # ... at this two-sided level

_OPENING = frozenset({Phase.AWAIT_TURN, Phase.AWAIT_FIRST_COLOR})
_DRAW_TWO_FACE = 12  # the kernel's kind of a coloured card is colour * 13 + face
_KINDS_PER_COLOUR = 13
_COLOURED_KINDS = 52  # kinds 52 and 53 are the Wild and the Wild Draw Four


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


def cell_seed(seed: int, cell: str) -> int:
    """The seed of cell `cell`, from which its hands' seeds are drawn."""
    return derive_seed(seed, "study", cell)


def hand_seed(seed: int, cell: str, index: int) -> int:
    """The seed hand `index` of cell `cell` is dealt with (either engine)."""
    return stream_seed(cell_seed(seed, cell), STREAM_GAME, index)


@dataclass(frozen=True)
class HandTask:
    """Hand `index` of cell `cell`, on the reference engine: `bots[k]` sits at seat k; dealt
    with `seed`."""

    cell: str
    index: int
    bots: tuple[str, ...]
    seed: int


@dataclass(frozen=True)
class BlockTask:
    """Hands `seating + period * j` (j = start .. start + count - 1) of cell `cell`, all at the
    seating `bots` (its `seating`-th of `period`), on the compiled simulator; `base` is the
    cell's seed (`cell_seed`). `threads`: numba's threads in the worker (0: leave them be)."""

    cell: str
    seating: int
    bots: tuple[str, ...]
    base: int
    period: int
    start: int
    count: int
    threads: int = 0

    @property
    def indices(self) -> range:
        """The hands of the cell this task plays."""
        first = self.seating + self.period * self.start
        return range(first, first + self.period * self.count, self.period)


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


@dataclass(frozen=True)
class HandBatch:
    """Hands of one seating (`bots[k]` at seat k) as arrays, one entry per hand: what
    `MeasuredHand` says of one hand, for many. Per-seat arrays are [hand, seat]."""

    bots: tuple[str, ...]
    first_player: np.ndarray  # the seat that took the first turn
    direction: np.ndarray  # 1 or -1: the direction of play after the first discard
    draw_opening: np.ndarray  # bool: the first discard was a Draw Two
    went_out: np.ndarray  # the winner's seat; -1 blocked
    dealer: np.ndarray
    turns: np.ndarray
    wd4: np.ndarray
    bluffs: np.ndarray
    challenges: np.ndarray
    upheld: np.ndarray

    @classmethod
    def of_games(cls, bots: Sequence[str], games: FastGames) -> HandBatch:
        """The first hands of the games the compiled simulator played."""
        from .fast import layout

        discard = games.first_discard
        return cls(
            bots=tuple(bots),
            first_player=games.first_player,
            direction=games.first_direction,
            draw_opening=(discard < _COLOURED_KINDS)
            & (discard % _KINDS_PER_COLOUR == _DRAW_TWO_FACE),
            went_out=games.first_went_out,
            dealer=games.first_dealer,
            turns=games.first_turns,
            wd4=games.first_hand[:, layout.F_WD4, :],
            bluffs=games.first_hand[:, layout.F_BLUFFS, :],
            challenges=games.first_hand[:, layout.F_CHALLENGES, :],
            upheld=games.first_hand[:, layout.F_UPHELD, :],
        )


def play_block(task: BlockTask) -> Cell:
    """Play the hands of `task` on the compiled simulator; their tallies, as a `Cell` to merge
    into the cell's."""
    from .fast.run import game_seeds, play_games

    if task.threads:
        import numba

        numba.set_num_threads(task.threads)
    hands = task.indices  # every period-th seed of the span they cover
    seeds = game_seeds(task.base, hands.start, hands.stop - hands.start)[:: task.period]
    tally = Cell(task.cell, task.bots, task.count)
    tally.add_batch(HandBatch.of_games(task.bots, play_games(task.bots, RULES, seeds)))
    return tally


def play_task(task: HandTask | BlockTask) -> MeasuredHand | Cell:
    """A study's task on its engine: a hand measured, or a block of hands tallied."""
    return play_hand(task) if isinstance(task, HandTask) else play_block(task)


# -- tallies -----------------------------------------------------------------------------------


@dataclass
class WinTally:
    """Wins out of decided hands, summarised against a fair share."""

    hands: int = 0
    wins: int = 0

    def add(self, won: bool) -> None:
        self.hands += 1
        self.wins += won

    def add_many(self, hands: int, wins: int) -> None:
        self.hands += hands
        self.wins += wins

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

    def merge(self, other: Activity) -> None:
        for name in ("seat_hands", "wd4", "bluffs", "challenges", "upheld"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

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
    """The hands of one table of bots, tallied as every question needs them.

    Every tally is a count (the turns too: their mean and spread come from `turn_counts`), so
    hands may be added in any order, one at a time (`add`), many at once (`add_batch`), or as
    another cell's tallies (`merge`), and the result is the same.
    """

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
    turn_counts: Counter[int] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        # every bot and place from the start, in seating order: the tallies' order never
        # depends on which hand came first
        if not self.positions:
            self.positions = [WinTally() for _ in self.bots]
        for bot in dict.fromkeys(self.bots):
            self.by_bot.setdefault(bot, WinTally())
            self.activity.setdefault(bot, Activity())

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def turns(self) -> RunningMean:
        """Turns per hand: count, mean and spread, computed exactly from `turn_counts`."""
        n = sum(self.turn_counts.values())
        if not n:
            return RunningMean()
        total = sum(turns * count for turns, count in self.turn_counts.items())
        squares = sum(turns * turns * count for turns, count in self.turn_counts.items())
        return RunningMean(n, total / n, (n * squares - total * total) / n)

    def add(self, measured: MeasuredHand) -> None:
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
        for position, seat in enumerate(measured.order):
            self.positions[position].add(seat == winner)

    def add_batch(self, batch: HandBatch) -> None:
        """`add` for every hand of `batch`, vectorised: exactly the same tallies."""
        import numpy as np

        n = len(batch.bots)
        hands = len(batch.turns)
        values, counts = np.unique(batch.turns, return_counts=True)
        self.turn_counts.update(dict(zip(values.tolist(), counts.tolist(), strict=True)))
        for seat, bot in enumerate(batch.bots):
            activity = self.activity.setdefault(bot, Activity())
            activity.seat_hands += hands
            activity.wd4 += int(batch.wd4[:, seat].sum())
            activity.bluffs += int(batch.bluffs[:, seat].sum())
            activity.challenges += int(batch.challenges[:, seat].sum())
            activity.upheld += int(batch.upheld[:, seat].sum())
        decided = batch.went_out >= 0
        self.blocked += hands - int(decided.sum())
        winner = batch.went_out
        for bot in dict.fromkeys(batch.bots):
            seats = [seat for seat, b in enumerate(batch.bots) if b == bot]
            won = decided & np.isin(winner, seats)
            self.by_bot.setdefault(bot, WinTally()).add_many(int(decided.sum()), int(won.sum()))
        # the winner's place in the order of play: 0 for the first player, onward in the
        # direction of play (np.mod, like %, is never negative for a positive divisor)
        place = np.mod((winner - batch.first_player) * batch.direction, n)
        drawn = decided & batch.draw_opening
        plain = decided & ~batch.draw_opening
        drawn_hands, plain_hands = int(drawn.sum()), int(plain.sum())
        self.draw_first.add_many(drawn_hands, int((drawn & (place == 0)).sum()))
        self.drawer.add_many(drawn_hands, int((drawn & (place == n - 1)).sum()))
        self.first.add_many(plain_hands, int((plain & (place == 0)).sum()))
        left = np.mod(batch.dealer + 1, n) == winner
        self.dealer_left.add_many(plain_hands, int((plain & left).sum()))
        by_place = np.bincount(place[plain], minlength=n)
        for position in range(n):
            self.positions[position].add_many(plain_hands, int(by_place[position]))

    def merge(self, other: Cell) -> None:
        """Add `other`'s tallies (hands of the same table) to these."""
        self.blocked += other.blocked
        for mine, theirs in (
            (self.first, other.first),
            (self.dealer_left, other.dealer_left),
            (self.draw_first, other.draw_first),
            (self.drawer, other.drawer),
            *zip(self.positions, other.positions, strict=True),
        ):
            mine.add_many(theirs.hands, theirs.wins)
        for bot, tally in other.by_bot.items():
            self.by_bot.setdefault(bot, WinTally()).add_many(tally.hands, tally.wins)
        for bot, activity in other.activity.items():
            self.activity.setdefault(bot, Activity()).merge(activity)
        self.turn_counts.update(other.turn_counts)


# -- the design --------------------------------------------------------------------------------


@dataclass(frozen=True)
class CellPlan:
    """A cell to play: its seatings, used in turn, hand `i` taking `seatings[i % len]`, and
    the engine that plays it (with why the reference engine does, when it does)."""

    name: str
    question: str
    seatings: tuple[tuple[str, ...], ...]
    games: int
    engine: str = "reference"
    engine_reason: str | None = None


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
    *,
    games: int,
    seat_hands: int,
    players: Sequence[int],
    available: Sequence[str],
    ismcts_games: int,
) -> tuple[str, list[CellPlan]]:
    """The bot for the seat questions and every cell of the study, in the order they run
    (every cell on the reference engine: `assign_engines` chooses)."""
    seat_bot = SEAT_BOT if SEAT_BOT in available else "eager"
    plans = [cell_plan(f"seat/{n}", "seat", [seat_bot] * n, seat_hands) for n in players]
    tables = [n for n in HABIT_PLAYERS if n in players] or [min(players)]
    if "greedy" in available:
        for habit, n in itertools.product(HABITS, tables):
            bots = [GREEDY_WITHOUT[habit]] + [GREEDY_HABITS] * (n - 1)
            plans.append(cell_plan(f"{habit}/greedy/{n}", "habit", bots, seat_hands))
    if "heuristic" in available:
        for habit, n in itertools.product(HABITS, tables):
            bots = [f"heuristic:{habit}=false"] + ["heuristic"] * (n - 1)
            plans.append(cell_plan(f"{habit}/heuristic/{n}", "habit", bots, seat_hands))
    ladder = [bot for bot in LADDER_BOTS if bot in available]
    plans.append(cell_plan("ladder/table", "ladder", ladder, games))
    for a, b in itertools.combinations(ladder, 2):
        plans.append(cell_plan(f"ladder/{a}-vs-{b}", "pair", [a, b], games))
    if "ismcts" in available and ismcts_games > 0:
        rival = ladder[0]
        # first in the stream: its slow hands then overlap with everything else
        plans.insert(0, cell_plan("ladder/ismcts", "pair", [ISMCTS_SPEC, rival], ismcts_games))
    return seat_bot, plans


def cell_engine(engine: str, bots: Sequence[str]) -> tuple[str, str | None]:
    """The engine that plays a cell of `bots` when `engine` ("auto", "fast" or "reference")
    is asked for, and why the reference engine does when it does (None when asked for by
    name). Bots the compiled simulator has no version of stay on the reference engine whatever
    is asked; otherwise `choose_engine` decides (`"fast"` raises `FastUnsupportedError` when the
    compiled simulator cannot run at all)."""
    if engine not in ENGINES:
        raise FastUnsupportedError(f"unknown engine {engine!r}: use one of {', '.join(ENGINES)}")
    if engine != "reference" and unsupported(RULES, []) is None:
        missing = [bot for bot in dict.fromkeys(bots) if unsupported(RULES, [bot]) is not None]
        if missing:
            names = " or ".join(f"`{name}`" for name in dict.fromkeys(_base(b) for b in missing))
            return "reference", f"the compiled simulator has no version of {names}"
    return choose_engine(engine, RULES, bots)


def _base(bot: str) -> str:
    """A bot's registered name, without its options: `heuristic:bluff=false` → `heuristic`."""
    return bot.partition(":")[0]


def assign_engines(plans: Sequence[CellPlan], engine: str) -> list[CellPlan]:
    """`plans`, each with the engine that plays it (`cell_engine`)."""
    chosen = []
    for plan in plans:
        name, reason = cell_engine(engine, plan.seatings[0])
        chosen.append(dataclasses.replace(plan, engine=name, engine_reason=reason))
    return chosen


def reference_fallback(engine: str) -> str | None:
    """Why the reference engine plays the cells the compiled simulator has versions of (numba
    missing, or `--engine reference`), or None when the compiled simulator plays them. The
    study is the same either way; only its time differs, by hundreds of times."""
    played_by, why = cell_engine(engine, [SEAT_BOT] * 2)
    if played_by == "fast":
        return None
    return why or f"`--engine {engine}` asked for it"


def tasks_of(plan: CellPlan, seed: int, threads: int = 0) -> Iterator[HandTask | BlockTask]:
    """The tasks that play `plan`: one per hand on the reference engine, blocks of up to
    `BLOCK` hands of one seating on the compiled simulator (`threads`: numba's, per worker)."""
    base = cell_seed(seed, plan.name)
    period = len(plan.seatings)
    if plan.engine == "fast":
        per_seating = plan.games // period  # games are a multiple of the period
        for seating, bots in enumerate(plan.seatings):
            for start in range(0, per_seating, BLOCK):
                count = min(BLOCK, per_seating - start)
                yield BlockTask(plan.name, seating, bots, base, period, start, count, threads)
        return
    for i in range(plan.games):
        yield HandTask(plan.name, i, plan.seatings[i % period], stream_seed(base, STREAM_GAME, i))


def task_count(plan: CellPlan) -> int:
    """How many tasks `tasks_of(plan, ...)` yields."""
    if plan.engine != "fast":
        return plan.games
    return len(plan.seatings) * -(-(plan.games // len(plan.seatings)) // BLOCK)


def run_cells(
    plans: Sequence[CellPlan], *, seed: int, workers: int, description: str, progress: bool
) -> list[Cell]:
    """Play every hand of `plans` (one stream of tasks, so the workers stay busy) and tally
    each cell, adding the results in task order."""
    cells = {p.name: Cell(p.name, p.seatings[0], p.games) for p in plans}
    in_process = workers == 1 and isinstance(default_backend(), LocalBackend)
    threads = 0 if in_process else 1  # one numba thread per worker process: no oversubscription
    if any(p.engine == "fast" for p in plans):
        _warm_kernel()
    tasks: Iterable[HandTask | BlockTask] = itertools.chain.from_iterable(
        tasks_of(p, seed, threads) for p in plans
    )
    for outcome in run_tasks(
        play_task,
        tasks,
        workers=workers,
        description=description,
        progress=progress,
        total=sum(task_count(p) for p in plans),
        chunksize=CHUNK,
    ):
        if isinstance(outcome, MeasuredHand):
            cells[outcome.cell].add(outcome)
        else:
            cells[outcome.name].merge(outcome)
    return list(cells.values())


def _warm_kernel() -> None:
    """Compile the kernel here, or load its cache, before the workers start: they then load
    the cache instead of each compiling it at once."""
    from .fast.run import game_seeds, play_games

    play_games([SEAT_BOT] * 2, RULES, game_seeds(0, 0, 1))


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


def command_line(
    out: Path,
    *,
    games: int,
    seat_hands: int,
    seed: int,
    workers: int,
    players: Sequence[int],
    engine: str = "auto",
) -> str:
    """A `lastcard study` command that reproduces a study (any `--workers` and any `--engine`
    give the same figures)."""
    return (
        f"lastcard study --out {out} --games {games} --seat-hands {seat_hands} --seed {seed} "
        f"--players {players_text(players)} --workers {workers} --engine {engine}"
    )


def compute_study(
    *,
    games: int | None,
    seed: int,
    workers: int,
    players: Sequence[int] = range(2, 11),
    progress: bool = True,
    ismcts_games: int | None = None,
    seat_hands: int | None = None,
    engine: str = "auto",
) -> dict[str, Any]:
    """Play the whole study and return its figures. Everything but the `run` and `engines`
    sections is the same for the same `games`, `seat_hands`, `seed` and `players`, whatever
    `workers` and `engine` are. `games` None: `DEFAULT_GAMES`; `seat_hands` None:
    `DEFAULT_SEAT_HANDS`."""
    if ismcts_games is None:
        # ISMCTS plays on the reference engine whatever the ladder's size: a twentieth of the
        # hands asked for, within bounds.
        ismcts_games = ISMCTS_GAMES if games is None else min(200, max(2, games // 20))
    games = DEFAULT_GAMES if games is None else games
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games}")
    if seat_hands is not None and seat_hands < 1:
        raise ValueError(f"seat hands must be 1 or more, not {seat_hands}")
    players = tuple(sorted(set(players)))
    if not players or not all(2 <= n <= 10 for n in players):
        raise ValueError(f"player counts must run from 2 to 10, not {players}")
    seat_hands = DEFAULT_SEAT_HANDS if seat_hands is None else seat_hands
    available = bot_names()
    seat_bot, plans = plan_study(
        games=games,
        seat_hands=seat_hands,
        players=players,
        available=available,
        ismcts_games=ismcts_games,
    )
    plans = assign_engines(plans, engine)
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
            "seat_hands": seat_hands,
            "players": list(players),
            "rules": "official (Rules()) with target_score=None: each game a single hand",
            "seat_bot": seat_bot,
            "bots_registered": list(available),
            "cells": [
                {
                    "cell": p.name,
                    "question": p.question,
                    "games": p.games,
                    "seatings": [list(s) for s in p.seatings],
                }
                for p in plans
            ],
            "hand_seed": 'stream_seed(derive_seed(seed, "study", cell), STREAM_GAME, i)',
            "confidence": CONFIDENCE,
            "multiple_testing": (
                "Holm's step-down adjustment (p_holm) within each family: the first player's "
                "share over the player counts; the trend across places, the trend across "
                "places 2..N-1 and the last place's upturn, each over the player counts; "
                "the Draw Two openings' first player over the player counts; the habits over "
                "their cells; the ladder's paired comparisons over all of them"
            ),
            "power": (
                f"each habit's detectable value: the smallest difference from 1/N that its "
                f"two-sided test at level {POWER_ALPHA:g} (before Holm's adjustment) detects "
                f"with probability {POWER:g} (normal approximation)"
            ),
        },
        "first_seat": first_seat,
        "hand_length": [length_figures(c) for c in seats],
        "habits": habits,
        "ladder": ladder,
        "engines": engine_figures(plans, engine),
        "run": {
            "workers": workers,
            "seconds": seconds,
            "hands": sum(p.games for p in plans),
            "compiled_hands": sum(p.games for p in plans if p.engine == "fast"),
        },
    }


def engine_figures(plans: Sequence[CellPlan], engine: str) -> dict[str, Any]:
    """Which engine played which cell, why the reference engine did where it did, and why it
    played the cells the compiled simulator could have (`fallback`, None when it did not)."""
    return {
        "requested": engine,
        "cells": [{"cell": p.name, "engine": p.engine, "reason": p.engine_reason} for p in plans],
        "fallback": reference_fallback(engine),
    }


def run_study(
    out: Path,
    *,
    games: int | None,
    seed: int,
    workers: int,
    players: Sequence[int] = range(2, 11),
    progress: bool = True,
    command: str = "",
    ismcts_games: int | None = None,
    seat_hands: int | None = None,
    engine: str = "auto",
) -> Path:
    """Play the study and write `out`/study.md, study.json and the PNG plots; returns the
    report's path. `command` is the command line shown in the report (by default the
    equivalent `lastcard study` command). `games`: hands per ladder cell (None:
    `DEFAULT_GAMES`); `seat_hands`: hands per seat and habit cell (None:
    `DEFAULT_SEAT_HANDS`); `engine`: "auto", "fast" or "reference" (`cell_engine`)."""
    from .study_plots import write_plots  # matplotlib is imported only when plotting

    figures = compute_study(
        games=games,
        seed=seed,
        workers=workers,
        players=players,
        progress=progress,
        ismcts_games=ismcts_games,
        seat_hands=seat_hands,
        engine=engine,
    )
    figures["run"]["command"] = command or command_line(
        out,
        games=figures["study"]["games_per_cell"],
        seat_hands=figures["study"]["seat_hands"],
        seed=seed,
        workers=workers,
        players=figures["study"]["players"],
        engine=engine,
    )
    out.mkdir(parents=True, exist_ok=True)
    figures["plots"] = write_plots(figures, out)
    (out / "study.json").write_text(json.dumps(_clean(figures), indent=1, allow_nan=False) + "\n")
    report = out / "study.md"
    report.write_text(render_report(figures))
    return report


def _clean(value: Any) -> Any:
    """JSON-ready: nan (a rate of no hands) becomes null, inf (a size no test detects) too."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_clean(v) for v in value]
    return value
