"""Seat-rotated tournaments between bots (`lastcard tournament`).

    result = run_tournament(["heuristic", "greedy", "random", "random"], games=20_000, seed=1)

**Entrants and seats.** The bot list names the entrants, one per seat, so its length is the number
of players. Game g seats the list rotated by g mod n: seat s gets entrant (s + g) mod n. Over each
block of n consecutive games every entrant plays every seat once, so seat advantages cancel; the
number of games is rounded up to a multiple of n (`games_requested` keeps what was asked).

**A game.** By default a game is one hand (`mode="hands"`): the rules are played with
`target_score=None`, so the game ends when someone goes out (a blocked hand is dealt again and
counted as a hand). Presets whose end is not a target score are made single hands too: under
`elimination` a hand is scored as elimination scores it (each player takes the value of their
own hand: `scoring="alternative"`), with `elimination=False` and `target_score=None`. With
`mode="matches"` a game is a whole game to the rules' end (500 points, or the last player
standing).

**Seeds.** Game g is dealt with `game_seed(seed, g)` = `derive_seed(seed, "game", g)` and its bots
are seeded from that (`runner.bot_seed`), so a game depends only on (seed, g, bots, rules):
results are identical for any number of workers. Games are aggregated in index order.

**What is counted** (streamed, in bounded memory; records are written only on request):

- per bot *name* (a bot listed twice, e.g. random,random, is one name with two entries): seats
  played (games x entries), wins, win rate = wins / seats played with a 95% Wilson interval, so
  that under equal skill the expected rate is 1/n (1/number of teams with teams; with
  shared wins every winner counts);
- per hand and seat: *points scored* (what the rules award the seat for the hand: under standard
  scoring the player who goes out scores the others' cards and everyone else 0; under alternative
  or elimination scoring each player takes their own cards' value, so lower is better) and
  *points left in hand* (the value of the cards the seat still holds; 0 for whoever went out),
  as means with 95% Student-t intervals;
- per seat, and per bot and seat, win rates;
- game length in turns (a play, a draw or a pass when a turn is awaited, as in `simulate`), as
  a mean and a histogram whose bins double in width as needed;
- ratings: openskill's Plackett-Luce model, one rating per *entry* (so random,random gives
  "random #1" and "random #2", a check on the ratings' noise), updated after every finished game
  in game order from the finishing order: the winner(s) first, then the others by the points
  left in hand, fewest first (hands), or by their final score, best first (matches); ties share
  a rank. With teams, each team is an openskill team. Games stopped by the action limit count
  as played, with no winner, and do not change ratings. The model's dynamics factor `tau` is 0
  (`RATING_TAU`): a bot's skill does not change, so the ratings are the model's estimate from
  all the games, not a random walk dominated by the last few hundred (with openskill's default
  tau, two entries of the same bot ended 1.6 points apart after 20,000 games).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lastcard.bots import make_bot
from lastcard.core import Action, GameState, Phase, Rules, Transition
from lastcard.core.cards import hand_value

from .parallel import run_tasks
from .runner import DEFAULT_MAX_ACTIONS, play_game
from .simulate import game_seed, is_turn
from .stats import GrowingHistogram, RunningMean, binomial_p_value, wilson_interval

MODES = ("hands", "matches")
CONFIDENCE = 0.95
RATING_TAU = 0.0  # openskill's skill-drift term: none, bots do not learn


# -- configuration ----------------------------------------------------------------------------


def split_bot_list(text: str) -> list[str]:
    """Split `"heuristic:bluff=false,k=3,greedy,random"` into bot specs.

    Commas separate bots, and also a bot's options: a piece with `=` but no `:` continues the
    options of the bot before it.

    >>> split_bot_list("heuristic:bluff=false,k=3,greedy, random")
    ['heuristic:bluff=false,k=3', 'greedy', 'random']
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and specs and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def hand_rules(rules: Rules) -> Rules:
    """The rules of a single hand of `rules` (see the module docstring)."""
    if rules.elimination:
        return rules.changed(elimination=False, target_score=None, scoring="alternative")
    return rules.changed(target_score=None)


