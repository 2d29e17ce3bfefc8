"""Tournaments: identical for any number of workers, seats and neighbours balanced, bots compared
in pairs, files well-formed. (The seating design's own properties: test_tournament_seating.)"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from lastcard import Rules
from lastcard.analysis.tournament import write_report
from lastcard.core import GameRecord
from lastcard.core.record import replay
from lastcard.sim import play_game
from lastcard.sim.tournament import (
    GameOutcome,
    HandOutcome,
    Tally,
    TournamentConfig,
    hand_rules,
    rounded_games,
    run_tournament,
    seating,
    seating_design,
    split_bot_list,
)

FAST = Rules(hand_size=4)  # short hands keep the suite quick
BOTS = ["greedy", "eager", "random", "random"]


def deterministic(data: dict[str, Any]) -> dict[str, Any]:
    """results.json without what may differ between equal runs (command line and timing)."""
    return {k: v for k, v in data.items() if k not in ("command", "run")}


def test_same_seed_same_tournament_with_one_and_two_workers(tmp_path: Path) -> None:
    results = []
    for workers in (1, 2):
        result = run_tournament(
            BOTS, games=40, rules=FAST, seed=11, workers=workers, progress=False
        )
        out = tmp_path / f"w{workers}"
        write_report(result, out, plots=False)
        results.append(json.loads((out / "results.json").read_text()))
    assert deterministic(results[0]) == deterministic(results[1])
    assert results[0]["run"]["workers"] == 1 and results[1]["run"]["workers"] == 2
    other = run_tournament(BOTS, games=40, rules=FAST, seed=12, workers=1, progress=False)
    assert json.loads(json.dumps(other.to_dict()))["bots"] != results[0]["bots"]


def test_seats_and_neighbours_are_balanced_and_games_round_up_to_the_design() -> None:
    assert rounded_games(10, 4) == 12
    assert rounded_games(12, 4) == 12
    assert len(seating_design(4)) == 24
    result = run_tournament(BOTS, games=10, rules=FAST, seed=3, progress=False, ratings=False)
    assert result.games == 24 and result.config.games_requested == 10
    assert result.config.design_length == 24
    for bot in result.bots:
        # "random" is listed twice: it plays every seat twice as often as the others
        assert bot.seat_games == [6 * bot.entries] * 4
        assert bot.seats_played == 24 * bot.entries
    assert result.seat_games == [24] * 4
    assert sum(result.position_games) == 96
    assert sum(b.wins for b in result.bots) == result.finished  # one winner per hand
    assert result.null_win_rate == 0.25
    # every bot sat right after every other as often as their entries allow: 8 games per pair
    # of entries (24 seatings x 4 adjacent pairs / 12 ordered pairs of entries)
    after = {(r["bot"], r["next"]): r["games"] for r in result.neighbours}
    assert after == {
        ("greedy", "eager"): 8,
        ("greedy", "random"): 16,
        ("eager", "greedy"): 8,
        ("eager", "random"): 16,
        ("random", "greedy"): 16,
        ("random", "eager"): 16,
        ("random", "random"): 16,
    }


def test_the_order_of_the_bot_list_changes_no_seating_only_the_seeds_pairing() -> None:
    """The issue's case: H,R,G,R and H,R,R,G sat every bot next to the same neighbours, game
    after game, under cyclic rotation; over the design both lists give the same seatings."""
    from collections import Counter

    def seatings(bots: list[str]) -> Counter[tuple[str, ...]]:
        config = run_tournament(bots, games=1, rules=FAST, seed=1, progress=False).config
        return Counter(tuple(bots[e] for e in seating(g, len(bots))) for g in range(config.games))

    assert seatings(["greedy", "random", "eager", "random"]) == seatings(
        ["greedy", "random", "random", "eager"]
    )


def test_counts_are_consistent() -> None:
    result = run_tournament(["greedy", "eager"], games=30, rules=FAST, seed=5, progress=False)
    assert result.finished == 30 and result.unfinished == 0
    assert result.hands >= 30  # blocked hands are dealt again
    greedy, eager = result.bots
    assert greedy.wins + eager.wins == 30
    assert greedy.win_ci[0] <= greedy.win_rate <= greedy.win_ci[1]
    assert greedy.hands == eager.hands == result.hands
    assert result.rated_games == 30
    assert {r["entry"] for r in result.ratings} == {"greedy", "eager"}
    assert result.lengths.total == 30
    assert sum(result.seat_wins) == 30


def test_files_are_written_and_well_formed(tmp_path: Path) -> None:
    command = "lastcard tournament --bots greedy,eager,random,random --games 24"
    result = run_tournament(
        BOTS,
        games=24,
        rules=FAST,
        rules_name="custom",
        seed=2,
        progress=False,
        command=command,
        records_path=tmp_path / "records.jsonl",
    )
    written = write_report(result, tmp_path)
    names = {p.name for p in written}
    assert {"results.json", "results.csv", "report.md", "win_rates.png"} <= names
    assert {"points_per_hand.png", "game_length.png", "position_win_rates.png"} <= names

    data = json.loads((tmp_path / "results.json").read_text())
    assert data["command"] == command
    assert data["config"]["games"] == 24 and data["config"]["seed"] == 2
    assert data["config"]["seating_design_length"] == 24
    assert data["config"]["played_rules"]["target_score"] is None
    assert [b["name"] for b in data["bots"]] == ["greedy", "eager", "random"]
    assert data["bots"][2]["entries"] == 2 and data["bots"][2]["seats_played"] == 48
    pairs = {(p["a"], p["b"]): p for p in data["pairs"]["comparisons"]}
    assert set(pairs) == {("greedy", "eager"), ("greedy", "random"), ("eager", "random")}
    assert pairs["greedy", "random"]["null_share"] == pytest.approx(1 / 3)  # 1 seat against 2
    assert len(data["ratings"]["entries"]) == 4

    with (tmp_path / "results.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert [row["bot"] for row in rows] == ["greedy", "eager", "random"]
    assert float(rows[0]["win_rate"]) == pytest.approx(data["bots"][0]["win_rate"])

    report = (tmp_path / "report.md").read_text()
    assert command in report
    assert "24 hands" in report
    assert "### Pairwise comparisons" in report and "Holm" in report
    assert "overlap" not in report  # bots are no longer compared by their intervals
    assert "![Win rate per bot" in report and "(win_rates.png)" in report

    for name in ("win_rates.png", "points_per_hand.png", "game_length.png"):
        content = (tmp_path / name).read_bytes()
        assert content.startswith(b"\x89PNG\r\n\x1a\n")
        assert len(content) > 10_000

    lines = (tmp_path / "records.jsonl").read_text().splitlines()
    assert len(lines) == 24
    for index, line in enumerate(lines[:4]):
        saved = json.loads(line)
        assert saved["game"] == index
        assert saved["bots"] == [BOTS[entry] for entry in seating(index, 4)]
        replay(GameRecord.from_dict(saved))  # verifies the final digest; extra keys are ignored


def test_matches_mode_plays_to_the_target() -> None:
    rules = FAST.changed(target_score=60)
    result = run_tournament(
        ["greedy", "eager"], games=4, rules=rules, mode="matches", seed=1, progress=False
    )
    assert result.config.played_rules == rules
    assert result.finished == 4
    assert result.hands > 4  # a game to 60 points takes several hands


def test_elimination_in_hands_mode_is_single_hands_with_its_scoring() -> None:
    rules = hand_rules(Rules.preset("elimination"))
    assert (rules.elimination, rules.target_score, rules.scoring) == (False, None, "alternative")
    result = run_tournament(
        ["greedy", "eager", "eager"],
        games=6,
        rules=Rules.preset("elimination").changed(hand_size=4),
        mode="hands",
        seed=4,
        progress=False,
    )
    assert result.config.own_hand_scoring
    assert result.finished == 6


def test_partners_count_a_win_for_both_partners() -> None:
    result = run_tournament(
        BOTS, games=8, rules=FAST.changed(teams="partners"), seed=9, progress=False
    )
    assert result.null_win_rate == 0.5
    assert sum(b.wins for b in result.bots) == 2 * result.finished


def test_bad_configurations_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        run_tournament(["greedy", "nobody"], games=2, progress=False)
    with pytest.raises(ValueError, match="2 to 10 bots"):
        run_tournament(["greedy"], games=2, progress=False)
    with pytest.raises(ValueError, match="mode"):
        run_tournament(["greedy", "eager"], games=2, mode="sets", progress=False)
    with pytest.raises(ValueError, match="partners"):
        run_tournament(["greedy"] * 3, games=2, rules=Rules.preset("partners"), progress=False)


def test_hand_outcome_keeps_what_the_engine_recorded_of_a_hand() -> None:
    _, state = play_game(["greedy", "eager"], FAST, seed=4)
    first = state.history[0]
    outcome = HandOutcome.of(first)
    assert outcome == HandOutcome(first.went_out, first.hand_values, first.points, first.dealer)
    assert outcome.went_out is not None and outcome.points[outcome.went_out] > 0


def test_tally_takes_games_in_order() -> None:
    config = TournamentConfig(("greedy", "eager"), 2, 2, FAST, "custom", "hands", 0)
    tally = Tally(config, ratings=False)
    hand = HandOutcome(0, (0, 12), (12, 0), dealer=1)
    late = GameOutcome(1, (1, 0), True, (0,), (12, 0), (hand,), 5, 9)
    with pytest.raises(ValueError, match="out of order"):
        tally.add(late)


def test_split_bot_list() -> None:
    assert split_bot_list("heuristic,greedy,random,random") == [
        "heuristic",
        "greedy",
        "random",
        "random",
    ]
    assert split_bot_list("random:catch_rate=0.9,call_uno=false,greedy") == [
        "random:catch_rate=0.9,call_uno=false",
        "greedy",
    ]


def test_pairs_count_the_games_that_separated_two_bots() -> None:
    """Partners win together: a game both bots won separates neither; one with no winner (the
    action limit) counts as played, separating nobody."""
    bots = ("greedy", "eager", "random", "random")
    config = TournamentConfig(bots, 3, 3, FAST.changed(teams="partners"), "custom", "hands", 0)
    tally = Tally(config, ratings=False)
    hand = HandOutcome(0, (0, 5, 0, 5), (10, 0, 10, 0), dealer=3)
    # game 0: seats 0, 2 (greedy, random #1) beat seats 1, 3 (eager, random #2)
    tally.add(GameOutcome(0, (0, 1, 2, 3), True, (0, 2), (10, 0, 10, 0), (hand,), 5, 9))
    # game 1: seats 0, 2 are now eager and random #2, and win
    tally.add(GameOutcome(1, (1, 0, 3, 2), True, (0, 2), (10, 0, 10, 0), (hand,), 5, 9))
    # game 2: stopped by the action limit, no winner
    tally.add(GameOutcome(2, (0, 1, 2, 3), False, (), (0, 0, 0, 0), (hand,), 5, 9))
    pairs = {(p["a"], p["b"]): p for p in tally.pairs()}
    counts = {pair: (p["a_only"], p["b_only"], p["both"], p["hands"]) for pair, p in pairs.items()}
    assert counts == {
        ("greedy", "eager"): (1, 1, 0, 3),
        ("greedy", "random"): (0, 1, 1, 3),
        ("eager", "random"): (0, 1, 1, 3),
    }
    assert pairs["greedy", "eager"]["p_value"] == 1.0  # one game each way
    assert all(0 <= p["p_value"] <= p["p_holm"] <= 1 for p in pairs.values())


def test_the_report_orients_each_pair_from_the_better_ranked_bot(tmp_path: Path) -> None:
    result = run_tournament(
        ["random", "greedy"], games=40, rules=FAST, seed=6, progress=False, ratings=False
    )
    (pair,) = result.pairs
    assert (pair["a"], pair["b"]) == ("random", "greedy")  # the bot list's order
    write_report(result, tmp_path, plots=False)
    report = (tmp_path / "report.md").read_text()
    first, second = (b.name for b in result.ranked())
    assert f"| {first} vs {second} |" in report
    assert f"- {first} over {second}:" in report
