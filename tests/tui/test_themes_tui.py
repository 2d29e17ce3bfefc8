"""The theme-pack cards (RULES.md §7.11) at both tables: the option and its preset on the
new-game screen, the cards' faces and names, a Joker's colour, seats and count chosen by keys,
a Mambo's gifts and lead, an Invisibility block, Howler/Friendship/Travel targets, a Travel's
hand shown to its player alone, the story of it all and the rules help.

Games are dealt from a stacked deck (`dealt`: each seat's cards, then the first discard, then
the stock). The bots whose moves matter are `Scripted` (test_pirate_tui.py): they make the
moves given, in order, so each situation arrives on a known move.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Label, Static, Switch

from lastcard import Rules
from lastcard.core import Card, Color, Event, IllegalActionError, parse_action
from lastcard.tui.decision import decision_text
from lastcard.tui.faces import card_label
from lastcard.tui.help_text import KEYS_MARKDOWN, rules_markdown
from lastcard.tui.new_game import member_id
from lastcard.tui.pickers import ColorPicker, SeatsPicker, TargetPicker
from lastcard.tui.plain_answers import PlayRequest, read_answer
from lastcard.tui.plain_questions import help_lines
from lastcard.tui.plain_words import table_lines
from lastcard.tui.session import GameSession
from lastcard.tui.table_style import TABLE_STYLE
from lastcard.words import Narrator
from lastcard.words.cards import card_name
from lastcard.words.options import OPTIONS_BY_NAME
from lastcard.words.refusals import refusal
from lastcard.words.spoken import narration_card, spoken
from lastcard.words.style import PLAIN
from lastcard.words.themes import gift_to

from .driver import at_table, bots_move, make_app, play, screen_text, table_of
from .test_new_game import Host, run, screen, select
from .test_pirate_tui import Scripted, status, story
from .test_plain import Played

THEMES = Rules.preset("themes").changed(target_score=None)
NAMES = ["You", "Ada", "Basil", "Cleo"]
STOCK = "Y5 Y6 Y7 Y8 Y9 G5 G6 G7 G8 G9"
SMALL, LARGE = (80, 24), (120, 40)


def dealt(
    hands: Sequence[str],
    first: str = "R3",
    *,
    dealer: int,
    rules: Rules = THEMES,
    scripts: dict[int, Sequence[str]] | None = None,
) -> GameSession:
    """A single hand in which seat k holds `hands[k]` and `first` is turned up; the seats after
    `dealer` play first. `scripts[seat]` are that bot's moves, in order."""
    rows = [hand.split() for hand in hands]
    players, size = len(rows), len(rows[0])
    order = [(dealer + 1 + k) % players for k in range(players)]
    deck = [rows[seat][i] for i in range(size) for seat in order] + [first, *STOCK.split()]
    session = GameSession(
        ["heuristic"] * (players - 1),
        rules.changed(hand_size=size),
        names=NAMES[:players],
        seed=1,
        dealer=dealer,
        deck=deck,
    )
    for seat, codes in (scripts or {}).items():
        session.table.bots[seat] = Scripted(codes)
    return session


def sent(session: GameSession, seat: int = 0) -> list[str]:
    """The codes `seat` sent, as the game's record holds them."""
    return [code for who, code in session.record().actions if who == seat]


def events_of(session: GameSession, kind: str) -> list[Event]:
    return [event for event in session.log if event.type == kind]


def status_of(session: GameSession) -> str:
    view = session.view()
    return decision_text(view, session.human_actions(), session.names, log=session.log).plain


def bots_until_you(session: GameSession) -> None:
    for _ in range(10):
        if session.human_to_act():
            return
        session.step_bots()
    raise AssertionError("the bots never asked you")


# -- the new-game screen ------------------------------------------------------------------------


def test_7_11_each_theme_card_has_a_switch_and_a_line_of_help() -> None:
    spec = OPTIONS_BY_NAME["theme_cards"]

    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        option = screen(app).query_one("#option-theme_cards")
        helps = [str(s.content) for s in option.query(".member-help").results(Static)]
        assert helps == list(spec.member_help)
        for member in spec.choices:
            control = screen(app).query_one(f"#{member_id('theme_cards', member)}", Switch)
            assert control in option.query("*") and control.value is False
        rows = option.query(".member-row Label").results(Label)
        labels = [str(label.content) for label in rows]
        assert labels == [
            "Draw Three",
            "Howler",
            "Invisibility",
            "Care-a-lot",
            "Friendship",
            "Joker",
            "Mambo",
            "Travel",
        ]

    run(scenario)


