"""Tournaments on the compiled simulator: the same results as on the reference engine, game by
game and in results.json, for any number of workers; `auto` says why it falls back, `fast`
refuses what it cannot play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lastcard import Rules
from lastcard.analysis.tournament import write_report
from lastcard.sim.fast import FastUnsupportedError, available
from lastcard.sim.tournament import (
    RECORDS_REASON,
    FastBlock,
    TournamentConfig,
    TournamentResult,
    fast_block_size,
    fast_blocks,
    game_tasks,
    play_fast_block,
    play_tournament_game,
    run_tournament,
    seating_design,
    tournament_engine,
)

needs_numba = pytest.mark.skipif(not available(), reason="the fast extra (numba) is not installed")

FOUR = ["greedy", "eager", "random", "random"]


def deterministic(data: dict[str, Any]) -> dict[str, Any]:
    """results.json without what may differ between equal runs (command line, engine, timing)."""
    return {k: v for k, v in data.items() if k not in ("command", "run")}


def results_json(result: TournamentResult, out: Path) -> dict[str, Any]:
    """results.json as `lastcard tournament` writes it."""
    write_report(result, out, plots=False)
    data: dict[str, Any] = json.loads((out / "results.json").read_text(encoding="utf-8"))
    return data


def config(bots: list[str], games: int, rules: Rules, **options: Any) -> TournamentConfig:
    return TournamentConfig(
        bots=tuple(bots),
        games=games,
        games_requested=games,
        rules=rules,
        rules_name="custom",
        mode=options.pop("mode", "hands"),
        seed=options.pop("seed", 3),
        **options,
    )


@needs_numba
@pytest.mark.parametrize(
    ("bots", "rules", "games"),
    [
        (FOUR, Rules(), 240),
        (["random:catch_rate=0.2,voluntary_draw=false", "greedy:bluff=true"], Rules(), 300),
        (["eager", "greedy:stack=false", "random:call_uno=false"], Rules.preset("party"), 240),
        (["greedy", "random"], Rules(hand_size=4, stacking="mixed", seven_o=True), 300),
    ],
    ids=["official-4", "options-2", "party-3", "stacking-seven-o-2"],
)
def test_results_json_is_the_same_on_both_engines(
    bots: list[str], rules: Rules, games: int, tmp_path: Path
) -> None:
    played = {
        engine: run_tournament(
            bots, games=games, rules=rules, seed=7, engine=engine, progress=False
        )
        for engine in ("reference", "fast")
    }
    assert played["fast"].engine == "fast" and played["reference"].engine == "reference"
    data = {engine: results_json(result, tmp_path / engine) for engine, result in played.items()}
    assert data["fast"]["summary"]["games"] == games
    assert deterministic(data["fast"]) == deterministic(data["reference"])
    assert data["fast"]["run"]["engine"] == "fast"
    assert data["reference"]["run"]["engine"] == "reference"
    assert data["fast"]["run"]["engine_reason"] is None


@needs_numba
def test_a_block_gives_the_reference_workers_outcomes_game_by_game() -> None:
    tournament = config(FOUR, 96, Rules(hand_size=5), seed=11)
    reference = [play_tournament_game(task) for task in game_tasks(tournament, False)]
    (block,) = fast_blocks(tournament, size=96, threads=None)
    fast = list(play_fast_block(block).outcomes())
    assert fast == reference
    # a block that starts mid-tournament: the games keep their own seeds and seatings
    later = FastBlock(48, 24, block.bots, block.rules, block.seed, block.max_actions, None)
    assert list(play_fast_block(later).outcomes()) == reference[48:72]


@needs_numba
@pytest.mark.parametrize(
    ("options", "what"),
    [
        ({"rules": Rules(turn_limit=40)}, "blocked_hands"),  # hands dealt again
        ({"max_actions": 80}, "unfinished"),  # games the action limit stopped
    ],
    ids=["blocked-hands", "action-limit"],
)
def test_games_beyond_one_finished_hand_are_the_same_too(
    options: dict[str, Any], what: str
) -> None:
    """The kernel details a game's first hand only: a game of several hands, or one the action
    limit stopped, is replayed on the reference engine, and counts as it does there."""
    played = [
        run_tournament(
            ["greedy", "eager", "random"], games=120, seed=5, engine=e, progress=False, **options
        )
        for e in ("reference", "fast")
    ]
    data = [deterministic(json.loads(json.dumps(r.to_dict()))) for r in played]
    assert data[0]["summary"][what] > 0  # the case occurred
    assert data[1] == data[0]


@needs_numba
def test_fast_results_are_the_same_with_one_and_two_workers() -> None:
    runs = [
        run_tournament(FOUR, games=240, seed=2, engine="fast", workers=w, progress=False)
        for w in (1, 2)
    ]
    data = [deterministic(json.loads(json.dumps(r.to_dict()))) for r in runs]
    assert data[0] == data[1]
    assert [r.workers for r in runs] == [1, 2] and all(r.engine == "fast" for r in runs)


@needs_numba
def test_a_worker_runs_the_kernel_on_the_threads_it_is_given() -> None:
    import numba

    before = numba.get_num_threads()
    try:
        (block,) = fast_blocks(config(["eager", "random"], 4, Rules()), size=4, threads=1)
        play_fast_block(block)
        assert numba.get_num_threads() == 1
    finally:
        numba.set_num_threads(before)


def test_blocks_cover_the_games_in_whole_seating_designs() -> None:
    length = len(seating_design(4))
    for games, parallelism in ((24, 1), (100_008, 1), (100_008, 16), (10**7, 2)):
        size = fast_block_size(games, length, parallelism)
        assert size % length == 0 and size >= min(2048, games)
    blocks = list(fast_blocks(config(FOUR, 5000, Rules()), size=2064, threads=1))
    assert [(b.start, b.count) for b in blocks] == [(0, 2064), (2064, 2064), (4128, 872)]
    assert all(b.threads == 1 and b.rules.target_score is None for b in blocks)


@pytest.mark.parametrize(
    ("bots", "rules", "options", "why"),
    [
        (["ismcts", "random"], Rules(), {}, "ismcts"),
        (["eager", "random"], Rules.preset("official-2018"), {}, "deck"),
        (["eager", "random", "greedy"], Rules(elimination=True), {}, "elimination"),
        (["eager"] * 4, Rules(teams="partners"), {}, "teams"),
    ],
    ids=["bot", "deck", "elimination", "teams"],
)
def test_auto_falls_back_with_a_reason_and_fast_refuses(
    bots: list[str], rules: Rules, options: dict[str, Any], why: str
) -> None:
    tournament = config(bots, len(seating_design(len(bots))), rules, **options)
    engine, reason = tournament_engine("auto", tournament)
    assert engine == "reference" and reason is not None and why in reason
    with pytest.raises(FastUnsupportedError, match=why):
        tournament_engine("fast", tournament)
    assert tournament_engine("reference", tournament) == ("reference", None)


def test_records_come_from_the_reference_engine() -> None:
    tournament = config(["eager", "random"], 2, Rules())
    assert tournament_engine("auto", tournament, keep_records=True) == (
        "reference",
        RECORDS_REASON,
    )
    with pytest.raises(FastUnsupportedError, match="records"):
        tournament_engine("fast", tournament, keep_records=True)
    with pytest.raises(FastUnsupportedError, match="unknown engine"):
        tournament_engine("quick", tournament)


@needs_numba
def test_covered_tournaments_choose_the_fast_engine() -> None:
    assert tournament_engine("auto", config(FOUR, 24, Rules())) == ("fast", None)
    assert tournament_engine("fast", config(FOUR, 24, Rules.preset("party"))) == ("fast", None)


def test_a_fallback_run_says_which_engine_played_and_why(tmp_path: Path) -> None:
    result = run_tournament(
        ["ismcts:iterations=5", "random"], games=2, seed=1, progress=False, ratings=False
    )
    assert result.engine == "reference" and "'ismcts" in (result.engine_reason or "")
    assert result.engine_line == f"reference ({result.engine_reason})"
    run = results_json(result, tmp_path)["run"]
    assert run["engine"] == "reference" and run["engine_reason"] == result.engine_reason
    with pytest.raises(FastUnsupportedError, match="ismcts"):
        run_tournament(["ismcts", "random"], games=2, engine="fast", progress=False)


# -- matches: every hand of whole games, from the kernel's hand log -----------------------------


@needs_numba
@pytest.mark.parametrize(
    ("bots", "rules"),
    [
        (["greedy", "heuristic"], Rules()),
        (["heuristic", "eager", "random:call_uno=false"], Rules.preset("party")),
        (FOUR, Rules(target_score=200, dealer_each_hand="rotate")),
    ],
    ids=["official-2", "party-3", "rotating-dealer-4"],
)
def test_a_match_block_gives_the_reference_workers_outcomes_hand_by_hand(
    bots: list[str], rules: Rules
) -> None:
    tournament = config(bots, 24, rules, mode="matches", seed=13)
    reference = [play_tournament_game(task) for task in game_tasks(tournament, False)]
    (block,) = fast_blocks(tournament, size=24, threads=None)
    fast = list(play_fast_block(block).outcomes())
    assert [len(game.hands) for game in fast] == [len(game.hands) for game in reference]
    assert sum(len(game.hands) for game in fast) > 2 * len(fast)  # whole games, many hands
    assert fast == reference


@needs_numba
def test_matches_are_the_same_on_both_engines(tmp_path: Path) -> None:
    played = {
        engine: run_tournament(
            ["greedy", "eager", "heuristic"], games=30, mode="matches", seed=3, engine=engine,
            progress=False,
        )
        for engine in ("reference", "fast")
    }  # fmt: skip
    assert played["fast"].engine == "fast" and played["fast"].engine_reason is None
    data = {engine: results_json(result, tmp_path / engine) for engine, result in played.items()}
    assert deterministic(data["fast"]) == deterministic(data["reference"])


@needs_numba
def test_a_match_longer_than_the_log_is_replayed_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    from lastcard.sim.tournament import fast_games

    monkeypatch.setattr(fast_games, "MATCH_HANDS", 2)  # every match here is longer
    tournament = config(["greedy", "eager"], 6, Rules(target_score=150), mode="matches", seed=2)
    reference = [play_tournament_game(task) for task in game_tasks(tournament, False)]
    (block,) = fast_blocks(tournament, size=6, threads=None)
    result = play_fast_block(block)
    assert set(result.replayed) == {g.index for g in reference if len(g.hands) > 2} != set()
    assert list(result.outcomes()) == reference
