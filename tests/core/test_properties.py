"""Property tests over random play (RULES.md §9.8 E66–E68, §5.2.1, §5.6; DESIGN.md §3, §5, §7).

Every test is parametrised by preset (`Rules.presets()`) and lets hypothesis choose the number of
players (2–10; exactly 4 for partners), the seed and a few rule variations that make hands end
sooner (small target scores, smaller hands). The engine seed comes from hypothesis; the random
player that drives the game uses `random.Random(seed)`, so a failing example printed by
hypothesis replays exactly.

The random player picks uniformly among the legal actions of the seat that must decide, draws
instead of playing only rarely, and now and then lets another seat act out of turn (Uno calls,
catches, jump-ins), so that those paths are exercised too. To look at a failing example, play
it again: `for step in random_game(Setup(...as printed...), n): ...`.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lastcard import (
    Action,
    ActionKind,
    Card,
    Color,
    Event,
    EventType,
    GameRecord,
    GameState,
    IllegalActionError,
    Phase,
    Recorder,
    Rules,
    Transition,
    apply,
    legal_actions,
    parse_action,
    player_view,
    read_state,
    replay,
    replay_steps,
    state_digest,
)
from lastcard.core.offers import unlisted_but_accepted
from lastcard.core.rng import RngState
from lastcard.core.state import PendingChallenge

PRESETS = Rules.presets()
COLORS = tuple(Color)
RESPONSES = (Phase.AWAIT_WD4_RESPONSE, Phase.AWAIT_STACK_RESPONSE)
NEXT = parse_action("next")

VOLUNTARY_DRAW = 0.03  # how often the random player draws although it could play
OUT_OF_TURN = 0.15  # how often another seat gets the chance to act out of turn
MAX_ACTIONS = 50_000  # "every game ends" bound: random games take a few thousand at most
SHORT_GAME = 120  # the expensive per-state checks look at this many actions of a game

SETTINGS: dict[str, Any] = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}


# -- setups ------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Setup:
    """One random game: a preset, some option changes, the players and the seed."""

    preset: str
    changes: tuple[tuple[str, Any], ...]
    players: int
    seed: int
    generator: str = "fast"

    @property
    def rules(self) -> Rules:
        return Rules.preset(self.preset).changed(**dict(self.changes))

    def recorder(self) -> Recorder:
        return Recorder(self.players, self.rules, seed=self.seed, generator=self.generator)


def setups(
    preset: str,
    *,
    target_scores: tuple[int | None, ...] = (100, None, 500),
    hand_sizes: tuple[int, ...] = (7, 2, 4, 1),
    generators: tuple[str, ...] = ("fast",),
) -> st.SearchStrategy[Setup]:
    base = Rules.preset(preset)
    changes: dict[str, st.SearchStrategy[Any]] = {"hand_size": st.sampled_from(hand_sizes)}
    if base.elimination:  # the target score plays no part; a lower threshold ends games sooner
        changes["elimination_threshold"] = st.sampled_from((500, 100))
    else:
        changes["target_score"] = st.sampled_from(target_scores)
    players = st.just(4) if base.teams == "partners" else st.integers(2, 10)
    return st.builds(
        Setup,
        preset=st.just(preset),
        changes=st.fixed_dictionaries(changes).map(lambda c: tuple(sorted(c.items()))),
        players=players,
        seed=st.integers(0, 2**64 - 1),
        generator=st.sampled_from(generators),
    )


# -- the random player -------------------------------------------------------------------


class RandomPlayer:
    """Uniform among legal actions, but passes up a play for a voluntary draw only rarely."""

    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)

    def choose(self, state: GameState) -> tuple[int, Action]:
        rnd = self.rnd
        if state.phase is Phase.HAND_OVER:
            return rnd.randrange(state.players), NEXT
        if rnd.random() < OUT_OF_TURN:
            seat = rnd.randrange(state.players)
            if seat != state.to_act:
                options = legal_actions(state, seat)
                if options:
                    return seat, rnd.choice(options)
        seat = state.to_act
        assert seat is not None, f"nobody is to act in phase {state.phase}"
        options = legal_actions(state, seat)
        assert options, f"seat {seat} must act in phase {state.phase} but has no legal action"
        others = [a for a in options if a.kind is not ActionKind.DRAW]
        if others and rnd.random() >= VOLUNTARY_DRAW:
            return seat, rnd.choice(others)
        return seat, rnd.choice(options)


@dataclasses.dataclass(frozen=True)
class Step:
    index: int
    before: GameState
    seat: int
    action: Action
    transition: Transition

    def describe(self) -> str:
        return f"action #{self.index}: seat {self.seat} {self.action.code!r} in {self.before.phase}"


def random_game(
    setup: Setup,
    max_actions: int,
    recorder: Recorder | None = None,
    rejected: list[str] | None = None,
) -> Iterator[Step]:
    """Play `setup` with the random player until the game is over or `max_actions` were taken.

    The player only chooses listed actions. Should `apply` reject one, that is an engine bug
    which `test_every_listed_action_applies` (and `test_every_game_ends`, through `rejected`)
    reports; here the player chooses again, so that the other properties are still checked on
    the rest of the game.
    """
    rec = recorder if recorder is not None else setup.recorder()
    player = RandomPlayer(setup.seed)
    for index in range(max_actions):
        before = rec.state
        if before.is_over:
            return
        for _ in range(100):
            seat, action = player.choose(before)
            try:
                transition = rec.apply(seat, action)
            except IllegalActionError as error:
                if rejected is not None:
                    rejected.append(f"action #{index}: seat {seat} {action.code!r}: {error}")
                continue
            break
        else:
            pytest.fail(f"action #{index}: 100 listed actions in a row rejected in {before.phase}")
        yield Step(index, before, seat, action, transition)


def visited_states(setup: Setup, max_actions: int) -> Iterator[GameState]:
    """The initial state and every state after an action."""
    rec = setup.recorder()
    yield rec.state
    for step in random_game(setup, max_actions, rec):
        yield step.transition.state


# -- helpers -----------------------------------------------------------------------------


def card_multiset(state: GameState) -> Counter[Card]:
    cards: Counter[Card] = Counter(state.stock)
    cards.update(state.discard)
    for hand in state.hands:
        cards.update(hand)
    return cards


def assert_conserved(state: GameState, deck: Counter[Card], where: str) -> None:
    size = sum(deck.values())
    assert state.deck_size == size, f"{where}: {state.deck_size} cards, the deck has {size}"
    assert card_multiset(state) == deck, f"{where}: the cards in play are not the deck's"


def round_trip(state: GameState) -> GameState:
    return read_state(json.loads(json.dumps(state.to_dict())))


def plausible_code(
    rnd: random.Random, state: GameState, seat: int, cards: list[Card], legal: tuple[Action, ...]
) -> str:
    """A syntactically valid action code that a confused or malicious client might send: a
    word, a card code with or without a colour, a target and `!`, or a near miss of a listed
    play (one of its colour, target, Uno call or card changed)."""
    n = state.players
    roll = rnd.random()
    if roll < 0.2:
        word = rnd.choice(("draw", "keep", "challenge", "accept", "uno", "next", "catch", "color"))
        if word == "catch":
            return f"catch {rnd.randrange(n + 1)}"
        if word == "color":
            return f"color {rnd.choice('rygb')}"
        return word
    plays = [a for a in legal if a.kind is ActionKind.PLAY]
    if plays and roll < 0.6:
        play = rnd.choice(plays)
        change = rnd.randrange(4)
        if change == 0:
            color = None if play.color is not None and rnd.random() < 0.5 else rnd.choice(COLORS)
            play = dataclasses.replace(play, color=color)
        elif change == 1 and play.targets:  # a Joker's seats (§7.11.6)
            play = dataclasses.replace(play, targets=(rnd.randrange(n),), count=rnd.randrange(5))
        elif change == 1:
            target = None if play.target is not None and rnd.random() < 0.5 else rnd.randrange(n)
            play = dataclasses.replace(play, target=target)
        elif change == 2:
            play = dataclasses.replace(play, uno=not play.uno)
        elif state.hands[seat]:
            play = dataclasses.replace(play, card=rnd.choice(state.hands[seat]))
        return play.code
    hand = state.hands[seat]
    card = rnd.choice(hand) if hand and roll < 0.8 else rnd.choice(cards)
    code = card.code
    if rnd.random() < (0.75 if card.is_wild else 0.1):
        code += ":" + rnd.choice("rygb")
    if rnd.random() < (0.5 if card.rank == 7 else 0.1):
        code += f">{rnd.randrange(n + 1)}"
    if rnd.random() < 0.3:
        code += "!"
    return code


def near_misses(state: GameState, seat: int) -> list[str]:
    """Every listed play of `seat` with its target, Uno call or colour changed: the boundary
    cases (a last or penultimate card) that deserve a systematic sweep."""
    out = []
    plays = [a for a in legal_actions(state, seat) if a.kind is ActionKind.PLAY]
    # A Joker alone offers hundreds of plays at a large table: a spread of them is enough.
    for play in plays[:: max(1, len(plays) // 48)]:
        target = (seat + 1) % state.players if play.target is None else None
        color = COLORS[0] if play.color is None else None
        if play.targets:  # a Joker naming itself among its seats
            out.append(dataclasses.replace(play, targets=tuple(sorted({*play.targets, seat}))).code)
        else:
            out.append(dataclasses.replace(play, target=target).code)
        out.append(dataclasses.replace(play, uno=not play.uno).code)
        out.append(dataclasses.replace(play, color=color).code)
    return out


# -- (a) E68: cards are conserved --------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=15, **SETTINGS)
@given(data=st.data())
def test_e68_deck_size_conserved_after_every_transition(preset: str, data: st.DataObject) -> None:
    setup = data.draw(setups(preset))
    deck = Counter(setup.rules.deck_cards())
    rec = setup.recorder()
    assert_conserved(rec.state, deck, "after the deal")
    for step in random_game(setup, MAX_ACTIONS, rec):
        assert_conserved(step.transition.state, deck, step.describe())


# -- (b) every listed action applies -----------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=10, **SETTINGS)
@given(data=st.data())
def test_every_listed_action_applies(preset: str, data: st.DataObject) -> None:
    setup = data.draw(setups(preset))
    deck = Counter(setup.rules.deck_cards())
    for index, state in enumerate(visited_states(setup, SHORT_GAME)):
        for seat in range(state.players):
            for action in legal_actions(state, seat):
                where = f"state #{index} ({state.phase}), seat {seat} {action.code!r}"
                try:
                    transition = apply(state, seat, action)
                except IllegalActionError as error:
                    pytest.fail(f"{where}: listed by legal_actions but rejected: {error}")
                assert_conserved(transition.state, deck, where)


# -- (c) E66: a rejected action changes nothing ------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=15, **SETTINGS)
@given(data=st.data())
def test_e66_unlisted_actions_are_rejected_and_change_nothing(
    preset: str, data: st.DataObject
) -> None:
    setup = data.draw(setups(preset))
    rnd = random.Random(setup.seed ^ 0x5EED)
    cards = sorted(set(setup.rules.deck_cards()), key=lambda c: c.code)
    n, rejected = setup.players, 0
    for index, state in enumerate(visited_states(setup, SHORT_GAME)):
        snapshot = state.to_dict()
        attempts: list[tuple[int, str]] = []
        for _ in range(6):
            to_act = state.to_act
            seat = to_act if to_act is not None and rnd.random() < 0.7 else rnd.randrange(n)
            attempts.append(
                (seat, plausible_code(rnd, state, seat, cards, legal_actions(state, seat)))
            )
        if state.to_act is not None and len(state.hands[state.to_act]) <= 2:
            attempts += [(state.to_act, code) for code in near_misses(state, state.to_act)]
        for seat, code in attempts:
            legal = legal_actions(state, seat)
            action = parse_action(code)
            where = f"state #{index} ({state.phase}), seat {seat} {code!r}"
            if action in legal:
                continue  # test_every_listed_action_applies covers these
            try:
                penalised = apply(state, seat, code)
            except IllegalActionError as error:
                assert error.code, where
            else:
                # §5.4, §5.5: table mode penalises a wrong card and a suggestion instead.
                if unlisted_but_accepted(state, seat, action):
                    kinds = {e.type for e in penalised.events}
                    assert kinds & {EventType.WRONG_CARD, EventType.SUGGESTION_PENALTY}, where
                    continue
                listed = [a.code for a in legal]
                pytest.fail(f"{where}: apply accepted it, but legal_actions lists only {listed}")
            assert state.to_dict() == snapshot, f"{where}: the rejection changed the state"
            rejected += 1
    assert rejected > 0  # the property was exercised


# -- (d) E67: replay ---------------------------------------------------------------------


def event_log(events: list[Event]) -> list[dict[str, Any]]:
    return [event.to_dict() for event in events]


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=10, **SETTINGS)
@given(data=st.data())
def test_e67_replaying_the_record_reproduces_the_game(preset: str, data: st.DataObject) -> None:
    setup = data.draw(setups(preset, generators=("fast", "secure")))
    rec = setup.recorder()
    events: list[Event] = []
    for step in random_game(setup, MAX_ACTIONS, rec):
        events.extend(step.transition.events)
    final = rec.state
    record = rec.record()
    assert record.digest == state_digest(final)
    assert all(parse_action(code).code == code for _, code in record.actions)

    replayed = replay(record)
    assert state_digest(replayed) == record.digest
    assert replayed == final
    assert replayed.to_dict() == final.to_dict()
    assert replayed.scores == final.scores
    replayed_events = [event for _, _, t in replay_steps(record) for event in t.events]
    assert event_log(replayed_events) == event_log(events)

    for text in (record.to_json(), json.dumps(record.to_dict())):
        again = GameRecord.from_json(text)
        assert again == record
        assert again.to_dict() == record.to_dict()
        assert replay(again).to_dict() == final.to_dict()


# -- (e) views leak nothing (DESIGN.md §5, RULES.md §5.6) ----------------------------------


def _swap_with_stock(state: GameState, seat: int, rnd: random.Random) -> GameState | None:
    """`seat`'s hand and the stock exchange one card (of different codes), or None."""
    hand, stock = list(state.hands[seat]), list(state.stock)
    if not hand or not stock:
        return None
    i = rnd.randrange(len(hand))
    choices = [j for j, card in enumerate(stock) if card is not hand[i]]
    if not choices:
        return None
    j = rnd.choice(choices)
    hand[i], stock[j] = stock[j], hand[i]
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(stock))