def test_7_11_the_themes_preset_switches_every_card_on_and_one_switch_makes_it_custom() -> None:
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        select(app, "preset").value = "themes"
        await pilot.pause()
        for member in OPTIONS_BY_NAME["theme_cards"].choices:
            assert screen(app).query_one(f"#{member_id('theme_cards', member)}", Switch).value
            state = screen(app).query_one(f"#state-theme_cards--{member}", Static)
            assert str(state.content) == "on"
        joker = screen(app).query_one(f"#{member_id('theme_cards', 'joker')}", Switch)
        joker.focus()  # focusing scrolls it into view
        await pilot.press("space")
        await pilot.pause()
        assert select(app, "preset").value == "custom"
        assert str(screen(app).query_one("#state-theme_cards--joker", Static).content) == "off"
        await pilot.press("ctrl+s")
        await pilot.pause()

    app = run(scenario)
    result = app.results[-1]
    assert result is not None
    assert result.rules == Rules.preset("themes").changed(
        theme_cards=Rules.preset("themes").theme_cards - {"joker"}
    )


# -- faces and names --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "label", "name"),
    [
        ("R+3", "R▲+3", "Red Draw Three"),
        ("WH", "W★HOWL", "Howler"),
        ("WI", "W★INVIS", "Invisibility"),
        ("WCA", "W★CARE", "Care-a-lot"),
        ("WF", "W★FRND", "Friendship"),
        ("WJ", "W★JOKER", "Joker"),
        ("WM", "W★MAMBO", "Mambo"),
        ("WT", "W★TRVL", "Travel"),
    ],
)
def test_7_11_faces_and_names(code: str, label: str, name: str) -> None:
    card = Card.from_code(code)
    assert card_label(card) == label
    assert card_name(card) == name
    if card.is_wild and code != "WM":
        assert card_name(card, Color.GREEN) == f"{name}, choosing green"
    assert card_name(Card.from_code("WM"), Color.GREEN) == "Mambo"  # §7.11.7: no colour


# -- Joker (§7.11.6) -----------------------------------------------------------------------------

# You: WJ R5 G1 on R3, and you start; Ada, Basil and Cleo hold three cards each.
JOKER_HANDS = ["WJ R5 G1", "B1 B2 B4", "Y1 Y2 Y4", "G2 G4 G6"]


def test_7_11_6_a_joker_played_by_keys_sends_its_colour_seats_and_count(tmp_path: Path) -> None:
    session = dealt(JOKER_HANDS, dealer=3)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "WJ")
        assert isinstance(app.screen, ColorPicker)
        await pilot.press("g")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, SeatsPicker)
        assert picker.seats == (1, 2, 3) and picker.ticked == [1]  # Enter alone: Ada
        text = screen_text(app)
        assert "Joker: who draws?" in text and "[x] 1. Ada (3 cards)" in text
        await pilot.press("1", "enter")  # nobody ticked: Enter is refused, and said
        await pilot.pause()
        assert app.screen is picker and "Tick at least one player." in screen_text(app)
        await pilot.press("3", "1", "enter")  # Cleo and Ada
        await pilot.pause()
        assert isinstance(app.screen, TargetPicker)
        assert "Joker: how many cards does each draw?" in screen_text(app)
        await pilot.press("2")
        await pilot.pause()
        assert "You play W★JOKER→G■ (2 cards left)" in story(app)
        assert "Ada draws 2 cards (Joker)" in story(app)
        assert "Cleo draws 2 cards (Joker)" in story(app)

    at_table(app, scenario)
    assert sent(session) == ["WJ:g>1,3*2"]
    draws = [(e.seat, e.count, e.reason) for e in events_of(session, "draw")]
    assert draws == [(1, 2, "joker"), (3, 2, "joker")]  # in turn order; nobody skipped
    assert session.state.turn == 1


def test_7_11_6_escape_at_the_seats_plays_nothing(tmp_path: Path) -> None:
    session = dealt(JOKER_HANDS, dealer=3)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "WJ")
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, SeatsPicker)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table_of(app)

    at_table(app, scenario)
    assert sent(session) == []


