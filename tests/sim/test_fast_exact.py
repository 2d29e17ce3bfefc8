"""The compiled simulator plays the reference engine's games, action for action.

Each kernel game is (1) replayed through `lastcard.replay` from its own trace, which must be
legal at every step and reach the kernel's final scores, hands and winner, and (2) compared with
`play_game` run with the same seed and bots: the same actions in the same order, the same final
digest. Cases cover every rule option the kernel plays, 2 to 10 players, the bots' habits (Uno
calls, catches, voluntary draws) and the action limit; `check_games` serves the heuristic bot's
tables too (`test_fast_heuristic.py`), and the benchmark runs far more
(`benchmarks/fast_exact.py`).
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
import pytest

from lastcard.core import ActionKind, GameRecord, Rules, replay, replay_steps, state_digest
from lastcard.core.action_index import CARD_ORDER
from lastcard.core.rng import STREAM_BOT, STREAM_GAME, stream_seed
from lastcard.sim import bot_seed, game_seed, play_game, simulate
from lastcard.sim.fast.run import FastGames, game_seeds, play_games
from lastcard.sim.fast.streams import bot_seed_table
from lastcard.sim.simulate import is_turn

TRACE = 60_000  # actions kept per game: more than any game here plays
# numba's package does not declare this export to mypy; it is public API all the same.
NUMBA_MAX_THREADS: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]


def check_games(bots: list[str], rules: Rules, games: int, seed: int, **options: Any) -> None:
    """Games 0..`games`-1 of the run `seed`, on the kernel and on the reference engine, agree."""
    seeds = game_seeds(seed, 0, games)
    fast = play_games(bots, rules, seeds, trace=TRACE, **options)
    for g in range(games):
        _check_one(fast, g, int(seeds[g]), bots, rules, **options)


def _check_one(
    fast: FastGames, g: int, seed: int, bots: list[str], rules: Rules, **options: Any
) -> None:
    assert fast.actions[g] <= TRACE, "raise TRACE: the trace is cut short"
    actions = tuple(fast.actions_of(g))
    # (1) The kernel's own actions replay through the engine to the kernel's results.
    state = replay(GameRecord(len(bots), rules, seed=seed, actions=actions))
    assert list(state.scores) == list(fast.scores[g])
    assert len(state.history) == fast.hands[g]
    assert sum(result.went_out is None for result in state.history) == fast.blocked[g]
    wins = [sum(result.went_out == s for result in state.history) for s in range(len(bots))]
    assert wins == list(fast.hand_wins[g])
    assert state.winners == ((int(fast.winner[g]),) if fast.winner[g] >= 0 else ())
    assert state.rng.counter == fast.engine_draws[g]
    _check_first_hand(fast, g, GameRecord(len(bots), rules, seed=seed, actions=actions))
    # (2) The reference engine with the same seed and bots plays exactly these actions.
    record, final = play_game(bots, rules, seed, **options)
    assert record.actions == actions, f"game {g} (seed {seed}) parts from the reference"
    assert state_digest(final) == state_digest(state)


def _check_first_hand(fast: FastGames, g: int, record: GameRecord) -> None:
    """The first-hand figures `lastcard study` reads, as the engine's own states show them."""
    start = record.start()
    assert fast.first_player[g] == start.turn
    assert fast.first_direction[g] == start.direction
    assert fast.first_dealer[g] == start.dealer
    assert CARD_ORDER[int(fast.first_discard[g])] == start.discard[0].code
    n = record.players
    turns, wd4, bluffs, challenges, upheld = 0, [0] * n, [0] * n, [0] * n, [0] * n
    last = start
    for seat, action, transition in replay_steps(record):
        before, last = last, transition.state
        if before.hand_number != 1 or before.phase.name in ("HAND_OVER", "GAME_OVER"):
            continue
        turns += is_turn(before, action)
        if action.kind is ActionKind.CHALLENGE and before.challenge is not None:
            challenges[seat] += 1
            upheld[seat] += not before.challenge.legal
        elif action.card is not None and action.card.code == "W+4":
            wd4[seat] += 1
            pending = last.challenge
            bluffs[seat] += pending is not None and pending.player == seat and not pending.legal
    first = last.history[0] if last.history else None
    went_out = first.went_out if first is not None and first.went_out is not None else -1
    assert fast.first_went_out[g] == went_out
    if first is not None:
        assert fast.first_turns[g] == turns
    figures = [list(row) for row in fast.first_hand[g]]
    assert figures[:4] == [wd4, bluffs, challenges, upheld]
    if first is not None:
        assert figures[4] == list(first.hand_values)
        assert figures[5] == list(first.points)


@pytest.mark.parametrize("players", [2, 3, 4, 6, 10])
def test_official_whole_games_with_eager_bots(players: int) -> None:
    check_games(["eager"] * players, Rules(), games=25, seed=players)


@pytest.mark.parametrize("players", [2, 4, 7])
def test_3_10_3_11_official_single_hands_with_random_bots(players: int) -> None:
    """Voluntary draws make hands of ~1,000 turns: stock rebuilds, passes, the turn limit."""
    check_games(["random"] * players, Rules(target_score=None), games=12, seed=10 + players)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_4_missed_uno_calls_are_caught_and_late_calls_made(players: int) -> None:
    """Bots that never call Uno with their penultimate card are exposed (§4.1) and caught by
    others out of turn, in seat order, or by the seat to act (§4.6); catch_rate 0 still draws
    the bot's number, as the reference bot does."""
    bots = ["random:call_uno=false,catch_rate=0.4", "eager:call_uno=false"] * 5
    check_games(bots[:players], Rules(target_score=None), games=20, seed=20 + players)
    quiet = ["eager:call_uno=false,catch_rate=0"] * players
    check_games(quiet, Rules(target_score=200), games=8, seed=30 + players)


