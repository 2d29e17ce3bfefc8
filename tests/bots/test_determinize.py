"""Determinization: sampled states agree with everything the seat can see and knows."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence

import pytest

import lastcard
from lastcard import (
    Action,
    Card,
    Event,
    GameState,
    Phase,
    PlayerView,
    Rules,
    apply,
    legal_actions,
    player_view,
)
from lastcard.bots.determinize import (
    DeterminizationError,
    Knowledge,
    Void,
    determinize,
    unseen_cards,
)
from lastcard.core.matching import is_wd4_legal, matches
from lastcard.core.offers import out_of_turn_actions


def cards(codes: str) -> list[Card]:
    return [Card.from_code(code) for code in codes.split()]


def check_sample(state: GameState, seat: int, sample: GameState) -> None:
    """`sample` is a state `seat` cannot tell from `state`, and a whole deck."""
    assert sample.deck_size == len(state.rules.deck_cards())
    assert Counter(
        [*sample.stock, *sample.discard, *(c for hand in sample.hands for c in hand)]
    ) == Counter(state.rules.deck_cards())
    assert player_view(sample, seat) == player_view(state, seat)
    assert legal_actions(sample, seat) == legal_actions(state, seat)
    if sample.challenge is not None:
        assert state.challenge is not None
        player = sample.challenge.player
        assert player == state.challenge.player == state.top_player
        assert sample.challenge.color is state.challenge.color
        assert sample.challenge.legal == is_wd4_legal(sample.hands[player], state.challenge.color)
    if sample.phase is Phase.AFTER_DRAW:
        assert sample.drawn is not None and sample.drawn in sample.hands[sample.turn]
        assert state.color is not None and matches(sample.drawn, state.top, state.color)


def play_and_check(rules: Rules, players: int, seed: int, max_actions: int = 400) -> set[Phase]:
    """Random play; at every step every seat's view is determinized and checked."""
    state = lastcard.new_game(players, rules, seed=seed)
    rng = random.Random(seed)
    phases: set[Phase] = set()
    for _ in range(max_actions):
        if state.is_over:
            break
        if state.phase is Phase.HAND_OVER:
            state = apply(state, 0, "next").state
            continue
        phases.add(state.phase)
        for seat in range(players):
            if state.active[seat]:
                sample = determinize(player_view(state, seat), rng)
                check_sample(state, seat, sample)
        seat = state.to_act
        assert seat is not None
        # Out-of-turn offers sometimes, so that exposed seats and jump-ins occur.
        for other in range(players):
            offer = out_of_turn_actions(state, other)
            if offer and rng.random() < 0.5:
                seat = other
                legal: Sequence[Action] = offer
                break
        else:
            legal = legal_actions(state, seat)
            plays = [a for a in legal if a.kind is lastcard.ActionKind.PLAY and not a.uno]
            if plays and rng.random() < 0.8:
                legal = plays  # short hands, some missed Uno calls
        state = apply(state, seat, legal[rng.randrange(len(legal))]).state
    return phases


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [
        ("official", 2, 1),
        ("official", 4, 2),
        ("party", 3, 3),
        ("official-2018", 2, 4),
        ("h2o", 3, 5),
        ("elimination", 3, 6),
        ("partners", 4, 7),
    ],
)
def test_samples_match_the_view_and_the_legal_actions(preset: str, players: int, seed: int) -> None:
    rules = Rules.preset(preset).changed(hand_size=4, target_score=80, elimination_threshold=80)
    play_and_check(rules, players, seed)


def test_every_phase_is_covered() -> None:
    phases: set[Phase] = set()
    rules = Rules(hand_size=3, target_score=60, stacking="mixed")
    for seed in range(6):
        phases |= play_and_check(rules, 3, seed, max_actions=300)
    phases |= play_and_check(Rules(hand_size=3, target_score=60, first_wild="dealer_chooses"), 2, 9)
    assert {
        Phase.AWAIT_TURN,
        Phase.AFTER_DRAW,
        Phase.AWAIT_WD4_RESPONSE,
        Phase.AWAIT_STACK_RESPONSE,
    } <= phases


