"""Events as a wire format: `EventType`, `EVENT_SPECS`, `Event.to_dict` / `from_dict`, the typed
accessors and redaction (DESIGN.md §2; RULES.md §5.6 says who may see what).

The events come from random games through the engine itself (`random_play`), which between
them emit every event type; each one is checked against its spec.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hostile_values import SETTINGS, is_plain_json, json_values
from lastcard import (
    Card,
    Color,
    CorruptDataError,
    Event,
    EventType,
    LastcardError,
    open_game,
)
from lastcard.core.errors import shown
from lastcard.core.events import DRAW_REASONS, EVENT_SPECS, Wire
from random_play import random_games


def all_events() -> Iterator[Event]:
    for game in random_games():
        yield from game.events


def first(kind: EventType, secret: bool = False) -> Event:
    """The first event of type `kind` in the random games (with its secret part, if asked)."""
    return next(e for e in all_events() if e.type == kind and (e.secret or not secret))


def example_dicts() -> list[dict[str, Any]]:
    """One full event dict of every type."""
    return [first(kind, bool(EVENT_SPECS[kind].secret)).to_dict() for kind in EventType]


# -- the specs and what the engine emits -------------------------------------------------------


def test_every_event_type_has_a_spec_and_a_value_equal_to_its_old_string() -> None:
    assert set(EVENT_SPECS) == set(EventType)
    for kind in EventType:
        assert kind == kind.value == kind.name.lower()
        assert json.dumps(kind) == f'"{kind.value}"'
        spec = EVENT_SPECS[kind]
        assert spec.meaning and all(f.meaning and f.wire.form for f in spec.fields)
        names = [f.name for f in spec.fields]
        assert len(names) == len(set(names)) and "type" not in names
        if spec.secret_to is not None:
            assert spec.secret_to in [f.name for f in spec.public] and spec.secret


def test_the_random_games_emit_every_event_type() -> None:
    # The tests below check what was emitted: this one makes sure that is every type.
    assert {e.type for e in all_events()} == set(EventType)


def test_every_emitted_event_matches_its_spec() -> None:
    for event in all_events():
        assert type(event.type) is EventType, event  # emitted with a member, not a string
        spec = EVENT_SPECS[event.type]
        assert list(event.data) == [f.name for f in spec.public], event
        assert list(event.secret) in ([], [f.name for f in spec.secret]), event
        for f in spec.fields:
            if f.name in event.data or f.name in event.secret:
                value = {**event.data, **event.secret}[f.name]
                # Each value is already in its wire form: reading it gives it back unchanged.
                assert f.wire.read(value, f.name) == value, (event, f.name)
        expected = frozenset({event.data[spec.secret_to]}) if spec.secret_to else frozenset()
        assert event.secret_to == (expected if event.secret else frozenset()), event


def test_to_dict_is_plain_json_and_survives_json() -> None:
    for event in all_events():
        for seat in (None, 0, 1):
            d = event.redact(seat).to_dict()
            assert is_plain_json(d), d
            assert json.loads(json.dumps(d)) == d
            assert d["type"] == event.type and type(d["type"]) is str


def test_from_dict_rebuilds_every_event_and_every_redaction_exactly() -> None:
    for event in all_events():
        assert Event.from_dict(json.loads(json.dumps(event.to_dict()))) == event
        for seat in (None, *event.secret_to, 9):
            redacted = event.redact(seat)
            assert Event.from_dict(json.loads(json.dumps(redacted.to_dict()))) == redacted


def test_opening_events_round_trip_too() -> None:
    opening = open_game(4, seed=3)
    assert [e.type for e in opening.events][:2] == [EventType.DEALER_DRAW, EventType.DEAL]
    for event in opening.events:
        assert Event.from_dict(event.to_dict()) == event


def test_rule_7_9_1_shuffle_hands_lists_every_seats_size() -> None:
    # JSON object keys are text: the sizes are a list by seat, not a mapping from seats.
    for game in random_games():
        for event in game.events:
            if event.type == EventType.SHUFFLE_HANDS:
                assert isinstance(event.data["sizes"], list)
                assert len(event.sizes) == game.states[0].players
    event = first(EventType.SHUFFLE_HANDS)
    assert Event.from_dict(json.loads(json.dumps(event.to_dict()))).sizes == event.sizes


# -- redaction -------------------------------------------------------------------------------

SECRET_FIELDS = [(kind, f.name) for kind, spec in EVENT_SPECS.items() for f in spec.secret]


def test_the_secret_fields_are_a_draws_cards_a_challenges_hand_and_the_dealt_hands() -> None:
    assert sorted(SECRET_FIELDS) == sorted(
        [
            (EventType.DRAW, "cards"),
            (EventType.CHALLENGE, "revealed"),
            (EventType.DEAL, "hands"),
            (EventType.PIRATE_WINDOW, "cheat"),
            (EventType.TRAVEL, "cards"),
            (EventType.GIFT, "given"),
        ]
    )


@pytest.mark.parametrize(("kind", "name"), SECRET_FIELDS, ids=lambda x: str(x))
def test_rule_5_6_each_secret_field_is_hidden_from_the_others(kind: EventType, name: str) -> None:
    event = first(kind, secret=True)
    assert getattr(event, name) is not None
    audience = EVENT_SPECS[kind].secret_to
    for seat in (None, *range(10)):
        seen = event.redact(seat)
        d = seen.to_dict()
        allowed = audience is not None and seat == event.data[audience]
        assert (name in d) is allowed
        assert (getattr(seen, name) is None) is not allowed
        assert seen.data == event.data  # what everyone may know stays, a draw's count among it


def test_rule_5_6_a_draw_shows_others_the_count_only() -> None:
    draw = next(e for e in all_events() if e.type == EventType.DRAW and e.count >= 2)
    drawer = draw.seat
    cards = draw.redact(drawer).cards
    assert cards is not None and len(cards) == draw.count
    other = (drawer + 1) % 10
    assert draw.redact(other).to_dict() == {
        "type": "draw",
        "seat": drawer,
        "count": draw.count,
        "reason": draw.reason,
        "owed": draw.owed,
    }


def test_rule_3_8_2_a_challenge_shows_the_hand_to_the_challenger_only() -> None:
    challenge = first(EventType.CHALLENGE, secret=True)
    assert challenge.secret_to == {challenge.seat}
    assert challenge.redact(challenge.seat).revealed is not None
    assert challenge.redact(challenge.player).revealed is None
    assert challenge.redact(None).revealed is None


def test_a_deal_shows_its_hands_to_nobody() -> None:
    deal = first(EventType.DEAL, secret=True)
    assert deal.secret_to == frozenset()
    for seat in (None, *range(len(deal.sizes))):
        assert deal.redact(seat).hands is None
    assert Event.from_dict(deal.to_dict()).secret_to == frozenset()


# -- typed access ----------------------------------------------------------------------------


def test_every_field_has_a_typed_accessor_giving_its_value() -> None:
    for event in all_events():
        for f in EVENT_SPECS[event.type].fields:
            value = getattr(event, f.name)
            wire = {**event.data, **event.secret}.get(f.name)
            if wire is None:
                assert value is None
            elif f.name in ("card", "given"):
                assert value is Card.from_code(wire)
            elif f.name == "color":
                assert isinstance(value, Color) and value.value.lower() == wire
            elif f.name in ("cards", "revealed"):
                assert value == tuple(Card.from_code(code) for code in wire)
            elif f.name == "hands":
                assert value == tuple(tuple(map(Card.from_code, hand)) for hand in wire)
            elif f.name == "draws":
                assert value == tuple((seat, Card.from_code(code)) for seat, code in wire)
            elif isinstance(wire, list):
                assert value == tuple(wire)
            else:
                assert value == wire and type(value) is type(wire)


def test_a_field_the_type_does_not_have_is_a_lastcard_error() -> None:
    skip = first(EventType.SKIP)
    with pytest.raises(CorruptDataError, match="no field 'card'"):
        _ = skip.card
    with pytest.raises(CorruptDataError, match="no field 'count'"):
        _ = skip.count


def test_accessors_read_hand_built_events_with_plain_string_types() -> None:
    # Events built by hand (tests, older code) may carry the type as a plain string.
    draw = Event("draw", {"seat": 1, "count": 1, "reason": "turn", "owed": 1})  # type: ignore[arg-type]
    assert draw.type == EventType.DRAW and draw.cards is None and draw.count == 1


# -- bad input -------------------------------------------------------------------------------

BAD_EVENTS = [
    None,
    [],
    "draw",
    5,
    {},
    {"type": None},
    {"type": "mystery"},
    {"type": "DRAW", "seat": 1, "count": 1, "reason": "turn", "owed": 1},
    {"type": "skip"},
    {"type": "skip", "seat": 1, "extra": 2},
    {"type": "skip", "seat": True},
    {"type": "skip", "seat": 1.0},
    {"type": "skip", "seat": -1},
    {"type": "skip", "seat": 10},
    {"type": "skip", "seat": 10**5000},
    {"type": "skip", "seat": "1"},
    {"type": "reverse", "direction": 0},
    {"type": "reshuffle", "stock": -3},
    {"type": "first_discard_returned", "card": "X9"},
    {"type": "first_discard_returned", "card": "\u212aeep"},
    {"type": "first_discard_returned", "card": ["R5"]},
    {"type": "color", "seat": 0, "color": "R"},
    {"type": "color", "seat": 0, "color": "red"},
    {"type": "draw", "seat": 1, "count": 1, "reason": "boredom", "owed": 1},
    {"type": "draw", "seat": 1, "count": 2, "reason": "turn", "owed": 1},
    {"type": "draw", "seat": 1, "count": 1, "reason": "turn", "owed": 1, "cards": ["R1", "R2"]},
    {"type": "draw", "seat": 1, "count": 1, "reason": "turn", "owed": 1, "cards": "R1"},
    {"type": "draw", "seat": 1, "count": 1, "reason": "turn", "owed": 1, "cards": [[["R1"]]]},
    {"type": "swap_hands", "seats": [1, 1], "sizes": [3, 3]},
    {"type": "swap_hands", "seats": [1, 2, 3], "sizes": [3, 3, 3]},
    {"type": "challenge", "seat": 1, "player": 1, "succeeded": True},
    {"type": "deal", "hand": 1, "dealer": 0, "sizes": [2, 2], "hands": [["R1"], ["R2", "R3"]]},
    {"type": "dealer_draw", "draws": [[0]], "dealer": 0},
    {"type": "dealer_draw", "draws": [[0, "R5", 1]], "dealer": 0},
    {"type": "game_over", "winners": [], "totals": [0, 0]},
    {"type": "game_over", "winners": [0], "totals": list(range(11))},
    {
        "type": "hand_over",
        "went_out": None,
        "blocked": False,
        "hands": [[], []],
        "hand_values": [0, 0],
        "points": [0, 0],
        "totals": [0, 0],
        "eliminated": [],
    },
    {
        "type": "hand_over",
        "went_out": 0,
        "blocked": False,
        "hands": [[], ["R1"]],
        "hand_values": [0, 1],
        "points": [1],
        "totals": [1, 0],
        "eliminated": [],
    },
]


@pytest.mark.parametrize("data", BAD_EVENTS, ids=lambda d: shown(d, 60))
def test_a_bad_event_dict_is_a_corrupt_data_error(data: Any) -> None:
    with pytest.raises(CorruptDataError):
        Event.from_dict(data)


def test_the_error_names_the_field() -> None:
    with pytest.raises(CorruptDataError, match=r"^skip\.seat: True is not a seat"):
        Event.from_dict({"type": "skip", "seat": True})
    with pytest.raises(CorruptDataError, match=r"draw\.reason: 'boredom' is not one of turn"):
        Event.from_dict({"type": "draw", "seat": 1, "count": 1, "reason": "boredom", "owed": 1})


def test_card_codes_are_read_in_their_canonical_form() -> None:
    event = Event.from_dict({"type": "first_discard", "card": "r5", "dealer": 0})
    assert event.data["card"] == "R5" and event.card is Card.from_code("R5")


def test_from_dict_copies_its_input() -> None:
    d = first(EventType.HAND_OVER).to_dict()
    event = Event.from_dict(d)
    d["totals"].append(99)
    d["hands"][0].append("R1")
    assert Event.from_dict(event.to_dict()) == event and 99 not in event.totals


@settings(**SETTINGS)
@given(data=st.data())
def test_hostile_changes_to_a_valid_dict_give_a_lastcard_error_or_a_valid_event(
    data: st.DataObject,
) -> None:
    d = dict(data.draw(st.sampled_from(example_dicts())))
    key = data.draw(st.sampled_from([*d, "extra"]))
    if data.draw(st.booleans()) and key in d:
        del d[key]
    else:
        d[key] = data.draw(json_values)
    try:
        event = Event.from_dict(d)
    except LastcardError:
        return
    # Accepted: a real event of its type, in plain JSON, that reads back as itself.
    assert is_plain_json(event.to_dict())
    assert Event.from_dict(json.loads(json.dumps(event.to_dict()))) == event
    for f in EVENT_SPECS[event.type].public:
        getattr(event, f.name)


def test_wire_forms_are_documented() -> None:
    wires = {f.wire for spec in EVENT_SPECS.values() for f in spec.fields}
    assert all(isinstance(w, Wire) and w.form for w in wires)
    reasons = {e.reason for e in all_events() if e.type == EventType.DRAW}
    assert reasons <= set(DRAW_REASONS)
