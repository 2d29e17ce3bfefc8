"""The batched environment against the single-agent environment through the table, at scale.

tests/rl/test_vector.py compares a few thousand episodes in the test suite; this script runs
the same comparison (tests/vector_compare.py) for `--episodes` episodes per case: each
sub-environment of `lastcard.rl.vector.FastVectorEnv` and a `SingleAgentEnv(fast=False)`
seeded alike get the same actions (random legal ones, now and then one outside the mask) and
must give the same observation, mask, reward, termination and illegal flag at every step.

Cases: heads-up single hands against `heuristic` (the training game), whole games to 500
against `heuristic`, `greedy` and `random`, and three and four players against `heuristic`
with an action outside the mask about once in 200 steps. Exit status 1 if anything differs.
Cases run on `--workers` processes,
in blocks of `--block` episodes with their own seeds; it prints each case's episodes and steps
compared and the first difference found, if any.

Run: ``python benchmarks/vector_exact.py [--episodes 5000] [--workers 2]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from lastcard.core import Rules
from vector_compare import Compared, compare

CASES: dict[str, tuple[Rules, int, str, dict[str, int]]] = {
    "heads-up single hands, heuristic": (Rules(target_score=None), 2, "heuristic", {}),
    "heads-up games, heuristic": (Rules(), 2, "heuristic", {}),
    "heads-up games, greedy": (Rules(), 2, "greedy", {}),
    "heads-up games, random": (Rules(), 2, "random", {}),
    "3 players, heuristic, illegal actions": (Rules(), 3, "heuristic", {"illegal_every": 200}),
    "4 players, heuristic, seat 2": (Rules(), 4, "heuristic", {"seat": 2}),
}


def block(case: str, seed: int, episodes: int) -> Compared:
    rules, players, opponents, options = CASES[case]
    return compare(rules, players, opponents, seed=seed, num_envs=8, episodes=episodes, **options)  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=5000, help="episodes per case")
    parser.add_argument("--block", type=int, default=250, help="episodes per task")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cases", nargs="*", default=list(CASES))
    args = parser.parse_args()
    began = time.perf_counter()
    differences = 0
    with ProcessPoolExecutor(args.workers) as pool:
        for case in args.cases:
            blocks = max(1, args.episodes // args.block)
            futures = [pool.submit(block, case, 1_000 + k, args.block) for k in range(blocks)]
            total = Compared()
            for future in futures:
                got = future.result()
                total.episodes += got.episodes
                total.steps += got.steps
                total.differences += got.differences
                total.first = total.first or got.first
            differences += total.differences
            print(
                f"{case}: {total.episodes:,} episodes, {total.steps:,} steps, "
                f"{total.differences} differences {total.first}".rstrip(),
                flush=True,
            )
    print(f"{time.perf_counter() - began:.0f} s")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
