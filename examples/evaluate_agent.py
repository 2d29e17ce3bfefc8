"""Evaluate a trained agent heads-up against the bots: hand win rate with 95% intervals.

    python examples/evaluate_agent.py --model examples/models/ppo_heads_up.npz --hands 40000

Single hands of the official rules (`Rules(target_score=None)`), two players, played with
`lastcard.sim.play_game` and `lastcard.rl.PolicyBot` (NumPy only: no torch needed).

Seat-alternated and seed-paired: hand pair i is dealt from `derive_seed(seed, "eval", i)` twice,
once with the agent in seat 0 and once in seat 1, so both players get the same cards and the
same seats equally often and the luck of the deal cancels out. `--hands` counts hands (two per
pair) against each opponent. Every opponent meets the same deals.

The table: the agent's hand win rate with its 95% Wilson interval, the mean points per hand it
scored and the mean its opponent scored (the winner of a hand scores the cards left in the
other's hand), and hands that ended blocked or at the action limit (neither player won).
The last column is the points it scored minus those it conceded, per hand, with a 95% interval
over the deal pairs (each pair's two hands taken together, so the deal's luck cancels). `--agent
BOT` evaluates a bot spec in the agent's place instead (`--agent greedy`, `--agent expert`).

Long runs (`--opponents ismcts:iterations=2770` takes hours) can keep each finished pair in
`--save FILE` (JSON lines) and resume from it: pairs already in the file for the same agent,
opponent and seed are read back instead of replayed. `--progress N` prints a line with the
running win rate and an estimate of the time left every N pairs (0: the progress bar only).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

import lastcard.rl  # registers the `ppo` bot, in every worker too
from lastcard import Rules
from lastcard.analysis.statistics import wilson_interval
from lastcard.core.rng import derive_seed
from lastcard.sim import play_game
from lastcard.sim.parallel import run_tasks

SINGLE_HAND = Rules(target_score=None)


@dataclass(frozen=True)
class Pair:
    agent: str
    opponent: str
    seed: int


@dataclass
class Tally:
    hands: int = 0
    wins: int = 0
    losses: int = 0
    agent_points: int = 0
    opponent_points: int = 0
    pairs: int = 0
    net: float = 0.0  # the sum over pairs of the pair's points scored minus conceded
    net_squares: float = 0.0

    def add_pair(self, outcomes: list[tuple[int, int, int]]) -> None:
        for outcome in outcomes:
            self.add(outcome)
        net = sum(agent - opponent for _, agent, opponent in outcomes)
        self.pairs += 1
        self.net += net
        self.net_squares += net * net

    def net_interval(self) -> tuple[float, float, float]:
        """Points scored minus conceded per hand, with its 95% interval (normal, over the
        pairs: the two hands of a deal are one sample)."""
        mean = self.net / self.pairs
        variance = max(self.net_squares / self.pairs - mean * mean, 0.0)
        half = 1.96 * (variance / max(self.pairs - 1, 1)) ** 0.5
        return mean / 2, (mean - half) / 2, (mean + half) / 2

    def add(self, outcome: tuple[int, int, int]) -> None:
        went_out, agent_points, opponent_points = outcome
        self.hands += 1
        self.wins += went_out == 1
        self.losses += went_out == -1
        self.agent_points += agent_points
        self.opponent_points += opponent_points


def play_pair(pair: Pair) -> list[tuple[int, int, int]]:
    """Both hands of a pair: (1 agent went out / -1 opponent / 0 nobody, agent's points,
    opponent's points), agent in seat 0 then in seat 1."""
    outcomes = []
    for agent_seat in (0, 1):
        bots = [pair.opponent, pair.opponent]
        bots[agent_seat] = pair.agent
        _, state = play_game(bots, SINGLE_HAND, pair.seed)
        if not state.history:  # stopped by the action limit
            outcomes.append((0, 0, 0))
            continue
        result = state.history[-1]
        went_out = 0 if result.went_out is None else (1 if result.went_out == agent_seat else -1)
        outcomes.append((went_out, result.points[agent_seat], result.points[1 - agent_seat]))
    return outcomes


def load_saved(
    path: Path | None, agent: str, opponent: str, seed: int
) -> dict[int, list[tuple[int, int, int]]]:
    """The pairs already played for this agent, opponent and seed in a `--save` file."""
    if path is None or not path.exists():
        return {}
    done: dict[int, list[tuple[int, int, int]]] = {}
    with path.open() as file:
        for line in file:
            if not line.strip():
                continue
            record = json.loads(line)
            if (record["agent"], record["opponent"], record["seed"]) == (agent, opponent, seed):
                done[record["pair"]] = [tuple(o) for o in record["outcomes"]]
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=Path, default=Path("examples/models/ppo_heads_up.npz"))
    parser.add_argument("--agent", help="a bot spec to evaluate instead of --model")
    parser.add_argument("--opponents", default="random,greedy,heuristic")
    parser.add_argument("--hands", type=int, default=40_000, help="hands per opponent (even)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--save", type=Path, help="keep finished pairs here and resume from it")
    parser.add_argument("--progress", type=int, default=0, help="a progress line every N pairs")
    args = parser.parse_args()

    agent = args.agent or f"ppo:path={args.model}"
    if args.agent is None:
        lastcard.rl.policy.load_policy(args.model)  # a bad file fails here, not in a worker
    pairs = (args.hands + 1) // 2
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    print(
        f"{agent} · {pairs * 2:,} hands against each of {', '.join(opponents)} · "
        f"heads-up, official rules, single hands · seed-paired, seats alternated · "
        f"seed {args.seed}",
        flush=True,
    )
    rows = []
    for opponent in opponents:
        tally = Tally()
        started = time.perf_counter()
        done = load_saved(args.save, agent, opponent, args.seed)
        for i in sorted(done):
            if i < pairs:
                tally.add_pair(done[i])
        todo = [i for i in range(pairs) if i not in done]
        if done:
            print(f"  vs {opponent}: {tally.pairs:,} pairs read back from {args.save}", flush=True)
        tasks = [Pair(agent, opponent, derive_seed(args.seed, "eval", i)) for i in todo]
        for count, (i, outcomes) in enumerate(
            zip(
                todo,
                run_tasks(play_pair, tasks, workers=args.workers, description=f"vs {opponent}"),
                strict=True,
            ),
            start=1,
        ):
            tally.add_pair(outcomes)
            if args.save is not None:
                with args.save.open("a") as file:
                    record = {"agent": agent, "opponent": opponent, "seed": args.seed}
                    file.write(json.dumps({**record, "pair": i, "outcomes": outcomes}) + "\n")
            if args.progress and count % args.progress == 0:
                spent = time.perf_counter() - started
                left = spent / count * (len(todo) - count)
                lo, hi = wilson_interval(tally.wins, tally.hands)
                print(
                    f"  vs {opponent}: {tally.pairs:,}/{pairs:,} pairs · "
                    f"win rate {tally.wins / tally.hands:.1%} [{lo:.1%}, {hi:.1%}] · "
                    f"{spent:.0f} s, about {left:.0f} s left",
                    flush=True,
                )
        elapsed = time.perf_counter() - started
        print(f"  vs {opponent}: {tally.hands:,} hands in {elapsed:.0f} s", flush=True)
        rows.append((opponent, tally))

    print()
    header = (
        "opponent",
        "hands",
        "win rate",
        "95% CI",
        "pts/hand",
        "opp pts/hand",
        "net pts/hand (95% CI)",
        "no winner",
    )
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(" --- " for _ in header) + "|")
    for opponent, t in rows:
        lo, hi = wilson_interval(t.wins, t.hands)
        no_winner = t.hands - t.wins - t.losses
        cells = (
            opponent,
            f"{t.hands:,}",
            f"{t.wins / t.hands:.1%}",
            f"{lo:.1%} – {hi:.1%}",
            f"{t.agent_points / t.hands:.1f}",
            f"{t.opponent_points / t.hands:.1f}",
            "{:+.2f} ({:+.2f} – {:+.2f})".format(*t.net_interval()),
            f"{no_winner:,}",
        )
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
