"""Whole games of `lastcard play` driven by key presses through Textual's pilot.

Each test stacks the deck so that the situation it is about arrives on a known move, then plays
it the way a person would: number keys and Enter for cards, letters for the rest, Space to let
the bots move.
"""

from __future__ import annotations

import json
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Markdown

from lastcard import Rules
from lastcard.core import parse_action
from lastcard.tui.app import PlayApp
from lastcard.tui.new_game import NewGameScreen
from lastcard.tui.pickers import ColorPicker, ConfirmScreen, TargetPicker
from lastcard.tui.session import GameSession
from lastcard.tui.summary import GameOverScreen, HandSummaryScreen
from lastcard.tui.table import TableScreen
from lastcard.tui.widgets import CardWidget

from .driver import (
    at_table,
    bots_move,
    codes,
    make_app,
    play,
    screen_text,
    stacked_session,
    table_of,
)


async def bots_until_you(pilot: Pilot[None], app: PlayApp) -> None:
    """Let the bots move until the game waits for you (or the hand ends)."""
    session = table_of(app).session
    for _ in range(20):
        if session.human_to_act() or session.hand_over or session.is_over:
            return
        await bots_move(pilot, app)
    raise AssertionError("the bots never handed the turn back")


def events_of(app: PlayApp, kind: str) -> list[dict[str, object]]:
    return [e.to_dict() for e in table_of(app).session.log if e.type == kind]


# -- a hand to its end, with a Wild and its colour picker -----------------------------------


def test_3_2_a_hand_played_to_its_end_with_a_wild(tmp_path: Path) -> None:
    # You: R5 R7 W. Ada: B1 B2 B3. First discard R3; Ada draws Y9, then Y8, and cannot play.
    session = stacked_session(["heuristic"], "R5 B1 W B2 R7 B3 R3 Y9 Y8")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        assert "Your turn" in screen_text(app)
        await play(pilot, app, "R5")
        await bots_until_you(pilot, app)
        assert events_of(app, "draw")[-1]["seat"] == 1, "Ada could not follow: she drew"
        await pilot.press("u")  # arm the Uno call: R7 is the penultimate card
        assert "UNO! will be called with your play" in screen_text(app)
        await play(pilot, app, "R7")
        assert events_of(app, "play")[-1]["uno"] is True
        await bots_until_you(pilot, app)
        await play(pilot, app, "W")
        assert isinstance(app.screen, ColorPicker)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen)
        summary = screen_text(app)
        assert "You went out and score 23 points" in summary  # B1 B2 B3 Y9 Y8
        assert "B◆1" in summary and "Y●9" in summary
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert "Game over: You win!" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()

    at_table(app, scenario)
    assert session.is_over and session.state.winners == (0,)
    assert events_of(app, "play")[-1]["color"] == "g"
    assert not (tmp_path / "saved-game.json").exists(), "a finished game leaves no save behind"


# -- Uno: caught by a bot, a late call, and you catching a bot -------------------------------


def test_4_4_a_bot_catches_you_when_you_forget_uno(tmp_path: Path) -> None:
    session = stacked_session(["heuristic"], "R5 B1 R7 B2 G1 B3 R3 Y9 Y8")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        await bots_until_you(pilot, app)
        await play(pilot, app, "R7")  # down to one card, without the call
        text = screen_text(app)
        assert "did not call Uno: call it now [u]!" in text
        await bots_move(pilot, app)  # Ada moves first: she catches you

    at_table(app, scenario)
    catches = events_of(app, "catch")
    assert catches and catches[0]["seat"] == 1 and catches[0]["target"] == 0
    assert len(session.view().hand or ()) == 3  # G1 plus the 2-card penalty


def test_4_3_calling_uno_just_after_your_play_is_in_time(tmp_path: Path) -> None:
    session = stacked_session(["heuristic"], "R5 B1 R7 B2 G1 B3 R3 Y9 Y8")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        await bots_until_you(pilot, app)
        await play(pilot, app, "R7")
        await pilot.press("u")  # before the bots move
        await pilot.pause()
        await bots_move(pilot, app)

    at_table(app, scenario)
    assert events_of(app, "uno") and not events_of(app, "catch")
    assert len(session.view().hand or ()) == 1


