"""Every refusal at the Textual table: each engine error code the person can cause, over every
kind of top card (tests/recorded_games.py finds where), tried at the table during the refusal
games; the status line says the refusal `lastcard.words` words for it, nothing changes, and
the game goes on to its end."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from lastcard.core.errors import ERROR_TYPES
from lastcard.tui.app import PlayApp
from lastcard.tui.session import GameSession
from lastcard.tui.table_style import TABLE_STYLE
from lastcard.words.refusals import refusal
from recorded_games import (
    LEVELS,
    NAMES,
    REFUSAL_GAMES,
    Recorded,
    covered,
    person_choice,
    refusal_plan,
)

from .driver import at_table, make_app, table_of

KINDS = ("number", "action", "wild", "wild draw four", "+3", "WH", "WI", "WCA", "WF", "WJ", "WM")


def words(text: str) -> str:
    return " ".join(text.split())


def status(app: PlayApp) -> str:
    return words(str(table_of(app).query_one("#status", Static).render()))


def test_the_refusal_games_meet_every_kind_of_top_card_and_most_codes() -> None:
    tried = covered()
    assert {kind for kind, _ in tried} >= {*KINDS, "WT"}
    codes = {code for _, code in tried}
    # The codes no refusal game can cause: a rule set without bluffing, a discard round
    # reached with one card, a lost race, a finished hand, the table layer's own.
    assert set(ERROR_TYPES) - codes <= {
        "ILLEGAL_WILD_DRAW_FOUR",
        "CANNOT_DISCARD_LAST_CARD",
        "CATCH_TOO_LATE",
        "HAND_IS_OVER",
        "NOT_OFFERED",
    }


@pytest.mark.parametrize("game", REFUSAL_GAMES, ids=lambda game: game.id)
def test_the_table_says_every_refusal_and_goes_on(game: Recorded, tmp_path: Path) -> None:
    session = GameSession(list(LEVELS), game.rules, names=list(NAMES), seed=game.seed)
    app = make_app(session, tmp_path)
    plan = refusal_plan(game)
    said: list[str] = []

    async def scenario(pilot: Pilot[None]) -> None:
        table = table_of(app)
        last = max(r.ply for r in plan)
        # Past the last refusal the game must go on: two more moves, or to its end.
        while session.table.ply <= last + 1 and not (session.is_over or session.hand_over):
            ply = session.table.ply
            for tried in (r for r in plan if r.ply == ply):
                table.act(tried.action)  # the table's own path, as its keys and clicks take
                expected = refusal(tried.error, tried.action, tried.view, NAMES, TABLE_STYLE)
                assert status(app).startswith(words(expected)), (tried, status(app))
                assert session.table.ply == ply, "a refusal changes nothing"
                said.append(expected)
            action = person_choice(session)
            if action is not None:
                table.act(action)
            else:  # the bots' move, as Space asks for it, without its worker thread
                step = session.plan_bot_step()
                assert step is not None
                session.apply_bot_step(step)
                table.after_change()
        await pilot.pause()
        assert session.table.ply > last or session.is_over or session.hand_over

    at_table(app, scenario)
    assert len(said) == len(plan)
