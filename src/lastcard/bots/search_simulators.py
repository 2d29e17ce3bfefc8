"""The two kinds of position a search can sample and play on: the engine's `GameState`
(checked, through `apply`) and the unchecked `FastGame`; each a `Simulator` that samples,
lists, steps and rolls out the same way, so a search makes the same choices on either.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from lastcard.core import (
    Action,
    ActionKind,
    GameState,
    Phase,
    apply,
    legal_actions,
)
from lastcard.core.unchecked import FastGame

from .determinize import Sampler
from .rollout import (
    RolloutPolicy,
    estimate,
    fast_playout,
    fast_policy_move,
    hand_rewards,
    smart_turn,
    smart_turn_shortcut,
)

_PLAY = ActionKind.PLAY
_OVER = (Phase.HAND_OVER, Phase.GAME_OVER)

S = TypeVar("S", GameState, FastGame)


@dataclass(frozen=True)
class Simulator(Generic[S]):
    """How a search samples, lists, steps and rolls out on one kind of position."""

    sample: Callable[[random.Random], S]
    legal: Callable[[S, int], tuple[Action, ...]]
    step: Callable[[S, int, Action], S]
    policy_move: Callable[[S, int, RolloutPolicy, random.Random], S]
    playout: Callable[[S, random.Random, RolloutPolicy, int], list[float]]


def _engine_step(state: GameState, seat: int, action: Action) -> GameState:
    return apply(state, seat, action).state


def _unchecked_step(game: FastGame, seat: int, action: Action) -> FastGame:
    game.push(seat, action)
    return game


def _engine_policy_move(
    state: GameState, seat: int, policy: RolloutPolicy, rng: random.Random
) -> GameState:
    return apply(state, seat, policy(state, seat, legal_actions(state, seat), rng)).state


def _unchecked_policy_move(
    game: FastGame, seat: int, policy: RolloutPolicy, rng: random.Random
) -> FastGame:
    fast_policy_move(game, seat, policy, rng)
    return game


def unchecked_simulator(sampler: Sampler) -> Simulator[FastGame]:
    return Simulator(
        sampler.fast_game, FastGame.legal, _unchecked_step, _unchecked_policy_move, fast_playout
    )


def engine_simulator(sampler: Sampler) -> Simulator[GameState]:
    return Simulator(
        sampler.state, legal_actions, _engine_step, _engine_policy_move, engine_playout
    )


def engine_playout(
    state: GameState, rng: random.Random, policy: RolloutPolicy, max_actions: int
) -> list[float]:
    """`lastcard.bots.rollout.fast_playout` through the checked engine: the same choices from
    the same random numbers, through `legal_actions` and `apply`."""
    shortcut = smart_turn_shortcut(state.rules, policy)
    turn = Phase.AWAIT_TURN
    for _ in range(max_actions):
        phase = state.phase
        if phase in _OVER:
            return hand_rewards(state.players, state.history[-1].went_out)
        seat = state.to_act
        assert seat is not None
        action: Action
        if shortcut and phase is turn:
            assert state.color is not None
            choice = smart_turn(state.hands[seat], state.color, state.discard[-1], rng)
            if choice is None:
                action = _DRAW_ACTION
            else:
                card, color, uno = choice
                action = Action(_PLAY, card, color, None, uno)
        else:
            action = policy(state, seat, legal_actions(state, seat), rng)
        state = apply(state, seat, action).state
    if state.phase in _OVER:
        return hand_rewards(state.players, state.history[-1].went_out)
    return estimate(state)


_DRAW_ACTION = Action(ActionKind.DRAW)
