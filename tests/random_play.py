"""Games played at random through the engine itself, for tests that need many real states and
events: every preset, plus the house rules that produce the rarer events (a revealing Wild
Customizable, a turn limit) and a crowded game of voluntary draws that empties the stock (passes).

Each step picks uniformly among every seat's legal actions (out-of-turn ones included: Uno
calls, catches, jump-ins), or among draws with probability `draw_bias`. In table mode (§5.1) a
step is now and then a mistake the engine penalises rather than refuses: the seat to act plays
any card it holds (a wrong card, §5.4), or some seat reports a suggestion (`penalize N`, §5.5).
Deterministic: the same arguments give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from lastcard import (
    Action,
    Event,
    GameState,
    IllegalActionError,
    Rules,
    RulesError,
    apply,
    legal_actions,
    open_game,
)
from lastcard.core import Phase
from lastcard.core.actions import penalize, play
from lastcard.core.cards import COLORS

MISTAKES = 0.08  # in table mode: the share of steps that are a wrong card or a suggestion


@dataclass(frozen=True)
class Played:
    """One random game: the states it passed through and its events, in order."""

    name: str
    states: tuple[GameState, ...]
    events: tuple[Event, ...]


def play_at_random(
    name: str,
    rules: Rules,
    players: int,
    seed: int,
    steps: int,
    draw_bias: float = 0.0,
    deck: Sequence[str] | None = None,
    generator: str = "fast",
) -> Played:
    """`steps` random actions from the opening (its events included); `deck` stacks the deck."""
    rng = random.Random(seed)
    dealer = 0 if deck else None
    opening = open_game(players, rules, seed=seed, dealer=dealer, deck=deck, generator=generator)
    state = opening.state
    states, events = [state], list(opening.events)
    for _ in range(steps):
        if state.is_over:
            break
        options = [(seat, a) for seat in range(players) for a in legal_actions(state, seat)]
        draws = [o for o in options if o[1].code in ("draw", "keep")]
        seat, action = rng.choice(draws if draws and rng.random() < draw_bias else options)
        if rules.mode == "table" and rng.random() < MISTAKES:
            seat, action = _mistake(rng, state, players, seat, action)
        step = apply(state, seat, action)
        state = step.state
        states.append(state)
        events += step.events
    return Played(name, tuple(states), tuple(events))


def _mistake(
    rng: random.Random, state: GameState, players: int, seat: int, action: Action
) -> tuple[int, Action]:
    """A table-mode mistake the engine accepts, or the chosen action when none is at hand."""
    if rng.random() < 0.3:
        active = [s for s in range(players) if state.active[s]]
        return rng.randrange(players), penalize(rng.choice(active))
    turn = state.turn
    if state.phase not in (Phase.AWAIT_TURN, Phase.AFTER_DRAW) or not state.hands[turn]:
        return seat, action
    card = rng.choice(state.hands[turn])
    wrong = play(card, rng.choice(COLORS) if card.is_wild else None)
    try:
        apply(state, turn, wrong)
    except IllegalActionError:  # a 7 that must name a seat, an illegal Wild Draw Four
        return seat, action
    return turn, wrong


def seatable(rules: Rules, players: int) -> bool:
    """Whether `rules` can seat `players` (partners need exactly 4)."""
    try:
        rules.check_players(players)
    except RulesError:
        return False
    return True


@cache
def random_games() -> tuple[Played, ...]:
    """A few hundred steps of each preset at several table sizes, and the rare-event games."""
    games = []
    for preset in Rules.presets():
        for seed, players in enumerate((2, 4, 7)):
            if preset == "partners":
                players = 4
            games.append(play_at_random(preset, Rules.preset(preset), players, seed, 300))
    reveal = Rules.preset("official-2018").changed(custom_wild_effect="reveal")
    games.append(play_at_random("reveal", reveal, 3, 1, 400))
    discard_round = Rules.preset("official-2018").changed(custom_wild_effect="all_discard_one")
    games.append(play_at_random("discard round", discard_round, 4, 2, 400))
    # Seed 2 blocks and allows with Invisibility (§7.11.3) within its 300 steps.
    blocking = Rules(theme_cards={"invisibility", "joker", "draw_three", "howler"}, hand_size=10)
    games.append(play_at_random("invisibility", blocking, 3, 2, 300))
    games.append(play_at_random("turn limit", Rules(turn_limit=20), 3, 1, 300))
    games.append(play_at_random("stock runs out", Rules(), 10, 4, 600, draw_bias=0.97))
    # Single hands of two cards, played to the game's end, opened by a Wild (its colour is
    # named) and by a Wild Draw Four (returned to the stock).
    single = Rules(hand_size=2, target_score=None)
    dealt = ["R1", "R2", "R3", "R4", "R5", "R6"]
    for seed, first in enumerate((["W"], ["W+4", "G7"])):
        games.append(play_at_random("single hand", single, 3, seed, 300, deck=dealt + first))
    return tuple(games)
