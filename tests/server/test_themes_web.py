"""The theme-pack cards (RULES.md §7.11) at the web table: SERVER.md §9 in a real browser against
a real `lastcard serve` process, §6's proof of a themes game, §7's autopilot.

The house-rules form offers the theme cards the server's engine plays as checkboxes with what
each does (the `themes` preset checks them all); the cards have faces and names of their own;
playing one asks, in one dialog, what its codes in the `legal` list still leave open: a wild's
colour, the seat a Howler, Friendship or Travel names, a Joker's seats (checkboxes) and count;
a Care-a-lot opens the discard round, a Mambo asks for gifts then a lead, an Invisibility's
holder is asked to block or allow. The story tells each in words: a Howler's reveal to all, a
Travel's cards to its player alone, a Joker's and a Draw Three's draws.

As in the discard round's tests, the server deals every game from a seed the test names, found
by a search over the engine's own deals for the opening a test needs.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from browser import (
    PHONE,
    Pages,
    by_id,
    chromium_fixture,  # noqa: F401  (a fixture)
    in_thread,
    pages_fixture,  # noqa: F401  (a fixture)
    screenshot,
    wait_in_game,
    wait_my_turn,
)
from live_server import LiveServer
from playwright.sync_api import Page
from test_discard_round_web import (
    ASKED,
    SeededServer,
    card_words,
    seat_people,
    serious_axe_findings,
    status_is,
    story_has,
    verify_in_browser,
)
from ws_client import run
from ws_client import start_game as start_ws_game

from lastcard import Card, GameState, Kind, Phase, Rules, apply, legal_actions, player_view
from lastcard.core import Action, ActionKind, EffectKind, GameRecord, parse_action, state_digest
from lastcard.server.autopilot import autopilot_choice
from lastcard.server.catalogue import supported_theme_cards
from lastcard.server.fairness import deal_transcript, game_seed, make_bundle, verify_bundle
from lastcard.table import Table
from lastcard.words.cards import card_name
from lastcard.words.choices import TARGET_QUESTIONS
from lastcard.words.options import option_spec
from positions import position

THEMES = "themes"
RULES = Rules.preset(THEMES)
INVISIBILITY = Card(Kind.WILD_INVISIBILITY)


@pytest.fixture(scope="module", name="server")
def seeded_server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SeededServer]:
    with SeededServer(tmp_path_factory.mktemp("themes")) as live:
        yield live


# -- reaching a position --------------------------------------------------------------------------


def opening(want: Callable[[Table], bool], players: int = 2, seat: int = 1) -> Table:
    """The first themes deal (by seed, from 0) where `seat` is to play first and `want` holds:
    the engine's own table, as the server builds it from the seed."""
    for seed in range(20_000):
        table = Table([None] * players, RULES, seed=seed, generator="secure")
        state = table.state
        if state.phase is Phase.AWAIT_TURN and state.to_act == seat and want(table):
            return table
    raise AssertionError("no deal in 20 000 opens as the test wants")


def holds(code: str, seat: int = 1) -> Callable[[Table], bool]:
    """`seat` holds the card `code` and may play it, and no other seat holds the Invisibility
    card (it would be asked to block, which these tests do not want)."""

    def want(table: Table) -> bool:
        state = table.state
        others = [hand for k, hand in enumerate(state.hands) if k != seat]
        playable = any(a.card is not None and a.card.code == code for a in table.actions(seat))
        return playable and not any(INVISIBILITY in hand for hand in others)

    return want


def hand_words(page: Page, codes: list[str]) -> str:
    """Cards in words, sorted as the story lists a hand (`lastcard.words`, which the server
    tells the page)."""
    cards = sorted((Card.from_code(code) for code in codes), key=lambda card: card.sort_key)
    return ", ".join(card_name(card) for card in cards)


def sent_codes(pages: Pages, page: Page) -> list[str]:
    return [str(message["code"]) for message in pages.sent_of(page, "action")]


