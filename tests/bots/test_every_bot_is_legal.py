"""Every registered bot only ever chooses legal actions, under every preset with 2 to 10 players,
and is only ever given what a seat may see: a `PlayerView`, a tuple of `Action`s, redacted
`Event`s, never a `GameState`.

The bots are whatever `lastcard.bots.bot_names()` returns when the tests run, so a bot registered
later is checked too. Each bot sits at mixed tables (all fast bots together, seats rotating with
the player count) for every preset and player count; a searching bot (`ismcts`) gets a tiny
budget and shorter games. `play_game` itself raises `BotMistakeError` on an answer that was not
on offer; the spy below checks the same thing one step earlier, with the seat and the offer in
the message, and checks what the bot was given.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from typing import Any

import pytest

from lastcard import Action, Event, GameState, PlayerView, Rules, legal_actions, new_game
from lastcard.bots import Bot, bot_names, make_bot
from lastcard.sim import play_game

# Bots too slow for many whole games: a tiny budget, and fewer, shorter games.
SLOW_SPECS = {"ismcts": "ismcts:iterations=10"}
FORGETFUL = "eager:call_uno=false"
PRESETS = Rules.presets()
PLAYER_COUNTS = range(2, 11)


def spec(name: str) -> str:
    return SLOW_SPECS.get(name, name)


def rules_for(preset: str) -> Rules:
    """The preset with short games: single hands, or quick eliminations."""
    rules = Rules.preset(preset)
    if rules.elimination:
        return rules.changed(elimination_threshold=40)
    return rules.changed(target_score=None)


def player_counts(preset: str) -> list[int]:
    return [4] if Rules.preset(preset).teams == "partners" else list(PLAYER_COUNTS)


class Spy:
    """Wraps a bot: checks everything it is given and everything it answers."""

    def __init__(self, inner: Bot, seat: int, name: str) -> None:
        self.inner = inner
        self.seat = seat
        self.name = name
        self.decisions = 0
        self.offers = 0  # out-of-turn offers among the decisions

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        assert type(view) is PlayerView, type(view)
        assert view.seat == self.seat and view.hand is not None
        for field in dataclasses.fields(view):
            assert not isinstance(getattr(view, field.name), GameState), field.name
        assert type(legal) is tuple and legal, legal
        assert all(type(action) is Action for action in legal)
        choice = self.inner.choose(view, legal, may_pass=may_pass)
        self.decisions += 1
        self.offers += may_pass
        if choice is None:
            assert may_pass, f"{self.name} at seat {self.seat} passed where it must act"
        else:
            codes = [a.code for a in legal]
            assert choice in legal, f"{self.name} at seat {self.seat}: {choice.code} not in {codes}"
        return choice

    def observe(self, event: Event) -> None:
        assert type(event) is Event, type(event)
        # Hidden parts only reach the seats they belong to (Event.redact).
        assert not event.secret or self.seat in event.secret_to, event
        for value in itertools.chain(event.data.values(), event.secret.values()):
            assert not isinstance(value, GameState)
        observe: Callable[[Event], None] | None = getattr(self.inner, "observe", None)
        if observe is not None:
            observe(event)


def spied(names: list[str], spies: list[Spy]) -> list[Callable[[int], Bot]]:
    """Factories for `play_game`, one per seat, each wrapping the named bot in a `Spy`."""

    def factory(seat: int, name: str) -> Callable[[int], Bot]:
        def build(seed: int) -> Bot:
            spy = Spy(make_bot(spec(name), seed), seat, name)
            spies.append(spy)
            return spy

        return build

    return [factory(seat, name) for seat, name in enumerate(names)]


# Bots that a name alone cannot build, registered once `lastcard.rl` is imported: `ppo` needs a
# policy file and plays one table size (tests/rl/test_policy.py plays it in whole games).
NEEDS_A_FILE = {"ppo"}
FAST = [name for name in bot_names() if name not in SLOW_SPECS and name not in NEEDS_A_FILE]
SLOW = [name for name in bot_names() if name in SLOW_SPECS]


@pytest.mark.parametrize("preset", PRESETS)
def test_every_fast_bot_is_legal_at_every_table_size(preset: str) -> None:
    rules = rules_for(preset)
    asked: dict[str, int] = dict.fromkeys(FAST, 0)
    offers = 0
    counts = player_counts(preset)
    # With a single table size (partners), one game per rotation of the seats.
    tables = [(n, n) for n in counts] if len(counts) > 1 else [(counts[0], r) for r in range(4)]
    # More deals until out-of-turn offers have come up (how many it takes depends on the deal).
    for round_ in range(4):
        for players, shift in tables:
            names = [FAST[(shift + seat) % len(FAST)] for seat in range(players)]
            if players >= 3:
                names[-1] = FORGETFUL  # forgets to call Uno: the others get catches to decide
            spies: list[Spy] = []
            play_game(spied(names, spies), rules, seed=shift + 100 * round_, max_actions=800)
            assert len(spies) == players
            for spy in spies:
                asked[spy.name] = asked.get(spy.name, 0) + spy.decisions
                offers += spy.offers
        if offers:
            break
    assert all(asked[name] > 0 for name in FAST), asked
    assert offers > 0  # out-of-turn offers (catches, late calls, jump-ins) came up too


@pytest.mark.parametrize("name", FAST)
@pytest.mark.parametrize("preset", PRESETS)
def test_each_fast_bot_is_legal_against_itself(name: str, preset: str) -> None:
    """Self-play, where the bot's own habits meet (catches, stacks, bluffs and challenges)."""
    counts = player_counts(preset)
    players = counts[(PRESETS.index(preset) * 4 + FAST.index(name)) % len(counts)]
    spies: list[Spy] = []
    play_game(spied([name] * players, spies), rules_for(preset), seed=players, max_actions=400)
    assert sum(spy.decisions for spy in spies) > 0