def test_first_colour_choice() -> None:
    # 2 players, dealer 0: seat 1 gets the odd positions; the first discard is a Wild.
    deck = ["R1", "G1", "R2", "G2", "W"]
    state = lastcard.new_game(2, Rules(hand_size=2), seed=1, dealer=0, deck=deck)
    assert state.phase is Phase.AWAIT_FIRST_COLOR
    for seat in (0, 1):
        check_sample(state, seat, determinize(player_view(state, seat), random.Random(seat)))


def test_the_unseen_cards_are_shuffled_into_the_other_hands_and_the_stock() -> None:
    state = lastcard.new_game(3, seed=8)
    view = player_view(state, 0)
    pool = unseen_cards(view)
    assert len(pool) == 108 - 7 - len(state.discard)
    samples = [determinize(view, random.Random(i)) for i in range(30)]
    assert len({s.hands[1] for s in samples}) == 30  # really random
    for sample in samples:
        assert Counter([*sample.hands[1], *sample.hands[2], *sample.stock]) == Counter(pool)
    # The bot's random drives everything: same seed, same sample.
    assert determinize(view, random.Random(3)) == determinize(view, random.Random(3))


def test_a_pending_challenge_is_judged_on_the_sampled_hand() -> None:
    # Seat 1 plays a WD4 on R1 holding a red card or not, depending on the sample.
    deck = ["W+4", "G1", "B2", "G2", "B3", "G3", "R1"]
    state = lastcard.new_game(2, Rules(hand_size=3), seed=4, dealer=0, deck=deck)
    state = apply(state, 1, "W+4:g").state
    assert state.phase is Phase.AWAIT_WD4_RESPONSE and state.to_act == 0
    view = player_view(state, 0)
    assert view.challengeable_by == 0 and view.top_player == 1
    legal = Counter()
    for i in range(60):
        sample = determinize(view, random.Random(i))
        check_sample(state, 0, sample)
        assert sample.challenge is not None
        legal[sample.challenge.legal] += 1
    assert legal[True] and legal[False]  # both kinds of hands are sampled
    # The player's own WD4: it knows whether it was legal.
    own = player_view(state, 1)
    assert own.challengeable_by == 0
    for flag in (True, False):
        sample = determinize(own, random.Random(0), Knowledge(wd4_legal=flag))
        assert sample.challenge is not None and sample.challenge.legal is flag


def test_a_revealed_hand_is_kept_until_it_is_played() -> None:
    # Seat 1 bluffs a WD4 (it holds B3 on B1); seat 0 challenges and sees B3 and G3.
    deck = ["W+4", "R1", "B3", "R2", "G3", "R3", "B1", "Y5", "Y6", "Y7", "Y8", "Y9"]
    state = lastcard.new_game(2, Rules(hand_size=3), seed=4, dealer=0, deck=deck)
    knowledge = Knowledge()
    knowledge.sync(player_view(state, 0))
    for action, seat in (("W+4:r", 1), ("challenge", 0)):
        transition = apply(state, seat, action)
        state = transition.state
        for event in transition.events:
            knowledge.observe(event.redact(0))
    # The bluff was caught: seat 1 took four cards back and holds B3 G3 and four unknown.
    assert len(state.hands[1]) == 6
    assert Counter(knowledge.known_cards()[1]) == Counter(cards("B3 G3"))
    view = player_view(state, 0)
    for i in range(20):
        sample = determinize(view, random.Random(i), knowledge)
        check_sample(state, 0, sample)
        assert Counter(sample.hands[1]) >= Counter(cards("B3 G3"))
    # When seat 1 later plays its G3, only B3 is still known.
    knowledge.observe(Event("play", {"seat": 1, "card": "G3", "color": "g"}))
    assert knowledge.known_cards()[1] == cards("B3")