def test_7_11_6_plain_a_joker_by_its_number_then_the_questions() -> None:
    played = Played(dealt(JOKER_HANDS, dealer=3), ["3", "g", "1 3", "2"])
    assert "Joker: who draws? 1 to 3 of 1 Ada, 3 cards; 2 Basil, 3 cards; 3 Cleo, 3 cards" in (
        played.text
    )
    assert "Joker: how many cards does each draw? 1, 2, 3 > 2" in played.text
    assert "You play Joker, choosing green (2 cards left)" in played.text
    assert "Ada draws 2 cards (Joker)" in played.text
    assert sent(played.session) == ["WJ:g>1,3*2"]


@pytest.mark.parametrize("answer", ["3:g>3,1*2", "WJ:g>1,3*2", "play wj:G>3,1*2"])
def test_7_11_6_plain_a_joker_in_one_answer(answer: str) -> None:
    played = Played(dealt(JOKER_HANDS, dealer=3), [answer])
    assert sent(played.session) == ["WJ:g>1,3*2"]


def test_7_11_6_plain_a_joker_that_names_no_count_is_asked_it() -> None:
    played = Played(dealt(JOKER_HANDS, dealer=3), ["3:y>2", "3"])
    assert sent(played.session) == ["WJ:y>2*3"]
    assert "Joker: who draws?" not in played.text


def test_7_11_6_plain_what_does_not_fit_a_joker_is_said() -> None:
    session = dealt(JOKER_HANDS, dealer=3)
    view, offers = session.view(), session.human_actions()
    hand = [Card.from_code(code) for code in ("R5", "G1", "WJ")]
    request = read_answer("3:g>1,3*2!", hand, offers, view)
    assert request == PlayRequest(Card.from_code("WJ"), Color.GREEN, None, True, (1, 3), 2)
    played = Played(dealt(JOKER_HANDS, dealer=3), ["3:g>1*4", "1>1,2"])
    assert "Joker makes each player draw 1, 2 or 3 cards, not 4." in played.text
    assert "Red 5 names no seats and no count: only a Joker does." in played.text
    assert sent(played.session) == []


# -- Mambo (§7.11.7) ------------------------------------------------------------------------------

# You: WM R5 G1 W B7 on R3, and you start; Ada and Basil hold five cards each.
MAMBO_HANDS = ["WM R5 G1 W B7", "B1 B2 B4 B6 B8", "Y1 Y2 Y4 Y6 Y8"]


def test_7_11_7_a_mambo_its_gifts_and_its_lead_by_keys(tmp_path: Path) -> None:
    session = dealt(MAMBO_HANDS, dealer=2)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "WM")
        assert app.screen is table_of(app), "a Mambo names no colour"
        assert status(app).startswith(
            "Mambo: give one card to Ada [←→ Enter, or click]. Then to Basil. "
            "Then you lead any card."
        )
        assert not table_of(app).query_one("#draw", Button).display
        await play(pilot, app, "G1")
        assert status(app).startswith("Mambo: give one card to Basil")
        await play(pilot, app, "R5")
        assert status(app).startswith(
            "Mambo: lead any card of your hand [←→ Enter, or click]: it need not match. "
            "A lead that leaves you one card: press u first to call Uno with it."
        )
        await pilot.press("u")
        await play(pilot, app, "W")
        assert isinstance(app.screen, ColorPicker)
        await pilot.press("b")
        await pilot.pause()
        told = story(app)
        for line in (
            "You play W★MAMBO (4 cards left)",
            "You give G■1 to Ada.",
            "You give R▲5 to Basil.",
            "You lead a card of your choice (Mambo), which need not match.",
            "You play W★WILD→B◆ (1 card left) and call Uno!",
        ):
            assert line in told, line

    at_table(app, scenario)
    assert sent(session) == ["WM", "give G1", "give R5", "lead W:b!"]
    assert Card.from_code("G1") in session.state.hands[1]
    assert [card.code for card in session.state.hands[0]] == ["B7"]
    assert (session.state.color, session.state.turn) == (Color.BLUE, 1)


def test_7_11_7_a_bots_mambo_told_while_it_gives_and_leads() -> None:
    # Ada plays a Mambo, gives B1 to Basil and B2 to you, then leads B4 (not matching R3).
    hands = ["R5 G1 Y9 G7 G8", "WM B1 B2 B4 B6", "Y1 Y2 Y4 Y6 Y8"]
    scripts = {1: ["WM", "give B1", "give B2", "lead B4"]}
    session = dealt(hands, dealer=0, scripts=scripts)
    session.step_bots()
    assert status_of(session) == "Ada gives a card to Basil (Mambo)."
    assert gift_to(session.view(), session.log) == 2
    session.step_bots()
    assert status_of(session) == "Ada gives a card to you (Mambo)."
    session.step_bots()
    assert status_of(session) == "Ada leads a card of their choice (Mambo): it need not match."
    assert "Ada, seat 1, normal: 2 cards, 0 points, to lead a card (Mambo)." in table_lines(
        session.view(), NAMES[:3], ["normal", "normal"]
    )
    session.step_bots()
    narrator = Narrator(3, THEMES, NAMES[:3], you=0)
    told = [line.plain for event in session.log for line in narrator.lines(event)]
    assert "Ada gives Basil a card." in told and "Ada gives you a card." in told
    assert "Ada leads a card of their choice (Mambo), which need not match." in told
    assert "Ada plays B4 (1 card left)." in told
    assert Card.from_code("B2") in session.state.hands[0]