def dialog_groups(page: Page) -> list[dict[str, Any]]:
    """The dialog's fieldsets as shown: the legend, the kind and the test ids of the inputs."""
    groups: list[dict[str, Any]] = page.locator(
        "[data-testid=choice-dialog] fieldset"
    ).evaluate_all(
        """fs => fs.map(f => ({
          legend: f.querySelector('legend').textContent,
          inputs: [...f.querySelectorAll('input')].map(i => i.dataset.testid),
          kind: f.querySelector('input').type,
          checked: [...f.querySelectorAll('input:checked')].map(i => i.dataset.testid),
        }))"""
    )
    return groups


def alert_has(page: Page, text: str) -> None:
    by_id(page, "alert").get_by_text(text).wait_for()


# -- the house-rules form and the faces ---------------------------------------------------------


def test_s9_the_lobby_offers_the_theme_cards_as_checkboxes(
    pages: Pages, server: SeededServer
) -> None:
    page = pages.open(server.url + "/")
    page.wait_for_function("() => document.querySelector('#preset').options.length > 1")
    page.locator("#create-form details.house-rules summary").click()
    box = page.locator("#create-form [data-testid=option-theme_cards]")
    assert box.locator("legend").inner_text() == "Theme cards"
    offered = box.locator("input[type=checkbox]").evaluate_all("bs => bs.map(b => b.value)")
    assert offered == list(supported_theme_cards()), "the server's list, in the engine's order"
    # Each checkbox has a name and one line saying what the card does.
    joker = page.get_by_role("checkbox", name="Joker", exact=True)
    hint = page.locator(f"#{joker.get_attribute('aria-describedby')}").inner_text()
    joker_help = dict(
        zip(option_spec("theme_cards").choices, option_spec("theme_cards").member_help, strict=True)
    )
    assert hint == joker_help["joker"]  # the words of lastcard.words.options
    assert box.locator("input:checked").count() == 0, "the official rules have none"

    # The preset checks every card; a card unchecked makes the rules custom.
    page.select_option("#preset", THEMES)
    checked = box.locator("input:checked").evaluate_all("bs => bs.map(b => b.value)")
    assert checked == sorted(RULES.theme_cards, key=list(supported_theme_cards()).index)
    screenshot(page, "themes-rules-form")
    by_id(page, "option-theme_cards-howler").uncheck()
    assert page.locator("#preset").input_value() == "custom"
    by_id(page, "option-theme_cards-howler").check()
    assert page.locator("#preset").input_value() == THEMES

    # A custom choice of two is what the table is created with, and its summary names them.
    page.select_option("#preset", "official")
    by_id(page, "option-theme_cards-joker").check()
    by_id(page, "option-theme_cards-draw_three").check()
    by_id(page, "player-name").fill("Ana")
    by_id(page, "create").click()
    by_id(page, "waiting").wait_for()
    by_id(page, "rules-summary").get_by_text("Theme cards: Draw Three, Joker").wait_for()
    tables = [m["table"] for m in pages.received_of(page, "welcome")]
    rules = [*tables, *pages.received_of(page, "table")][-1]["settings"]["rules"]
    assert rules["theme_cards"] == ["draw_three", "joker"]
    assert serious_axe_findings(page) == []


FACES = {
    "R+3": ("Red Draw Three", "+3"),
    "WH": ("Howler", "HOWL"),
    "WI": ("Invisibility", "INVIS"),
    "WCA": ("Care-a-lot", "CARE"),
    "WF": ("Friendship", "FRND"),
    "WJ": ("Joker", "JOKER"),
    "WM": ("Mambo", "MAMBO"),
    "WT": ("Travel", "TRVL"),
}


def test_s9_theme_cards_have_faces_and_names(pages: Pages, server: SeededServer) -> None:
    page = pages.open(server.url + "/")
    shown: dict[str, Any] = page.evaluate(
        """async (codes) => {
          const { cardName, faceLines, sortCodes } = await import('/static/js/cards.js');
          const { parseCode } = await import('/static/js/actions.js');
          const out = {};
          for (const code of codes) {
            out[code] = { name: cardName(code), face: faceLines(code),
                          play: parseCode(code).kind, named: cardName(code, 'g') };
          }
          out.sorted = sortCodes(['WT', 'WJ', 'R+3', 'W', 'R+2', 'WH', 'B5']);
          return out;
        }""",
        list(FACES),
    )
    for code, (name, label) in FACES.items():
        assert shown[code]["name"] == name and shown[code]["play"] == "play", code
        assert shown[code]["face"][1] == label, code
    assert shown["WJ"]["face"][0] == "W★" and shown["R+3"]["face"][0] == "R▲"
    assert shown["WH"]["named"] == "Howler, choosing green"
    assert shown["WM"]["named"] == "Mambo", "a Mambo names no colour (§7.11.7)"
    assert shown["sorted"] == ["R+2", "R+3", "B5", "W", "WH", "WJ", "WT"]


