"""`PolicyBot` (`lastcard.rl.policy`): a policy network played with NumPy alone. Legal answers
in whole games, `PASS` only when offered, the argmax of the masked logits, the `.npz` format
checked on reading, the `ppo` bot of the registry and of `lastcard watch`."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import lastcard.rl
from lastcard import (
    LastcardError,
    Rules,
    action_index,
    apply,
    legal_actions,
    parse_action,
    player_view,
)
from lastcard.bots import bot_names, make_bot
from lastcard.cli import app
from lastcard.core import Action, PlayerView
from lastcard.core.action_index import version_size
from lastcard.rl.observation import OBSERVATION_SIZE, VERSION_SIZES
from lastcard.rl.policy import Policy, PolicyBot, PolicyFileError, load_policy, save_policy
from lastcard.sim import play_game
from positions import position

TRAINED = Path(__file__).resolve().parents[2] / "examples" / "models" / "ppo_heads_up.npz"


def random_policy(
    players: int = 2,
    seed: int = 0,
    hidden: tuple[int, ...] = (16, 8),
    version: int = 2,
    **kwargs: object,
) -> Policy:
    rng = np.random.default_rng(seed)
    widths = [VERSION_SIZES[version], *hidden, version_size(players, version) + 1]
    pairs = [
        (
            rng.normal(0.0, 1.0, (a, b)).astype(np.float32),
            rng.normal(0.0, 1.0, b).astype(np.float32),
        )
        for a, b in itertools.pairwise(widths)
    ]
    return Policy(tuple(pairs[:-1]), pairs[-1], "tanh", players, **kwargs)  # type: ignore[arg-type]


def biased(players: int, favourite: int, value: float) -> Policy:
    """A policy with no hidden layer whose logits are 0 but for `favourite`."""
    size = action_index(players).size + 1
    bias = np.zeros(size, dtype=np.float32)
    bias[favourite] = value
    return Policy((), (np.zeros((OBSERVATION_SIZE, size), np.float32), bias), "relu", players)


@pytest.fixture
def policy_file(tmp_path: Path) -> Path:
    # Drawing only when it must: random weights that draw at will may play hands of thousands
    # of turns, and a game to 500 points of them outlasts the runner's action limit.
    policy = random_policy()
    policy.out[1][action_index(2).index("draw")] = -1000.0
    path = tmp_path / "tiny.npz"
    save_policy(path, policy)
    return path


class Recording:
    """Wraps a bot and checks every answer against what was offered."""

    def __init__(self, bot: PolicyBot) -> None:
        self.bot, self.answers, self.passes = bot, 0, 0

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        answer = self.bot.choose(view, legal, may_pass=may_pass)
        if answer is None:
            assert may_pass
            self.passes += 1
        else:
            assert answer in legal
        self.answers += 1
        return answer


@pytest.mark.parametrize("opponent", ["random", "greedy", "heuristic"])
def test_a_random_weight_policy_plays_whole_games_legally(policy_file: Path, opponent: str) -> None:
    for seed in range(3):
        seats = [Recording(PolicyBot(0, path=policy_file)), make_bot(opponent, seed)]
        for bots in (seats, seats[::-1]):
            _, state = play_game([lambda _s, b=b: b for b in bots], Rules(), seed)  # type: ignore[misc]
            assert state.is_over  # a wrong answer would have raised BotMistakeError
    assert seats[0].answers > 0  # type: ignore[union-attr]


def test_passes_only_when_it_may() -> None:
    players = 2
    state = position(["R1 R2 G4", "B1"], "R5", exposed=1)  # seat 1 owes an Uno call
    view, offer = player_view(state, 0), (parse_action("catch 1"),)
    pass_lover = PolicyBot.from_policy(biased(players, action_index(players).size, 100.0))
    assert pass_lover.choose(view, offer, may_pass=True) is None
    assert pass_lover.choose(view, offer, may_pass=False) == offer[0]
    legal = legal_actions(state, 0)
    assert pass_lover.choose(view, legal) in legal
    pass_hater = PolicyBot.from_policy(biased(players, action_index(players).size, -100.0))
    assert pass_hater.choose(view, offer, may_pass=True) == offer[0]


def test_takes_the_legal_action_with_the_largest_logit() -> None:
    state = position(["R1 G7", "B1 B2 B3"], "R5")
    view, legal = player_view(state, 0), legal_actions(state, 0)
    index = action_index(2)
    draw = PolicyBot.from_policy(biased(2, index.index("draw"), 5.0))
    assert draw.choose(view, legal) == parse_action("draw")
    # The favourite is not legal here (no yellow card in hand): the mask wins over the logit.
    illegal = PolicyBot.from_policy(biased(2, index.index("Y9"), 50.0))
    assert illegal.choose(view, legal) in legal


def test_a_saved_policy_loads_back_with_the_same_outputs(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    policy = random_policy(
        seed=1,
        obs_mean=rng.normal(size=OBSERVATION_SIZE).astype(np.float32),
        obs_var=rng.uniform(0.5, 2.0, OBSERVATION_SIZE).astype(np.float32),
        obs_clip=5.0,
    )
    path = tmp_path / "no-suffix"  # written as named, no ".npz" added
    save_policy(path, policy)
    loaded = load_policy(path)
    x = rng.normal(size=OBSERVATION_SIZE).astype(np.float32)
    assert np.allclose(loaded.logits(x), policy.logits(x))
    plain = random_policy(seed=1)  # the same weights without normalisation answer otherwise
    assert not np.allclose(plain.logits(x), policy.logits(x))
    assert loaded.obs_clip == 5.0 and loaded.players == 2


def write(path: Path, **arrays: object) -> Path:
    with open(path, "wb") as file:
        np.savez(file, **arrays)  # type: ignore[arg-type]
    return path


def good_arrays(players: int = 2) -> dict[str, object]:
    actions = action_index(players).size + 1
    return {
        "w0": np.zeros((OBSERVATION_SIZE, 4), np.float32),
        "b0": np.zeros(4, np.float32),
        "w_out": np.zeros((4, actions), np.float32),
        "b_out": np.zeros(actions, np.float32),
        "activation": np.array("tanh"),
        "players": np.array(players),
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"activation": np.array("sigmoid")}, "activation"),
        ({"players": np.array(11)}, "players"),
        ({"w0": np.zeros((OBSERVATION_SIZE - 2, 4), np.float32)}, f"reads {OBSERVATION_SIZE - 2}"),
        ({"b_out": np.zeros(3, np.float32)}, "the bias of w_out has 3 numbers"),
        ({"players": np.array("two")}, "players must be a number"),
        ({"players": np.array([2, 2])}, "players must be a number"),
        ({"obs_mean": np.zeros(OBSERVATION_SIZE, np.float32)}, "come together"),
        ({"players": np.array(3)}, "3 players have"),
        ({"w_out": np.zeros((4, 5, 6), np.float32)}, "w_out must be a 2-dimensional"),
        ({"obs_mean": np.zeros(5, np.float32), "obs_var": np.ones(5, np.float32)}, "obs_mean"),
    ],
)
def test_a_malformed_policy_file_is_refused(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    assert load_policy(write(tmp_path / "good.npz", **good_arrays())).players == 2
    bad = write(tmp_path / "bad.npz", **{**good_arrays(), **change})
    with pytest.raises(PolicyFileError, match=message):
        load_policy(bad)


def test_a_file_that_is_not_a_policy_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.npz"
    text.write_text("not a zip archive")
    with pytest.raises(LastcardError, match="cannot read a policy"):
        load_policy(text)
    arrays = good_arrays()
    del arrays["w_out"]
    with pytest.raises(LastcardError, match="missing w_out"):
        load_policy(write(tmp_path / "half.npz", **arrays))
    with pytest.raises(LastcardError, match="cannot read a policy"):
        PolicyBot(0, path=tmp_path / "absent.npz")


def test_registered_as_ppo(policy_file: Path) -> None:
    assert "ppo" in bot_names()
    bot = make_bot(f"ppo:path={policy_file}", 5)
    assert isinstance(bot, PolicyBot) and bot.policy.players == 2
    _, state = play_game([f"ppo:path={policy_file}", "greedy"], Rules(target_score=None), 1)
    assert state.is_over
    assert lastcard.rl.PolicyBot is PolicyBot


def test_refuses_a_table_of_another_size(policy_file: Path) -> None:
    with pytest.raises(LastcardError, match="2-player games, not 4"):
        play_game([f"ppo:path={policy_file}"] * 4, Rules(), 0)


def test_the_ppo_bot_on_the_command_line(tmp_path: Path) -> None:
    # Drawing only when it must keeps a whole game to 500 points short enough for a test.
    policy = random_policy()
    policy.out[1][action_index(2).index("draw")] = -1000.0
    policy_file = tmp_path / "eager.npz"
    save_policy(policy_file, policy)
    runner = CliRunner()
    for spec in (f"ppo:{policy_file}", f"ppo:path={policy_file}"):
        args = ["watch", "-p", "2", "-s", "3", "--delay", "0", "--bot", spec]
        result = runner.invoke(app, args, prog_name="lastcard")
        assert result.exit_code == 0, result.stderr
        assert f"-b ppo:path={policy_file}" in result.stdout.splitlines()[-1]
    wrong_size = runner.invoke(app, ["watch", "-p", "4", "--bot", f"ppo:{policy_file}"])
    assert wrong_size.exit_code == 1 and "add --players 2" in wrong_size.stderr
    missing = runner.invoke(app, ["watch", "-p", "2", "--bot", f"ppo:{tmp_path / 'no.npz'}"])
    assert missing.exit_code == 1 and "cannot read a policy" in missing.stderr
    assert runner.invoke(app, ["simulate", "-p", "2", "-n", "1", "--bot", "ppo"]).exit_code == 2


DISCARD_ROUNDS = Rules(deck="2018", custom_wild_effect="all_discard_one", target_score=None)


class TestVersion1PolicyFiles:
    """A policy trained before the discard round (observation and action numbers version 1)."""

    def test_it_loads_and_reads_the_first_343_numbers(self, tmp_path: Path) -> None:
        save_policy(tmp_path / "v1.npz", random_policy(version=1))
        policy = load_policy(tmp_path / "v1.npz")
        assert (policy.observation_size, policy.actions) == (343, version_size(2, 1) + 1)
        state = position(["R1 G7", "B1 B2 B3"], "R5")
        obs = lastcard.rl.observe(player_view(state, 0))
        changed = obs.copy()
        changed[343:] = 7.0  # what version 2 appended does not reach it
        assert np.array_equal(policy.logits(obs), policy.logits(changed))

    def test_its_pass_is_its_last_output(self) -> None:
        state = position(["R1 R2 G4", "B1"], "R5", exposed=1)
        view, offer = player_view(state, 0), (parse_action("catch 1"),)
        size = version_size(2, 1) + 1
        bias = np.zeros(size, dtype=np.float32)
        bias[-1] = 100.0
        pass_lover = Policy((), (np.zeros((343, size), np.float32), bias), "relu", 2)
        assert PolicyBot.from_policy(pass_lover).choose(view, offer, may_pass=True) is None

    def test_in_a_discard_round_it_answers_as_greedy(self) -> None:
        state = position(["WC R3 B2", "B1 R9 Y2"], "B5 R5", rules=DISCARD_ROUNDS)
        state = apply(state, 0, "WC:y").state
        view, legal = player_view(state, 1), legal_actions(state, 1)
        bot = PolicyBot.from_policy(random_policy(version=1))
        assert bot.choose(view, legal) == make_bot("greedy", 0).choose(view, legal)

    @pytest.mark.parametrize("version", [1, 2])
    def test_it_plays_discard_round_games_legally(self, version: int) -> None:
        agent = Recording(PolicyBot.from_policy(random_policy(version=version)))
        for seed in range(3):
            bots = [agent, make_bot("greedy", seed)]
            _, state = play_game([lambda _s, b=b: b for b in bots], DISCARD_ROUNDS, seed)  # type: ignore[misc]
            assert state.is_over
        assert agent.answers > 0


@pytest.mark.skipif(not TRAINED.exists(), reason="no trained policy in examples/models")
def test_the_trained_policy_plays_legal_games() -> None:
    assert load_policy(TRAINED).players == 2
    agent = Recording(PolicyBot(0, path=TRAINED))
    for seed in range(4):
        for bots in ([agent, make_bot("heuristic", seed)], [make_bot("random", seed), agent]):
            _, state = play_game([lambda _s, b=b: b for b in bots], Rules(target_score=None), seed)  # type: ignore[misc]
            assert state.is_over
            # Trained before the discard round existed, it still plays one.
            _, state = play_game([lambda _s, b=b: b for b in bots], DISCARD_ROUNDS, seed)  # type: ignore[misc]
            assert state.is_over
    assert agent.answers > 0
