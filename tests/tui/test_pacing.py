"""`bot_pause`: the bots' pause, stretched to a person's pace while an Uno race is on."""

from __future__ import annotations

from lastcard import Rules
from lastcard.tui.pacing import CATCH_WINDOW, UNO_GRACE, bot_pause
from lastcard.tui.session import GameSession

from .driver import stacked_session

SILENT_ADA = "random:call_uno=false,voluntary_draw=false,catch_rate=0"


def pause(session: GameSession, bot_delay: float) -> float:
    return bot_pause(session.view(), bot_delay)


def test_outside_the_races_the_pause_is_the_players_setting() -> None:
    session = stacked_session(["heuristic"], "R5 B1 R7 B2 G1 B3 R3 Y9 Y8")
    session.act("R5")
    assert pause(session, 0.8) == 0.8
    assert pause(session, 0.0) == 0.0


def test_4_3_when_you_forgot_to_call_the_bots_give_you_time_to_call() -> None:
    session = stacked_session(["heuristic"], "R5 B1 R7 B2 G1 B3 R3 Y9 Y8")
    session.act("R5")
    session.step_bots()
    session.act("R7")  # without the call
    assert session.view().exposed == 0
    assert pause(session, 0.05) == UNO_GRACE
    assert pause(session, 5.0) == 5.0  # a slower setting stays slower


def test_4_4_when_a_bot_forgot_to_call_you_have_time_to_catch_it() -> None:
    session = stacked_session(
        [SILENT_ADA, "heuristic"],
        "R5 R1 R8 G7 B4 Y2 R3 B9 B8 B7",
        rules=Rules(target_score=None, hand_size=2),
        dealer=2,
    )
    session.act("R5!")
    session.step_bots()  # Ada's R1, without the call
    assert session.view().exposed == 1
    assert pause(session, 0.05) == CATCH_WINDOW
    session.act("catch 1")
    assert pause(session, 0.05) == 0.05


def test_the_windows_are_at_a_persons_pace() -> None:
    # Long enough to notice and press a key; not so long that the game drags.
    assert 1.5 <= UNO_GRACE <= 3 and 2 <= CATCH_WINDOW <= 3