def test_4_4_you_catch_a_bot_that_forgets_uno(tmp_path: Path) -> None:
    # Ada never calls. You: R5 R6 Y0; Ada: R1 G6 G3, so each time she has one play only.
    session = stacked_session(
        ["random:call_uno=false,voluntary_draw=false"], "R5 R1 R6 G6 Y0 G3 R9"
    )
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        await bots_until_you(pilot, app)  # Ada plays R1
        await pilot.press("u")  # you do call yours
        await play(pilot, app, "R6")
        await bots_move(pilot, app)  # Ada plays G6, her penultimate card, silently
        assert session.view().exposed == 1
        assert "Ada did not call Uno: catch [c]!" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()

    at_table(app, scenario)
    catches = events_of(app, "catch")
    assert catches and catches[0]["seat"] == 0 and catches[0]["target"] == 1
    assert session.view().hand_sizes[1] == 3  # G3 plus the penalty


# -- the Wild Draw Four challenge -------------------------------------------------------------


def test_3_8_you_challenge_a_bluffed_wild_draw_four(tmp_path: Path) -> None:
    # Ada plays her W+4 (the greedy bot's most valuable card) while holding the red R1.
    session = stacked_session(["greedy:bluff=true"], "R5 W+4 R6 R1 R7 G2 R9")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        await bots_until_you(pilot, app)
        assert "played a Wild Draw Four on you" in screen_text(app)
        assert not table_of(app).query_one("#challenge").disabled
        await pilot.press("x")
        await pilot.pause()

    at_table(app, scenario)
    challenge = events_of(app, "challenge")
    assert challenge and challenge[0]["succeeded"] is True
    assert session.view().hand_sizes[1] == 2 + 4  # R1 G2 and the four of the failed bluff
    assert len(session.view().hand or ()) == 2  # you drew nothing


# -- Seven-O under the party preset -----------------------------------------------------------


def test_7_2_seven_o_swap_with_the_target_picker(tmp_path: Path) -> None:
    rules = Rules.preset("party").changed(target_score=None, hand_size=3)
    # You: R7 R5 G1; Ada: B1 B2 B3; Basil: Y1 Y2 Y3. Dealer Basil, so you start.
    session = stacked_session(
        ["heuristic", "heuristic"], "R7 B1 Y1 R5 B2 Y2 G1 B3 Y3 R9", rules=rules, dealer=2
    )
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R7")
        assert isinstance(app.screen, TargetPicker)
        text = screen_text(app)
        assert "1. Ada (3 cards)" in text and "2. Basil (3 cards)" in text
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)

    at_table(app, scenario)
    swap = events_of(app, "swap_hands")
    assert swap and list(swap[0]["seats"]) == [0, 2]  # type: ignore[call-overload]
    assert codes(session.view().hand or ()) == ["Y1", "Y2", "Y3"]
    assert session.view().hand_sizes[2] == 2  # R5 G1


# -- save and resume ----------------------------------------------------------------------------


def test_save_then_resume_the_same_game(tmp_path: Path) -> None:
    session = stacked_session(["heuristic"], "R5 B1 W B2 R7 B3 R3 Y9 Y8")
    app = make_app(session, tmp_path)
    save = tmp_path / "saved-game.json"

    async def first_sitting(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        await bots_until_you(pilot, app)
        await pilot.press("s")
        await pilot.pause()
        assert save.exists()
        await pilot.press("q")  # quitting saves as well
        await pilot.pause()

    at_table(app, first_sitting)
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert [tuple(a) for a in saved["record"]["actions"]] == list(session.record().actions)

    resumed = make_app(None, tmp_path)

    async def second_sitting(pilot: Pilot[None]) -> None:
        assert isinstance(resumed.screen, ConfirmScreen)
        assert "unfinished game" in screen_text(resumed)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(resumed.screen, TableScreen)
        again = table_of(resumed).session
        assert again.state == session.state
        assert again.names == session.names
        await play(pilot, resumed, "R7")  # and the game goes on
        assert len(again.view().hand or ()) == 1

    at_table(resumed, second_sitting)


def test_a_new_game_from_the_remembered_settings(tmp_path: Path) -> None:
    """`lastcard play --seed N` deals at once with the last settings; the seed is not remembered
    (every later game would be the same deal)."""
    settings = tmp_path / "play-settings.json"
    settings.write_text(
        json.dumps({"players": 3, "levels": ["easy", "beginner"], "rules": {"seven_o": True}}),
        encoding="utf-8",
    )
    app = make_app(None, tmp_path, seed=11)

    async def scenario(pilot: Pilot[None]) -> None:
        table = table_of(app)
        assert table.session.players == 3 and table.session.seed == 11
        assert table.session.rules.seven_o
        text = screen_text(app)
        assert "Ada  easy" in text and "Basil  beginner" in text

    at_table(app, scenario)
    remembered = json.loads(settings.read_text(encoding="utf-8"))
    assert remembered["players"] == 3 and remembered.get("seed") is None


# -- the first discard is a Wild, hands follow one another, the help ------------------------------


def test_2_4_a_first_wild_asks_you_for_its_colour(tmp_path: Path) -> None:
    # Ada deals; a Wild turns up first, so you, on her left, name its colour (first_wild default).
    session = stacked_session(["heuristic"], "R5 B1 R6 B2 R7 B3 W")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, ColorPicker)
        assert "name its colour" in screen_text(app)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)

    at_table(app, scenario)
    assert session.view().color is not None and session.view().color.letter == "B"
    assert events_of(app, "color")[0]["seat"] == 0