# -- a Joker played by clicks -------------------------------------------------------------------


def test_s9_a_joker_played_by_clicks_reaches_the_engine_as_its_code(
    pages: Pages, server: SeededServer
) -> None:
    table = opening(holds("WJ"), players=3)
    ana, ben, _ = seat_people(pages, server, table, THEMES, bot_seats=(2,))
    wait_my_turn(ben)
    before = pages.latest_state(ben)["ply"]
    by_id(ben, "card-WJ").click()
    by_id(ben, "choice-dialog").wait_for()
    assert by_id(ben, "choice-dialog").locator("h2").inner_text() == "Play Joker"
    groups = dialog_groups(ben)
    assert [(g["legend"], g["kind"]) for g in groups] == [
        ("Choose the colour to play on", "radio"),
        ("Who draws (1 to 2 players)", "checkbox"),
        ("Cards each of them draws", "radio"),
    ]
    assert groups[1]["inputs"] == ["joker-seat-0", "joker-seat-2"]
    assert groups[1]["checked"] == ["joker-seat-0"], "one player is checked to start with"
    assert groups[2]["inputs"] == ["joker-count-1", "joker-count-2", "joker-count-3"]
    assert ben.get_by_label("Ana (7 cards)").is_checked()

    # Nobody chosen: the dialog stays open and says why.
    by_id(ben, "joker-seat-0").uncheck()
    by_id(ben, "choice-ok").click()
    by_id(ben, "choice-problem").get_by_text("Choose at least one player to draw.").wait_for()
    assert by_id(ben, "choice-dialog").is_visible() and sent_codes(pages, ben) == []

    by_id(ben, "wild-g").check()
    by_id(ben, "joker-seat-0").check()
    by_id(ben, "joker-seat-2").check()
    by_id(ben, "joker-count-2").check()
    screenshot(ben, "themes-joker-dialog")
    assert serious_axe_findings(ben) == []
    by_id(ben, "choice-ok").click()
    after = pages.state_after(ben, before)
    assert sent_codes(pages, ben) == ["WJ:g>0,2*2"]
    draws = [(e["seat"], e["count"], e["reason"]) for e in after["events"] if e["type"] == "draw"]
    assert draws == [(2, 2, "joker"), (0, 2, "joker")], "in turn order from the next player"
    assert after["view"]["color"] == "G" and after["view"]["hand_sizes"][:2] == [9, 6]

    story_has(ben, "You play Joker, choosing green (6 cards left).")
    story_has(ana, "Ben plays Joker, choosing green (6 cards left).")
    events = pages.state_after(ana, before)["events"]
    drawn = next(e for e in events if e["type"] == "draw" and e["seat"] == 0)
    words = ", ".join(card_words(ana, code) for code in drawn["cards"])
    story_has(ana, f"You draw 2 cards (Joker): {words}.")
    story_has(ben, "Ana draws 2 cards (Joker).")


# -- Travel, Howler, Friendship, Care-a-lot -----------------------------------------------------


