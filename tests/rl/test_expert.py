"""The `expert` bot (`lastcard.bots.expert`): its own encoding of a view is `observe`'s first
343 numbers, it chooses what `PolicyBot` chooses with the same file, it plays whole games at
every table size (as `heuristic` beyond two seats), and `lastcard bots` lists it."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

import lastcard.rl  # noqa: F401  (registers ppo, for the comparison)
from lastcard import Rules, apply, legal_actions, new_game, player_view
from lastcard.bots import ExpertBot, bot_names, make_bot
from lastcard.bots.expert import OBSERVATION_SIZE, WEIGHTS, encode
from lastcard.cli import app
from lastcard.core import Phase
from lastcard.rl.observation import observe
from lastcard.rl.policy import PolicyBot
from lastcard.sim import play_game


def positions(rules: Rules, players: int, games: int, seed: int):  # type: ignore[no-untyped-def]
    """(view, legal, may_pass) of every seat with something to do, over random games."""
    rng = random.Random(seed)
    for g in range(games):
        state = new_game(players, rules, seed=seed * 1000 + g)
        for _ in range(400):
            if state.phase in (Phase.GAME_OVER, Phase.HAND_OVER):
                break
            movers = []
            for seat in range(players):
                legal = legal_actions(state, seat)
                if legal:
                    may_pass = seat != state.to_act
                    yield player_view(state, seat), legal, may_pass
                    movers.append((seat, legal))
            seat, legal = next((m for m in movers if m[0] == state.to_act), movers[0])
            state = apply(state, seat, rng.choice(legal)).state


@pytest.mark.parametrize(
    ("rules", "players"),
    [(Rules(), 2), (Rules(target_score=None), 3), (Rules.preset("party"), 4)],
)
def test_its_encoding_is_the_first_343_numbers_of_observe(rules: Rules, players: int) -> None:
    for view, _, _ in positions(rules, players, 6, seed=players):
        assert (encode(view) == observe(view)[:OBSERVATION_SIZE]).all()


def test_it_chooses_what_policy_bot_chooses_with_its_file() -> None:
    expert = ExpertBot(0)
    reference = PolicyBot(0, path=WEIGHTS)
    compared = 0
    for view, legal, may_pass in positions(Rules(), 2, 12, seed=9):
        assert expert.choose(view, legal, may_pass=may_pass) == reference.choose(
            view, legal, may_pass=may_pass
        )
        compared += 1
    assert compared > 300


@pytest.mark.parametrize(
    "bots",
    [["expert", "heuristic"], ["greedy", "expert"], ["expert", "random", "heuristic", "expert"]],
)
def test_it_plays_whole_games(bots: list[str]) -> None:
    for seed in range(3):
        _, state = play_game(bots, Rules(), seed=seed)
        assert state.phase is Phase.GAME_OVER


def test_registered_and_listed() -> None:
    assert "expert" in bot_names()
    assert isinstance(make_bot("expert", 3), ExpertBot)
    result = CliRunner().invoke(app, ["bots"])
    assert result.exit_code == 0, result.output
    assert "expert" in result.output


def test_under_house_rules_it_plays_as_heuristic_heads_up() -> None:
    """The network learnt the official rules only: under theme cards and stacking, a heads-up
    expert makes exactly heuristic's choices."""
    from lastcard import Rules
    from lastcard.sim import play_game

    rules = Rules.preset("themes").changed(stacking="mixed")
    for seed in range(3):
        expert, _ = play_game(["expert", "greedy"], rules, seed=seed)
        plain, _ = play_game(["heuristic", "greedy"], rules, seed=seed)
        assert expert.actions == plain.actions
