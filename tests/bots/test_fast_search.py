"""The search on `FastGame` (the default) against the search through the checked engine
(`fast=False`): the same samples, the same rollouts, the same tree, so the same statistics and
the same choices for a seed and an iteration budget, for every option that changes the search."""

from __future__ import annotations

import copy
import random

import pytest

from lastcard import Action, Phase, Rules
from lastcard.bots import Bot, make_bot
from lastcard.bots.determinize import Sampler
from lastcard.bots.ismcts import IsmctsBot, engine_playout
from lastcard.bots.rollout import ROLLOUT_POLICIES, fast_playout, fast_policy_move
from lastcard.bots.search_decisions import DecisionRecorder, SearchDecision
from lastcard.core.unchecked import FastGame
from lastcard.sim import play_game


def decisions(rules: Rules, players: int, seed: int, most: int = 8) -> list[SearchDecision]:
    found: list[SearchDecision] = []

    def recorder(bot_seed: int) -> Bot:
        return DecisionRecorder(bot_seed, found)

    play_game([recorder] + ["heuristic"] * (players - 1), rules, seed=seed)
    return found[:most]


def search(decision: SearchDecision, seed: int, **options: object) -> tuple[Action | None, object]:
    bot = IsmctsBot(seed, **options)  # type: ignore[arg-type]
    bot._knowledge = copy.deepcopy(decision.knowledge)
    choice = bot.choose(decision.view, decision.legal)
    return choice, bot.last_statistics


OPTIONS: list[dict[str, object]] = [
    {},
    {"rollout": "strong"},
    {"rollout": "random", "rollout_depth": 15},
    {"opponents": "tree", "widening": 1.0},
    {"paired": True, "tree_depth": 1},
    {"voids": False, "bluff_odds": 1.0, "prune": False},
]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(
    "options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_fast_and_checked_searches_agree(players: int, options: dict[str, object]) -> None:
    found = decisions(Rules(target_score=None), players, seed=players, most=5)
    assert len(found) >= 3
    for i, decision in enumerate(found):
        fast = search(decision, i, iterations=60, **options)
        checked = search(decision, i, iterations=60, fast=False, **options)
        assert fast == checked, i
        assert fast[1]  # a search ran and kept its statistics


@pytest.mark.parametrize(
    ("name", "rules", "players"),
    [
        ("no bluffing", Rules(wd4_bluffing=False), 3),
        ("no voluntary draws", Rules(allow_voluntary_draw=False, hand_size=4), 2),
        ("h2o", Rules.preset("h2o"), 3),
        ("party: not covered, searched on the engine", Rules.preset("party"), 3),
    ],
)
def test_fast_and_checked_searches_agree_under_house_rules(
    name: str, rules: Rules, players: int
) -> None:
    for i, decision in enumerate(decisions(rules, players, seed=7, most=4)):
        assert search(decision, i, iterations=40) == search(decision, i, iterations=40, fast=False)


@pytest.mark.parametrize("policy", list(ROLLOUT_POLICIES))
def test_a_fast_rollout_ends_where_the_checked_one_does(policy: str) -> None:
    """From the same sample and generator: the same rewards and the same random numbers used."""
    for decision in decisions(Rules(target_score=None), 3, seed=11, most=6):
        sampler = Sampler(decision.view, decision.knowledge)
        for k in range(5):
            fast_rng, checked_rng = random.Random(k), random.Random(k)
            game = sampler.fast_game(fast_rng)
            state = sampler.state(checked_rng)
            assert game.to_state() == state
            for depth in (400, 6):
                a = random.Random(100 + k)
                b = random.Random(100 + k)
                copied = type(game).from_state(game.to_state())
                rewards = fast_playout(copied, a, ROLLOUT_POLICIES[policy], depth)
                assert rewards == engine_playout(state, b, ROLLOUT_POLICIES[policy], depth)
                assert a.getstate() == b.getstate()
                assert sum(rewards) == pytest.approx(1.0)


@pytest.mark.parametrize("policy", list(ROLLOUT_POLICIES))
@pytest.mark.parametrize("rules", [Rules(target_score=None), Rules(wd4_bluffing=False)])
def test_a_policy_move_without_the_list_is_the_move_with_it(policy: str, rules: Rules) -> None:
    """`fast_policy_move` makes the move `policy` picks from `legal`, from the same numbers,
    in every phase a search meets (the tree's opponents are played this way)."""
    phases = set()
    for decision in decisions(rules, 3, seed=13, most=4):
        sampler = Sampler(decision.view, decision.knowledge)
        for k in range(4):
            game = sampler.fast_game(random.Random(k))
            moves = random.Random(50 + k)
            while not game.ended:
                seat = game.to_act
                assert seat is not None
                phases.add(game.phase)
                listed = FastGame.from_state(game.to_state())
                a, b = random.Random(k), random.Random(k)
                listed.push(seat, ROLLOUT_POLICIES[policy](listed, seat, listed.legal(seat), a))
                fast_policy_move(game, seat, ROLLOUT_POLICIES[policy], b)
                assert game.to_state() == listed.to_state()
                assert a.getstate() == b.getstate()
                actor = game.to_act
                if actor is not None and moves.random() < 0.3:  # now and then any legal move
                    game.push(actor, moves.choice(game.legal(actor)))
    assert {Phase.AWAIT_TURN, Phase.AFTER_DRAW} <= phases
    assert (Phase.AWAIT_WD4_RESPONSE in phases) is rules.wd4_bluffing


def test_whole_games_are_the_same_either_way() -> None:
    rules = Rules(hand_size=5, target_score=60)

    def game(fast: bool) -> tuple[tuple[int, str], ...]:
        bots = [lambda s: IsmctsBot(s, iterations=12, fast=fast), "heuristic", "greedy"]
        record, state = play_game(bots, rules, seed=5)  # type: ignore[arg-type]
        assert state.is_over
        return record.actions

    assert game(True) == game(False)


def test_fast_is_the_default_and_an_option() -> None:
    assert IsmctsBot(1).fast is True
    bot = make_bot("ismcts:fast=false", seed=1)
    assert isinstance(bot, IsmctsBot) and bot.fast is False
