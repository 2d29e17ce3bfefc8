"""Pirate Uno (RULES.md §7.6) in the RL environments: the observation's Pirate slices (open
hands, the window, the cheat flag only its player sees, the colour to match), PettingZoo's and
Gymnasium's own tests under `Rules(pirate=True)`, masks that are exactly what the engine accepts,
the window's `pass` (an action number the asked seat must choose) apart from `PASS` (letting an
out-of-turn offer go), and policy files of both versions playing Pirate games legally."""

from __future__ import annotations

import dataclasses
import random
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from lastcard import (
    Card,
    GameState,
    LastcardError,
    Phase,
    Rules,
    action_index,
    apply,
    legal_actions,
    player_view,
)
from lastcard.bots import make_bot
from lastcard.core import Action, PlayerView
from lastcard.core.action_index import CARD_ORDER, version_size
from lastcard.rl import SingleAgentEnv, env, observe, parallel_env
from lastcard.rl.aec import LastcardEnv
from lastcard.rl.observation import LAYOUT, MAX_SEATS, OBSERVATION_SIZE
from lastcard.rl.parallel import LastcardParallelEnv
from lastcard.rl.policy import Policy, PolicyBot, load_policy
from lastcard.sim import play_game
from positions import position
from random_play import play_at_random

PIRATE = Rules(pirate=True)
ONE_HAND = Rules(pirate=True, target_score=None)
TRAINED = Path(__file__).resolve().parents[2] / "examples" / "models" / "ppo_heads_up.npz"
PIRATE_SLICES = ("pirate_window", "cheat", "pirate_color", "open_hands")

# Seat 0: R5 R7, seat 1: R1 B2, seat 2: G1 G2 (dealer 2, seat 0 plays first); first discard R3.
TRIO = {"dealer": 2, "deck": ["R5", "R1", "G1", "R7", "B2", "G2", "R3", "Y9", "Y8", "Y7"]}
TRIO_RULES = Rules(pirate=True, target_score=None, hand_size=2)


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo warns that a Dict observation "probably should be" a Box, Gymnasium that a Box
    # has no finite bounds: both on purpose (see test_aec.py and test_single_agent.py).
    warnings.filterwarnings("ignore", category=UserWarning, module="pettingzoo")
    warnings.filterwarnings("ignore", category=UserWarning, module="gymnasium")


def codes(mask: npt.NDArray[Any], game: Any) -> list[str]:
    """The codes of the action numbers set in a mask, `PASS` left out."""
    return [game.index.action_at(int(i)).code for i in np.flatnonzero(mask[:-1])]


def window(cheat: bool) -> GameState:
    """Seat 0 has just played (G7 on R5: a cheat; R3: a fair play); seat 1 is asked."""
    state = position(["G7 R3 B2", "B1 R9 Y2", "G1 G2"], "B5 R5", rules=PIRATE)
    return apply(state, 0, "G7" if cheat else "R3").state


def block(obs: npt.NDArray[np.float32], slot: int) -> list[float]:
    """The open hand of relative seat `slot` in `obs`, as 58 card counts."""
    start = LAYOUT["open_hands"].start + slot * len(CARD_ORDER)
    return [float(n) for n in obs[start : start + len(CARD_ORDER)]]


def counts(cards: tuple[Card, ...]) -> list[float]:
    return [float(cards.count(Card.from_code(code))) for code in CARD_ORDER]


# -- the observation ------------------------------------------------------------------------


