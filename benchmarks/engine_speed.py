"""How fast does the engine play complete hands? Optionally next to RLCard's Uno.

Every hand is a single hand (``Rules(target_score=None)``) under the official rules, played
through the public API only (``new_game``, ``legal_actions``, ``apply``) by the benchmark player,
which is what RLCard's ``RandomAgent`` amounts to:

- a seeded uniform choice among the play actions ``legal_actions`` offers, whenever there is one
  (never a voluntary draw). A Wild is offered once per colour, so a colour counts as its own
  choice: RLCard's agent does the same, picking uniformly among action ids with one id per
  Wild colour;
- otherwise draw, then play the drawn card when it is playable;
- always call Uno (of a play offered with and without ``!`` it takes the ``!`` one), so there is
  never anything to catch;
- accept every Wild Draw Four, and pick the colour of a Wild turned up first uniformly.

A decision is one ``apply`` call (for RLCard: one ``step``). Each run replays the same hands
(hand i is dealt from seed ``--seed + i``, the player's choices come from ``random.Random``
seeded with ``--seed``), so the spread between runs is timing noise, not workload.

``--vs-rlcard`` also times RLCard 1.2's Uno in the same process, interleaved run by run:

- ``rlcard env.run``: its environment loop, ``rlcard.make('uno', ...)`` with ``RandomAgent``s;
- ``rlcard UnoGame``: its bare game, ``init_game`` then ``get_legal_actions`` /
  ``random.choice`` / ``step`` until ``is_over``.

RLCard plays simpler rules (no challenge, no Uno call, a drawn playable card is played inside
the ``draw`` step, a Wild Draw Four only when nothing else is playable), so games/s is the
comparable figure; decisions/s counts different units of work.

Run: ``python benchmarks/engine_speed.py [--hands N] [--runs N] [--players 2 4] [--vs-rlcard]``.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import lastcard

#: A hand that takes more decisions than this is reported as an engine bug, not timed forever.
MAX_DECISIONS_PER_HAND = 100_000

LASTCARD = "lastcard"
RLCARD_ENV = "rlcard env.run"
RLCARD_GAME = "rlcard UnoGame"

_PLAY = lastcard.ActionKind.PLAY
_DRAW = lastcard.ActionKind.DRAW
_KEEP = lastcard.ActionKind.KEEP
_ACCEPT = lastcard.ActionKind.ACCEPT
_COLOR = lastcard.ActionKind.COLOR
_GAME_OVER = lastcard.Phase.GAME_OVER
_AWAIT_FIRST_COLOR = lastcard.Phase.AWAIT_FIRST_COLOR
_AWAIT_WD4_RESPONSE = lastcard.Phase.AWAIT_WD4_RESPONSE


@dataclass(frozen=True)
class Sample:
    """One timed run: how many hands and decisions took how long."""

    hands: int
    decisions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.hands / self.seconds

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds


#: (players, hands, seed) -> one timed run.
Runner = Callable[[int, int, int], Sample]


def _kind(actions: Sequence[lastcard.Action], kind: lastcard.ActionKind) -> lastcard.Action:
    for action in actions:
        if action.kind is kind:
            return action
    raise RuntimeError(f"no {kind} among the legal actions {[a.code for a in actions]}")


def choose(
    state: lastcard.GameState, actions: Sequence[lastcard.Action], rng: random.Random
) -> lastcard.Action:
    """The benchmark player's decision in ``state`` among ``actions`` (see the module doc)."""
    phase = state.phase
    if phase is _AWAIT_WD4_RESPONSE:
        return _kind(actions, _ACCEPT)
    if phase is _AWAIT_FIRST_COLOR:
        return rng.choice([a for a in actions if a.kind is _COLOR])
    plays = [a for a in actions if a.kind is _PLAY]
    if plays:
        if any(a.uno for a in plays):
            # A play that leaves one card is listed with and without "!": keep only the call.
            called = {a.code[:-1] for a in plays if a.uno}
            plays = [a for a in plays if a.uno or a.code not in called]
        return rng.choice(plays)
    for fallback in (_DRAW, _KEEP, _ACCEPT):
        for action in actions:
            if action.kind is fallback:
                return action
    raise RuntimeError(f"nothing to do in {phase} among {[a.code for a in actions]}")


