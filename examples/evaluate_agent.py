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

`--players N` plays tables of N (the agent in one seat, the opponent in every other): each
deal is played N times, the agent in each seat once, and "hands" counts all of them. The
opponent's points are then the mean over the opponent seats (so scored minus conceded is 0 for
an agent as good as its opponents), and the fair share of hands is 1/N.

`--batched` plays a policy file (`--model`) against kernel bots on the compiled kernel's
batched games instead (`lastcard.rl.rollouts.paired_hands`: the same policy arithmetic as
`PolicyBot`, the same rules and bots as the table, deals drawn from `--seed` by NumPy rather
than `derive_seed`), in a fraction of the time.

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
    players: int = 2


@dataclass
class Tally:
    hands: int = 0
    wins: int = 0
    losses: int = 0
    agent_points: int = 0
    opponent_points: float = 0
    pairs: int = 0
    net: float = 0.0  # the sum over pairs of the pair's points scored minus conceded
    net_squares: float = 0.0

    def add_pair(self, outcomes: list[tuple[int, int, int]]) -> None:
        for outcome in outcomes:
            self.add(outcome)
        net = sum(agent - opponent for _, agent, opponent in outcomes) * 2 / len(outcomes)
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
        went_out, agent_points, opponent_points = outcome  # opponents: the mean over their seats
        self.hands += 1
        self.wins += went_out == 1
        self.losses += went_out == -1
        self.agent_points += agent_points
        self.opponent_points += opponent_points


def play_pair(pair: Pair) -> list[tuple[int, int, float]]:
    """Every hand of a deal: (1 agent went out / -1 an opponent / 0 nobody, agent's points,
    the opponents' mean points), the agent in seat 0, then 1, ..."""
    outcomes: list[tuple[int, int, float]] = []
    players = pair.players
    for agent_seat in range(players):
        bots = [pair.opponent] * players
        bots[agent_seat] = pair.agent
        _, state = play_game(bots, SINGLE_HAND, pair.seed)
        if not state.history:  # stopped by the action limit
            outcomes.append((0, 0, 0))
            continue
        result = state.history[-1]
        went_out = 0 if result.went_out is None else (1 if result.went_out == agent_seat else -1)
        theirs = (sum(result.points) - result.points[agent_seat]) / (players - 1)
        outcomes.append(
            (went_out, result.points[agent_seat], theirs if players > 2 else int(theirs))
        )
    return outcomes


def load_saved(
    path: Path | None,
    agent: str,
    opponent: str,
    seed: int,
    players: int = 2,
) -> dict[int, list[tuple[int, int, float]]]:
    """The pairs already played for this agent, opponent and seed in a `--save` file."""
    if path is None or not path.exists():
        return {}
    done: dict[int, list[tuple[int, int, float]]] = {}
    with path.open() as file:
        for line in file:
            if not line.strip():
                continue
            record = json.loads(line)
            key = (record["agent"], record["opponent"], record["seed"], record.get("players", 2))
            if key == (agent, opponent, seed, players):
                done[record["pair"]] = [tuple(o) for o in record["outcomes"]]
    return done


def batched(model: Path, opponent: str, deals: int, seed: int) -> Tally:
    """`deals` deals of the policy against `opponent` on the kernel (see the module)."""
    from lastcard.rl.rollouts import paired_hands

    started = time.perf_counter()
    policy = lastcard.rl.policy.load_policy(model)
    result = paired_hands(policy, opponent, deals=deals, seed=seed)
    assert result.net is not None
    tally = Tally(hands=result.hands, wins=result.won, pairs=deals)
    tally.losses = result.hands - result.won - result.unfinished
    tally.agent_points = round(result.points_for * result.hands)
    tally.opponent_points = result.points_against * result.hands / (policy.players - 1)
    net = result.net * 2 / policy.players  # as `Tally.add_pair` counts a deal
    tally.net, tally.net_squares = float(net.sum()), float((net * net).sum())
    elapsed = time.perf_counter() - started
    print(f"  vs {opponent}: {tally.hands:,} hands in {elapsed:.0f} s (batched)", flush=True)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=Path, default=Path("examples/models/ppo_heads_up.npz"))
    parser.add_argument("--agent", help="a bot spec to evaluate instead of --model")
    parser.add_argument("--opponents", default="random,greedy,heuristic")
    parser.add_argument("--hands", type=int, default=40_000, help="hands per opponent (even)")
    parser.add_argument("--players", type=int, default=2, help="seats at the table")
    parser.add_argument(
        "--batched", action="store_true", help="play --model on the compiled kernel's games"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--save", type=Path, help="keep finished pairs here and resume from it")
    parser.add_argument("--progress", type=int, default=0, help="a progress line every N pairs")
    args = parser.parse_args()

    agent = args.agent or f"ppo:path={args.model}"
    if args.agent is None:
        lastcard.rl.policy.load_policy(args.model)  # a bad file fails here, not in a worker
    players = args.players
    pairs = (args.hands + players - 1) // players
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    print(
        f"{agent} · {pairs * players:,} hands against each of {', '.join(opponents)} · "
        f"{'heads-up' if players == 2 else f'{players} players'}, official rules, single hands"
        f" · seed-paired, seats {'alternated' if players == 2 else 'rotated'} · "
        f"seed {args.seed}",
        flush=True,
    )
    rows = []
    for opponent in opponents:
        if args.batched:
            rows.append((opponent, batched(args.model, opponent, pairs, args.seed)))
            continue
        tally = Tally()
        started = time.perf_counter()
        done = load_saved(args.save, agent, opponent, args.seed, players)
        for i in sorted(done):
            if i < pairs:
                tally.add_pair(done[i])
        todo = [i for i in range(pairs) if i not in done]
        if done:
            print(f"  vs {opponent}: {tally.pairs:,} pairs read back from {args.save}", flush=True)
        tasks = [Pair(agent, opponent, derive_seed(args.seed, "eval", i), players) for i in todo]
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
                    record: dict[str, object] = {
                        "agent": agent,
                        "opponent": opponent,
                        "seed": args.seed,
                    }
                    if players != 2:
                        record["players"] = players
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
