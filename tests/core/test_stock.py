"""Short and empty stocks: E27–E31 (RULES.md §3.7, §3.10, §3.11, §6.1.5).

Seats: A = 0, B = 1, C = 2; A is to play unless stated.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from lastcard import Card, Color, GameState, Kind, Phase, Rules, apply, new_game
from positions import (
    action_codes,
    cards,
    codes_of,
    event_data,
    event_types,
    position,
    rejected,
    run,
    sizes,
)

# Eight discards under R5 (nine under the WD4 once played), with a Wild and a WD4 played earlier.
OLD_DISCARDS = "B2 B3 W G4 W+4 Y6 R7 R4"


# -- E27: the stock runs out in the middle of a draw -------------------------------------------


def wd4_on_short_stock() -> tuple[GameState, GameState]:
    """A plays a legal W+4 (declaring green) with 2 cards left in the stock and 9 discards."""
    state = position(["W+4 G1 B1", "B5 B6 Y2", "G2 G3"], OLD_DISCARDS + " R5", stock=["Y1", "Y9"])
    return state, apply(state, 0, "W+4:g").state


def test_e27_stock_runs_out_during_a_draw_four() -> None:
    _, played = wd4_on_short_stock()
    assert len(played.stock) == 2
    assert len(played.discard) == 10
    t = apply(played, 1, "accept")
    after = t.state
    b = after.hands[1]
    assert codes_of(b[:5]) == ["B5", "B6", "Y2", "Y1", "Y9"]  # the 2 stock cards first
    assert len(b) == 3 + 4
    # The other 9 discards became the stock; B drew 2 of them; 7 remain.
    assert len(after.stock) == 7
    assert Counter(b[5:]) + Counter(after.stock) == Counter(cards(OLD_DISCARDS + " R5"))
    # The top card stays, and with it the current colour (§3.10.1, §3.10.2).
    assert codes_of(after.discard) == ["W+4"]
    assert after.color is Color.GREEN
    assert after.turn == after.to_act == 2
    assert after.phase is Phase.AWAIT_TURN
    assert event_types(t) == ["accept", "reshuffle", "draw", "skip"]
    assert event_data(t, "reshuffle") == [{"stock": 9}]
    (draw,) = event_data(t, "draw")
    assert (draw["seat"], draw["count"], draw["owed"]) == (1, 4, 4)
    assert draw["cards"] == codes_of(b[3:])
    # Nothing is lost or created.
    assert after.deck_size == played.deck_size


def test_rule_3_10_2_rebuilt_stock_holds_plain_wild_cards() -> None:
    _, played = wd4_on_short_stock()
    after = apply(played, 1, "accept").state
    returned = Counter(after.hands[1][5:]) + Counter(after.stock)
    assert returned[Card.from_code("W")] == 1
    assert returned[Card.from_code("W+4")] == 1
    # The colour declared for those wilds is gone: only the top card's colour counts.
    assert after.color is Color.GREEN


def test_rule_3_10_1_rebuild_shuffles_with_the_game_rng_deterministically() -> None:
    _, played = wd4_on_short_stock()
    first = apply(played, 1, "accept").state
    second = apply(played, 1, "accept").state
    assert first.to_dict() == second.to_dict()
    assert first.rng != played.rng
    # Another seed of the game's generator may order the rebuilt stock differently, but the
    # cards are always the same.
    other = apply(dataclass_replace_rng(played, 99), 1, "accept").state
    returned = Counter(first.stock) + Counter(first.hands[1][5:])
    assert Counter(other.stock) + Counter(other.hands[1][5:]) == returned


def dataclass_replace_rng(state: GameState, seed: int) -> GameState:
    return dataclasses.replace(state, rng=dataclasses.replace(state.rng, seed=seed))


def test_e27_failed_challenge_on_a_short_stock_draws_six_across_the_rebuild() -> None:
    _, played = wd4_on_short_stock()
    t = apply(played, 1, "challenge")
    after = t.state
    assert len(after.hands[1]) == 3 + 6
    assert len(after.stock) == 9 - 4
    assert codes_of(after.discard) == ["W+4"]
    (draw,) = event_data(t, "draw")
    assert (draw["count"], draw["owed"]) == (6, 6)
    assert after.turn == 2


def test_rule_3_7_1_successful_challenge_on_a_short_stock() -> None:
    state = position(["W+4 R1 B1", "B5 B6 Y2", "G2 G3"], OLD_DISCARDS + " R5", stock=["Y1", "Y9"])
    played = apply(state, 0, "W+4:g").state
    t = apply(played, 1, "challenge")
    after = t.state
    assert codes_of(after.hands[0][:4]) == ["R1", "B1", "Y1", "Y9"]
    assert len(after.hands[0]) == 2 + 4
    assert len(after.stock) == 7
    assert after.turn == after.to_act == 1
    assert "reshuffle" in event_types(t)


def test_rule_3_7_1_draw_two_across_a_rebuild() -> None:
    state = position(["R+2 G1", "B5 B6", "G2 G3"], "B2 B3 R5", stock=["Y9"])
    t = apply(state, 0, "R+2")
    after = t.state
    assert codes_of(after.hands[1][:3]) == ["B5", "B6", "Y9"]
    assert after.hands[1][3] in cards("B2 B3 R5")
    assert len(after.stock) == 2
    assert codes_of(after.discard) == ["R+2"]
    assert after.turn == 2
    assert event_types(t) == ["play", "reshuffle", "draw", "skip"]


# -- E28: nothing (or not enough) to draw ------------------------------------------------------


def test_e28_draw_two_victim_draws_nothing_and_still_loses_the_turn() -> None:
    # 9 players x 12 cards + a Draw Two first discard use every card of a 109-card deck (the
    # classic deck plus one Wild Downpour Draw 1), so the stock is empty and the discard pile is
    # only the Draw Two.
    rules = Rules(hand_size=12, wild_downpour={"draw1": 1})
    deck = [card.code for card in rules.deck_cards()]
    deck.remove("R+2")
    state = new_game(9, rules, seed=3, dealer=0, deck=[*deck, "R+2"])
    assert state.stock == ()
    assert codes_of(state.discard) == ["R+2"]
    # Seat 1 drew nothing, lost the turn, and owes nothing.
    assert sizes(state) == [12] * 9
    assert state.turn == state.to_act == 2
    assert state.phase is Phase.AWAIT_TURN
    assert state.pending_draw == 0
    assert state.deck_size == 109


def test_e28_short_draw_is_forfeited_never_owed_later() -> None:
    # Stock empty, the discard pile is [R5]: after the Draw Two only R5 can come back.
    state = position(["R+2 R1 G2", "B5 B6", "R3 Y3 Y4"], "R5", stock=[], turn=0)
    t = apply(state, 0, "R+2")
    after = t.state
    assert codes_of(after.hands[1]) == ["B5", "B6", "R5"]
    (draw,) = event_data(t, "draw")
    assert (draw["seat"], draw["count"], draw["owed"]) == (1, 1, 2)
    assert event_data(t, "skip") == [{"seat": 1}]
    assert after.turn == after.to_act == 2
    assert after.pending_draw == 0
    # Play goes round; when B's turn comes, B has not drawn the missing card.
    later = run(after, (2, "R3"), (0, "R1")).state
    assert later.turn == later.to_act == 1
    assert later.phase is Phase.AWAIT_TURN
    assert codes_of(later.hands[1]) == ["B5", "B6", "R5"]
    assert later.pending_draw == 0


def test_rule_3_7_2_wd4_victim_forfeits_what_cannot_be_drawn() -> None:
    state = position(["W+4 G1 G2", "B5 B6", "R3 Y3"], "R5", stock=[])
    played = apply(state, 0, "W+4:y").state
    t = apply(played, 1, "accept")
    after = t.state
    (draw,) = event_data(t, "draw")
    assert (draw["count"], draw["owed"]) == (1, 4)
    assert codes_of(after.hands[1]) == ["B5", "B6", "R5"]
    assert after.turn == 2
    assert after.stock == ()
    assert codes_of(after.discard) == ["W+4"]
    assert after.color is Color.YELLOW


# -- E29: draw with nothing to draw is a pass --------------------------------------------------


def empty_stock(hands: list[str], **kw: int) -> GameState:
    return position(hands, "R5", stock=[], **kw)


def test_e29_draw_without_a_legal_play_passes() -> None:
    state = empty_stock(["G1 B2", "R9 G3", "Y3 Y4"])
    assert action_codes(state, 0) == ["draw"]
    t = apply(state, 0, "draw")
    after = t.state
    assert event_types(t) == ["pass"]
    assert event_data(t, "pass") == [{"seat": 0}]
    assert sizes(after) == [2, 2, 2]
    assert after.stock == ()
    assert codes_of(after.discard) == ["R5"]
    assert after.phase is Phase.AWAIT_TURN
    assert after.turn == after.to_act == 1
    assert after.passes == 1
    assert after.drawn is None


@pytest.mark.parametrize("hand", ["R9 G3", "G5 G3", "W G3", "W+4 G3"])
def test_e29_draw_refused_while_holding_a_legal_play(hand: str) -> None:
    # B has a legal play and nothing can be drawn: B must play (§3.11.2), even though
    # voluntary draws are allowed by default.
    state = empty_stock(["G1 B2", hand, "Y3 Y4"], turn=1)
    rejected(state, 1, "draw", "DRAW_NOT_ALLOWED")
    assert "draw" not in action_codes(state, 1)


def test_rule_3_11_1_pass_with_a_wild_top_card() -> None:
    state = position(["R1 B2", "G3"], "W", color=Color.YELLOW, stock=[])
    after = apply(state, 0, "draw").state
    assert after.turn == 1
    assert after.passes == 1
    assert after.color is Color.YELLOW


# -- E30: a blocked hand -------------------------------------------------------------------------


def blocked_position(rules: Rules | None = None) -> GameState:
    return position(["G1 B2", "Y3 G4 B6", "Y7"], "R5", rules=rules, stock=[], scores=(10, 20, 30))


def test_e30_blocked_hand_ends_with_no_score() -> None:
    state = blocked_position()
    two = run(state, (0, "draw"), (1, "draw")).state
    assert two.phase is Phase.AWAIT_TURN
    assert two.passes == 2
    assert two.turn == 2
    t = apply(two, 2, "draw")
    after = t.state
    assert after.phase is Phase.HAND_OVER
    assert after.to_act is None
    assert after.scores == (10, 20, 30)
    assert after.winners == ()
    result = after.history[-1]
    assert result.went_out is None
    assert result.points == (0, 0, 0)
    assert result.totals == (10, 20, 30)
    assert result.hand_values == (3, 13, 7)
    assert event_types(t) == ["pass", "hand_over"]
    (over,) = event_data(t, "hand_over")
    assert over["blocked"] is True
    assert over["went_out"] is None
    assert over["points"] == [0, 0, 0]
    assert over["totals"] == [10, 20, 30]
    rejected(after, 0, "draw", "HAND_IS_OVER")


def test_e30_next_hand_is_dealt_normally_after_a_blocked_hand() -> None:
    state = run(blocked_position(), (0, "draw"), (1, "draw"), (2, "draw")).state
    t = apply(state, 1, "next")
    after = t.state
    assert after.hand_number == state.hand_number + 1
    assert after.phase is not Phase.HAND_OVER
    assert after.scores == (10, 20, 30)
    assert after.deck_size == 108
    assert "deal" in event_types(t)
    assert len(after.history) == 1


def test_e30_blocked_hand_does_not_end_a_single_hand_game() -> None:
    state = blocked_position(Rules(target_score=None))
    after = run(state, (0, "draw"), (1, "draw"), (2, "draw")).state
    assert after.phase is Phase.HAND_OVER
    assert after.winners == ()
    assert after.history[-1].went_out is None
    nxt = apply(after, 0, "next").state
    assert nxt.hand_number == after.hand_number + 1
    assert nxt.phase not in (Phase.HAND_OVER, Phase.GAME_OVER)


def test_rule_3_11_3_a_play_breaks_the_cycle_of_passes() -> None:
    state = position(["G1 B2", "R9 G4 B6", "Y7"], "R5", stock=[])
    one = apply(state, 0, "draw").state
    assert one.passes == 1
    played = apply(one, 1, "R9").state
    assert played.passes == 0
    assert played.turn == 2
    # C cannot play a yellow 7 on R9 but can now draw (the R5 comes back).
    t = apply(played, 2, "draw")
    assert "reshuffle" in event_types(t)
    assert codes_of(t.state.hands[2]) == ["Y7", "R5"]
    assert t.state.phase is Phase.AFTER_DRAW


def test_rule_3_11_3_two_players_two_passes_block_the_hand() -> None:
    state = position(["G1 B2", "Y3"], "R5", stock=[])
    after = run(state, (0, "draw"), (1, "draw")).state
    assert after.phase is Phase.HAND_OVER
    assert after.history[-1].went_out is None
    assert after.scores == (0, 0)


# -- E31: the rebuild is lazy --------------------------------------------------------------------


def test_e31_rebuild_waits_until_a_card_is_needed() -> None:
    state = position(["B1 R3", "B4 B6", "G5"], "G1 G2 R5", stock=["Y9"])
    t = apply(state, 0, "draw")  # voluntary; Y9 cannot be played, the turn ends
    emptied = t.state
    assert emptied.stock == ()
    assert codes_of(emptied.discard) == ["G1", "G2", "R5"]
    assert "reshuffle" not in event_types(t)
    assert emptied.turn == 1
    assert emptied.rng == state.rng
    t2 = apply(emptied, 1, "draw")
    after = t2.state
    assert event_types(t2)[:2] == ["reshuffle", "draw"]
    assert event_data(t2, "reshuffle") == [{"stock": 2}]
    assert codes_of(after.discard) == ["R5"]
    assert len(after.stock) == 1
    assert after.hands[1][2] in cards("G1 G2")
    assert Counter(after.stock) + Counter(after.hands[1][2:]) == Counter(cards("G1 G2"))


def test_e31_draw_two_that_empties_the_stock_does_not_rebuild() -> None:
    state = position(["R+2 G7", "B4 B6", "G5"], "G1 G2 R5", stock=["Y1", "Y2"])
    t = apply(state, 0, "R+2")
    after = t.state
    assert after.stock == ()
    assert codes_of(after.discard) == ["G1", "G2", "R5", "R+2"]
    assert "reshuffle" not in event_types(t)
    assert codes_of(after.hands[1]) == ["B4", "B6", "Y1", "Y2"]


def test_rule_3_10_2_current_colour_survives_a_rebuild_under_a_wild() -> None:
    state = position(["B1 B2", "Y3"], "R1 R2 W", color=Color.GREEN, stock=[])
    t = apply(state, 0, "draw")
    after = t.state
    assert "reshuffle" in event_types(t)
    assert codes_of(after.discard) == ["W"]
    assert after.color is Color.GREEN
    assert after.hands[0][2] in cards("R1 R2")
    # The drawn red card does not match green: the turn ended.
    assert after.turn == 1
    assert after.top.kind is Kind.WILD
