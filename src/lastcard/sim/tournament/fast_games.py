"""A tournament's games played on the compiled simulator, block by block, summarised as the
very `GameOutcome`s the reference engine's worker (`worker.play_tournament_game`) gives.

**Blocks.** A task is a block of consecutive games (`FastBlock`), a multiple of the seating
design's length L long. Games cycle through the design's seatings, so within a block the games
are grouped by the bots they seat: one kernel call (`fast.run.play_games`) per distinct row of
bot names (a bot listed twice, random,random, makes fewer distinct rows than L), with each
game's own seed, `game_seed(seed, g)`. The kernel plays game g exactly as the reference engine
would, so grouping changes nothing but the number of calls; each call costs a fixed overhead
(tenths of a millisecond, milliseconds with several numba threads), hence blocks of thousands
of games (`fast_block_size`).

**What comes back** (`FastBlockResult`): per game, the arrays a single-hand game needs: the
winner, turns, actions, and the first hand's dealer, cards left and points. When a game is more
than that one hand (its first hand was blocked and dealt again) or did not finish (the action
limit stopped it), the kernel's first-hand detail does not describe the whole game: such games
are replayed on the reference engine in the worker and sent back whole. Both are rare (no game
in thousands under the official rules), so the replay costs nothing measurable.

**Threads.** With several workers each worker process runs the kernel on one numba thread
(`FastBlock.threads`), as the processes already share out the machine; in this process (one
local worker) numba keeps its own number of threads.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from lastcard.core import Rules

from ..simulate import game_seed
from .config import TournamentConfig
from .seating import seating, seating_design
from .worker import GameOutcome, GameTask, HandOutcome, play_tournament_game

MIN_BLOCK = 2048  # games: below this the kernel's per-call overhead shows
MAX_BLOCK = 16384  # games: above this the progress bar and the load balance suffer
BLOCKS_PER_WORKER = 4


def fast_block_size(games: int, design_length: int, parallelism: int) -> int:
    """Games per block: about `BLOCKS_PER_WORKER` blocks per worker, within `MIN_BLOCK` to
    `MAX_BLOCK`, rounded up to a multiple of the design's length (so that every block seats
    every seating equally often).

    >>> [fast_block_size(100_008, 24, p) for p in (1, 8)], fast_block_size(48, 24, 1)
    ([16392, 3144], 2064)
    """
    size = -(-games // (parallelism * BLOCKS_PER_WORKER))
    size = min(MAX_BLOCK, max(MIN_BLOCK, size))
    return -(-size // design_length) * design_length


@dataclass(frozen=True)
class FastBlock:
    """Games `start` to `start + count - 1` of a tournament, for the compiled simulator."""

    start: int
    count: int
    bots: tuple[str, ...]  # the bot list (entries), as in the config
    rules: Rules  # the rules as played
    seed: int
    max_actions: int
    threads: int | None  # numba threads in the worker; None: leave numba's setting


@dataclass(frozen=True)
class FastBlockResult:
    """One block's games, a list entry (or row) per game, in game order; `replayed` holds the
    games the reference engine played again, by game index (see the module docstring)."""

    start: int
    players: int
    winner: list[int]
    turns: list[int]
    actions: list[int]
    dealer: list[int]
    hand_values: list[list[int]]  # [game][seat]: value of the cards left at the hand's end
    points: list[list[int]]  # [game][seat]: points scored for the hand
    totals: list[list[int]]  # [game][seat]: final scores
    replayed: dict[int, GameOutcome]

    def outcomes(self) -> Iterator[GameOutcome]:
        """The block's games as the reference worker summarises them, in game order."""
        n = self.players
        for offset, winner in enumerate(self.winner):
            index = self.start + offset
            again = self.replayed.get(index)
            if again is not None:
                yield again
                continue
            hand = HandOutcome(
                went_out=winner,
                hand_values=tuple(self.hand_values[offset]),
                points=tuple(self.points[offset]),
                dealer=self.dealer[offset],
            )
            yield GameOutcome(
                index=index,
                seating=seating(index, n),
                finished=True,
                winners=(winner,),
                totals=tuple(self.totals[offset]),
                hands=(hand,),
                turns=self.turns[offset],
                actions=self.actions[offset],
            )


