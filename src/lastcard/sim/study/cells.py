"""A cell's tallies (`Cell`: wins by seat, place and bot, turns, habits), added hand by hand
or merged from blocks, and the task that plays a hand or a block (`play_task`).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lastcard.analysis.statistics import (
    RunningMean,
    binomial_p_value,
    wilson_interval,
)

from .hands import BlockTask, HandBatch, HandTask, MeasuredHand, play_hand
from .settings import CONFIDENCE, RULES

if TYPE_CHECKING:
    pass


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


def play_block(task: BlockTask) -> Cell:
    """Play the hands of `task` on the compiled simulator; their tallies, as a `Cell` to merge
    into the cell's."""
    from ..fast.run import game_seeds, play_games

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