def run_lastcard(players: int, hands: int, seed: int) -> Sample:
    """Play ``hands`` single hands through the public API and time them."""
    rules = lastcard.Rules(target_score=None)
    rng = random.Random(seed)
    new_game = lastcard.new_game
    legal_actions = lastcard.legal_actions
    apply = lastcard.apply
    decisions = 0
    start = time.perf_counter()
    for hand in range(hands):
        state = new_game(players=players, rules=rules, seed=seed + hand)
        limit = decisions + MAX_DECISIONS_PER_HAND
        while state.phase is not _GAME_OVER:
            seat = state.to_act
            if seat is None:
                raise RuntimeError(f"hand {seed + hand}: nobody to act in {state.phase}")
            action = choose(state, legal_actions(state, seat), rng)
            state = apply(state, seat, action).state
            decisions += 1
            if decisions > limit:
                raise RuntimeError(
                    f"hand {seed + hand}: no end after {MAX_DECISIONS_PER_HAND} decisions"
                )
    return Sample(hands, decisions, time.perf_counter() - start)


@dataclass(frozen=True)
class RLCard:
    """The parts of RLCard (imported only for ``--vs-rlcard``) the benchmark uses."""

    version: str
    numpy_version: str
    make: Any
    random_agent: Any
    uno_game: Any
    numpy: Any

    @classmethod
    def load(cls) -> RLCard:
        try:
            rlcard = importlib.import_module("rlcard")
            agents = importlib.import_module("rlcard.agents")
            game = importlib.import_module("rlcard.games.uno.game")
            numpy = importlib.import_module("numpy")
        except ImportError as error:
            raise SystemExit(
                f"--vs-rlcard needs RLCard 1.2 ({error}). Install the benchmark extra:\n"
                "    pip install -e '.[bench]'"
            ) from error
        return cls(
            version=importlib.metadata.version("rlcard"),
            numpy_version=numpy.__version__,
            make=rlcard.make,
            random_agent=agents.RandomAgent,
            uno_game=game.UnoGame,
            numpy=numpy,
        )

    def run_env(self, players: int, hands: int, seed: int) -> Sample:
        """RLCard's environment loop: ``env.run`` with one ``RandomAgent`` a seat."""
        env = self.make("uno", config={"game_num_players": players, "seed": seed})
        if env.num_players != players:
            # RLCard 1.2.0's UnoEnv never passes game_num_players on to its game (Env.__init__
            # configures only blackjack and hold'em), so it always deals 2 players. Configure
            # the game the way Env.__init__ does for the games it supports.
            env.game.configure({"game_num_players": players})
            env.num_players = env.game.get_num_players()
        env.set_agents([self.random_agent(num_actions=env.num_actions) for _ in range(players)])
        self.numpy.random.seed(seed)  # RandomAgent draws from numpy's global generator
        steps = env.timestep
        start = time.perf_counter()
        for _ in range(hands):
            env.run(is_training=False)
        seconds = time.perf_counter() - start
        return Sample(hands, env.timestep - steps, seconds)

    def run_game(self, players: int, hands: int, seed: int) -> Sample:
        """RLCard's bare game: ``get_legal_actions`` / ``random.choice`` / ``step``."""
        game = self.uno_game(num_players=players)
        game.np_random = self.numpy.random.RandomState(seed)
        choice = random.Random(seed).choice
        decisions = 0
        start = time.perf_counter()
        for _ in range(hands):
            game.init_game()
            while not game.is_over():
                game.step(choice(game.get_legal_actions()))
                decisions += 1
        return Sample(hands, decisions, time.perf_counter() - start)


