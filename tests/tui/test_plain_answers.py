"""Reading typed answers (`plain_answers.read_answer`) and the words of line-by-line play
(`plain_words`): numbers with the grammar's suffixes, action codes, the full-screen table's
keys, commands, and what is not an answer.
"""

from __future__ import annotations

import dataclasses

import pytest

from lastcard import Rules, new_game, player_view
from lastcard.core import Action, ActionKind, Card, Color, parse_action
from lastcard.tui.plain_answers import (
    ENTER,
    Command,
    PlayRequest,
    Unclear,
    accepted_line,
    narrowed,
    read_answer,
)
from lastcard.tui.plain_words import table_lines
from lastcard.words.cards import card_name
from lastcard.words.spoken import spoken

HAND = tuple(Card.from_code(code) for code in ("R5", "R7", "G+2", "W"))
NAMES = ["You", "Ada", "Basil"]


def card(code: str) -> Card:
    return Card.from_code(code)


def offers(*codes: str) -> tuple[Action, ...]:
    return tuple(parse_action(code) for code in codes)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("1", PlayRequest(card("R5"))),
        (" 2 ", PlayRequest(card("R7"))),
        ("2!", PlayRequest(card("R7"), uno=True)),
        ("4:g", PlayRequest(card("W"), Color.GREEN)),
        ("4:Blue!", PlayRequest(card("W"), Color.BLUE, uno=True)),
        ("2>2", PlayRequest(card("R7"), target=2)),
        ("2 > 1 !", PlayRequest(card("R7"), target=1, uno=True)),
        ("play 3", PlayRequest(card("G+2"))),
        ("R5", PlayRequest(card("R5"))),
        ("g+2", PlayRequest(card("G+2"))),
        ("W+4:b!", PlayRequest(card("W+4"), Color.BLUE, uno=True)),
        ("R7>2", PlayRequest(card("R7"), target=2)),
    ],
)
def test_a_card_by_its_number_or_its_code(text: str, wanted: PlayRequest) -> None:
    assert read_answer(text, HAND, (), None) == wanted


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("d", ActionKind.DRAW),
        ("draw", ActionKind.DRAW),
        ("k", ActionKind.KEEP),
        ("KEEP", ActionKind.KEEP),
        ("x", ActionKind.CHALLENGE),
        ("challenge", ActionKind.CHALLENGE),
        ("a", ActionKind.ACCEPT),
        ("u", ActionKind.UNO),
        ("uno", ActionKind.UNO),
        ("next", ActionKind.NEXT),
    ],
)
def test_the_words_and_the_full_screen_tables_keys(text: str, kind: ActionKind) -> None:
    assert read_answer(text, HAND, offers("draw", "keep"), None) == Action(kind)


def test_7_1_5_draw_under_a_penalty_is_accepting_it() -> None:
    assert read_answer("d", HAND, offers("G+2", "accept"), None) == Action(ActionKind.ACCEPT)


def test_p_plays_the_card_just_drawn() -> None:
    state = new_game(2, seed=0, dealer=1)
    view = dataclasses.replace(player_view(state, 0), drawn=card("R7"))
    assert read_answer("p", HAND, (), view) == PlayRequest(card("R7"))
    assert isinstance(read_answer("play", HAND, (), player_view(state, 0)), Unclear)


@pytest.mark.parametrize(
    ("text", "target"), [("c", 2), ("catch", 2), ("catch 2", 2), ("c 1", 1), ("catch ada", 1)]
)
def test_4_4_catch_by_the_key_the_seat_or_the_name(text: str, target: int) -> None:
    answer = read_answer(text, HAND, offers("catch 2"), None, NAMES)
    assert answer == Action(ActionKind.CATCH, target=target)


def test_4_4_catch_without_a_seat_when_two_can_be_caught_asks_whom() -> None:
    answer = read_answer("c", HAND, offers("catch 1", "catch 2"), None, NAMES)
    assert answer == Unclear("Say whom to catch: catch 1 or catch 2.")
    assert read_answer("c", HAND, (), None) == Unclear("Nobody can be caught now.")


