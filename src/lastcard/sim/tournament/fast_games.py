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

**What comes back** (`FastBlockResult`): per game, the winner, turns, actions, totals and each
hand's seat that went out, dealer and cards left: for single hands the kernel's first-hand
detail, for matches its hand log of up to `MATCH_HANDS` hands (a hand's points follow from the
cards left: the seat that went out scores them all, §6.2, the only scoring the kernel plays).
A game the kernel cannot describe whole is replayed on the reference engine in the worker and
sent back whole: a single hand that was blocked and dealt again, a match longer than
`MATCH_HANDS` hands, a game the action limit stopped. All are rare (none in thousands of games
under the official rules), so the replay costs nothing measurable.

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

MATCH_HANDS = 64  # hands a match's log holds; a longer match (none seen) is replayed
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
    matches: bool = False  # whole games, every hand counted (else single hands)


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
    # Matches: [game][hand] = [went out (-1: blocked), dealer, cards left per seat...]
    hand_logs: list[list[list[int]]] | None = None

    def outcomes(self) -> Iterator[GameOutcome]:
        """The block's games as the reference worker summarises them, in game order."""
        n = self.players
        for offset, winner in enumerate(self.winner):
            index = self.start + offset
            again = self.replayed.get(index)
            if again is not None:
                yield again
                continue
            if self.hand_logs is not None:
                hands = tuple(_logged_hand(row, n) for row in self.hand_logs[offset])
            else:
                hands = (
                    HandOutcome(
                        went_out=winner,
                        hand_values=tuple(self.hand_values[offset]),
                        points=tuple(self.points[offset]),
                        dealer=self.dealer[offset],
                    ),
                )
            yield GameOutcome(
                index=index,
                seating=seating(index, n),
                finished=True,
                winners=(winner,),
                totals=tuple(self.totals[offset]),
                hands=hands,
                turns=self.turns[offset],
                actions=self.actions[offset],
            )


def _logged_hand(row: list[int], players: int) -> HandOutcome:
    """A hand of the kernel's hand log (`layout.HL_*`) as the reference worker counts it: the
    seat that went out scores every card left (§6.2); a blocked hand scores nothing."""
    went_out, dealer, values = row[0], row[1], tuple(row[2 : 2 + players])
    points = [0] * players
    if went_out >= 0:
        points[went_out] = sum(values)
    return HandOutcome(
        went_out=went_out if went_out >= 0 else None,
        hand_values=values,
        points=tuple(points),
        dealer=dealer,
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
            matches=config.mode == "matches",
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
    logged = MATCH_HANDS if block.matches else 0
    logs = np.zeros((block.count, logged, 2 + n), dtype=np.int64)
    for row, seatings in groups.items():
        offsets = np.flatnonzero(np.isin(indices % len(design), seatings))
        if offsets.size == 0:
            continue
        played = play_games(
            list(row),
            block.rules,
            seeds[offsets],
            max_actions=block.max_actions,
            hand_log=logged,
        )
        winner[offsets] = played.winner
        hands[offsets] = played.hands
        turns[offsets] = played.turns
        actions[offsets] = played.actions
        dealer[offsets] = played.first_dealer
        values[offsets] = played.first_hand[:, F_VALUES, :]
        points[offsets] = played.first_hand[:, F_POINTS, :]
        totals[offsets] = played.scores
        logs[offsets] = played.hand_log
    # Games the kernel's figures do not describe whole (see the module docstring).
    undescribed = (hands > MATCH_HANDS) if block.matches else (hands != 1)
    replayed = {
        int(index): _replay(block, int(index)) for index in indices[undescribed | (winner < 0)]
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
        hand_logs=[log[:count].tolist() for log, count in zip(logs, hands, strict=True)]
        if block.matches
        else None,
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
    "MATCH_HANDS",
    "MAX_BLOCK",
    "MIN_BLOCK",
    "FastBlock",
    "FastBlockResult",
    "fast_block_size",
    "fast_blocks",
    "play_fast_block",
]