def rotation(index: int, entrants: int) -> tuple[int, ...]:
    """Which entry sits in each seat in game `index`: seat s gets entry (s + index) mod n.

    >>> rotation(1, 4)
    (1, 2, 3, 0)
    """
    return tuple((seat + index) % entrants for seat in range(entrants))


def rounded_games(games: int, entrants: int) -> int:
    """`games` rounded up to a multiple of `entrants`, so every entry plays every seat equally."""
    return -(-games // entrants) * entrants


@dataclass(frozen=True)
class TournamentConfig:
    bots: tuple[str, ...]
    games: int
    games_requested: int
    rules: Rules
    rules_name: str
    mode: str
    seed: int
    max_actions: int = DEFAULT_MAX_ACTIONS

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def played_rules(self) -> Rules:
        return hand_rules(self.rules) if self.mode == "hands" else self.rules

    @property
    def own_hand_scoring(self) -> bool:
        """Points count against the player (alternative or elimination scoring)."""
        rules = self.played_rules
        return rules.elimination or rules.scoring == "alternative"

    def to_dict(self) -> dict[str, Any]:
        return {
            "bots": list(self.bots),
            "players": self.players,
            "games": self.games,
            "games_requested": self.games_requested,
            "mode": self.mode,
            "rules_name": self.rules_name,
            "rules": self.rules.to_dict(),
            "played_rules": self.played_rules.to_dict(),
            "seed": self.seed,
            "game_seed": 'derive_seed(seed, "game", g) for game g (lastcard.sim.game_seed)',
            "bot_seed": 'derive_seed(game seed, "bot", seat) (lastcard.sim.bot_seed)',
            "seating": "game g: seat s gets entry (s + g) mod n of the bot list",
            "max_actions": self.max_actions,
        }


def check_config(bots: Sequence[str], rules: Rules, mode: str) -> None:
    """Raise ValueError with a clear message for an unusable tournament."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: choose from {', '.join(MODES)}")
    if len(bots) < 2:
        raise ValueError(f"a tournament needs 2 to 10 bots (one per seat), not {len(bots)}")
    for spec in bots:
        make_bot(spec, seed=0)  # ValueError naming the valid bots or options
    rules.check_players(len(bots))  # RulesError is a ValueError
    hand_rules(rules)


# -- one game, in a worker ----------------------------------------------------------------------


@dataclass(frozen=True)
class GameTask:
    index: int
    seating: tuple[int, ...]  # entry index per seat
    bots: tuple[str, ...]  # bot spec per seat
    rules: Rules
    seed: int
    max_actions: int
    keep_record: bool


@dataclass(frozen=True)
class HandOutcome:
    went_out: int | None
    hand_values: tuple[int, ...]
    points: tuple[int, ...]
    dealer: int


@dataclass(frozen=True)
class GameOutcome:
    index: int
    seating: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]  # seats
    totals: tuple[int, ...]
    hands: tuple[HandOutcome, ...]
    turns: int
    actions: int
    record: dict[str, Any] | None = None


def play_tournament_game(task: GameTask) -> GameOutcome:
    """Play one game of a tournament and summarise it (a top-level function, for workers)."""
    turns = 0

    def count_turn(seat: int, action: Action, before: GameState, _: Transition) -> None:
        nonlocal turns
        turns += is_turn(before, action)

    record, state = play_game(
        task.bots, task.rules, task.seed, on_step=count_turn, max_actions=task.max_actions
    )
    hands = tuple(HandOutcome(h.went_out, h.hand_values, h.points, h.dealer) for h in state.history)
    if not state.is_over and state.phase is not Phase.HAND_OVER:
        # Stopped mid-hand: count that hand's cards as left in hand, with no points.
        values = tuple(hand_value(hand) for hand in state.hands)
        hands += (HandOutcome(None, values, (0,) * state.players, state.dealer),)
    saved = None
    if task.keep_record:
        saved = {"game": task.index, "bots": list(task.bots), **record.to_dict()}
    return GameOutcome(
        index=task.index,
        seating=task.seating,
        finished=state.is_over,
        winners=state.winners,
        totals=state.scores,
        hands=hands,
        turns=turns,
        actions=len(record.actions),
        record=saved,
    )


def game_tasks(config: TournamentConfig, keep_records: bool) -> Iterator[GameTask]:
    """The tournament's games, lazily, in order."""
    rules = config.played_rules
    n = config.players
    for index in range(config.games):
        seating = rotation(index, n)
        yield GameTask(
            index=index,
            seating=seating,
            bots=tuple(config.bots[e] for e in seating),
            rules=rules,
            seed=game_seed(config.seed, index),
            max_actions=config.max_actions,
            keep_record=keep_records,
        )


# -- aggregation ---------------------------------------------------------------------------------


@dataclass
class EntryTally:
    """What one entry of the bot list did, over the whole tournament."""

    games: int = 0
    wins: int = 0
    hands: int = 0
    hands_won: int = 0
    points: RunningMean = field(default_factory=RunningMean)
    left: RunningMean = field(default_factory=RunningMean)
    seat_games: list[int] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)
    position_games: list[int] = field(default_factory=list)
    position_wins: list[int] = field(default_factory=list)


