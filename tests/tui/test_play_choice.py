"""Which questions a chosen card leaves open, from the engine's own offers."""

from __future__ import annotations

from lastcard import Rules
from lastcard.core import Action, ActionKind, Card, Color
from lastcard.tui.play_choice import colors_to_ask, settle_call, target_prompt, targets_to_ask

from .driver import stacked_session


def offers_for(
    deck: str, card: str, *, rules: Rules | None = None, players: int = 2
) -> list[Action]:
    """The person's offers to play `card` in a stacked game where they are first to act."""
    levels = ["heuristic"] * (players - 1)
    session = stacked_session(levels, deck, rules=rules, dealer=players - 1)
    chosen = Card.from_code(card)
    return [a for a in session.human_actions() if a.kind is ActionKind.PLAY and a.card is chosen]


def test_a_wild_asks_for_one_of_four_colours_and_nothing_else() -> None:
    offers = offers_for("W B1 R5 B2 G1 B3 R3", "W")
    assert colors_to_ask(offers) == [Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE]
    assert len(targets_to_ask(offers)) < 2


def test_7_2_a_seven_asks_for_a_target_among_the_others() -> None:
    rules = Rules(target_score=None, hand_size=3, seven_o=True)
    offers = offers_for("R7 B1 Y1 R5 B2 Y2 G1 B3 Y3 R9", "R7", rules=rules, players=3)
    assert targets_to_ask(offers) == [1, 2]
    assert len(colors_to_ask(offers)) < 2
    assert target_prompt(Card.from_code("R7"), rules) == "Swap hands with whom?"


def test_4_3_the_penultimate_card_with_or_without_the_call() -> None:
    # Hand size 2: R5 is the penultimate card, offered with and without the call.
    rules = Rules(target_score=None, hand_size=2)
    offers = offers_for("R5 B1 G1 B2 R3", "R5", rules=rules)
    assert {a.uno for a in offers} == {True, False}
    assert settle_call(offers, armed=True).uno is True
    assert settle_call(offers, armed=False).uno is False


def test_a_card_with_one_way_to_play_it_is_played_that_way() -> None:
    offers = offers_for("R5 B1 R6 B2 G1 B3 R3", "R5")
    assert len(offers) == 1
    assert settle_call(offers, armed=True) == offers[0]  # nothing to call with three cards


def test_7_10_2_a_revealing_wild_customizable_says_so() -> None:
    rules = Rules(deck="2018", custom_wild_effect="reveal")
    assert target_prompt(Card.from_code("WC"), rules) == "Who must show their hand to everyone?"
