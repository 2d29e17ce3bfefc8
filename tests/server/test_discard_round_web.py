"""The discard round (RULES.md §7.11.4, a Wild Customizable with `all_discard_one`) at the web
table: SERVER.md §9 in a real browser against a real `lastcard serve` process.

The asked seat's hand becomes its discards and a Decline button is offered, both built from the
`legal` codes of the state; the status line says who is asked; the story tells the round; a
discard that leaves one card calls Uno with it (§5); the house-rules form offers the effect;
the fair-dealing proof (§6) follows a discard beneath the top card, in Python and in the
browser's verifier; autopilot (§7) declines for an absent person.

To reach the round without playing many games, the server here deals every game from a seed
the test names (a file it reads at each `start`): the seed is found by a search over the
engine's own deals for one where seat 1 opens holding a Wild Customizable. Only that seed
stands in for the fair-dealing derivation; everything else is the real server and page.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from browser import (
    Pages,
    by_id,
    chromium_fixture,  # noqa: F401  (a fixture)
    hand_codes,
    pages_fixture,  # noqa: F401  (a fixture)
    press_ready,
    screenshot,
    seat_page,
    start_game,
    wait_in_game,
    wait_my_turn,
)
from live_server import LiveServer
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from lastcard import Phase, Rules, legal_actions
from lastcard.core import ActionKind, GameRecord, state_digest
from lastcard.core.actions import DECLINE
from lastcard.server.autopilot import autopilot_choice
from lastcard.server.fairness import game_seed, make_bundle, verify_bundle
from lastcard.table import Table
from lastcard.words.options import choice_label

CARE_A_LOT = {"deck": "2018", "custom_wild_effect": "all_discard_one"}
ASKED = "Discard round: discard one card beneath the top card (Enter, or click), or decline (D)."

# Every game this server deals comes from the seed in the file named first on the command line.
RIGGED_SERVE = """
import sys
from pathlib import Path

import lastcard.server.room_waiting as room_waiting

seed_file = Path(sys.argv.pop(1))
room_waiting.game_seed = lambda *parts: int(seed_file.read_text())

from lastcard.cli import main

main()
"""


class SeededServer(LiveServer):
    """`lastcard serve` as LiveServer runs it, but each game is dealt from the seed last
    written with `deal_from` (read when the host starts the game)."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory, bot_delay=0.02, hand_pause=0.05)
        self.seed_file = directory / "seed"
        self.deal_from(0)
        self.launcher = [sys.executable, "-c", RIGGED_SERVE, str(self.seed_file)]

    def deal_from(self, seed: int) -> None:
        self.seed_file.write_text(str(seed))


@pytest.fixture(scope="module", name="server")
def seeded_server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SeededServer]:
    with SeededServer(tmp_path_factory.mktemp("discard-round")) as live:
        yield live


# -- reaching the round ---------------------------------------------------------------------------


def wild_customizable_opening(rules: Rules, seat: int = 1, players: int = 2) -> Table:
    """The first deal (by seed, from 0) where `seat` is to play first and may play a Wild
    Customizable: the engine's own table, as the server builds it from the same seed."""
    for seed in range(20_000):
        table = Table([None] * players, rules, seed=seed, generator="secure")
        state = table.state
        opens = state.phase is Phase.AWAIT_TURN and state.to_act == seat
        if opens and any(a.code.startswith("WC:y") for a in table.actions(seat)):
            return table
    raise AssertionError("no deal in 20 000 opens with a Wild Customizable")


def seat_people(
    pages: Pages,
    server: SeededServer,
    table: Table,
    rules: str | dict[str, Any],
    *,
    bot_seats: tuple[int, ...] = (),
) -> tuple[Page, Page, str]:
    """Ana (seat 0, the host) and Ben (seat 1) at a table with these rules (a preset's name or
    options) dealt as `table` was,
    easy bots in `bot_seats`: both pages in the game, and the table's code."""
    server.deal_from(table.seed)
    created = server.create_table(
        name="Ana",
        seats=len(table.state.hands),
        rules=rules,
        bots=[{"seat": seat, "level": "easy"} for seat in bot_seats],
    )
    joined = server.join(created["code"], name="Ben")
    ana = seat_page(pages, server, created["code"], created["token"])
    ben = seat_page(pages, server, created["code"], joined["token"])
    for page in (ana, ben):
        by_id(page, "waiting").wait_for()
    press_ready(ben)
    press_ready(ana)
    start_game(ana)
    wait_in_game(ben)
    hand = sorted(card.code for card in table.state.hands[1])
    assert sorted(pages.latest_state(ben)["view"]["hand"]) == hand, (
        "the server dealt from the seed the test chose"
    )
    return ana, ben, created["code"]


