"""The `expert` bot at the terminal: a level of the new-game screen, and a hand of `lastcard
play` against it, driven by key presses through Textual's pilot (the deck stacked as in
test_play.py's first hand)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from lastcard.bots import ExpertBot, make_bot
from lastcard.tui.settings import BOT_LEVELS, LEVEL_HELP, PlaySettings

from .driver import at_table, bots_move, make_app, play, stacked_session, table_of


def test_expert_is_a_level_of_the_new_game_screen() -> None:
    assert "expert" in BOT_LEVELS and "expert" in LEVEL_HELP
    assert isinstance(make_bot(BOT_LEVELS["expert"], seed=1), ExpertBot)
    assert PlaySettings(players=2, levels=["expert"]).bot_specs() == [BOT_LEVELS["expert"]]


def test_a_hand_against_the_expert_bot(tmp_path: Path) -> None:
    # You: R5 R7 W. Ada, the expert: B1 B2 B3. First discard R3; Ada draws Y9, then Y8.
    session = stacked_session([BOT_LEVELS["expert"]], "R5 B1 W B2 R7 B3 R3 Y9 Y8")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        for _ in range(10):
            if session.human_to_act():
                break
            await bots_move(pilot, app)
        moves = [e for e in table_of(app).session.log if e.to_dict().get("seat") == 1]
        assert moves, "the expert bot moved"
        await pilot.press("q")
        await pilot.pause()

    at_table(app, scenario)
    assert isinstance(session.bots[1], ExpertBot)
