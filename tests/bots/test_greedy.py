"""GreedyBot: the highest-value legal card and each documented habit, on built positions."""

from __future__ import annotations

import dataclasses

import pytest

from lastcard import (
    Action,
    Card,
    Phase,
    PlayerView,
    Rules,
    legal_actions,
    parse_action,
    player_view,
)
from lastcard.bots import GreedyBot, make_bot
from lastcard.sim import play_game
from positions import decide, position


def test_plays_the_highest_value_card() -> None:
    state = position(["R1 R9 R+2 G7", "B1 B2 B3"], "R5")
    assert decide(GreedyBot(0), state) == "R+2"
    state = position(["R1 R9 G7 Y5", "B1 B2 B3"], "R5")
    assert decide(GreedyBot(0), state) == "R9"


def test_a_wild_is_worth_fifty_and_names_the_colour_held_most() -> None:
    state = position(["R1 R+2 W G7 G8 G2", "B1 B2 B3"], "R5")
    assert decide(GreedyBot(0), state) == "W:g"


def test_never_bluffs_a_wild_draw_four_unless_told() -> None:
    state = position(["R1 W+4 G7", "B1 B2 B3"], "R5")
    codes = {a.code for a in legal_actions(state, 0)}
    assert "W+4:g" in codes  # bluffing is allowed by the rules...
    assert decide(GreedyBot(0), state) == "R1"  # ...but greedy plays honestly
    assert decide(GreedyBot(0, bluff=True), state) == "W+4:g"
    legal = position(["G1 W+4 G7", "B1 B2 B3"], "R5")
    assert decide(GreedyBot(0), legal) == "W+4:g"  # no red: the WD4 is legal, and worth 50


def test_draws_only_without_a_play_and_plays_a_playable_drawn_card() -> None:
    state = position(["R1 G7", "B1 B2 B3"], "R5")
    assert "draw" in {a.code for a in legal_actions(state, 0)}
    assert decide(GreedyBot(0), state) == "R1!"
    stuck = position(["Y1 G7", "B1 B2 B3"], "R5")
    assert decide(GreedyBot(0), stuck) == "draw"
    drawn = position(["Y1 G7 R3", "B1 B2 B3"], "R5", phase=Phase.AFTER_DRAW)
    drawn = dataclasses.replace(drawn, drawn=Card.from_code("R3"))
    assert decide(GreedyBot(0), drawn) == "R3"


def test_calls_uno_with_the_penultimate_card_and_catches() -> None:
    state = position(["R1 R2", "B1 B2 B3"], "R5")
    assert decide(GreedyBot(0), state) == "R2!"
    assert decide(GreedyBot(0, call_uno=False), state) == "R2"
    exposed = position(["R1 R2 G4", "B1"], "R5", exposed=1)
    view = player_view(exposed, 0)
    assert GreedyBot(0).choose(view, legal_actions(exposed, 0)) == parse_action("catch 1")
    offer = (parse_action("catch 1"),)
    assert GreedyBot(0).choose(view, offer, may_pass=True) == offer[0]
    assert GreedyBot(0, catch=False).choose(view, offer, may_pass=True) is None
    owed = position(["R1 R2 G4", "B1"], "R5", turn=0, exposed=1)
    uno = (parse_action("uno"),)
    assert GreedyBot(0).choose(player_view(owed, 1), uno, may_pass=True) == uno[0]


def test_accepts_a_wild_draw_four_unless_it_challenges_and_stacks_when_it_can() -> None:
    state = position(
        ["R1 R2 G4", "B1 B2"], "W+4", color="b", phase=Phase.AWAIT_WD4_RESPONSE, pending_draw=4
    )
    assert decide(GreedyBot(0), state) == "accept"
    assert decide(GreedyBot(0, challenge=True), state) == "challenge"
    party = Rules.preset("party")
    stack = position(
        ["R1 G+2 Y+2 G4", "B1 B2"],
        "R+2",
        rules=party,
        phase=Phase.AWAIT_STACK_RESPONSE,
        pending_draw=2,
    )
    assert {a.code for a in legal_actions(stack, 0)} >= {"G+2", "Y+2", "accept"}
    assert decide(GreedyBot(0), stack) in ("G+2", "Y+2")
    assert decide(GreedyBot(0, stack=False), stack) == "accept"


def test_aims_a_seven_at_the_fewest_cards() -> None:
    party = Rules.preset("party")
    state = position(["R7 G1 G2 G3", "B1 B2 B3 B4", "Y1", "G5 G6"], "R5", rules=party)
    assert decide(GreedyBot(0), state) == "R7>2"


def test_jumps_in_and_names_a_first_colour() -> None:
    party = Rules.preset("party")
    state = position(["R5 G7 G8", "B1 B2 B3"], "R5", rules=party, turn=1, top_player=1)
    offer = tuple(a for a in legal_actions(state, 0) if a.kind.value == "play")
    assert [a.code for a in offer] == ["R5"]
    view = player_view(state, 0)
    assert GreedyBot(0).choose(view, offer, may_pass=True) == offer[0]
    assert GreedyBot(0, jump_in=False).choose(view, offer, may_pass=True) is None
    first = position(["B1 B2 G3", "R1 R2 R3"], "W", color="r", phase=Phase.AWAIT_FIRST_COLOR)
    assert decide(GreedyBot(0), first) == "color b"


def test_ties_are_broken_by_the_seed_and_the_same_seed_repeats() -> None:
    state = position(["RS R+2 RR G1", "B1 B2 B3"], "R5")
    view: PlayerView = player_view(state, 0)
    legal: tuple[Action, ...] = legal_actions(state, 0)

    def picks(seed: int) -> list[str]:
        bot = GreedyBot(seed)
        return [bot.choose(view, legal).code for _ in range(30)]  # type: ignore[union-attr]

    assert picks(3) == picks(3)
    assert set(picks(3)) == {"RS", "RR", "R+2"}  # every tied 20-point card, never the G1


def test_registered_with_keyword_options() -> None:
    bot = make_bot("greedy:bluff=true,challenge=true", seed=2)
    assert isinstance(bot, GreedyBot) and bot.bluff and bot.challenge and bot.catch
    with pytest.raises(ValueError, match="bad options"):
        make_bot("greedy:nonsense=1", seed=2)


def test_a_whole_game_is_deterministic() -> None:
    rules = Rules().changed(target_score=150)
    first, _ = play_game(["greedy"] * 3, rules, seed=4)
    second, _ = play_game(["greedy"] * 3, rules, seed=4)
    assert first == second