def test_6_3_1_the_hand_summary_then_the_next_hand(tmp_path: Path) -> None:
    rules = Rules(hand_size=2)  # to 500 points: one hand will not end the game
    # You: R5 R6; Ada: B1 B2. You play R5 (with the call), Ada draws Y9, you go out with R6.
    session = stacked_session(["heuristic"], "R5 B1 R6 B2 R3 Y9", rules=rules)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("u")
        await play(pilot, app, "R5")
        await bots_until_you(pilot, app)
        await play(pilot, app, "R6")
        assert isinstance(app.screen, HandSummaryScreen)
        assert "Deal the next hand" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "hand 2" in screen_text(app)

    at_table(app, scenario)
    assert session.view().hand_number == 2
    assert session.view().scores[0] == 12  # B1 B2 Y9


def test_the_rules_help_lists_the_house_rules(tmp_path: Path) -> None:
    rules = Rules.preset("party").changed(target_score=None, hand_size=3)
    session = stacked_session(["heuristic"], "R5 B1 R6 B2 R7 B3 R3", rules=rules)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        text = screen_text(app)
        assert "How to play" in text
        await pilot.press("end")  # the help scrolls to its end, the keys
        await pilot.pause()
        assert "With the mouse" in screen_text(app)
        source = app.screen.query_one(Markdown).source
        assert "House rules in this game" in source
        assert "**Seven-O**: on" in source and "**Jump-In**: on" in source
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)

    at_table(app, scenario)


# -- stacking, jumping in, and the mouse ----------------------------------------------------


def test_7_1_stack_a_draw_two_or_accept(tmp_path: Path) -> None:
    rules = Rules.preset("party").changed(target_score=None, hand_size=3)
    # You: R5 Y+2 G9; Ada: R+2 B1 B3. Ada answers your R5 with R+2; you stack your Y+2.
    session = stacked_session(["heuristic"], "R5 R+2 Y+2 B1 G9 B3 R9", rules=rules)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        await bots_until_you(pilot, app)
        text = screen_text(app)
        assert "+2 is coming to you" in text and "accept [a]" in text
        assert not table_of(app).query_one("#accept").disabled
        await play(pilot, app, "Y+2")
        await bots_until_you(pilot, app)  # Ada cannot stack: she draws the 4

    at_table(app, scenario)
    accept = events_of(app, "accept")
    assert accept and accept[0]["seat"] == 1 and accept[0]["count"] == 4
    assert session.view().hand_sizes[1] == 2 + 4


def test_7_3_jump_in_with_the_identical_card(tmp_path: Path) -> None:
    rules = Rules.preset("party").changed(target_score=None, hand_size=3)
    # You: B4 B2 G3; Ada: B2 R8 Y7; Basil: G1 G5 R6. Basil deals, you start.
    session = stacked_session(
        ["heuristic", "heuristic"], "B4 B2 G1 B2 R8 G5 G3 Y7 R6 B9", rules=rules, dealer=2
    )
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "B4")
        await bots_move(pilot, app)  # Ada plays her B2; Basil is next
        assert session.view().to_act == 2
        assert "Jump in with B◆2 [Enter]!" in screen_text(app)
        await play(pilot, app, "B2")

    at_table(app, scenario)
    jump = events_of(app, "play")[-1]
    assert jump["seat"] == 0 and jump["jump_in"] is True and jump["card"] == "B2"
    assert codes(session.view().hand or ()) == ["G3"]
    assert session.view().to_act == 1  # play goes on from your left: Basil was jumped over


