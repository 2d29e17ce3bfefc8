"""Line-by-line play (`lastcard play --plain`) in the test's own process: every decision of the
full-screen table answered by typed lines, the commands, refusals in words, saving at the end
of input and resuming in either mode.

Games are stacked as in test_play.py (the listed cards are dealt one at a time from the
dealer's left, then the first discard, then the top of the stock), so each situation arrives on
a known move; the answers are a list of lines, and the end of the list is the end of input.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from lastcard import Rules
from lastcard.core import Color, Event
from lastcard.tui.plain import SavedGame, run_plain
from lastcard.tui.plain_game import Ending, PlainGame
from lastcard.tui.plain_io import Lines
from lastcard.tui.session import GameSession
from lastcard.tui.settings import BOT_LEVELS, PlaySettings, save_settings

from .test_plain_process import answer_for

# You: R5 R7 W. Ada: B1 B2 B3. First discard R3; the stock's top is Y9, then Y8.
WITH_WILD = "R5 B1 W B2 R7 B3 R3 Y9 Y8"
# You: R5 R7 G1. Ada: B1 B2 B3. First discard R3.
DUEL = "R5 B1 R7 B2 G1 B3 R3 Y9 Y8"


def stacked(
    levels: Sequence[str], deck: str, *, rules: Rules | None = None, dealer: int = 1
) -> GameSession:
    rules = rules if rules is not None else Rules(target_score=None, hand_size=3)
    names = ["You", "Ada", "Basil", "Cleo"][: len(levels) + 1]
    return GameSession(levels, rules, names=names, seed=1, dealer=dealer, deck=deck.split())


class Played:
    """A game played from typed lines: what was said, how it ended, what was saved."""

    def __init__(self, session: GameSession, answers: Sequence[str]) -> None:
        self.session = session
        self.output = io.StringIO()
        lines = Lines(io.StringIO("".join(f"{answer}\n" for answer in answers)), self.output)
        self.saves: list[dict[str, object]] = []
        self.forgotten = False
        levels = ["normal"] * (session.players - 1)
        self.game = PlainGame(
            session, lines, levels=levels, save=self._save, forget=self._forget, bot_delay=5
        )
        self.ending = self.game.play()

    def _save(self, session: GameSession) -> bool:
        self.saves.append(session.to_dict())
        return True

    def _forget(self) -> None:
        self.forgotten = True

    @property
    def text(self) -> str:
        return self.output.getvalue()

    def events(self, kind: str) -> list[Event]:
        return [event for event in self.session.log if event.type == kind]


def codes(cards: Sequence[object] | None) -> list[str]:
    return [getattr(card, "code", str(card)) for card in cards or ()]


# -- your turn: the hand, the marks, the number --------------------------------------------


def test_3_1_the_question_lists_your_hand_numbered_with_the_playable_cards_marked() -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), [])
    assert "Discard: Red 3." in played.text
    assert "Your hand, 3 cards (* can be played): 1 Red 5*, 2 Red 7*, 3 Wild*." in played.text
    assert (
        played.text.splitlines()[-2]
        == "Your turn: play a card marked * (its number) or draw (d). > "
    )
    assert played.ending is Ending.QUIT and "Game saved" in played.text


def test_3_2_a_card_played_by_its_number_and_by_its_code() -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), ["1", "R7"])
    plays = [(e.seat, e.card.code) for e in played.events("play")]
    assert plays[0] == (0, "R5") and (0, "R7") in plays
    assert "You play Red 5 (2 cards left)" in played.text


def test_3_2_a_card_that_does_not_match_is_refused_in_words() -> None:
    played = Played(stacked(["heuristic"], "R5 B1 B7 B2 G1 B3 R3"), ["3"])
    assert "Blue 7 does not match Red 3: play a red card, a 3 or a wild." in played.text
    assert not played.events("play")  # nothing changed


def test_unknown_input_gets_one_line_saying_what_is_accepted() -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), ["fly", "9"])
    lines = played.text.splitlines()
    asked = next(i for i, line in enumerate(lines) if line.endswith(" > fly"))
    refusal = lines[asked + 1]
    assert refusal == (
        "'fly' is not an answer here. Type a card's number (1 to 3) or code, draw or help."
    )
    assert "Your cards are numbered 1 to 3." in played.text


def test_enter_alone_on_your_turn_says_what_is_accepted() -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), [""])
    assert "Type a card's number (1 to 3) or code, draw or help." in played.text


# -- wilds and Seven-O: the follow-up questions ----------------------------------------------


def test_3_4_a_wild_asks_for_its_colour() -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), ["3", "g"])
    assert "Wild: which colour? r red, y yellow, g green, b blue > " in played.text
    assert "You play Wild, choosing green (2 cards left)" in played.text
    assert played.events("play")[0].color.letter == "G"


@pytest.mark.parametrize("answer", ["3:b", "W:b", "play 3:b"])
def test_3_4_a_wild_with_its_colour_in_the_answer_asks_nothing(answer: str) -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), [answer])
    assert "which colour?" not in played.text
    assert played.events("play")[0].color.letter == "B"


def test_3_4_enter_at_the_colour_question_plays_nothing() -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), ["3", "purple", ""])
    assert "Type r, y, g or b, or press Enter to choose another card." in played.text
    assert "Not played: choose again." in played.text
    assert not played.events("play")


SEVEN_O = Rules.preset("party").changed(target_score=None, hand_size=3)
# You: R7 R5 G1; Ada: B1 B2 B3; Basil: Y1 Y2 Y3. Basil deals, so you start.
SWAP = "R7 B1 Y1 R5 B2 Y2 G1 B3 Y3 R9"


def test_7_2_a_seven_asks_whom_to_swap_with() -> None:
    session = stacked(["heuristic", "heuristic"], SWAP, rules=SEVEN_O, dealer=2)
    played = Played(session, ["2", "5", "basil"])
    assert "Swap hands with whom? 1 Ada, 3 cards; 2 Basil, 3 cards > " in played.text
    assert "Type a seat number (1, 2), or press Enter to choose again." in played.text
    swap = played.events("swap_hands")[0]
    assert list(swap.seats) == [0, 2]


def test_7_2_a_seven_with_its_target_in_the_answer() -> None:
    session = stacked(["heuristic", "heuristic"], SWAP, rules=SEVEN_O, dealer=2)
    played = Played(session, ["R7>1"])
    assert "Swap hands with whom?" not in played.text
    assert list(played.events("swap_hands")[0].seats) == [0, 1]
    assert "You play Red 7 at Ada" in played.text


def test_7_2_a_target_the_card_cannot_name_is_refused() -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), ["1>1"])
    assert "Red 5 names no player: play it without one." in played.text


# -- drawing: keep or play the card drawn ------------------------------------------------------

# You: R5 R6 R7; Ada: B1 B2 B3; first discard G3; you draw G8, which can be played.
DRAWN = "R5 B1 R6 B2 R7 B3 G3 G8"


@pytest.mark.parametrize(("answer", "kept"), [("p", False), ("k", True), ("keep", True)])
def test_3_3_the_card_drawn_is_played_or_kept(answer: str, kept: bool) -> None:
    played = Played(stacked(["heuristic"], DRAWN), ["d", answer])
    assert "Your turn: nothing matches. Draw a card (d). > " in played.text
    assert "You drew Green 8: play it (p) or keep it (k). > " in played.text
    assert bool(played.events("keep")) is kept
    assert any(e.seat == 0 and e.card.code == "G8" for e in played.events("play")) is not kept


def test_3_3_after_drawing_only_the_drawn_card_may_be_played() -> None:
    played = Played(stacked(["heuristic"], DRAWN), ["d", "1"])
    assert "After drawing, only Green 8 may be played (p); or keep it (k)." in played.text


# -- the Wild Draw Four: challenge or accept ---------------------------------------------------

# You: R5 R6 R7; Ada: W+4 R1 G2; first discard R9. Ada plays her W+4 while holding R1.
BLUFF = "R5 W+4 R6 R1 R7 G2 R9"


@pytest.mark.parametrize(("answer", "challenged"), [("x", True), ("challenge", True), ("a", False)])
def test_3_8_a_wild_draw_four_is_challenged_or_accepted(answer: str, challenged: bool) -> None:
    played = Played(stacked(["greedy:bluff=true"], BLUFF), ["1", answer])
    assert "Ada played a Wild Draw Four on you: challenge (x) or accept (a) and draw 4" in (
        played.text
    )
    if challenged:
        assert played.events("challenge")[0].succeeded is True
        assert "You challenge Ada's Wild Draw Four: a bluff! Ada draws 4 instead." in played.text
        assert len(played.session.view().hand or ()) == 2
    else:
        assert played.events("accept")[0].seat == 0
        assert len(played.session.view().hand or ()) == 2 + 4


# -- stacking ----------------------------------------------------------------------------------

# You: R5 Y+2 G9; Ada: R+2 B1 B3. Ada answers your R5 with R+2.
STACK = "R5 R+2 Y+2 B1 G9 B3 R9"


def test_7_1_a_draw_two_is_stacked_by_its_number() -> None:
    played = Played(stacked(["heuristic"], STACK, rules=SEVEN_O), ["1", "1!"])
    assert "(* can be played): 1 Yellow Draw Two*, 2 Green 9." in played.text
    assert (
        "+2 is coming to you: stack a draw card (a card marked *) or accept (a) and draw 2. > "
        in played.text
    )
    accept = played.events("accept")[0]
    assert accept.seat == 1 and accept.count == 4


def test_7_1_5_draw_under_a_penalty_accepts_it() -> None:
    played = Played(stacked(["heuristic"], STACK, rules=SEVEN_O), ["1", "draw"])
    accept = played.events("accept")[0]
    assert accept.seat == 0 and accept.count == 2


# -- Uno: with the play, just after it, armed before it, or caught ----------------------------


def test_4_2_uno_is_called_with_the_play() -> None:
    played = Played(stacked(["heuristic"], DUEL), ["1", "1!"])
    assert "Add ! to the card to call Uno with it, as in 1!." in played.text
    assert "You play Red 7 (1 card left) and call Uno!" in played.text
    assert not played.events("catch")


def test_4_2_uno_typed_before_the_play_goes_with_it() -> None:
    played = Played(stacked(["heuristic"], DUEL), ["1", "u", "1"])
    assert "Uno will be called with your play." in played.text
    assert "You play Red 7 (1 card left) and call Uno!" in played.text


def test_4_2_uno_with_a_play_that_leaves_more_cards_is_refused() -> None:
    played = Played(stacked(["heuristic"], DUEL), ["1!"])
    assert "Uno is called with the play that leaves you one card; Red 5 does not." in played.text
    assert not played.events("play")


def test_4_3_a_late_uno_call_is_offered_before_the_bots_move() -> None:
    played = Played(stacked(["heuristic"], DUEL), ["1", "1", "uno"])
    assert "You have one card and did not call Uno: call it now (u)!" in played.text
    assert "Press Enter to let play go on > " in played.text
    assert played.events("uno")[0].seat == 0 and not played.events("catch")


def test_4_4_a_bot_catches_you_when_you_let_the_late_call_go() -> None:
    played = Played(stacked(["heuristic"], DUEL), ["1", "1", ""])
    catch = played.events("catch")[0]
    assert catch.seat == 1 and catch.target == 0
    assert "Ada catches you without an Uno call!" in played.text


def test_4_4_you_catch_a_bot_that_forgets_uno() -> None:
    # Ada never calls. You: R5 R6 Y0; Ada: R1 G6 G3, so each time she has one play only.
    session = stacked(["random:call_uno=false,voluntary_draw=false"], "R5 R1 R6 G6 Y0 G3 R9")
    played = Played(session, ["1", "1!", "c"])
    assert "Ada did not call Uno: catch (c)!" in played.text
    catch = played.events("catch")[0]
    assert catch.seat == 0 and catch.target == 1
    assert "You catch Ada without an Uno call!" in played.text


# -- jumping in ----------------------------------------------------------------------------------


def test_7_3_a_jump_in_is_offered_and_taken_by_its_number() -> None:
    # You: B4 B2 G3 (numbered G3 B2 B4); Ada: B2 R8 Y7; Basil: G1 G5 R6. Basil deals.
    session = stacked(
        ["heuristic", "heuristic"], "B4 B2 G1 B2 R8 G5 G3 Y7 R6 B9", rules=SEVEN_O, dealer=2
    )
    played = Played(session, ["3", "2"])
    assert "Jump in with Blue 2 (its number)!" in played.text
    jump = played.events("play")[-1]
    assert jump.seat == 0 and jump.jump_in and jump.card.code == "B2"
    assert "You jump in with Blue 2" in played.text


def test_7_3_a_jump_in_let_go_with_enter() -> None:
    session = stacked(
        ["heuristic", "heuristic"], "B4 B2 G1 B2 R8 G5 G3 Y7 R6 B9", rules=SEVEN_O, dealer=2
    )
    played = Played(session, ["3", ""])
    assert "Jump in with Blue 2 (its number)!" in played.text
    assert not any(e.jump_in and e.seat == 0 for e in played.events("play"))
    assert any(e.seat == 2 for e in played.events("play") + played.events("draw"))


# -- the first discard, the next hand, the end -------------------------------------------------


def test_2_4_a_first_wild_asks_you_for_its_colour() -> None:
    played = Played(stacked(["heuristic"], "R5 B1 R6 B2 R7 B3 W"), ["blue"])
    assert "The first discard is a Wild: name its colour (r, y, g or b). > " in played.text
    assert played.events("color")[0].seat == 0
    assert played.session.view().color is Color.BLUE


def test_6_6_the_next_hand_is_dealt_on_enter() -> None:
    # You: R5 R6; Ada: B1 B2. You play R5 with the call, Ada draws Y9, you go out with R6.
    session = stacked(["heuristic"], "R5 B1 R6 B2 R3 Y9", rules=Rules(hand_size=2))
    played = Played(session, ["1!", "1", ""])
    assert "You go out and score 12." in played.text
    assert "Press Enter to deal hand 2, or type quit > " in played.text
    assert "Hand 2" in played.text and played.session.view().hand_number == 2


def test_6_the_game_over_gives_the_standings_and_forgets_the_save() -> None:
    session = stacked(["heuristic"], "R5 B1 R6 B2 R3 Y9", rules=Rules(target_score=10, hand_size=2))
    played = Played(session, ["1!", "1"])
    assert played.ending is Ending.OVER and played.forgotten
    final = played.text[played.text.index("Game over: You win!") :].splitlines()
    assert final[1:3] == ["Final scores:", "  1. You    12  winner."]


# -- the commands ----------------------------------------------------------------------------


def test_help_lists_the_answers_the_seats_and_the_commands() -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), ["help"])
    for text in ("R5 is Red 5", "(3!", "catch N (c)", "Seats: 1 Ada.", "  story:", "  quit:"):
        assert text in played.text


def test_hand_and_table_tell_the_situation_again() -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), ["hand", "table"])
    assert played.text.count("Your hand, 3 cards (* can be played): 1 Red 5*") == 2
    assert "You: 3 cards, 0 points, to play." in played.text
    assert "Ada, seat 1, normal: 3 cards, 0 points." in played.text
    assert "Play goes clockwise; the stock has" in played.text


def test_story_tells_the_last_events_again() -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), ["1", "story 2"])
    story = played.game.story[-2:]
    assert played.text.rstrip().split("story 2\n")[1].startswith("\n".join(story))
    assert "You play Red 5 (2 cards left)." in played.game.story


def test_rules_tells_the_rules_of_this_game_without_markup() -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), ["rules"])
    assert "How to play" in played.text and "House rules in this game" in played.text
    assert "**" not in played.text and "#" not in played.text


def test_quit_saves_and_leaves() -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), ["1", "quit"])
    assert played.ending is Ending.QUIT
    assert played.text.rstrip().endswith("Game saved: lastcard play resumes it.")
    assert played.saves[-1]["record"] == played.session.record().to_dict()


def test_every_move_is_saved() -> None:
    played = Played(stacked(["heuristic"], WITH_WILD), ["1"])
    counts = [len(save["record"]["actions"]) for save in played.saves]  # type: ignore[index]
    assert counts[0] == 0 and counts == sorted(counts) and {0, 1, 2} <= set(counts)
    assert len(counts) == len(set(counts)) + 1  # the last save: quitting at the end of input


# -- run_plain: new games, saves, resume across modes ------------------------------------------


def lines_of(*answers: str) -> tuple[Lines, io.StringIO]:
    output = io.StringIO()
    return Lines(io.StringIO("".join(f"{a}\n" for a in answers)), output), output


def run(tmp_path: Path, *answers: str, **options: object) -> str:
    lines, output = lines_of(*answers)
    status = run_plain(
        lines=lines,
        settings_file=tmp_path / "play-settings.json",
        save_file=tmp_path / "saved-game.json",
        **options,  # type: ignore[arg-type]
    )
    assert status == 0
    return output.getvalue()


def test_the_end_of_input_saves_and_the_next_run_resumes(tmp_path: Path) -> None:
    save_settings(PlaySettings(players=2, levels=["easy"]), tmp_path / "play-settings.json")
    first = run(tmp_path, seed=9)
    assert first.rstrip().endswith("Game saved: lastcard play resumes it.")
    saved = json.loads((tmp_path / "saved-game.json").read_text(encoding="utf-8"))
    assert saved["record"]["seed"] == 9

    second = run(tmp_path, "r", "quit")
    assert "You have an unfinished game: 2 players, hand 1 (scores: You 0, Ada 0)." in second
    assert "Resuming hand 1. The story so far ends:" in second and "seed 9" in second
    assert "Ada (seat 1, easy)" in second


def test_a_game_saved_in_line_mode_resumes_at_the_full_screen_table(tmp_path: Path) -> None:
    from lastcard.tui.app import PlayApp

    save_settings(PlaySettings(players=3), tmp_path / "play-settings.json")
    run(tmp_path, seed=4)
    app = PlayApp(settings_file=tmp_path / "s.json", save_file=tmp_path / "saved-game.json")
    session = app.load_game()
    assert session.seed == 4 and session.players == 3
    assert session.names == ("You", "Ada", "Basil")


def test_a_game_saved_at_the_full_screen_table_resumes_in_line_mode(tmp_path: Path) -> None:
    from textual.pilot import Pilot

    from .driver import at_table, make_app

    session = stacked(["heuristic"], WITH_WILD)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("q")

    at_table(app, scenario)
    text = run(tmp_path, "r", "1", "quit")
    assert "You have an unfinished game: 2 players, hand 1" in text
    assert "You play Red 5 (2 cards left)" in text
    resumed = SavedGame(tmp_path / "saved-game.json", lines_of()[0]).load()
    assert resumed.record().actions[0] == (0, "R5")


def test_a_new_game_declines_the_saved_one(tmp_path: Path) -> None:
    save_settings(PlaySettings(players=2), tmp_path / "play-settings.json")
    run(tmp_path, seed=9)
    text = run(tmp_path, "n", "", "", "", "", "quit")
    assert "New game. Press Enter to keep the value in brackets" in text
    saved = json.loads((tmp_path / "saved-game.json").read_text(encoding="utf-8"))
    assert saved["record"]["seed"] != 9


def test_an_unreadable_saved_game_is_said_and_a_new_game_starts(tmp_path: Path) -> None:
    (tmp_path / "saved-game.json").write_text('{"version": 1, "broken', encoding="utf-8")
    text = run(tmp_path, seed=2)
    assert "Your saved game could not be read (" in text
    assert "A new game starts." in text and "seed 2" in text
    [kept] = tmp_path.glob("saved-game.json.corrupt-*")
    assert f"It is kept as {kept}." in text
    assert kept.read_text(encoding="utf-8") == '{"version": 1, "broken'
    saved = json.loads((tmp_path / "saved-game.json").read_text(encoding="utf-8"))
    assert saved["record"]["seed"] == 2


def test_the_new_game_questions_keep_the_last_settings_on_enter(tmp_path: Path) -> None:
    remembered = PlaySettings(players=3, levels=["hard", "easy"], rules=Rules.preset("party"))
    save_settings(remembered, tmp_path / "play-settings.json")
    text = run(tmp_path, "", "", "", "", "quit", new=True)
    assert "Players, you included, 2 to 10 [3] > " in text
    assert "[hard, easy] > " in text and "[party] > " in text and "[500] > " in text
    assert "3 players: you, Ada (hard), Basil (easy); party rules." in text
    saved = json.loads((tmp_path / "saved-game.json").read_text(encoding="utf-8"))
    assert saved["levels"] == ["ismcts:seconds=0.3", "forgetful:base=greedy,forget=0.3,miss=0.3"]


def test_the_new_game_questions_refuse_what_cannot_be_played(tmp_path: Path) -> None:
    text = run(
        tmp_path,
        "11",
        "3",
        "help",
        "master",  # no such level
        "easy,hard",
        "partners",
        "party",
        "lots",
        "none",
        "quit",
        new=True,
    )
    assert "Type a number from 2 to 10, or press Enter." in text
    assert "hard: thinks ahead; never forgets Uno." in text  # the help of the levels
    assert f"Type one of {', '.join(BOT_LEVELS)} for every bot" in text
    assert "Choose other rules." in text  # partners need 4 players
    assert "Type a number of points, none for a single hand, or press Enter." in text
    assert "a single hand" in text
    remembered = json.loads((tmp_path / "play-settings.json").read_text(encoding="utf-8"))
    assert remembered["players"] == 3 and remembered["levels"] == ["easy", "hard"]
    assert remembered["rules"]["target_score"] is None and remembered["rules"]["seven_o"]


def test_the_end_of_input_during_the_new_game_questions_leaves_nothing(tmp_path: Path) -> None:
    text = run(tmp_path, "2", new=True)
    assert not (tmp_path / "saved-game.json").exists()
    assert text.endswith("\n")


class Scripted(io.StringIO):
    """Standard input that answers each question said on `output` as `answer_for` would,
    saying `new` the first time another game is offered."""

    def __init__(self, output: io.StringIO) -> None:
        super().__init__()
        self.output = output
        self.read_to = 0
        self.games = 0

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        said = self.output.getvalue()[self.read_to :].splitlines()
        self.read_to = len(self.output.getvalue())
        question = said[-1]
        if "another game" in question:
            self.games += 1
            return "new\n" if self.games == 1 else ""
        if "[" in question:  # a new-game question: keep the value in brackets
            return "\n"
        return answer_for(question, said[:-1]) + "\n"


def test_another_game_after_the_end(tmp_path: Path) -> None:
    rules = Rules(target_score=None, hand_size=3)
    save_settings(PlaySettings(players=2, levels=["beginner"], rules=rules), tmp_path / "s.json")
    output = io.StringIO()
    lines = Lines(Scripted(output), output)
    status = run_plain(
        lines=lines, seed=3, settings_file=tmp_path / "s.json", save_file=tmp_path / "g.json"
    )
    assert status == 0
    text = output.getvalue()
    assert text.count("Game over:") == 2 and text.count("Type new for another game") == 2
    assert "New game. Press Enter to keep the value in brackets" in text
    assert not (tmp_path / "g.json").exists()


class TerminalInput(io.StringIO):
    """Answers typed at a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("terminal", [True, False])
def test_bots_pause_before_each_move_only_for_someone_at_a_terminal(terminal: bool) -> None:
    answers = "1\n"
    output = io.StringIO()
    lines = Lines(TerminalInput(answers) if terminal else io.StringIO(answers), output)
    pauses: list[float] = []
    game = PlainGame(
        stacked(["heuristic"], WITH_WILD),
        lines,
        levels=["normal"],
        bot_delay=0.25,
        sleep=pauses.append,
    )
    game.play()
    bot_moves = [e for e in game.session.log if e.type in ("play", "draw") and e.seat == 1]
    assert bot_moves
    assert pauses == ([0.25] * len(pauses) if terminal else [])
    assert len(pauses) >= (1 if terminal else 0)
    assert ("> 1\n" in output.getvalue()) is not terminal  # the terminal echoed it already