class TestObservation:
    def test_7_6_4_the_window_is_its_own_phase_number_and_its_colour_is_shown(self) -> None:
        state = window(cheat=True)
        assert state.phase is Phase.AWAIT_PIRATE
        for seat in range(3):
            obs = observe(player_view(state, seat))
            assert obs[LAYOUT["pirate_window"]].tolist() == [1.0]
            assert obs[LAYOUT["phase"]].sum() == 0.0
            # R5 was the colour to match (r, y, g, b); the pile's colour is now the G7's.
            assert obs[LAYOUT["pirate_color"]].tolist() == [1.0, 0.0, 0.0, 0.0]
            assert obs[LAYOUT["color"]].tolist() == [0.0, 0.0, 1.0, 0.0]

    def test_7_6_3_the_cheat_flag_is_its_players_alone(self) -> None:
        cheated, fair = window(cheat=True), window(cheat=False)
        assert observe(player_view(cheated, 0))[LAYOUT["cheat"]].tolist() == [1.0]
        assert observe(player_view(fair, 0))[LAYOUT["cheat"]].tolist() == [0.0]
        for seat in (1, 2):
            assert observe(player_view(cheated, seat))[LAYOUT["cheat"]].tolist() == [0.0]

    def test_7_6_3_nobody_else_learns_the_flag_from_any_number(self) -> None:
        state = window(cheat=True)
        assert state.pirate is not None
        flipped = dataclasses.replace(state, pirate=dataclasses.replace(state.pirate, cheat=False))
        for seat in (1, 2):
            mine = observe(player_view(state, seat))
            assert np.array_equal(mine, observe(player_view(flipped, seat)))
        # The player sees its own flag: the test above could fail.
        assert not np.array_equal(observe(player_view(state, 0)), observe(player_view(flipped, 0)))

    def test_7_6_2_open_hands_are_every_hand_relative_to_the_observer(self) -> None:
        state = window(cheat=False)
        for seat in range(3):
            view = player_view(state, seat)
            obs = observe(view)
            assert view.hand is not None
            for slot in range(3):
                assert block(obs, slot) == counts(state.hands[(seat + slot) % 3])
            assert block(obs, 0) == obs[LAYOUT["hand"]].tolist()  # slot 0 repeats `hand`
            for slot in range(3, MAX_SEATS):
                assert not any(block(obs, slot))

    def test_the_pirate_slices_are_0_under_other_rules_and_outside_a_window(self) -> None:
        plain = position(["G7 R3 B2", "B1 R9 Y2", "G1 G2"], "B5 R5")
        obs = observe(player_view(plain, 0))
        assert all(not obs[LAYOUT[name]].any() for name in PIRATE_SLICES)
        passed = apply(apply(window(cheat=False), 1, "pass").state, 2, "pass").state
        assert passed.phase is Phase.AWAIT_TURN
        obs = observe(player_view(passed, 0))
        assert all(not obs[LAYOUT[name]].any() for name in ("pirate_window", "cheat"))
        assert not obs[LAYOUT["pirate_color"]].any()
        assert obs[LAYOUT["open_hands"]].any()  # the hands stay open

    def test_nothing_hidden_changes_an_observation_under_pirate(self) -> None:
        # Under Pirate the hands are open: what stays hidden is the stock's order, the
        # generator, and another player's cheat flag (checked above).
        rng = random.Random(4)
        played = play_at_random("pirate", PIRATE, 4, seed=4, steps=300)
        windows = 0
        for state in played.states[::3]:
            windows += state.phase is Phase.AWAIT_PIRATE
            stock = list(state.stock)
            rng.shuffle(stock)
            generator = dataclasses.replace(state.rng, counter=state.rng.counter + 999)
            other = dataclasses.replace(state, stock=tuple(stock), rng=generator)
            for seat in range(state.players):
                assert np.array_equal(
                    observe(player_view(state, seat)), observe(player_view(other, seat))
                )
        assert windows > 0


# -- the environments -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test_under_pirate(players: int) -> None:
    game = env(players, PIRATE)
    assert not game.fast_path  # Pirate implies Seven-O: the table path
    api_test(game, num_cycles=400)


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_parallel_api_test_under_pirate(players: int) -> None:
    parallel_api_test(parallel_env(players, PIRATE), num_cycles=400)


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_seed_tests_under_pirate(players: int) -> None:
    seed_test(lambda: env(players, PIRATE), num_cycles=200)
    parallel_seed_test(lambda: parallel_env(players, PIRATE), num_cycles=200)


def accepts(state: GameState, seat: int, action: Action) -> bool:
    try:
        apply(state, seat, action)
    except LastcardError:
        return False
    return True


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 7)])
def test_7_6_the_aec_mask_is_exactly_what_the_engine_accepts(players: int, seed: int) -> None:
    game = env(players, PIRATE)
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    table = game.table
    assert table is not None
    seen: set[str] = set()
    for _ in range(300):
        agent = game.agent_selection
        seat = game.possible_agents.index(agent)
        mask = game.observe(agent)["action_mask"]
        state = table.state
        for number in range(game.index.size):
            action = game.index.action_at(number)
            assert bool(mask[number]) == accepts(state, seat, action), (action.code, state.phase)
        if state.phase is Phase.AWAIT_PIRATE and seat == state.to_act:
            # The window's asked seat decides: its `pass` is an action number, never `PASS`.
            assert {"pass", "cheat"} <= set(codes(mask, game))
            assert mask[game.pass_action] == 0
            seen.add("window")
        if state.phase is Phase.AWAIT_TURN and seat == state.turn:
            playable = {a.card for a in legal_actions(state, seat) if a.card is not None}
            if playable == set(state.hands[seat]):
                seen.add("any card")  # §7.6.3: every card of the hand, matching or not
        choice = int(rng.choice(np.flatnonzero(mask)))
        seen.add(game.index.action_at(choice).code if choice < game.index.size else "PASS")
        game.step(choice)
    assert {"window", "any card", "pass", "cheat"} <= seen


