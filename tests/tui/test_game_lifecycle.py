"""Starting, ending and leaving games: a finished game never leaves a dead table behind, and a
saved game that cannot be read is said so, kept aside, and replaced by a fresh game."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from lastcard import Rules
from lastcard.tui.app import PlayApp
from lastcard.tui.help_screen import HelpScreen
from lastcard.tui.new_game import NewGameScreen
from lastcard.tui.summary import GameOverScreen, HandSummaryScreen
from lastcard.tui.table import TableScreen

from .driver import at_table, bots_move, make_app, play, screen_text, stacked_session, table_of

CORRUPT = '{"version": 1, "broken'


@pytest.mark.parametrize("size", [(80, 24), (150, 45)])
def test_6_after_the_game_a_cancelled_new_game_goes_back_to_the_standings(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # A single hand: you (R5 R6) go out on your second turn; Ada (B1 B2) draws Y9 meanwhile.
    rules = Rules(target_score=None, hand_size=2)
    session = stacked_session(["heuristic"], "R5 B1 R6 B2 R3 Y9", rules=rules)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("u")
        await play(pilot, app, "R5")
        await bots_move(pilot, app)
        await play(pilot, app, "R6")
        assert isinstance(app.screen, HandSummaryScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("escape")  # not a new game after all
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen), "a dead table: the hand is over"
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert "Quit (q)" in text and "New game (n)" in text
        footer = text.splitlines()[-1]  # the standings' own keys, not the table's beneath
        assert "? rules" in footer and "q quit" in footer and "bots now" not in footer
        await pilot.press("q")
        await pilot.pause()

    at_table(app, scenario, size)
    assert app.return_code == 0 and not app.is_running


def test_a_corrupted_saved_game_is_reported_kept_aside_and_a_fresh_game_starts(
    tmp_path: Path,
) -> None:
    save = tmp_path / "saved-game.json"
    save.write_text(CORRUPT, encoding="utf-8")
    app = make_app(None, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, NewGameScreen)
        kept = list(tmp_path.glob("saved-game.json.corrupt-*"))
        assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == CORRUPT
        assert not save.exists(), "the next save cannot overwrite the kept copy"
        messages = [n.message for n in app._notifications]
        assert any("could not be read" in m and kept[0].name in m for m in messages), messages
        await pilot.press("enter")  # Start: a fresh game with the default settings
        for _ in range(50):
            await pilot.pause(0.02)
            if app.table is not None:
                break
        assert table_of(app).session.players == 4

    at_table(app, scenario, (80, 24))
    assert len(list(tmp_path.glob("saved-game.json.corrupt-*"))) == 1


def test_with_a_seed_a_corrupted_saved_game_gives_way_to_the_seeded_game(tmp_path: Path) -> None:
    (tmp_path / "saved-game.json").write_text(CORRUPT, encoding="utf-8")
    app = make_app(None, tmp_path, seed=7)

    async def scenario(pilot: Pilot[None]) -> None:
        assert table_of(app).session.seed == 7
        assert len(list(tmp_path.glob("saved-game.json.corrupt-*"))) == 1

    at_table(app, scenario, (80, 24))


def test_a_second_corrupted_save_is_kept_beside_the_first(tmp_path: Path) -> None:
    for _ in range(2):
        (tmp_path / "saved-game.json").write_text(CORRUPT, encoding="utf-8")
        app = make_app(None, tmp_path)

        async def scenario(pilot: Pilot[None], app: PlayApp = app) -> None:
            assert isinstance(app.screen, NewGameScreen)

        at_table(app, scenario, (80, 24))
    assert len(list(tmp_path.glob("saved-game.json.corrupt-*"))) == 2


@pytest.mark.parametrize("size", [(80, 24), (120, 30)])
def test_3_the_hand_summary_answers_the_keys_its_footer_offers(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # A game to 500: you (R5 R6) go out of the first hand on your second turn; the summary
    # offered `? rules` and `q quit` in the footer (the table's, beneath it), and both did
    # nothing: a modal screen takes no key of the app's.
    rules = Rules(hand_size=2)
    session = stacked_session(["heuristic"], "R5 B1 R6 B2 R3 Y9", rules=rules)
    app = make_app(session, tmp_path)
    save = tmp_path / "saved-game.json"

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("u")
        await play(pilot, app, "R5")
        await bots_move(pilot, app)
        await play(pilot, app, "R6")
        assert isinstance(app.screen, HandSummaryScreen)
        footer = screen_text(app).splitlines()[-1]
        assert "? rules" in footer and "q quit" in footer and "continue" in footer
        assert "bots now" not in footer, "the table's keys do nothing here"
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen), "the help closes back to the summary"
        save.unlink()
        await pilot.press("q")
        await pilot.pause()

    at_table(app, scenario, size)
    assert app.return_code == 0 and not app.is_running
    assert save.exists(), "quitting from the summary saves the game"
    resumed = PlayApp(settings_file=tmp_path / "s.json", save_file=save).load_game()
    assert resumed.view().scores == session.view().scores
