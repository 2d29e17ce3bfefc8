"""Calling Uno and catching at the table: what the badges say, and time to catch a bot.

The `UNO!` badge used to appear for anyone down to one card once the catch window closed, call
or no call (seen for a bot and for you); and a bot that forgot to call was out of reach, because
the next bot moved after the usual 0.8 s pause. Here the pause is 0.05 s, so any wait the test
sees is the table's own.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from lastcard import Rules
from lastcard.tui.app import PlayApp
from lastcard.tui.uno_calls import UnoCalls

from .driver import at_table, bots_move, make_app, play, screen_text, stacked_session, table_of

SILENT_ADA = "random:call_uno=false,voluntary_draw=false,catch_rate=0"


def panel_text(app: PlayApp, widget_id: str) -> str:
    return str(table_of(app).query_one(widget_id, Static).content)


def test_4_4_a_bot_that_never_called_reads_no_call_once_nobody_can_catch_it(
    tmp_path: Path,
) -> None:
    # You: R5 R6 Y0; Ada (never calls): R1 G6 G3; R9 first.
    session = stacked_session([SILENT_ADA], "R5 R1 R6 G6 Y0 G3 R9")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        await bots_move(pilot, app)  # Ada: R1
        await pilot.press("u")
        await play(pilot, app, "R6")
        await bots_move(pilot, app)  # Ada: G6, her penultimate card, silently
        assert "no UNO call!" in panel_text(app, "#seat-1")  # she can be caught
        await pilot.press("d")  # your Y0 cannot follow: your draw closes the window
        await pilot.pause()
        if session.human_to_act():
            await pilot.press("k")
            await pilot.pause()
        view = session.view()
        assert view.hand_sizes[1] == 1 and 1 in view.uncaught
        text = panel_text(app, "#seat-1")
        assert "UNO!" not in text, "Ada never called"
        assert "no call" in text

    at_table(app, scenario, size=(80, 24))


def test_4_4_your_own_miss_reads_no_call_and_a_call_reads_uno(tmp_path: Path) -> None:
    # You: R5 R7 G1; Ada (never catches): B1 B2 B3; R3 first, then Y9 and Y8 for Ada to draw.
    session = stacked_session(["greedy:catch=false"], "R5 B1 R7 B2 G1 B3 R3 Y9 Y8")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        await bots_move(pilot, app)  # Ada draws
        await play(pilot, app, "R7")  # down to one card, without the call
        assert "no UNO call!" in panel_text(app, "#me")
        await bots_move(pilot, app)  # Ada draws and does not catch you: the window closes
        assert 0 in session.view().uncaught
        text = panel_text(app, "#me")
        assert "UNO!" not in text and "no call" in text

    at_table(app, scenario, size=(80, 24))

    # The same game, with the call: the badge.
    session = stacked_session(["greedy:catch=false"], "R5 B1 R7 B2 G1 B3 R3 Y9 Y8")
    app = make_app(session, tmp_path)

    async def called(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        await bots_move(pilot, app)
        await pilot.press("u")
        await play(pilot, app, "R7")
        await bots_move(pilot, app)
        assert "UNO!" in panel_text(app, "#me")

    at_table(app, called, size=(80, 24))


async def wait_for_moves(pilot: Pilot[None], app: PlayApp, moves: int) -> None:
    session = table_of(app).session
    for _ in range(200):
        if len(session.record().actions) >= moves:
            return
        await pilot.pause(0.01)
    raise AssertionError(f"the game did not reach {moves} actions")


def test_4_4_you_have_time_to_catch_a_bot_that_did_not_call(tmp_path: Path) -> None:
    # Three seats, Basil deals, two cards each. You: R5 G7; Ada (never calls): R1 B4; Basil
    # (catches everyone): R8 Y2. R3 first. You play R5 with the call; Ada must play R1, her
    # penultimate card, without calling; Basil could catch her or play at once.
    session = stacked_session(
        [SILENT_ADA, "heuristic"],
        "R5 R1 R8 G7 B4 Y2 R3 B9 B8 B7",
        rules=Rules(target_score=None, hand_size=2),
        dealer=2,
    )
    app = make_app(session, tmp_path, bot_delay=0.05)

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("u")
        await play(pilot, app, "R5")
        await wait_for_moves(pilot, app, 2)  # Ada's R1, 0.05 s later
        assert session.view().exposed == 1
        await pilot.pause(0.6)  # a dozen of the bots' usual pauses
        assert len(session.record().actions) == 2, "a bot moved before you could catch Ada"
        assert "Ada did not call Uno: catch [c]!" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()

    at_table(app, scenario)
    catch = [e.to_dict() for e in session.log if e.type == "catch"]
    assert catch and catch[0]["seat"] == 0 and catch[0]["target"] == 1


def test_4_a_call_stands_only_until_its_player_draws() -> None:
    """Read in one go (a resumed game's whole story): you call with R7, later draw R2 and play
    it without a call. Down to one card again, you have not called this time."""
    session = stacked_session(["greedy:catch=false"], "R5 B1 R7 B2 G1 B3 R3 Y9 Y8 R2 Y7")
    session.act("R5")
    session.step_bots()  # Ada draws Y9
    session.act("R7!")
    calls = UnoCalls()
    calls.read(session.log, session.view().hand_sizes)
    assert calls.called == {0}
    assert str(calls.badge(session.view(), 0)) == "UNO!"
    session.step_bots()  # Ada draws Y8
    session.act("draw")  # R2
    session.act("R2")  # without the call
    session.step_bots()  # Ada draws Y7; nobody caught you
    view = session.view()
    assert len(view.hand or ()) == 1 and 0 in view.uncaught
    calls = UnoCalls()
    calls.read(session.log, view.hand_sizes)
    assert calls.called == set()
    assert str(calls.badge(view, 0)) == "no call"
    assert calls.badge(view, 1) is None  # Ada holds five cards
