"""`FastGame` (lastcard.core.unchecked) against the checked engine: the same actions from the
same state reach exactly the same state (hands in order, stock, discard, colour, direction,
turn, phase, pending draw, challenge, Uno exposure, passes, turn count, generator; once the hand
is over its scores, history and winners), and `legal` lists what `legal_actions` lists."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastcard import (
    Action,
    ActionKind,
    GameState,
    Phase,
    Rules,
    apply,
    legal_actions,
    new_game,
    read_state,
)
from lastcard.core.unchecked import FastGame, FastGameError, unsupported

# Every option value FastGame covers that changes how a hand plays or ends, and table sizes
# that exhaust the stock (passes, forfeited draws) or end games at the first hand.
COVERED: dict[str, tuple[Rules, int]] = {
    "official, 2 players, single hand": (Rules(target_score=None), 2),
    "official, 4 players": (Rules(), 4),
    "reverse never skips": (Rules(two_player_rules=False, target_score=None), 2),
    "no voluntary draws": (Rules(allow_voluntary_draw=False), 3),
    "no WD4 bluffing": (Rules(wd4_bluffing=False), 3),
    "h2o (Wild Downpour)": (Rules.preset("h2o"), 3),
    "elimination": (Rules.preset("elimination").changed(elimination_threshold=40), 3),
    "partners": (Rules.preset("partners"), 4),
    "jump-in (never taken)": (Rules(jump_in=True), 3),
    "turn limit": (Rules(turn_limit=25), 2),
    "alternative scoring": (Rules(scoring="alternative", target_score=60), 3),
    "crowded, stock runs out": (Rules(hand_size=10, target_score=None), 10),
    "game over at the first hand": (Rules(target_score=30), 2),
    "dealer names a first wild": (Rules(first_wild="dealer_chooses", hand_size=3), 3),
}


def offered(state: GameState, seat: int) -> tuple[Action, ...]:
    """`legal_actions` less the jump-ins, which a `FastGame` never plays."""
    legal = legal_actions(state, seat)
    if state.phase is Phase.AWAIT_TURN and seat != state.turn:
        return tuple(a for a in legal if a.kind is not ActionKind.PLAY)
    return legal


def pick(state: GameState, rng: random.Random) -> tuple[int, Action]:
    """A random action: now and then a catch or an Uno call, else the seat to act's, plays
    preferred (hands end sooner), plays of a penultimate card often without the call."""
    side = [
        (seat, a)
        for seat in range(state.players)
        if seat != state.to_act
        for a in offered(state, seat)
    ]
    if side and rng.random() < 0.5:
        return rng.choice(side)
    seat = state.to_act
    assert seat is not None
    legal = offered(state, seat)
    plays = [a for a in legal if a.kind is ActionKind.PLAY]
    if plays and rng.random() < 0.8:
        return seat, rng.choice(plays)
    return seat, rng.choice(legal)


def play_both(rules: Rules, players: int, seed: int, max_actions: int = 3000) -> Counter[str]:
    """Random actions on the engine and on a `FastGame` side by side, compared after each;
    what happened, counted."""
    rng = random.Random(seed)
    state = new_game(players, rules, seed=seed)
    game = FastGame.from_state(state)
    seen: Counter[str] = Counter()
    for _ in range(max_actions):
        for seat in range(players):
            assert game.legal(seat) == offered(state, seat), (seed, seat, state.phase)
        seat, action = pick(state, rng)
        seen[action.kind.value] += 1
        before = state
        state = apply(state, seat, action).state
        game.push(seat, action)
        assert game.to_state() == state, (seed, seat, action)
        seen.update(situations(before, state, action))
        if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            assert game.ended and game.phase is Phase.HAND_OVER and game.to_act is None
            assert game.went_out == state.history[-1].went_out
            assert game.legal(0) == ()
            seen[state.phase.value] += 1
            break
    return seen


def situations(before: GameState, after: GameState, action: Action) -> list[str]:
    found = []
    if after.rng != before.rng:
        found.append("reshuffle")
    if action.kind is ActionKind.CHALLENGE:
        assert before.challenge is not None
        found.append("challenge " + ("failed" if before.challenge.legal else "succeeded"))
    if action.kind is ActionKind.DRAW and after.passes > before.passes:
        found.append("pass")
    if after.phase is Phase.HAND_OVER or after.phase is Phase.GAME_OVER:
        result = after.history[-1]
        found.append("blocked" if result.went_out is None else "went out")
        if after.hand_turns >= (after.rules.turn_limit or 0) and result.went_out is None:
            found.append("turn limit")
        if action.card is not None and action.card.draw_count:
            found.append("last card draws")
    if action.card is not None and action.card.kind.name.startswith("WILD_DOWNPOUR"):
        found.append("downpour")
    return found


@pytest.mark.parametrize("name", list(COVERED))
def test_fast_game_reaches_the_engines_states(name: str) -> None:
    rules, players = COVERED[name]
    seen: Counter[str] = Counter()
    for seed in range(6):
        seen += play_both(rules, players, seed)
    assert seen["hand_over"] + seen["game_over"] >= 1  # some hand reached its end


def test_the_comparison_meets_the_rare_situations() -> None:
    """The seeds above do exercise what is rare in play (a test that meets none of it would
    prove little)."""
    seen: Counter[str] = Counter()
    for name in COVERED:
        rules, players = COVERED[name]
        for seed in range(6):
            seen += play_both(rules, players, seed)
    wanted = {
        "reshuffle",
        "challenge failed",
        "challenge succeeded",
        "pass",
        "blocked",
        "went out",
        "turn limit",
        "last card draws",
        "downpour",
        "catch",
        "uno",
        "color",
        "keep",
        "accept",
        "game_over",
    }
    assert wanted <= set(seen), wanted - set(seen)


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(COVERED)), seed=st.integers(0, 2**63))
def test_fast_game_reaches_the_engines_states_from_any_seed(name: str, seed: int) -> None:
    rules, players = COVERED[name]
    play_both(rules, players, seed, max_actions=400)


@pytest.mark.parametrize(
    ("rules", "reason"),
    [
        (Rules.preset("party"), "stacking"),
        (Rules(seven_o=True), "seven_o"),
        (Rules.preset("official-2018"), "deck"),
        (Rules(custom_wild_effect="swap_hands", deck="2018"), "deck"),
        (Rules(pirate=True), "seven_o"),  # Pirate brings Seven-O (§7.6.1)
    ],
)
def test_rules_it_does_not_cover_are_refused(rules: Rules, reason: str) -> None:
    problem = unsupported(rules)
    assert problem is not None and reason in problem
    with pytest.raises(FastGameError, match="does not play"):
        FastGame.from_state(new_game(3, rules, seed=1))


def test_only_a_hand_in_progress() -> None:
    rules = Rules(target_score=None)
    assert unsupported(rules) is None
    state = new_game(2, rules, seed=3)
    while state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        seat = state.to_act
        assert seat is not None
        state = apply(state, seat, legal_actions(state, seat)[0]).state
    with pytest.raises(FastGameError, match="hand in progress"):
        FastGame.from_state(state)


def test_a_fast_game_is_its_own_copy() -> None:
    """Changing a `FastGame` leaves the state it was made from as it was."""
    state = new_game(2, Rules(target_score=None), seed=4)
    copy = read_state(state.to_dict())
    game = FastGame.from_state(state)
    seat = state.to_act
    assert seat is not None
    for _ in range(20):
        if game.ended:
            break
        turn = game.to_act
        assert turn is not None
        game.push(turn, game.legal(turn)[-1])
    assert state == copy