def test_s9_travel_shows_the_hand_to_its_player_alone(pages: Pages, server: SeededServer) -> None:
    table = opening(holds("WT"), players=3)
    ana, ben, code = seat_people(pages, server, table, THEMES, bot_seats=(2,))
    watcher = pages.open(f"{server.url}/t/{code}?watch")
    wait_in_game(ana)
    by_id(watcher, "game").wait_for()
    ana_hand = [card.code for card in table.state.hands[0]]
    wait_my_turn(ben)
    before = pages.latest_state(ben)["ply"]
    by_id(ben, "card-WT").click()
    by_id(ben, "choice-dialog").wait_for()
    groups = dialog_groups(ben)
    assert groups[1]["legend"] == TARGET_QUESTIONS[EffectKind.VIEW_HAND]
    assert groups[1]["inputs"] == ["target-0", "target-2"], "no 'nobody' before the last card"
    by_id(ben, "wild-b").check()
    by_id(ben, "target-0").check()
    by_id(ben, "choice-ok").click()
    assert pages.state_after(ben, before)
    assert sent_codes(pages, ben) == ["WT:b>0"]

    # Ben reads Ana's hand; Ana and the spectator learn only that it was seen.
    story_has(ben, "You play Travel, choosing blue, naming Ana (6 cards left).")
    story_has(ben, f"Ana's hand: {hand_words(ben, ana_hand)}.")
    story_has(ana, "Ben plays Travel, choosing blue, naming you (6 cards left).")
    story_has(ana, "Ben looked at your hand.")
    story_has(watcher, "Ben looked at Ana's hand.")
    screenshot(ben, "themes-travel-player")
    for page in (ana, watcher):
        travel = [
            e
            for state in pages.received_of(page, "state")
            for e in state["events"]
            if e["type"] == "travel"
        ]
        assert travel == [{"type": "travel", "seat": 1, "target": 0}], "no cards for others"
    shown = [
        e
        for state in pages.received_of(ben, "state")
        for e in state["events"]
        if e["type"] == "travel"
    ]
    assert shown == [{"type": "travel", "seat": 1, "target": 0, "cards": ana_hand}]
    # Nothing told to the others up to the Travel holds Ana's cards (a later Howler might).
    told = [line.strip() for line in by_id(watcher, "story").locator("p").all_inner_texts()]
    until = told.index("Ben looked at Ana's hand.")
    seen = hand_words(watcher, ana_hand)
    assert not any(seen in line for line in told[: until + 2])


def test_s9_a_howler_reveals_the_hand_in_everyones_story(
    pages: Pages, server: SeededServer
) -> None:
    table = opening(holds("WH"))
    ana, ben, _ = seat_people(pages, server, table, THEMES)
    ana_hand = [card.code for card in table.state.hands[0]]
    wait_my_turn(ben)
    by_id(ben, "card-WH").click()
    by_id(ben, "choice-dialog").wait_for()
    # With one other player the seat is not asked: only the colour is.
    assert [g["legend"] for g in dialog_groups(ben)] == ["Choose the colour to play on"]
    by_id(ben, "wild-r").check()
    by_id(ben, "choice-ok").click()
    story_has(ben, "You play Howler, choosing red, naming Ana (6 cards left).")
    story_has(ben, f"Ana's hand is revealed: {hand_words(ben, ana_hand)}.")
    story_has(ana, f"Your hand is revealed: {hand_words(ana, ana_hand)}.")
    alert_has(ana, "Your hand is revealed to everyone.")
    assert sent_codes(pages, ben) == ["WH:r>0"]
    screenshot(ana, "themes-howler-revealed")


def test_s9_friendship_swaps_the_hands(pages: Pages, server: SeededServer) -> None:
    table = opening(holds("WF"))
    ana, ben, _ = seat_people(pages, server, table, THEMES)
    ana_hand = sorted(card.code for card in table.state.hands[0])
    wait_my_turn(ben)
    before = pages.latest_state(ben)["ply"]
    by_id(ben, "card-WF").click()
    by_id(ben, "wild-y").check()
    by_id(ben, "choice-ok").click()
    after = pages.state_after(ben, before)
    assert sent_codes(pages, ben) == ["WF:y>0"]
    assert sorted(after["view"]["hand"]) == ana_hand
    story_has(ana, "Ben and you swap hands.")
    alert_has(ana, "Ben swapped hands with you.")
    story_has(ben, "You play Friendship, choosing yellow, naming Ana (6 cards left).")


def test_s9_care_a_lot_opens_the_discard_round(pages: Pages, server: SeededServer) -> None:
    table = opening(holds("WCA"))
    ana, ben, _ = seat_people(pages, server, table, THEMES)
    wait_my_turn(ben)
    by_id(ben, "card-WCA").click()
    by_id(ben, "wild-y").check()
    by_id(ben, "choice-ok").click()
    status_is(ana, ASKED)
    story_has(ana, "Ben's Care-a-lot opens a discard round.")
    assert sent_codes(pages, ben) == ["WCA:y"]
    ana.keyboard.press("d")
    story_has(ben, "Ana declines to discard.")


