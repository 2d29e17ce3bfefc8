"""Games of a policy on the compiled kernel, for training and measuring it (NumPy).

`collect` plays single hands between a learning policy in seat 0 and an opponent in every
other seat — itself (every seat's decisions are kept), a frozen policy (a past self) or a
kernel bot (`heuristic`, `greedy`, ...) — on a `GameBatch`, sampling the policy's actions, and
returns every decision of the learning policy with the rewards that followed it.
`paired_hands` plays a policy's most likely actions against a kernel bot over deal-paired
hands (each deal once with the policy in each seat), for a quick measure of strength during
training; examples/evaluate_agent.py remains the measure through the table.

The table's size is the policy's (`Policy.players`: 2 heads-up, or more). The policies read
the version 1 observation (its first 343 numbers) and choose among the version 1 action
numbers of their player count and `PASS`, as `PolicyBot` plays such a file: the official game
needs nothing newer. Their logits come from `Policy.logits`, the bot's own arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from lastcard.core import Rules, action_index
from lastcard.core.action_index import version_size

from .observation import VERSION_SIZES
from .policy import Policy
from .vector import GameBatch

PLAYERS = 2
OBS = VERSION_SIZES[1]
KNOWN = version_size(PLAYERS, 1)  # the version 1 action numbers; PASS is the next output
ACTIONS = KNOWN + 1


def outputs(players: int) -> int:
    """A policy's outputs at `players`: the version 1 action numbers, then PASS."""
    return version_size(players, 1) + 1


SELF = "self"  # the opponent that is the learning policy itself
PAST = "past"  # a frozen policy given with the call

Array = npt.NDArray[Any]


def version_one_mask(mask: Array, players: int = PLAYERS) -> Array:
    """Masks over every action number (then PASS) -> over the version 1 numbers and PASS."""
    known = version_size(players, 1)
    return np.concatenate((mask[:, :known], mask[:, -1:]), axis=1).astype(bool)


def to_action(choice: Array, players: int = PLAYERS) -> Array:
    """Version 1 outputs -> action numbers of the environment (PASS moved to the end)."""
    numbers = choice.astype(np.int64)
    numbers[numbers == version_size(players, 1)] = action_index(players).size
    return numbers


def masked_logits(policy: Policy, obs: Array, mask: Array) -> Array:
    logits = policy.logits(obs[:, :OBS]).astype(np.float64)
    return np.where(mask, logits, -np.inf)


def sample(
    policy: Policy, obs: Array, mask: Array, rng: np.random.Generator
) -> tuple[Array, Array]:
    """Actions drawn from the masked softmax, and their log-probabilities."""
    logits = masked_logits(policy, obs, mask)
    logits -= logits.max(axis=1, keepdims=True)
    probs = np.exp(logits)
    probs /= probs.sum(axis=1, keepdims=True)
    cumulative = probs.cumsum(axis=1)
    draws = rng.random(len(obs))[:, None]
    choice = np.minimum((cumulative < draws).sum(axis=1), logits.shape[1] - 1)
    choice = np.where(mask[np.arange(len(obs)), choice], choice, logits.argmax(axis=1))
    return choice, np.log(probs[np.arange(len(obs)), choice])


@dataclass
class Rollout:
    """The learning policy's decisions: `stream` numbers one seat of one game (its
    decisions in order); `reward` is what followed each decision until the next one of the
    same seat, `done` marks the last decision of its hand."""

    obs: Array  # float32 (T, OBS)
    mask: Array  # bool (T, ACTIONS)
    action: Array  # (T,) version 1 outputs
    logp: Array
    reward: Array
    done: Array
    stream: Array
    hands: int  # hands played
    won: int  # hands the learning policy won (against another opponent than itself)
    points: float  # its points scored minus conceded over those hands