def test_7_11_7_plain_a_mambo_given_and_led_by_number_and_code() -> None:
    played = Played(dealt(MAMBO_HANDS, dealer=2), ["5", "2", "give R5", "lead W:b!"])
    text = played.text
    assert "Your hand, 4 cards (* can be given): 1 Red 5*, 2 Green 1*, 3 Blue 7*, 4 Wild*." in text
    assert (
        "Mambo: give one card to Ada (its number). Then to Basil. Then you lead any card. > 2"
        in (text)
    )
    assert "You give Green 1 to Ada." in text
    assert "You give Red 5 to Basil." in text
    assert "Your hand, 2 cards (* can be led): 1 Blue 7*, 2 Wild*." in text
    assert "You play Wild, choosing blue (1 card left) and call Uno!" in text
    assert sent(played.session) == ["WM", "give G1", "give R5", "lead W:b!"]


def test_7_11_7_out_of_turn_a_gift_is_refused_in_words() -> None:
    hands = ["R5 G1 Y9 G7 G8", "WM B1 B2 B4 B6", "Y1 Y2 Y4 Y6 Y8"]
    session = dealt(hands, dealer=0, scripts={1: ["WM"]})
    session.step_bots()
    action = parse_action("give R5")
    with pytest.raises(IllegalActionError) as caught:
        session.act(action)
    said = "It is Ada's Mambo: wait for their gifts and their lead."
    assert refusal(caught.value, action, session.view(), NAMES[:3], TABLE_STYLE) == said
    assert refusal(caught.value, action, session.view(), NAMES[:3], PLAIN) == said


# -- Invisibility (§7.11.3) -----------------------------------------------------------------------

# You hold the Invisibility; Basil starts (Ada deals) with a Draw Three aimed at you.
BLOCK_HANDS = ["WI R5 G1", "B1 B2 B4", "R+3 Y2 Y4"]
BLOCK_ASKED = (
    "Basil's Red Draw Three would make you draw 3: block it with Invisibility [b] "
    "(choose a colour) or allow [a]."
)


def basils_draw_three(rules: Rules = THEMES) -> GameSession:
    return dealt(BLOCK_HANDS, dealer=1, rules=rules, scripts={2: ["R+3"]})


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
def test_7_11_3_an_invisibility_block_by_keys(tmp_path: Path, size: tuple[int, int]) -> None:
    session = basils_draw_three()
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await bots_move(pilot, app)
        assert session.view().phase.value == "await_block"
        assert status(app).endswith(BLOCK_ASKED)
        actions = table_of(app).query_one("#actions")
        shown = [b.id for b in actions.query(Button) if b.display]
        assert shown == ["block", "allow"]
        assert "Block (b)" in screen_text(app) and "Allow (a)" in screen_text(app)
        await pilot.press("enter")  # a card chosen now is refused in the question's words
        await pilot.pause()
        assert "Answer first: block it with Invisibility [b] or allow it [a]." in status(app)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, ColorPicker)
        await pilot.press("g")
        await pilot.pause()
        if size == LARGE:
            assert "You block it with W★INVIS→G■ (2 cards left)." in story(app)
        else:  # the story is hidden: its last line stands above the decision
            assert "You block it with W★INVIS→G■ (2 cards left)." in status(app)

    at_table(app, scenario, size=size)
    assert sent(session) == ["block g"]
    state = session.state
    assert (state.top.code, state.color, state.turn) == ("WI", Color.GREEN, 1)
    assert not [e for e in events_of(session, "draw") if e.seat == 0]