@pytest.mark.parametrize("text", ["g", "green", "color g", "Colour GREEN"])
def test_2_4_a_colour_answers_the_first_wild(text: str) -> None:
    colors = offers("color r", "color y", "color g", "color b")
    assert read_answer(text, HAND, colors, None) == Action(ActionKind.COLOR, color=Color.GREEN)


def test_a_colour_letter_means_nothing_when_no_colour_is_asked() -> None:
    assert isinstance(read_answer("g", HAND, offers("R5", "draw"), None), Unclear)


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("help", Command("help")),
        ("?", Command("help")),
        ("hand", Command("hand")),
        ("table", Command("table")),
        ("story", Command("story")),
        ("story 30", Command("story", "30")),
        ("rules", Command("rules")),
        ("quit", Command("quit")),
        ("q", Command("quit")),
        ("exit", Command("quit")),
        ("", ENTER),
        ("   ", ENTER),
    ],
)
def test_the_commands(text: str, command: Command) -> None:
    assert read_answer(text, HAND, (), None) == command


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0", "Your cards are numbered 1 to 4."),
        ("5", "Your cards are numbered 1 to 4."),
        ("4:purple", "'purple' is no colour: add :r, :y, :g or :b."),
        ("fly away", "'fly away' is not an answer here."),
        ("R10", "'R10' is not an answer here."),
        ("catch me", "Catch a player by their seat number or name, as in catch 1, not 'me'."),
    ],
)
def test_what_is_no_answer_is_said_in_one_line(text: str, message: str) -> None:
    assert read_answer(text, HAND, (), None, NAMES) == Unclear(message)


def test_accepted_line_names_what_may_be_typed_now() -> None:
    line = accepted_line(offers("R5", "W:r", "draw", "catch 2"), HAND)
    assert line == "Type a card's number (1 to 4) or code, draw, catch 2 or help."
    assert accepted_line((), ()) == "Type help."


def test_narrowed_keeps_the_plays_that_fit_what_was_said() -> None:
    wilds = offers("W:r", "W:g", "W:r!", "W:g!", "R7>1", "R7>2")
    assert narrowed(PlayRequest(card("W"), Color.GREEN), wilds) == list(offers("W:g", "W:g!"))
    assert narrowed(PlayRequest(card("W"), uno=True), wilds) == list(offers("W:r!", "W:g!"))
    assert narrowed(PlayRequest(card("R7"), target=2), wilds) == list(offers("R7>2"))
    assert (
        narrowed(PlayRequest(card("R7"), target=0), wilds) == "Red 7 can name seat 1 or 2, not 0."
    )
    assert narrowed(PlayRequest(card("R5")), wilds) == []


@pytest.mark.parametrize(
    ("code", "declared", "name"),
    [
        ("R5", None, "Red 5"),
        ("YS", None, "Yellow Skip"),
        ("GR", None, "Green Reverse"),
        ("B+2", None, "Blue Draw Two"),
        ("W", None, "Wild"),
        ("W+4", Color.RED, "Wild Draw Four, choosing red"),
        ("WD2", None, "Wild Downpour Draw Two"),
    ],
)
def test_cards_in_words_as_the_web_table_names_them(
    code: str, declared: Color | None, name: str
) -> None:
    assert card_name(card(code), declared) == name


def test_spoken_lines_have_no_decoration() -> None:
    assert spoken("── Hand 2 ──") == "Hand 2"
    assert spoken("lastcard · 2 players") == "lastcard, 2 players"
    assert spoken("  You    R5") == "  You    R5"  # indentation is kept


def test_7_12_the_table_marks_your_partner_and_who_is_out() -> None:
    state = new_game(4, rules=Rules.preset("partners"), seed=3)
    lines = table_lines(player_view(state, 0), ["You", "Ada", "Basil", "Cleo"], ["easy"] * 3)
    assert any(line.startswith("Basil, seat 2, easy, your partner: 7 cards") for line in lines)
    assert not any("Ada, seat 1, easy, your partner" in line for line in lines)
    out = dataclasses.replace(player_view(state, 0), active=(True, False, True, True))
    lines = table_lines(out, ["You", "Ada", "Basil", "Cleo"], ["easy"] * 3)
    assert "Ada, seat 1, easy: out of the game, 0 points." in lines