def two_people(pages: Pages, server: SeededServer, rules: dict[str, Any]) -> tuple[Page, Page]:
    """Ana and Ben (`seat_people`) dealt from the seed where Ben opens with a Wild
    Customizable."""
    table = wild_customizable_opening(Rules.from_dict(rules))
    ana, ben, _ = seat_people(pages, server, table, rules)
    return ana, ben


def play_wild_customizable(ben: Page) -> None:
    """Ben plays his Wild Customizable by clicks, naming yellow."""
    wait_my_turn(ben)
    by_id(ben, "card-WC").click()
    by_id(ben, "choice-dialog").wait_for()
    by_id(ben, "wild-y").check()
    by_id(ben, "choice-ok").click()


def status_is(page: Page, text: str) -> None:
    """Wait until the status says `text`; a timeout says what it said instead."""
    try:
        page.wait_for_function(
            "(text) => document.querySelector('[data-testid=status]').textContent === text",
            arg=text,
        )
    except PlaywrightError as error:
        raise AssertionError(f"the status says {status(page)!r}, not {text!r}") from error


def status(page: Page) -> str:
    return by_id(page, "status").inner_text()


def enabled_cards(page: Page) -> list[str]:
    return [
        str(testid)
        for testid in page.locator(
            "[data-testid=hand] button.card:not([aria-disabled=true])"
        ).evaluate_all("bs => bs.map(b => b.dataset.testid)")
    ]


def card_words(page: Page, code: str) -> str:
    """A card in the words the page names it (static/js/cards.js)."""
    name: str = page.evaluate(
        "async (code) => (await import('/static/js/cards.js')).cardName(code)", code
    )
    return name


def story_has(page: Page, text: str) -> None:
    by_id(page, "story").get_by_text(text, exact=True).wait_for()


def serious_axe_findings(page: Page) -> list[str]:
    results: Any = Axe().run(page)
    return [
        f"{violation['id']}: {violation['help']} at {node['target']}"
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
        for node in violation["nodes"]
    ]


# -- the round in the browser ---------------------------------------------------------------------


def test_s9_the_asked_seat_discards_a_card_by_click_and_the_other_declines_by_key(
    pages: Pages, server: SeededServer
) -> None:
    ana, ben = two_people(pages, server, CARE_A_LOT)
    play_wild_customizable(ben)

    # Ana is asked first (the seat after Ben's); Ben, who played the card, decides last.
    status_is(ana, ASKED)
    asked = pages.latest_state(ana)
    assert asked["view"]["phase"] == "await_discard" and asked["to_act"] == 0
    cards = hand_codes(ana)
    assert len(cards) == 7
    offered = {code.split(" ")[1] for code in asked["legal"] if code.startswith("discard ")}
    assert {testid.split("-")[1] for testid in enabled_cards(ana)} == offered
    decisions = by_id(ana, "decisions").locator("button")
    assert decisions.evaluate_all("bs => bs.map(b => b.dataset.testid)") == ["decline"]
    # Its accessible name is its word (the key letter beside it is hidden from speech).
    assert ana.get_by_role("button", name="Decline", exact=True).is_visible()
    assert by_id(ana, "decline").get_attribute("aria-keyshortcuts") == "D"
    assert "choose one to discard" in (by_id(ana, "hand").get_attribute("aria-label") or "")
    assert "asked to discard" in (by_id(ana, "seat-0").get_attribute("aria-label") or "")
    story_has(
        ana,
        "Ben's Wild Customizable opens a discard round.",
    )
    # Ben sees who is asked, and has no discards of his own to choose yet.
    status_is(
        ben, "Discard round: Ana is asked to discard one card beneath the top card, or to decline."
    )
    assert enabled_cards(ben) == [] and by_id(ben, "decline").count() == 0
    screenshot(ana, "discard-round-asked")
    assert serious_axe_findings(ana) == []

    # Ana clicks the first card of her hand: it is discarded beneath the Wild Customizable.
    card = cards[0].split("-")[1]
    sent = len(pages.sent_of(ana, "action"))
    by_id(ana, cards[0]).click()
    after = pages.state_after(ana, asked["ply"])
    assert [(m["code"], m["ply"]) for m in pages.sent_of(ana, "action")[sent:]] == [
        (f"discard {card}", asked["ply"])
    ]
    assert {"type": "discard", "seat": 0, "card": card, "uno": False} in after["events"]
    assert after["view"]["discard"][-2:] == [card, "WC"] and after["view"]["color"] == "Y"
    assert len(after["view"]["hand"]) == 6 and after["to_act"] == 1
    assert after["view"]["hand_sizes"] == [6, 6]
    top = by_id(ben, "discard").get_attribute("aria-label")
    assert top == "Discard pile: Wild Customizable, choosing yellow", "the top card stays"
    story_has(ana, f"You discard {card_words(ana, card)} beneath the top card (6 cards left).")
    story_has(ben, f"Ana discards {card_words(ben, card)} beneath the top card (6 cards left).")

    # Ben is asked last: he declines with the D key, and Ana's turn comes.
    status_is(ben, ASKED)
    assert by_id(ben, "decline").is_visible()
    ben.keyboard.press("d")
    story_has(ana, "Ben declines to discard.")
    story_has(ben, "You decline to discard.")
    wait_my_turn(ana)
    final = pages.latest_state(ana)
    assert final["view"]["phase"] == "await_turn" and final["to_act"] == 0
    assert status(ana).startswith("Your turn")
    assert by_id(ana, "decline").count() == 0
    screenshot(ben, "discard-round-after")


