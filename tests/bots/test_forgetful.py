"""Forgetful: another bot that sometimes forgets to call Uno and misses catches (RULES.md §4).

Built positions check each habit at its extremes (forget/miss 0 and 1); whole seeded games check
that with both at 0 it is exactly its inner bot, that the rates come out as set, and that every
answer was on offer, under the official and party rules with 2 to 5 players.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import lastcard
from lastcard import (
    Action,
    ActionKind,
    Card,
    Color,
    Event,
    GameState,
    Phase,
    PlayerView,
    Rules,
    legal_actions,
    parse_action,
    player_view,
)
from lastcard.bots import Bot, Forgetful, bot_names, make_bot
from lastcard.bots.forgetful import DEFAULT_RATE
from lastcard.core.offers import out_of_turn_actions
from lastcard.sim import play_game
from positions import position

BASES = ["eager", "greedy", "heuristic"]
ONE_HAND = Rules(target_score=None)
UNO = parse_action("uno")
CATCH_0 = parse_action("catch 0")


# Seat 0 to play R5 or R6 on R1: either play leaves one card, so both forms (`R5`, `R5!`) are legal.
PENULTIMATE = position(["R5 R6", "G7 B2 Y3"], "R1")
# Seat 0 played down to R5 without calling and is to act again (as after a two-player Skip).
OWES_ON_ITS_TURN = position(["R5", "G7 B2 Y3"], "R1", exposed=0)
# Seat 0 played down to R5 without calling; seat 1 is to act, seat 2 may catch out of turn.
EXPOSED = position(["R5", "R6 G7 B2", "Y3 Y4"], "R1", turn=1, exposed=0)


def forgetful(seed: int, base: str, forget: float = 0.0, miss: float = 0.0) -> Bot:
    return make_bot(f"forgetful:base={base},forget={forget},miss={miss}", seed)


def ask(bot: Bot, state: GameState, seat: int, offer: tuple[Action, ...] | None = None) -> Any:
    """The bot's answer at `seat`: to `offer` out of turn, or to all its legal actions."""
    if offer is not None:
        return bot.choose(player_view(state, seat), offer, may_pass=True)
    return bot.choose(player_view(state, seat), legal_actions(state, seat))


def codes(actions: Sequence[Action | None]) -> set[str | None]:
    return {None if a is None else a.code for a in actions}


# -- each habit on a built position ----------------------------------------------------------


def test_the_positions_offer_what_the_tests_rely_on() -> None:
    assert {"R5", "R5!", "R6", "R6!"} <= {a.code for a in legal_actions(PENULTIMATE, 0)}
    assert UNO in legal_actions(OWES_ON_ITS_TURN, 0)
    assert out_of_turn_actions(EXPOSED, 0) == (UNO,)
    assert out_of_turn_actions(EXPOSED, 2) == (CATCH_0,)
    assert CATCH_0 in legal_actions(EXPOSED, 1)


@pytest.mark.parametrize("base", BASES)
def test_4_3_forget_one_never_calls_with_a_penultimate_play(base: str) -> None:
    legal = legal_actions(PENULTIMATE, 0)
    forgot = [ask(forgetful(seed, base, forget=1), PENULTIMATE, 0) for seed in range(30)]
    called = [ask(make_bot(base, seed), PENULTIMATE, 0) for seed in range(30)]
    assert all(a in legal for a in forgot)
    assert codes(called) <= {"R5!", "R6!"}  # every inner bot calls with its play...
    assert codes(forgot) <= {"R5", "R6"}  # ...and forgets with forget=1: the same play, no call
    assert [a.card for a in forgot] == [a.card for a in called]


