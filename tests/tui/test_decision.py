"""The status line and the refusals, from real positions reached through a `GameSession`."""

from __future__ import annotations

import pytest

from lastcard import Rules
from lastcard.core import IllegalActionError, parse_action
from lastcard.tui.decision import decision_text, refusal_text
from lastcard.tui.session import GameSession

from .driver import stacked_session

NAMES = ["You", "Ada"]


def refusal(session: GameSession, code: str) -> str:
    action = parse_action(code)
    with pytest.raises(IllegalActionError) as caught:
        session.act(action)
    return refusal_text(caught.value, action, session.view(), NAMES)


def test_3_2_a_card_that_does_not_match() -> None:
    session = stacked_session(["heuristic"], "R5 B1 B7 B2 G1 B3 R3")
    assert refusal(session, "B7") == "B◆7 does not match R▲3: play a red card, a 3 or a wild."


def test_3_5_3_after_drawing_only_the_drawn_card() -> None:
    # You hold G1 B7 B8 and draw R9, which matches the R3 on top.
    session = stacked_session(["heuristic"], "G1 B1 B7 B2 B8 B3 R3 R9")
    session.act("draw")
    assert (
        "play it [p] or keep it [k]"
        in decision_text(session.view(), session.human_actions(), NAMES).plain
    )
    assert refusal(session, "G1") == "After drawing, only R▲9 may be played [p]; or keep it [k]."


def test_3_1_not_your_turn() -> None:
    session = stacked_session(["heuristic"], "R5 B1 R7 B2 G1 B3 R3")
    session.act("R5")
    assert "Ada to play" in decision_text(session.view(), session.human_actions(), NAMES).plain
    assert refusal(session, "R7") == "It is Ada's turn."


def test_3_8_wild_draw_four_without_bluffing_and_the_answer_it_needs() -> None:
    rules = Rules(target_score=None, hand_size=3, wd4_bluffing=False)
    # You: R5 W+4 G9; Ada: W+4 G1 G2, no red: her Wild Draw Four is legal.
    session = stacked_session(["greedy"], "R5 W+4 W+4 G1 G9 G2 R3", rules=rules)
    assert refusal(session, "W+4:b") == (
        "A Wild Draw Four may be played only when you hold no red card."
    )

    # With bluffing allowed (the official game), the victim must answer the Wild Draw Four.
    session = stacked_session(["greedy"], "R5 W+4 W+4 G1 G9 G2 R3")
    session.act("R5")
    session.step_bots()
    assert session.view().phase.value == "await_wd4_response"
    status = decision_text(session.view(), session.human_actions(), NAMES).plain
    assert "Ada played a Wild Draw Four on you: challenge [x] or accept [a] and draw 4" in status
    assert refusal(session, "G9").startswith("Answer first: challenge the Wild Draw Four [x]")