def test_7_6_the_parallel_masks_are_exactly_what_the_engine_accepts() -> None:
    game = parallel_env(4, PIRATE)
    observations, _ = game.reset(seed=5)
    rng = np.random.default_rng(5)
    table = game.table
    assert table is not None
    windows = 0
    for _ in range(200):
        state = table.state
        for seat, agent in enumerate(game.possible_agents):
            mask = observations[agent]["action_mask"]
            for number in range(game.index.size):
                action = game.index.action_at(number)
                assert bool(mask[number]) == accepts(state, seat, action), (agent, action.code)
            assert mask[game.pass_action] == (0 if seat == state.to_act else 1)
        windows += state.phase is Phase.AWAIT_PIRATE
        actions = {
            agent: int(rng.choice(np.flatnonzero(obs["action_mask"])))
            for agent, obs in observations.items()
        }
        observations, *_ = game.step(actions)
    assert windows > 10


class TestTheWindowInTheAecEnv:
    """The window asks the seats after the player in turn order, each as the seat to act."""

    def game(self) -> LastcardEnv:
        game = LastcardEnv(3, TRIO_RULES)
        game.reset(seed=1, options=TRIO)
        return game

    def asked(self, game: LastcardEnv) -> tuple[str, list[str], int]:
        agent = game.agent_selection
        mask = game.observe(agent)["action_mask"]
        return agent, codes(mask, game), int(mask[game.pass_action])

    def test_7_6_4_every_other_seat_is_asked_in_turn_and_may_not_let_it_go(self) -> None:
        game = self.game()
        game.step(game.index.index("R5!"))  # a fair play
        assert self.asked(game) == ("player_1", ["pass", "cheat"], 0)
        with pytest.raises(LastcardError, match="may not pass"):
            game.step(game.pass_action)  # `PASS` is no answer to the window
        game.step(game.index.index("pass"))
        assert self.asked(game) == ("player_2", ["pass", "cheat"], 0)
        game.step(game.index.index("pass"))  # everyone passed: the R5 resolves
        agent, offered, may_pass = self.asked(game)
        assert (agent, may_pass) == ("player_1", 0) and "R1" in offered
        assert game.table is not None and game.table.state.phase is Phase.AWAIT_TURN

    def test_7_6_4_a_right_call_sends_the_card_back_and_the_cheat_flag_was_its_own(self) -> None:
        game = self.game()
        for code in ("R5!", "pass", "pass", "B2!"):  # seat 1 plays B2 on R5: a cheat
            game.step(game.index.index(code))
        assert self.asked(game) == ("player_2", ["pass", "cheat"], 0)
        cheat = LAYOUT["cheat"]
        assert game.observe("player_1")["observation"][cheat].tolist() == [1.0]
        assert game.observe("player_2")["observation"][cheat].tolist() == [0.0]
        game.step(game.index.index("cheat"))
        assert game.table is not None
        state = game.table.state
        assert [c.code for c in state.hands[1]] == ["R1", "B2", "Y9", "Y8"]  # back, and 2 drawn
        assert (state.top.code, state.turn) == ("R5", 2)
        assert game.agent_selection == "player_2"

    def test_7_6_5_a_missed_call_is_caught_after_the_window_with_pass_for_offers(self) -> None:
        game = self.game()
        game.step(game.index.index("R5"))  # no Uno call: exposed once the play resolves
        assert self.asked(game) == ("player_1", ["pass", "cheat"], 0)
        game.step(game.index.index("pass"))
        game.step(game.index.index("pass"))
        # Now the out-of-turn offers come first, each with `PASS`: seat 0's late call, seat 2's
        # catch; then seat 1, to act, decides.
        assert self.asked(game) == ("player_0", ["uno"], 1)
        game.step(game.pass_action)
        assert self.asked(game) == ("player_2", ["catch 0"], 1)
        game.step(game.pass_action)
        agent, offered, may_pass = self.asked(game)
        assert (agent, may_pass) == ("player_1", 0) and {"catch 0", "R1"} <= set(offered)


def test_the_ansi_rendering_shows_the_window_and_its_verdict() -> None:
    game = LastcardEnv(3, TRIO_RULES, render_mode="ansi")
    game.reset(seed=1, options=TRIO)
    assert "pirate window" not in (game.render() or "")
    game.step(game.index.index("R5!"))
    text = game.render() or ""
    assert "await_pirate" in text
    assert "pirate window: player_0's R5 is fair (it had to match red or R3)" in text
    for code in ("pass", "pass", "B2!"):
        game.step(game.index.index(code))
    assert "player_1's B2 is a cheat (it had to match red or R5)" in (game.render() or "")


