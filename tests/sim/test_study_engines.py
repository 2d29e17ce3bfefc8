"""`lastcard study` on both engines: the compiled simulator's blocks of hands tally exactly as
the reference engine's hands do, from the same seeds, so a study is the same whichever engine
plays it; which engine played each cell is said, and a habit's null result says what size of
effect its test would have seen."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lastcard.analysis.study import compute_study, run_study
from lastcard.analysis.study import run as study_run
from lastcard.analysis.study.report import render_report
from lastcard.analysis.study.report_habits import habit_reading
from lastcard.core.rng import STREAM_GAME, derive_seed, stream_seed
from lastcard.sim import fast
from lastcard.sim.fast import FastUnsupportedError
from lastcard.sim.fast.run import game_seeds
from lastcard.sim.study import (
    BLOCK,
    DEFAULT_GAMES,
    DEFAULT_SEAT_HANDS,
    GREEDY_HABITS,
    GREEDY_WITHOUT,
    BlockTask,
    Cell,
    CellPlan,
    HandBatch,
    HandTask,
    MeasuredHand,
    cell_engine,
    cell_plan,
    cell_seed,
    hand_seed,
    play_block,
    play_hand,
    reference_fallback,
    task_count,
    tasks_of,
)
from lastcard.sim.tournament import HandOutcome


def reference_cell(plan: CellPlan, seed: int) -> Cell:
    """`plan` played hand by hand on the reference engine, tallied with `Cell.add`."""
    cell = Cell(plan.name, plan.seatings[0], plan.games)
    for task in tasks_of(dataclasses.replace(plan, engine="reference"), seed):
        assert isinstance(task, HandTask)
        cell.add(play_hand(task))
    return cell


# -- seeds -------------------------------------------------------------------------------------


def test_hand_seeds_are_the_cells_game_stream_on_either_engine() -> None:
    base = derive_seed(9, "study", "seat/3")
    assert cell_seed(9, "seat/3") == base
    assert [hand_seed(9, "seat/3", i) for i in range(5)] == [
        stream_seed(base, STREAM_GAME, i) for i in range(5)
    ]
    assert game_seeds(base, 2, 3).tolist() == [hand_seed(9, "seat/3", i) for i in (2, 3, 4)]
    assert hand_seed(9, "seat/3", 0) not in {hand_seed(9, "seat/2", 0), hand_seed(8, "seat/3", 0)}


def test_blocks_cover_every_hand_once_at_its_seating() -> None:
    plan = dataclasses.replace(
        cell_plan("bluff/greedy/4", "habit", ["a"] + ["b"] * 3, 2 * BLOCK + 8), engine="fast"
    )
    period = len(plan.seatings)
    blocks = list(tasks_of(plan, seed=4))
    assert len(blocks) == task_count(plan)
    covered: list[int] = []
    for block in blocks:
        assert isinstance(block, BlockTask) and block.count <= BLOCK
        assert block.bots == plan.seatings[block.seating] and block.period == period
        assert all(i % period == block.seating for i in block.indices)
        covered += block.indices
    assert sorted(covered) == list(range(plan.games))
    hands = list(tasks_of(dataclasses.replace(plan, engine="reference"), seed=4))
    assert [h.seed for h in hands if isinstance(h, HandTask)][:3] == [
        hand_seed(4, plan.name, i) for i in range(3)
    ]


# -- the tallies -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "bots", "hands"),
    [
        ("seat/4", ["greedy"] * 4, 240),  # one seating: one block, one add_batch
        ("bluff/greedy/4", [GREEDY_WITHOUT["bluff"]] + [GREEDY_HABITS] * 3, 240),  # 4 blocks
        ("challenge/greedy/2", [GREEDY_WITHOUT["challenge"], GREEDY_HABITS], 200),
        ("ladder/eager-vs-random", ["eager", "random"], 120),
    ],
)
def test_blocks_on_the_compiled_simulator_tally_exactly_as_hands_on_the_reference_engine(
    name: str, bots: list[str], hands: int
) -> None:
    plan = cell_plan(name, "seat", bots, hands)
    expected = reference_cell(plan, seed=21)
    compiled = Cell(plan.name, plan.seatings[0], plan.games)
    for block in tasks_of(dataclasses.replace(plan, engine="fast"), seed=21):
        assert isinstance(block, BlockTask)
        compiled.merge(play_block(block))
    assert compiled == expected
    assert expected.first.hands + expected.draw_first.hands + expected.blocked == plan.games
    activity = expected.activity
    assert sum(a.wd4 for a in activity.values()) > 0  # the per-seat habits are compared too
    if "bluff=true" in " ".join(bots):
        assert sum(a.bluffs for a in activity.values()) > 0
        assert sum(a.challenges for a in activity.values()) > 0


def synthetic_hands(count: int, players: int, seed: int) -> list[MeasuredHand]:
    """Hands with every case `Cell.add` tells apart, blocked hands and both directions
    included (real hands are rarely blocked)."""
    rng = random.Random(seed)
    bots = tuple(rng.choice(["a", "b"]) for _ in range(players))
    hands = []
    for _ in range(count):
        first, direction = rng.randrange(players), rng.choice([1, -1])
        order = tuple((first + direction * k) % players for k in range(players))
        went_out = None if rng.random() < 0.2 else rng.randrange(players)
        outcome = HandOutcome(went_out, (0,) * players, (0,) * players, rng.randrange(players))

        def per_seat() -> tuple[int, ...]:
            return tuple(rng.randrange(3) for _ in range(players))

        hands.append(
            MeasuredHand(
                "x/y/z",
                bots,
                order,
                rng.random() < 0.3,
                outcome,
                rng.randrange(5, 60),
                per_seat(),
                per_seat(),
                per_seat(),
                per_seat(),
            )
        )
    return hands


def batch_of(hands: list[MeasuredHand]) -> HandBatch:
    def column(values: list[Any]) -> np.ndarray:
        return np.array(values, dtype=np.int64)

    return HandBatch(
        bots=hands[0].bots,
        first_player=column([h.order[0] for h in hands]),
        direction=column(
            [
                1 if len(h.order) < 3 or h.order[1] == (h.order[0] + 1) % len(h.order) else -1
                for h in hands
            ]
        ),
        draw_opening=np.array([h.draw_opening for h in hands]),
        went_out=column([-1 if h.hand.went_out is None else h.hand.went_out for h in hands]),
        dealer=column([h.hand.dealer for h in hands]),
        turns=column([h.turns for h in hands]),
        wd4=column([h.wd4 for h in hands]),
        bluffs=column([h.bluffs for h in hands]),
        challenges=column([h.challenges for h in hands]),
        upheld=column([h.upheld for h in hands]),
    )


@pytest.mark.parametrize("players", [2, 3, 5])
def test_add_batch_gives_what_add_gives_hand_by_hand(players: int) -> None:
    hands = synthetic_hands(300, players, seed=players)
    one_by_one = Cell("x/y/z", hands[0].bots, len(hands))
    for hand in hands:
        one_by_one.add(hand)
    at_once = Cell("x/y/z", hands[0].bots, len(hands))
    at_once.add_batch(batch_of(hands))
    assert at_once == one_by_one
    assert 0 < one_by_one.blocked < len(hands) and one_by_one.draw_first.hands > 0
    halves = Cell("x/y/z", hands[0].bots, len(hands))  # merged in parts, in another order
    for part in (hands[150:], hands[:150]):
        tally = Cell("x/y/z", hands[0].bots, len(part))
        tally.add_batch(batch_of(part))
        halves.merge(tally)
    assert halves == one_by_one
    assert one_by_one.turns.n == len(hands)
    assert one_by_one.turns.mean == pytest.approx(sum(h.turns for h in hands) / len(hands))


# -- engines -----------------------------------------------------------------------------------


def test_each_cell_takes_the_compiled_simulator_when_its_bots_have_versions() -> None:
    assert cell_engine("auto", ["greedy", "greedy"]) == ("fast", None)
    assert cell_engine("fast", [GREEDY_HABITS, GREEDY_WITHOUT["bluff"]]) == ("fast", None)
    assert cell_engine("reference", ["greedy"]) == ("reference", None)
    for engine in ("auto", "fast"):  # bots without a compiled version stay on the reference
        played_by, why = cell_engine(engine, ["heuristic:bluff=false", "ismcts"])
        assert played_by == "reference" and why is not None and "`ismcts`" in why
    assert cell_engine("auto", ["heuristic:bluff=false", "heuristic"]) == ("fast", None)
    with pytest.raises(FastUnsupportedError, match="unknown engine"):
        cell_engine("quick", ["heuristic"])
    assert reference_fallback("auto") is None
    assert reference_fallback("reference") == "`--engine reference` asked for it"


def test_without_numba_auto_falls_back_and_fast_fails_with_the_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fast, "available", lambda: False)
    played_by, why = cell_engine("auto", ["greedy"])
    assert played_by == "reference" and why is not None and "numba" in why
    fallback = reference_fallback("auto")
    assert fallback is not None and "numba is not installed" in fallback
    with pytest.raises(FastUnsupportedError, match="numba"):
        cell_engine("fast", ["greedy"])


def _figures_without_engines(study_json: Path) -> dict[str, Any]:
    figures: dict[str, Any] = json.loads(study_json.read_text())
    return {key: value for key, value in figures.items() if key not in ("run", "engines")}


def test_a_study_is_the_same_on_either_engine(tmp_path: Path) -> None:
    options: dict[str, Any] = dict(
        games=6, seat_hands=120, seed=5, workers=1, players=(2, 3), progress=False
    )
    reports = {}
    for engine in ("fast", "reference"):
        reports[engine] = run_study(tmp_path / engine, engine=engine, **options)
    compiled = json.loads((tmp_path / "fast" / "study.json").read_text())
    reference = json.loads((tmp_path / "reference" / "study.json").read_text())
    assert _figures_without_engines(tmp_path / "fast" / "study.json") == (
        _figures_without_engines(tmp_path / "reference" / "study.json")
    )
    by_cell = {c["cell"]: c for c in compiled["engines"]["cells"]}
    assert by_cell["seat/2"]["engine"] == "fast" and by_cell["bluff/greedy/2"]["engine"] == "fast"
    assert by_cell["ladder/table"]["engine"] == "fast"  # heuristic, greedy, eager, random
    assert by_cell["bluff/heuristic/2"]["engine"] == "fast"
    assert {c["engine"] for c in reference["engines"]["cells"]} == {"reference"}
    assert compiled["run"]["compiled_hands"] > 0 == reference["run"]["compiled_hands"]
    text = reports["fast"].read_text()
    assert "the compiled simulator (`lastcard.sim.fast`) played `seat/2`, `seat/3`" in text
    assert "--engine fast" in text
    assert "`--engine reference` asked for it" in reports["reference"].read_text()
    # Issue 27, finding 7: said at the top, before the method, not only among the engines.
    top = reports["reference"].read_text().split("- **Command**")[0]
    assert "**Played on the reference engine** (`--engine reference` asked for it)" in top
    assert "Played on the reference engine" not in text


# -- the habits' power -------------------------------------------------------------------------


def test_a_null_habit_result_says_what_size_of_effect_its_test_would_have_seen() -> None:
    figures = compute_study(games=4, seat_hands=8, seed=3, workers=1, players=(2,), progress=False)
    row = next(r for r in figures["habits"] if r["cell"] == "challenge/heuristic/2")
    row["without_wins"].update(hands=2000, rate=0.4995, p_value=0.98, p_holm=1.0)
    row.update(value=0.0005, value_ci=[-0.0214, 0.0224])
    row["power"].update(detectable=0.0313, hands=2000)
    said = habit_reading(row)
    assert said.startswith("Challenging (`heuristic`, heads-up, against opponents who bluff ")
    assert " times in 100 hands): value +0.1 points of hands" in said
    assert "Holm p = 1.00: not significant." in said
    assert (
        "With 2,000 decided hands the test would detect a value of ±3.13 points with 80% "
        "power (α = 0.05, two-sided, before Holm's correction)"
    ) in said
    assert "a smaller one is not ruled out" in said and "helps" not in said
    figures["run"]["command"] = "lastcard study"
    text = render_report(figures)
    assert said in text and "| ±3.13 |" in text
    row["without_wins"].update(p_value=0.0001, p_holm=0.0004, rate=0.45)
    row["value"] = 0.05
    shown = habit_reading(row)
    assert "the habit helps this bot (the test detects ±3.13 points with 80% power)" in shown


class _Planned(Exception):
    """Stops a study once it is planned: the plan is what the test compares."""


def test_7_the_default_study_is_the_same_with_or_without_the_compiled_simulator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Without numba the default study was another study: 20,000 hands a seat cell instead of
    # a million, 2,000 a ladder cell instead of 100,000 (one habit's verdict flipped).
    plans: list[dict[str, Any]] = []

    def planned(**options: Any) -> None:
        plans.append(options)
        raise _Planned

    monkeypatch.setattr(study_run, "plan_study", planned)
    for numba in (True, False):
        monkeypatch.setattr(fast, "available", lambda numba=numba: numba)
        with pytest.raises(_Planned):
            compute_study(games=None, seat_hands=None, seed=1, workers=1, progress=False)
    with_numba, without = plans
    assert with_numba == without
    assert with_numba["seat_hands"] == DEFAULT_SEAT_HANDS == 1_000_000
    assert with_numba["games"] == DEFAULT_GAMES == 100_000