def test_s5_a_discard_leaving_one_card_calls_uno_by_keyboard(
    pages: Pages, server: SeededServer
) -> None:
    # Two cards each: Ben's Wild Customizable leaves him one (he may not discard his last card,
    # so he is passed over); Ana's discard leaves her one, and the page calls Uno with it.
    ana, ben = two_people(pages, server, {**CARE_A_LOT, "hand_size": 2})
    play_wild_customizable(ben)
    status_is(ana, f"{ASKED} A discard leaves you one card: Shift+Enter plays it with an Uno call.")
    asked = pages.latest_state(ana)
    assert any(code.endswith("!") for code in asked["legal"] if code.startswith("discard "))

    sent = len(pages.sent_of(ana, "action"))
    ana.keyboard.press("h")  # into the hand, onto its first card
    focused = ana.evaluate("() => document.activeElement.dataset.testid")
    card = str(focused).split("-")[1]
    ana.keyboard.press("Enter")
    after = pages.state_after(ana, asked["ply"])
    assert [m["code"] for m in pages.sent_of(ana, "action")[sent:]] == [f"discard {card}!"]
    assert {"type": "discard", "seat": 0, "card": card, "uno": True} in after["events"]
    assert after["view"]["exposed"] is None and after["view"]["hand_sizes"] == [1, 1]
    story_has(
        ana, f"You discard {card_words(ana, card)} beneath the top card (1 card left) and call Uno!"
    )
    # Ben holds one card: the round is over and Ana's own turn follows his card.
    wait_my_turn(ana)
    assert after["view"]["phase"] == "await_turn" and after["to_act"] == 0
    assert status(ana).startswith("Your turn")
    assert by_id(ben, "decline").count() == 0


def test_s9_codes_read_as_discards(pages: Pages, server: SeededServer) -> None:
    """The page reads a discard round's codes from `legal`; its words come from the server."""
    page = pages.open(server.url + "/")
    result: dict[str, Any] = page.evaluate(
        """async () => {
          const { Legal } = await import('/static/js/actions.js');
          const legal = new Legal(['catch 1', 'discard R5', 'discard R5!', 'discard W',
                                   'discard W!', 'decline']);
          return {
            discards: [...legal.discards.keys()],
            plays: legal.plays.size,
            words: [...legal.words],
            others: legal.others,
            withUno: legal.discardCode('R5'),
            withoutUno: legal.discardCode('R5', { uno: false }),
            notOffered: legal.discardCode('G1'),
          };
        }"""
    )
    assert result["discards"] == ["R5", "W"] and result["plays"] == 0
    assert result["words"] == ["decline"] and result["others"] == []
    assert (result["withUno"], result["withoutUno"]) == ("discard R5!", "discard R5")
    assert result["notOffered"] is None


def test_s9_the_lobby_offers_the_discard_round_as_a_house_rule(
    pages: Pages, server: SeededServer
) -> None:
    page = pages.open(server.url + "/")
    by_id(page, "seat-kind-1").wait_for()
    page.wait_for_function("() => document.querySelector('#preset').options.length > 1")
    page.locator("#create-form details.house-rules summary").click()
    effect = page.locator("#create-form [data-testid=option-custom_wild_effect]")
    label = effect.locator("option[value='\"all_discard_one\"']").inner_text()
    assert label == choice_label("custom_wild_effect", "all_discard_one")  # lastcard.words
    by_id(page, "player-name").fill("Ana")
    page.locator("#create-form [data-testid=option-deck]").select_option('"2018"')
    effect.select_option('"all_discard_one"')
    assert page.locator("#preset").input_value() == "custom"
    by_id(page, "create").click()
    by_id(page, "waiting").wait_for()
    summary = by_id(page, "rules-summary")
    summary.get_by_text(f"Wild Customizable {label}").wait_for()
    tables = [m["table"] for m in pages.received_of(page, "welcome")]
    rules = [*tables, *pages.received_of(page, "table")][-1]["settings"]["rules"]
    assert (rules["deck"], rules["custom_wild_effect"]) == ("2018", "all_discard_one")


