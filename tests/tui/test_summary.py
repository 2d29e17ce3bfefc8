"""The end-of-hand summary and the final standings, pushed in a minimal app and read as text.

The data comes from whole games played by the heuristic bots (`lastcard.sim.play_game`): the
`hand_over` events as the table receives them, and the final state's totals, winners and
history. The app loads the table's stylesheet, so the dialogs look as they do in `lastcard play`.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import DataTable

import lastcard.tui
from lastcard.core import Event, GameState, Rules, team_totals
from lastcard.sim import play_game
from lastcard.tui.summary import GameOverScreen, HandSummaryScreen
from lastcard.words import standings

NAMES = ("You", "Ada", "Basil", "Cleo")
SIZE = (120, 40)


class Host(App[None]):
    """Pushes one screen and records what it is dismissed with."""

    CSS_PATH = Path(lastcard.tui.__file__).parent / "play.tcss"

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.pushed = screen
        self.results: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.pushed, self.results.append)


Scenario = Callable[[Host, Pilot[None]], Awaitable[None]]


def run(
    screen: Screen[Any], scenario: Scenario | None = None, size: tuple[int, int] = SIZE
) -> tuple[Host, str]:
    """Show `screen`, play `scenario` on it; returns the app and the text first shown."""
    app = Host(screen)
    shown: list[str] = []

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            shown.append(screen_text(app))
            if scenario is not None:
                await scenario(app, pilot)

    asyncio.run(main())
    return app, shown[0]


def screen_text(app: App[Any]) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


def lines(text: str) -> list[str]:
    """The dialog's lines, its border and padding stripped."""
    inner = (line.strip().strip("█▀▄").strip() for line in text.splitlines())
    return [line for line in inner if line]


def row(text: str, name: str) -> str:
    """The summary table's row of `name`."""
    return next(line for line in lines(text) if re.match(rf"{name}\s{{2,}}", line))


# -- whole games by the heuristic bots --------------------------------------------------------


@cache
def game(preset: str, seed: int) -> tuple[tuple[dict[str, Any], ...], GameState]:
    """A whole four-player game: its `hand_over` events' data and its final state."""
    events: list[dict[str, Any]] = []

    def on_event(event: Event, state: GameState) -> None:
        if event.type == "hand_over":
            events.append(event.to_dict())

    _, final = play_game(["heuristic"] * 4, Rules.preset(preset), seed=seed, on_event=on_event)
    assert final.is_over
    return tuple(events), final


def out_before(events: tuple[dict[str, Any], ...], hand: int) -> list[int]:
    """The seats eliminated before hand number `hand` (0-based)."""
    return sorted(seat for event in events[:hand] for seat in event["eliminated"])


def summary(preset: str, seed: int, hand: int, **options: Any) -> str:
    events, final = game(preset, seed)
    screen = HandSummaryScreen(
        events[hand],
        NAMES,
        game_over=hand == len(events) - 1,
        rules=final.rules,
        out=out_before(events, hand),
        **options,
    )
    return run(screen)[1]


# -- partners ---------------------------------------------------------------------------------


def test_the_hand_summary_shows_the_team_totals_under_partners() -> None:
    events, final = game("partners", 1)
    for hand in (0, len(events) - 1):
        text = summary("partners", 1, hand)
        totals = events[hand]["totals"]
        assert f"Team You + Basil: {totals[0] + totals[2]}" in text
        assert f"Team Ada + Cleo: {totals[1] + totals[3]}" in text
    assert team_totals(final) == (490, 517)  # the last summary's lines, checked above
    went_out = events[0]["went_out"]
    points = events[0]["points"][went_out]
    assert points > 0
    assert f"{NAMES[went_out]} went out and scores {points} points." in summary("partners", 1, 0)


def test_no_team_lines_without_teams() -> None:
    text = summary("official", 0, 0)
    assert "Team " not in text
    text = run(HandSummaryScreen(game("partners", 1)[0][0], NAMES, game_over=False))[1]
    assert "Team " not in text, "without rules, the official rules: no teams"


def test_the_final_standings_rank_the_teams() -> None:
    _, final = game("partners", 1)
    assert final.winners == (1, 3)
    screen = GameOverScreen(final.scores, final.winners, NAMES, final.rules)
    text = lines(run(screen)[1])
    assert "Game over: Ada and Cleo win!" in text
    first = text.index(next(line for line in text if line.startswith("1. Team Ada + Cleo")))
    second = text.index(next(line for line in text if line.startswith("2. Team You + Basil")))
    assert text[first].split()[-3:] == ["517", "★", "winners"]
    assert text[second].split()[-1] == "490"
    assert [line.split() for line in text[first + 1 : first + 3]] == [
        ["Ada", "240"],
        ["Cleo", "277"],
    ]
    assert [line.split() for line in text[second + 1 : second + 3]] == [
        ["You", "298"],
        ["Basil", "192"],
    ]