def test_7_11_3_a_block_that_leaves_one_card_goes_with_the_uno_call(tmp_path: Path) -> None:
    session = dealt(["WI R5", "B1 B2", "R+3 Y2"], dealer=1, scripts={2: ["R+3!"]})
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await bots_move(pilot, app)
        assert "The block leaves you one card: press u first to call Uno with it." in status(app)
        await pilot.press("u")
        await pilot.pause()
        assert "UNO! will be called with your block (u again: not)." in status(app)
        await pilot.press("b", "r")
        await pilot.pause()
        assert "You block it with W★INVIS→R▲ (1 card left) and call Uno!" in story(app)

    at_table(app, scenario)
    assert sent(session) == ["block r!"]


def test_7_11_3_a_allows_and_the_draw_three_hits(tmp_path: Path) -> None:
    session = basils_draw_three()
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await bots_move(pilot, app)
        await pilot.press("a")
        await pilot.pause()
        told = story(app)
        assert "You let it happen." in told
        assert "You draw 3 cards (Draw Three)" in told and "You are skipped." in told

    at_table(app, scenario)
    assert sent(session) == ["allow"]
    assert len(session.view().hand or ()) == 6


def test_7_11_3_a_pending_stack_offers_the_block_beside_accepting() -> None:
    session = basils_draw_three(THEMES.changed(stacking="same"))
    session.step_bots()
    assert status_of(session) == (
        "+3 is coming to you: accept [a] and draw 3. "
        "Or block it all with Invisibility [b] (choose a colour)."
    )
    played = Played(basils_draw_three(THEMES.changed(stacking="same")), ["b", "y"])
    assert (
        "+3 is coming to you: accept (a) and draw 3. "
        "Or block it all with Invisibility (b) (choose a colour)."
    ) in played.text
    assert sent(played.session) == ["block y"]


def test_7_11_3_a_wild_draw_four_on_you_offers_the_block_beside_the_challenge() -> None:
    session = dealt(["WI R5 G1", "W+4 B2 B4"], dealer=0, scripts={1: ["W+4:b"]})
    session.step_bots()
    said = status_of(session)
    assert said.startswith("Ada played a Wild Draw Four on you: challenge [x] or accept [a]")
    assert said.endswith(" Or block it all with Invisibility [b] (choose a colour).")
    played = Played(dealt(["WI R5 G1", "W+4 B2 B4"], dealer=0, scripts={1: ["W+4:b"]}), ["block y"])
    assert "Or block it all with Invisibility (b) (choose a colour). > block y" in played.text
    assert sent(played.session) == ["block y"]


def test_7_11_3_plain_block_by_b_then_the_colour() -> None:
    played = Played(basils_draw_three(), ["b", "g"])
    text = played.text
    assert (
        "Basil's Red Draw Three would make you draw 3: block it with Invisibility (b) "
        "(choose a colour) or allow (a). > b"
    ) in text
    assert "Invisibility: which colour? r red, y yellow, g green, b blue > g" in text
    assert "You block it with Invisibility, choosing green (2 cards left)." in text
    assert sent(played.session) == ["block g"]


@pytest.mark.parametrize(
    ("answer", "code"), [("a", "allow"), ("allow", "allow"), ("block r", "block r")]
)
def test_7_11_3_plain_allow_or_block_in_one_answer(answer: str, code: str) -> None:
    played = Played(basils_draw_three(), [answer])
    assert sent(played.session) == [code]


def test_7_11_3_what_a_block_would_stop_is_said_for_each_card() -> None:
    # Ada (two players) names you with a Howler, a Friendship, a Travel, or skips you.
    for card, said in [
        ("WH:b>0", "Ada's Howler would show your hand to everyone"),
        ("WF:b>0", "Ada's Friendship would swap hands with you"),
        ("WT:b>0", "Ada's Travel would show your hand to Ada"),
        ("WJ:b>0*2", "Ada's Joker would make you draw cards"),
    ]:
        session = dealt(["WI R5 G1", card[:2] + " B2 B4"], dealer=0, scripts={1: [card]})
        session.step_bots()
        assert status_of(session).startswith(f"{said}: block it with Invisibility [b]"), card
    skip = dealt(["WI R5 G1", "B1 B2 B4", "RS Y2 Y4"], dealer=1, scripts={2: ["RS"]})
    skip.step_bots()
    assert status_of(skip).startswith("Basil's Red Skip would skip your turn: block it")
    assert "Basil, seat 2, normal: 2 cards, 0 points, their card waits." in table_lines(
        skip.view(), NAMES[:3], ["normal", "normal"]
    )


