"""Pirate Uno (RULES.md §7.6) at both tables: open hands on the opponents' panels, your cheats
marked and said before you play them, the window that asks you to let a play stand (`p`) or
call a cheat (`c`), your own play waiting in its window, a 7 that may swap with nobody, the
story of it all, the option and the preset on the new-game screen, and the rules help.

Games are stacked as in test_play.py. The bots whose moves matter are `Scripted`: they play the
codes given, in order, whatever a real bot would, so each situation arrives on a known move.

- `YOURS` (three players, Basil deals, you start): you hold R3 G8 B2 on R5; Ada B1 R9 Y2;
  Basil G1 G2 Y9. G8 and B2 do not match: cheats.
- `ADAS` (two players, you deal, Ada starts): Ada holds G8 R9 B1 (G8 a cheat, R9 fair), you
  R3 G1 B2, on R5; the stock's top is R8, then Y6.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input, RichLog, Static

from lastcard import Rules
from lastcard.bots import make_bot
from lastcard.core import Action, ActionKind, Card, IllegalActionError, PlayerView, parse_action
from lastcard.tui.app import PlayApp
from lastcard.tui.decision import decision_text
from lastcard.tui.faces import CHEAT_MARK, card_label, hand_order
from lastcard.tui.fit import PANEL_HEIGHT, fit_table, pack
from lastcard.tui.help_text import KEYS_MARKDOWN, rules_markdown
from lastcard.tui.pickers import TargetPicker
from lastcard.tui.plain_answers import read_answer
from lastcard.tui.plain_questions import help_lines
from lastcard.tui.plain_words import table_lines
from lastcard.tui.session import GameSession
from lastcard.tui.table_style import TABLE_STYLE
from lastcard.tui.widgets import CardWidget, OpponentPanel
from lastcard.words import Narrator
from lastcard.words.options import OPTIONS_BY_NAME, forced_options, with_option
from lastcard.words.pirate import cheat_cards, played_after_drawing
from lastcard.words.refusals import refusal
from lastcard.words.spoken import spoken
from lastcard.words.style import PLAIN

from .driver import at_table, bots_move, fully_visible, make_app, play, screen_text, table_of
from .test_new_game import Host, error_text, run, select, switch, toggle
from .test_plain import Played

PIRATE = Rules(pirate=True, target_score=None, hand_size=3)
YOURS = "G8 B1 G1 R3 R9 G2 B2 Y2 Y9 R5 Y5 Y6 Y7 Y8"
ADAS = "G8 R3 R9 G1 B1 B2 R5 R8 Y6 Y7 Y8 Y4"
THREE = ["You", "Ada", "Basil"]
TWO = ["You", "Ada"]
SMALL, LARGE = (80, 24), (120, 40)
ASKED_G8 = "Ada played G■8 on R▲5 (red): it does not match. Let it stand [p] or call a cheat [c]."


class Scripted:
    """A bot that makes the decisions it is given, in order, then plays as a heuristic bot; it
    never takes a chance out of turn."""

    def __init__(self, codes: Sequence[str]) -> None:
        self.codes = list(codes)
        self.fallback = make_bot("heuristic", 0)

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        if may_pass:
            return None
        if self.codes:
            action = parse_action(self.codes.pop(0))
            assert action in legal, f"{action.code} is not offered: {[a.code for a in legal]}"
            return action
        return self.fallback.choose(view, legal, may_pass=False)


def session_of(
    deck: str, names: Sequence[str], scripts: dict[int, Sequence[str]], rules: Rules = PIRATE
) -> GameSession:
    dealer = 2 if len(names) == 3 else 0
    session = GameSession(
        ["heuristic"] * (len(names) - 1),
        rules,
        names=names,
        seed=1,
        dealer=dealer,
        deck=deck.split(),
    )
    for seat, codes in scripts.items():
        session.table.bots[seat] = Scripted(codes)
    return session


def yours(**scripts: Sequence[str]) -> GameSession:
    """`YOURS`; `ada=[...]`, `basil=[...]` script those bots."""
    seats = {THREE.index(name.capitalize()): codes for name, codes in scripts.items()}
    return session_of(YOURS, THREE, seats)


def adas(*codes: str, rules: Rules = PIRATE) -> GameSession:
    """`ADAS`, Ada making `codes` first."""
    return session_of(ADAS, TWO, {1: codes}, rules)


def story(app: PlayApp) -> str:
    """The story pane's text as one line: a line the pane wrapped reads whole again."""
    lines = table_of(app).query_one("#log", RichLog).lines
    return " ".join(" ".join(strip.text.split()) for strip in lines)


