"""Pirate Uno (RULES.md §7.6) at the web table: SERVER.md §9 in a real browser against a real
`lastcard serve` process.

The others' hands lie open as labelled lists; on one's turn every card is offered and the
cheats are marked before they are chosen; a play waits in its window while the others are
asked in turn, by two buttons with keys ("Let it stand", "Call cheat") under words that say
what was played on what and whether it matched; the story tells the window, the answers and
their outcome; a Pirate 7 may swap nothing; the rules form offers the option and the preset;
the fair-dealing proof (§6) follows a caught cheat's card back to its hand, in Python and in
the browser's verifier; autopilot (§7) lets plays stand and never cheats for an absent person.

As in the discard round's tests, the server deals every game from a seed the test names, found
by a search over the engine's own deals for the opening a test needs.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from browser import (
    DESKTOP,
    PHONE,
    Pages,
    by_id,
    chromium_fixture,  # noqa: F401  (a fixture)
    pages_fixture,  # noqa: F401  (a fixture)
    screenshot,
    wait_my_turn,
)
from playwright.sync_api import Page
from room_harness import fixed_server_seed
from room_harness import start_game as start_room_game
from test_discard_round_web import (
    SeededServer,
    card_words,
    seat_people,
    serious_axe_findings,
    status,
    status_is,
    story_has,
    verify_in_browser,
)

from lastcard import Card, Color, Phase, Rules, legal_actions, player_view
from lastcard.core import Action, ActionKind, GameRecord, apply, parse_action, state_digest
from lastcard.core.actions import CALL_CHEAT, PIRATE_PASS
from lastcard.core.matching import matches
from lastcard.server.autopilot import autopilot_choice, is_cheat
from lastcard.server.fairness import game_seed, make_bundle, verify_bundle
from lastcard.table import Table
from lastcard.words.choices import NOBODY_SEVEN
from lastcard.words.options import option_spec
from positions import position

PIRATE = "pirate"
RULES = Rules.preset(PIRATE)


@pytest.fixture(scope="module", name="server")
def seeded_server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SeededServer]:
    with SeededServer(tmp_path_factory.mktemp("pirate")) as live:
        yield live


# -- reaching a position --------------------------------------------------------------------------


def plain_number(card: Card) -> bool:
    """A number card without a Seven-O effect: its play changes nothing but the pile."""
    return card.rank is not None and card.rank not in (0, 7)


def matching(table: Table, card: Card) -> bool:
    state = table.state
    assert state.color is not None
    return matches(card, state.discard[-1], state.color)


def opening(want: Callable[[Table], bool], seat: int = 1) -> Table:
    """The first Pirate deal (by seed, from 0) where `seat` is to play first on a coloured top
    card and `want` holds: the engine's own table, as the server builds it from the seed."""
    for seed in range(20_000):
        table = Table([None, None], RULES, seed=seed, generator="secure")
        state = table.state
        if (
            state.phase is Phase.AWAIT_TURN
            and state.to_act == seat
            and not state.discard[-1].is_wild
            and want(table)
        ):
            return table
    raise AssertionError("no deal in 20 000 opens as the test wants")


def cheat_and_fair(table: Table) -> bool:
    """Ben holds a plain number that does not match and a plain number that does."""
    hand = table.state.hands[1]
    return any(plain_number(c) and not matching(table, c) for c in hand) and any(
        plain_number(c) and matching(table, c) for c in hand
    )


def color_word(table: Table) -> str:
    """The current colour in the page's words ("yellow")."""
    assert table.state.color is not None
    return table.state.color.name.lower()


def matching_seven(table: Table) -> bool:
    return any(c.rank == 7 and matching(table, c) for c in table.state.hands[1])


def ben_cards(table: Table, *, cheat: bool) -> str:
    """A plain number card of Ben's that is a cheat (or that matches)."""
    return next(
        c.code for c in table.state.hands[1] if plain_number(c) and matching(table, c) is not cheat
    )


def card_testid(code: str) -> str:
    """The test id of the (first) button of `code` in a hand."""
    return f"card-{code}"