def test_7_6_4_the_parallel_env_asks_the_window_alone() -> None:
    game = LastcardParallelEnv(3, TRIO_RULES)
    observations, _ = game.reset(seed=1, options=TRIO)
    observations, *_ = game.step({"player_0": game.index.index("R5!")})
    masks = {agent: obs["action_mask"] for agent, obs in observations.items()}
    assert codes(masks["player_1"], game) == ["pass", "cheat"]
    assert masks["player_1"][game.pass_action] == 0
    for agent in ("player_0", "player_2"):  # nothing to do: `PASS` alone
        assert codes(masks[agent], game) == [] and masks[agent][game.pass_action] == 1
    _, rewards, terminations, _, infos = game.step({"player_1": game.pass_action})
    assert all(terminations.values()) and infos["player_1"] == {"illegal_action": True}
    assert rewards["player_1"] == -1.0


@pytest.mark.parametrize("fast", [True, False])
def test_the_single_agent_env_plays_pirate_games(fast: bool) -> None:
    game = SingleAgentEnv(2, ONE_HAND, opponents="greedy", fast=fast)
    assert not game.fast_path
    check_env(game)
    rng = np.random.default_rng(2)
    windows = 0
    for seed in range(3):
        _, info = game.reset(seed=seed)
        terminated = False
        while not terminated:
            mask = game.action_masks()
            assert game.table is not None
            state = game.table.state
            if state.phase is Phase.AWAIT_PIRATE:
                assert state.to_act == game.seat
                assert codes(mask, game) == ["pass", "cheat"] and not mask[game.pass_action]
                windows += 1
            _, _, terminated, _, info = game.step(int(rng.choice(np.flatnonzero(mask))))
            assert "illegal_action" not in info
    assert windows > 0


# -- policies -------------------------------------------------------------------------------


class Recording:
    """Wraps a bot and checks every answer against what was offered."""

    def __init__(self, bot: PolicyBot) -> None:
        self.bot, self.answers, self.window_answers = bot, 0, 0

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        answer = self.bot.choose(view, legal, may_pass=may_pass)
        assert answer in legal if answer is not None else may_pass
        self.answers += 1
        self.window_answers += view.phase is Phase.AWAIT_PIRATE
        return answer


def random_policy(version_obs: int, actions: int, seed: int) -> Policy:
    rng = np.random.default_rng(seed)
    weight = rng.normal(0.0, 1.0, (version_obs, actions)).astype(np.float32)
    return Policy((), (weight, rng.normal(0.0, 1.0, actions).astype(np.float32)), "tanh", 2)


def test_7_6_4_a_version_1_policy_answers_the_window_as_greedy() -> None:
    bot = PolicyBot.from_policy(random_policy(343, version_size(2, 1) + 1, seed=1))
    state = apply(position(["G7 R3 B2", "B1 R9 Y2"], "B5 R5", rules=PIRATE), 0, "G7").state
    view, legal = player_view(state, 1), legal_actions(state, 1)
    assert [a.code for a in legal] == ["pass", "cheat"]  # neither numbered by version 1
    answer = bot.choose(view, legal)
    assert answer == make_bot("greedy", 0).choose(view, legal)
    assert answer in legal


def test_a_version_2_policy_chooses_in_the_window_by_its_logits() -> None:
    state = apply(position(["G7 R3 B2", "B1 R9 Y2"], "B5 R5", rules=PIRATE), 0, "G7").state
    view, legal = player_view(state, 1), legal_actions(state, 1)
    size = version_size(2) + 1
    for favourite in ("pass", "cheat"):
        bias = np.zeros(size, np.float32)
        bias[action_index(2).index(favourite)] = 50.0
        policy = Policy((), (np.zeros((OBSERVATION_SIZE, size), np.float32), bias), "relu", 2)
        answer = PolicyBot.from_policy(policy).choose(view, legal)
        assert answer is not None and answer.code == favourite


@pytest.mark.skipif(not TRAINED.exists(), reason="no trained policy in examples/models")
def test_the_trained_version_1_policy_plays_pirate_games_legally() -> None:
    policy = load_policy(TRAINED)
    assert policy.observation_size == 343  # trained on version 1
    agent = Recording(PolicyBot(0, path=TRAINED))
    for seed in range(3):
        for bots in ([agent, make_bot("greedy", seed)], [make_bot("random", seed), agent]):
            _, state = play_game([lambda _s, b=b: b for b in bots], ONE_HAND, seed)  # type: ignore[misc]
            assert state.is_over  # a wrong answer would have raised BotMistakeError
    assert agent.window_answers > 0
