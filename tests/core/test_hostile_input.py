"""Hostile input (DESIGN.md §2: illegal input raises a typed error and changes nothing).

Whatever is fed to `apply`, `parse_action`, `player_view`, `Card.from_code`,
`read_state`, `GameRecord.from_dict` / `from_json` and `replay`, the only exceptions are
`LastcardError`s, a rejection changes nothing, and accepted data round-trips. The `test_d*` tests
keep the defects the audit of the core found (D1–D10) from coming back, each by its name.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile_values import CODE_CHARS, LOOK_ALIKES, json_values, scalars
from lastcard import (
    Action,
    ActionKind,
    ActionSyntaxError,
    Card,
    CardCodeError,
    Color,
    CorruptDataError,
    GameRecord,
    GameState,
    IllegalActionError,
    LastcardError,
    Recorder,
    Rules,
    apply,
    legal_actions,
    new_game,
    parse_action,
    player_view,
    read_state,
    replay,
)

SETTINGS: dict[str, Any] = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}


# Characters that Python's case mapping, whitespace or digit rules turn into parts of a code.
def _record() -> tuple[GameRecord, list[GameState]]:
    """A short game between first-choice players, and every state it passed through."""
    rec = Recorder(3, Rules.preset("party").changed(hand_size=3, target_score=None), seed=4)
    states = [rec.state]
    while not rec.state.is_over and len(states) < 40:
        seat = rec.state.to_act
        assert seat is not None
        rec.apply(seat, legal_actions(rec.state, seat)[-1])
        states.append(rec.state)
    return rec.record(), states


RECORD, STATES = _record()
STATES += [new_game(4, Rules.preset(name), seed=9) for name in ("h2o", "elimination", "partners")]


def outcome(call: Callable[[], Any]) -> Any:
    """The call's result, or the `LastcardError` it raised; any other exception fails."""
    try:
        return call()
    except LastcardError as error:
        return error


# -- strategies ------------------------------------------------------------------------------

texts = st.one_of(
    st.text(max_size=20),
    st.text(alphabet=LOOK_ALIKES + CODE_CHARS, max_size=12),
    st.sampled_from([a.code for a in legal_actions(STATES[1], 0)] + ["draw", "catch 1", "R7>2"]),
    st.builds(
        lambda head, n: head + "9" * n,
        st.sampled_from(["catch ", "R7>", "W:r>"]),
        st.integers(0, 5000),
    ),
    st.builds(
        lambda word, pad: " " * pad + word,
        st.sampled_from(["draw", "keep", "uno"]),
        st.integers(60, 200),
    ),
)
seats = st.one_of(st.integers(-2, 11), scalars, st.lists(scalars, max_size=2))


def built(parts: dict[str, Any]) -> Any:
    """An `Action` of these parts, or the `ActionSyntaxError` its construction raised: an
    action is well formed by construction, and `apply` refuses anything else as no action."""
    return outcome(lambda: Action(**parts))


hand_built = st.fixed_dictionaries(
    {
        "kind": st.one_of(st.sampled_from(ActionKind), scalars),
        "card": st.one_of(
            st.none(),
            st.sampled_from([Card.from_code(c) for c in ("R5", "W", "W+4", "G7")]),
            scalars,
        ),
        "color": st.one_of(st.none(), st.sampled_from(Color), scalars),
        "target": seats,
        "uno": st.one_of(st.booleans(), scalars),
    }
).map(built)
actions = st.one_of(texts, hand_built, json_values)


def mutations(data: Any) -> st.SearchStrategy[Any]:
    """`data` with one value somewhere inside replaced by any JSON value, or one key or item
    dropped."""

    @st.composite
    def mutate(draw: st.DrawFn) -> Any:
        copy_ = copy.deepcopy(data)
        node: Any = copy_
        path: list[tuple[Any, Any]] = []
        # Walk down a random path, stopping at a random depth.
        while isinstance(node, dict | list) and node and (not path or draw(st.booleans())):
            key = draw(
                st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node)))
            )
            path.append((node, key))
            node = node[key]
        if not path:
            return draw(json_values)
        parent, key = path[-1]
        if draw(st.booleans()):
            del parent[key]
        else:
            parent[key] = draw(json_values)
        return copy_

    return mutate()


# -- the properties --------------------------------------------------------------------------


@settings(max_examples=300, **SETTINGS)
@given(text=st.one_of(texts, json_values))
def test_parse_action_raises_only_lastcard_errors(text: Any) -> None:
    result = outcome(lambda: parse_action(text))
    if isinstance(result, Action):
        assert isinstance(text, str) and text.isascii() and len(text) <= 64
        assert parse_action(result.code) == result  # printing then parsing gives it back
    else:
        assert isinstance(result, ActionSyntaxError)


@settings(max_examples=200, **SETTINGS)
@given(text=st.one_of(texts, json_values))
def test_card_from_code_raises_only_lastcard_errors(text: Any) -> None:
    result = outcome(lambda: Card.from_code(text))
    if isinstance(result, Card):
        assert isinstance(text, str) and text.isascii()
        assert Card.from_code(result.code) is result
    else:
        assert isinstance(result, CardCodeError)