def decision_ids(page: Page) -> list[str]:
    ids = (
        by_id(page, "decisions")
        .locator("button")
        .evaluate_all("bs => bs.map(b => b.dataset.testid)")
    )
    return [str(testid) for testid in ids]


def window_state(pages: Pages, page: Page, ply: int) -> dict[str, Any]:
    """The state at which the page's window opened, after `ply`."""
    state = pages.state_after(page, ply)
    assert state["view"]["phase"] == "await_pirate", state["view"]["phase"]
    return state


# -- open hands -----------------------------------------------------------------------------------


def test_s9_the_others_hands_lie_open_as_labelled_lists(pages: Pages, server: SeededServer) -> None:
    table = opening(cheat_and_fair)
    ana, ben, code = seat_people(pages, server, table, PIRATE)
    wait_my_turn(ben)
    ben_hand = [c.code for c in table.state.hands[1]]
    ana_hand = [c.code for c in table.state.hands[0]]

    section = by_id(ana, "open-hands")
    assert section.is_visible()
    assert ana.get_by_role("heading", name="Open hands (Pirate)").is_visible()
    # Ana sees Ben's hand, not her own a second time (it is her toolbar below).
    assert by_id(ana, "open-hand-0").count() == 0
    ben_list = ana.get_by_role("list", name="Ben's hand, open: 7 cards")
    assert ben_list.get_attribute("data-testid") == "open-hand-1"
    assert ben_list.get_by_role("listitem").count() == 7
    # Each item reads as the card's name in words (its face is hidden from speech).
    spoken = sorted(ben_list.locator("li .visually-hidden").all_inner_texts())
    assert spoken == sorted(card_words(ana, code) for code in ben_hand)
    # And Ben sees Ana's.
    ana_list = ben.get_by_role("list", name="Ana's hand, open: 7 cards")
    assert sorted(ana_list.locator("li .visually-hidden").all_inner_texts()) == sorted(
        card_words(ben, code) for code in ana_hand
    )
    state = pages.latest_state(ana)
    assert state["view"]["open_hands"][1] == ben_hand

    # A spectator sees both hands, and no hand of their own.
    watcher = pages.open(f"{server.url}/t/{code}?watch")
    watcher.get_by_role("list", name="Ben's hand, open: 7 cards").wait_for()
    assert watcher.get_by_role("list", name="Ana's hand, open: 7 cards").is_visible()
    assert by_id(watcher, "hand").is_hidden()
    screenshot(ana, "pirate-open-hands")
    assert serious_axe_findings(ana) == []


# -- a cheat, marked, played and caught -----------------------------------------------------------


