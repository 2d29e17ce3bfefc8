"""One validity (DESIGN.md §8): `check_state` states the invariants the engine keeps.

Every state reached in play passes it; states no game can reach are refused when read, naming
the field at fault (the seams S2–S16 of the hostile-input audit); every state it accepts plays
on with only lastcard errors; and no stored state makes `apply` loop over the seats for ever.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lastcard import (
    CorruptDataError,
    LastcardError,
    Rules,
    apply,
    from_notation,
    legal_actions,
    new_game,
    read_state,
)
from lastcard.core.state import PendingBlock, Phase
from lastcard.core.validity import check_state
from positions import position
from random_play import random_games

REACHED = [state for game in random_games() for state in game.states]


def test_every_state_reached_in_play_passes() -> None:
    for state in REACHED:
        check_state(state)
        assert read_state(state.to_dict()) == state


BASE = new_game(3, Rules(), seed=4)
TURN = BASE.turn
NEXT = (TURN + 1) % 3


def _changed(**fields: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.update(fields)


def _emptied(d: dict[str, Any]) -> None:
    d["stock"].extend(d["hands"][TURN])
    d["hands"][TURN] = []


# The states of the audit (seams S4–S16), each with the field its refusal names.
UNREACHABLE: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("s4_a_pending_draw_in_await_turn", _changed(pending_draw=4), "state.pending_draw"),
    ("s5_a_drawn_card_in_await_turn", _changed(drawn=BASE.hands[TURN][0].code), "state.drawn"),
    (
        "s6_a_challenge_in_await_turn",
        _changed(challenge={"player": NEXT, "legal": False, "hand": [], "color": "R"}),
        "state.challenge",
    ),
    ("s7_the_seat_to_act_holds_no_card", _emptied, f"state.hands[{TURN}]"),
    (
        "s8_a_seat_out_without_elimination",
        _changed(active=[seat != NEXT for seat in range(3)]),
        "state.active",
    ),
    ("s9_a_later_hand_without_history", _changed(hand_number=9), "state.history"),
    ("s10_scores_without_history", _changed(scores=[7, 7, 7]), "state.scores"),
    ("s11_more_passes_than_seats", _changed(passes=99), "state.passes"),
    ("s12_turns_past_the_limit", _changed(hand_turns=6000), "state.hand_turns"),
    (
        "s13_game_over_without_winners",
        _changed(phase="game_over", to_act=None, winners=[]),
        "state.winners",
    ),
    (
        "s14_a_stacked_total_without_stacking",
        _changed(phase="await_stack_response", to_act=NEXT, turn=NEXT, pending_draw=2),
        "state.phase",
    ),
    (
        "s15_a_wild_draw_four_answered_by_its_player",
        _changed(
            phase="await_wd4_response", to_act=TURN, turn=TURN, top_player=TURN, pending_draw=4
        ),
        "state.to_act",
    ),
    (
        "a_wild_draw_four_answer_with_nothing_to_challenge",
        _changed(phase="await_wd4_response", to_act=NEXT, turn=NEXT, pending_draw=4),
        "state.challenge",
    ),
    (
        "s16_a_discard_round_without_its_card",
        _changed(phase="await_discard", to_act=NEXT, top_player=TURN),
        "state.phase",
    ),
    (
        "s3_a_hand_over_with_nobody_in_the_game",
        _changed(phase="hand_over", to_act=None, active=[False, False, False]),
        "state.active",
    ),
]


@pytest.mark.parametrize(
    ("change", "field"), [(c, f) for _, c, f in UNREACHABLE], ids=[n for n, _, _ in UNREACHABLE]
)
def test_an_unreachable_state_is_refused_naming_its_field(
    change: Callable[[dict[str, Any]], None], field: str
) -> None:
    data = copy.deepcopy(BASE.to_dict())
    change(data)
    with pytest.raises(CorruptDataError, match="^" + re.escape(field) + ":"):
        read_state(data)


def test_s2_a_block_whose_card_player_is_out_is_refused_and_cannot_make_apply_spin() -> None:
    rules = Rules.preset("themes").changed(elimination=True, wild_downpour={"draw1": 2, "draw2": 2})
    state = position(
        [["R5"], ["WI", "G2"], ["B3"]],
        ["R1", "WD1"],
        rules=rules,
        color="R",
        phase=Phase.AWAIT_BLOCK,
        turn=0,
        to_act=1,
        top_player=0,
        active=(False, True, True),
        block=PendingBlock("draws", 0, 1, "wild_downpour"),
    )
    with pytest.raises(CorruptDataError, match="seat 0 is out of the game"):
        check_state(state, position=True)
    # Built without reading, the state still plays: the draws go round once, no more.
    after = apply(state, 1, "allow")
    assert sum(e.type.value == "draw" for e in after.events) == 2


def test_a_position_may_leave_out_the_history_and_the_deck_as_documented() -> None:
    # The notation describes positions (RULES.md examples, puzzles): scores without history
    # and a partial deck are its documented form, and such a position plays on.
    state = from_notation("R5 G7 / B3 | discard R3 | stock G1 G2 | scores 40 10 | hand 3")
    assert state.scores == (40, 10) and state.history == ()
    assert apply(state, 0, "R5").state.hands[0] == (state.hands[0][1],)


# -- every state the check accepts plays on ---------------------------------------------------

# Fields whose values tie the state together, with values that are in range for any game.
_FIELD_VALUES: dict[str, Any] = {
    "phase": st.sampled_from([p.value for p in Phase]),
    "to_act": st.one_of(st.none(), st.integers(0, 9)),
    "turn": st.integers(0, 9),
    "top_player": st.one_of(st.none(), st.integers(0, 9)),
    "pending_draw": st.integers(0, 12),
    "passes": st.integers(0, 12),
    "hand_turns": st.integers(0, 6000),
    "exposed": st.one_of(st.none(), st.integers(0, 9)),
    "hand_number": st.integers(1, 4),
    "direction": st.sampled_from([1, -1]),
}


@st.composite
def rewired(draw: st.DrawFn) -> dict[str, Any]:
    """A reached state with one to three of its linking fields set to other in-range values."""
    data = copy.deepcopy(REACHED[draw(st.integers(0, len(REACHED) - 1))].to_dict())
    players = data["players"]
    for name in draw(st.lists(st.sampled_from(sorted(_FIELD_VALUES)), min_size=1, max_size=3)):
        value = draw(_FIELD_VALUES[name])
        if isinstance(value, int) and name in ("to_act", "turn", "top_player", "exposed"):
            value %= players
        data[name] = value
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=rewired(), seed=st.integers(0, 2**32))
def test_every_state_the_check_accepts_plays_on_with_only_lastcard_errors(
    data: dict[str, Any], seed: int
) -> None:
    try:
        state = read_state(data)
    except CorruptDataError:
        return
    rng = random.Random(seed)
    for _ in range(200):
        if state.is_over:
            return
        options = [(s, a) for s in range(state.players) for a in legal_actions(state, s)]
        assert options, f"nobody can act in an accepted state: {state}"
        seat, action = rng.choice(options)
        try:
            state = apply(state, seat, action).state
        except LastcardError as error:  # pragma: no cover - a listed action must apply
            pytest.fail(f"{action} was listed for seat {seat} but refused: {error}")
        check_state(state)


def test_a_check_failure_names_what_it_found() -> None:
    data = dataclasses.replace(BASE, passes=3)
    with pytest.raises(CorruptDataError, match="3 passes in a row"):
        check_state(data)


def test_3_8_a_wild_draw_four_awaiting_its_answer_draws_4_at_least_stacked_or_not() -> None:
    """§3.8 with stacking (§7.1): the challenge takes the card's 4 off the stacked total, so a
    stored total under 4 is refused (it left -3 to draw)."""
    rules = Rules(stacking="same")
    for seed in range(200):
        state, rng = new_game(2, rules, seed=seed), random.Random(seed)
        while not state.is_over and state.phase is not Phase.AWAIT_WD4_RESPONSE:
            seat = state.to_act
            assert seat is not None
            state = apply(state, seat, rng.choice(legal_actions(state, seat))).state
        if state.phase is Phase.AWAIT_WD4_RESPONSE:
            break
    assert state.phase is Phase.AWAIT_WD4_RESPONSE
    data = state.to_dict()
    read_state(data)  # as played: accepted
    data["pending_draw"] = 1
    with pytest.raises(CorruptDataError, match=r"^state\.pending_draw: .* 4 at least"):
        read_state(data)