@settings(max_examples=300, **SETTINGS)
@given(index=st.integers(0, len(STATES) - 1), seat=seats, action=actions)
def test_apply_raises_only_lastcard_errors_and_a_rejection_changes_nothing(
    index: int, seat: Any, action: Any
) -> None:
    state = STATES[index]
    before = state.to_dict()
    result = outcome(lambda: apply(state, seat, action))
    assert state.to_dict() == before
    if not isinstance(result, LastcardError):
        assert type(seat) is int
        code = action if isinstance(action, str) else action.code
        assert outcome(lambda: parse_action(code)) in legal_actions(state, seat)


@settings(max_examples=200, **SETTINGS)
@given(index=st.integers(0, len(STATES) - 1), seat=seats, action=hand_built)
def test_a_hand_built_action_prints_a_code_that_parses_back_or_is_refused(
    index: int, seat: Any, action: Action | LastcardError
) -> None:
    if isinstance(action, LastcardError):
        assert isinstance(action, ActionSyntaxError)
        return
    code = outcome(lambda: action.code)
    if isinstance(code, str):
        assert parse_action(code).code == code
    outcome(lambda: legal_actions(STATES[index], seat))


@settings(max_examples=200, **SETTINGS)
@given(index=st.integers(0, len(STATES) - 1), seat=seats)
def test_player_view_raises_only_lastcard_errors(index: int, seat: Any) -> None:
    state = STATES[index]
    result = outcome(lambda: player_view(state, seat))
    if not isinstance(result, LastcardError):
        assert seat is None or (type(seat) is int and 0 <= seat < state.players)
        assert result.seat == seat


@settings(max_examples=250, **SETTINGS)
@given(data=st.data())
def test_state_from_dict_refuses_corruption_and_accepted_states_round_trip(
    data: st.DataObject,
) -> None:
    original = STATES[data.draw(st.integers(0, len(STATES) - 1))].to_dict()
    mutated = data.draw(st.one_of(mutations(original), json_values))
    kept = copy.deepcopy(mutated)
    result = outcome(lambda: read_state(mutated))
    # In lists, so that a NaN (kept as the same object by deepcopy) compares equal to itself.
    assert [mutated] == [kept]  # from_dict reads its input, never changes it
    if isinstance(result, GameState):
        assert read_state(result.to_dict()) == result
        json.dumps(result.to_dict())  # storable again
        for seat in range(result.players):
            for action in legal_actions(result, seat)[:3]:
                outcome(lambda: apply(result, seat, action))  # noqa: B023
    else:
        assert isinstance(result, CorruptDataError), result


@settings(max_examples=150, **SETTINGS)
@given(data=st.data())
def test_record_from_dict_and_replay_raise_only_lastcard_errors(data: st.DataObject) -> None:
    mutated = data.draw(st.one_of(mutations(RECORD.to_dict()), json_values))
    result = outcome(lambda: GameRecord.from_dict(mutated))
    if isinstance(result, GameRecord):
        assert GameRecord.from_json(result.to_json()) == result
        outcome(lambda: replay(result))
    else:
        assert isinstance(result, CorruptDataError), result
    text = outcome(lambda: json.dumps(mutated))
    if isinstance(text, str):
        outcome(lambda: GameRecord.from_json(text))


@settings(max_examples=150, **SETTINGS)
@given(text=st.one_of(st.text(max_size=40), st.binary(max_size=40), json_values))
def test_record_from_json_raises_only_lastcard_errors(text: Any) -> None:
    result = outcome(lambda: GameRecord.from_json(text))
    assert isinstance(result, GameRecord | CorruptDataError)


@settings(max_examples=100, **SETTINGS)
@given(
    field=st.sampled_from([f.name for f in dataclasses.fields(GameRecord)]),
    value=json_values,
)
def test_replay_of_a_hand_built_record_raises_only_lastcard_errors(field: str, value: Any) -> None:
    record = dataclasses.replace(RECORD, **{field: value})
    outcome(lambda: replay(record))


# -- the audit's defects, by name ------------------------------------------------------------

S = new_game(4, seed=1)


@pytest.mark.parametrize("action", [None, 5, ["draw"], 1.5, True, b"draw"])
def test_d1_an_action_that_is_not_text_or_an_action_is_a_syntax_error(action: Any) -> None:
    before = S.to_dict()
    with pytest.raises(ActionSyntaxError):
        apply(S, 0, action)
    with pytest.raises(ActionSyntaxError):
        parse_action(action)
    assert S.to_dict() == before


@pytest.mark.parametrize("text", ["catch " + "9" * 5000, "R7>" + "1" * 4301, " " * 10**6 + "draw"])
def test_d2_long_texts_are_refused_by_length_not_by_int(text: str) -> None:
    with pytest.raises(ActionSyntaxError, match="longer than 64"):
        parse_action(text)
    with pytest.raises(ActionSyntaxError):
        apply(S, 0, text)


