"""The discard round (RULES.md §7.11.4, the Wild Customizable's `all_discard_one`, §7.10.2) at
both tables: the question it asks, the status while others are asked, a card chosen to be
discarded and `d` to decline, the Uno call with a discard, its story, the option offered and
the rules help that explains it.

Games are stacked as in test_play.py. In `YOURS` you play the Wild Customizable and decide
last; in `ADAS` Ada plays it and you are asked first.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, RichLog

from lastcard import Rules
from lastcard.core import Action, ActionKind, Card, Event, IllegalActionError, parse_action
from lastcard.tui.app import PlayApp
from lastcard.tui.decision import decision_text
from lastcard.tui.help_text import KEYS_MARKDOWN, rules_markdown
from lastcard.tui.pickers import ColorPicker
from lastcard.tui.plain_answers import (
    PlayRequest,
    Unclear,
    accepted_line,
    narrowed_discard,
    read_answer,
)
from lastcard.tui.plain_words import table_lines
from lastcard.tui.session import GameSession
from lastcard.tui.table_style import TABLE_STYLE
from lastcard.tui.widgets import CardWidget
from lastcard.words import Narrator
from lastcard.words.options import OPTIONS_BY_NAME, choice_label, with_option
from lastcard.words.refusals import refusal
from lastcard.words.spoken import narration_card, spoken
from lastcard.words.style import PLAIN

from .driver import at_table, bots_move, make_app, play, screen_text, stacked_session, table_of
from .test_plain import Played

CARE = Rules(deck="2018", custom_wild_effect="all_discard_one", target_score=None, hand_size=3)
THREE = ["You", "Ada", "Basil"]
TWO = ["You", "Ada"]
# You: WC R5 G1; Ada: B1 B2 B3; Basil: Y1 Y2 Y3; first discard R3. Basil deals: you start.
YOURS = "WC B1 Y1 R5 B2 Y2 G1 B3 Y3 R3 R9 R8"
# Ada: WC B1 B2; you: R5 R7 G1; first discard R3. You deal: Ada starts, with her only play.
ADAS = "WC R5 B1 R7 B2 G1 R3 R9 R8"
ASKS_YOU = "Discard round: discard one card beneath the top card [←→ Enter, or click], or decline"


def yours() -> GameSession:
    return stacked_session(["heuristic", "heuristic"], YOURS, rules=CARE, dealer=2)


def adas() -> GameSession:
    return stacked_session(["greedy"], ADAS, rules=CARE, dealer=0)


def status(session: GameSession) -> str:
    return decision_text(session.view(), session.human_actions(), session.names).plain


def events_of(session: GameSession, kind: str) -> list[Event]:
    return [event for event in session.log if event.type == kind]


def story(app: PlayApp) -> str:
    """The story pane's text as one line: a line the pane wrapped reads whole again."""
    lines = table_of(app).query_one("#log", RichLog).lines
    return " ".join(" ".join(strip.text.split()) for strip in lines)


def bots_until_you(session: GameSession) -> None:
    for _ in range(10):
        if session.human_to_act():
            return
        session.step_bots()
    raise AssertionError("the bots never asked you")


# -- the full-screen table, driven by keys -----------------------------------------------------