# -- elimination ------------------------------------------------------------------------------


def test_going_out_under_elimination_scores_nothing_and_says_so() -> None:
    events, _ = game("elimination", 0)
    last = events[-1]
    assert last["went_out"] == 3 and last["points"][3] == 0
    text = summary("elimination", 0, len(events) - 1)
    assert "Cleo went out." in text
    assert "scores 0" not in text and "went out and" not in text


def test_eliminated_players_are_marked_in_the_table() -> None:
    # Seed 0: Basil is eliminated first, then Ada, then You; Cleo wins.
    events, final = game("elimination", 0)
    assert [h.eliminated for h in final.history if h.eliminated] == [(2,), (1,), (0,)]
    last = len(events) - 1
    assert out_before(events, last) == [1, 2]
    text = summary("elimination", 0, last)
    assert row(text, "Cleo").split()[1:3] == ["went", "out"]
    assert row(text, "Ada").split()[1] == "out"
    assert row(text, "Basil").split()[1] == "out"
    assert "eliminated" in row(text, "You")
    assert "You reach 500 points and are eliminated." in text

    first = next(k for k, event in enumerate(events) if event["eliminated"])
    text = summary("elimination", 0, first)
    assert "eliminated" in row(text, "Basil")
    assert "Basil reaches 500 points and is eliminated." in text
    assert row(text, "Ada").split()[1] != "out"


def test_elimination_standings_follow_how_long_each_player_lasted() -> None:
    # Seed 2: Cleo is out first, then Ada, then Basil; You win. By totals alone Ada (526) would
    # come second, ahead of Basil (563) who lasted longer.
    _, final = game("elimination", 2)
    assert final.winners == (0,)
    assert final.scores == (421, 526, 563, 553)
    assert standings(final.scores, final.winners, final.rules, final.history) == [0, 2, 1, 3]
    assert standings(final.scores, final.winners, final.rules) == [0, 1, 3, 2], "by totals"

    screen = GameOverScreen(final.scores, final.winners, NAMES, final.rules, history=final.history)
    text = lines(run(screen)[1])
    assert text[0] == "Game over: You win!"
    ranked = [line for line in text if re.match(r"\d\. ", line)]
    assert [line.split()[1] for line in ranked] == ["You", "Basil", "Ada", "Cleo"]
    assert ranked[0].endswith("★ winner")
    out_after = {h.eliminated[0]: h.number for h in final.history if h.eliminated}
    assert ranked[1].endswith(f"out after hand {out_after[2]}")
    assert ranked[3].endswith(f"out after hand {out_after[3]}")


def test_players_eliminated_by_the_same_hand_are_ranked_by_their_totals() -> None:
    # Seed 3: You and Cleo go out together (553 and 538 points), after Basil; Ada wins.
    _, final = game("elimination", 3)
    assert [h.eliminated for h in final.history if h.eliminated] == [(0, 3), (2,)]
    assert standings(final.scores, final.winners, final.rules, final.history) == [1, 2, 3, 0]


# -- what was there before ----------------------------------------------------------------------


def test_enter_space_or_escape_continue_from_the_hand_summary() -> None:
    events, _ = game("official", 0)
    for key in ("enter", "space", "escape"):

        async def close(app: Host, pilot: Pilot[None], key: str = key) -> None:
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, HandSummaryScreen)

        app, text = run(HandSummaryScreen(events[0], NAMES, game_over=False), close)
        assert "Deal the next hand (Enter)" in text
        assert app.results == [None]
    text = run(HandSummaryScreen(events[-1], NAMES, game_over=True))[1]
    assert "See the result (Enter)" in text


def test_the_hand_summary_shows_every_hand_left() -> None:
    events, _ = game("official", 0)
    event = events[0]
    text = run(HandSummaryScreen(event, NAMES, game_over=False))[1]
    went_out = event["went_out"]
    for seat, name in enumerate(NAMES):
        cells = row(text, name).split()
        if seat == went_out:
            assert cells[1:3] == ["went", "out"]
        else:
            assert len(event["hands"][seat]) > 0
        assert cells[-3:] == [
            str(event["hand_values"][seat]),
            str(event["points"][seat]),
            str(event["totals"][seat]),
        ]