def test_s9_a_cheat_is_marked_before_it_is_played_and_caught_by_click(
    pages: Pages, server: SeededServer
) -> None:
    table = opening(cheat_and_fair)
    ana, ben, _ = seat_people(pages, server, table, PIRATE)
    wait_my_turn(ben)
    cheat = ben_cards(table, cheat=True)
    fair = ben_cards(table, cheat=False)
    hand = table.state.hands[1]
    cheats = sorted(c.code for c in set(hand) if not matching(table, c))

    # Every card is offered; the cheats are marked, in their names and on their faces.
    cards = ben.locator("[data-testid=hand] button.card")
    assert cards.count() == 7
    assert ben.locator("[data-testid=hand] button.card[aria-disabled=true]").count() == 0
    marked = ben.locator("[data-testid=hand] button.card.cheat").evaluate_all(
        "bs => [...new Set(bs.map(b => b.dataset.code))].sort()"
    )
    assert marked == cheats
    name = by_id(ben, card_testid(cheat)).get_attribute("aria-label")
    assert name == f"{card_words(ben, cheat)}, a cheat: it does not match"
    assert by_id(ben, card_testid(cheat)).locator(".cheat-mark").inner_text() == "CHEAT"
    assert by_id(ben, card_testid(fair)).get_attribute("aria-label") == card_words(ben, fair)
    matching_count = sum(1 for c in hand if matching(table, c))
    status_is(
        ben,
        "Your turn: play a playable card (Enter, or click) or draw (D). Cards marked cheat are "
        "cheats: they stand unless someone calls them.",
    )
    label = by_id(ben, "hand").get_attribute("aria-label") or ""
    cheating = 7 - matching_count
    assert label == (
        f"Your hand: 7 cards, {matching_count} matching, {cheating} more playable as cheats"
    )
    screenshot(ben, "pirate-cheats-marked")
    assert serious_axe_findings(ben) == []

    # Ben plays the cheat with one click (no confirmation): it waits in its window.
    before = pages.latest_state(ben)["ply"]
    by_id(ben, card_testid(cheat)).click()
    opened = window_state(pages, ben, before)
    assert opened["view"]["cheat"] is True
    assert {"type": "pirate_window", "seat": 1, "cheat": True} in opened["events"]
    top = table.state.discard[-1].code
    cheat_words, top_words = card_words(ben, cheat), card_words(ben, top)
    status_is(ben, "Your play waits: others may call it (cheat!). Ana decides.")
    story_has(ben, f"Cheat: {cheat_words} does not match, it stands unless someone calls it.")
    # Ana is asked; she is not told it was a cheat, but she can see that it does not match.
    asked = pages.state_after(ana, before)
    assert asked["view"]["cheat"] is None and asked["legal"] == ["pass", "cheat"]
    assert {"type": "pirate_window", "seat": 1} in asked["events"]
    color = color_word(table)
    status_is(
        ana,
        f"Ben played {cheat_words} on {top_words} ({color}): it does not match. Let it stand (L) "
        f"or call a cheat (C). Called: if it is a cheat, Ben takes {cheat_words} back and draws "
        "2; if fair, you draw 2 and it stands.",
    )
    assert decision_ids(ana) == ["pass", "cheat"]
    assert (
        ana.get_by_role("button", name="Let it stand", exact=True).get_attribute(
            "aria-keyshortcuts"
        )
        == "L"
    )
    assert (
        ana.get_by_role("button", name="Call cheat", exact=True).get_attribute("aria-keyshortcuts")
        == "C"
    )
    assert by_id(ana, "pirate-window").inner_text() == (
        f"In its window, on {top_words}, {color} to match"
    )
    assert "asked: let the play stand or call cheat" in (
        by_id(ana, "seat-0").get_attribute("aria-label") or ""
    )
    assert "play waiting in its window" in (by_id(ana, "seat-1").get_attribute("aria-label") or "")
    assert decision_ids(ben) == []
    screenshot(ana, "pirate-window-asked")
    assert serious_axe_findings(ana) == []
    ana.set_viewport_size(PHONE)  # the same question on a phone
    assert ana.get_by_role("button", name="Call cheat", exact=True).is_visible()
    screenshot(ana, "pirate-window-asked-phone")
    ana.set_viewport_size(DESKTOP)

    # Ana calls cheat by click: the card goes back to Ben, who draws 2; Ana's turn comes.
    sent = len(pages.sent_of(ana, "action"))
    ana.get_by_role("button", name="Call cheat", exact=True).click()
    called = pages.state_after(ana, asked["ply"])
    assert [m["code"] for m in pages.sent_of(ana, "action")[sent:]] == ["cheat"]
    assert {"type": "pirate_call", "seat": 0, "player": 1, "cheat": True} in called["events"]
    assert called["view"]["hand_sizes"] == [7, 9]
    assert called["view"]["discard"][-1] == top and called["to_act"] == 0
    story_has(ana, f"You call a cheat: right! Ben takes {cheat_words} back and draws 2.")
    story_has(ben, f"Ana calls a cheat: right! You take {cheat_words} back and draw 2.")
    by_id(ben, "alert").get_by_text(
        "Ana called cheat on you: caught. Your card comes back and you draw 2."
    ).wait_for()
    wait_my_turn(ana)
    assert status(ana).startswith("Your turn")
    assert cheat in pages.latest_state(ben)["view"]["hand"]
    screenshot(ben, "pirate-cheat-caught")


# -- a fair play, let stand by key; a false call by key -------------------------------------------