# -- Mambo and Invisibility ---------------------------------------------------------------------


def mambo_with_a_number(table: Table) -> bool:
    hand = table.state.hands[1]
    plain = [c for c in hand if c.rank is not None]
    return holds("WM")(table) and len(plain) >= 2


def test_s9_a_mambo_asks_for_a_gift_then_a_lead(pages: Pages, server: SeededServer) -> None:
    table = opening(mambo_with_a_number)
    ana, ben, _ = seat_people(pages, server, table, THEMES)
    wait_my_turn(ben)
    before = pages.latest_state(ben)["ply"]
    by_id(ben, "card-WM").click()  # no colour is named for a Mambo
    gifting = pages.state_after(ben, before)
    assert gifting["view"]["phase"] == "await_gift"
    # The view names the seat whose gift is due (when the engine's view carries it).
    status_is(ben, "Mambo: give one card to Ana (Enter, or click). Then you lead any card.")
    status_is(ana, "Ben gives a card to you (Mambo).")
    assert "choose one to give" in (by_id(ben, "hand").get_attribute("aria-label") or "")
    screenshot(ben, "themes-mambo-gift")
    numbers = sorted(c.code for c in table.state.hands[1] if c.rank is not None)
    given, led = numbers[0], numbers[-1]
    by_id(ben, f"card-{given}").click()
    leading = pages.state_after(ben, gifting["ply"])
    assert leading["view"]["phase"] == "await_lead"
    status_is(ben, "Mambo: lead any card of your hand (Enter, or click): it need not match.")
    story_has(ben, f"You give {card_words(ben, given)} to Ana.")
    story_has(ana, "Ben gives you a card.")
    by_id(ben, f"card-{led}").click()
    pages.state_after(ben, leading["ply"])
    assert sent_codes(pages, ben) == ["WM", f"give {given}", f"lead {led}"]
    story_has(ana, "Ben leads a card of their choice (Mambo), which need not match.")
    story_has(ana, f"Ben plays {card_words(ana, led)} (4 cards left).")


def invisible_ana(table: Table) -> bool:
    """Ana holds the Invisibility card and Ben may play a wild that names her."""
    state = table.state
    named = {"WH", "WT", "WF", "WJ"}
    return INVISIBILITY in state.hands[0] and any(c.code in named for c in state.hands[1])


def test_s9_invisibility_blocks_a_card_aimed_at_its_holder(
    pages: Pages, server: SeededServer
) -> None:
    table = opening(invisible_ana)
    card = next(c.code for c in table.state.hands[1] if c.code in ("WH", "WT", "WF", "WJ"))
    ana, ben, _ = seat_people(pages, server, table, THEMES)
    wait_my_turn(ben)
    by_id(ben, f"card-{card}").click()
    by_id(ben, "wild-r").check()
    if by_id(ben, "joker-count-1").count():
        by_id(ben, "joker-count-1").check()
    by_id(ben, "choice-ok").click()
    name = card_words(ana, card)
    what = {
        "WH": "would show your hand to everyone",
        "WT": "would show your hand to Ben",
        "WF": "would swap hands with you",
        "WJ": "would make you draw cards",
    }[card]
    status_is(
        ana,
        f"Ben's {name} {what}: block it with Invisibility (B) (choose a colour) or allow (A).",
    )
    status_is(ben, "Ana decides whether to block it with Invisibility.")
    buttons = by_id(ana, "decisions").locator("button")
    assert buttons.evaluate_all("bs => bs.map(b => b.dataset.testid)") == ["block", "allow"]
    assert by_id(ana, "block").get_attribute("aria-keyshortcuts") == "B"
    screenshot(ana, "themes-invisibility-asked")
    assert serious_axe_findings(ana) == []
    asked = pages.latest_state(ana)
    ana.keyboard.press("b")
    by_id(ana, "choice-dialog").wait_for()
    by_id(ana, "wild-b").check()
    by_id(ana, "choice-ok").click()
    after = pages.state_after(ana, asked["ply"])
    assert sent_codes(pages, ana) == ["block b"]
    assert after["view"]["discard"][-1] == "WI" and after["view"]["color"] == "B"
    story_has(ben, "Ana blocks it with Invisibility, choosing blue (6 cards left).")
    story_has(ana, "You block it with Invisibility, choosing blue (6 cards left).")


