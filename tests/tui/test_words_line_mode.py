"""The words test, line mode (`lastcard play --plain`): the recorded games (tests/recorded_games.py)
played by typed answers; every line of the story and every question must be the words
`lastcard.words` gives for that moment, in line mode's style. A sentence changed here only
fails this test; one changed in `lastcard.words` changes every front end alike."""

from __future__ import annotations

import io

import pytest

from lastcard.tui.plain_game import PlainGame
from lastcard.tui.plain_io import Lines
from lastcard.tui.session import GameSession
from lastcard.words.prompts import prompt
from lastcard.words.style import PLAIN
from recorded_games import GAMES, LEVELS, NAMES, Recorded, person_choice, play, story


class Answers(io.StringIO):
    """Standard input that answers each question as the recorded game's person does, and
    checks the question asked was the one `lastcard.words` words for the moment."""

    def __init__(self, session: GameSession, output: io.StringIO) -> None:
        super().__init__()
        self.session = session
        self.output = output
        self.asked: list[str] = []

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        session = self.session
        question = self.output.getvalue().rsplit("\n", 1)[-1]
        self.asked.append(question)
        view = session.view()
        offers = session.human_actions()
        if offers or session.human_to_act():
            said = prompt(
                view,
                offers,
                NAMES,
                PLAIN,
                log=session.log,
            ).plain
            expected = " ".join(said.split())
            if session.human_to_act():
                assert question == f"{expected} > ", (question, expected)
            else:
                assert expected in self.output.getvalue().rsplit("\n", 2)[-2], expected
        action = person_choice(session)
        return f"{action.code if action is not None else ''}\n"


def played(game: Recorded) -> tuple[GameSession, list[str], Answers]:
    session = GameSession(list(LEVELS), game.rules, names=list(NAMES), seed=game.seed)
    output = io.StringIO()
    answers = Answers(session, output)
    PlainGame(session, Lines(answers, output), levels=list(LEVELS)).play()
    return session, output.getvalue().splitlines(), answers


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_line_mode_says_the_words_of_the_recorded_game(game: Recorded) -> None:
    session, said, answers = played(game)
    assert session.is_over or session.hand_over
    record = session.record()
    told = story(record, 0, NAMES)
    # Every line of the story, in order, among what line mode said.
    lines = iter(said)
    for line in told:
        assert any(shown == line for shown in lines), f"not said (or not in order): {line!r}"
    assert answers.asked, "the person was asked"
    assert record.actions == play(game).record().actions, "the recorded game"