def position(seat: int, dealer: int, players: int) -> int:
    """A seat's place after the dealer: 0 is the dealer's left (who plays first, unless the
    first discard says otherwise), players - 1 the dealer."""
    return (seat - dealer - 1) % players


@dataclass
class BotStats:
    """One bot name's results (its entries summed)."""

    name: str
    entries: int
    seats_played: int
    wins: int
    win_rate: float
    win_ci: tuple[float, float]
    p_value_vs_equal: float
    hands: int
    hands_won: int
    points: RunningMean
    left: RunningMean
    seat_games: list[int]
    seat_wins: list[int]
    position_games: list[int]
    position_wins: list[int]
    ratings: list[dict[str, Any]]

    @property
    def seat_win_rates(self) -> list[float | None]:
        return _rates(self.seat_wins, self.seat_games)

    @property
    def position_win_rates(self) -> list[float | None]:
        return _rates(self.position_wins, self.position_games)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "entries": self.entries,
            "seats_played": self.seats_played,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": list(self.win_ci),
            "p_value_vs_equal_skill": self.p_value_vs_equal,
            "hands": self.hands,
            "hands_won": self.hands_won,
            "points_scored_per_hand": self.points.to_dict(CONFIDENCE),
            "points_left_per_hand": self.left.to_dict(CONFIDENCE),
            "seat_games": list(self.seat_games),
            "seat_wins": list(self.seat_wins),
            "seat_win_rates": self.seat_win_rates,
            "position_games": list(self.position_games),
            "position_wins": list(self.position_wins),
            "position_win_rates": self.position_win_rates,
            "ratings": self.ratings,
        }


def _rates(wins: Sequence[int], games: Sequence[int]) -> list[float | None]:
    return [w / g if g else None for w, g in zip(wins, games, strict=True)]


def _ranks(scores: Sequence[float]) -> list[int]:
    """Dense ranks, 0 best: lower score is better."""
    order = sorted(set(scores))
    return [order.index(s) for s in scores]


