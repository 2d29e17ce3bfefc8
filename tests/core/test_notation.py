"""The one-line position notation: exact round trips, the defaults it fills in, its errors."""

from __future__ import annotations

import dataclasses

import pytest

from lastcard import (
    Card,
    Color,
    GameState,
    Phase,
    Rules,
)
from lastcard.core import NotationError, from_notation, to_notation
from lastcard.core.state import PendingChallenge
from random_play import play_at_random, seatable

_RULES = {
    **{name: Rules.preset(name) for name in Rules.presets()},
    "house": Rules(
        deck="2018",
        custom_wild_effect="swap_hands",
        seven_o=True,
        jump_in=True,
        stacking="mixed",
        hand_size=5,
        target_score=60,
    ),
}


def _random_states(rules: Rules, players: int, seed: int, steps: int) -> tuple[GameState, ...]:
    generator = "secure" if seed % 3 == 0 else "fast"
    return play_at_random("random", rules, players, seed, steps, generator=generator).states


@pytest.mark.parametrize("name", list(_RULES))
def test_every_state_of_random_games_round_trips_exactly(name: str) -> None:
    rules = _RULES[name]
    for players in range(2, 11):
        if not seatable(rules, players):
            continue
        for state in _random_states(rules, players, seed=players, steps=500)[::3]:
            text = to_notation(state)
            assert "\n" not in text
            assert from_notation(text) == state, text
            assert from_notation(to_notation(state, include_rules=False), rules) == state


def test_a_game_played_to_its_end_round_trips_with_its_history() -> None:
    rules = Rules(hand_size=3, target_score=40)
    states = _random_states(rules, 3, seed=5, steps=5000)
    assert states[-1].phase is Phase.GAME_OVER and states[-1].history
    for state in states[-40:]:
        assert from_notation(to_notation(state)) == state


def test_defaults_fill_a_short_position() -> None:
    state = from_notation("R5 B7 / G3 G4 | discard G5 R3 | stock ... Y9 G2")
    assert state.players == 2 and state.rules == Rules()
    assert [c.code for c in state.hands[0]] == ["R5", "B7"]
    assert [c.code for c in state.discard] == ["G5", "R3"]
    assert state.first_discard == Card.from_code("G5")
    assert [c.code for c in state.stock[-2:]] == ["Y9", "G2"]  # G2 is drawn first
    assert state.deck_size == 108
    assert state.color is Color.RED and state.direction == 1
    assert state.phase is Phase.AWAIT_TURN and state.turn == state.to_act == 0
    assert state.dealer == 1 and state.hand_number == 1 and state.scores == (0, 0)
    assert state.active == (True, True) and state.pending_draw == 0


def test_the_rest_of_the_deck_lies_in_card_order_bottom_first() -> None:
    state = from_notation("R5 / G3 | discard R3")
    assert [c.code for c in state.stock[:4]] == ["R0", "R1", "R1", "R2"]
    assert [c.code for c in state.stock[-5:]] == ["W", "W+4", "W+4", "W+4", "W+4"]


def test_the_rest_may_lie_beneath_the_discard_pile_instead() -> None:
    state = from_notation("R5 / G3 | discard ... R3")
    assert state.stock == () and state.deck_size == 108 and state.top.code == "R3"


def test_an_empty_stock_and_a_partial_deck_are_written_as_such() -> None:
    state = from_notation("R5 / - | discard R3 | stock -")
    assert state.stock == () and state.hands[1] == () and state.deck_size == 2
    assert to_notation(state) == "R5 / - | discard R3 | stock -"


def test_every_field_can_be_written() -> None:
    text = (
        "W+4 R1 / G3 | rules party hand_size=2 | discard Y2 B5 | stock R9 | blue | ccw | "
        "await_wd4_response | turn 1 | to_act 1 | pending 4 | challenge 0 bluff b R1 G1 | "
        "exposed 0 | uncaught 1 | top_player 0 | passes 1 | hand_turns 12 | dealer 1 | hand 3 | "
        "scores 10 20 | winners 1 | first Y2 | rng secure 99 17 | "
        "history 1:0:G5:1:30,0:0,30:0,30: 2:1:R2:-:5,5:0,0:0,30:"
    )
    state = from_notation(text, check=False)  # winners mid-hand: a notation test, not a game
    assert state.rules == Rules.preset("party").changed(hand_size=2)
    assert state.color is Color.BLUE and state.direction == -1
    assert state.phase is Phase.AWAIT_WD4_RESPONSE and state.pending_draw == 4
    assert state.challenge == PendingChallenge(
        0, False, (Card.from_code("R1"), Card.from_code("G1")), Color.BLUE
    )
    assert (state.exposed, state.uncaught, state.top_player, state.passes) == (0, (1,), 0, 1)
    assert (state.hand_turns, state.dealer, state.hand_number) == (12, 1, 3)
    assert state.scores == (10, 20) and state.winners == (1,)
    assert state.rng.kind == "secure" and (state.rng.seed, state.rng.counter) == (99, 17)
    assert [h.went_out for h in state.history] == [1, None]
    assert from_notation(to_notation(state), check=False) == state