@pytest.mark.parametrize("name", sorted(SLOW_SPECS))
@pytest.mark.parametrize("preset", PRESETS)
def test_slow_bots_are_legal_with_a_tiny_budget(name: str, preset: str) -> None:
    assert name in SLOW, f"{name} is not registered: {bot_names()}"
    counts = player_counts(preset)
    index = PRESETS.index(preset)
    # Two table sizes per preset, from both ends: over the presets, every size from 2 to 10.
    decisions = 0
    for players in sorted({counts[index % len(counts)], counts[-1 - index % len(counts)]}):
        others = [n for n in FAST if n in ("heuristic", "greedy")] or FAST
        names = [name] + [others[i % len(others)] for i in range(players - 1)]
        spies: list[Spy] = []
        play_game(spied(names, spies), rules_for(preset), seed=players, max_actions=60)
        decisions += spies[0].decisions
    # Over both sizes (a large table's hand may end before the bot's turn: under `themes` a
    # Mambo dealt to a seat at 7 or more players goes out on its first play).
    assert decisions > 0


def test_the_spy_catches_an_illegal_answer_and_a_state() -> None:
    """The checks above are live: a cheating bot fails them."""

    class Cheat:
        def choose(self, view: Any, legal: tuple[Action, ...], *, may_pass: bool = False) -> Any:
            return Action(legal[0].kind, legal[0].card, legal[0].color, 99, legal[0].uno)

    spy = Spy(Cheat(), 0, "cheat")
    with pytest.raises(AssertionError):
        play_game([lambda seed: spy, "greedy"], Rules(target_score=None), seed=1)
    with pytest.raises(AssertionError):
        spy.observe(Event("draw", {"seat": 1}, {"cards": ["R5"]}, frozenset({1})))
    state = new_game(2, seed=1)
    with pytest.raises(AssertionError):
        spy.choose(state, legal_actions(state, state.to_act or 0))  # type: ignore[arg-type]