def status(app: PlayApp) -> str:
    """The status line's text, its lines joined."""
    return " ".join(str(table_of(app).query_one("#status", Static).render()).split())


def card_widget(app: PlayApp, code: str) -> CardWidget:
    return next(w for w in table_of(app).query(CardWidget) if w.card.code == code)


def hand_codes(session: GameSession, seat: int = 0) -> list[str]:
    return sorted(card.code for card in session.state.hands[seat])


# -- open hands ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
def test_7_6_2_the_opponents_cards_are_shown_on_their_panels(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    session = yours()
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        table = table_of(app)
        panels = {panel.seat: panel for panel in table.query(OpponentPanel)}
        assert not any(panel.one_line for panel in panels.values())  # room for panels
        assert "R▲9 Y●2 B◆1" in str(panels[1].render())
        assert "Y●9 G■1 G■2" in str(panels[2].render())
        text = screen_text(app)
        assert "R▲9 Y●2 B◆1" in text and "Y●9 G■1 G■2" in text
        for widget_id in ("#pile", "#status", "#hand", "#actions"):
            assert fully_visible(app, table.query_one(widget_id)), widget_id
        assert all(fully_visible(app, panel) for panel in panels.values())

    at_table(app, scenario, size)


def test_7_6_2_many_opponents_on_one_line_each_with_their_cards(tmp_path: Path) -> None:
    names = ["You", "Ada", "Basil", "Cleo", "Dmitri", "Esme"]
    rules = Rules(pirate=True, target_score=None)
    session = GameSession(["heuristic"] * 5, rules, names=names, seed=5, dealer=5)
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        table = table_of(app)
        view = session.view()
        assert view.open_hands is not None
        panels = list(table.query(OpponentPanel))
        assert all(panel.one_line and panel.region.height == 1 for panel in panels)
        text = screen_text(app)
        for panel in panels:
            cards = [card_label(card) for card in hand_order(view.open_hands[panel.seat])]
            line = next(row for row in text.splitlines() if f"{names[panel.seat]} 7 cards" in row)
            assert f"│ {cards[0]} {cards[1]}" in line, f"{names[panel.seat]}: no cards on the line"
            assert str(panel.tooltip).endswith(": " + " ".join(cards))  # all of them
        assert all(fully_visible(app, w) for w in table.query(CardWidget))
        assert fully_visible(app, table.query_one("#status"))

    at_table(app, scenario, SMALL)


def test_7_6_2_hands_stay_hidden_without_pirate(tmp_path: Path) -> None:
    session = session_of(YOURS, THREE, {}, Rules(target_score=None, hand_size=3))
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        assert "R▲9" not in screen_text(app)
        assert not any(w.has_class("cheat") for w in table_of(app).query(CardWidget))

    at_table(app, scenario)


# -- your cheats -----------------------------------------------------------------------------


def test_7_6_3_you_cheat_and_a_bot_calls_it(tmp_path: Path) -> None:
    session = yours(ada=["cheat"])
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        marked = {w.card.code for w in table_of(app).query(CardWidget) if w.has_class("cheat")}
        assert marked == {"G8", "B2"}
        assert card_widget(app, "G8").border_subtitle == CHEAT_MARK
        assert card_widget(app, "R3").border_subtitle is None
        assert table_of(app).hand[table_of(app).selected].code == "R3"  # a fair card first
        assert f"Cards marked {CHEAT_MARK} are cheats" in status(app)
        await pilot.press("2")  # G8: said before it is played
        await pilot.pause()
        assert "cheat: G■8 does not match — it stands unless someone calls it." in status(app)
        await play(pilot, app, "G8")
        assert "Your play waits: others may call it (cheat!). Ada decides." in status(app)
        assert "You play G■8 (2 cards left)" in story(app)
        assert "Cheat: G■8 does not match — it stands unless someone calls it." in story(app)
        await bots_move(pilot, app)
        assert "Ada calls a cheat: right! You take G■8 back and draw 2." in story(app)
        assert "You draw 2 cards (a cheat called): Y●5 Y●6" in story(app)

    at_table(app, scenario, LARGE)
    assert hand_codes(session) == ["B2", "G8", "R3", "Y5", "Y6"]
    assert session.state.top.code == "R5" and (session.state.turn, session.state.phase.value) == (
        1,
        "await_turn",
    )


def test_7_6_4_your_fair_play_waits_as_fair_and_everyone_lets_it_stand(tmp_path: Path) -> None:
    session = yours(ada=["pass"], basil=["pass"])
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R3")
        assert "Your play waits: others may call it (fair). Ada decides." in status(app)
        await bots_move(pilot, app)
        assert "Your play waits: others may call it (fair). Basil decides." in status(app)
        await bots_move(pilot, app)
        assert "Ada lets it stand. Basil lets it stand." in story(app)

    at_table(app, scenario, LARGE)
    assert session.state.turn == 1 and hand_codes(session) == ["B2", "G8"]


# -- asked in a window ---------------------------------------------------------------------


def test_7_6_4_asked_you_let_the_play_stand_with_p(tmp_path: Path) -> None:
    session = adas("G8")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await bots_move(pilot, app)
        assert session.state.to_act == 0
        said = status(app)
        assert ASKED_G8 in said
        assert (
            "Called: if it is a cheat, Ada takes G■8 back and draws 2; if fair, you draw 2 and it "
            "stands."
        ) in said
        text = screen_text(app)
        assert "Let it stand (p)" in text and "Call a cheat (c)" in text
        table = table_of(app)
        for widget_id in ("#status", "#actions", "#hand"):  # the question whole, at 80×24
            assert fully_visible(app, table.query_one(widget_id)), widget_id
        await pilot.press("p")
        await pilot.pause()
        assert "You let it stand." in story(app)

    at_table(app, scenario, SMALL)
    state = session.state
    assert state.top.code == "G8" and state.turn == 0 and len(state.hands[1]) == 2


def test_7_6_4_asked_you_call_a_cheat_with_c(tmp_path: Path) -> None:
    session = adas("G8")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await bots_move(pilot, app)
        await pilot.press("c")
        await pilot.pause()
        assert "You call a cheat: right! Ada takes G■8 back and draws 2." in story(app)
        assert "Ada draws 2 cards (a cheat called)" in story(app)

    at_table(app, scenario, LARGE)
    state = session.state
    assert state.top.code == "R5" and len(state.hands[1]) == 5 and state.turn == 0


def test_7_6_4_a_wrong_call_costs_you_the_penalty_and_the_play_stands(tmp_path: Path) -> None:
    session = adas("R9", rules=PIRATE.changed(pirate_false_call_penalty=3))
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await bots_move(pilot, app)
        assert "Ada played R▲9 on R▲5 (red): it matches." in status(app)
        assert "if fair, you draw 3 and it stands." in status(app)
        await pilot.click("#cheat")  # the button does what c does
        await pilot.pause()
        assert "You call a cheat: wrong: you draw 3, the play stands." in story(app)

    at_table(app, scenario, LARGE)
    assert session.state.top.code == "R9" and len(session.state.hands[0]) == 6


def test_7_6_4_after_a_draw_a_matching_card_is_said_to_be_only_possibly_fair(
    tmp_path: Path,
) -> None:
    # Ada draws R8 and plays R9, which matches but is not the card she drew: a cheat.
    session = adas("draw", "R9")
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await bots_move(pilot, app, 2)
        assert session.state.to_act == 0
        assert (
            "Ada played R▲9 on R▲5 (red): it matches, but Ada had just drawn: unless it is the "
            "card drawn, it is a cheat."
        ) in status(app)
        await pilot.press("c")
        await pilot.pause()
        assert "You call a cheat: right! Ada takes R▲9 back and draws 2." in story(app)

    at_table(app, scenario, LARGE)
    assert session.state.top.code == "R5"


def test_7_6_4_refusals_in_the_windows_words() -> None:
    session = adas("G8")
    session.step_bots()
    view = session.view()
    for code, said in [
        ("draw", "Answer first: let the play stand [p] or call a cheat [c]."),
        ("R3", "Answer first: let the play stand [p] or call a cheat [c]."),
    ]:
        action = parse_action(code)
        with pytest.raises(IllegalActionError) as caught:
            session.act(action)
        assert refusal(caught.value, action, view, TWO, TABLE_STYLE) == said
    mine = yours()
    action = parse_action("cheat")
    with pytest.raises(IllegalActionError) as caught:
        mine.act(action)
    assert refusal(caught.value, action, mine.view(), THREE, TABLE_STYLE) == (
        "There is no play waiting to be let stand or called a cheat now."
    )


def test_7_6_4_a_free_wrong_call_is_said_to_cost_nothing() -> None:
    session = adas("R9", rules=PIRATE.changed(pirate_false_call_penalty=0))
    session.step_bots()
    text = decision_text(session.view(), session.human_actions(), TWO).plain
    assert text.startswith("Ada played R▲9 on R▲5 (red): it matches. Let it stand [p]")
    assert text.endswith("if fair, it stands, at no cost to you.")
    session.act("cheat")
    narrator = Narrator(2, session.rules, TWO, you=0)
    lines = [line.plain for event in session.log for line in narrator.lines(event)]
    assert "You call a cheat: wrong: the play stands." in lines
    assert not [e for e in session.log if e.type == "draw" and e.seat == 0]


def test_7_6_4_while_a_bot_is_asked_the_status_names_it() -> None:
    session = yours(ada=["pass"], basil=["pass"])
    session.act("R3")
    session.step_bots()
    session.step_bots()
    session.step_bots()  # Ada plays R9 on your R3: Basil is asked first
    view = session.view()
    text = decision_text(view, session.human_actions(), THREE).plain
    assert text == "Basil decides: let R▲9 stand or call a cheat."
    assert decision_text(view, (), THREE, thinking=True).plain == "Basil is thinking…"


# -- sevens and zeros -------------------------------------------------------------------------


def test_7_6_1_a_seven_may_swap_with_nobody(tmp_path: Path) -> None:
    session = session_of(YOURS.replace("R3", "R7"), THREE, {1: ["pass"], 2: ["pass"]})
    app = make_app(session, tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await play(pilot, app, "R7")
        picker = app.screen
        assert isinstance(picker, TargetPicker)
        assert "3. no swap" in screen_text(app)
        await pilot.press("3")
        await pilot.pause()
        assert "You play R▲7, swapping with nobody (2 cards left)" in story(app)

    at_table(app, scenario, LARGE)
    plays = [e for e in session.log if e.type == "play"]
    assert [(e.card.code, e.target) for e in plays] == [("R7", None)]


def test_7_6_1_a_zero_passes_every_hand_to_the_left_in_the_story() -> None:
    narrator = Narrator(3, PIRATE)
    line = narrator.lines({"type": "rotate_hands", "direction": 1})
    assert [t.plain for t in line] == ["Every hand passes to the left (clockwise)."]
    plain = Narrator(3, Rules(seven_o=True)).lines({"type": "rotate_hands", "direction": -1})
    assert [t.plain for t in plain] == ["Every hand passes to the next player."]


# -- the story ---------------------------------------------------------------------------------


def told(narrator: Narrator, *events: dict[str, object]) -> list[str]:
    return [line.plain for event in events for line in narrator.lines(event)]


def test_7_6_4_narration_of_the_window_the_passes_and_the_calls() -> None:
    narrator = Narrator(3, PIRATE)
    narrator.sizes = [3, 3, 3]
    play = {"type": "play", "seat": 0, "card": "R3", "color": "r", "target": None}
    play |= {"uno": False, "jump_in": False}
    assert told(
        narrator,
        play,
        {"type": "pirate_window", "seat": 0, "cheat": True},
        {"type": "pirate_pass", "seat": 1},
        {"type": "pirate_call", "seat": 2, "player": 0, "cheat": True},
    ) == [
        "Seat 0 plays R3 (2 cards left).",
        "Cheat: R3 does not match — it stands unless someone calls it.",
        "Seat 1 lets it stand.",
        "Seat 2 calls a cheat: right! Seat 0 takes R3 back and draws 2.",
    ]
    assert narrator.sizes == [3, 3, 3]  # the card went back
    assert told(
        narrator,
        play,
        {"type": "pirate_window", "seat": 0},  # as the others see it: the flag is secret
        {"type": "pirate_call", "seat": 1, "player": 0, "cheat": False},
        {"type": "draw", "seat": 1, "count": 2, "owed": 2, "reason": "false_cheat_call"},
    ) == [
        "Seat 0 plays R3 (2 cards left).",
        "Seat 0's play waits: anyone may call a cheat.",
        "Seat 1 calls a cheat: wrong: Seat 1 draws 2, the play stands.",
        "Seat 1 draws 2 cards (a wrong cheat call).",
    ]


def test_7_6_3_narration_of_a_cheat_after_a_draw_and_for_the_reader() -> None:
    narrator = Narrator(2, PIRATE, TWO, you=0)
    narrator.sizes = [3, 3]
    draw = {"type": "draw", "seat": 0, "count": 1, "owed": 1, "reason": "turn", "cards": ["R8"]}
    penalty = {**draw, "count": 2, "owed": 2, "reason": "cheat", "cards": ["Y1", "Y2"]}
    play = {"type": "play", "seat": 0, "card": "R9", "color": "r", "target": None}
    play |= {"uno": False, "jump_in": False}
    assert told(
        narrator,
        draw,
        play,
        {"type": "pirate_window", "seat": 0, "cheat": True},
        {"type": "pirate_call", "seat": 1, "player": 0, "cheat": True},
        penalty,
    ) == [
        "You draw a card: R8.",
        "You play R9 (3 cards left).",
        "Cheat: R9 is not a matching card just drawn — it stands unless someone calls it.",
        "Ada calls a cheat: right! You take R9 back and draw 2.",
        "You draw 2 cards (a cheat called): Y1 Y2.",
    ]
    fair = told(narrator, play, {"type": "pirate_window", "seat": 0, "cheat": False})
    assert fair[-1] == "Your play waits: it is fair."
    wrong = told(narrator, {"type": "pirate_call", "seat": 0, "player": 1, "cheat": False})
    assert wrong == ["You call a cheat: wrong: you draw 2, the play stands."]


def test_7_6_the_engines_own_events_are_told_without_raw_data() -> None:
    session = yours(ada=["cheat"])
    session.act("G8")
    session.step_bots()
    narrator = Narrator(3, PIRATE, THREE, you=0)
    lines = [line.plain for event in session.log for line in narrator.lines(event)]
    assert "Cheat: G8 does not match — it stands unless someone calls it." in lines
    assert "Ada calls a cheat: right! You take G8 back and draw 2." in lines
    assert not any(line.startswith(("pirate_", "play:", "draw:")) for line in lines)


def test_7_6_4_played_after_drawing_reads_the_events() -> None:
    session = adas("draw", "R9")
    session.step_bots()
    session.step_bots()
    assert played_after_drawing(session.log)
    direct = adas("G8")
    direct.step_bots()
    assert not played_after_drawing(direct.log)


# -- line-by-line play -----------------------------------------------------------------------


def test_7_6_3_plain_you_cheat_by_number_and_a_bot_calls_it() -> None:
    played = Played(yours(ada=["cheat"]), ["2"])
    text = played.text
    assert (
        "Your hand, 3 cards (* can be played, cheat: can be played as a cheat): "
        "1 Red 3*, 2 Green 8 cheat, 3 Blue 2 cheat."
    ) in text
    assert "Open hands: Ada Red 9, Yellow 2, Blue 1; Basil Yellow 9, Green 1, Green 2." in text
    assert (
        "Your turn: play a card marked * (its number) or draw (d). "
        "Cards marked cheat are cheats: they stand unless someone calls them. > 2"
    ) in text
    assert "Cheat: Green 8 does not match, it stands unless someone calls it." in text
    assert "Ada calls a cheat: right! You take Green 8 back and draw 2." in text


@pytest.mark.parametrize("answer", ["p", "pass"])
def test_7_6_4_plain_asked_you_let_it_stand(answer: str) -> None:
    played = Played(adas("G8"), [answer])
    text = played.text
    assert "Ada played Green 8 on Red 5 (red): it does not match." in text
    assert (
        "Called: if it is a cheat, Ada takes Green 8 back and draws 2; if fair, you draw 2 and "
        "it stands."
    ) in text
    assert "Let it stand (p) or call a cheat (c). Called:" in text
    assert f"it stands. > {answer}" in text
    assert "You let it stand." in text
    assert [e.seat for e in played.events("pirate_pass")] == [0]


@pytest.mark.parametrize("answer", ["c", "cheat"])
def test_7_6_4_plain_asked_you_call_a_cheat(answer: str) -> None:
    played = Played(adas("G8"), [answer])
    assert "You call a cheat: right! Ada takes Green 8 back and draws 2." in played.text
    assert [(e.seat, e.cheat) for e in played.events("pirate_call")] == [(0, True)]


def test_7_6_4_plain_refusals_and_what_may_be_typed() -> None:
    played = Played(adas("G8"), ["d", "", "p"])
    text = played.text
    assert "> d\nAnswer first: let the play stand (p) or call a cheat (c).\n" in text
    assert "> \nType pass, cheat or help.\n" in text
    assert "You let it stand." in text
    session = yours()
    view, offers = session.view(), session.human_actions()
    # Outside a window p and c keep their meanings; pass and cheat are the engine's to refuse.
    assert read_answer("c", [], offers, view) != Action(ActionKind.CHEAT)
    action = parse_action("pass")
    with pytest.raises(IllegalActionError) as caught:
        session.act(action)
    assert refusal(caught.value, action, view, THREE, PLAIN) == (
        "There is no play waiting to be let stand or called a cheat now."
    )
    plain = session_of(YOURS, THREE, {}, Rules(target_score=None, hand_size=3))
    with pytest.raises(IllegalActionError) as caught:
        plain.act(action)
    assert refusal(caught.value, action, plain.view(), THREE, PLAIN) == (
        "This game is not played with Pirate rules: there are no cheats to call."
    )


def test_7_6_1_plain_a_seven_may_swap_with_nobody() -> None:
    session = session_of(YOURS.replace("R3", "R7"), THREE, {1: ["pass"], 2: ["pass"]})
    played = Played(session, ["1", "none"])
    text = played.text
    assert "Swap hands with whom? 1 Ada, 3 cards; 2 Basil, 3 cards; or none: no swap > none" in text
    assert "You play Red 7, swapping with nobody (2 cards left)" in text
    assert [(e.card.code, e.target) for e in played.events("play")][:1] == [("R7", None)]


def test_7_6_plain_table_and_help_show_the_open_hands_and_the_answers() -> None:
    session = adas("G8")
    session.step_bots()
    lines = table_lines(session.view(), TWO, ["normal"])
    assert "Ada, seat 1, normal: 2 cards (Red 9, Blue 1), 0 points, their play waits." in lines
    assert "You: 3 cards, 0 points, asked to let the play stand or call a cheat." in lines
    said = " ".join(help_lines(TWO, pirate=True))
    assert "pass (p) lets it stand and cheat (c) calls a cheat" in said
    assert "answer none when asked whom" in said
    assert "Pirate" not in " ".join(help_lines(TWO))
    assert spoken("a — b") == "a, b"


def test_7_6_3_cheat_cards_follow_the_phase() -> None:
    session = yours()
    view, offers = session.view(), session.human_actions()
    assert {c.code for c in cheat_cards(view, offers)} == {"G8", "B2"}
    session.act("draw")  # Y5, which matches R5: R3 matches too, but it was not drawn
    view, offers = session.view(), session.human_actions()
    assert {c.code for c in cheat_cards(view, offers)} == {"G8", "B2", "R3"}
    said = decision_text(view, offers, THREE).plain
    assert said.startswith("You drew Y●5: play it [p] or keep it [k].")
    assert f"Cards marked {CHEAT_MARK} are cheats" in said
    selected = decision_text(view, offers, THREE, selected=Card.from_code("R3")).plain
    assert "cheat: R▲3 is not the card you drew — it stands unless someone calls it." in selected
    assert not cheat_cards(view, ())  # nothing offered, nothing marked


# -- the new-game screen, the options and the help ------------------------------------------


def test_7_6_the_option_and_its_penalty_are_offered() -> None:
    assert OPTIONS_BY_NAME["pirate"].kind == "bool"
    assert OPTIONS_BY_NAME["pirate_false_call_penalty"].kind == "int"
    assert with_option(Rules(), "pirate", True) == Rules.preset("pirate")
    assert with_option(Rules(), "pirate_false_call_penalty", 0).pirate_false_call_penalty == 0
    assert forced_options({"pirate": True}) == {"seven_o": (True, "Pirate")}
    assert forced_options({"pirate": False}) == {}


def test_7_6_6_pirate_on_the_new_game_screen_turns_seven_o_on_and_holds_it() -> None:
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        await toggle(pilot, app, "pirate")
        seven = switch(app, "seven_o")
        assert seven.value and seven.disabled
        assert str(app.screen.query_one("#state-seven_o", Static).content) == "on (Pirate)"
        assert select(app, "preset").value == "pirate"
        await toggle(pilot, app, "pirate")
        freed = switch(app, "seven_o")
        assert not freed.value and not freed.disabled  # your own choice again
        assert str(app.screen.query_one("#state-seven_o", Static).content) == "off"
        assert select(app, "preset").value == "official"
        await toggle(pilot, app, "pirate")
        assert error_text(app) == ""
        await pilot.press("ctrl+s")
        await pilot.pause()

    host = run(scenario)
    result = host.results[-1]
    assert result is not None and result.rules == Rules.preset("pirate")


def test_7_6_the_pirate_preset_and_the_penalty_on_the_new_game_screen() -> None:
    async def scenario(app: Host, pilot: Pilot[None]) -> None:
        select(app, "preset").value = "pirate"
        await pilot.pause()
        assert switch(app, "pirate").value and switch(app, "seven_o").value
        assert switch(app, "seven_o").disabled
        penalty = app.screen.query_one("#opt-pirate_false_call_penalty", Input)
        penalty.value = "3"
        await pilot.pause()
        assert select(app, "preset").value == "custom"
        assert not app.screen.query_one("#start", Button).disabled
        await pilot.press("ctrl+s")
        await pilot.pause()

    host = run(scenario)
    result = host.results[-1]
    assert result is not None
    assert result.rules == Rules.preset("pirate").changed(pirate_false_call_penalty=3)


def test_7_6_the_rules_help_explains_pirate() -> None:
    text = rules_markdown(PIRATE)
    section = text.split("## Pirate", 1)[1].split("\n## ", 1)[0]
    for said in (
        "everyone's cards are shown to everyone",
        "a **cheat**",
        "lets it stand (**p**) or calls a cheat (**c**)",
        "who draws 2",
        "the caller draws 2",
        "a 7 may swap hands with a player you choose, or with nobody",
        "a 0 passes every hand to the left",
        "Uno is caught only once the window has closed",
    ):
        assert said in section, said
    assert "**Pirate**: on." in text  # the house rule, with its one line
    assert "## Pirate" not in rules_markdown(Rules(seven_o=True))
    free = rules_markdown(PIRATE.changed(pirate_false_call_penalty=0))
    assert "it costs the caller nothing" in free
    assert "| p | play the card you drew; under Pirate, when asked, let a play stand |" in (
        KEYS_MARKDOWN
    )
    assert "under Pirate, when asked, call a cheat |" in KEYS_MARKDOWN


def test_7_6_2_open_hands_fit_the_panels_or_take_a_line_each() -> None:
    assert pack([3, 3, 4, 6, 3], 10) == [2, 1, 2]
    assert pack([], 10) == [] and pack([12], 10) == [1]
    widths = [[3, 3, 3, 4, 3, 6, 3]] * 3  # three opponents with seven cards
    roomy = fit_table(
        width=80,
        height=38,
        opponents=3,
        middle_lines=4,
        status_lines=2,
        cards=7,
        open_hands=widths,
    )
    assert roomy.opponents == "panels" and roomy.card_rows == 2
    assert roomy.panel_height == PANEL_HEIGHT + 2
    cramped = fit_table(
        width=80,
        height=18,
        opponents=5,
        middle_lines=4,
        status_lines=3,
        cards=7,
        open_hands=widths,
    )
    assert cramped.opponents == "lines" and cramped.opponent_columns == 1
    assert cramped.panel_height == 1
    hidden = fit_table(width=80, height=18, opponents=5, middle_lines=4, status_lines=3, cards=7)
    assert hidden.card_rows == 0 and hidden.opponent_columns == 3
