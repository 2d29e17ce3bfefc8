"""The Gymnasium environment `lastcard/Uno-v0`: one seat against bots. Gymnasium's own checker,
reproducible seeds, masks, out-of-turn offers with PASS, rewards, illegal actions."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from lastcard import LastcardError, Rules
from lastcard.rl import ENV_ID, SingleAgentEnv
from lastcard.rl.rewards import hand_rewards


@pytest.fixture(autouse=True)
def _quiet() -> None:
    import warnings

    # The checker warns that a Box without finite bounds is unusual; counts have no set bound.
    warnings.filterwarnings("ignore", category=UserWarning, module="gymnasium")


@pytest.mark.parametrize(
    ("players", "preset", "opponents"),
    [(2, "official", "heuristic"), (4, "party", "greedy"), (10, "h2o", "eager")],
)
def test_gymnasium_check_env(players: int, preset: str, opponents: str) -> None:
    env = gym.make(ENV_ID, players=players, rules=preset, opponents=opponents)
    check_env(env.unwrapped)


def run(env: SingleAgentEnv, seed: int, episodes: int = 1) -> tuple[list[float], list[float]]:
    """Random legal actions for whole games; the actions taken (and a fingerprint of each
    observation) and every reward."""
    rng = np.random.default_rng(seed)
    actions: list[float] = []
    rewards: list[float] = []
    obs, info = env.reset(seed=seed)
    seen = [float(obs @ np.arange(obs.size))]
    done = 0
    while done < episodes:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        seen.append(float(obs @ np.arange(obs.size)))
        actions.append(action)
        rewards.append(reward)
        assert not truncated
        if terminated:
            done += 1
            if done < episodes:
                obs, info = env.reset()
                seen.append(float(obs @ np.arange(obs.size)))
    return actions + seen, rewards


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    first = run(SingleAgentEnv(3, "party", opponents="greedy"), seed=5, episodes=2)
    again = run(SingleAgentEnv(3, "party", opponents="greedy"), seed=5, episodes=2)
    assert first == again


def test_a_game_against_bots_ends_and_pays_the_agent_its_share() -> None:
    env = SingleAgentEnv(2, "official", opponents="eager", reward="game")
    _, rewards = run(env, seed=3)
    assert env.table is not None and env.table.state.is_over
    won = 0 in env.table.state.winners
    assert sum(rewards) == (0.5 if won else -0.5)
    assert not env.action_masks().any()
    with pytest.raises(LastcardError):
        env.step(0)


def test_hand_rewards_follow_the_points() -> None:
    env = SingleAgentEnv(2, Rules(target_score=None), opponents="greedy")
    _, rewards = run(env, seed=11)
    assert env.table is not None
    result = env.table.state.history[-1]
    assert sum(rewards) == pytest.approx((result.points[0] - sum(result.points) / 2) / 100)


# Seat 0 (the agent): R5 R7; seat 1: R1 B2; seat 2: G1 G2; dealer 2; first discard R3.
TRIO = {"dealer": 2, "deck": ["R5", "R1", "G1", "R7", "B2", "G2", "R3", "Y9", "Y8", "Y7"]}


class Passive:
    """A bot that never acts out of turn and plays its first legal action."""

    def choose(self, view: object, legal: tuple[object, ...], *, may_pass: bool = False) -> object:
        return None if may_pass else legal[0]


def test_4_3_the_agent_is_offered_a_late_uno_call_which_it_may_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from lastcard.bots import registry

    # A private copy of the registry: the test bot must not leak into other tests' bot lists.
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.register("passive-test", lambda seed, **options: Passive())
    env = SingleAgentEnv(3, Rules(target_score=None, hand_size=2), opponents="passive-test")
    env.reset(seed=1, options=TRIO)
    env.step(env.index.index("R5"))  # no Uno call: the agent is exposed
    mask = env.action_masks()
    assert [env.index.action_at(i).code for i in np.flatnonzero(mask[:-1])] == ["uno"]
    assert mask[env.pass_action]  # it may let the call go
    _, reward, terminated, _, _ = env.step(env.pass_action)
    assert not terminated and reward == 0.0
    # Seat 1 (a bot) played R1 without calling: before seat 2 moves, the agent may catch it.
    mask = env.action_masks()
    assert [env.index.action_at(i).code for i in np.flatnonzero(mask[:-1])] == ["catch 1"]
    env.step(env.index.index("catch 1"))
    assert env.table is not None
    assert env.table.record().actions[:3] == ((0, "R5"), (1, "R1"), (0, "catch 1"))
    assert len(env.table.state.hands[1]) == 3  # its last card and the 2 of the penalty (§4.5)


def test_an_action_outside_the_mask_ends_the_episode_with_the_illegal_reward() -> None:
    env = SingleAgentEnv(2, "official", opponents="greedy", illegal_reward=-3.0)
    env.reset(seed=2)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    ply = env.table.ply if env.table is not None else None
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-3.0, True, True)
    assert env.table is not None and env.table.ply == ply  # nothing was applied


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(LastcardError):
        SingleAgentEnv(2, "official", seat=2)
    with pytest.raises(ValueError):
        SingleAgentEnv(2, "official", opponents="no-such-bot")
    with pytest.raises(LastcardError):
        SingleAgentEnv(2, "official", reward="points")


# Dealer 0: the bot (seat 1) is dealt RS and R5 and plays first: it can go out before the agent
# (seat 0, B1 B2) decides anything.
BOT_GOES_OUT = {"dealer": 0, "deck": ["RS", "B1", "R5", "B2", "R3", "Y9", "Y8"]}


def test_a_game_the_bots_end_before_the_agent_decides_is_dealt_again() -> None:
    env = SingleAgentEnv(2, Rules(target_score=None, hand_size=2), opponents="greedy")
    _, info = env.reset(seed=1, options=BOT_GOES_OUT)
    assert info["action_mask"].any()  # the agent has something to decide
    assert env.table is not None and env.table.record().deck is None  # a new game


def test_a_hand_the_bots_end_before_the_agent_decides_is_paid_with_its_first_step() -> None:
    env = SingleAgentEnv(2, Rules(hand_size=2), opponents="greedy")
    _, info = env.reset(seed=1, options=BOT_GOES_OUT)
    assert env.table is not None
    state = env.table.state
    assert state.hand_number == 2 and state.history[0].went_out == 1
    _, reward, _, _, _ = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    state = env.table.state
    assert reward == pytest.approx(sum(hand_rewards(state, h)[0] for h in state.history))
    assert reward < 0  # the first hand was lost
