"""Hand-built actions, out-of-turn `keep`, and option edge cases (RULES.md §0.8, §4.2, §5.2)."""

from __future__ import annotations

import pytest

from lastcard import (
    Action,
    ActionKind,
    ActionSyntaxError,
    Card,
    IllegalActionError,
    Rules,
    RulesError,
    apply,
    new_game,
)


def _game(deck: list[str], **options: object) -> object:
    return new_game(3, Rules(hand_size=2, **options), seed=1, dealer=0, deck=deck)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "parts",
    [
        (ActionKind.PLAY,),
        (ActionKind.PLAY, Card.from_code("R6"), None, "2"),
        (ActionKind.COLOR,),
        (ActionKind.CATCH,),
        (ActionKind.PLAY, Card.from_code("W"), "g"),
        (ActionKind.DRAW, Card.from_code("R6")),
        (ActionKind.KEEP, None, None, 1),
    ],
)
def test_rule_0_8_malformed_actions_cannot_be_built(parts: tuple[object, ...]) -> None:
    # An `Action` is well formed by construction: the parts its kind carries, of their types.
    with pytest.raises(ActionSyntaxError):
        Action(*parts)  # type: ignore[arg-type]


def test_rule_0_8_what_is_no_action_is_refused_and_changes_nothing() -> None:
    state = new_game(
        3, Rules(hand_size=2), seed=1, dealer=0, deck=["R6", "Y1", "G1", "B1", "Y2", "G2", "R5"]
    )
    before = state.to_dict()
    for action in (None, 5, ("R6",), ActionKind.DRAW):
        with pytest.raises(ActionSyntaxError):
            apply(state, 1, action)  # type: ignore[arg-type]
    assert state.to_dict() == before


def test_rule_5_2_2_keep_by_another_seat_is_not_your_turn() -> None:
    state = new_game(
        3,
        Rules(hand_size=2),
        seed=1,
        dealer=0,
        deck=["B6", "Y1", "G1", "B1", "Y2", "G2", "R5", "R9"],
    )
    state = apply(state, 1, "draw").state
    with pytest.raises(IllegalActionError) as error:
        apply(state, 2, "keep")
    assert error.value.code == "NOT_YOUR_TURN"


def test_rule_4_2_a_swapped_single_card_is_not_too_late_to_catch_but_invalid() -> None:
    """A missed call whose window closed is forgotten once the hand changes owner (§4.2)."""
    rules = Rules(seven_o=True, hand_size=2)
    # Dealer 0: seat 1 gets R3 Y9, seat 2 gets B1 R7, seat 0 gets G4 R2; first discard R5.
    state = new_game(3, rules, seed=1, dealer=0, deck=["R3", "B1", "G4", "Y9", "R7", "R2", "R5"])
    state = apply(state, 1, "R3").state  # seat 1 plays down to one card without calling
    state = apply(state, 2, "R7>1").state  # closes the window, then swaps hands with seat 1
    assert state.hands[1] == (Card.from_code("B1"),)  # seat 2's last card, received in the swap
    with pytest.raises(IllegalActionError) as error:
        apply(state, 0, "catch 1")
    assert error.value.code == "CATCH_INVALID"


def test_rule_7_7_1_wild_downpour_without_counts_adds_two_of_each() -> None:
    assert Rules(wild_downpour={}).wild_downpour == (("draw1", 2), ("draw2", 2))
    assert len(Rules(wild_downpour={}).deck_cards()) == 112


@pytest.mark.parametrize(
    "empty",
    [[], (), set(), {}.items(), iter(())],
    ids=["list", "tuple", "set", "items", "iterator"],
)
def test_rule_7_7_1_wild_downpour_as_any_empty_collection_reads_back_as_stored(
    empty: object,
) -> None:
    # hypothesis found it: [] became no counts at all, stored as {}, read back as two of each
    rules = Rules(wild_downpour=empty)  # type: ignore[arg-type]
    assert rules.wild_downpour == (("draw1", 2), ("draw2", 2))
    assert Rules.from_dict(rules.to_dict()) == rules


def test_rule_7_12_1_explicit_teams_may_not_be_empty() -> None:
    with pytest.raises(RulesError):
        new_game(4, Rules(teams=[[0, 1, 2, 3], []]), seed=1)
