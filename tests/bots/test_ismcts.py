"""IsmctsBot: legal choices everywhere, seeded determinism, the obvious moves, its budgets."""

from __future__ import annotations

import dataclasses
import time
from collections import Counter

import pytest

import lastcard
from lastcard import (
    Action,
    ActionKind,
    Card,
    Color,
    GameState,
    Phase,
    Rules,
    legal_actions,
    parse_action,
    player_view,
)
from lastcard.bots import Bot, RandomBot, bot_names, make_bot
from lastcard.bots.ismcts import IsmctsBot, estimate, pruned_actions, search_actions
from lastcard.sim import play_game


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.from_code(code) for code in codes.split())


def rig(state: GameState, hands: dict[int, str], top: str, color: Color | None = None) -> GameState:
    """`state` with the given hands and top card; every other card goes to the stock."""
    new_hands = tuple(
        cards(hands[s]) if s in hands else state.hands[s] for s in range(state.players)
    )
    discard = cards(top)
    pool = Counter(state.rules.deck_cards())
    pool.subtract(c for hand in new_hands for c in hand)
    pool.subtract(discard)
    assert all(n >= 0 for n in pool.values())
    return dataclasses.replace(
        state,
        hands=new_hands,
        discard=discard,
        stock=tuple(sorted(pool.elements(), key=lambda c: c.code)),
        color=color if color is not None else discard[-1].color,
    )