def test_s9_a_fair_play_is_let_stand_with_the_l_key(pages: Pages, server: SeededServer) -> None:
    table = opening(cheat_and_fair)
    ana, ben, _ = seat_people(pages, server, table, PIRATE)
    wait_my_turn(ben)
    fair = ben_cards(table, cheat=False)
    before = pages.latest_state(ben)["ply"]
    by_id(ben, card_testid(fair)).click()
    opened = window_state(pages, ben, before)
    assert opened["view"]["cheat"] is False
    status_is(ben, "Your play waits: others may call it (fair). Ana decides.")
    asked = pages.state_after(ana, before)
    top = table.state.discard[-1].code
    color = color_word(table)
    fair_words = card_words(ana, fair)
    status_is(
        ana,
        f"Ben played {fair_words} on {card_words(ana, top)} ({color}): it matches. Let it stand "
        f"(L) or call a cheat (C). Called: if it is a cheat, Ben takes {fair_words} back and "
        "draws 2; if fair, you draw 2 and it stands.",
    )
    sent = len(pages.sent_of(ana, "action"))
    ana.keyboard.press("l")
    stood = pages.state_after(ana, asked["ply"])
    assert [m["code"] for m in pages.sent_of(ana, "action")[sent:]] == ["pass"]
    assert {"type": "pirate_pass", "seat": 0} in stood["events"]
    assert stood["view"]["phase"] == "await_turn" and stood["to_act"] == 0
    assert stood["view"]["hand_sizes"] == [7, 6]
    story_has(ana, "You let it stand.")
    story_has(ben, "Ana lets it stand.")
    wait_my_turn(ana)
    assert by_id(ana, "pirate-window").is_hidden()


def test_s9_a_false_call_with_the_c_key_costs_the_caller(
    pages: Pages, server: SeededServer
) -> None:
    table = opening(cheat_and_fair)
    ana, ben, _ = seat_people(pages, server, table, PIRATE)
    wait_my_turn(ben)
    fair = ben_cards(table, cheat=False)
    before = pages.latest_state(ben)["ply"]
    by_id(ben, card_testid(fair)).click()
    asked = pages.state_after(ana, before)
    assert asked["legal"] == ["pass", "cheat"]
    ana.wait_for_function(
        "() => document.querySelector('[data-testid=status]').textContent.startsWith('Ben played')"
    )
    ana.keyboard.press("c")
    called = pages.state_after(ana, asked["ply"])
    assert [m["code"] for m in pages.sent_of(ana, "action")] == ["cheat"]
    assert {"type": "pirate_call", "seat": 0, "player": 1, "cheat": False} in called["events"]
    draws = [e for e in called["events"] if e["type"] == "draw"]
    assert [(e["seat"], e["count"], e["reason"]) for e in draws] == [(0, 2, "false_cheat_call")]
    assert called["view"]["hand_sizes"] == [9, 6]
    story_has(ben, "Ana calls a cheat: wrong: Ana draws 2, the play stands.")
    by_id(ana, "alert").get_by_text(
        "Ben's play was fair: you draw 2 for the false call."
    ).wait_for()


# -- a Pirate 7 may swap nothing ------------------------------------------------------------------


def test_s9_a_pirate_seven_offers_no_swap(pages: Pages, server: SeededServer) -> None:
    table = opening(matching_seven)
    _, ben, _ = seat_people(pages, server, table, PIRATE)
    wait_my_turn(ben)
    seven = next(c.code for c in table.state.hands[1] if c.rank == 7 and matching(table, c))
    before = pages.latest_state(ben)["ply"]
    by_id(ben, card_testid(seven)).click()
    by_id(ben, "choice-dialog").wait_for()
    radios = ben.locator("[data-testid=choice-dialog] input[type=radio]").evaluate_all(
        "rs => rs.map(r => r.dataset.testid)"
    )
    assert radios == ["target-0", "target-none"]
    assert ben.get_by_label(NOBODY_SEVEN, exact=True).is_visible()
    screenshot(ben, "pirate-seven-no-swap")
    by_id(ben, "target-none").check()
    by_id(ben, "choice-ok").click()
    opened = window_state(pages, ben, before)
    assert [m["code"] for m in pages.sent_of(ben, "action")] == [seven]
    play = next(e for e in opened["events"] if e["type"] == "play")
    assert play["target"] is None
    story_has(ben, f"You play {card_words(ben, seven)}, swapping with nobody (6 cards left).")