def _spread(values: Sequence[float]) -> str:
    return f"{min(values):>10,.0f} {statistics.median(values):>10,.0f} {max(values):>10,.0f}"


def report(
    results: dict[tuple[int, str], list[Sample]], player_counts: Sequence[int], engines: list[str]
) -> str:
    """The table of rates, then each median as a ratio to RLCard's."""
    header = (
        f"{'players':>7}  {'engine':<15} {'dec/hand':>8}  "
        f"{'games/s: min':>12} {'median':>10} {'max':>10}  "
        f"{'decisions/s: min':>16} {'median':>10} {'max':>10}"
    )
    lines = [header, "-" * len(header)]
    for players in player_counts:
        for engine in engines:
            samples = results[players, engine]
            per_hand = sum(s.decisions for s in samples) / sum(s.hands for s in samples)
            lines.append(
                f"{players:>7}  {engine:<15} {per_hand:>8.1f}  "
                f"  {_spread([s.games_per_s for s in samples])}  "
                f"      {_spread([s.decisions_per_s for s in samples])}"
            )
    others = [e for e in engines if e != LASTCARD]
    if others:
        lines += [
            "",
            "lastcard median / rlcard median:",
            f"{'players':>7}  {'vs':<15} {'games/s':>8}  {'decisions/s':>11}",
        ]
        for players in player_counts:
            ours = results[players, LASTCARD]
            for engine in others:
                theirs = results[players, engine]
                games = _median_ratio(ours, theirs, lambda s: s.games_per_s)
                decisions = _median_ratio(ours, theirs, lambda s: s.decisions_per_s)
                lines.append(f"{players:>7}  {engine:<15} {games:>7.2f}x  {decisions:>10.2f}x")
    return "\n".join(lines)


def _median_ratio(
    ours: Sequence[Sample], theirs: Sequence[Sample], rate: Callable[[Sample], float]
) -> float:
    return statistics.median(map(rate, ours)) / statistics.median(map(rate, theirs))


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Time complete single hands of lastcard (official rules, random player).",
    )
    parser.add_argument("--hands", type=int, default=1000, help="hands per run (default 1000)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (default 5)")
    parser.add_argument(
        "--players",
        type=int,
        nargs="+",
        default=[2, 4],
        choices=range(2, 11),
        metavar="N",
        help="player counts to time, 2..10 (default: 2 4)",
    )
    parser.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    parser.add_argument(
        "--vs-rlcard",
        action="store_true",
        help="also time RLCard 1.2's Uno (pip install -e '.[bench]')",
    )
    args = parser.parse_args(argv)
    args.players = list(dict.fromkeys(args.players))
    if args.hands < 1 or args.runs < 1:
        parser.error("--hands and --runs must be at least 1")
    if args.seed < 0:
        parser.error("--seed must be non-negative (RLCard rejects negative seeds)")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    runners: dict[str, Runner] = {LASTCARD: run_lastcard}
    versions = [f"Python {platform.python_version()}", f"lastcard {lastcard.__version__}"]
    if args.vs_rlcard:
        rl = RLCard.load()
        runners[RLCARD_ENV] = rl.run_env
        runners[RLCARD_GAME] = rl.run_game
        versions += [f"rlcard {rl.version}", f"numpy {rl.numpy_version}"]
    engines = list(runners)
    print(
        f"Single hands, random player (lastcard: official rules): "
        f"{args.runs} runs x {args.hands} hands, seed {args.seed}"
    )
    print(", ".join(versions))
    print()
    results: dict[tuple[int, str], list[Sample]] = {}
    for players in args.players:
        for run in range(args.runs):
            # Interleave the engines so drift in the machine's speed hits them alike.
            for engine, runner in runners.items():
                sample = runner(players, args.hands, args.seed)
                results.setdefault((players, engine), []).append(sample)
                print(
                    f"  {players} players, run {run + 1}/{args.runs}, {engine}: "
                    f"{sample.seconds:.2f} s",
                    file=sys.stderr,
                )
    print(report(results, args.players, engines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