# -- the fair-dealing proof and autopilot ---------------------------------------------------------

CODE, GAME, CLIENT_SEEDS = "DSCRD2", "g1", ("0123456789abcdef0123456789abcdef",)


@dataclasses.dataclass(frozen=True)
class FairGame:
    bundle: dict[str, Any]  # the proof (§6), as the server serves it
    discarded: list[str]  # the cards discarded in the round, in order


def fair_game_with_a_discard_round() -> FairGame:
    """A game dealt as the server deals, from a server seed found by search: a discard round
    where both seats discard, then draws until the discards are reshuffled."""
    rules = Rules.from_dict(CARE_A_LOT)
    for n in range(20_000):
        server_seed = n.to_bytes(32, "big")
        seed = game_seed(server_seed, CODE, GAME, CLIENT_SEEDS)
        table = Table([None, None], rules, seed=seed, generator="secure")
        state = table.state
        if state.phase is Phase.AWAIT_TURN and any(
            a.code == "WC:y" for a in table.actions(state.to_act or 0)
        ):
            break
    else:
        raise AssertionError("no server seed in 20 000 deals a playable Wild Customizable first")
    player = table.state.to_act
    assert player is not None
    table.submit(player, "WC:y", table.ply)
    discarded: list[str] = []
    for asked in (1 - player, player):  # the other seat is asked first, the card's player last
        discard = next(a for a in table.actions(asked) if a.kind is ActionKind.DISCARD)
        assert discard.card is not None
        table.submit(asked, discard, table.ply)
        discarded.append(discard.card.code)
    # Then draw whenever allowed (keeping what is drawn) until the stock runs out.
    preferred = (ActionKind.DRAW, ActionKind.KEEP, ActionKind.DECLINE, ActionKind.ACCEPT)
    reshuffled = False
    while not reshuffled and table.state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        to_act = table.state.to_act
        assert to_act is not None
        actions = table.actions(to_act)
        kinds = [a.kind for a in actions]
        kind = next((k for k in preferred if k in kinds), actions[0].kind)
        action = next(a for a in actions if a.kind is kind)
        events = table.submit(to_act, action, table.ply).events
        reshuffled = any(event.type == "reshuffle" for event in events)
    assert reshuffled, "the stock ran out within the hand"
    record: GameRecord = table.record()
    digested = dataclasses.replace(record, digest=state_digest(table.state))
    bundle = make_bundle(digested, server_seed, CODE, GAME, list(CLIENT_SEEDS))
    return FairGame(bundle, discarded)


@pytest.fixture(scope="module", name="fair_game")
def fair_game_fixture() -> FairGame:
    return fair_game_with_a_discard_round()


def verify_in_browser(page: Page, bundle: dict[str, Any]) -> dict[str, Any]:
    """The verdict of the verify page's checker (static/js/fair/verify.js) on `bundle`."""
    text = json.dumps(bundle)
    report: dict[str, Any] = page.evaluate(
        "async (text) => (await import('/static/js/fair/verify.js')).verifyBundle(text)", text
    )
    return report


def test_s6_the_proof_follows_discards_beneath_the_top_card(
    pages: Pages, server: SeededServer, fair_game: FairGame
) -> None:
    bundle = fair_game.bundle
    steps = bundle["fairness"]["transcript"]
    discards = [step for step in steps if step["op"] == "discard"]
    assert [step["card"] for step in discards] == fair_game.discarded
    reshuffle = next(s for s in steps if s["op"] == "shuffle" and s["why"] == "reshuffle")
    assert set(fair_game.discarded) <= set(reshuffle["input"]), "discards go back into the stock"
    assert verify_bundle(bundle).ok, verify_bundle(bundle).to_dict()

    page = pages.open(server.url + "/")
    report = verify_in_browser(page, bundle)
    assert report["ok"], report["checks"]

    # The same discard said to come from the other hand: both checkers see it.
    index = steps.index(discards[0])
    tampered = json.loads(json.dumps(bundle))
    tampered["fairness"]["transcript"][index]["seat"] = 1 - discards[0]["seat"]
    assert not verify_bundle(tampered).ok
    failed = {c["name"] for c in verify_in_browser(page, tampered)["checks"] if not c["ok"]}
    assert "cards" in failed, failed


def test_s7_autopilot_declines_a_discard_round() -> None:
    table = wild_customizable_opening(Rules.from_dict(CARE_A_LOT))
    table.submit(1, "WC:y", table.ply)
    legal = legal_actions(table.state, 0)
    assert any(action.kind is ActionKind.DISCARD for action in legal)
    assert autopilot_choice(legal) == DECLINE
