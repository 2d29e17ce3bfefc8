"""examples/train_expert.py and `lastcard.rl.rollouts`: rollouts keep every decision of the
learning seats with the rewards that followed; a short run is reproduced exactly from its seed,
and a run resumed from its checkpoint ends where an uninterrupted one does; `--backend ray`
plays the same rollouts on a local Ray. The training script needs torch (the `train` extra)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from lastcard.rl.policy import Policy, load_policy
from lastcard.rl.rollouts import OBS, PAST, SELF, collect, outputs, paired_hands

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "train_expert.py"
PPO = ROOT / "examples" / "models" / "ppo_heads_up.npz"


@pytest.mark.parametrize("opponent", ["heuristic", "greedy", SELF, PAST])
def test_rollouts_end_every_hand_and_sum_its_rewards(opponent: str) -> None:
    policy = load_policy(PPO)
    rollout = collect(policy, opponent, games=12, seed=4, past=policy)
    streams = np.unique(rollout.stream)
    # every seat that decided ended its hand on its last decision, and only there
    for stream in streams:
        rows = np.flatnonzero(rollout.stream == stream)
        assert rollout.done[rows[-1]] and not rollout.done[rows[:-1]].any()
    assert rollout.done.sum() == len(streams)
    assert rollout.mask[np.arange(len(rollout.action)), rollout.action].all()
    assert (np.abs(rollout.reward[rollout.done]) >= 0.5).all()  # the hand's win bonus
    if opponent == SELF:  # both seats learn: the rewards of a hand cancel out
        assert abs(rollout.reward.sum()) < 1e-9
    again = collect(policy, opponent, games=12, seed=4, past=policy)
    assert np.array_equal(again.action, rollout.action)


def test_paired_hands_play_each_deal_from_both_seats() -> None:
    result = paired_hands(load_policy(PPO), "greedy", deals=50, seed=1)
    assert result.hands == 100 and 0 < result.won < 100


def four_seat_policy() -> Policy:
    rng = np.random.default_rng(0)

    def layer(rows: int, columns: int) -> tuple[np.ndarray, np.ndarray]:
        return rng.normal(0, 0.1, (rows, columns)).astype(np.float32), np.zeros(columns, np.float32)

    return Policy(
        (layer(OBS, 16), layer(16, 16)), layer(16, outputs(4)), "tanh", 4,
        np.zeros(OBS, np.float32), np.ones(OBS, np.float32), 10.0,
    )  # fmt: skip


@pytest.mark.parametrize("opponent", ["heuristic", SELF])
def test_rollouts_at_a_table_of_four(opponent: str) -> None:
    policy = four_seat_policy()
    rollout = collect(policy, opponent, games=10, seed=2, past=policy)
    streams = np.unique(rollout.stream)
    assert rollout.done.sum() == len(streams)
    assert rollout.mask.shape[1] == outputs(4)
    assert rollout.mask[np.arange(len(rollout.action)), rollout.action].all()
    if opponent == SELF:  # every seat learns: the points cancel out, not the win bonus
        assert set((streams % 4).tolist()) == {0, 1, 2, 3}
        assert abs(rollout.reward.sum() - 10 * (0.5 - 3 * 0.5)) < 1e-9
    else:
        assert set((streams % 4).tolist()) == {0}
        assert 0 <= rollout.won <= 10


def test_paired_hands_at_four_play_each_deal_from_every_seat() -> None:
    result = paired_hands(four_seat_policy(), "heuristic", deals=30, seed=1)
    assert result.hands == 120 and 0 < result.won < 120
    assert result.net is not None and len(result.net) == 30
    # the winner of a hand scores its points; everybody else scores none
    assert result.points_for > 0 and result.points_against > 0


def train(out: Path, *extra: str) -> None:
    pytest.importorskip("torch")
    command = [
        sys.executable, str(SCRIPT), "--out", str(out), "--seed", "3", "--games", "8",
        "--mix", "heuristic,self,past", "--hidden", "160", "--eval-every", "2",
        "--eval-deals", "20", "--league-every", "1", "--minibatch", "256", *extra,
    ]  # fmt: skip
    subprocess.run(command, check=True, cwd=ROOT, capture_output=True, timeout=600)


def test_a_run_is_reproduced_and_resumed_exactly(tmp_path: Path) -> None:
    train(tmp_path / "straight", "--iterations", "3")
    train(tmp_path / "again", "--iterations", "3")
    train(tmp_path / "resumed", "--iterations", "1")
    train(tmp_path / "resumed", "--iterations", "3", "--resume")
    straight = np.load(tmp_path / "straight" / "expert.npz")
    for other in ("again", "resumed"):
        got = np.load(tmp_path / other / "expert.npz")
        for key in straight.files:
            assert np.array_equal(straight[key], got[key]), (other, key)
    curve = (tmp_path / "resumed" / "curve.csv").read_text().splitlines()
    assert len(curve) == 4  # the header and three iterations
    assert (tmp_path / "straight" / "learning_curve.png").stat().st_size > 0


def test_rollouts_on_a_local_ray(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    train(tmp_path / "local", "--iterations", "1")
    train(tmp_path / "ray", "--iterations", "1", "--backend", "ray", "--workers", "1")
    local = np.load(tmp_path / "local" / "expert.npz")
    ray = np.load(tmp_path / "ray" / "expert.npz")
    for key in local.files:
        assert np.array_equal(local[key], ray[key]), key


def test_a_table_of_four_starts_from_the_heads_up_agent(tmp_path: Path) -> None:
    train(tmp_path / "four", "--iterations", "1", "--players", "4", "--init", str(PPO))
    policy = load_policy(tmp_path / "four" / "expert.npz")
    assert policy.players == 4 and policy.actions == outputs(4)