def test_7_11_4_you_play_the_wild_customizable_and_discard_last_with_uno(tmp_path: Path) -> None:
    session = yours()
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "WC")
        assert isinstance(app.screen, ColorPicker)
        await pilot.press("y")
        await pilot.pause()
        text = screen_text(app)
        assert "Your Wild Customizable opens a discard round." in text
        assert "Discard round: Ada is asked to discard one card beneath the top card" in text
        assert ASKS_YOU not in text
        # A card chosen while Ada is asked is refused in the round's words, and changes nothing.
        await pilot.press("enter")
        assert "Discard round: it is Ada's turn to discard or decline." in screen_text(app)
        await bots_move(pilot, app)
        assert "Discard round: Basil is asked" in screen_text(app)
        await bots_move(pilot, app)
        assert session.state.to_act == 0
        text = screen_text(app)
        assert ASKS_YOU in text
        assert "press u first to call Uno with it" in text
        table = table_of(app)
        assert not table.query_one("#decline", Button).disabled
        assert table.query_one("#draw", Button).disabled  # nobody draws in a round
        marked = {w.card.code for w in table.query(CardWidget) if w.has_class("playable")}
        assert marked == {"R5", "G1"}
        await pilot.press("u")
        await pilot.pause()
        assert "UNO! will be called with your discard" in screen_text(app)
        await play(pilot, app, "R5")
        assert "You discard R▲5 beneath the top card (1 card left) and call Uno!" in story(app)
        assert "UNO!" in str(table.query_one("#me").render())

    at_table(app, scenario)
    mine = [e for e in events_of(session, "discard") if e.seat == 0]
    assert [(e.card.code, e.uno) for e in mine] == [("R5", True)]
    assert [c.code for c in session.view().hand or ()] == ["G1"]
    state = session.state
    assert state.top.code == "WC" and state.discard[-2].code == "R5"  # beneath the top card
    assert (state.phase.value, state.turn) == ("await_turn", 1)  # next(p) plays


def test_7_11_4_asked_first_you_decline_with_d(tmp_path: Path) -> None:
    session = adas()
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await bots_move(pilot, app)  # Ada plays her Wild Customizable
        assert session.state.to_act == 0
        text = screen_text(app)
        assert "Ada's Wild Customizable opens a discard round." in text
        assert ASKS_YOU in text and "Decline (d)" in text
        assert "call Uno" not in text  # three cards: no discard leaves one
        await pilot.press("d")
        await pilot.pause()
        assert "You decline to discard." in story(app)
        assert session.state.to_act == 1  # Ada, who played the card, decides last

    at_table(app, scenario)
    assert [e.seat for e in events_of(session, "decline")][:1] == [0]
    assert len(session.view().hand or ()) == 3
    assert not events_of(session, "draw"), "d declined: nothing was drawn"


def test_7_11_4_a_click_on_a_card_discards_it(tmp_path: Path) -> None:
    session = adas()
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await bots_move(pilot, app)
        table = table_of(app)
        widget = next(w for w in table.query(CardWidget) if w.card.code == "G1")
        await pilot.click(widget)
        await pilot.pause()
        assert "You discard G■1 beneath the top card (2 cards left)" in story(app)

    at_table(app, scenario)
    assert [(e.seat, e.card.code, e.uno) for e in events_of(session, "discard")][:1] == [
        (0, "G1", False)
    ]


# -- the status line and the refusals, on real positions --------------------------------------


def test_7_11_4_the_status_names_who_is_asked_and_then_asks_you() -> None:
    session = yours()
    session.act("WC:y")
    assert status(session) == (
        "Discard round: Ada is asked to discard one card beneath the top card, or to decline."
    )
    session.step_bots()
    assert status(session).startswith("Discard round: Basil is asked")
    session.step_bots()
    assert status(session) == (
        f"{ASKS_YOU} [d]. A discard leaves you one card: press u first to call Uno with it."
    )


def test_7_11_4_refusals_in_the_rounds_words() -> None:
    session = yours()
    session.act("WC:y")
    for code, said in [
        ("R5", "Discard round: it is Ada's turn to discard or decline."),
        ("discard R5", "Discard round: it is Ada's turn to discard or decline."),
    ]:
        action = parse_action(code)
        with pytest.raises(IllegalActionError) as caught:
            session.act(action)
        assert refusal(caught.value, action, session.view(), THREE, TABLE_STYLE) == said
        assert refusal(caught.value, action, session.view(), THREE, PLAIN) == said
    bots_until_you(session)
    action = parse_action("draw")
    with pytest.raises(IllegalActionError) as caught:
        session.act(action)
    assert caught.value.code == "RESPONSE_REQUIRED"
    view = session.view()
    assert refusal(caught.value, action, view, THREE, TABLE_STYLE) == (
        "Answer first: discard one card [←→ Enter, or click] or decline [d]."
    )
    assert refusal(caught.value, action, view, THREE, PLAIN) == (
        "Answer first: discard one card (its number) or decline (d)."
    )