# -- the wording, without a server's position --------------------------------------------------


def test_s9_the_page_reads_theme_choices_from_legal(pages: Pages, server: SeededServer) -> None:
    page = pages.open(server.url + "/")
    result: dict[str, Any] = page.evaluate(
        """async () => {
          const { Legal } = await import('/static/js/actions.js');
          const legal = new Legal(['WJ:r>1*1', 'WJ:r>1*2', 'WJ:r>1,2*1', 'WJ:b>1,2*3!',
                                   'WH:g>1', 'WH:g', 'give R5', 'lead W:r!', 'block y', 'allow']);
          return {
            joker: legal.jokerChoices('WJ'),
            code: legal.playCode('WJ', { color: 'B', targets: [2, 1], count: 3 }),
            missing: legal.playCode('WJ', { color: 'R', targets: [2], count: 1 }),
            howler: legal.choicesFor('WH'),
            give: legal.giveCode('R5'),
            lead: legal.playCode('W', { color: 'R' }),
            blocks: legal.blockColors(),
            words: [...legal.words],
          };
        }"""
    )
    assert result["joker"] == {"seats": [1, 2], "most": 2, "counts": [1, 2, 3]}
    assert result["code"] == "WJ:b>1,2*3!" and result["missing"] is None
    assert result["howler"] == {
        "colors": ["G"],
        "targets": [1],
        "untargeted": True,
        "joker": False,
    }
    assert (result["give"], result["lead"]) == ("give R5", "lead W:r!")
    assert result["blocks"] == ["Y"] and result["words"] == ["allow"]


# -- the fair-dealing proof ---------------------------------------------------------------------

CODE, GAME, CLIENT_SEEDS = "THEME6", "g1", ("0123456789abcdef0123456789abcdef",)
THEME_PLAYS = ("+3", "WH", "WI", "WCA", "WF", "WJ", "WM", "WT")


@dataclasses.dataclass(frozen=True)
class FairGame:
    bundle: dict[str, Any]  # the proof (§6), as the server serves it
    steps_of: dict[str, list[list[str]]]  # a theme card -> the ops of the steps each play made


def themes_game(seed: int) -> tuple[GameRecord, dict[str, list[int]]]:
    """A whole themes game among three seats, dealt as the server deals it from server seed
    `seed`, where a seat plays a theme card (or blocks) whenever it may, else anything on offer
    at random; and, for each theme card, the actions (numbered from 1) that played it."""
    server_seed = seed.to_bytes(32, "big")
    seeded = game_seed(server_seed, CODE, GAME, CLIENT_SEEDS)
    rules = RULES.changed(target_score=100)
    table = Table([None, None, None], rules, seed=seeded, generator="secure")
    chance = random.Random(seed)
    played: dict[str, list[int]] = {}
    while table.state.phase is not Phase.GAME_OVER:
        seat = table.state.to_act
        if seat is None:  # between hands: any seat deals the next
            seat = 0
        offered = table.actions(seat)
        themed = [a for a in offered if theme_card_of(a) is not None]
        action = chance.choice(themed or list(offered))
        table.submit(seat, action, table.ply)
        card = theme_card_of(action)
        if card is not None:
            played.setdefault(card, []).append(len(table.record().actions))
    record = table.record()
    return dataclasses.replace(record, digest=state_digest(table.state)), played


def theme_card_of(action: Action) -> str | None:
    """The theme card an action puts on the pile ("+3" for any Draw Three), or None."""
    if action.kind is ActionKind.BLOCK:
        return "WI"
    card = action.card
    if action.kind not in (ActionKind.PLAY, ActionKind.LEAD) or card is None:
        return None
    code = "+3" if card.kind is Kind.DRAW_THREE else card.code
    return code if code in THEME_PLAYS else None