def test_rules_given_and_named_must_agree() -> None:
    party = Rules.preset("party")
    assert from_notation("R5 / G3 | rules party | discard R3", party).rules == party
    with pytest.raises(NotationError):
        from_notation("R5 / G3 | rules party | discard R3", Rules())


def test_text_options_take_bare_words() -> None:
    state = from_notation("R5 / G3 | rules official deck=2018 | discard R3")
    assert state.rules == Rules(deck="2018")
    assert to_notation(state).startswith("R5 / G3 | rules official-2018 | ")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "R5",  # one hand, no discard pile
        "R5 / G3",  # no discard pile
        "R5 / G3 | discard",
        "R5 / G3 | discard R3 | turn 2",
        "R5 / G3 | discard R3 | turn -1",
        "R5 / G3 | discard R3 | turn x",
        "R5 / G3 | discard R3 | turn 1 2",
        "R5 / G3 | discard R3 | turn 1 | turn 0",
        "R5 / G3 | discard R3 | red | blue",
        "R5 / G3 | discard R3 | red | color b",
        "R5 / G3 | discard R3 | purple",
        "R5 / G3 | discard R3 | color q",
        "R5 / G3 | discard R9 || red",
        "R5 / Q3 | discard R3",
        "R5 / G3 | discard ... R3 | stock ... Y9",
        "R5 / G3 | discard W+4 W+4 W+4 W+4 W+4",
        "R5 / G3 | discard R3 | scores 1",
        "R5 / G3 | discard R3 | rules nonesuch",
        "R5 / G3 | discard R3 | rules official stackng=same",
        "R5 / G3 | discard R3 | rules official hand_size",
        "R5 / G3 | discard R3 | challenge 0 maybe r",
        "R5 / G3 | discard R3 | history 1:0:G5",
        "R5 / G3 | discard R3 | rng 5 6 7",
        "R5 / G3 | discard R3 | rng " + "9" * 5000,
        "R5 / G3 | discard R3 | rng -1",
        "R5 / G3 | discard R3 | pending ٣",
        "R5 / G3 | discard rſ",
        "/".join(["R5"] * 11) + " | discard R3",
    ],
)
def test_invalid_text_raises_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        from_notation(text)


@pytest.mark.parametrize("bad", [None, 5, b"R5 / G3 | discard R3", ["R5"]])
def test_a_position_is_text(bad: object) -> None:
    with pytest.raises(NotationError):
        from_notation(bad)  # type: ignore[arg-type]


def test_the_notation_knows_every_field_of_the_state() -> None:
    # A field added to GameState must be added to the notation too, or states stop round-tripping.
    known = {
        "rules", "players", "rng", "hand_number", "dealer", "hands", "stock", "discard", "color",
        "direction", "turn", "to_act", "phase", "active", "scores", "first_discard",
        "pending_draw", "drawn", "challenge", "exposed", "uncaught", "top_player", "passes",
        "hand_turns", "pirate", "gift_to", "block", "winners", "history",
    }  # fmt: skip
    assert {field.name for field in dataclasses.fields(GameState)} == known


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("R5 / G3 | discard W", "state.color"),  # a wild on top and no colour named
        ("R5 / G3 | discard R3 | after_draw", "state.drawn"),
        ("R5 / G3 | discard R3 | await_wd4_response | to_act 1", "state.pending_draw"),
        ("R5 G1 / G3 | discard R3 | exposed 0", "state.exposed"),
        ("R5 / G3 | discard R3 | turn 1 | to_act 0", "state.to_act"),
        ("R5 / G3 | discard R3 | winners 0", "state.winners"),
    ],
)
def test_a_position_the_engine_cannot_go_on_from_is_refused(text: str, field: str) -> None:
    with pytest.raises(NotationError, match=field.replace(".", r"\.")):
        from_notation(text)
    from_notation(text, check=False)  # a test may still build it, to show a bot a view
