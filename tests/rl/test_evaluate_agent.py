"""examples/evaluate_agent.py: tables of four (each deal played with the agent in every seat),
the batched measure of a policy file, and a run resumed from its saved pairs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "evaluate_agent.py"
PPO = ROOT / "examples" / "models" / "ppo_heads_up.npz"


def evaluate(*args: str) -> list[str]:
    command = [sys.executable, str(SCRIPT), "--workers", "1", *args]
    done = subprocess.run(command, check=True, cwd=ROOT, capture_output=True, text=True)
    return [line for line in done.stdout.splitlines() if line.startswith("| ")]


def test_a_bot_against_itself_at_four_wins_its_fair_share_exactly() -> None:
    # the agent in every seat of each deal, against the same bot: the same hand four times
    (row,) = evaluate("--agent", "heuristic", "--opponents", "heuristic", "--players", "4",
                      "--hands", "40")[2:]  # fmt: skip
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[:3] == ["heuristic", "40", "25.0%"]
    assert cells[4] == cells[5] and cells[6].startswith("+0.00")


def test_a_saved_run_is_resumed_with_the_same_table(tmp_path: Path) -> None:
    saved = tmp_path / "pairs.jsonl"
    args = ("--agent", "greedy", "--opponents", "heuristic", "--seed", "3")
    straight = evaluate(*args, "--hands", "12")
    evaluate(*args, "--hands", "6", "--save", str(saved))
    resumed = evaluate(*args, "--hands", "12", "--save", str(saved))
    assert resumed == straight
    assert len(saved.read_text().splitlines()) == 6  # pairs: 3 kept, then 3 more


def test_the_batched_measure_plays_a_policy_file() -> None:
    (row,) = evaluate("--model", str(PPO), "--batched", "--opponents", "greedy",
                      "--hands", "200")[2:]  # fmt: skip
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[:2] == ["greedy", "200"]
    assert 0.0 < float(cells[2].rstrip("%")) < 100.0