def steps_of_action(record: GameRecord, number: int) -> list[str]:
    """The ops of the transcript's steps that action `number` (from 1) added."""
    before = deal_transcript(dataclasses.replace(record, actions=record.actions[: number - 1]))
    after = deal_transcript(dataclasses.replace(record, actions=record.actions[:number]))
    assert after[: len(before)] == before
    return [step["op"] for step in after[len(before) :]]


@pytest.fixture(scope="module", name="fair_game")
def fair_game_fixture() -> FairGame:
    for seed in range(50):
        record, played = themes_game(seed)
        if set(played) >= set(THEME_PLAYS):
            break
    else:
        raise AssertionError("no game in 50 plays every theme card")
    bundle = make_bundle(record, seed.to_bytes(32, "big"), CODE, GAME, list(CLIENT_SEEDS))
    steps_of = {
        card: [steps_of_action(record, number) for number in numbers]
        for card, numbers in played.items()
    }
    return FairGame(bundle, steps_of)


def test_s6_the_proof_of_a_themes_game_verifies(
    pages: Pages, server: SeededServer, fair_game: FairGame
) -> None:
    bundle = fair_game.bundle
    assert verify_bundle(bundle).ok, verify_bundle(bundle).to_dict()
    page = pages.open(server.url + "/")
    report = verify_in_browser(page, bundle)
    assert report["ok"], report["checks"]

    # What each card did to the cards. Friendship swaps hands; Howler and Travel move nothing
    # but themselves; a Joker's and a Draw Three's targets draw (unless an Invisibility's holder
    # is asked first: then the draws follow its answer); a Mambo's gifts are actions of their
    # own; an Invisibility is played onto the pile.
    steps_of = fair_game.steps_of
    assert ["play", "move_hands"] in steps_of["WF"]
    assert all(ops == ["play"] for card in ("WH", "WT") for ops in steps_of[card])
    for card in ("WJ", "+3"):
        assert any(ops[0] == "play" and set(ops[1:]) == {"take"} for ops in steps_of[card])
    assert all(ops == ["play"] for ops in steps_of["WM"])
    assert all(ops[0] == "play" for ops in steps_of["WI"])
    transcript = bundle["fairness"]["transcript"]
    gifts = [step for step in transcript if step["op"] == "give"]
    assert gifts and all(set(step) == {"op", "seat", "card", "to"} for step in gifts)

    # A Mambo's gift said to go to another seat: both checkers see it.
    index = transcript.index(gifts[0])
    tampered = json.loads(json.dumps(bundle))
    others = [seat for seat in range(3) if seat not in (gifts[0]["seat"], gifts[0]["to"])]
    tampered["fairness"]["transcript"][index]["to"] = others[0]
    assert not verify_bundle(tampered).ok
    failed = {c["name"] for c in verify_in_browser(page, tampered)["checks"] if not c["ok"]}
    assert "cards" in failed, failed


@pytest.mark.parametrize(
    "rules",
    [
        RULES,
        Rules(theme_cards=frozenset({"draw_three"})),
        Rules(theme_cards=frozenset({"travel", "howler"}), deck="2018", wild_downpour=True),
    ],
    ids=["themes", "draw-three", "two-wilds-2018-downpour"],
)
def test_s6_the_browser_builds_the_themes_deck_as_the_engine_does(
    pages: Pages, server: SeededServer, rules: Rules
) -> None:
    page = pages.open(server.url + "/")
    deck: list[str] = page.evaluate(
        "async (rules) => (await import('/static/js/fair/deck.js')).fullDeck(rules)",
        rules.to_dict(),
    )
    assert deck == [card.code for card in rules.deck_cards()]


@pytest.fixture(scope="module", name="plain_server")
def plain_server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server that derives each game's seed as SERVER.md §6 says (no seed chosen by a test)."""
    with LiveServer(tmp_path_factory.mktemp("themes-plain")) as live:
        yield live