def test_play_with_the_mouse(tmp_path: Path) -> None:
    session = stacked_session(["heuristic"], "R5 B1 W B2 R7 B3 R3 Y9 Y8")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        table = table_of(app)
        wild = next(w for w in table.query(CardWidget) if w.card.code == "W")
        await pilot.click(wild)
        await pilot.pause()
        assert isinstance(app.screen, ColorPicker)
        await pilot.click("#colour-y")
        await pilot.pause()
        assert session.view().color is not None and session.view().color.letter == "Y"
        await bots_until_you(pilot, app)
        await pilot.click("#draw")
        await pilot.pause()

    at_table(app, scenario)
    assert events_of(app, "play")[0]["card"] == "W"
    assert events_of(app, "draw")[-1]["seat"] == 0


def test_every_move_is_saved_so_a_closed_terminal_loses_nothing(tmp_path: Path) -> None:
    session = stacked_session(["heuristic"], "R5 B1 W B2 R7 B3 R3 Y9 Y8")
    app = make_app(session, tmp_path)
    save = tmp_path / "saved-game.json"

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        await bots_until_you(pilot, app)
        saved = json.loads(save.read_text(encoding="utf-8"))
        assert [tuple(a) for a in saved["record"]["actions"]] == list(session.record().actions)
        assert len(session.record().actions) >= 2  # your play and Ada's draw

    at_table(app, scenario)


def test_a_small_terminal_hides_the_story_but_keeps_its_last_line(tmp_path: Path) -> None:
    session = stacked_session(["heuristic"], "R5 B1 W B2 R7 B3 R3 Y9 Y8")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        log = table_of(app).query_one("#log")
        assert not log.display
        await play(pilot, app, "R5")
        await bots_move(pilot, app)
        text = screen_text(app)
        assert "Ada draws a card" in text  # the story's last line, above the decision
        assert "Your turn" in text
        await pilot.press("l")
        await pilot.pause()
        assert log.display

    at_table(app, scenario, size=(80, 24))


def test_9_a_seed_on_the_command_line_deals_at_once_and_keeps_the_saved_game(
    tmp_path: Path,
) -> None:
    # It asked to resume the saved game, where `--seed`'s help says it deals at once.
    saved = stacked_session(["heuristic"], "R5 B1 W B2 R7 B3 R3 Y9 Y8")
    saved.act("R5")
    text = json.dumps(saved.to_dict())
    (tmp_path / "saved-game.json").write_text(text, encoding="utf-8")
    app = make_app(None, tmp_path, seed=5)

    async def scenario(pilot: Pilot[None]) -> None:
        assert not isinstance(app.screen, ConfirmScreen)
        assert table_of(app).session.seed == 5
        kept = [p for p in tmp_path.iterdir() if p.name.startswith("saved-game.json.unfinished")]
        assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text
        notices = [n.message for n in app._notifications]
        assert any(f"Your unfinished game is kept as {kept[0]}" in m for m in notices)

    at_table(app, scenario)


def test_the_bots_wait_while_you_read_the_help(tmp_path: Path) -> None:
    session = stacked_session(["heuristic"], "R5 B1 W B2 R7 B3 R3 Y9 Y8")
    app = make_app(session, tmp_path, bot_delay=0.05)

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await play_via_session(app, "R5")
        moves = len(session.record().actions)
        await pilot.pause(0.5)  # ten bot pauses
        assert len(session.record().actions) == moves, "a bot moved behind the help"
        await pilot.press("escape")
        for _ in range(100):
            await pilot.pause(0.02)
            if len(session.record().actions) > moves:
                break
        assert len(session.record().actions) > moves, "the bots go on after the help"

    at_table(app, scenario)


async def play_via_session(app: PlayApp, code: str) -> None:
    """Play as if the key had reached the table under the help (the table's own entry)."""
    table_of(app).act(next(a for a in table_of(app).session.human_actions() if a.code == code))


