"""The PettingZoo parallel environment of `lastcard_v0`: PettingZoo's own parallel API and seed
tests, masks that are exactly what the engine accepts, simultaneous offers resolved in the
table's poll order, and the same game as through the AEC environment."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

from lastcard import LastcardError, Rules, apply
from lastcard.core import GameState
from lastcard.rl import env, parallel_env
from lastcard.rl.observation import OBSERVATION_SIZE
from lastcard.rl.parallel import LastcardParallelEnv

CASES = [(players, preset) for players in (2, 4, 10) for preset in ("official", "party")]

# Seat 0: R5 R7, seat 1: R1 B2, seat 2: G1 G2 (dealer 2); first discard R3.
TRIO = {"dealer": 2, "deck": ["R5", "R1", "G1", "R7", "B2", "G2", "R3", "Y9", "Y8", "Y7"]}


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo warns that a Dict observation "probably should be" a Box: the classic
    # environments with action masks use the same Dict, on purpose.
    warnings.filterwarnings("ignore", category=UserWarning, module="pettingzoo")


def legal(mask: npt.NDArray[np.int8]) -> list[int]:
    return [int(number) for number in np.flatnonzero(mask)]


def random_actions(
    observations: dict[str, dict[str, Any]], rng: np.random.Generator
) -> dict[str, int]:
    return {
        agent: int(rng.choice(legal(obs["action_mask"]))) for agent, obs in observations.items()
    }


@pytest.mark.parametrize(("players", "preset"), CASES)
def test_pettingzoo_parallel_api_test(players: int, preset: str) -> None:
    parallel_api_test(parallel_env(players, preset), num_cycles=400)


@pytest.mark.parametrize(("players", "preset"), CASES)
def test_pettingzoo_parallel_seed_test(players: int, preset: str) -> None:
    # PettingZoo's test samples actions without the mask and stops after one step; the test
    # below plays whole stretches of legal actions.
    parallel_seed_test(lambda: parallel_env(players, preset), num_cycles=200)


@pytest.mark.parametrize(("players", "preset"), [(2, "official"), (4, "party"), (10, "party")])
def test_a_seed_replays_the_same_game(players: int, preset: str) -> None:
    def trajectory(game: LastcardParallelEnv, seed: int | None) -> list[Any]:
        observations, _ = game.reset(seed=seed)
        rng = np.random.default_rng(5)
        steps: list[Any] = [observations]
        for _ in range(150):
            step = game.step(random_actions(observations, rng))
            observations = step[0]
            steps.append(step)
        return steps

    def same(a: Any, b: Any) -> bool:
        if isinstance(a, dict):
            return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
        if isinstance(a, tuple | list):
            return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
        if isinstance(a, np.ndarray):
            return a.dtype == b.dtype and np.array_equal(a, b)
        return bool(a == b)

    first, second = parallel_env(players, preset), parallel_env(players, preset)
    assert same(trajectory(first, 11), trajectory(second, 11))
    assert same(trajectory(first, None), trajectory(second, None))  # the seed's next game
    replayed = trajectory(first, 11)
    assert same(replayed, trajectory(second, 11))
    assert not same(replayed, trajectory(second, 12))


def engine_accepts(state: GameState, seat: int, number: int, game: LastcardParallelEnv) -> bool:
    try:
        apply(state, seat, game.index.action_at(number))
    except LastcardError:
        return False
    return True


@pytest.mark.parametrize(
    ("players", "preset"), [(2, "official"), (3, "party"), (4, "official-2018"), (5, "party")]
)
def test_every_agents_mask_is_exactly_what_the_engine_accepts(players: int, preset: str) -> None:
    game = parallel_env(players, preset)
    observations, _ = game.reset(seed=7)
    rng = np.random.default_rng(7)
    table = game.table
    assert table is not None
    offers_at_once = 0
    for _ in range(300):
        state = table.state
        asked = 0
        for seat, agent in enumerate(game.possible_agents):
            mask = observations[agent]["action_mask"]
            for number in range(game.index.size):
                action = game.index.action_at(number)
                accepted = engine_accepts(state, seat, number, game)
                assert bool(mask[number]) == accepted, (agent, action.code)
            decides = seat == state.to_act
            offered = mask[: game.index.size].any()
            asked += bool(offered)
            # The seat to act may not pass; an offer may be let go; with nothing to do, PASS.
            assert mask[game.pass_action] == (0 if decides else 1)
            assert offered or not decides
        offers_at_once += asked > 1
        observations, *_ = game.step(random_actions(observations, rng))
    assert offers_at_once > 0  # the positions checked include out-of-turn offers


def test_4_3_4_6_offers_and_the_decision_are_asked_at_once_in_the_poll_order() -> None:
    game = LastcardParallelEnv(3, Rules(target_score=None, hand_size=2))
    observations, _ = game.reset(seed=1, options=TRIO)
    masks = {agent: obs["action_mask"] for agent, obs in observations.items()}
    assert legal(masks["player_1"]) == legal(masks["player_2"]) == [game.pass_action]
    observations, *_ = game.step({"player_0": game.index.index("R5")})  # no Uno call: exposed
    codes = {
        agent: [game.index.action_at(n).code for n in legal(obs["action_mask"][:-1])]
        for agent, obs in observations.items()
    }
    assert codes["player_0"] == ["uno"] and codes["player_2"] == ["catch 0"]
    assert "catch 0" in codes["player_1"] and "R1" in codes["player_1"]
    pass_bits = {agent: obs["action_mask"][game.pass_action] for agent, obs in observations.items()}
    assert pass_bits == {"player_0": 1, "player_1": 0, "player_2": 1}


@pytest.mark.parametrize(
    ("uno_by_0", "catch_by_2", "by_1", "applied"),
    [
        ("uno", "catch 0", "R1", (0, "uno")),  # two shout at once: seat 0 comes first
        ("PASS", "catch 0", "catch 0", (2, "catch 0")),  # offers before the seat to act
        ("PASS", "catch 0", "R1", (2, "catch 0")),
        ("PASS", "PASS", "catch 0", (1, "catch 0")),
        ("PASS", "PASS", "R1", (1, "R1")),
    ],
)
def test_4_6_the_first_action_in_the_poll_order_is_applied_and_the_others_discarded(
    uno_by_0: str, catch_by_2: str, by_1: str, applied: tuple[int, str]
) -> None:
    game = LastcardParallelEnv(3, Rules(target_score=None, hand_size=2))
    game.reset(seed=1, options=TRIO)
    game.step({"player_0": game.index.index("R5")})
    table = game.table
    assert table is not None
    before = len(table.record().actions)

    def number(code: str) -> int:
        return game.pass_action if code == "PASS" else game.index.index(code)

    _, rewards, terminations, _, infos = game.step(
        {"player_0": number(uno_by_0), "player_1": number(by_1), "player_2": number(catch_by_2)}
    )
    assert table.record().actions[before:] == (applied,)
    assert rewards == dict.fromkeys(game.possible_agents, 0.0)
    assert not any(terminations.values()) and infos == {a: {} for a in game.possible_agents}
    # Seat 1 was to act and still is, unless its own action was the one applied.
    assert (table.state.to_act == 1) == (applied != (1, "R1"))


def test_a_game_with_the_same_choices_ends_as_through_the_aec_env() -> None:
    for players, preset, seed in [(2, "official", 3), (4, "party", 4), (3, "elimination", 5)]:
        # The AEC env, random legal choices: the actions applied (passes are not), the rewards.
        aec = env(players, preset)
        aec.reset(seed=seed)
        rng = np.random.default_rng(seed)
        choices: list[tuple[int, int]] = []
        aec_totals = dict.fromkeys(aec.possible_agents, 0.0)
        for agent in aec.agent_iter():
            obs, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)  # type: ignore[arg-type]
                continue
            number = int(rng.choice(legal(obs["action_mask"])))
            if number != aec.pass_action:
                choices.append((aec.possible_agents.index(agent), number))
            aec.step(number)
            for name, value in aec.rewards.items():
                aec_totals[name] += value
        assert aec.table is not None and aec.table.state.is_over

        # The parallel env, the same choices: each applied one from its seat, a PASS from the
        # offered seats before it, anything legal (to be discarded) from the seats after it.
        game = parallel_env(players, preset)
        observations, _ = game.reset(seed=seed)
        totals = dict.fromkeys(game.possible_agents, 0.0)
        discarded = 0
        for seat, chosen in choices:
            masks = {agent: obs["action_mask"] for agent, obs in observations.items()}
            offered = [a for a, m in masks.items() if m[game.pass_action] and m[:-1].any()]
            to_act = [a for a, m in masks.items() if not m[game.pass_action] and m.any()]
            order = offered + to_act  # the table's poll order
            actor = game.possible_agents[seat]
            actions = {agent: game.pass_action for agent in masks}
            actions[actor] = chosen
            for later in order[order.index(actor) + 1 :]:
                actions[later] = int(rng.choice(legal(masks[later])))
                discarded += actions[later] != game.pass_action
            observations, rewards, terminations, _, _ = game.step(actions)
            assert abs(sum(rewards.values())) < 1e-9
            for name, value in rewards.items():
                totals[name] += value
        assert game.agents == [] and all(terminations.values())
        assert game.table is not None
        assert game.table.state.scores == aec.table.state.scores
        assert game.table.state.winners == aec.table.state.winners
        assert game.table.record().actions == aec.table.record().actions
        assert totals == pytest.approx(aec_totals)
        assert discarded > 0, (players, preset)  # actions were discarded along the way


def test_an_action_outside_the_mask_ends_the_episode_with_nothing_applied() -> None:
    game = parallel_env(3, "official", illegal_reward=-5.0)
    observations, _ = game.reset(seed=3)
    table = game.table
    assert table is not None
    to_act = next(a for a, obs in observations.items() if not obs["action_mask"][-1])
    other = next(a for a in game.possible_agents if a != to_act)
    move = legal(observations[to_act]["action_mask"])[0]
    # An agent asked nothing may only pass: `move` is illegal for it, whoever may play it.
    observations, rewards, terminations, truncations, infos = game.step({to_act: move, other: move})
    assert table.ply == 0
    assert rewards == {a: -5.0 if a == other else 0.0 for a in game.possible_agents}
    assert all(terminations.values()) and not any(truncations.values())
    assert infos == {a: {"illegal_action": True} if a == other else {} for a in infos}
    assert game.agents == []
    assert all(not obs["action_mask"].any() for obs in observations.values())
    with pytest.raises(LastcardError):
        game.step({})


@pytest.mark.parametrize("wrong", ["missing", "pass", -1, 10_000])
def test_the_seat_to_act_must_act_within_the_space(wrong: str | int) -> None:
    game = parallel_env(2, "official")
    observations, _ = game.reset(seed=3)
    to_act = next(a for a, obs in observations.items() if not obs["action_mask"][-1])
    actions = {} if wrong == "missing" else {to_act: game.pass_action if wrong == "pass" else wrong}
    _, rewards, terminations, _, infos = game.step(actions)
    assert rewards[to_act] == -1.0 and infos[to_act] == {"illegal_action": True}
    assert all(terminations.values())


def test_actions_for_no_live_agent_are_refused_and_change_nothing() -> None:
    game = parallel_env(2, "official")
    with pytest.raises(LastcardError):
        game.step({})  # before reset
    observations, _ = game.reset(seed=3)
    with pytest.raises(LastcardError):
        game.step({"player_7": game.pass_action})
    assert game.agents == game.possible_agents
    game.step(random_actions(observations, np.random.default_rng(0)))
    assert game.table is not None and game.table.ply == 1


def test_observations_are_the_aec_envs_and_render_shows_the_table() -> None:
    game = parallel_env(4, "party", render_mode="ansi")
    aec = env(4, "party")
    observations, infos = game.reset(seed=9)
    aec.reset(seed=9)
    assert infos == {agent: {} for agent in game.possible_agents}
    for agent in game.possible_agents:
        vector = observations[agent]["observation"]
        assert vector.shape == (OBSERVATION_SIZE,)
        assert game.observation_space(agent).contains(observations[agent])
        assert np.array_equal(vector, aec.observe(agent)["observation"])
    text = game.render()
    assert text is not None and "top" in text and "player_3" in text
    assert parallel_env(2).render() is None  # no render mode: nothing to show


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(LastcardError):
        parallel_env(2, "official", reward="points")
    with pytest.raises(LastcardError):
        parallel_env(3, "partners")
    with pytest.raises(LastcardError):
        parallel_env(2, "no-such-preset")