def fast_blocks(config: TournamentConfig, size: int, threads: int | None) -> Iterator[FastBlock]:
    """The tournament's games in blocks of `size` (the last may be shorter), lazily, in order."""
    rules = config.played_rules
    for start in range(0, config.games, size):
        yield FastBlock(
            start=start,
            count=min(size, config.games - start),
            bots=config.bots,
            rules=rules,
            seed=config.seed,
            max_actions=config.max_actions,
            threads=threads,
        )


def play_fast_block(block: FastBlock) -> FastBlockResult:
    """Play one block on the compiled simulator (a top-level function, for workers)."""
    import numpy as np

    from lastcard.sim.fast.layout import F_POINTS, F_VALUES
    from lastcard.sim.fast.run import game_seeds, play_games

    if block.threads is not None:
        import numba

        numba.set_num_threads(block.threads)
    n = len(block.bots)
    design = seating_design(n)
    indices = np.arange(block.start, block.start + block.count)
    seeds = game_seeds(block.seed, block.start, block.count)
    # Group the block's games by the bot names they seat: one kernel call per group.
    rows = [tuple(block.bots[entry] for entry in row) for row in design]
    groups: dict[tuple[str, ...], list[int]] = {}
    for k, row in enumerate(rows):
        groups.setdefault(row, []).append(k)
    winner = np.zeros(block.count, dtype=np.int64)
    hands = np.zeros(block.count, dtype=np.int64)
    turns = np.zeros(block.count, dtype=np.int64)
    actions = np.zeros(block.count, dtype=np.int64)
    dealer = np.zeros(block.count, dtype=np.int64)
    values = np.zeros((block.count, n), dtype=np.int64)
    points = np.zeros((block.count, n), dtype=np.int64)
    totals = np.zeros((block.count, n), dtype=np.int64)
    for row, seatings in groups.items():
        offsets = np.flatnonzero(np.isin(indices % len(design), seatings))
        if offsets.size == 0:
            continue
        played = play_games(list(row), block.rules, seeds[offsets], max_actions=block.max_actions)
        winner[offsets] = played.winner
        hands[offsets] = played.hands
        turns[offsets] = played.turns
        actions[offsets] = played.actions
        dealer[offsets] = played.first_dealer
        values[offsets] = played.first_hand[:, F_VALUES, :]
        points[offsets] = played.first_hand[:, F_POINTS, :]
        totals[offsets] = played.scores
    replayed = {
        int(index): _replay(block, int(index)) for index in indices[(hands != 1) | (winner < 0)]
    }
    return FastBlockResult(
        start=block.start,
        players=n,
        winner=_ints(winner),
        turns=_ints(turns),
        actions=_ints(actions),
        dealer=_ints(dealer),
        hand_values=_ints(values),
        points=_ints(points),
        totals=_ints(totals),
        replayed=replayed,
    )


def _ints(array: Any) -> Any:
    """A NumPy array as (nested) lists of Python ints: the outcomes hold plain ints, as the
    reference engine's do, so every sum and mean downstream is computed alike."""
    return array.tolist()


def _replay(block: FastBlock, index: int) -> GameOutcome:
    """Game `index` played again on the reference engine, whole."""
    seats = seating(index, len(block.bots))
    return play_tournament_game(
        GameTask(
            index=index,
            seating=seats,
            bots=tuple(block.bots[entry] for entry in seats),
            rules=block.rules,
            seed=game_seed(block.seed, index),
            max_actions=block.max_actions,
            keep_record=False,
        )
    )


__all__ = [
    "BLOCKS_PER_WORKER",
    "MAX_BLOCK",
    "MIN_BLOCK",
    "FastBlock",
    "FastBlockResult",
    "fast_block_size",
    "fast_blocks",
    "play_fast_block",
]
