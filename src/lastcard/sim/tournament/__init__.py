"""Tournaments between bots, seats balanced (`lastcard tournament`).

    result = run_tournament(["heuristic", "greedy", "random", "random"], games=20_000, seed=1)

**Entrants and seats.** The bot list names the entrants, one per seat, so its length is the number
of players. Game g takes seating g mod L of `seating_design(n)` (L seatings; module `seating`):
over the L seatings every entrant sits in every seat, and right after every other entrant,
equally often, so neither seat advantages nor the order of the bot list (who sits next to whom)
favour anyone: every circular order of the seats for up to 4 players (L = 2, 6, 24), a cyclic
neighbour-balanced design otherwise (L = n(n-1) for odd n, 2n(n-1) for even n). Each block of n
consecutive games is seat-balanced by itself. The number of games is rounded up to a multiple of
L (`games_requested` keeps what was asked). With teams the seating changes partners too (under
`partners`, 4 players in every seating, each pair of entries is partnered in a third of them).

**A game.** By default a game is one hand (`mode="hands"`): the rules are played with
`target_score=None`, so the game ends when someone goes out (a blocked hand is dealt again and
counted as a hand). Presets whose end is not a target score are made single hands too: under
`elimination` a hand is scored as elimination scores it (each player takes the value of their
own hand: `scoring="alternative"`), with `elimination=False` and `target_score=None`. With
`mode="matches"` a game is a whole game to the rules' end (500 points, or the last player
standing).

**Seeds.** Game g is dealt with `game_seed(seed, g)` = `stream_seed(seed, STREAM_GAME, g)` and its
bots are seeded from that (`runner.bot_seed`: `stream_seed(game seed, STREAM_BOT, seat)`), so a
game depends only on (seed, g, bots, rules): results are identical for any number of workers.
Games are aggregated in index order.

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
- per pair of bot names, the games won by one and not the other (and by both), for the sign
  test of `statistics.paired_comparison` (Holm-adjusted over the pairs): two bots at the same table
  are compared on the games that separated them, not by whether their intervals overlap;
- per ordered pair of bot names, the games in which one sat right after the other;
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

The package, a module per concept:

- `seating`: `seating_design`, the balanced seatings (also used by `lastcard study`), and the
  checks of their balance (`seat_counts`, `neighbour_counts`);
- `config`: `TournamentConfig`, the rules of a single hand (`hand_rules`) and the checks of
  `check_config`;
- `worker`: `play_tournament_game`, one game played in a worker, summarised as a `GameOutcome`
  of `HandOutcome`s;
- `engine`: `tournament_engine`, which engine plays (`run_tournament(engine="auto")`: the
  compiled simulator, `lastcard.sim.fast`, for single hands and matches between the bots and
  under the rules it covers; the reference engine for game records and the rest);
- `fast_games`: `play_fast_block`, a block of games played on the compiled simulator and
  summarised as the same `GameOutcome`s, so the results do not depend on the engine;
- `tally`: `Tally`, the streamed counts, and `BotStats`, one bot name's results;
- `ratings`: `Ratings`, the openskill ratings;
- `output`: `TournamentResult`, what `run_tournament` returns and results.json holds;
- `run`: `run_tournament`.
"""

from __future__ import annotations

from .config import (
    CONFIDENCE,
    MODES,
    TournamentConfig,
    check_config,
    hand_rules,
    rounded_games,
    split_bot_list,
)
from .engine import RECORDS_REASON, tournament_engine
from .fast_games import (
    FastBlock,
    FastBlockResult,
    fast_block_size,
    fast_blocks,
    play_fast_block,
)
from .output import TournamentResult, versions
from .ratings import RATING_TAU, Ratings
from .run import run_tournament
from .seating import (
    MAX_PERMUTATIONS,
    balanced_games,
    name_seatings,
    neighbour_counts,
    seat_counts,
    seating,
    seating_design,
)
from .tally import BotStats, EntryTally, Tally, position
from .worker import GameOutcome, GameTask, HandOutcome, game_tasks, play_tournament_game

__all__ = [
    "CONFIDENCE",
    "MAX_PERMUTATIONS",
    "MODES",
    "RATING_TAU",
    "RECORDS_REASON",
    "BotStats",
    "EntryTally",
    "FastBlock",
    "FastBlockResult",
    "GameOutcome",
    "GameTask",
    "HandOutcome",
    "Ratings",
    "Tally",
    "TournamentConfig",
    "TournamentResult",
    "balanced_games",
    "check_config",
    "fast_block_size",
    "fast_blocks",
    "game_tasks",
    "hand_rules",
    "name_seatings",
    "neighbour_counts",
    "play_fast_block",
    "play_tournament_game",
    "position",
    "rounded_games",
    "run_tournament",
    "seat_counts",
    "seating",
    "seating_design",
    "split_bot_list",
    "tournament_engine",
    "versions",
]