def test_7_11_3_a_jokers_count_is_said_once_a_seat_before_you_drew_it() -> None:
    # Basil's Joker names you first (you are next after Basil): the count is not known yet.
    first = dealt(["WI R5 G1", "B1 B2 B4", "WJ Y2 Y4"], dealer=1, scripts={2: ["WJ:y>0,1*2"]})
    first.step_bots()
    assert not events_of(first, "draw")
    assert status_of(first).startswith("Basil's Joker would make you draw cards: block it")
    # With four players Cleo, after Basil, draws first: then you hear the count.
    hands = ["WI R5 G1", "B1 B2 B4", "WJ Y2 Y4", "G2 G4 G6"]
    second = dealt(hands, dealer=1, scripts={2: ["WJ:y>0,3*3"]})
    second.step_bots()
    assert [(e.seat, e.count) for e in events_of(second, "draw")] == [(3, 3)]
    assert status_of(second).startswith("Basil's Joker would make you draw 3: block it")


# -- Howler, Friendship, Travel (§7.11.2, §7.11.5, §7.11.8) ----------------------------------------

TRAVEL_HANDS = ["WT R5 G1", "B1 B2 B4", "Y1 Y2 Y4"]


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
def test_7_11_8_your_travel_shows_you_the_hand_you_name(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    session = dealt(TRAVEL_HANDS, dealer=2)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "WT")
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TargetPicker)
        assert "Whose hand do you look at?" in screen_text(app)
        await pilot.press("1")
        await pilot.pause()
        notices = [n.message for n in app._notifications]
        assert "Ada's hand: B◆1 B◆2 B◆4." in notices  # in a notice at every size
        if size == LARGE:
            told = story(app)
            assert "Ada's hand: B◆1 B◆2 B◆4" in told  # and in the story
            assert "You play W★TRVL→R▲, naming Ada (2 cards left)" in told
        else:  # the story hidden, the line of the play stands above, not the hand (finding 5)
            assert "You play W★TRVL→R▲, naming Ada" in screen_text(app)

    at_table(app, scenario, size=size)
    assert sent(session) == ["WT:r>1"]
    travel = events_of(session, "travel")
    assert [(e.seat, e.target, [c.code for c in e.cards or ()]) for e in travel] == [
        (0, 1, ["B1", "B2", "B4"])
    ]


def test_7_11_8_a_bots_travel_shows_you_no_cards() -> None:
    session = dealt(["R5 G1 G2", "Y1 Y2 Y4", "WT B2 B4"], dealer=1, scripts={2: ["WT:g>1"]})
    session.step_bots()
    (travel,) = events_of(session, "travel")
    assert (travel.seat, travel.target, travel.cards) == (2, 1, None)
    narrator = Narrator(3, THEMES, NAMES[:3], you=0)
    told = [line.plain for event in session.log for line in narrator.lines(event)]
    assert "Basil looked at Ada's hand." in told
    # Ada holds Y1 Y2 Y4: none of them is told to you.
    assert not any(code in line for line in told for code in ("Y1", "Y2", "Y4"))


def test_7_11_8_a_travel_at_you_says_who_looked() -> None:
    session = dealt(["R5 G1 G2", "WT B2 B4"], dealer=0, scripts={1: ["WT:b>0"]})
    session.step_bots()
    narrator = Narrator(2, THEMES, NAMES[:2], you=0)
    told = [line.plain for event in session.log for line in narrator.lines(event)]
    assert "Ada plays WT:b, naming you (2 cards left)." in told
    assert "Ada looked at your hand." in told


def test_7_11_2_a_last_howler_may_name_nobody_by_keys(tmp_path: Path) -> None:
    session = dealt(["WH", "B1", "Y1"], dealer=2)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "WH")
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, TargetPicker)
        assert "Who must show their hand to everyone?" in screen_text(app)
        assert "3. nobody" in screen_text(app)
        await pilot.press("3")
        await pilot.pause()

    at_table(app, scenario)
    assert sent(session) == ["WH:y"]
    assert not events_of(session, "reveal")


def test_5_a_hand_shown_before_you_sat_down_is_told_in_the_story_not_in_a_notice_again(
    tmp_path: Path,
) -> None:
    # Finding 5 (issue 27): a resumed game told every reveal of its past again, in a fresh notice
    # of 12 seconds, showing a hand its owner no longer held.
    session = dealt(["R5 G1 G2 B8 B9", "WH B2 B4 B5 B7"], dealer=0, scripts={1: ["WH:b>0"]})
    first = make_app(session, tmp_path)
    shown = "Your hand is revealed: R▲5 G■1 G■2 B◆8 B◆9."

    async def howled_at(pilot: Pilot[None]) -> None:
        await bots_move(pilot, first)
        assert [n.message for n in first._notifications] == [shown]
        await play(pilot, first, "B8")  # the hand shown is no longer yours

    at_table(first, howled_at, size=SMALL)
    resumed = make_app(GameSession.from_dict(session.to_dict()), tmp_path)

    async def back(pilot: Pilot[None]) -> None:
        assert shown in story(resumed)
        assert [n.message for n in resumed._notifications] == []

    at_table(resumed, back, size=LARGE)


