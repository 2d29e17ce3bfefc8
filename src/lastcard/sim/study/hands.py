"""One hand of the study, on either engine: its seed, its seating, what is measured of it
(`MeasuredHand`, or `HandBatch` for a block of compiled hands).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lastcard.core import Action, ActionKind, GameState, Phase, Transition
from lastcard.core.rng import STREAM_GAME, derive_seed, stream_seed
from lastcard.core.seats import turn_order

from ..runner import play_game
from ..simulate import is_turn
from ..tournament import HandOutcome
from .settings import RULES

if TYPE_CHECKING:
    import numpy as np

    from ..fast.run import FastGames


_OPENING = frozenset({Phase.AWAIT_TURN, Phase.AWAIT_FIRST_COLOR})
_DRAW_TWO_FACE = 12  # the kernel's kind of a coloured card is colour * 13 + face
_KINDS_PER_COLOR = 13
_COLORED_KINDS = 52  # kinds 52 and 53 are the Wild and the Wild Draw Four


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
        from ..fast import layout

        discard = games.first_discard
        return cls(
            bots=tuple(bots),
            first_player=games.first_player,
            direction=games.first_direction,
            draw_opening=(discard < _COLORED_KINDS)
            & (discard % _KINDS_PER_COLOR == _DRAW_TWO_FACE),
            went_out=games.first_went_out,
            dealer=games.first_dealer,
            turns=games.first_turns,
            wd4=games.first_hand[:, layout.F_WD4, :],
            bluffs=games.first_hand[:, layout.F_BLUFFS, :],
            challenges=games.first_hand[:, layout.F_CHALLENGES, :],
            upheld=games.first_hand[:, layout.F_UPHELD, :],
        )
