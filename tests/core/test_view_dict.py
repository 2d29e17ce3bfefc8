"""`PlayerView.to_dict()` / `from_dict()`: the view as the server sends it (RULES.md §5.6).

Views of every seat and of a spectator, from random games of every preset (`random_play`)
that pass through every phase, go through JSON and come back equal; bad input is a
`CorruptDataError`; and the wire form holds nothing the seat may not see.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hostile_values import SETTINGS, is_plain_json, json_values
from lastcard import (
    CorruptDataError,
    GameState,
    LastcardError,
    Phase,
    PlayerView,
    player_view,
)
from lastcard.core.errors import shown
from lastcard.core.view import VIEW_FIELDS
from random_play import random_games


def sampled_states(every: int = 7) -> Iterator[GameState]:
    """Every `every`-th state of the random games, the first of each phase (short-lived ones
    such as a Mambo's lead are easily skipped) and the last of each."""
    for game in random_games():
        yield from game.states[::every]
        firsts = {}
        for state in game.states:
            firsts.setdefault(state.phase, state)
        yield from firsts.values()
        yield game.states[-1]


def views(state: GameState) -> list[PlayerView]:
    return [player_view(state, seat) for seat in (None, *range(state.players))]


def through_json(view: PlayerView) -> PlayerView:
    return PlayerView.from_dict(json.loads(json.dumps(view.to_dict())))


def valid_dict() -> dict[str, Any]:
    state = next(s for s in sampled_states() if s.phase is Phase.AFTER_DRAW)
    return player_view(state, state.turn).to_dict()


# -- round trip ------------------------------------------------------------------------------


def test_the_sampled_states_cover_every_phase_and_preset() -> None:
    assert {s.phase for s in sampled_states(1)} == set(Phase)
    assert {s.phase for s in sampled_states()} == set(Phase)
    names = {game.name for game in random_games()}
    assert {"official", "official-2018", "party", "elimination", "partners", "h2o"} <= names


def test_every_view_survives_json_exactly() -> None:
    for state in sampled_states():
        for view in views(state):
            d = view.to_dict()
            assert is_plain_json(d), d
            assert through_json(view) == view


def test_a_drawn_card_and_a_challenge_colour_survive_too() -> None:
    seen = set()
    for state in sampled_states(1):
        if state.phase is Phase.AFTER_DRAW:
            view = player_view(state, state.turn)
            assert view.drawn is not None and through_json(view) == view
            seen.add("drawn")
        if state.challenge is not None:
            view = player_view(state, None)
            assert view.challengeable_by is not None and through_json(view) == view
            seen.add("challenge")
    assert seen == {"drawn", "challenge"}


def test_every_field_is_documented_and_sent() -> None:
    names = [f.name for f in dataclasses.fields(PlayerView)]
    assert [f.name for f in VIEW_FIELDS] == names
    assert all(f.form and f.meaning for f in VIEW_FIELDS)
    assert list(valid_dict()) == names


# -- nothing hidden --------------------------------------------------------------------------


def hidden_changed(state: GameState, seat: int | None) -> GameState:
    """`state` with what `seat` may not see changed: the other hands and the stock dealt again
    from one pool (sizes kept), and another generator state."""
    # §7.6.2: under Pirate rules the hands are open: only the stock is hidden
    others = [] if state.rules.pirate else [s for s in range(state.players) if s != seat]
    pool = [card for s in others for card in state.hands[s]] + list(state.stock)
    pool.reverse()
    hands = list(state.hands)
    for s in others:
        size = len(hands[s])
        hands[s], pool = tuple(pool[:size]), pool[size:]
    rng = dataclasses.replace(state.rng, seed=state.rng.seed + 1, counter=state.rng.counter + 3)
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(pool), rng=rng)


def test_rule_5_6_1_the_wire_form_holds_nothing_the_seat_may_not_see() -> None:
    for state in sampled_states(23):
        for seat in (None, *range(state.players)):
            changed = hidden_changed(state, seat)
            assert player_view(changed, seat).to_dict() == player_view(state, seat).to_dict()


def test_rule_5_6_a_spectator_sees_no_hand_and_no_drawn_card() -> None:
    for state in sampled_states():
        d = player_view(state, None).to_dict()
        assert d["seat"] is None and d["hand"] is None and d["drawn"] is None


# -- bad input -------------------------------------------------------------------------------


def changed(**fields: Any) -> dict[str, Any]:
    return {**valid_dict(), **fields}


def without(name: str) -> dict[str, Any]:
    d = valid_dict()
    del d[name]
    return d


BAD_VIEWS = [
    None,
    [],
    "view",
    7,
    {},
    without("hand"),
    without("history"),
    changed(extra=1),
    changed(players=1),
    changed(players=11),
    changed(players=True),
    changed(players=10**5000),
    changed(seat=True),
    changed(seat=9),
    changed(seat=-1),
    changed(seat=None),  # a spectator holding a hand
    changed(hand=None),  # a seat without its hand
    changed(hand=["R1"]),  # not hand_sizes[seat] cards
    changed(hand="R1"),
    changed(hand=[["R1"]]),
    changed(discard=[]),
    changed(discard=["X1"]),
    changed(color="r"),
    changed(color="purple"),
    changed(direction=0),
    changed(stock_size=-1),
    changed(stock_size=5.0),
    changed(turn=None),
    changed(phase="thinking"),
    changed(phase=None),
    changed(pending_draw=False),
    changed(drawn="R1"),  # not in the hand
    changed(drawn=5),
    changed(active=[True]),
    changed(active=[1, 1, 1, 1]),
    changed(scores=[0]),
    changed(hand_sizes="7777"),
    changed(uncaught=[99]),
    changed(first_discard=None),
    changed(hand_number=0),
    changed(rules={"stacking": "always"}),
    changed(rules={"nonsense": True}),
    changed(rules=[]),
    changed(history=[{"number": 1}]),
    changed(history={}),
]


@pytest.mark.parametrize("data", BAD_VIEWS, ids=lambda d: shown(d, 60))
def test_a_bad_view_dict_is_a_corrupt_data_error(data: Any) -> None:
    with pytest.raises(CorruptDataError):
        PlayerView.from_dict(data)


def test_the_error_names_the_field() -> None:
    with pytest.raises(CorruptDataError, match=r"^view\.turn: None is not a seat"):
        PlayerView.from_dict(changed(turn=None))


@settings(**SETTINGS)
@given(data=st.data())
def test_hostile_changes_give_a_lastcard_error_or_a_view_that_round_trips(
    data: st.DataObject,
) -> None:
    d = valid_dict()
    key = data.draw(st.sampled_from([*d, "extra"]))
    d[key] = data.draw(json_values)
    try:
        view = PlayerView.from_dict(d)
    except LastcardError:
        return
    assert through_json(view) == view
