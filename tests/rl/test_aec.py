"""The PettingZoo AEC environment `lastcard_v0`: PettingZoo's own API and seed tests, masks that
are exactly what the engine accepts, zero-sum rewards, whole games to their end."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from lastcard import LastcardError, Rules, apply
from lastcard.rl import env
from lastcard.rl.aec import LastcardEnv
from lastcard.rl.observation import OBSERVATION_SIZE

CASES = [(players, preset) for players in (2, 4, 10) for preset in ("official", "party")]


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo warns that a Dict observation "probably should be" a Box: the classic
    # environments with action masks use the same Dict, on purpose.
    warnings.filterwarnings("ignore", category=UserWarning, module="pettingzoo")


@pytest.mark.parametrize(("players", "preset"), CASES)
def test_pettingzoo_api_test(players: int, preset: str) -> None:
    api_test(env(players, preset), num_cycles=400)


@pytest.mark.parametrize(("players", "preset"), CASES)
def test_pettingzoo_seed_test(players: int, preset: str) -> None:
    seed_test(lambda: env(players, preset), num_cycles=200)


def play(game: LastcardEnv, seed: int, max_steps: int = 20_000) -> list[dict[str, float]]:
    """A whole game of random legal actions; the rewards of every step."""
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)
    rewards = []
    for _ in range(max_steps):
        if not game.agents:
            return rewards
        obs, _, terminated, truncated, _ = game.last()
        action = (
            None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        game.step(action)  # type: ignore[arg-type]
        rewards.append(dict(game.rewards))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("reward", ["hand", "game"])
@pytest.mark.parametrize(("players", "preset"), [(2, "official"), (4, "h2o"), (3, "elimination")])
def test_whole_games_end_and_rewards_are_zero_sum(players: int, preset: str, reward: str) -> None:
    game = env(players, preset, reward=reward)
    steps = play(game, seed=players)
    assert all(abs(sum(step.values())) < 1e-9 for step in steps)
    totals = {agent: sum(step.get(agent, 0.0) for step in steps) for agent in game.possible_agents}
    assert any(value != 0 for value in totals.values())
    assert game.table is not None and game.table.state.is_over
    if reward == "game":
        winners = {game.possible_agents[seat] for seat in game.table.state.winners}
        assert all((totals[agent] > 0) == (agent in winners) for agent in totals)


@pytest.mark.parametrize(
    ("players", "preset"), [(2, "official"), (3, "party"), (4, "official-2018")]
)
def test_the_mask_is_exactly_what_the_engine_accepts(players: int, preset: str) -> None:
    game = env(players, preset)
    game.reset(seed=7)
    rng = np.random.default_rng(7)
    table = game.table
    assert table is not None
    for _ in range(150):
        agent = game.agent_selection
        seat = game.possible_agents.index(agent)
        mask = game.observe(agent)["action_mask"]
        state = table.state
        for number in range(game.index.size):
            action = game.index.action_at(number)
            try:
                apply(state, seat, action)
                accepted = True
            except LastcardError:
                accepted = False
            assert bool(mask[number]) == accepted, (game.index.action_at(number).code, mask[number])
        game.step(int(rng.choice(np.flatnonzero(mask))))


# Seat 0: R5 R7, seat 1: R1 B2, seat 2: G1 G2 (dealer 2); first discard R3.
TRIO = {"dealer": 2, "deck": ["R5", "R1", "G1", "R7", "B2", "G2", "R3", "Y9", "Y8", "Y7"]}


def test_4_3_4_6_out_of_turn_offers_come_first_in_seat_order_each_with_pass() -> None:
    game = LastcardEnv(3, Rules(target_score=None, hand_size=2))
    game.reset(seed=1, options=TRIO)
    assert game.agent_selection == "player_0"
    game.step(game.index.index("R5"))  # no Uno call: seat 0 is exposed
    asked = []
    for _ in range(2):  # seat 0 may call late, seat 2 may catch; seat 1 (to act) waits
        agent = game.agent_selection
        mask = game.observe(agent)["action_mask"]
        asked.append((agent, [game.index.action_at(i).code for i in np.flatnonzero(mask[:-1])]))
        assert mask[game.pass_action] == 1
        game.step(game.pass_action)
    assert asked == [("player_0", ["uno"]), ("player_2", ["catch 0"])]
    assert game.agent_selection == "player_1"  # both passed: the seat to act decides
    codes = {
        game.index.action_at(i).code
        for i in np.flatnonzero(game.observe("player_1")["action_mask"][:-1])
    }
    assert "catch 0" in codes and "R1" in codes


def test_a_stacked_deck_and_dealer_come_through_reset_options() -> None:
    game = LastcardEnv(3, Rules(target_score=None, hand_size=2))
    game.reset(seed=1, options=TRIO)
    assert game.table is not None
    assert [c.code for c in game.table.state.hands[0]] == ["R5", "R7"]
    with pytest.raises(LastcardError):
        game.reset(seed=1, options={"dealer": 7})


def test_an_agent_that_is_not_asked_has_an_empty_mask_and_a_seat_to_act_may_not_pass() -> None:
    game = env(3, "official")
    game.reset(seed=3)
    asked = game.agent_selection
    for agent in game.possible_agents:
        mask = game.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == asked)
        assert game.observe(agent)["observation"].shape == (OBSERVATION_SIZE,)
    assert game.observe(asked)["action_mask"][game.pass_action] == 0
    with pytest.raises(LastcardError):
        game.step(game.pass_action)


def test_ansi_render_shows_the_table() -> None:
    game = env(2, "official", render_mode="ansi")
    game.reset(seed=1)
    text = game.render()
    assert text is not None and "top" in text and "player_0" in text and "player_1" in text


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(LastcardError):
        env(2, "official", reward="points")
    with pytest.raises(LastcardError):
        env(3, "partners")
    with pytest.raises(LastcardError):
        env(2, "no-such-preset")