# -- words without a server's position ------------------------------------------------------------


def test_s9_the_page_reads_a_windows_answers_from_legal(pages: Pages, server: SeededServer) -> None:
    """The page reads a Pirate window's answers from `legal`; its words come from the server."""
    page = pages.open(server.url + "/")
    words: list[str] = page.evaluate(
        """async () => {
          const { Legal } = await import('/static/js/actions.js');
          return [...new Legal(['pass', 'cheat']).words];
        }"""
    )
    assert words == ["pass", "cheat"]


# -- the rules form -------------------------------------------------------------------------------


def test_s9_the_lobby_offers_pirate_as_an_option_and_a_preset(
    pages: Pages, server: SeededServer
) -> None:
    page = pages.open(server.url + "/")
    by_id(page, "seat-kind-1").wait_for()
    page.wait_for_function("() => document.querySelector('#preset').options.length > 1")
    presets = page.locator("#preset option").evaluate_all("os => os.map(o => o.value)")
    assert PIRATE in presets and "table" not in presets, "table mode stays off the web"
    described = page.locator(f"#preset option[value={PIRATE}]").inner_text()
    assert described == (
        "pirate: Pirate Uno: open hands, cheat plays stand unless called; 7s may swap, 0s pass left"
    )
    page.locator("#create-form details.house-rules summary").click()
    pirate = page.locator("#create-form [data-testid=option-pirate]")
    seven_o = page.locator("#create-form [data-testid=option-seven_o]")
    assert page.get_by_label("Pirate", exact=True).get_attribute("data-testid") == "option-pirate"
    help_id = pirate.get_attribute("aria-describedby")
    assert help_id is not None
    assert page.locator(f"#{help_id}").inner_text() == option_spec("pirate").help
    penalty = page.locator("#create-form [data-testid=option-pirate_false_call_penalty]")
    assert penalty.input_value() == "2" and penalty.get_attribute("min") == "0"
    assert not seven_o.is_checked()
    pirate.check()
    assert seven_o.is_checked(), "Pirate implies Seven-O (§7.6.6)"
    assert page.locator("#preset").input_value() == PIRATE
    by_id(page, "player-name").fill("Ana")
    by_id(page, "create").click()
    by_id(page, "waiting").wait_for()
    tables = [m["table"] for m in pages.received_of(page, "welcome")]
    rules = [*tables, *pages.received_of(page, "table")][-1]["settings"]["rules"]
    assert rules == PIRATE


# -- the fair-dealing proof -----------------------------------------------------------------------

CODE, GAME, CLIENT_SEEDS = "PIRAT3", "g1", ("0123456789abcdef0123456789abcdef",)


@dataclasses.dataclass(frozen=True)
class FairGame:
    bundle: dict[str, Any]
    caught: list[str]  # the cards of the cheats caught, in order
    false_calls: int


def fair_pirate_game() -> FairGame:
    """A game dealt as the server deals (the first server seed from 0 that opens on a turn):
    every other turn the player cheats when it can, else plays as autopilot does; the seat
    asked calls every cheat and every third fair play; until the discards have been reshuffled
    after a caught cheat and a false call."""
    action: Action | None
    for n in range(1000):
        server_seed = n.to_bytes(32, "big")
        seed = game_seed(server_seed, CODE, GAME, CLIENT_SEEDS)
        table = Table([None, None], RULES, seed=seed, generator="secure")
        if table.state.phase is Phase.AWAIT_TURN:
            break
    else:
        raise AssertionError("no server seed in 1000 opens on a turn")
    caught: list[str] = []
    false_calls = 0
    fair_windows = 0
    turns = 0
    reshuffled = False
    played: str | None = None
    while not (reshuffled and false_calls):
        state = table.state
        assert state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER), "the hand ended first"
        assert table.ply < 2000, "no reshuffle after a caught cheat and a false call"
        seat = state.to_act
        assert seat is not None
        actions = table.actions(seat)
        view = table.view(seat)
        if state.phase is Phase.AWAIT_PIRATE:
            assert state.pirate is not None
            if state.pirate.cheat:
                action = CALL_CHEAT
                assert played is not None
                caught.append(played)
            else:
                fair_windows += 1
                action = CALL_CHEAT if fair_windows % 3 == 0 else PIRATE_PASS
                false_calls += action == CALL_CHEAT
        else:
            turns += 1
            cheats = [a for a in actions if a.kind is ActionKind.PLAY and is_cheat(view, a)]
            choice = cheats[0] if cheats and turns % 2 == 0 else None
            action = choice or autopilot_choice(actions, view)
            assert action is not None
            played = action.card.code if action.card is not None else None
        events = table.submit(seat, action, table.ply).events
        reshuffled = reshuffled or bool(caught and any(e.type == "reshuffle" for e in events))
    record: GameRecord = table.record()
    digested = dataclasses.replace(record, digest=state_digest(table.state))
    bundle = make_bundle(digested, server_seed, CODE, GAME, list(CLIENT_SEEDS))
    return FairGame(bundle, caught, false_calls)


