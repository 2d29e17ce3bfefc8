"""The words test, the Textual table: the recorded games (tests/recorded_games.py) played at the
table through Textual's pilot; its story pane and its status line must say the words
`lastcard.words` gives, in the table's style (cards as faces, keys in brackets). A sentence
changed here only fails this test; one changed in `lastcard.words` changes every front end
alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from lastcard.tui.app import PlayApp
from lastcard.tui.session import GameSession
from lastcard.tui.table_style import TABLE_STYLE, story_card, story_color
from lastcard.words.prompts import prompt
from recorded_games import GAMES, LEVELS, NAMES, Recorded, person_choice, play, story

from .driver import at_table, bots_move, make_app, table_of


def words(text: str) -> str:
    return " ".join(text.split())


def status(app: PlayApp) -> str:
    return words(str(table_of(app).query_one("#status", Static).render()))


def story_pane(app: PlayApp) -> str:
    """The story pane's text as one line: a line the pane wrapped reads whole again."""
    lines = table_of(app).query_one("#log", RichLog).lines
    return words(" ".join(strip.text for strip in lines))


def expected_status(app: PlayApp) -> str:
    table = table_of(app)
    session = table.session
    view = session.view()
    hand = table.hand
    return words(
        prompt(
            view,
            session.human_actions(),
            NAMES,
            TABLE_STYLE,
            selected=hand[table.selected] if table.selected < len(hand) else None,
            log=session.log,
        ).plain
    )


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_the_table_says_the_words_of_the_recorded_game(game: Recorded, tmp_path: Path) -> None:
    session = GameSession(list(LEVELS), game.rules, names=list(NAMES), seed=game.seed)
    app = make_app(session, tmp_path)
    asked: list[str] = []

    async def scenario(pilot: Pilot[None]) -> None:
        table = table_of(app)
        while not (session.is_over or session.hand_over):
            action = person_choice(session)
            if action is None:
                await bots_move(pilot, app)
                continue
            said = status(app)
            assert said == expected_status(app), said
            asked.append(said)
            table.act(action)
            await pilot.pause()
        told = story(session.record(), 0, NAMES, story_card, story_color, speak=False)
        assert story_pane(app) == words(" ".join(told))

    at_table(app, scenario)
    assert asked, "the person was asked"
    assert session.record().actions == play(game).record().actions, "the recorded game"
