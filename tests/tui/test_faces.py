"""Card faces: every card reads unambiguously from its text alone, colour or no colour."""

from __future__ import annotations

import random

import pytest

from lastcard.core import Card, Color, Kind, Rules
from lastcard.tui.faces import (
    SHAPES,
    STYLES,
    card_text,
    color_text,
    face_lines,
    hand_order,
    value_label,
)

CLASSIC = sorted(set(Rules().deck_cards()), key=lambda card: card.sort_key)
EVERY_CARD = sorted(
    set(Rules(deck="2018", wild_downpour=True).deck_cards())
    | set(Rules.preset("themes").deck_cards())
    | set(CLASSIC),
    key=lambda card: card.sort_key,
)
WILDS = [card for card in EVERY_CARD if card.is_wild]
MAMBO = Card.from_code("WM")  # §7.11.7: the one wild that declares no colour
THEMES = ["R+3", "Y+3", "G+3", "B+3", "WH", "WI", "WCA", "WF", "WJ", "WM", "WT"]


def mark(card: Card) -> str:
    return f"{card.color.letter}{SHAPES[card.color]}" if card.color is not None else "W★"


def test_the_decks_hold_every_kind_of_card() -> None:
    assert {card.kind for card in EVERY_CARD} == set(Kind)
    assert len(CLASSIC) == 4 * 13 + 2  # 0-9, Skip, Reverse, Draw Two per colour; W, W+4
    # WSH, WC, WD1, WD2; a Draw Three per colour and the seven theme wilds (§7.11)
    assert len(EVERY_CARD) == len(CLASSIC) + 4 + len(THEMES)
    assert {card.code for card in EVERY_CARD} >= set(THEMES)


@pytest.mark.parametrize("cards", [CLASSIC, EVERY_CARD], ids=["classic", "2018+downpour+themes"])
def test_every_card_has_its_own_face(cards: list[Card]) -> None:
    faces = {face_lines(card): card for card in cards}
    assert len(faces) == len(cards)
    texts = {card_text(card).plain: card for card in cards}
    assert len(texts) == len(cards)


@pytest.mark.parametrize("card", EVERY_CARD, ids=lambda card: card.code)
def test_the_text_names_the_colour_by_letter_and_shape(card: Card) -> None:
    line1, line2 = face_lines(card)
    assert line1 == mark(card)
    assert line2 == value_label(card)
    assert card_text(card).plain == mark(card) + value_label(card)
    assert len(line1) <= 6 and len(line2) <= 6


def test_shapes_are_distinct_and_not_the_wild_star() -> None:
    assert set(SHAPES) == set(Color)
    assert len(set(SHAPES.values())) == 4
    assert "★" not in SHAPES.values()
    assert len({color.letter for color in Color} | {"W"}) == 5


def test_value_labels() -> None:
    labels = {
        "R0": "0",
        "G9": "9",
        "BS": "SKIP",
        "YR": "REV",
        "R+2": "+2",
        "W": "WILD",
        "W+4": "W+4",
        "WSH": "SHUF",
        "WC": "CUST",
        "WD1": "ALL+1",
        "WD2": "ALL+2",
        # §7.11: the web table's words (server/static/js/cards.js)
        "G+3": "+3",
        "WH": "HOWL",
        "WI": "INVIS",
        "WCA": "CARE",
        "WF": "FRND",
        "WJ": "JOKER",
        "WM": "MAMBO",
        "WT": "TRVL",
    }
    assert {code: value_label(Card.from_code(code)) for code in labels} == labels


@pytest.mark.parametrize("color", list(Color), ids=lambda color: color.name)
def test_a_wild_shows_its_declared_colour_in_text(color: Color) -> None:
    declared_mark = f"{color.letter}{SHAPES[color]}"
    faces = set()
    for card in WILDS:
        if card is MAMBO:
            continue  # no colour of its own: test_7_11_7_a_mambo_shows_no_declared_colour
        line1, line2 = face_lines(card, color)
        assert line1 == f"★→{declared_mark}"
        assert line2 == value_label(card)
        faces.add((line1, line2))
        text = card_text(card, color)
        assert text.plain == f"W★{value_label(card)}→{declared_mark}"
        assert text.style == STYLES[color]
    assert len(faces) == len(WILDS) - 1


def test_7_11_7_a_mambo_shows_no_declared_colour() -> None:
    """The colour before a Mambo stays until its lead: on the pile it shows none of its own."""
    assert face_lines(MAMBO, Color.GREEN) == ("W★", "MAMBO")
    assert card_text(MAMBO, Color.GREEN).plain == "W★MAMBO"
    assert card_text(MAMBO, Color.GREEN).style == STYLES[None]


def test_a_coloured_card_ignores_a_declared_colour() -> None:
    card = Card.from_code("R5")
    assert face_lines(card, Color.BLUE) == ("R▲", "5")
    assert card_text(card, Color.BLUE).plain == "R▲5"


def test_styles() -> None:
    assert card_text(Card.from_code("R5")).style == STYLES[Color.RED]
    assert card_text(Card.from_code("BS")).plain == "B◆SKIP"
    assert card_text(Card.from_code("BS")).style == STYLES[Color.BLUE]
    assert card_text(Card.from_code("W+4")).style == STYLES[None]
    assert card_text(Card.from_code("W+4"), Color.GREEN).plain == "W★W+4→G■"


def test_colour_text() -> None:
    text = color_text(Color.GREEN)
    assert text.plain == "G■ green"
    assert text.style == STYLES[Color.GREEN]
    assert [color_text(color).plain for color in Color] == [
        "R▲ red",
        "Y● yellow",
        "G■ green",
        "B◆ blue",
    ]


def test_hand_order() -> None:
    codes = ["W+4", "B0", "R+2", "WD1", "Y9", "RS", "R9", "W", "RR", "R2", "G5", "Y1", "WSH"]
    cards = [Card.from_code(code) for code in codes]
    random.Random(3).shuffle(cards)
    ordered = [card.code for card in hand_order(cards)]
    assert ordered == [
        "R2",
        "R9",
        "RS",
        "RR",
        "R+2",
        "Y1",
        "Y9",
        "G5",
        "B0",
        "W",
        "W+4",
        "WSH",
        "WD1",
    ]


def test_hand_order_keeps_duplicates() -> None:
    cards = [Card.from_code(code) for code in ("R5", "W", "R5", "W")]
    assert [card.code for card in hand_order(cards)] == ["R5", "R5", "W", "W"]