@pytest.mark.parametrize("players", [2, 4, 9])
def test_greedy_bots_and_their_habits(players: int) -> None:
    """GreedyBot: highest points first, ties and favourite colours by its generator; bluffing,
    challenging, no Uno calls and no catches as habits; mixed with random players."""
    check_games(["greedy"] * players, Rules(), games=15, seed=40 + players)
    habits = [
        "greedy:bluff=true,challenge=true",
        "random:call_uno=false",
        "greedy:call_uno=false,catch=false",
        "eager",
        "greedy:challenge=true",
    ] * 2
    check_games(habits[:players], Rules(target_score=None), games=25, seed=50 + players)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_7_1_7_2_7_3_party_preset_stacking_seven_o_and_jump_in(players: int) -> None:
    """§7.1 stacking (responses, challenges under a stack, a first Draw Two), §7.2 Seven-O
    (targets, exchanges, rotations, last-card 7s naming nobody), §7.3 jump-ins polled out of
    turn in seat order, with every bot's habits about them."""
    bots = ["random:call_uno=false", "greedy", "eager", "greedy:stack=false,jump_in=false"] * 3
    check_games(bots[:players], Rules.preset("party"), games=12, seed=60 + players)
    single = Rules(stacking="same", seven_o=True, jump_in=True, target_score=None)
    check_games(["random"] * players, single, games=6, seed=70)


def test_5_4_table_mode_is_the_same_game_for_bots() -> None:
    """§5.4, §5.5: table mode penalises mistakes no bot makes (they choose among the legal
    actions), so the kernel plays the `table` preset as the official game."""
    check_games(["greedy", "random", "heuristic"], Rules.preset("table"), games=8, seed=81)


HOUSE_OPTIONS = [
    {"wd4_bluffing": False, "allow_voluntary_draw": False},
    {"two_player_rules": False, "dealer_each_hand": "rotate"},
    {"dealer_draw_non_number": "redraw", "first_reverse": "dealer_starts"},
    {"first_wild": "dealer_chooses", "first_wd4": "bottom", "hand_size": 4},
    {"first_wild": "redraw", "hand_size": 12, "turn_limit": 60},
    {"turn_limit": None, "hand_size": 1},
    {"stacking": "mixed", "wd4_bluffing": False},
    {"stacking": "mixed", "seven_o": True},
    {"jump_in": True, "jump_in_self": True, "two_player_rules": False},
]


@pytest.mark.parametrize("options", HOUSE_OPTIONS, ids=lambda o: ",".join(o))
@pytest.mark.parametrize("players", [2, 5])
def test_every_covered_house_option(options: dict[str, Any], players: int) -> None:
    rules = Rules(target_score=150, **options)
    bots = ["random:call_uno=false", "eager"] * 3
    # Short turn limits can block hand after hand: the action limit ends those games.
    check_games(bots[:players], rules, games=10, seed=len(options) + players, max_actions=20_000)


def test_the_action_limit_stops_games_where_the_reference_stops() -> None:
    check_games(["eager"] * 3, Rules(), games=15, seed=5, max_actions=150)
    fast = play_games(["eager"] * 3, Rules(), game_seeds(5, 0, 15), max_actions=150)
    assert (fast.winner == -1).any() and (fast.actions == 150).any()


@pytest.mark.parametrize(
    ("bots", "preset", "seed", "games"),
    [
        (["eager", "random", "eager"], "official", 77, 600),
        # the heuristic's memory lives in each task's arrays, reset per game and per deal
        (["heuristic", "random", "greedy", "heuristic"], "party", 78, 300),
    ],
    ids=["eager-random", "heuristic-party"],
)
def test_results_do_not_depend_on_chunks_or_threads(
    bots: list[str], preset: str, seed: int, games: int
) -> None:
    seeds = game_seeds(seed, 0, games)
    rules = Rules.preset(preset)
    runs: list[FastGames] = []
    for chunk, threads in ((1, 1), (64, NUMBA_MAX_THREADS), (7, 1)):
        numba.set_num_threads(threads)
        try:
            runs.append(play_games(bots, rules, seeds, chunk=chunk))
        finally:
            numba.set_num_threads(NUMBA_MAX_THREADS)
    for other in runs[1:]:
        for name in ("winner", "hands", "turns", "actions", "engine_draws", "hand_wins", "scores"):
            assert np.array_equal(getattr(runs[0], name), getattr(other, name)), name


def test_seeds_are_derived_as_the_reference_derives_them() -> None:
    assert [int(s) for s in game_seeds(2**70 + 5, 3, 4)] == [
        game_seed(2**70 + 5, i) for i in range(3, 7)
    ]
    seeds = game_seeds(9, 0, 5)
    table = bot_seed_table(seeds, 6, STREAM_BOT)
    for g in range(5):
        assert int(seeds[g]) == stream_seed(9, STREAM_GAME, g)
        assert [int(s) for s in table[g]] == [bot_seed(int(seeds[g]), s) for s in range(6)]


def test_simulate_gives_the_same_statistics_on_either_engine() -> None:
    bots, rules = ["eager", "random:call_uno=false", "eager"], Rules(target_score=300)
    fast = simulate(bots, rules, games=30, seed=4, engine="fast")
    reference = simulate(bots, rules, games=30, seed=4, engine="reference")
    fast.seconds = reference.seconds = 0.0
    assert fast == reference
    assert fast.hands > 30 and sum(fast.game_wins) == 30