def test_a_swap_tells_who_holds_the_old_hand() -> None:
    # Seven-O: seat 1 plays R7 and swaps with seat 0; seat 1 then knows seat 0's hand exactly.
    rules = Rules(hand_size=4, seven_o=True)
    deck = ["R7", "G1", "R8", "G2", "B9", "G3", "Y4", "G4", "R1"]
    state = lastcard.new_game(2, rules, seed=2, dealer=0, deck=deck)
    knowledge = Knowledge()
    knowledge.sync(player_view(state, 1))
    transition = apply(state, 1, "R7>0")
    for event in transition.events:
        knowledge.observe(event.redact(1))
    state = transition.state
    assert Counter(state.hands[0]) == Counter(cards("R8 B9 Y4"))
    view = player_view(state, 1)
    knowledge.sync(view)
    for i in range(10):
        sample = determinize(view, random.Random(i), knowledge)
        check_sample(state, 1, sample)
        assert Counter(sample.hands[0]) == Counter(cards("R8 B9 Y4"))


def test_knowledge_that_no_longer_fits_is_dropped() -> None:
    state = lastcard.new_game(2, seed=3)
    view = player_view(state, 0)
    own = Counter(view.hand)
    # A card the seat holds itself cannot be in another hand; nine cards cannot fit in seven.
    impossible = {1: list(own)[:1] * 3}
    too_many = {1: unseen_cards(view)[:9]}
    for known in (impossible, too_many):
        sample = determinize(view, random.Random(1), Knowledge(known=known))
        check_sample(state, 0, sample)


def test_views_that_cannot_be_sampled_are_refused() -> None:
    state = lastcard.new_game(2, seed=3)
    with pytest.raises(DeterminizationError, match="spectator"):
        determinize(player_view(state, None), random.Random(0))
    bad: PlayerView = dataclasses.replace(player_view(state, 0), stock_size=3)
    with pytest.raises(DeterminizationError, match="do not add up"):
        determinize(bad, random.Random(0))


def test_a_turn_draw_records_a_void_that_samples_respect() -> None:
    state = lastcard.new_game(2, Rules(target_score=None), seed=12, dealer=1)
    view = player_view(state, 0)
    knowledge = Knowledge()
    knowledge.sync(view)
    top, color = view.top, view.color
    assert color is not None
    knowledge.observe(Event("draw", {"seat": 1, "count": 1, "reason": "turn", "owed": 1}))
    assert knowledge.voids[1] == [Void(top, color, 1)]
    knowledge.observe(Event("draw", {"seat": 1, "count": 2, "reason": "draw_two", "owed": 2}))
    assert knowledge.voids[1] == [Void(top, color, 3)]
    for since in (0, 1, 3):
        knowledge.voids[1] = [Void(top, color, since)]
        for i in range(20):
            sample = determinize(view, random.Random(i), knowledge)
            check_sample(state, 0, sample)
            playable = sum(1 for c in sample.hands[1] if matches(c, top, color))
            assert playable <= since
    # Switched off, the samples ignore it.
    knowledge.voids[1] = [Void(top, color, 0)]
    free = [determinize(view, random.Random(i), knowledge, voids=False) for i in range(20)]
    assert any(matches(c, top, color) for s in free for c in s.hands[1])
    # A hand swap carries the void along; a new hand forgets it.
    knowledge.observe(Event("swap_hands", {"seats": [1, 2], "sizes": [7, 7]}))
    assert 1 not in knowledge.voids and knowledge.voids[2]
    knowledge.observe(Event("deal", {"hand": 2, "dealer": 0, "sizes": [7, 7]}))
    assert knowledge.voids == {} and knowledge.known == {}


def test_bluff_odds_make_honest_wild_draw_fours_likelier() -> None:
    deck = ["W+4", "G1", "B2", "G2", "B3", "G3", "R1"]
    state = lastcard.new_game(2, Rules(hand_size=3), seed=4, dealer=0, deck=deck)
    state = apply(state, 1, "W+4:g").state
    view = player_view(state, 0)

    def legal_share(odds: float) -> float:
        rng = random.Random(5)
        samples = [determinize(view, rng, bluff_odds=odds) for _ in range(300)]
        return sum(s.challenge.legal for s in samples if s.challenge is not None) / 300

    uniform, honest = legal_share(1.0), legal_share(0.1)
    assert 0.3 < uniform < 0.7  # two unknown cards: no red among them about half the time
    assert honest > uniform + 0.2