def _hidden_changes(state: GameState, k: int, rnd: random.Random) -> list[tuple[str, GameState]]:
    """States that differ from `state` only in what seat `k` may not see."""
    out: list[tuple[str, GameState]] = []
    others = [j for j in range(state.players) if j != k]
    swapped = _swap_with_stock(state, rnd.choice(others), rnd)
    if swapped is not None and not state.rules.pirate:  # §7.6.2: Pirate's hands are open
        out.append(("another hand swapped a card with the stock", swapped))
    if len(set(state.stock)) > 1:
        stock = list(state.stock)
        while tuple(stock) == state.stock:
            rnd.shuffle(stock)
        out.append(("stock reordered", dataclasses.replace(state, stock=tuple(stock))))
    rng = state.rng
    out.append(
        (
            "rng counter changed",
            dataclasses.replace(state, rng=RngState(rng.kind, rng.seed, rng.counter + 1)),
        )
    )
    out.append(
        (
            "rng seed changed",
            dataclasses.replace(state, rng=RngState(rng.kind, rng.seed ^ 1, rng.counter)),
        )
    )
    if state.challenge is not None:  # whether the Wild Draw Four was a bluff (§3.8)
        c = state.challenge
        flipped = PendingChallenge(c.player, not c.legal, c.hand, c.color)
        out.append(("challenge outcome flipped", dataclasses.replace(state, challenge=flipped)))
    if state.drawn is not None and state.turn != k:
        other = next((c for c in state.stock + state.discard if c is not state.drawn), None)
        if other is not None:  # every other card may be in hands (ten players, a small pile)
            changed = dataclasses.replace(state, drawn=other)
            out.append(("another seat's drawn card changed", changed))
    if state.pirate is not None and state.turn != k:  # §7.6.3: the cheat flag is the player's
        flipped = dataclasses.replace(state.pirate, cheat=not state.pirate.cheat)
        out.append(("the cheat flag flipped", dataclasses.replace(state, pirate=flipped)))
    return out


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=10, **SETTINGS)
@given(data=st.data())
def test_views_hide_what_a_seat_may_not_see(preset: str, data: st.DataObject) -> None:
    setup = data.draw(setups(preset))
    rnd = random.Random(setup.seed ^ 0x71E5)
    checked = own = 0
    for index, state in enumerate(visited_states(setup, SHORT_GAME)):
        k = rnd.randrange(state.players)
        view, spectator = player_view(state, k), player_view(state, None)
        for what, changed in _hidden_changes(state, k, rnd):
            assert changed != state
            where = f"state #{index} ({state.phase}), seat {k}: {what}"
            assert player_view(changed, k) == view, where
            assert player_view(changed, None) == spectator, where
            checked += 1
        mine = _swap_with_stock(state, k, rnd)
        if mine is not None:  # the seat's own hand is not hidden from it
            where = f"state #{index} ({state.phase}): seat {k}'s own hand changed"
            assert player_view(mine, k) != view, where
            # §7.6.2: under Pirate rules every hand is open, to spectators too
            assert (player_view(mine, None) == spectator) != state.rules.pirate, where
            own += 1
    assert checked > 0 and own > 0  # the property was exercised