def collect(
    policy: Policy,
    opponent: str,
    *,
    games: int,
    seed: int,
    past: Policy | None = None,
    win_bonus: float = 0.5,
    rules: Rules | None = None,
) -> Rollout:
    """Play `games` single hands (seeded from `seed`) of `policy` in seat 0 against
    `opponent` in every other seat (`SELF`, `PAST` with `past`, or a kernel bot's name) at
    `policy.players` seats and return the learning policy's decisions. The reward of a hand
    is the rules' points (`reward="hand"`: each seat's points minus the seats' mean, / 100,
    zero-sum; heads-up the winner's points over 2) plus `win_bonus` for winning it (minus for
    losing)."""
    rules = rules if rules is not None else Rules(target_score=None)
    players = policy.players
    rng = np.random.default_rng(seed)
    bot = opponent not in (SELF, PAST)
    bots = [None] + [opponent if bot else None] * (players - 1)
    batch = GameBatch(games, players, rules, bots=bots)
    seeds = rng.integers(0, 2**63, size=games)
    batch.start(np.arange(games), seeds)
    learner = np.array([True] + [opponent == SELF] * (players - 1))
    columns: dict[str, list[Array]] = {k: [] for k in ("obs", "mask", "action", "logp", "stream")}
    rewards: list[float] = []
    done: list[bool] = []
    last = np.full((games, players), -1, dtype=np.int64)
    count = 0
    while True:
        live = np.flatnonzero(~batch.over)
        if live.size == 0:
            break
        asked = batch.asked[live]
        obs = batch.obs[live]
        mask = version_one_mask(batch.mask[live], players)
        choice = np.zeros(live.size, dtype=np.int64)
        mine = learner[asked]
        if mine.any():
            picked, logp = sample(policy, obs[mine], mask[mine], rng)
            choice[mine] = picked
            n = int(mine.sum())
            columns["obs"].append(obs[mine, :OBS].copy())
            columns["mask"].append(mask[mine])
            columns["action"].append(picked)
            columns["logp"].append(logp)
            columns["stream"].append(live[mine] * players + asked[mine])
            rewards.extend([0.0] * n)
            done.extend([False] * n)
            last[live[mine], asked[mine]] = np.arange(count, count + n)
            count += n
        if (~mine).any():
            assert past is not None, "a past policy plays the other seat"
            picked, _ = sample(past, obs[~mine], mask[~mine], rng)
            choice[~mine] = picked
        actions = np.zeros(games, dtype=np.int64)
        actions[live] = to_action(choice, players)
        batch.step(actions, live)
        got = batch.rewards[live]
        ended = batch.over[live]
        for row, g in enumerate(live.tolist()):
            for seat in range(players):
                r = got[row, seat]
                if ended[row] and r != 0.0:
                    r += win_bonus if r > 0 else -win_bonus
                k = last[g, seat]
                if k >= 0 and learner[seat]:
                    rewards[k] += r
                    if ended[row]:
                        done[k] = True
    winners = batch.winner
    return Rollout(
        obs=np.concatenate(columns["obs"]),
        mask=np.concatenate(columns["mask"]),
        action=np.concatenate(columns["action"]),
        logp=np.concatenate(columns["logp"]),
        reward=np.array(rewards),
        done=np.array(done),
        stream=np.concatenate(columns["stream"]),
        hands=games,
        won=int(np.count_nonzero(winners == 0)) if opponent != SELF else 0,
        points=(
            float((batch.scores[:, 0] - batch.scores[:, 1:].sum(axis=1)).sum())
            if opponent != SELF
            else 0.0
        ),
    )


@dataclass
class Paired:
    hands: int
    won: int
    points_for: float  # per hand
    points_against: float  # per hand, by the opponents together
    net: Array | None = None  # per deal: the policy's points minus the opponents' mean, summed
    unfinished: int = 0  # hands nobody won (blocked, or stopped by the action limit)


def paired_hands(policy: Policy, opponent: str, *, deals: int, seed: int) -> Paired:
    """The policy's most likely actions against `opponent` in every other seat over `deals`
    deals, each played once with the policy in each seat (`policy.players` hands a deal):
    hands won and points per hand each way."""
    rules = Rules(target_score=None)
    players = policy.players
    seeds = np.random.default_rng(seed).integers(0, 2**63, size=deals)
    won = 0
    points = np.zeros(2)
    net = np.zeros(deals)
    unfinished = 0
    for seat in range(players):
        bots: list[str | None] = [opponent] * players
        bots[seat] = None
        batch = GameBatch(deals, players, rules, bots=bots, obs_seat=seat)
        batch.start(np.arange(deals), seeds)
        while True:
            live = np.flatnonzero(~batch.over)
            if live.size == 0:
                break
            mask = version_one_mask(batch.mask[live], players)
            logits = masked_logits(policy, batch.obs[live], mask)
            actions = np.zeros(deals, dtype=np.int64)
            actions[live] = to_action(logits.argmax(axis=1), players)
            batch.step(actions, live)
        won += int(np.count_nonzero(batch.winner == seat))
        unfinished += int(np.count_nonzero(batch.winner < 0))
        # each hand's points: the winner's score (single hands start at 0)
        mine = batch.scores[:, seat].astype(np.float64)
        theirs = batch.scores.sum(axis=1) - mine
        points[0] += float(mine.sum())
        points[1] += float(theirs.sum())
        net += mine - theirs / (players - 1)
    hands = players * deals
    return Paired(hands, won, points[0] / hands, points[1] / hands, net, unfinished)