def test_a_blocked_hand_says_so() -> None:
    event = {
        "type": "hand_over",
        "went_out": None,
        "blocked": True,
        "hands": [["R1"], ["B2"], ["G3"], ["Y4"]],
        "hand_values": [1, 2, 3, 4],
        "points": [0, 0, 0, 0],
        "totals": [10, 20, 30, 40],
        "eliminated": [],
    }
    text = run(HandSummaryScreen(event, NAMES, game_over=False))[1]
    assert "Nobody can play or draw: the hand is blocked." in text


def test_the_final_screen_n_or_enter_for_a_new_game_q_or_escape_to_quit() -> None:
    _, final = game("official", 0)
    for key, result in (("n", "new"), ("enter", "new"), ("q", "quit"), ("escape", "quit")):

        async def choose(app: Host, pilot: Pilot[None], key: str = key) -> None:
            await pilot.press(key)
            await pilot.pause()

        screen = GameOverScreen(final.scores, final.winners, NAMES, final.rules)
        app, text = run(screen, choose)
        assert app.results == [result], key
    winner = NAMES[final.winners[0]]
    assert f"Game over: {winner} {'win' if winner == 'You' else 'wins'}!" in text
    ranked = [line for line in lines(text) if re.match(r"\d\. ", line)]
    assert ranked[0].split()[1] == winner and ranked[0].endswith("★ winner")
    scores = [int(line.split()[2]) for line in ranked[1:]]
    assert scores == sorted(scores, reverse=True), "standard scoring: high totals first"


def test_long_lines_wrap_inside_the_dialogs() -> None:
    long = "Ada of the very long name that no dialog of seventy-six columns can hold on one line"
    names = (NAMES[0], long, *NAMES[2:])
    text = run(GameOverScreen((10, 20, 30, 40), (1,), names, Rules()))[1]
    assert f"Game over: {long} wins!" not in text, "on one line it would be cut"
    words = " ".join(" ".join(lines(text)).split())  # the wrapped lines joined again
    assert f"Game over: {long} wins!" in words
    assert f"1. {long} 20 ★ winner" in words


# -- small terminals ---------------------------------------------------------------------------

NAMES_10 = ("You", "Ada", "Basil", "Cleo", "Dmitri", "Esme", "Farid", "Greta", "Hugo", "Ines")


@cache
def first_hand(players: int, hand_size: int, seed: int) -> dict[str, Any]:
    """The `hand_over` data of the first hand of a game by the heuristic bots."""
    events: list[dict[str, Any]] = []

    def on_event(event: Event, state: GameState) -> None:
        if event.type == "hand_over":
            events.append(event.to_dict())

    rules = Rules(hand_size=hand_size, target_score=None)
    play_game(["heuristic"] * players, rules, seed=seed, on_event=on_event)
    return events[0]


@pytest.mark.parametrize("size", [(80, 24), (150, 45)])
@pytest.mark.parametrize(("players", "hand_size"), [(3, 3), (10, 7)])
def test_6_the_hand_summary_is_whole_on_a_small_terminal(
    size: tuple[int, int], players: int, hand_size: int
) -> None:
    """The issue's case (3 players, 3 cards, 80×24) cut the "points" heading, the totals and the
    right border; ten players must fit as well."""
    event = first_hand(players, hand_size, 3)
    names = NAMES_10[:players]
    checked: list[bool] = []

    async def check(app: Host, pilot: Pilot[None]) -> None:
        dialog = app.screen.query_one("#hand-summary")
        table = app.screen.query_one("#summary-table", DataTable)
        assert dialog.region.right <= size[0], "the dialog's right border is on the screen"
        assert table.virtual_size.width <= table.scrollable_content_region.width, (
            "the table is narrower than its place: nothing to scroll sideways to"
        )
        text = screen_text(app)
        heading = next(line for line in lines(text) if line.startswith("player"))
        assert heading.split() == ["player", "cards", "left", "value", "points", "total"]
        for seat, name in enumerate(names):
            numbers = row(text, name).split()[-3:]
            assert numbers == [
                str(event["hand_values"][seat]),
                str(event["points"][seat]),
                str(event["totals"][seat]),
            ]
        assert all(line.endswith("█") for line in text.splitlines() if line.startswith("█"))
        checked.append(True)

    run(HandSummaryScreen(event, names, game_over=False), check, size)
    assert checked