def test_7_1_5_d_with_a_penalty_pending_accepts_it(tmp_path: Path) -> None:
    rules = Rules.preset("party").changed(target_score=None, hand_size=3)
    session = stacked_session(["heuristic"], "R5 R+2 G8 B1 G9 B3 R9", rules=rules)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        await bots_until_you(pilot, app)
        assert session.view().pending_draw == 2
        await pilot.press("d")
        await pilot.pause()

    at_table(app, scenario)
    accept = events_of(app, "accept")
    assert accept and accept[0]["seat"] == 0 and len(session.view().hand or ()) == 4


def test_3_2_a_refused_card_is_explained_in_a_players_words(tmp_path: Path) -> None:
    session = stacked_session(["heuristic"], "R5 B1 B7 B2 G1 B3 R3")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "B7")
        await pilot.pause()
        assert "B◆7 does not match R▲3: play a red card, a 3 or a wild." in screen_text(app)

    at_table(app, scenario)
    assert not session.record().actions  # nothing happened


def test_7_12_your_partner_is_marked_at_the_table(tmp_path: Path) -> None:
    session = GameSession(["heuristic"] * 3, Rules.preset("partners"), seed=3)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        assert "your partner" in screen_text(app)
        titles = {seat: table_of(app).query_one(f"#seat-{seat}").border_title for seat in (1, 2, 3)}
        assert titles == {1: None, 2: "your partner", 3: None}  # seats 0 and 2 are a team

    at_table(app, scenario)


def test_a_new_game_in_the_middle_of_one(tmp_path: Path) -> None:
    session = stacked_session(["heuristic"], "R5 B1 W B2 R7 B3 R3 Y9 Y8")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        await pilot.press("n")  # a game in progress is not thrown away without asking
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Leave this game for a new one?" in screen_text(app)
        await pilot.press("k")  # keep playing
        await pilot.pause()
        assert app.screen is table_of(app) and table_of(app).session is session
        await pilot.press("n", "escape")  # Escape keeps playing too
        await pilot.pause()
        assert app.screen is table_of(app)
        await pilot.press("n", "n")  # the game so far is saved, the new-game screen opens
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")  # Start has the focus
        for _ in range(50):
            await pilot.pause(0.02)
            if app.table is not None and app.table.session is not session:
                break
        # The new game is dealt from a fresh seed: its first discard may be a Wild whose colour
        # you name, in a picker over the new table.
        assert isinstance(app.screen, TableScreen | ColorPicker)
        assert table_of(app).session is not session
        assert table_of(app).session.players == 4  # the default settings

    at_table(app, scenario)


def test_a_bot_mistake_stops_the_game_with_a_message_not_a_crash(tmp_path: Path) -> None:
    session = stacked_session(["heuristic"], "R5 B1 W B2 R7 B3 R3 Y9 Y8")

    class Wrong:
        def choose(self, view: object, legal: object, *, may_pass: bool = False) -> object:
            return parse_action("W+4:r")  # never offered: Ada holds no W+4

    session.bots[1] = Wrong()  # type: ignore[assignment]
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R5")
        await bots_move(pilot, app)
        table = table_of(app)
        assert table.bots_stopped is not None and "not offered" in table.bots_stopped
        assert not table.busy  # nothing more is scheduled
        assert any("A bot made a mistake" in n.message for n in app._notifications)

    at_table(app, scenario)
    assert (tmp_path / "saved-game.json").exists()


# -- table mode: a wrong card costs 2 cards and the turn -------------------------------------


def test_5_4_1_a_card_that_does_not_match_is_a_wrong_card_in_table_mode(tmp_path: Path) -> None:
    # You: R5 G7 B1 on R3. In table mode choosing G7 plays it wrongly: you draw Y9 and Y8.
    rules = Rules(target_score=None, hand_size=3, mode="table")
    session = stacked_session(["heuristic"], "R5 B2 G7 B3 B1 B4 R3 Y9 Y8", rules=rules)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        assert "Your turn" in screen_text(app)
        await play(pilot, app, "G7")
        assert "which does not match, and take" in screen_text(app)

    at_table(app, scenario)
    assert events_of(app, "wrong_card") == [{"type": "wrong_card", "seat": 0, "card": "G7"}]
    assert [c.code for c in session.view().hand or ()] == ["R5", "G7", "B1", "Y9", "Y8"]