@pytest.fixture(scope="module", name="fair_game")
def fair_game_fixture() -> FairGame:
    return fair_pirate_game()


def test_s6_the_proof_follows_a_caught_cheat_back_to_its_hand(
    pages: Pages, server: SeededServer, fair_game: FairGame
) -> None:
    bundle = fair_game.bundle
    steps = bundle["fairness"]["transcript"]
    taken_back = [step for step in steps if step["op"] == "take_back"]
    assert [step["card"] for step in taken_back] == fair_game.caught
    # Each caught card is followed by its player's two cards drawn.
    first = steps.index(taken_back[0])
    assert [s["op"] for s in steps[first + 1 : first + 3]] == ["take", "take"] or any(
        s["op"] == "shuffle" for s in steps[first + 1 : first + 4]
    )
    assert verify_bundle(bundle).ok, verify_bundle(bundle).to_dict()

    page = pages.open(server.url + "/")
    report = verify_in_browser(page, bundle)
    assert report["ok"], report["checks"]

    # The card said to go back to the other hand: both checkers see it.
    index = steps.index(taken_back[0])
    tampered = json.loads(json.dumps(bundle))
    tampered["fairness"]["transcript"][index]["seat"] = 1 - taken_back[0]["seat"]
    assert not verify_bundle(tampered).ok
    failed = {c["name"] for c in verify_in_browser(page, tampered)["checks"] if not c["ok"]}
    assert "cards" in failed, failed
    # A card taken back that is not the top of the pile: the browser names it.
    other = json.loads(json.dumps(bundle))
    swapped = next(c for c in ("R1", "G1", "B1", "Y1") if c != taken_back[0]["card"])
    other["fairness"]["transcript"][index]["card"] = swapped
    report = verify_in_browser(page, other)
    cards = next(c for c in report["checks"] if c["name"] == "cards")
    assert not cards["ok"] and "takes back" in cards["detail"], cards


# -- autopilot ------------------------------------------------------------------------------------


def test_s7_autopilot_lets_a_play_stand_and_plays_only_matching_cards() -> None:
    rules = Rules(pirate=True)
    state = position(["Y3 G7 B5", "B1 R9 Y2", "G1 G2"], "B4 R5", rules=rules)
    # On its turn every card is offered, a cheat first; autopilot plays the matching one.
    offered = legal_actions(state, 0)
    assert [a.code for a in offered][:2] == ["Y3", "G7"]
    choice = autopilot_choice(offered, player_view(state, 0))
    assert choice is not None and choice.code == "B5"
    # Without the seat's view it could not tell (the room always gives it).
    assert autopilot_choice(offered) == offered[0]
    # Asked in a window (seat 1 after seat 0's cheat), it lets the play stand.
    window = apply(state, 0, "G7").state
    assert window.phase is Phase.AWAIT_PIRATE and window.to_act == 1
    assert autopilot_choice(legal_actions(window, 1), player_view(window, 1)) == PIRATE_PASS
    # With nothing matching it draws rather than cheat.
    stuck = position(["G7 Y3", "B1 R9 Y2", "G1 G2"], "B5 R5", rules=rules)
    choice = autopilot_choice(legal_actions(stuck, 0), player_view(stuck, 0))
    assert choice is not None and choice.kind is ActionKind.DRAW
    # After a draw, only the drawn card is genuine.
    hands = ["G7 Y3", "B1 R9 Y2", "G1 G2"]
    drew = apply(position(hands, "B5 R5", rules=rules, stock_top=["R8"]), 0, "draw").state
    assert drew.phase is Phase.AFTER_DRAW
    offered = legal_actions(drew, 0)
    assert {"G7", "Y3", "R8"} <= {a.code for a in offered}
    choice = autopilot_choice(offered, player_view(drew, 0))
    assert choice is not None and choice.code == "R8"