class Tally:
    """Streams `GameOutcome`s, in game order, into the tournament's statistics."""

    def __init__(self, config: TournamentConfig, *, ratings: bool = True) -> None:
        self.config = config
        n = config.players
        self.entries = [
            EntryTally(
                seat_games=[0] * n,
                seat_wins=[0] * n,
                position_games=[0] * n,
                position_wins=[0] * n,
            )
            for _ in range(n)
        ]
        self.games = 0
        self.finished = 0
        self.unfinished = 0
        self.hands = 0
        self.blocked_hands = 0
        self.actions = 0
        self.seat_games = [0] * n
        self.seat_wins = [0] * n
        self.position_games = [0] * n
        self.position_wins = [0] * n
        self.turns = RunningMean()
        self.turns_per_hand = RunningMean()
        self.lengths = GrowingHistogram(bins=64)
        self.teams = config.played_rules.team_of_seats(n)
        self._model: Any = None
        self._ratings: list[Any] = []
        self.rated_games = 0
        if ratings:
            from openskill.models import PlackettLuce

            self._model = PlackettLuce(tau=RATING_TAU)
            self._ratings = [self._model.rating(name=label) for label in self.entry_labels()]

    def entry_labels(self) -> list[str]:
        """ "random #1", "random #2" for a bot listed twice; the plain name otherwise."""
        bots = self.config.bots
        out = []
        for i, name in enumerate(bots):
            if bots.count(name) > 1:
                out.append(f"{name} #{bots[: i + 1].count(name)}")
            else:
                out.append(name)
        return out

    def add(self, outcome: GameOutcome) -> None:
        if outcome.index != self.games:
            raise ValueError(f"game {outcome.index} arrived out of order (expected {self.games})")
        self.games += 1
        self.actions += outcome.actions
        self.turns.add(outcome.turns)
        self.lengths.add(outcome.turns)
        if outcome.hands:
            self.turns_per_hand.add(outcome.turns / len(outcome.hands))
        if outcome.finished:
            self.finished += 1
        else:
            self.unfinished += 1
        n = self.config.players
        # Positions count from the dealer of the deciding hand (hands) or of the first (matches).
        reference = outcome.hands[-1 if self.config.mode == "hands" else 0]
        for seat, entry_index in enumerate(outcome.seating):
            entry = self.entries[entry_index]
            place = position(seat, reference.dealer, n)
            entry.games += 1
            entry.seat_games[seat] += 1
            entry.position_games[place] += 1
            self.seat_games[seat] += 1
            self.position_games[place] += 1
            if seat in outcome.winners:
                entry.wins += 1
                entry.seat_wins[seat] += 1
                entry.position_wins[place] += 1
                self.seat_wins[seat] += 1
                self.position_wins[place] += 1
        for hand in outcome.hands:
            self.hands += 1
            if hand.went_out is None:
                self.blocked_hands += 1
            for seat, entry_index in enumerate(outcome.seating):
                entry = self.entries[entry_index]
                entry.hands += 1
                entry.hands_won += hand.went_out == seat
                entry.points.add(hand.points[seat])
                entry.left.add(0 if hand.went_out == seat else hand.hand_values[seat])
        if self._model is not None and outcome.finished and outcome.winners:
            self._rate(outcome)

    def _rate(self, outcome: GameOutcome) -> None:
        n = self.config.players
        units = self.teams if self.teams is not None else tuple((s,) for s in range(n))
        if self.config.mode == "hands":
            last = outcome.hands[-1]
            seat_score = [0 if last.went_out == s else last.hand_values[s] for s in range(n)]
        else:  # final scores: lower is better under own-hand scoring, higher otherwise
            sign = 1 if self.config.own_hand_scoring else -1
            seat_score = [sign * t for t in outcome.totals]
        scores = [
            -math.inf
            if any(s in outcome.winners for s in unit)
            else sum(seat_score[s] for s in unit)
            for unit in units
        ]
        ranks = _ranks(scores)
        teams = [[self._ratings[outcome.seating[s]] for s in unit] for unit in units]
        rated = self._model.rate(teams, ranks=ranks)
        for unit, team in zip(units, rated, strict=True):
            for seat, rating in zip(unit, team, strict=True):
                self._ratings[outcome.seating[seat]] = rating
        self.rated_games += 1

    @property
    def null_win_rate(self) -> float:
        """The win rate every entry would have under equal skill."""
        units = len(self.teams) if self.teams is not None else self.config.players
        return 1.0 / units

    def ratings(self) -> list[dict[str, Any]]:
        if self._model is None:
            return []
        return [
            {
                "entry": label,
                "bot": self.config.bots[i],
                "mu": r.mu,
                "sigma": r.sigma,
                "ordinal": r.ordinal(),  # mu - 3 sigma
            }
            for i, (label, r) in enumerate(zip(self.entry_labels(), self._ratings, strict=True))
        ]

    def bot_stats(self) -> list[BotStats]:
        n = self.config.players
        names = list(dict.fromkeys(self.config.bots))
        ratings = self.ratings()
        out = []
        for name in names:
            indices = [i for i, b in enumerate(self.config.bots) if b == name]
            entries = [self.entries[i] for i in indices]
            points, left = RunningMean(), RunningMean()
            for e in entries:
                points.merge(e.points)
                left.merge(e.left)
            seats_played = sum(e.games for e in entries)
            wins = sum(e.wins for e in entries)
            out.append(
                BotStats(
                    name=name,
                    entries=len(indices),
                    seats_played=seats_played,
                    wins=wins,
                    win_rate=wins / seats_played if seats_played else 0.0,
                    win_ci=wilson_interval(wins, seats_played, CONFIDENCE),
                    p_value_vs_equal=binomial_p_value(wins, seats_played, self.null_win_rate),
                    hands=sum(e.hands for e in entries),
                    hands_won=sum(e.hands_won for e in entries),
                    points=points,
                    left=left,
                    seat_games=[sum(e.seat_games[s] for e in entries) for s in range(n)],
                    seat_wins=[sum(e.seat_wins[s] for e in entries) for s in range(n)],
                    position_games=[sum(e.position_games[s] for e in entries) for s in range(n)],
                    position_wins=[sum(e.position_wins[s] for e in entries) for s in range(n)],
                    ratings=[r for r in ratings if r["bot"] == name],
                )
            )
        return out


