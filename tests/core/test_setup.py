"""Deck and setup: RULES.md §1.1-1.2, §2 and the edge cases E1-E11 of §9.1.

Positions are dealt by the real engine from a stacked deck (`positions.stacked`), so every test
also exercises the deal itself. Events of a deal are only returned by the `next` action, so the
tests that look at dealer-draw or first-discard events deal a second hand.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

import lastcard
from lastcard import (
    Card,
    Color,
    GameState,
    Kind,
    Phase,
    Rules,
    RulesError,
    Transition,
    apply,
    dealer_draw,
    legal_actions,
    new_game,
)
from positions import (
    cards,
    codes,
    codes_of,
    event_types,
    events_of,
    hand_of,
    rejected,
    sizes,
    stacked,
    stacked_game,
)

# Four 7-card hands of number cards, none red or 5-ranked except where a test says so.
HANDS4 = [
    "Y1 Y2 Y3 Y4 Y6 Y7 Y8",
    "G1 G2 G3 G4 G6 G7 G8",
    "B1 B2 B3 B4 B6 B7 B8",
    "Y1 Y2 Y3 Y4 Y6 Y7 Y8",
]
HANDS2 = HANDS4[:2]


def game4(
    first: str, stock_top: str = "", *, dealer: int = 0, seed: int = 0, **options: object
) -> GameState:
    return stacked_game(
        4, HANDS4, first, stock_top, dealer=dealer, rules=Rules(**options), seed=seed
    )


def game2(
    first: str, stock_top: str = "", *, dealer: int = 0, seed: int = 0, **options: object
) -> GameState:
    return stacked_game(
        2, HANDS2, first, stock_top, dealer=dealer, rules=Rules(**options), seed=seed
    )


def deal_again(state: GameState, *, seed: int | None = None) -> Transition:
    """End the hand (rigged) and deal the next one with `next`, returning its events."""
    rng = state.rng if seed is None else dataclasses.replace(state.rng, seed=seed, counter=0)
    over = dataclasses.replace(state, phase=Phase.HAND_OVER, to_act=None, rng=rng)
    return apply(over, 0, "next")


def wd4_count(state: GameState) -> Counter[str]:
    where: Counter[str] = Counter()
    where["stock"] = state.stock.count(Card.from_code("W+4"))
    where["discard"] = state.discard.count(Card.from_code("W+4"))
    where["hands"] = sum(hand.count(Card.from_code("W+4")) for hand in state.hands)
    return where


# -- E1: the decks (§1.1, §1.2) -----------------------------------------------------------------


def test_e1_classic_deck_has_108_cards_with_exact_counts() -> None:
    deck = Rules().deck_cards()
    assert len(deck) == 108
    numbers = [c for c in deck if c.kind is Kind.NUMBER]
    assert len(numbers) == 76
    ranks = Counter(c.rank for c in numbers)
    assert ranks[0] == 4
    assert all(ranks[r] == 8 for r in range(1, 10))
    assert sum(ranks[r] for r in range(1, 10)) == 72
    kinds = Counter(c.kind for c in deck)
    assert kinds[Kind.SKIP] == kinds[Kind.REVERSE] == kinds[Kind.DRAW_TWO] == 8
    assert sum(1 for c in deck if c.kind.is_action) == 24
    assert kinds[Kind.WILD] == 4
    assert kinds[Kind.WILD_DRAW_FOUR] == 4
    assert sum(1 for c in deck if c.is_wild) == 8
    per_color = Counter(c.color for c in deck if not c.is_wild)
    assert per_color == {color: 25 for color in Color}
    # one zero and two of everything else per colour (§1.1.2)
    counts = Counter(c.code for c in deck)
    for letter in "RYGB":
        assert counts[f"{letter}0"] == 1
        for symbol in [*map(str, range(1, 10)), "S", "R", "+2"]:
            assert counts[f"{letter}{symbol}"] == 2
    assert new_game(4, seed=3).deck_size == 108


def test_e1_2018_deck_has_112_cards_with_one_shuffle_hands_and_three_customizable() -> None:
    deck = Rules(deck="2018").deck_cards()
    assert len(deck) == 112
    kinds = Counter(c.kind for c in deck)
    assert kinds[Kind.WILD_SHUFFLE_HANDS] == 1
    assert kinds[Kind.WILD_CUSTOMIZABLE] == 3
    assert kinds[Kind.WILD] == 4
    assert kinds[Kind.WILD_DRAW_FOUR] == 4
    assert Counter(deck) - Counter(Rules().deck_cards()) == Counter(cards("WSH WC WC WC"))
    # §1.2.2: both new kinds are wild-type and worth 40
    for code in ("WSH", "WC"):
        assert Card.from_code(code).is_wild
        assert Card.from_code(code).points == 40
    state = new_game(3, Rules(deck="2018"), seed=4)
    assert state.deck_size == 112


# -- E2: the dealer draw (§2.1.2, §2.1.3) ---------------------------------------------------------


def test_e2_dealer_draw_skip_counts_zero_and_only_tied_seats_redraw() -> None:
    pile = cards("RS G5 B5 Y3 R2 R9 G1")
    dealer, draws = dealer_draw(pile, [0, 1, 2, 3])
    assert dealer == 2
    # Round 1: everyone draws in seat order; round 2: only seats 1 and 2 (tied on 5).
    assert [(s, c.code) for s, c in draws] == [
        (0, "RS"),
        (1, "G5"),
        (2, "B5"),
        (3, "Y3"),
        (1, "R2"),
        (2, "R9"),
    ]
    assert lastcard.dealer_draw is dealer_draw


def test_e2_dealer_draw_skip_counts_zero_so_a_number_beats_it() -> None:
    dealer, _ = dealer_draw(cards("RS R9 G5 B5 Y3"), [0, 1, 2, 3])
    assert dealer == 1  # the Skip is worth 0, the 9 wins


def test_e2_dealer_draw_redraw_option_makes_the_skip_holder_draw_again() -> None:
    dealer, draws = dealer_draw(cards("RS R9 G5 B5 Y3"), [0, 1, 2, 3], "redraw")
    assert dealer == 0
    assert [(s, c.code) for s, c in draws] == [
        (0, "RS"),
        (0, "R9"),
        (1, "G5"),
        (2, "B5"),
        (3, "Y3"),
    ]
    # The E2 draw [Skip, 5, 5, 3] under "redraw": seat 0 draws again at once and ties at 5 too.
    dealer, draws = dealer_draw(cards("RS G5 B5 Y3 R2 R9 G1"), [0, 1, 2, 3], "redraw")
    assert [(s, c.code) for s, c in draws] == [
        (0, "RS"),
        (0, "G5"),
        (1, "B5"),
        (2, "Y3"),
        (3, "R2"),
        (0, "R9"),
        (1, "G1"),
    ]
    assert dealer == 0


def test_e2_new_game_dealer_draw_event_follows_the_rule() -> None:
    for option in ("zero", "redraw"):
        state = new_game(4, Rules(dealer_draw_non_number=option), seed=11)
        for seed in range(5):
            transition = deal_again(state, seed=seed)
            (event,) = events_of(transition, "dealer_draw")
            drawn = [Card.from_code(code) for _, code in event["draws"]]
            dealer, draws = dealer_draw(drawn, [0, 1, 2, 3], option)
            assert [[s, c.code] for s, c in draws] == event["draws"]
            assert event["dealer"] == dealer == transition.state.dealer
            # §2.1.4: the drawn cards went back; the deal uses the full deck
            assert transition.state.deck_size == 108
            (deal,) = events_of(transition, "deal")
            assert (deal["dealer"], deal["sizes"]) == (dealer, [7, 7, 7, 7])
            assert event_types(transition)[:2] == ["dealer_draw", "deal"]


# -- E3: the deal (§2.2) ------------------------------------------------------------------------


def test_e3_deal_with_dealer_seat_2_of_4_starts_at_seat_3() -> None:
    order = [f"{c}{r}" for r in range(1, 8) for c in "RYGB"]  # 28 distinct number cards
    deck = [*order, "G9", "B9", "Y9"]
    state = new_game(4, seed=5, dealer=2, deck=deck)
    assert state.dealer == 2
    assert sizes(state) == [7, 7, 7, 7]
    # one card at a time: seat 3, seat 0, seat 1, seat 2, seat 3, ...
    for seat, offset in ((3, 0), (0, 1), (1, 2), (2, 3)):
        assert hand_of(state, seat) == order[offset::4]
    assert codes_of(state.discard) == ["G9"]
    assert state.first_discard is Card.from_code("G9")
    assert len(state.stock) == 79
    assert codes_of(state.stock[-2:]) == ["Y9", "B9"]  # the stock's top is its last card
    assert state.deck_size == 108
    assert (state.phase, state.turn, state.to_act) == (Phase.AWAIT_TURN, 3, 3)


# -- E4: a Wild Draw Four turned first (§2.4) -----------------------------------------------------


# The 24 coloured action cards and the 4 Wilds, as four hands: the stock is then numbers + WD4s.
ACTION_HANDS = [
    "RS RS RR RR R+2 R+2 W",
    "YS YS YR YR Y+2 Y+2 W",
    "GS GS GR GR G+2 G+2 W",
    "BS BS BR BR B+2 B+2 W",
]


@pytest.mark.parametrize("seed", range(8))
def test_e4_wd4_first_discard_is_returned_reshuffled_and_replaced(seed: int) -> None:
    state = stacked_game(4, ACTION_HANDS, "W+4", "W+4 R5", seed=seed)
    assert len(state.discard) == 1
    assert state.top.kind is Kind.NUMBER  # only numbers and WD4s were left to turn
    assert state.first_discard is state.top
    assert state.color is state.top.color
    assert len(state.stock) == 79
    assert state.deck_size == 108
    assert wd4_count(state) == Counter(stock=4)  # every WD4 went back into the stock
    # nobody drew: every hand is exactly as dealt
    assert [hand_of(state, s) for s in range(4)] == [codes(h) for h in ACTION_HANDS]
    assert (state.phase, state.turn, state.to_act, state.direction) == (Phase.AWAIT_TURN, 1, 1, 1)
    assert state.challenge is None
    assert state.pending_draw == 0
    assert state.top_player is None
    assert state.exposed is None


def test_e4_wd4_first_discard_reshuffles_the_stock() -> None:
    # With "reshuffle" the stock is shuffled, so its order differs from the "bottom" result.
    reshuffled = [
        stacked_game(4, ACTION_HANDS, "W+4", "R5 G9 B9 Y9", seed=seed).stock for seed in range(4)
    ]
    bottom = stacked_game(4, ACTION_HANDS, "W+4", "R5 G9 B9 Y9", rules=Rules(first_wd4="bottom"))
    assert bottom.top is Card.from_code("R5")
    assert codes_of(bottom.stock[-3:]) == ["Y9", "B9", "G9"]
    assert all(stock != bottom.stock for stock in reshuffled)
    assert len(set(reshuffled)) == 4


def test_e4_wd4_first_discard_events_and_a_second_wd4_in_a_row() -> None:
    state = new_game(4, Rules(dealer_each_hand="rotate"), seed=0, dealer=0)
    for seed in range(5000):
        transition = deal_again(state, seed=seed)
        types = event_types(transition)
        if types.count("first_discard_returned") >= 2:
            break
    else:
        pytest.fail("no deal turned two Wild Draw Fours in a row")
    returned = events_of(transition, "first_discard_returned")
    assert [e["card"] for e in returned] == ["W+4"] * len(returned)
    start = types.index("first_discard_returned")
    assert types[start : start + len(returned) + 1] == [
        *["first_discard_returned"] * len(returned),
        "first_discard",
    ]
    (first,) = events_of(transition, "first_discard")
    new = transition.state
    assert first["card"] == new.top.code != "W+4"
    assert "draw" not in types
    assert len(new.stock) == 79
    assert sizes(new) == [7, 7, 7, 7]
    assert new.challenge is None


@pytest.mark.parametrize("seed", range(10))
def test_e4_second_wd4_in_a_row_is_also_sent_back(seed: int) -> None:
    # 7 hands of 15 take 105 cards; only W+4, W+4, R5 remain, in that order from the top.
    rest = Counter(Rules().deck_cards()) - Counter(cards("W+4 W+4 R5"))
    pool = sorted(rest.elements(), key=lambda c: c.sort_key)
    hands = [codes_of(pool[i::7]) for i in range(7)]
    rules = Rules(hand_size=15)
    state = stacked_game(7, hands, "W+4", "W+4 R5", rules=rules, seed=seed)
    assert codes_of(state.discard) == ["R5"]
    assert codes_of(state.stock) == ["W+4", "W+4"]
    assert (state.phase, state.turn) == (Phase.AWAIT_TURN, 1)


def test_e4_first_wd4_bottom_option_puts_it_under_the_stock() -> None:
    state = game4("W+4", "W+4 R5 G9", first_wd4="bottom")
    assert codes_of(state.discard) == ["R5"]
    assert codes_of(state.stock[:2]) == ["W+4", "W+4"]  # the bottom of the stock
    assert state.stock[-1] is Card.from_code("G9")  # the rest of the stock is untouched
    assert len(state.stock) == 79
    assert (state.phase, state.turn, state.color) == (Phase.AWAIT_TURN, 1, Color.RED)


def test_e4_nothing_is_challengeable_after_a_wd4_first_discard() -> None:
    state = game4("W+4", "R5", first_wd4="bottom")
    assert state.top is Card.from_code("R5")
    assert state.challenge is None
    for seat in range(4):
        assert "challenge" not in [a.code for a in legal_actions(state, seat)]
        rejected(state, seat, "challenge", "NOT_THE_CHALLENGER")
        rejected(state, seat, "accept", "NOTHING_TO_ACCEPT")


def test_rule_2_4_1_stock_with_only_redraw_cards_is_a_configuration_error() -> None:
    # 10 hands of 10 hold all 100 coloured cards; the stock is the 4 Wilds and 4 WD4s.
    colored = sorted((c for c in Rules().deck_cards() if not c.is_wild), key=lambda c: c.sort_key)
    hands = [codes_of(colored[i::10]) for i in range(10)]
    redraw = Rules(hand_size=10, first_wild="redraw")
    with pytest.raises(RulesError):
        stacked_game(10, hands, "W+4", "W W+4 W", rules=redraw)
    with pytest.raises(RulesError):
        stacked_game(10, hands, "W", "W+4", rules=redraw.changed(first_wd4="bottom"))
    # With the default first_wild the same deck starts with a Wild (after the WD4 went back).
    state = stacked_game(10, hands, "W+4", "W", rules=Rules(hand_size=10, first_wd4="bottom"))
    assert state.top is Card.from_code("W")
    assert state.phase is Phase.AWAIT_FIRST_COLOR


# -- E5: a Wild turned first (§2.4) ---------------------------------------------------------------


def test_e5_wild_first_discard_first_player_declares_then_plays() -> None:
    state = game4("W", "R5")
    assert state.phase is Phase.AWAIT_FIRST_COLOR
    assert (state.to_act, state.turn) == (1, 1)
    assert state.color is None
    assert state.top_player is None
    assert [a.code for a in legal_actions(state, 1)] == ["color r", "color y", "color g", "color b"]
    assert legal_actions(state, 0) == ()
    rejected(state, 0, "color g", "NOT_YOUR_TURN")  # the dealer may not declare (default)
    rejected(state, 2, "color g", "NOT_YOUR_TURN")
    rejected(state, 1, "G1", "RESPONSE_REQUIRED")  # the colour comes first
    rejected(state, 1, "draw", "RESPONSE_REQUIRED")
    rejected(state, 2, "B1", "NOT_YOUR_TURN")
    after = apply(state, 1, "color g")
    assert event_types(after) == ["color"]
    assert events_of(after, "color") == [{"type": "color", "seat": 1, "color": "g"}]
    state = after.state
    assert (state.phase, state.turn, state.to_act, state.color) == (
        Phase.AWAIT_TURN,
        1,
        1,
        Color.GREEN,
    )
    assert sizes(state) == [7, 7, 7, 7]
    rejected(state, 1, "color b", "UNEXPECTED_COLOUR")  # declared once only
    rejected(state, 0, "Y1", "NOT_YOUR_TURN")
    played = apply(state, 1, "G4").state
    assert played.top is Card.from_code("G4")
    assert (played.turn, played.color) == (2, Color.GREEN)


def test_e5_wild_first_discard_dealer_chooses_option() -> None:
    state = game4("W", first_wild="dealer_chooses")
    assert state.phase is Phase.AWAIT_FIRST_COLOR
    assert (state.to_act, state.turn) == (0, 1)
    rejected(state, 1, "color r", "NOT_YOUR_TURN")
    rejected(state, 1, "G1", "NOT_YOUR_TURN")
    state = apply(state, 0, "color b").state
    assert (state.phase, state.turn, state.to_act, state.color) == (
        Phase.AWAIT_TURN,
        1,
        1,
        Color.BLUE,
    )


def test_e5_wild_first_discard_redraw_option_returns_it() -> None:
    state = game4("W", "R5", first_wild="redraw", first_wd4="bottom")
    assert codes_of(state.discard) == ["R5"]
    assert state.stock[0] is Card.from_code("W")
    assert len(state.stock) == 79
    assert (state.phase, state.turn) == (Phase.AWAIT_TURN, 1)


# -- E6, E7: a Skip turned first ------------------------------------------------------------------


def test_e6_skip_first_with_4_players_skips_seat_1() -> None:
    state = game4("RS", "Y9")
    assert (state.phase, state.turn, state.to_act, state.direction) == (Phase.AWAIT_TURN, 2, 2, 1)
    assert sizes(state) == [7, 7, 7, 7]
    rejected(state, 1, "G1", "NOT_YOUR_TURN")
    rejected(state, 1, "draw", "NOT_YOUR_TURN")
    assert apply(state, 2, "draw").state.turn == 3  # drew the unplayable Y9; clockwise on


def test_e6_skip_first_wraps_around_the_table() -> None:
    state = game4("RS", dealer=3)
    assert state.turn == 1  # seat 0 (the dealer's left) is skipped


def test_e7_skip_first_with_2_players_the_dealer_starts() -> None:
    for dealer in (0, 1):
        state = game2("GS", dealer=dealer)
        assert (state.phase, state.turn, state.to_act) == (Phase.AWAIT_TURN, dealer, dealer)
        assert sizes(state) == [7, 7]
        rejected(state, 1 - dealer, "draw", "NOT_YOUR_TURN")


# -- E8, E9: a Reverse turned first ---------------------------------------------------------------


def test_e8_reverse_first_with_4_players_dealer_right_starts_counter_clockwise() -> None:
    state = game4("RR", "Y9")
    assert (state.phase, state.turn, state.to_act, state.direction) == (Phase.AWAIT_TURN, 3, 3, -1)
    rejected(state, 1, "draw", "NOT_YOUR_TURN")
    assert apply(state, 3, "draw").state.turn == 2  # drew the unplayable Y9; counter-clockwise


def test_e8_reverse_first_dealer_starts_option() -> None:
    state = game4("RR", "Y9", first_reverse="dealer_starts")
    assert (state.phase, state.turn, state.to_act, state.direction) == (Phase.AWAIT_TURN, 0, 0, -1)
    rejected(state, 1, "draw", "NOT_YOUR_TURN")
    rejected(state, 3, "draw", "NOT_YOUR_TURN")
    assert apply(state, 0, "draw").state.turn == 3


@pytest.mark.parametrize("first_reverse", ["dealer_right", "dealer_starts"])
@pytest.mark.parametrize("dealer", [0, 1])
def test_e9_reverse_first_with_2_players_the_dealer_starts(first_reverse: str, dealer: int) -> None:
    state = game2("BR", dealer=dealer, first_reverse=first_reverse)
    assert (state.phase, state.turn, state.to_act) == (Phase.AWAIT_TURN, dealer, dealer)
    assert sizes(state) == [7, 7]
    rejected(state, 1 - dealer, "draw", "NOT_YOUR_TURN")


@pytest.mark.parametrize("first_reverse", ["dealer_right", "dealer_starts"])
@pytest.mark.parametrize("dealer", [0, 1])
def test_rule_2_4_reverse_first_with_2_players_without_two_player_rules_the_other_starts(
    first_reverse: str, dealer: int
) -> None:
    """§2.4, §3.9.5: with `two_player_rules = False` a first Reverse only turns the direction;
    the non-dealer starts."""
    state = game2("BR", dealer=dealer, first_reverse=first_reverse, two_player_rules=False)
    other = 1 - dealer
    assert (state.phase, state.turn, state.to_act) == (Phase.AWAIT_TURN, other, other)
    assert state.direction == -1
    rejected(state, dealer, "draw", "NOT_YOUR_TURN")


# -- E10: a Draw Two turned first -----------------------------------------------------------------


def test_e10_draw_two_first_seat_1_draws_2_and_is_skipped() -> None:
    state = game4("R+2", "Y9 G9 B9")
    assert sizes(state) == [7, 9, 7, 7]
    assert hand_of(state, 1) == [*codes(HANDS4[1]), "Y9", "G9"]
    assert (state.phase, state.turn, state.to_act) == (Phase.AWAIT_TURN, 2, 2)
    assert state.drawn is None  # a penalty draw gives no draw-then-play (§3.5.6)
    assert state.pending_draw == 0
    assert len(state.stock) == 77
    assert state.stock[-1] is Card.from_code("B9")
    rejected(state, 1, "draw", "NOT_YOUR_TURN")


def test_e10_draw_two_first_with_2_players_the_dealer_starts() -> None:
    state = game2("G+2", "Y9 R9")
    assert sizes(state) == [7, 9]
    assert (state.phase, state.turn) == (Phase.AWAIT_TURN, 0)


def test_e10_draw_two_first_with_stacking_seat_1_may_stack() -> None:
    hands = [*HANDS4]
    hands[1] = "B+2 G2 G3 G4 G6 G7 G8"
    rules = Rules(stacking="same")
    state = stacked_game(4, hands, "R+2", "Y9 G9 B9 R9 R8", rules=rules)
    assert state.phase is Phase.AWAIT_STACK_RESPONSE
    assert (state.to_act, state.turn, state.pending_draw) == (1, 1, 2)
    assert sizes(state) == [7, 7, 7, 7]
    assert "B+2" in [a.code for a in legal_actions(state, 1)]
    rejected(state, 1, "G2", "RESPONSE_REQUIRED")
    rejected(state, 2, "B1", "NOT_YOUR_TURN")
    stacked_on = apply(state, 1, "B+2")
    assert event_types(stacked_on) == ["play"]
    state = stacked_on.state
    assert state.phase is Phase.AWAIT_STACK_RESPONSE
    assert (state.to_act, state.pending_draw) == (2, 4)
    assert state.top is Card.from_code("B+2")
    accepted = apply(state, 2, "accept").state
    assert sizes(accepted) == [7, 6, 11, 7]
    assert (accepted.phase, accepted.turn, accepted.pending_draw) == (Phase.AWAIT_TURN, 3, 0)


def test_e10_draw_two_first_with_stacking_seat_1_may_accept() -> None:
    state = game4("R+2", "Y9 G9", stacking="same")
    state = apply(state, 1, "accept").state
    assert sizes(state) == [7, 9, 7, 7]
    assert (state.phase, state.turn, state.pending_draw) == (Phase.AWAIT_TURN, 2, 0)


# -- E11: 2018 wilds turned first -----------------------------------------------------------------


def test_e11_shuffle_hands_first_discard_acts_as_a_plain_wild() -> None:
    state = game4("WSH", deck="2018")
    assert state.top is Card.from_code("WSH")
    assert state.phase is Phase.AWAIT_FIRST_COLOR
    assert (state.to_act, state.turn) == (1, 1)
    assert [hand_of(state, s) for s in range(4)] == [codes(h) for h in HANDS4]  # no re-deal
    transition = apply(state, 1, "color y")
    assert event_types(transition) == ["color"]
    state = transition.state
    assert [hand_of(state, s) for s in range(4)] == [codes(h) for h in HANDS4]
    assert (state.phase, state.turn, state.color) == (Phase.AWAIT_TURN, 1, Color.YELLOW)
    rejected(state, 1, "G1", "CARD_DOES_NOT_MATCH")


@pytest.mark.parametrize("effect", ["next_draws:4", "skip", "shuffle_hands", "others_draw:2"])
def test_e11_customizable_first_discard_acts_as_a_plain_wild(effect: str) -> None:
    state = game4("WC", deck="2018", custom_wild_effect=effect)
    assert state.phase is Phase.AWAIT_FIRST_COLOR
    assert (state.to_act, state.turn) == (1, 1)
    state = apply(state, 1, "color r").state
    assert [hand_of(state, s) for s in range(4)] == [codes(h) for h in HANDS4]
    assert (state.phase, state.turn, state.color) == (Phase.AWAIT_TURN, 1, Color.RED)


# -- other rules of §2 --------------------------------------------------------------------------


def test_rule_1_5_1_two_to_ten_players() -> None:
    for players in (1, 11, 0):
        with pytest.raises(RulesError):
            new_game(players, seed=1)
    for players in (2, 10):
        assert new_game(players, seed=1).players == players


def test_rule_2_1_1_dealer_draw_goes_in_seat_order_from_seat_0() -> None:
    dealer, draws = dealer_draw(cards("R2 G9 B4"), [0, 1, 2])
    assert dealer == 1
    assert [(s, c.code) for s, c in draws] == [(0, "R2"), (1, "G9"), (2, "B4")]


def test_rule_2_1_2_wild_cards_count_zero_in_the_dealer_draw() -> None:
    # A Wild (worth 50 in scoring) ties with a 0 and loses to a 1.
    dealer, draws = dealer_draw(cards("W R0 G1"), [0, 1, 2])
    assert dealer == 2
    dealer, draws = dealer_draw(cards("W+4 R0 G+2 B0 Y7 G2"), [0, 1, 2])
    # all three are worth 0, so all three draw again
    assert [(s, c.code) for s, c in draws][3:] == [(0, "B0"), (1, "Y7"), (2, "G2")]
    assert dealer == 1


def test_rule_2_1_3_ties_repeat_until_one_seat_is_highest() -> None:
    dealer, draws = dealer_draw(cards("R5 G5 B5 Y3 R7 G7 B2 Y1 R9"), [0, 1, 2, 3])
    assert dealer == 1
    assert [s for s, _ in draws] == [0, 1, 2, 3, 0, 1, 2, 0, 1]


def test_rule_2_1_3_cards_run_out_lowest_tied_seat_deals() -> None:
    # seats 1 and 2 tie; no card is left, so seat 1 (not seat 0) deals
    dealer, draws = dealer_draw(cards("R3 G5 B5"), [0, 1, 2])
    assert dealer == 1
    assert len(draws) == 3
    dealer, _ = dealer_draw(cards("R3 G5 B5 Y2"), [0, 1, 2])
    assert dealer == 1


def test_rule_2_1_5_dealer_is_drawn_again_for_each_hand_by_default() -> None:
    state = new_game(4, seed=2, dealer=3)
    assert state.dealer == 3
    transition = deal_again(state)
    assert event_types(transition)[:2] == ["dealer_draw", "deal"]
    assert transition.state.hand_number == 2
    (event,) = events_of(transition, "dealer_draw")
    assert transition.state.dealer == event["dealer"]


def test_rule_2_1_5_rotate_passes_the_deal_one_seat_left_each_hand() -> None:
    rules = Rules(hand_size=1, dealer_each_hand="rotate")
    # dealer 2 of 3: seat 0 is first and goes out at once
    state = stacked_game(3, ["R5", "G3", "Y2"], "R1", dealer=2, rules=rules)
    assert state.turn == 0
    over = apply(state, 0, "R5").state
    assert over.phase is Phase.HAND_OVER
    rejected(over, 1, "draw", "HAND_IS_OVER")
    dealers = []
    for _ in range(4):
        transition = apply(over, 1, "next")
        assert "dealer_draw" not in event_types(transition)
        over = dataclasses.replace(transition.state, phase=Phase.HAND_OVER, to_act=None)
        dealers.append(transition.state.dealer)
    assert dealers == [0, 1, 2, 0]


def test_rule_2_3_2_every_hand_starts_clockwise() -> None:
    # §0.2: a hand that ended counter-clockwise does not carry its direction into the next one
    state = game4("RR", "Y9", dealer_each_hand="rotate")
    assert state.direction == -1
    for seed in range(20):
        dealt = deal_again(state, seed=seed).state
        assert dealt.hand_number == 2
        assert dealt.dealer == 1
        expected = -1 if dealt.first_discard.kind is Kind.REVERSE else 1
        assert dealt.direction == expected


def test_rule_2_1_5_an_explicit_dealer_must_be_a_seat() -> None:
    for dealer in (-1, 4, 7):
        with pytest.raises(RulesError):
            new_game(4, seed=1, dealer=dealer)
    for dealer in range(4):
        state = new_game(4, seed=1, dealer=dealer)
        assert state.dealer == dealer
        assert state.hand_number == 1


def test_rule_2_2_1_hand_size_option_and_one_card_at_a_time() -> None:
    rules = Rules(hand_size=3)
    hands = ["R1 R2 R3", "Y1 Y2 Y3", "G1 G2 G3", "B1 B2 B3", "R4 R6 R7"]
    deck = stacked(5, hands, "B9", "Y9", dealer=4, rules=rules)
    # dealt from the dealer's left (seat 0), one card to each seat per round
    assert deck[:5] == ["R1", "Y1", "G1", "B1", "R4"]
    state = new_game(5, rules, seed=8, dealer=4, deck=deck)
    assert [hand_of(state, s) for s in range(5)] == [codes(h) for h in hands]
    assert sizes(state) == [3] * 5
    assert len(state.stock) == 108 - 15 - 1
    assert state.turn == 0


def test_rule_2_2_2_the_rest_of_the_deck_is_the_stock() -> None:
    state = game4("R5", "Y9 G9 B9")
    assert len(state.stock) == 108 - 28 - 1
    assert state.deck_size == 108
    assert Counter(state.stock) + Counter(state.discard) + sum(
        (Counter(hand) for hand in state.hands), Counter()
    ) == Counter(Rules().deck_cards())
    assert codes_of(state.stock[-3:]) == ["B9", "G9", "Y9"]  # Y9 is drawn first
    state = apply(state, 1, "draw").state
    assert hand_of(state, 1)[-1] == "Y9"


def test_rule_2_3_1_first_discard_is_the_top_card_of_the_stock() -> None:
    state = game4("G5", "Y9")
    assert codes_of(state.discard) == ["G5"]
    assert state.first_discard is Card.from_code("G5")
    assert state.color is Color.GREEN
    assert state.top_player is None


def test_rule_2_3_2_number_first_discard_dealer_left_starts_and_must_match_it() -> None:
    hands = [*HANDS4]
    hands[1] = "R1 B5 G3 G4 G6 G7 G8"
    state = stacked_game(4, hands, "Y5", dealer=0)
    assert (state.phase, state.turn, state.to_act, state.direction) == (Phase.AWAIT_TURN, 1, 1, 1)
    rejected(state, 1, "R1", "CARD_DOES_NOT_MATCH")
    rejected(state, 0, "Y1", "NOT_YOUR_TURN")
    state = apply(state, 1, "B5").state  # matches by rank
    assert (state.turn, state.color) == (2, Color.BLUE)
    state = apply(state, 2, "B1").state
    assert state.turn == 3


def test_rule_2_3_3_first_discard_creates_no_uno_obligation_or_challenge() -> None:
    state = game4("B+2", "Y9 G9")
    assert state.top_player is None
    assert state.exposed is None
    assert not state.uncaught
    assert state.challenge is None
    for seat in range(4):
        rejected(state, seat, "uno", "NOTHING_TO_CALL")
        rejected(state, seat, f"catch {(seat + 1) % 4}", "CATCH_INVALID")
        rejected(state, seat, "challenge", "NOT_THE_CHALLENGER")


def test_rule_2_3_3_jump_in_on_the_first_discard_is_allowed_with_jump_in() -> None:
    hands = [*HANDS4]
    hands[3] = "R5 Y2 Y3 Y4 Y6 Y7 Y8"
    state = stacked_game(4, hands, "R5", rules=Rules(jump_in=True))
    transition = apply(state, 3, "R5")
    assert [e["jump_in"] for e in events_of(transition, "play")] == [True]
    assert transition.state.turn == 0
    # without jump-in the same play is out of turn
    state = stacked_game(4, hands, "R5")
    rejected(state, 3, "R5", "NOT_YOUR_TURN")


def test_rule_2_4_reverse_first_with_3_players_dealer_right_starts() -> None:
    state = stacked_game(3, HANDS4[:3], "YR", dealer=1)
    assert (state.turn, state.direction) == (0, -1)


def test_rule_2_4_wild_downpour_first_discard_is_returned_like_a_wd4() -> None:
    rules = Rules(wild_downpour={"draw1": 2, "draw2": 2}, first_wd4="bottom")
    state = stacked_game(4, HANDS4, "WD2", "WD1 G5", rules=rules)
    assert codes_of(state.discard) == ["G5"]
    assert codes_of(state.stock[:2]) == ["WD1", "WD2"]
    assert sizes(state) == [7, 7, 7, 7]
    assert len(state.stock) == 112 - 28 - 1
    assert (state.phase, state.turn) == (Phase.AWAIT_TURN, 1)


def test_deck_option_rejects_more_copies_than_the_deck_holds() -> None:
    for deck in (["W+4"] * 5, ["R0", "R0"], ["R5", "G1", "R5", "R5"], ["WSH"], ["WC"]):
        with pytest.raises(ValueError):
            new_game(2, seed=1, dealer=0, deck=deck)
    with pytest.raises(ValueError):
        new_game(2, seed=1, dealer=0, deck=["X9"])
    # as many copies as the deck holds are fine
    state = new_game(2, seed=1, dealer=0, deck=["W+4"] * 4 + ["R5", "R5"])
    assert hand_of(state, 1)[:2] == ["W+4", "W+4"]
    assert new_game(2, Rules(deck="2018"), seed=1, dealer=0, deck=["WSH"]).deck_size == 112


def test_deck_option_listing_the_whole_deck_fixes_every_card() -> None:
    full = [c.code for c in Rules().deck_cards()]
    state = new_game(2, seed=1, dealer=1, deck=full)
    assert hand_of(state, 0) == full[0:14:2]
    assert hand_of(state, 1) == full[1:14:2]
    assert state.top is Card.from_code(full[14])
    assert codes_of(reversed(state.stock)) == full[15:]


def test_helper_stacked_validates_hands() -> None:
    with pytest.raises(ValueError):
        stacked(2, ["R1"], "G5")
    with pytest.raises(ValueError):
        stacked(2, ["R1 R2", "B1"], "G5", rules=Rules(hand_size=2))