def test_7_11_4_discarding_outside_a_round_is_refused_in_words() -> None:
    session = yours()
    action = parse_action("discard R5")
    with pytest.raises(IllegalActionError) as caught:
        session.act(action)
    assert refusal(caught.value, action, session.view(), THREE, PLAIN) == (
        "There is no discard round now: a card is discarded only when one asks you."
    )
    assert refusal(caught.value, action, session.view(), THREE, TABLE_STYLE) == (
        "There is no discard round now: a card is discarded only when one asks you."
    )


# -- line-by-line play ----------------------------------------------------------------------


def test_7_11_4_plain_you_discard_last_with_the_call_by_number() -> None:
    played = Played(yours(), ["WC:y", "1!"])
    text = played.text
    assert "Your Wild Customizable opens a discard round." in text
    assert "Your hand, 2 cards (* can be discarded): 1 Red 5*, 2 Green 1*." in text
    assert "Add ! to the card to call Uno with it, as in 1!." in text
    assert (
        "Discard round: discard one card beneath the top card (its number), or decline (d). "
        "A discard leaves you one card: add ! to call Uno with it, as in 3!. > 1!"
    ) in text
    assert "You discard Red 5 beneath the top card (1 card left) and call Uno!" in text
    assert [(e.card.code, e.uno) for e in played.events("discard") if e.seat == 0] == [("R5", True)]


@pytest.mark.parametrize("answer", ["d", "decline"])
def test_7_11_4_plain_d_or_decline_declines(answer: str) -> None:
    played = Played(adas(), [answer])
    assert "Ada's Wild Customizable opens a discard round." in played.text
    assert "You decline to discard." in played.text
    assert [e.seat for e in played.events("decline")][:1] == [0]
    assert not [e for e in played.events("draw") if e.seat == 0]


@pytest.mark.parametrize("answer", ["discard 3", "discard g1", "G1", "3"])
def test_7_11_4_plain_a_card_by_number_or_code_is_discarded(answer: str) -> None:
    played = Played(adas(), [answer])
    assert [(e.seat, e.card.code) for e in played.events("discard")][:1] == [(0, "G1")]
    assert "You discard Green 1 beneath the top card (2 cards left)" in played.text


def test_7_11_4_plain_uno_typed_first_goes_with_the_discard() -> None:
    played = Played(yours(), ["WC:y", "u", "2"])
    assert "Uno will be called with your discard." in played.text
    assert [(e.card.code, e.uno) for e in played.events("discard") if e.seat == 0] == [("G1", True)]


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ("1!", "Uno is called with the discard that leaves you one card; Red 5 does not."),
        ("1:g", "A discard names no colour and no player: discard Red 5 without them."),
        ("discard", "Say which card to discard: its number, as in 2, or its code."),
    ],
)
def test_7_11_4_plain_what_does_not_fit_a_discard_is_said(answer: str, said: str) -> None:
    played = Played(adas(), [answer])
    assert said in played.text
    assert not [e for e in played.events("discard") if e.seat == 0]


def test_7_11_4_plain_words_for_the_round() -> None:
    session = adas()
    session.step_bots()
    view, offers = session.view(), session.human_actions()
    hand = [Card.from_code(code) for code in ("R5", "R7", "G1")]
    assert read_answer("d", hand, offers, view) == Action(ActionKind.DECLINE)
    assert read_answer("discard 2", hand, offers, view) == PlayRequest(Card.from_code("R7"))
    assert isinstance(read_answer("discard", hand, offers, view), Unclear)
    assert accepted_line(offers, hand) == (
        "Type a card's number (1 to 3) or code, decline or help."
    )
    assert narrowed_discard(PlayRequest(Card.from_code("B9")), offers) == []
    assert "Ada, seat 1, normal: 2 cards, 0 points." in table_lines(view, TWO, ["normal"])
    assert "You: 3 cards, 0 points, asked to discard." in table_lines(view, TWO, ["normal"])
    # Outside a round `d` still draws, and `discard R5` is the engine's to refuse.
    fresh = adas()
    assert read_answer("d", hand, fresh.human_actions(), fresh.view()) == Action(ActionKind.DRAW)


