"""The batched environments on the compiled kernel (`lastcard.rl.vector`): step for step the
single-agent environment through the table (tests/vector_compare.py; benchmarks/vector_exact.py
runs the same comparison at scale), the multi-agent batch, refusals and the spaces."""

from __future__ import annotations

import numpy as np
import pytest

from lastcard.core import LastcardError, Rules
from lastcard.rl.vector import FastUnsupportedError, FastVectorEnv, GameBatch, vector_problem
from vector_compare import compare

SINGLE_HAND = Rules(target_score=None)


def test_two_thousand_single_hands_against_heuristic_as_at_the_table() -> None:
    result = compare(SINGLE_HAND, 2, "heuristic", seed=11, num_envs=16, episodes=2000)
    assert result.differences == 0, result.first
    assert result.episodes >= 2000


@pytest.mark.parametrize(
    ("rules", "players", "opponents", "options"),
    [
        (Rules(target_score=150), 2, "heuristic", {"illegal_every": 60}),
        (SINGLE_HAND, 2, "greedy", {"reward": "game"}),
        (Rules(target_score=200), 4, "heuristic", {"seat": 2}),
        (Rules(target_score=150), 3, "random:call_uno=false,catch_rate=0.3", {"seat": 1}),
        (Rules(target_score=150, turn_limit=30), 3, "greedy:bluff=true,challenge=true", {}),
        (
            Rules(target_score=150, first_wild="dealer_chooses", hand_size=12, wd4_bluffing=False),
            5,
            "eager:call_uno=false",
            {},
        ),
        (
            Rules(target_score=150, allow_voluntary_draw=False, dealer_each_hand="rotate"),
            2,
            "heuristic:hold_wilds=false,bluff=false",
            {"illegal_every": 200},
        ),
    ],
)
def test_rules_and_bots_as_at_the_table(
    rules: Rules, players: int, opponents: str, options: dict[str, object]
) -> None:
    result = compare(rules, players, opponents, seed=5, num_envs=4, episodes=12, **options)  # type: ignore[arg-type]
    assert result.differences == 0, result.first


def test_threads_give_the_same_games() -> None:
    result = compare(SINGLE_HAND, 2, "heuristic", seed=2, num_envs=8, episodes=60, threads=2)
    assert result.differences == 0, result.first


@pytest.mark.parametrize(
    ("rules", "opponents", "problem"),
    [
        (Rules(stacking="same"), "heuristic", "stacking"),
        (Rules(seven_o=True), "heuristic", "seven_o"),
        (Rules(jump_in=True), "greedy", "jump-ins"),
        (Rules(), "ismcts", "ismcts"),
        (Rules(), "forgetful", "forgetful"),
    ],
)
def test_refuses_what_the_kernel_does_not_play(rules: Rules, opponents: str, problem: str) -> None:
    reason = vector_problem(rules, [opponents])
    assert reason is not None and problem in reason
    with pytest.raises(FastUnsupportedError, match="cannot play"):
        FastVectorEnv(2, 2, rules, opponents=opponents)


def test_spaces_masks_and_autoreset() -> None:
    env = FastVectorEnv(6, 2, SINGLE_HAND, opponents="greedy")
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert info["action_mask"].shape == (6, env.pass_action + 1)
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
    again, _ = FastVectorEnv(6, 2, SINGLE_HAND, opponents="greedy").reset(seed=3)
    assert np.array_equal(obs, again)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(200):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        assert env.action_space.contains(actions)
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert obs.dtype == np.float32 and rewards.shape == (6,) and not truncated.any()
        if terminated.any():
            ended += int(terminated.sum())
            assert info["_final_obs"].tolist() == terminated.tolist()
            # the next episode has begun: every sub-environment is asked something
        assert info["action_mask"].any(axis=1).all()
    assert ended > 0
    with pytest.raises(LastcardError):
        env.reset(options={"dealer": 0})


def test_batch_of_two_outside_seats_plays_whole_games() -> None:
    batch = GameBatch(5, 2, SINGLE_HAND, bots=[None, None])
    batch.start(np.arange(5), [10, 11, 12, 13, 14])
    rng = np.random.default_rng(1)
    totals = np.zeros((5, 2))
    for _ in range(5000):
        if batch.over.all():
            break
        assert set(batch.asked[~batch.over].tolist()) <= {0, 1}
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in batch.mask])
        batch.step(actions)
        totals += batch.rewards
    assert batch.over.all()
    assert np.allclose(totals.sum(axis=1), 0.0)
    assert (np.abs(totals).max(axis=1) > 0).all()  # every hand was won by someone


def test_single_agent_env_against_heuristic_plays_on_the_kernel_as_at_the_table() -> None:
    from lastcard.rl import SingleAgentEnv

    for rules, players in ((Rules(target_score=200), 2), (Rules(target_score=150), 3)):
        compiled = SingleAgentEnv(players, rules, opponents="heuristic")
        table = SingleAgentEnv(players, rules, opponents="heuristic", fast=False)
        assert compiled.compiled and not table.compiled
        rng = np.random.default_rng(players)
        for episode in range(3):
            seed = None if episode else 21
            (obs, info), (ref_obs, ref_info) = compiled.reset(seed=seed), table.reset(seed=seed)
            assert np.array_equal(obs, ref_obs)
            terminated = False
            steps = 0
            while not terminated:
                mask = info["action_mask"]
                assert np.array_equal(mask, ref_info["action_mask"])
                legal = np.flatnonzero(mask)
                action = int(rng.choice(legal)) if rng.random() > 0.01 else 0
                obs, reward, terminated, _, info = compiled.step(action)
                ref_obs, ref_reward, ref_terminated, _, ref_info = table.step(action)
                assert np.array_equal(obs, ref_obs) and reward == ref_reward
                assert terminated == ref_terminated
                steps += 1
                if steps % 7 == 0 or terminated:  # the table read now and then, and at the end
                    assert compiled.table is not None and table.table is not None
                    assert compiled.table.state == table.table.state
                    assert compiled.render() is None
    with_options = SingleAgentEnv(2, "official", opponents="heuristic")
    with_options.reset(seed=3, options={"dealer": 1})
    assert with_options.table is not None and with_options.table.state.dealer == 1