@pytest.mark.parametrize("base", BASES)
def test_4_3_forget_one_declines_a_late_call(base: str) -> None:
    offer = out_of_turn_actions(EXPOSED, 0)
    legal = legal_actions(OWES_ON_ITS_TURN, 0)
    for seed in range(20):
        assert ask(forgetful(seed, base, forget=1), EXPOSED, 0, offer) is None  # passes
        assert ask(forgetful(seed, base, forget=0), EXPOSED, 0, offer) == UNO
        # On its own turn it must act: something else it may do, never `uno`, never a pass.
        on_turn = ask(forgetful(seed, base, forget=1), OWES_ON_ITS_TURN, 0)
        assert on_turn in legal and on_turn != UNO
        assert ask(forgetful(seed, base, forget=0), OWES_ON_ITS_TURN, 0) == UNO


@pytest.mark.parametrize("base", ["greedy", "heuristic"])  # the bots that always catch
def test_4_4_miss_one_never_catches_and_miss_zero_always_does(base: str) -> None:
    offer = out_of_turn_actions(EXPOSED, 2)
    legal = legal_actions(EXPOSED, 1)
    for seed in range(20):
        assert ask(forgetful(seed, base, miss=1), EXPOSED, 2, offer) is None
        assert ask(forgetful(seed, base, miss=0), EXPOSED, 2, offer) == CATCH_0
        on_turn = ask(forgetful(seed, base, miss=1), EXPOSED, 1)
        assert on_turn in legal and on_turn.kind is not ActionKind.CATCH
        assert ask(forgetful(seed, base, miss=0), EXPOSED, 1) == CATCH_0


def test_miss_zero_catches_exactly_when_the_inner_bot_would() -> None:
    """`eager` catches half the time, at random: the wrapped one takes exactly the same catches."""
    offer = out_of_turn_actions(EXPOSED, 2)
    bare, wrapped = make_bot("eager", 5), forgetful(5, "eager", miss=0)
    answers = [ask(bare, EXPOSED, 2, offer) for _ in range(200)]
    assert [ask(wrapped, EXPOSED, 2, offer) for _ in range(200)] == answers
    assert codes(answers) == {None, "catch 0"}
    never = forgetful(5, "eager", miss=1)
    assert all(ask(never, EXPOSED, 2, offer) is None for _ in range(200))


def test_with_nothing_else_to_do_it_remembers() -> None:
    """A must-act decision offering only the catch (or only the call) is answered with it."""
    view = player_view(EXPOSED, 2)
    assert forgetful(1, "greedy", miss=1).choose(view, (CATCH_0,)) == CATCH_0
    view = player_view(EXPOSED, 0)
    assert forgetful(1, "greedy", forget=1).choose(view, (UNO,)) == UNO


@pytest.mark.parametrize("base", BASES)
def test_zero_rates_make_exactly_the_inner_bots_choices(base: str) -> None:
    states = [PENULTIMATE, OWES_ON_ITS_TURN, EXPOSED]
    bare, wrapped = make_bot(base, 11), forgetful(11, base)
    for _ in range(20):
        for state in states:
            seat = state.to_act
            assert seat is not None
            assert ask(wrapped, state, seat) == ask(bare, state, seat)


# -- whole games -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "preset"), [(b, "official") for b in BASES] + [("eager", "party")]
)
def test_zero_rates_play_the_same_game_as_the_inner_bot(base: str, preset: str) -> None:
    # A seat that never calls gives the others catches to take (and the heuristic bot's memory
    # needs every event forwarded: a single dropped one could change its choices).
    careless = "eager:call_uno=false"
    exact = f"forgetful:base={base},forget=0,miss=0"
    wrapped = [exact, careless, exact, base]
    bare = [base, careless, base, base]
    rules = Rules.preset(preset)
    record, final = play_game(wrapped, rules, seed=21)
    expected, _ = play_game(bare, rules, seed=21)
    assert final.is_over
    assert record.actions == expected.actions
    played = [code for _, code in record.actions]
    assert any(code.startswith("catch") for code in played)
    assert any(code.endswith("!") for code in played)


