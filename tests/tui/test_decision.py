"""The status line and the refusals, from real positions reached through a `GameSession`."""

from __future__ import annotations

import pytest

from lastcard import Rules
from lastcard.core import IllegalActionError, parse_action
from lastcard.tui.decision import decision_text
from lastcard.tui.session import GameSession
from lastcard.tui.table_style import TABLE_STYLE
from lastcard.words import refusals

from .driver import stacked_session

NAMES = ["You", "Ada"]


def refusal(session: GameSession, code: str) -> str:
    action = parse_action(code)
    with pytest.raises(IllegalActionError) as caught:
        session.act(action)
    return refusals.refusal(caught.value, action, session.view(), NAMES, TABLE_STYLE)


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


def test_7_1_7_a_stacked_wild_draw_four_says_what_a_challenge_costs() -> None:
    rules = Rules(target_score=None, hand_size=3, stacking="same")
    # You: W+4 R5 G9; Ada: R1 W+4 B3. Your W+4 (a bluff: you hold R5), and Ada stacks hers.
    session = stacked_session(["greedy"], "W+4 R1 R5 W+4 G9 B3 R3", rules=rules)
    session.act("W+4:r")
    session.step_bots()
    view = session.view()
    assert (view.phase.value, view.pending_draw) == ("await_wd4_response", 8)
    status = decision_text(view, session.human_actions(), NAMES).plain
    assert "Ada stacked a Wild Draw Four on you, +8 in all" in status
    assert "challenge [x] or accept [a] and draw 8" in status
    assert "A failed challenge: you draw 10." in status  # §7.1.7: P + 2
    assert "A caught bluff: Ada draws 4 and you still face +4." in status


def test_3_8_a_single_wild_draw_four_says_what_a_challenge_costs() -> None:
    session = stacked_session(["greedy"], "R5 W+4 W+4 G1 G9 G2 R3")
    session.act("R5")
    session.step_bots()
    status = decision_text(session.view(), session.human_actions(), NAMES).plain
    assert "A failed challenge: you draw 6. A caught bluff: Ada draws 4 instead." in status
