"""RandomBot and the bot registry: legal choices only, seeded, and its explicit Uno habits."""

from __future__ import annotations

import ast
import dataclasses
import functools
from pathlib import Path

import pytest

import lastcard
from lastcard import Action, ActionKind, GameState, Rules, legal_actions, parse_action, player_view
from lastcard.bots import Bot, RandomBot, bot_names, make_bot, register
from lastcard.sim import play_game


def two_card_position() -> GameState:
    """Seat 1 to play with R5 R6 on R1: each play leaves one card, so `!` forms are legal."""
    # 2 players, dealer 0, hand size 2: codes go seat 1, seat 0, seat 1, seat 0, then the discard.
    return lastcard.new_game(
        2, Rules(hand_size=2), seed=1, dealer=0, deck=["R5", "G2", "R6", "G3", "R1"]
    )


def codes(actions: tuple[Action, ...] | list[Action]) -> list[str]:
    return [action.code for action in actions]


class CheckingBot:
    """Wraps a RandomBot and asserts that every answer was on offer."""

    def __init__(self, seed: int, **options: bool | float) -> None:
        self.inner = RandomBot(seed, **options)  # type: ignore[arg-type]
        self.asked = 0

    def choose(
        self, view: lastcard.PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        self.asked += 1
        choice = self.inner.choose(view, legal, may_pass=may_pass)
        assert choice in legal or (may_pass and choice is None)
        return choice


@pytest.mark.parametrize(
    ("preset", "voluntary_draw"),
    [
        ("official", True),
        ("official", False),
        ("party", False),
        ("official-2018", False),
        ("h2o", False),
        ("elimination", False),
    ],
)
def test_random_bot_only_picks_legal_actions(preset: str, voluntary_draw: bool) -> None:
    # Forgetful players who catch often, so that calls, catches and jump-ins all happen.
    rules = Rules.preset(preset).changed(target_score=150, elimination_threshold=150)
    bots: list[CheckingBot] = []

    def factory(seed: int) -> Bot:
        bot = CheckingBot(seed, call_uno=False, catch_rate=0.7, voluntary_draw=voluntary_draw)
        bots.append(bot)
        return bot

    record, state = play_game([factory] * 3, rules, seed=11)
    assert state.is_over
    assert sum(bot.asked for bot in bots) >= len(record.actions) - len(state.history)
    lastcard.replay(record)  # every chosen action was applied by the engine


def test_choice_is_in_legal_actions_of_the_seat_to_act() -> None:
    state = lastcard.new_game(4, seed=5)
    bot = RandomBot(seed=3)
    for _ in range(300):
        if state.is_over:
            break
        if state.to_act is None:
            state = lastcard.apply(state, 0, "next").state
            continue
        seat = state.to_act
        legal = legal_actions(state, seat)
        choice = bot.choose(player_view(state, seat), legal)
        assert choice in legal
        state = lastcard.apply(state, seat, choice).state  # type: ignore[arg-type]


def test_same_seed_same_choices_and_different_seeds_differ() -> None:
    state = two_card_position()
    view, legal = player_view(state, 1), legal_actions(state, 1)

    def run(seed: int) -> list[str]:
        bot = RandomBot(seed)
        return [bot.choose(view, legal).code for _ in range(40)]  # type: ignore[union-attr]

    assert run(1) == run(1)
    assert run(1) != run(2)


def test_call_uno_takes_the_bang_form_of_a_play() -> None:
    state = two_card_position()
    legal = legal_actions(state, 1)
    assert {"R5", "R5!", "R6", "R6!"} <= set(codes(legal))
    view = player_view(state, 1)
    calling = RandomBot(seed=0, voluntary_draw=False)
    forgetful = RandomBot(seed=0, call_uno=False, voluntary_draw=False)
    called = {calling.choose(view, legal).code for _ in range(60)}  # type: ignore[union-attr]
    forgot = {forgetful.choose(view, legal).code for _ in range(60)}  # type: ignore[union-attr]
    assert called == {"R5!", "R6!"}
    assert forgot == {"R5", "R6"}


def test_uniform_over_legal_actions_by_default() -> None:
    state = two_card_position()
    legal = legal_actions(state, 1)
    view = player_view(state, 1)
    bot = RandomBot(seed=4)
    picks = [bot.choose(view, legal).code for _ in range(600)]  # type: ignore[union-attr]
    # R5!, R6! and draw: each about a third of the time.
    for code in ("R5!", "R6!", "draw"):
        assert 150 < picks.count(code) < 250, (code, picks.count(code))


def test_voluntary_draw_false_draws_only_without_a_play() -> None:
    state = two_card_position()
    bot = RandomBot(seed=2, voluntary_draw=False)
    legal = legal_actions(state, 1)
    assert "draw" in codes(legal)
    picks = {bot.choose(player_view(state, 1), legal).code for _ in range(50)}  # type: ignore[union-attr]
    assert "draw" not in picks
    only_draw = (parse_action("draw"),)
    assert bot.choose(player_view(state, 1), only_draw) == parse_action("draw")


def test_owed_uno_call_is_made_at_once_unless_the_bot_never_calls() -> None:
    state = dataclasses.replace(two_card_position(), exposed=0)
    offer = tuple(a for a in legal_actions(state, 0) if a.kind is ActionKind.UNO)
    assert codes(offer) == ["uno"]
    view = player_view(state, 0)
    assert RandomBot(seed=1).choose(view, offer, may_pass=True) == offer[0]
    forgetful = RandomBot(seed=1, call_uno=False)
    assert all(forgetful.choose(view, offer, may_pass=True) is None for _ in range(20))


@pytest.mark.parametrize(("rate", "low", "high"), [(0.0, 0, 0), (1.0, 400, 400), (0.5, 150, 250)])
def test_catch_rate_is_how_often_an_offered_catch_is_taken(
    rate: float, low: int, high: int
) -> None:
    state = dataclasses.replace(two_card_position(), exposed=0)
    offer = legal_actions(state, 1)
    catch = parse_action("catch 0")
    assert catch in offer
    catch_only = (catch,)
    bot = RandomBot(seed=9, catch_rate=rate)
    view = player_view(state, 1)
    caught = sum(bot.choose(view, catch_only, may_pass=True) == catch for _ in range(400))
    assert low <= caught <= high


def test_out_of_turn_offer_may_be_passed() -> None:
    state = two_card_position()
    jump = (parse_action("G2"),)
    bot = RandomBot(seed=5)
    answers = {bot.choose(player_view(state, 0), jump, may_pass=True) for _ in range(50)}
    assert answers == {None, jump[0]}


def test_bad_options_and_empty_offers_are_rejected() -> None:
    with pytest.raises(ValueError, match="catch_rate"):
        RandomBot(seed=1, catch_rate=1.5)
    with pytest.raises(ValueError, match="no legal action"):
        RandomBot(seed=1).choose(player_view(two_card_position(), 1), ())


def test_registry() -> None:
    assert {"random", "eager"} <= set(bot_names())
    bot = make_bot("random", seed=3, catch_rate=0.25)
    assert isinstance(bot, RandomBot) and bot.catch_rate == 0.25 and bot.voluntary_draw
    eager = make_bot("eager", seed=3)
    assert isinstance(eager, RandomBot) and not eager.voluntary_draw
    with pytest.raises(ValueError, match="unknown bot 'nope': choose from random, eager"):
        make_bot("nope", seed=1)
    with pytest.raises(ValueError, match="already registered"):
        register("random", RandomBot)
    assert make_bot("random", 1).choose  # a Bot: has choose
    assert callable(functools.partial(RandomBot, call_uno=False))


# Search bots build *sampled* states from their own view to search in; they still never receive
# the real one (tests/bots/test_every_bot_is_legal.py spies on what every bot is given).
SAMPLING_MODULES = {
    "determinize.py",
    "sampler.py",
    "ismcts.py",
    "search_choices.py",
    "search_simulators.py",
}


def test_bots_import_only_the_core() -> None:
    """DESIGN.md §1, §5: bots see views and actions, never the engine's insides or a state."""
    root = Path(lastcard.__file__).parent / "bots"
    for path in root.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                top = node.module.split(".")
                if top[0] == "lastcard":
                    assert top[:2] == ["lastcard", "core"], (path.name, node.module)
                    if path.name not in SAMPLING_MODULES:
                        assert "GameState" not in {alias.name for alias in node.names}