# -- the story ---------------------------------------------------------------------------------


def test_7_11_4_narration_of_the_round() -> None:
    narrator = Narrator(4)
    narrator.sizes = [3, 3, 2, 4]
    tell: dict[str, dict[str, object]] = {
        "discard_round": {"seat": 2},
        "discard": {"seat": 3, "card": "R5", "uno": False},
        "decline": {"seat": 1},
    }
    text = {
        kind: "\n".join(t.plain for t in narrator.lines({"type": kind, **data}))
        for kind, data in tell.items()
    }
    assert text["discard_round"] == "Seat 2's Wild Customizable opens a discard round."
    assert text["discard"] == "Seat 3 discards R5 beneath the top card (3 cards left)."
    assert text["decline"] == "Seat 1 declines to discard."
    assert narrator.sizes == [3, 3, 2, 3]
    called = narrator.lines({"type": "discard", "seat": 2, "card": "W+4", "uno": True})
    assert (
        called[0].plain == "Seat 2 discards W+4 beneath the top card (1 card left) and calls Uno!"
    )


def test_7_11_4_narration_for_the_reader_and_in_words() -> None:
    narrator = Narrator(3, names=THREE, you=0, card_format=narration_card)
    narrator.sizes = [2, 3, 3]
    lines = [
        spoken(line.plain)
        for event in (
            {"type": "discard_round", "seat": 0},
            {"type": "discard", "seat": 1, "card": "WC", "uno": False},
            {"type": "decline", "seat": 2},
            {"type": "decline", "seat": 0},
        )
        for line in narrator.lines(event)
    ]
    assert lines == [
        "Your Wild Customizable opens a discard round.",
        "Ada discards Wild Customizable beneath the top card (2 cards left).",
        "Basil declines to discard.",
        "You decline to discard.",
    ]


def test_7_11_4_the_engines_own_events_are_told() -> None:
    """Real events (not dicts) from a played round, through the narrator of the table."""
    session = yours()
    session.act("WC:y")
    bots_until_you(session)
    session.act("decline")
    narrator = Narrator(3, CARE, THREE, you=0)
    story = [line.plain for event in session.log for line in narrator.lines(event)]
    assert "Your Wild Customizable opens a discard round." in story
    assert "You decline to discard." in story
    answers = [line for line in story if "beneath the top card" in line or "declines" in line]
    assert [line.split()[0] for line in answers] == ["Ada", "Basil"]  # in turn order
    assert not any(line.startswith(("discard", "decline")) for line in story)  # no raw data


# -- the option and the rules help ----------------------------------------------------------


def test_7_10_2_the_option_is_offered_with_its_label() -> None:
    spec = OPTIONS_BY_NAME["custom_wild_effect"]
    assert "all_discard_one" in spec.choices
    assert choice_label("custom_wild_effect", "all_discard_one") == "everyone may discard one card"
    assert with_option(Rules(deck="2018"), spec.name, "all_discard_one") == CARE.changed(
        target_score=500, hand_size=7
    )


def test_7_11_4_the_rules_help_explains_the_round() -> None:
    text = rules_markdown(CARE)
    assert "a Wild that also does: everyone may discard one card." in text
    round_ = text.split("**Discard round**", 1)[1].split("\n", 1)[0]
    for said in (
        "starting with the next and ending with the player of the card",
        "beneath it, or decline",
        "Nobody may discard their last card",
        "must call Uno",
    ):
        assert said in round_
    assert "**Wild Customizable**: everyone may discard one card." in text  # the house rule
    assert "Discard round" not in rules_markdown(Rules(deck="2018"))
    assert "| d | draw a card; in a discard round, decline |" in KEYS_MARKDOWN