def test_s6_a_themes_game_played_at_the_table_verifies_in_the_page(
    pages: Pages, plain_server: LiveServer
) -> None:
    async def scenario() -> str:
        game = await start_ws_game(
            plain_server,
            people=1,
            seats=3,
            bots=[{"seat": 1, "level": "easy"}, {"seat": 2, "level": "medium"}],
            rules=THEMES,
            target=1,
        )
        await game.people[0].autoplay()
        return game.game_id

    game_id = in_thread(lambda: run(scenario()))
    reply = httpx.get(f"{plain_server.url}/api/games/{game_id}/record", timeout=10)
    assert reply.status_code == 200, reply.text
    bundle = reply.json()
    assert bundle["record"]["rules"]["theme_cards"] == sorted(RULES.theme_cards)
    assert verify_bundle(bundle).ok
    page = pages.open(f"{plain_server.url}/verify/{game_id}", viewport=PHONE)
    page.locator("#verdict.verified").wait_for(timeout=30_000)


# -- autopilot -----------------------------------------------------------------------------------


def chosen(state: GameState, seat: int = 0) -> str | None:
    """Autopilot's choice for `seat`, given its view as the room gives it."""
    offered = legal_actions(state, seat)
    choice = autopilot_choice(offered, player_view(state, seat))
    assert choice is None or choice in offered
    return choice.code if choice is not None else None


NEXT = "Y5 Y6 Y7 Y8 Y9 G5 G6 G7 G8 G9"


def themed(hands: list[str], rules: Rules = RULES) -> GameState:
    """Seat 0 to play on a red 5, these hands dealt."""
    return position(hands, "B5 R5", rules=rules, stock_top=NEXT)


def test_s7_autopilot_plays_another_card_before_one_that_names_a_person() -> None:
    state = themed(["WJ WH R9 B2", "B1 R2", "G1 G2"])
    assert chosen(state) == "R9"


def test_s7_autopilot_draws_rather_than_name_a_person() -> None:
    state = themed(["WJ WH WF WT B2", "B1 R2", "G1 G2"])
    assert chosen(state) == "draw"


def test_s7_autopilot_plays_draw_threes_care_a_lot_and_mambo_like_any_card() -> None:
    assert chosen(themed(["R+3 B2 B3", "B1 R2", "G1 G2"])) == "R+3"
    code = chosen(themed(["WCA WJ B2", "B1 R2", "G1 G2"]))
    assert code is not None and code.startswith("WCA:")


def test_s7_when_it_must_autopilot_names_a_person_the_gentlest_way() -> None:
    rules = RULES.changed(allow_voluntary_draw=False)
    assert chosen(themed(["WJ WH WF WT B2", "B1 R2", "G1 G2"], rules=rules)) == "WT:r>1"
    assert chosen(themed(["WJ WH WF B2", "B1 R2", "G1 G2"], rules=rules)) == "WJ:r>1*1"
    assert chosen(themed(["WH WF B2", "B1 R2", "G1 G2"], rules=rules)) == "WH:r>1"


def test_s7_a_last_card_goes_out_naming_nobody_or_a_gentle_joker() -> None:
    assert chosen(themed(["WF", "B1 R2", "G1 G2"])) == "WF:r"
    assert chosen(themed(["WJ", "B1 R2", "G1 G2"])) == "WJ:r>1*1"


def test_s7_autopilot_gives_its_least_valuable_card_and_leads_after_a_mambo() -> None:
    state = apply(themed(["WM W R7 B2 G+3", "B1 R2", "G1 G2"]), 0, parse_action("WM")).state
    assert state.phase is Phase.AWAIT_GIFT
    assert chosen(state) == "give B2"
    state = apply(state, 0, parse_action("give B2")).state
    assert chosen(state) == "give R7"
    state = apply(state, 0, parse_action("give R7")).state
    assert state.phase is Phase.AWAIT_LEAD
    code = chosen(state)
    assert code is not None and code.startswith("lead ")


def test_s7_autopilot_allows_what_an_invisibility_could_block() -> None:
    state = apply(themed(["WH B2", "WI R2 B7", "G1 G2"]), 0, parse_action("WH:g>1")).state
    assert state.phase is Phase.AWAIT_BLOCK and state.to_act == 1
    assert chosen(state, 1) == "allow"


def test_s7_without_the_view_a_joker_counts_as_naming_a_person() -> None:
    legal = [parse_action(code) for code in ("WJ:r>1*1", "draw")]
    choice = autopilot_choice(legal)
    assert choice is not None and choice.code == "draw"