def test_5_a_revealed_hand_is_a_notice_of_12_seconds_not_a_line_standing_above_your_turn(
    tmp_path: Path,
) -> None:
    # Finding 5 (issue 27): at 80x24 the story is hidden and its latest line stands above the
    # decision; "Your hand is revealed: ..." stood there for as long as you thought (two minutes
    # seen in a real terminal) while its notice had gone after 12 s.
    session = dealt(["R5 G1 G2 B8 B9", "WH B2 B4 B5 B7"], dealer=0, scripts={1: ["WH:b>0"]})
    app = make_app(session, tmp_path)
    shown = "Your hand is revealed: R▲5 G■1 G■2 B◆8 B◆9."

    async def howled_at(pilot: Pilot[None]) -> None:
        await bots_move(pilot, app)
        notices = list(app._notifications)
        assert [(n.message, n.timeout) for n in notices] == [(shown, 12)]
        assert "Ada plays W★HOWL→B◆, naming you" in status(app)
        assert "revealed" not in status(app)
        assert "Your turn" in status(app)

    at_table(app, howled_at, size=SMALL)


def test_7_11_2_plain_a_howler_names_a_player_whose_hand_everyone_sees() -> None:
    played = Played(dealt(["WH R5 G1", "B1 B2 B4", "Y1 Y2 Y4"], dealer=2), ["3", "y", "basil"])
    assert "Who must show their hand to everyone? 1 Ada, 3 cards; 2 Basil, 3 cards > basil" in (
        played.text
    )
    assert "You play Howler, choosing yellow, naming Basil (2 cards left)" in played.text
    assert "Basil's hand is revealed: Yellow 1, Yellow 2, Yellow 4" in played.text


def test_7_11_5_plain_a_friendship_swaps_hands() -> None:
    played = Played(dealt(["WF R5 G1", "B1 B2 B4"], dealer=1), ["3", "b"])
    assert "You play Friendship, choosing blue, naming Ada (2 cards left)" in played.text
    assert "You and Ada swap hands." in played.text
    assert sent(played.session) == ["WF:b>1"]


def test_7_11_4_a_care_a_lot_opens_the_discard_round(tmp_path: Path) -> None:
    session = dealt(["WCA R5 G1", "B1 B2 B4", "Y1 Y2 Y4"], dealer=2)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "WCA")
        await pilot.press("b")
        await pilot.pause()
        assert "Your Care-a-lot opens a discard round." in story(app)
        assert "Discard round: Ada is asked to discard one card" in status(app)

    at_table(app, scenario)
    assert sent(session) == ["WCA:b"]


# -- the story ---------------------------------------------------------------------------------


def tell(narrator: Narrator, kind: str, **data: object) -> str:
    return "\n".join(line.plain for line in narrator.lines({"type": kind, **data}))