def test_d2_a_long_seat_number_is_an_invalid_catch_or_no_seat_number() -> None:
    with pytest.raises(IllegalActionError) as caught:
        apply(S, 0, "catch " + "9" * 19)
    assert caught.value.code == "CATCH_INVALID"
    with pytest.raises(ActionSyntaxError, match="names no seat number"):
        apply(S, 0, "catch " + "9" * 50)


def test_d2_rejected_texts_are_not_cached_and_the_cache_is_bounded() -> None:
    from lastcard.core import actions

    actions._PARSED.clear()
    for n in range(50):
        with pytest.raises(ActionSyntaxError):
            parse_action(" " * (65 + n) + "draw")
        with pytest.raises(ActionSyntaxError):
            parse_action(f"nonsense {n}")
    assert not actions._PARSED
    for n in range(actions._CACHE_SIZE + 10):
        parse_action(f"catch {n}")
    assert len(actions._PARSED) <= actions._CACHE_SIZE
    assert parse_action("catch 3").target == 3


@pytest.mark.parametrize("target", [True, False, -1, "1", 1.0])
def test_d4_a_target_that_is_no_seat_is_refused_in_print_and_in_apply(target: Any) -> None:
    if type(target) is int and target >= 0:
        for action in (
            Action(ActionKind.CATCH, target=target),
            Action(ActionKind.PLAY, Card.from_code("R7"), None, target),
        ):
            with pytest.raises(IllegalActionError):
                apply(S, 0, action)  # no seat of this game
        return
    # No seat number at all: such an action cannot even be built.
    with pytest.raises(ActionSyntaxError):
        Action(ActionKind.CATCH, target=target)
    with pytest.raises(ActionSyntaxError):
        Action(ActionKind.PLAY, Card.from_code("R7"), None, target)


def test_d4_a_bool_uno_flag_is_refused() -> None:
    with pytest.raises(ActionSyntaxError):
        Action(ActionKind.PLAY, Card.from_code("R7"), uno=1)  # type: ignore[arg-type]


def test_d7_a_state_with_six_extra_wild_draw_fours_is_refused() -> None:
    data = S.to_dict()
    data["hands"][0] += ["W+4"] * 6
    with pytest.raises(CorruptDataError, match="not the rules' deck"):
        read_state(data)
    data["pending_draw"] = -5
    with pytest.raises(CorruptDataError):
        read_state(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"turn": 99}, "state.turn: 99 is not a seat of a 4-player game"),
        ({"players": "4"}, "state.players"),
        ({"turn": True}, "state.turn"),
    ],
)
def test_d7_a_state_out_of_range_or_of_the_wrong_type_is_refused(
    change: dict[str, Any], message: str
) -> None:
    with pytest.raises(CorruptDataError, match=message):
        read_state({**S.to_dict(), **change})


def test_d7_a_state_missing_its_phase_is_refused() -> None:
    data = S.to_dict()
    del data["phase"]
    with pytest.raises(CorruptDataError, match="missing 'phase'"):
        read_state(data)


def test_d8_records_with_hostile_json_or_values_are_refused() -> None:
    data = GameRecord(players=3, seed=5).to_dict()
    with pytest.raises(CorruptDataError):
        GameRecord.from_json("[" * 100_000)
    with pytest.raises(CorruptDataError):
        GameRecord.from_json(json.dumps(data).replace('"seed": 5', '"seed": ' + "9" * 5000))
    with pytest.raises(CorruptDataError):
        GameRecord.from_json(json.dumps({**data, "seed": float("nan")}))
    with pytest.raises(CorruptDataError, match="missing 'seed'"):
        GameRecord.from_dict({k: v for k, v in data.items() if k != "seed"})
    with pytest.raises(CorruptDataError, match=r"record\.seed"):
        GameRecord.from_dict({**data, "seed": 5.9})


@pytest.mark.parametrize("deck", [("R10",), ("W+4",) * 5])
def test_d8_replaying_a_record_with_an_impossible_deck_is_refused(deck: tuple[str, ...]) -> None:
    with pytest.raises(CorruptDataError, match=r"record\.deck"):
        replay(GameRecord(players=3, deck=deck))


@pytest.mark.parametrize("seat", [99, -1, "0", True, 1.0, [0]])
def test_d9_player_view_refuses_what_is_not_a_seat(seat: Any) -> None:
    with pytest.raises(LastcardError, match="no seat"):
        player_view(S, seat)


@pytest.mark.parametrize(
    "text", ["\u212aeep", "r\u017f", "R\u0663", "\uff32\uff15", "dr\u0430w", "catch \u0663"]
)
def test_d10_non_ascii_look_alikes_are_not_actions_or_cards(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)
    with pytest.raises(CardCodeError):
        Card.from_code(text)


def test_d10_ascii_codes_still_parse_case_insensitively() -> None:
    assert parse_action(" KEEP ").code == "keep"
    assert parse_action("rs").code == "RS"
    assert Card.from_code(" r3 ").code == "R3"
    rng = random.Random(0)
    for action in legal_actions(STATES[1], STATES[1].to_act or 0):
        mixed = "".join(c.upper() if rng.random() < 0.5 else c.lower() for c in action.code)
        assert parse_action(mixed) == action