def test_s7_autopilot_at_the_table_passes_a_window_and_never_cheats(
    pages: Pages, server: SeededServer
) -> None:
    table = opening(cheat_and_fair)
    ana, ben, _ = seat_people(pages, server, table, PIRATE)
    # Ana hands her seat to autopilot.
    by_id(ana, "autopilot").click()
    ana.locator("[data-testid=autopilot][aria-pressed=true]").wait_for()
    wait_my_turn(ben)
    cheat = ben_cards(table, cheat=True)
    before = pages.latest_state(ben)["ply"]
    by_id(ben, card_testid(cheat)).click()
    # Autopilot answers Ana's window: it lets Ben's cheat stand.
    stood = pages.state_after(ben, before + 1)
    assert {"type": "pirate_pass", "seat": 0} in stood["events"], stood["events"]
    story_has(ben, "Ana lets it stand.")
    # Then Ana's turn, played by autopilot: a matching card, or a draw; never a cheat.
    turn = stood
    assert turn["view"]["phase"] == "await_turn" and turn["to_act"] == 0
    top, color = turn["view"]["discard"][-1], turn["view"]["color"]
    after = pages.state_after(ben, turn["ply"])
    plays = [e for e in after["events"] if e["type"] == "play" and e["seat"] == 0]
    windows = [e for e in after["events"] if e["type"] == "pirate_window"]
    if plays:
        card = Card.from_code(plays[0]["card"])
        assert matches(card, Card.from_code(top), Color(color)), (plays[0], top, color)
        assert windows == [{"type": "pirate_window", "seat": 0}]
    else:
        assert any(e["type"] == "draw" and e["seat"] == 0 for e in after["events"])
    screenshot(ben, "pirate-autopilot")


def test_s7_when_the_turn_timer_runs_out_a_pirate_play_stands_and_no_cheat_is_played() -> None:
    """The room's own timer (no browser): autopilot answers a window, then plays a turn."""
    with fixed_server_seed():
        harness, _ = start_room_game(
            {"name": "Ana", "seats": 2, "turn_seconds": 15, "rules": PIRATE}, people=2
        )
    game = harness.room.game
    assert game is not None
    player = harness.to_act_seat()
    assert player is not None
    view = game.table.view(harness.engine_seat(player))
    cheats = [
        action
        for action in game.table.actions(harness.engine_seat(player))
        if is_cheat(view, action) and action.card is not None and plain_number(action.card)
    ]
    assert cheats, "the deal gives the first player a plain number to cheat with"
    harness.act(player, cheats[0].code)
    asked = harness.to_act_seat()
    assert asked is not None and asked != player
    assert harness.legal(asked) == ["pass", "cheat"]

    # The asked seat's timer runs out: autopilot lets the play stand.
    ply = harness.ply
    deadline = harness.room.deadline()
    assert deadline is not None
    harness.tick(deadline)
    stored = harness.appended[game.id][ply]
    assert (stored.seat, stored.code, stored.by) == (asked, "pass", "timer")

    # Then the asked seat's own turn, and its timer too: a matching card, or a draw.
    assert harness.to_act_seat() == asked and game.table.state.phase is Phase.AWAIT_TURN
    view = game.table.view(harness.engine_seat(asked))
    ply = harness.ply
    deadline = harness.room.deadline()
    assert deadline is not None
    harness.tick(deadline)
    stored = harness.appended[game.id][ply]
    action = parse_action(stored.code)
    assert (stored.seat, stored.by) == (asked, "timer")
    assert action.kind in (ActionKind.PLAY, ActionKind.DRAW)
    assert not is_cheat(view, action), f"autopilot cheated with {stored.code}"