def test_7_11_narration_of_each_theme_event() -> None:
    seat0 = Narrator(3, THEMES, ["Seat 0", "Ada", "You"], you=2)
    seat0.sizes = [5, 5, 5]
    assert tell(seat0, "gift", seat=0, target=2) == "Seat 0 gives you a card."
    assert tell(seat0, "gift", seat=0, target=1) == "Seat 0 gives Ada a card."
    assert tell(seat0, "travel", seat=0, target=1) == "Seat 0 looked at Ada's hand."
    assert tell(seat0, "travel", seat=0, target=2) == "Seat 0 looked at your hand."
    assert tell(seat0, "lead", seat=0) == (
        "Seat 0 leads a card of their choice (Mambo), which need not match."
    )
    assert tell(seat0, "reveal", seat=1, cards=["G2", "B1"]) == "Ada's hand is revealed: G2 B1."
    assert tell(seat0, "reveal", seat=2, cards=["R5"]) == "Your hand is revealed: R5."
    assert tell(seat0, "draw", seat=1, count=2, reason="joker", owed=2) == (
        "Ada draws 2 cards (Joker)."
    )
    assert tell(seat0, "draw", seat=2, count=3, reason="draw_three", owed=3) == (
        "You draw 3 cards (Draw Three)."
    )
    seat0.sizes = [5, 5, 2]
    assert tell(seat0, "block", seat=1, color="g", uno=False) == (
        "Ada blocks it with WI:g (4 cards left)."
    )
    assert tell(seat0, "block", seat=2, color="r", uno=True) == (
        "You block it with WI:r (1 card left) and call Uno!"
    )
    assert tell(seat0, "allow", seat=1) == "Ada lets it happen."

    you = Narrator(3, THEMES, ["You", "Ada", "Basil"], you=0)
    you.sizes = [5, 5, 5]
    assert tell(you, "gift", seat=0, target=1, given="R5") == "You give R5 to Ada."
    assert tell(you, "travel", seat=0, target=1, cards=["B2", "G1"]) == "Ada's hand: G1 B2."
    assert tell(you, "travel", seat=0, target=1) == "You looked at Ada's hand."
    play = {"target": None, "uno": False, "jump_in": False}
    you.sizes = [5, 5, 5]
    assert tell(you, "play", seat=1, card="WM", color="r", **play) == "Ada plays WM (4 cards left)."
    assert tell(you, "play", seat=1, card="WH", color="g", **{**play, "target": 0}) == (
        "Ada plays WH:g, naming you (3 cards left)."
    )
    assert tell(you, "play", seat=2, card="WF", color="b", **play) == (
        "Basil plays WF:b, naming nobody (4 cards left)."
    )
    tell(you, "play", seat=2, card="WCA", color="y", **play)
    assert tell(you, "discard_round", seat=2) == "Basil's Care-a-lot opens a discard round."
    # Told from the middle of a game, the round is the rules' Care-a-lot's.
    assert tell(Narrator(3, THEMES), "discard_round", seat=1) == (
        "Seat 1's Care-a-lot opens a discard round."
    )
    # A full log (`lastcard watch`) says who looked and what they saw.
    watch = Narrator(3, THEMES)
    assert tell(watch, "travel", seat=0, target=1, cards=["B2"]) == (
        "Seat 0 looked at Seat 1's hand: B2."
    )


def test_7_11_narration_in_words_for_line_play() -> None:
    narrator = Narrator(3, THEMES, ["You", "Ada", "Basil"], you=0, card_format=narration_card)
    narrator.sizes = [5, 5, 5]
    lines = narrator.lines({"type": "travel", "seat": 0, "target": 1, "cards": ["B2", "G1"]})
    assert spoken(lines[0].plain) == "Ada's hand: Green 1, Blue 2."
    block = narrator.lines({"type": "block", "seat": 0, "color": "y", "uno": False})
    assert (
        spoken(block[0].plain) == "You block it with Invisibility, choosing yellow (4 cards left)."
    )


# -- the rules help and the keys ---------------------------------------------------------------


def test_7_11_the_rules_help_explains_each_theme_card_in_play() -> None:
    text = rules_markdown(Rules.preset("themes"))
    assert "## Theme cards" in text
    for card in ("Draw Three", "Howler", "Invisibility", "Care-a-lot", "Friendship", "Joker"):
        assert f"- **{card}**" in text, card
    assert "- **Mambo**" in text and "- **Travel**" in text
    assert "**Draw Three** (+3): the next player draws 3" in text
    assert "**Draw Two**" not in text  # §7.11.1: they replace the Draw Twos
    assert "Skip, Reverse and Draw Three 20" in text and "the theme wilds 50" in text
    assert "**Theme cards**: Draw Three, Howler, Invisibility, Care-a-lot" in text
    only_joker = rules_markdown(Rules(theme_cards={"joker"}))
    assert "- **Joker**" in only_joker and "- **Mambo**" not in only_joker
    assert "**Draw Two** (+2)" in only_joker
    assert "## Theme cards" not in rules_markdown(Rules())


def test_7_11_the_keys_help_and_the_line_help_name_the_theme_answers() -> None:
    assert "| b | block a card aimed at you with your Invisibility card" in KEYS_MARKDOWN
    assert "asked about an Invisibility block, allow the card" in KEYS_MARKDOWN
    said = " ".join(help_lines(NAMES, rules=Rules.preset("themes")))
    for words in ("4:g>1,3*2", "give 3", "lead 3:g", "block g", "answer none"):
        assert words in said, words
    assert "Joker" not in " ".join(help_lines(NAMES, rules=Rules()))