# -- (f) every game ends -----------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=15, **SETTINGS)
@given(data=st.data())
def test_every_game_ends(preset: str, data: st.DataObject) -> None:
    setup = data.draw(setups(preset, target_scores=(100, None), hand_sizes=(7,)))
    rec = setup.recorder()
    rejected: list[str] = []
    actions = sum(1 for _ in random_game(setup, MAX_ACTIONS, rec, rejected))
    assert rejected == [], "listed actions were rejected"
    state = rec.state
    if preset == "pirate" and not state.is_over:
        # Random callers catch cheats at random, so Pirate hands can swell until the turn limit
        # ends them blocked, scoring nobody: such a game outlasts any bound on its actions, but
        # each of its hands still ends (§3.11.4).
        assert state.history, f"no hand ended in {actions} actions"
        return
    assert state.is_over, f"not over after {actions} actions (hand {state.hand_number})"
    assert state.winners
    assert all(state.active[s] for s in state.winners) or state.rules.teams is not None
    assert all(legal_actions(state, seat) == () for seat in range(state.players))
    with pytest.raises(IllegalActionError) as caught:
        apply(state, 0, NEXT)
    assert caught.value.code == "HAND_IS_OVER"


# -- GameState.to_dict / from_dict --------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=8, **SETTINGS)
@given(data=st.data())
def test_state_dict_round_trips_exactly(preset: str, data: st.DataObject) -> None:
    setup = data.draw(setups(preset, generators=("fast", "secure")))
    rnd = random.Random(setup.seed ^ 0xD1C7)
    state = None
    for index, state in enumerate(visited_states(setup, MAX_ACTIONS)):
        if index == 0 or rnd.random() < 0.05:
            again = round_trip(state)
            assert again == state, f"state #{index} ({state.phase})"
            assert again.to_dict() == state.to_dict(), f"state #{index} ({state.phase})"
            assert state_digest(again) == state_digest(state)
    assert state is not None and round_trip(state) == state