class Checked:
    """Wraps a bot: every answer was on offer, and a pass only where passing is allowed.
    Counts its penultimate plays (both forms legal) and the calls and catches it was offered."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.penultimate = self.uncalled = 0
        self.calls_offered = self.calls_made = 0
        self.catches_offered = self.catches_made = 0

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        choice = self.inner.choose(view, legal, may_pass=may_pass)
        assert choice in legal or (may_pass and choice is None), (choice, legal, may_pass)
        if choice is not None and choice.kind is ActionKind.PLAY:
            forms = {dataclasses.replace(choice, uno=uno) for uno in (False, True)}
            if forms <= set(legal):
                self.penultimate += 1
                self.uncalled += not choice.uno
        if UNO in legal:
            self.calls_offered += 1
            self.calls_made += choice == UNO
        if any(a.kind is ActionKind.CATCH for a in legal):
            self.catches_offered += 1
            self.catches_made += choice is not None and choice.kind is ActionKind.CATCH
        return choice

    def observe(self, event: Event) -> None:
        observe: Callable[[Event], None] | None = getattr(self.inner, "observe", None)
        if observe is not None:
            observe(event)


def checked(specs: Sequence[str], bots: list[Checked]) -> list[Callable[[int], Bot]]:
    def factory(spec: str) -> Callable[[int], Bot]:
        def build(seed: int) -> Bot:
            bot = Checked(make_bot(spec, seed))
            bots.append(bot)
            return bot

        return build

    return [factory(spec) for spec in specs]


def test_12_unnamed_rates_forget_and_miss_sometimes() -> None:
    """Issue 27, finding 12: a `forgetful` bot given no rates forgot nothing (both were 0)."""
    bot = make_bot("forgetful", 3)
    assert isinstance(bot, Forgetful) and bot.forget == bot.miss == DEFAULT_RATE > 0
    bots: list[Checked] = []
    for seed in range(40):
        play_game(checked(["forgetful:base=greedy"] * 4, bots), ONE_HAND, seed=seed)
    penultimate = sum(b.penultimate for b in bots)
    uncalled = sum(b.uncalled for b in bots)
    assert 0 < uncalled < penultimate, (uncalled, penultimate)
    offered = sum(b.catches_offered for b in bots)
    made = sum(b.catches_made for b in bots)
    assert 0 < made < offered, (made, offered)


def test_forget_and_miss_rates_over_many_games() -> None:
    """With forget=0.5 about half the penultimate plays go without the call, and a bot that
    forgot makes no late call while it owes one; with miss=0.5, about half the catches are
    missed."""
    bots: list[Checked] = []
    spec = "forgetful:base=greedy,forget=0.5,miss=0.5"
    for seed in range(40):
        _, final = play_game(checked([spec] * 4, bots), ONE_HAND, seed=seed)
        assert final.phase is not Phase.AWAIT_TURN  # the hand was played out
    penultimate = sum(b.penultimate for b in bots)
    uncalled = sum(b.uncalled for b in bots)
    assert penultimate >= 100
    assert 0.3 <= uncalled / penultimate <= 0.7, (uncalled, penultimate)
    offered = sum(b.calls_offered for b in bots)
    made = sum(b.calls_made for b in bots)
    assert offered >= 30
    assert made == 0, (made, offered)  # every owed call here follows a forgotten one
    offered = sum(b.catches_offered for b in bots)
    made = sum(b.catches_made for b in bots)
    assert offered >= 20
    assert 0.3 <= made / offered <= 0.7, (made, offered)


# The play levels, a bot that never calls nor catches, and one that mostly forgets.
TABLE = [
    "forgetful:base=eager,forget=0.5,miss=0.5",
    "forgetful:base=heuristic,forget=1,miss=1",
    "forgetful:base=greedy,forget=0.3,miss=0.3",
    "forgetful:base=heuristic,forget=0.1,miss=0.1",
    "forgetful:base=eager,forget=0.8,miss=0.9",
]


@pytest.mark.parametrize("preset", ["official", "party"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_games_finish_and_replay(preset: str, players: int) -> None:
    rules = Rules.preset(preset).changed(target_score=200)
    specs = [TABLE[(players + seat) % len(TABLE)] for seat in range(players)]
    bots: list[Checked] = []
    record, final = play_game(checked(specs, bots), rules, seed=players)
    assert final.is_over
    assert lastcard.replay(record) == final
    again, _ = play_game(specs, rules, seed=players)
    assert again.actions == record.actions  # seeded: the same game again
    assert sum(b.uncalled for b in bots) > 0  # some penultimate plays went without the call


# -- options, registry, observe --------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("forgetful:forget=1.5", "forget must be a number from 0 to 1, not 1.5"),
        ("forgetful:forget=-0.1", "forget must be a number from 0 to 1"),
        ("forgetful:forget=often", "forget must be a number from 0 to 1, not 'often'"),
        ("forgetful:miss=2", "miss must be a number from 0 to 1, not 2"),
        ("forgetful:miss=true", "miss must be a number from 0 to 1, not 'true'"),
        ("forgetful:base=nope", "bad base for forgetful: unknown bot 'nope'"),
        ("forgetful:base=3", "bad base for forgetful: unknown bot '3'"),
        ("forgetful:rate=0.5", "bad options for bot 'forgetful'"),
    ],
)
def test_invalid_options_are_rejected(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec, seed=1)


def test_registered_with_its_options() -> None:
    assert "forgetful" in bot_names()
    bot = make_bot("forgetful:base=greedy,forget=0.3,miss=0.5", seed=4)
    assert isinstance(bot, Forgetful)
    assert (bot.base, bot.forget, bot.miss) == ("greedy", 0.3, 0.5)
    assert repr(bot) == "Forgetful(seed=4, base='greedy', forget=0.3, miss=0.5)"
    default = make_bot("forgetful", seed=4)
    assert isinstance(default, Forgetful)
    assert (default.base, default.forget, default.miss) == ("heuristic", 0.25, 0.25)
    assert type(default.inner) is type(make_bot("heuristic", seed=4))


def test_same_seed_same_slips_different_seeds_differ() -> None:
    def run(seed: int) -> list[str]:
        bot = forgetful(seed, "greedy", forget=0.5)
        return [ask(bot, PENULTIMATE, 0).code for _ in range(40)]

    assert run(1) == run(1)
    assert run(1) != run(2)
    assert set(run(1)) == {"R6", "R6!"}  # greedy sheds the higher card, with or without the call


def test_observe_reaches_the_inner_bot_when_it_has_a_memory() -> None:
    seen: list[Event] = []

    class Memory:
        def choose(self, view: Any, legal: tuple[Action, ...], *, may_pass: bool = False) -> Any:
            return legal[0]

        def observe(self, event: Event) -> None:
            seen.append(event)

    event = Event("draw", {"seat": 1})
    bot = Forgetful(3, base="heuristic")
    bot.inner = Memory()
    bot.observe(event)
    assert seen == [event]
    Forgetful(3, base="eager").observe(event)  # RandomBot keeps no memory: nothing to do
    assert not hasattr(make_bot("eager", 3), "observe")


def test_colour_of_a_penultimate_wild_is_kept_when_it_forgets() -> None:
    """Only the call is dropped: the card, its colour and target stay the inner bot's."""
    state = position(["W R6", "G7 B2 Y3"], "R1")
    legal = legal_actions(state, 0)
    bare, wrapped = make_bot("greedy", 2), forgetful(2, "greedy", forget=1)
    for _ in range(10):
        called, forgot = ask(bare, state, 0), ask(wrapped, state, 0)
        assert called.uno and not forgot.uno and forgot in legal
        assert (forgot.card, forgot.color) == (called.card, called.color)
        assert forgot.card == Card.from_code("W") and forgot.color in set(Color)
