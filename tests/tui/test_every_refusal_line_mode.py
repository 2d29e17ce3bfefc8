"""Every refusal in line mode: each engine error code the person can cause by typing, over every
kind of top card, typed during the refusal games (tests/recorded_games.py); line mode says the
refusal `lastcard.words` words for it, asks again, and the game goes on to its end. (An answer
line mode settles itself, as `draw` meaning accept under a penalty, never reaches the engine:
those are not typed here.)"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest

from lastcard.core import Action, ActionKind, IllegalActionError, Transition
from lastcard.tui.plain_answers import PlayRequest, narrowed, read_answer
from lastcard.tui.plain_game import PlainGame
from lastcard.tui.plain_io import Lines
from lastcard.tui.plain_questions import numbered_hand
from lastcard.tui.session import GameSession
from lastcard.words.refusals import refusal
from lastcard.words.style import PLAIN
from recorded_games import LEVELS, NAMES, REFUSAL_GAMES, Recorded, person_choice, refusal_plan


def reaches_the_engine(text: str, action: Action, session: GameSession) -> bool:
    """Whether typing `text` hands `action` to the engine as it is."""
    view = session.view()
    offers = session.human_actions()
    answer = read_answer(text, numbered_hand(view), offers, view, NAMES)
    if isinstance(answer, Action):
        return answer == action
    if not isinstance(answer, PlayRequest) or action.kind is not ActionKind.PLAY:
        return False
    kinds = {a.kind for a in offers}
    if kinds & {ActionKind.DECLINE, ActionKind.GIVE, ActionKind.LEAD}:
        return False
    return narrowed(answer, offers) == [] and answer.card is action.card and not answer.targets


class Refusing(io.StringIO):
    """Standard input typing each planned refusal when line mode asks at its ply, then what
    the recorded person does."""

    def __init__(self, session: GameSession, game: Recorded) -> None:
        super().__init__()
        self.session = session
        self.queue = list(refusal_plan(game))
        self.typed: list[Action] = []

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        session = self.session
        ply = session.table.ply
        self.queue = [r for r in self.queue if r.ply >= ply]
        while self.queue and self.queue[0].ply == ply:
            tried = self.queue.pop(0)
            if reaches_the_engine(tried.action.code, tried.action, session):
                self.typed.append(tried.action)
                return f"{tried.action.code}\n"
        action = person_choice(session)
        return f"{action.code if action is not None else ''}\n"


class Watched(GameSession):
    """A session that remembers every refusal the engine gave it."""

    refused: list[tuple[int, Action, IllegalActionError]]

    def act(self, action: Action | str) -> Transition:
        try:
            return super().act(action)
        except IllegalActionError as error:
            assert isinstance(action, Action)
            self.refused.append((self.table.ply, action, error))
            raise


@pytest.mark.parametrize("game", REFUSAL_GAMES, ids=lambda game: game.id)
def test_line_mode_says_every_refusal_and_goes_on(game: Recorded) -> None:
    session = Watched(list(LEVELS), game.rules, names=list(NAMES), seed=game.seed)
    session.refused = []
    output = io.StringIO()
    typing = Refusing(session, game)
    PlainGame(session, Lines(typing, output), levels=list(LEVELS)).play()
    assert session.is_over or session.hand_over, "the game went on to its end"
    said: Sequence[str] = output.getvalue().splitlines()
    assert [action for _, action, _ in session.refused] == typing.typed
    plan = {(r.ply, r.action): r for r in refusal_plan(game)}
    for ply, action, error in session.refused:
        tried = plan[ply, action]
        assert error.code == tried.error.code
        expected = refusal(error, action, tried.view, NAMES, PLAIN)
        assert expected in said, expected