class Checking:
    """An IsmctsBot whose every answer is checked against the offer."""

    def __init__(self, seed: int, **options: object) -> None:
        self.inner = IsmctsBot(seed, **options)  # type: ignore[arg-type]
        self.phases: set[Phase] = set()

    def observe(self, event: lastcard.Event) -> None:
        self.inner.observe(event)

    def choose(
        self, view: lastcard.PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        self.phases.add(view.phase)
        choice = self.inner.choose(view, legal, may_pass=may_pass)
        assert choice in legal or (may_pass and choice is None)
        return choice


@pytest.mark.parametrize(
    ("preset", "players"),
    [
        ("official", 2),
        ("official", 3),
        ("party", 3),
        ("official-2018", 2),
        ("h2o", 3),
        ("elimination", 3),
        ("partners", 4),
    ],
)
def test_only_legal_actions_in_every_preset(preset: str, players: int) -> None:
    rules = Rules.preset(preset).changed(hand_size=3, target_score=60, elimination_threshold=60)
    checkers: list[Checking] = []

    def ismcts(seed: int) -> Bot:
        bot = Checking(seed, iterations=3)
        checkers.append(bot)
        return bot

    # Forgetful random players, so that there are Uno calls to catch.
    def forgetful(seed: int) -> Bot:
        return RandomBot(seed, call_uno=False, catch_rate=0.5, voluntary_draw=False)

    bots = [ismcts if seat % 2 == 0 else forgetful for seat in range(players)]
    record, state = play_game(bots, rules, seed=len(preset) + players)
    assert state.is_over
    lastcard.replay(record)
    assert all(Phase.AWAIT_TURN in bot.phases for bot in checkers)


def test_response_phases_are_searched_legally() -> None:
    rules = Rules(hand_size=3, target_score=100, stacking="mixed")
    checker = Checking(5, iterations=3)
    phases: set[Phase] = set()
    for seed in range(4):
        checker = Checking(seed, iterations=3)
        play_game([lambda s, c=checker: c, "eager"], rules, seed=seed)  # type: ignore[misc]
        phases |= checker.phases
    assert {Phase.AWAIT_WD4_RESPONSE, Phase.AWAIT_STACK_RESPONSE, Phase.AFTER_DRAW} <= phases


def test_same_seed_same_game_with_an_iteration_budget() -> None:
    rules = Rules(hand_size=4, target_score=None)

    def game(seed: int) -> tuple[tuple[int, str], ...]:
        bots = [
            lambda s: IsmctsBot(s, iterations=8),
            "heuristic",
        ]
        record, _ = play_game(bots, rules, seed=seed)  # type: ignore[arg-type]
        return record.actions

    assert game(3) == game(3)
    for options in ({"paired": True}, {"paired": False, "tree_depth": 1}, {"opponents": "tree"}):
        state = lastcard.new_game(2, seed=6)
        seat = state.to_act
        assert seat is not None
        view, legal = player_view(state, seat), legal_actions(state, seat)
        a = IsmctsBot(4, iterations=30, **options)  # type: ignore[arg-type]
        b = IsmctsBot(4, iterations=30, **options)  # type: ignore[arg-type]
        assert [a.choose(view, legal) for _ in range(3)] == [
            b.choose(view, legal) for _ in range(3)
        ]
    view_state = lastcard.new_game(2, seed=5)
    seat = view_state.to_act
    assert seat is not None
    view, legal = player_view(view_state, seat), legal_actions(view_state, seat)
    picks = {IsmctsBot(s, iterations=6, rollout_depth=2).choose(view, legal) for s in range(12)}
    assert len(picks) > 1  # the seed matters


def test_it_goes_out_with_its_last_card() -> None:
    state = lastcard.new_game(2, Rules(target_score=None), seed=1, dealer=0)
    state = rig(state, {1: "R5", 0: "B1 B2 B3"}, "R9")
    state = dataclasses.replace(state, turn=1, to_act=1, phase=Phase.AWAIT_TURN)
    legal = legal_actions(state, 1)
    assert [a.code for a in legal] == ["R5", "draw"]
    assert IsmctsBot(7, iterations=5).choose(player_view(state, 1), legal) == parse_action("R5")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_it_plays_a_draw_two_on_an_opponent_with_one_card(seed: int) -> None:
    state = lastcard.new_game(2, Rules(target_score=None), seed=seed, dealer=0)
    state = rig(state, {1: "R+2 R5 G7 Y3", 0: "B4"}, "R9")
    state = dataclasses.replace(state, turn=1, to_act=1, phase=Phase.AWAIT_TURN)
    legal = legal_actions(state, 1)
    assert {a.code for a in legal} == {"R+2", "R5", "draw"}
    bot = IsmctsBot(seed, iterations=150)
    assert bot.choose(player_view(state, 1), legal) == parse_action("R+2")


def test_trivial_decisions_are_not_searched() -> None:
    state = lastcard.new_game(
        2, Rules(hand_size=2), seed=1, dealer=0, deck=["R5", "G2", "R6", "G3", "R1"]
    )
    exposed = dataclasses.replace(state, exposed=0)
    bot = IsmctsBot(1, iterations=50)
    uno = parse_action("uno")
    catch = parse_action("catch 0")
    assert bot.choose(player_view(exposed, 0), (uno,), may_pass=True) == uno
    assert bot.last_iterations == 0
    assert catch in legal_actions(exposed, 1)
    assert bot.choose(player_view(exposed, 1), legal_actions(exposed, 1)) == catch
    assert bot.choose(player_view(exposed, 1), (catch,), may_pass=True) == catch
    draw_only = (parse_action("draw"),)
    assert bot.choose(player_view(state, 1), draw_only) == draw_only[0]
    assert bot.last_iterations == 0
    # A play of the penultimate card always comes with the call.
    legal = legal_actions(state, 1)
    assert {"R5", "R5!", "R6", "R6!"} <= {a.code for a in legal}
    choice = bot.choose(player_view(state, 1), legal)
    assert choice is not None and (choice.uno or choice.kind is ActionKind.DRAW)
    assert bot.last_iterations == 50
    # An out-of-turn jump-in is always taken.
    jump = (parse_action("G2"),)
    assert bot.choose(player_view(state, 0), jump, may_pass=True) == jump[0]


def test_search_actions_drop_side_actions_and_uncalled_penultimate_plays() -> None:
    legal = tuple(parse_action(c) for c in ["R5", "R5!", "W:r", "W:r!", "draw", "catch 2"])
    assert [a.code for a in search_actions(legal)] == ["R5!", "W:r!", "draw"]


def test_time_budget() -> None:
    state = lastcard.new_game(2, seed=4)
    seat = state.to_act
    assert seat is not None
    legal = legal_actions(state, seat)
    bot = IsmctsBot(1, seconds=0.05)
    started = time.perf_counter()
    assert bot.choose(player_view(state, seat), legal) in legal
    elapsed = time.perf_counter() - started
    assert bot.last_iterations >= 1
    assert elapsed < 1.0  # 0.05 s of search plus one iteration, with room for a loaded machine
    assert IsmctsBot(1).seconds == 0.2 and IsmctsBot(1).iterations is None


def test_estimate_favours_the_smaller_hand() -> None:
    state = lastcard.new_game(2, Rules(target_score=None), seed=1, dealer=0)
    state = rig(state, {0: "B1 B2 B3 B4 B5", 1: "R1"}, "G9")
    values = estimate(state)
    assert sum(values) == pytest.approx(1.0)
    assert values[1] > 0.6 > values[0]


def test_bad_options() -> None:
    for options in (
        {"iterations": 0},
        {"seconds": 0},
        {"rollout": "clever"},
        {"exploration": -1},
        {"opponents": "nobody"},
        {"rollout_depth": -2},
        {"tree_depth": 0},
        {"bluff_odds": 1.5},
        {"clock": "sundial"},
    ):
        with pytest.raises(ValueError):
            IsmctsBot(1, **options)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no legal action"):
        IsmctsBot(1).choose(player_view(lastcard.new_game(2, seed=1), 0), ())


def test_the_registry_builds_ismcts_by_name_with_options() -> None:
    assert "ismcts" in bot_names()
    bot = make_bot("ismcts:iterations=5,exploration=0.5", seed=2)
    assert isinstance(bot, IsmctsBot) and bot.iterations == 5 and bot.exploration == 0.5


def test_pruning_keeps_the_most_held_colours_and_drops_voluntary_draws() -> None:
    hand = cards("W R1 R2 G3 G4 B5")
    legal = tuple(parse_action(c) for c in ["R1", "W:r", "W:y", "W:g", "W:b", "draw"])
    assert [a.code for a in pruned_actions(list(legal), hand)] == ["R1", "W:r", "W:g"]
    only_wild = [parse_action(c) for c in ["W:r", "W:y", "W:g", "W:b", "draw"]]
    assert [a.code for a in pruned_actions(only_wild, cards("W Y1"))] == ["W:y", "draw"]
