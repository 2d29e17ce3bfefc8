"""`lastcard study`: the first player of a hand, Draw Two openings apart, balanced seatings,
reproducible figures and a report whose claims say what their tests show."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lastcard import GameState, Rules, apply, new_game
from lastcard.analysis.statistics import position_trend
from lastcard.analysis.study import (
    adjust_first_seat,
    compute_study,
    inner_trend,
    last_upturn,
    parse_players,
    players_text,
    run_study,
    seat_figures,
)
from lastcard.analysis.study import plots as study_plots
from lastcard.analysis.study.report import render_report
from lastcard.bots import bot_names
from lastcard.sim.study import (
    ISMCTS_SPEC,
    Cell,
    HandTask,
    MeasuredHand,
    WinTally,
    first_player,
    hand_seed,
    opened_with_a_draw,
    plan_study,
    play_hand,
    play_order,
)
from lastcard.sim.tournament import HandOutcome, neighbour_counts, seat_counts

ONE_CARD = Rules(hand_size=1)


def opening(players: int, dealer: int, first_discard: str, rules: Rules = ONE_CARD) -> GameState:
    """A hand of one card each, dealt by `dealer`, whose first discard is `first_discard`."""
    deck = [*["G1", "G2", "G3", "G4", "G5"][:players], first_discard]
    return new_game(players, rules, seed=1, dealer=dealer, deck=deck)


# -- the first player --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "first_discard", "first", "order"),
    [
        (4, "R5", 2, (2, 3, 0, 1)),  # a number: the dealer's left
        (4, "RS", 3, (3, 0, 1, 2)),  # a Skip: the dealer's left is skipped
        (4, "R+2", 3, (3, 0, 1, 2)),  # a Draw Two: the dealer's left draws and is skipped
        (4, "RR", 0, (0, 3, 2, 1)),  # a Reverse: the dealer's right, play goes the other way
        (4, "W", 2, (2, 3, 0, 1)),  # a Wild: the dealer's left names the colour and plays
        (2, "R5", 0, (0, 1)),
        (2, "RS", 1, (1, 0)),  # heads-up a Skip means the dealer plays first
        (2, "RR", 1, (1, 0)),  # and so does a Reverse
        (5, "R+2", 3, (3, 4, 0, 1, 2)),
    ],
)
def test_first_player_on_a_known_deal(
    players: int, first_discard: str, first: int, order: tuple[int, ...]
) -> None:
    state = opening(players, dealer=1, first_discard=first_discard)
    assert state.first_discard.code == first_discard and state.dealer == 1
    assert first_player(state) == first
    assert play_order(state) == order


def test_the_first_player_of_a_dealer_named_wild_is_still_the_dealers_left() -> None:
    rules = ONE_CARD.changed(first_wild="dealer_chooses")
    state = opening(4, dealer=1, first_discard="W", rules=rules)
    assert state.to_act == 1  # the dealer names the colour ...
    assert first_player(state) == 2  # ... but the dealer's left takes the first turn
    after = apply(state, 1, "color g").state
    assert after.turn == 2


def test_first_player_refuses_a_state_past_the_opening() -> None:
    state = opening(2, dealer=1, first_discard="G9")
    over = apply(state, 0, "G1").state  # seat 0 plays its only card and goes out
    with pytest.raises(ValueError, match="opening"):
        first_player(over)
    with pytest.raises(ValueError, match="opening"):
        opened_with_a_draw(over)


@pytest.mark.parametrize(
    ("first_discard", "drew"),
    [("R+2", True), ("G+2", True), ("R5", False), ("RS", False), ("RR", False), ("W", False)],
)
def test_a_draw_two_opening_is_told_apart(first_discard: str, drew: bool) -> None:
    state = opening(4, dealer=1, first_discard=first_discard)
    assert opened_with_a_draw(state) is drew
    if drew:  # the dealer's left drew and was skipped: last in the order of play
        assert len(state.hands[2]) == 3 and play_order(state)[-1] == 2


def measured(order: tuple[int, ...], winner: int | None, *, draw: bool) -> MeasuredHand:
    n = len(order)
    hand = HandOutcome(winner, (5,) * n, (0,) * n, dealer=(order[0] - 1) % n)
    zero = (0,) * n
    return MeasuredHand("seat/3", ("eager",) * n, order, draw, hand, 10, zero, zero, zero, zero)


def test_hands_opened_by_a_draw_two_are_counted_apart_from_the_first_seat() -> None:
    cell = Cell("seat/3", ("eager",) * 3, 4)
    cell.add(measured((0, 1, 2), 0, draw=False))  # the first player won
    cell.add(measured((1, 2, 0), 2, draw=False))  # place 2 won
    cell.add(measured((2, 0, 1), 2, draw=True))  # a Draw Two opening: its first player won
    cell.add(measured((0, 1, 2), None, draw=True))  # blocked: in no win rate
    assert (cell.first.hands, cell.first.wins) == (2, 1)
    assert [(p.hands, p.wins) for p in cell.positions] == [(2, 1), (2, 1), (2, 0)]
    assert (cell.draw_first.hands, cell.draw_first.wins) == (1, 1)
    assert (cell.drawer.hands, cell.drawer.wins) == (1, 0)
    assert cell.by_bot["eager"].hands == 3 and cell.blocked == 1
    figures = seat_figures(cell)
    assert figures["first_player"]["hands"] == 2
    assert figures["draw_two"]["hands"] == 1
    assert figures["trend"]["hands"] == 2 and figures["trend"]["mean_place"] == 1.5


def test_play_hand_measures_the_hand_its_task_names() -> None:
    task = HandTask("seat/3", 0, ("eager",) * 3, hand_seed(5, "seat/3", 0))
    outcome = play_hand(task)
    assert outcome == play_hand(task)  # deterministic
    assert outcome.cell == "seat/3" and outcome.bots == task.bots
    assert sorted(outcome.order) == [0, 1, 2]
    assert outcome.turns > 0 and outcome.hand.went_out in (0, 1, 2)
    state = new_game(3, Rules(target_score=None), seed=task.seed)
    assert outcome.order == play_order(state) and outcome.hand.dealer == state.dealer


def test_bluffs_and_challenges_are_counted_consistently() -> None:
    outcomes = [
        play_hand(HandTask("seat/2", i, ("eager", "eager"), hand_seed(3, "seat/2", i)))
        for i in range(40)
    ]
    for o in outcomes:
        assert all(b <= w for b, w in zip(o.bluffs, o.wd4, strict=True))
        assert all(u <= c for u, c in zip(o.upheld, o.challenges, strict=True))
    # eager bots play any Wild Draw Four and challenge at random: all of it happens
    assert sum(sum(o.bluffs) for o in outcomes) > 0
    assert sum(sum(o.challenges) for o in outcomes) > 0


def test_seeds_depend_on_the_cell_and_the_hand() -> None:
    seeds = {hand_seed(1, cell, i) for cell in ("seat/2", "seat/3") for i in range(3)}
    assert len(seeds) == 6
    assert hand_seed(1, "seat/2", 0) == hand_seed(1, "seat/2", 0) != hand_seed(2, "seat/2", 0)


# -- helpers -----------------------------------------------------------------------------------


def test_player_counts_parse_and_print() -> None:
    assert parse_players("2-10") == tuple(range(2, 11))
    assert parse_players("4, 2,3") == (2, 3, 4)
    assert players_text((2, 3, 4, 8, 10, 9)) == "2-4,8-10"
    for bad in ("1-4", "3-11", "x", "", "5-3"):
        with pytest.raises(ValueError):
            parse_players(bad)


def test_a_win_tally_summary_gives_the_rate_its_interval_and_its_test() -> None:
    summary = WinTally(hands=100, wins=60).summary(0.5)
    assert summary["rate"] == 0.6 and summary["p_value"] == pytest.approx(0.0569, abs=1e-4)
    assert summary["ci"] == pytest.approx([0.502, 0.691], abs=1e-3)
    assert "verdict" not in summary  # claims come from the (Holm-adjusted) tests


def test_every_cell_of_the_study_balances_seats_and_neighbours() -> None:
    available = ["heuristic", "greedy", "eager", "random", "ismcts"]
    _, plans = plan_study(
        games=10, seat_hands=30, players=(2, 3, 4), available=available, ismcts_games=4
    )
    by_name = {p.name: p for p in plans}
    assert len(by_name["ladder/table"].seatings) == 24 and by_name["ladder/table"].games == 24
    assert len(by_name["bluff/heuristic/4"].seatings) == 4
    assert by_name["bluff/heuristic/4"].games == 32  # --seat-hands, rounded up
    assert by_name["ladder/greedy-vs-eager"].games == 10  # --games
    assert by_name["challenge/greedy/4"].games == 32  # --seat-hands, rounded up
    assert (
        by_name["challenge/greedy/4"].seatings[0]
        == ("greedy:bluff=true",) + ("greedy:bluff=true,challenge=true",) * 3
    )
    assert by_name["seat/3"].seatings == (("greedy",) * 3,) and by_name["seat/3"].games == 30
    assert by_name["ladder/ismcts"].seatings == (
        (ISMCTS_SPEC, "heuristic"),
        ("heuristic", ISMCTS_SPEC),
    )
    for plan in plans:
        assert plan.games % len(plan.seatings) == 0, plan.name
        bots = plan.seatings[0]
        seats = seat_counts(plan.seatings)
        assert len({c / bots.count(bot) for (bot, _), c in seats.items()}) == 1, plan.name
        after = neighbour_counts(plan.seatings)
        ratios = {c / (bots.count(a) * (bots.count(b) - (a == b))) for (a, b), c in after.items()}
        assert len(ratios) == 1, plan.name


# -- whole studies -----------------------------------------------------------------------------


def _without_run(figures: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in figures.items() if key not in ("run", "engines")}


def test_the_same_seed_gives_the_same_study_with_one_and_two_workers() -> None:
    options: dict[str, Any] = dict(games=6, seat_hands=60, seed=11, players=(2, 4), progress=False)
    one = compute_study(workers=1, **options)
    two = compute_study(workers=2, **options)
    assert _without_run(one) == _without_run(two)
    assert any(c["engine"] == "fast" for c in one["engines"]["cells"])  # blocks on workers too
    assert one["run"]["hands"] == two["run"]["hands"]
    other = compute_study(workers=1, **{**options, "seed": 12})
    assert _without_run(other) != _without_run(one)


def test_a_quick_study_writes_the_report_the_figures_and_the_plots(tmp_path: Path) -> None:
    out = tmp_path / "study"
    report = run_study(
        out, games=8, seat_hands=40, seed=3, workers=1, players=(2, 3, 4), progress=False
    )
    assert report == out / "study.md"
    figures = json.loads((out / "study.json").read_text())
    text = report.read_text()
    # every question, with its numbers, seeds and command
    assert [r["players"] for r in figures["first_seat"]] == [2, 3, 4]
    assert [r["players"] for r in figures["hand_length"]] == [2, 3, 4]
    assert figures["study"]["seed"] == 3 and figures["study"]["games_per_cell"] == 8
    assert figures["study"]["seat_hands"] == 40
    two = figures["first_seat"][0]
    first = two["first_player"]
    assert first["hands"] + two["draw_two"]["hands"] + two["blocked"] == 40
    assert 0 <= first["ci"][0] <= first["rate"] <= first["ci"][1] <= 1
    assert first["p_value"] <= first["p_holm"] <= 1
    assert two["trend"]["places"] == 2 and "p_holm" in two["trend"]
    assert "p_holm" in two["draw_two"]["first_player"]
    command = f"lastcard study --out {out} --games 8 --seat-hands 40 --seed 3 --players 2-4"
    assert command in text and figures["run"]["command"].startswith(command)
    assert '`stream_seed(derive_seed(3, "study", C), STREAM_GAME, i)`' in text
    assert "**Engines** (`--engine auto`)" in text
    for heading in ("First-seat advantage", "Hand length", "bluffing", "bot ladder"):
        assert heading in text
    assert "The 95% intervals of the first player's share reach " in text
    for part in ("Trend across places", "Hands opened by a Draw Two", "Holm p", "sign test"):
        assert part in text
    assert "52%" not in text and "published" not in text  # a figure without a source
    assert "interval lies wholly above" not in text and "overlap" not in text
    ladder = figures["ladder"]
    assert "random" in ladder["table"]["bots"] and ladder["pairs"]
    assert len(ladder["table"]["pairs"]) == 6  # every two of the four table bots
    assert all("p_holm" in p["comparison"] for p in ladder["pairs"])
    assert [r["cell"] for r in figures["habits"]] == [
        "bluff/greedy/2",
        "bluff/greedy/4",
        "challenge/greedy/2",
        "challenge/greedy/4",
        "bluff/heuristic/2",
        "bluff/heuristic/4",
        "challenge/heuristic/2",
        "challenge/heuristic/4",
    ]
    assert figures["study"]["seat_bot"] == "greedy"
    for habit in figures["habits"]:
        assert "p_holm" in habit["without_wins"]
        detectable = habit["power"]["detectable"]  # null: too few hands to detect anything
        assert (detectable is None and habit["bot"] == "heuristic") or 0 < detectable < 1
    if "ismcts" not in bot_names():
        assert "skipped" in ladder["ismcts"] and "`ismcts` was skipped" in text
    for name, file in figures["plots"].items():
        png = out / file
        assert png.read_bytes().startswith(b"\x89PNG"), name
        assert f"]({file})" in text
    assert {"first_seat", "positions", "hand_length", "ladder"} <= set(figures["plots"])


def test_a_study_refuses_bad_sizes(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="games"):
        compute_study(games=0, seed=1, workers=1, progress=False)
    with pytest.raises(ValueError, match="seat hands"):
        compute_study(games=2, seat_hands=0, seed=1, workers=1, progress=False)
    with pytest.raises(ValueError, match="player counts"):
        compute_study(games=2, seat_hands=2, seed=1, workers=1, players=(1, 2), progress=False)


def test_the_report_claims_only_what_the_adjusted_tests_show() -> None:
    """The same figures read three ways: significant after Holm, significant alone (a hint),
    and not significant; the wording follows the adjusted p-value, not the interval."""
    figures = compute_study(
        games=6, seat_hands=6, seed=2, workers=1, players=(2, 3, 4), progress=False
    )
    figures["run"]["command"] = "lastcard study"
    rows = figures["first_seat"]
    for row, (rate, p, holm) in zip(
        rows, [(0.70, 0.001, 0.003), (0.45, 0.02, 0.04 * 2), (0.30, 0.5, 1.0)], strict=True
    ):
        row["first_player"].update(rate=rate, p_value=p, p_holm=holm)
    text = render_report(figures)
    assert "At N = 2 the first player's share was 70.0%" in text
    assert "p = 0.001, Holm p = 0.003: significant after Holm's correction" in text
    assert "p = 0.02, Holm p = 0.08: not significant after Holm's correction (a hint" in text
    assert "against a fair 25.0%, p = 0.50, Holm p = 1.00: not significant." in text
    assert "the first player's share is above 1/N at N = 2; at the other" in text
    for row in rows:
        row["first_player"].update(p_value=0.5, p_holm=1.0)
    text = render_report(figures)
    assert "No player count's test survives Holm's correction over the 3 player counts" in text


# -- issue 27, finding 8: the readings say what their tests show ------------------------------

# Wins by place, 100,000 decided hands each: a first place far ahead, then at 5 players a fall
# between the first and the last place and a last place rising again; at 4 players no trend
# between them and a last place below the one before it.
PLACES = {5: [30_000, 18_000, 17_000, 16_000, 19_000], 4: [30_000, 25_000, 25_000, 20_000]}


def places_study() -> dict[str, Any]:
    figures = compute_study(
        games=4, seat_hands=8, seed=3, workers=1, players=(4, 5), progress=False
    )
    figures["run"]["command"] = "lastcard study"
    rows = figures["first_seat"]
    for row in rows:
        n = row["players"]
        wins = PLACES[n]
        row["positions"] = [WinTally(sum(wins), w).summary(1 / n) for w in wins]
        row["trend"] = position_trend(wins).to_dict()
        row["inner_trend"] = inner_trend(wins)
        row["last_upturn"] = last_upturn(wins)
    adjust_first_seat(rows)
    return figures


def test_8_the_trend_after_the_first_place_and_the_last_places_upturn_are_tested_apart() -> None:
    # "The win share falls with the place" rested on the winners' mean place, which the first
    # place alone moves; the last place's rise at every N >= 4 went unsaid.
    figures = places_study()
    five = next(r for r in figures["first_seat"] if r["players"] == 5)
    assert five["inner_trend"]["places"] == 3 and five["inner_trend"]["slope"] < 0
    assert five["last_upturn"]["rate"] == pytest.approx(19 / 35)
    text = " ".join(render_report(figures).split())
    assert "which the first place's advantage alone can move" in text
    assert (
        "The win share falls with the place in the order of play between the first and the "
        "last place at N = 5"
    ) in text
    assert "At N = 4 these hands show no trend between the first and the last place" in text
    assert "The last place wins more than the place before it at N = 5, an upturn" in text
    assert "The last place wins less than the place before it at N = 4." in text
    assert "| trend between (points/place) |" in text


def test_8_positions_png_draws_the_last_places_step_apart_from_the_trend() -> None:
    figure = study_plots._positions(places_study()["first_seat"])
    for ax, n in zip(figure.axes, (4, 5), strict=True):
        drawn = {tuple(line.get_xdata()): line.get_linestyle() for line in ax.get_lines()}
        assert drawn[(2, n - 1)] == "-", "the trend between the first and the last place"
        assert drawn[(n - 1, n)] == ":", "the step to the last place"
        assert (1, n) not in drawn, "one line over every place hides the upturn"
        assert "last vs before: Holm p" in ax.get_title()


def test_8_a_challenge_result_states_how_often_the_opponents_bluff() -> None:
    # "Challenging does worse" held against opponents that bluff 0.1 times in 100 hands.
    figures = compute_study(games=4, seat_hands=40, seed=3, workers=1, players=(2,), progress=False)
    figures["run"]["command"] = "lastcard study"
    text = render_report(figures)
    for r in figures["habits"]:
        bluffs = r["activity"][r["with"]]["bluffs_per_100_hands"]
        if r["habit"] == "challenge":
            assert f"against opponents who bluff {bluffs:.1f} times in 100 hands" in text
    assert "against opponents who challenge" in text