# -- the result ------------------------------------------------------------------------------------


@dataclass
class TournamentResult:
    config: TournamentConfig
    bots: list[BotStats]
    ratings: list[dict[str, Any]]
    null_win_rate: float
    games: int
    finished: int
    unfinished: int
    hands: int
    blocked_hands: int
    actions: int
    rated_games: int
    seat_games: list[int]
    seat_wins: list[int]
    position_games: list[int]
    position_wins: list[int]
    turns: RunningMean
    turns_per_hand: RunningMean
    lengths: GrowingHistogram
    seconds: float = 0.0
    workers: int = 1
    command: str | None = None
    records_path: str | None = None

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def ranked(self) -> list[BotStats]:
        """The bots by win rate, best first."""
        return sorted(self.bots, key=lambda b: -b.win_rate)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready results. Everything but `command` and `run` depends only on the config."""
        seat_rates = _rates(self.seat_wins, self.seat_games)
        position_rates = _rates(self.position_wins, self.position_games)
        return {
            "command": self.command,
            "config": self.config.to_dict(),
            "versions": versions(),
            "summary": {
                "games": self.games,
                "finished": self.finished,
                "unfinished": self.unfinished,
                "hands": self.hands,
                "blocked_hands": self.blocked_hands,
                "actions": self.actions,
                "null_win_rate": self.null_win_rate,
                "turns_per_game": self.turns.to_dict(CONFIDENCE),
                "turns_per_hand": self.turns_per_hand.to_dict(CONFIDENCE),
                "turns_per_game_median": self.lengths.quantile(0.5),
                "turns_histogram": self.lengths.to_dict(),
            },
            "bots": [b.to_dict() for b in self.bots],
            "seats": [
                {"seat": s, "games": g, "wins": w, "win_rate": r}
                for s, (g, w, r) in enumerate(
                    zip(self.seat_games, self.seat_wins, seat_rates, strict=True)
                )
            ],
            "positions": [
                {"position": p + 1, "games": g, "wins": w, "win_rate": r}
                for p, (g, w, r) in enumerate(
                    zip(self.position_games, self.position_wins, position_rates, strict=True)
                )
            ],
            "ratings": {
                "model": f"openskill PlackettLuce (tau={RATING_TAU}, other parameters default)",
                "order": (
                    "winners first, then by points left in hand, fewest first"
                    if self.config.mode == "hands"
                    else "winners first, then by final score, best first"
                ),
                "rated_games": self.rated_games,
                "entries": self.ratings,
            },
            "run": {
                "workers": self.workers,
                "seconds": self.seconds,
                "games_per_second": self.games_per_second,
                "records": self.records_path,
            },
        }


def versions() -> dict[str, str]:
    import importlib.metadata
    import platform

    out = {"python": platform.python_version()}
    for package in ("lastcard", "openskill", "matplotlib", "rich"):
        try:
            out[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            out[package] = "not installed"
    return out


def run_tournament(
    bots: Sequence[str],
    *,
    games: int,
    rules: Rules | None = None,
    rules_name: str | None = None,
    mode: str = "hands",
    seed: int = 0,
    workers: int = 1,
    records_path: Path | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    progress: bool = True,
    ratings: bool = True,
    command: str | None = None,
) -> TournamentResult:
    """Play a seat-rotated tournament between `bots` (one per seat); see the module docstring.

    `records_path`: write every game's record there, one JSON object per line (a `GameRecord`
    with two more keys: `game`, its index, and `bots`, the bot at each seat).
    """
    rules = rules if rules is not None else Rules()
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games}")
    bots = tuple(b.strip() for b in bots)
    check_config(bots, rules, mode)
    config = TournamentConfig(
        bots=bots,
        games=rounded_games(games, len(bots)),
        games_requested=games,
        rules=rules,
        rules_name=rules_name if rules_name is not None else "custom",
        mode=mode,
        seed=seed,
        max_actions=max_actions,
    )
    tally = Tally(config, ratings=ratings)
    keep = records_path is not None
    start = time.perf_counter()
    outcomes = run_tasks(
        play_tournament_game,
        game_tasks(config, keep),
        workers=workers,
        description="tournament",
        progress=progress,
        total=config.games,
    )
    records = records_path.open("w", encoding="utf-8") if records_path is not None else None
    try:
        for outcome in outcomes:
            tally.add(outcome)
            if records is not None and outcome.record is not None:
                records.write(json.dumps(outcome.record, separators=(",", ":")) + "\n")
    finally:
        if records is not None:
            records.close()
    seconds = time.perf_counter() - start
    return TournamentResult(
        config=config,
        bots=tally.bot_stats(),
        ratings=tally.ratings(),
        null_win_rate=tally.null_win_rate,
        games=tally.games,
        finished=tally.finished,
        unfinished=tally.unfinished,
        hands=tally.hands,
        blocked_hands=tally.blocked_hands,
        actions=tally.actions,
        rated_games=tally.rated_games,
        seat_games=tally.seat_games,
        seat_wins=tally.seat_wins,
        position_games=tally.position_games,
        position_wins=tally.position_wins,
        turns=tally.turns,
        turns_per_hand=tally.turns_per_hand,
        lengths=tally.lengths,
        seconds=seconds,
        workers=workers,
        command=command,
        records_path=str(records_path) if records_path is not None else None,
    )


__all__ = [
    "MODES",
    "BotStats",
    "GameOutcome",
    "GameTask",
    "Tally",
    "TournamentConfig",
    "TournamentResult",
    "check_config",
    "hand_rules",
    "play_tournament_game",
    "rotation",
    "rounded_games",
    "run_tournament",
    "split_bot_list",
]
