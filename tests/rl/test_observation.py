"""The observation of one seat (`lastcard.rl.observation`): a fixed layout, built from the
player's view alone, so that nothing hidden changes it."""

from __future__ import annotations

import dataclasses
import itertools
import random

import numpy as np
import pytest

from lastcard import Card, GameState, Phase, PlayerView, Rules, apply, player_view
from lastcard.core import from_notation
from lastcard.core.action_index import CARD_ORDER
from lastcard.rl.observation import LAYOUT, OBSERVATION_SIZE, VERSION_SIZES, observe
from random_play import play_at_random

GAMES = [("official", 2), ("party", 4), ("official-2018", 5), ("h2o", 10), ("elimination", 3)]


def states() -> list[GameState]:
    out: list[GameState] = []
    for preset, players in GAMES:
        played = play_at_random(preset, Rules.preset(preset), players, seed=players, steps=250)
        out += played.states[::5]
    return out


STATES = states()


def test_the_layout_is_pinned_and_contiguous() -> None:
    assert OBSERVATION_SIZE == 1156
    starts = sorted((s.start, s.stop) for s in LAYOUT.values())
    assert starts[0][0] == 0 and starts[-1][1] == OBSERVATION_SIZE
    assert all(a[1] == b[0] for a, b in itertools.pairwise(starts))
    assert (LAYOUT["hand"], LAYOUT["counts"]) == (slice(0, 58), slice(339, 343))
    # Version 2 appended the discard round's number, Pirate's slices, the theme-pack cards'
    # and the phases of a Mambo and an Invisibility (§7.11); version 1's 343 are where they
    # were.
    assert LAYOUT["discard_round"] == slice(343, 344)
    assert (LAYOUT["pirate_window"], LAYOUT["cheat"]) == (slice(344, 345), slice(345, 346))
    assert (LAYOUT["pirate_color"], LAYOUT["open_hands"]) == (slice(346, 350), slice(350, 930))
    assert (LAYOUT["theme_hand"], LAYOUT["theme_top"]) == (slice(930, 941), slice(941, 952))
    assert (LAYOUT["theme_discard"], LAYOUT["theme_drawn"]) == (slice(952, 963), slice(963, 974))
    assert LAYOUT["theme_open_hands"] == slice(974, 1084)
    assert LAYOUT["pirate_beneath"] == slice(1084, 1153)
    assert (LAYOUT["mambo_gift"], LAYOUT["mambo_lead"]) == (slice(1153, 1154), slice(1154, 1155))
    assert LAYOUT["invisibility_block"] == slice(1155, 1156)
    assert dict(VERSION_SIZES) == {1: 343, 2: 1156}


def test_a_discard_round_is_its_own_phase_number() -> None:
    rules = Rules(deck="2018", custom_wild_effect="all_discard_one")
    state = from_notation("WC R3 B2 / B1 R9 Y2 / G1 G2 | discard B5 R5", rules=rules)
    state = apply(state, 0, "WC:y").state
    assert state.phase is Phase.AWAIT_DISCARD
    obs = observe(player_view(state, 1))
    assert obs[LAYOUT["discard_round"]].tolist() == [1.0]
    assert obs[LAYOUT["phase"]].sum() == 0.0


def hidden_changed(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same state as `seat` sees it: the other hands and the stock dealt anew (sizes kept),
    and the generator moved on."""
    others = [s for s in range(state.players) if s != seat]
    pool = [card for s in others for card in state.hands[s]] + list(state.stock)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = tuple(pool[: len(state.hands[s])]), pool[len(state.hands[s]) :]
    rngstate = dataclasses.replace(state.rng, counter=state.rng.counter + 12345)
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(pool), rng=rngstate)


def test_nothing_hidden_changes_a_seats_observation() -> None:
    rng = random.Random(0)
    changed = 0
    for state in STATES:
        for seat in range(state.players):
            other = hidden_changed(state, seat, rng)
            changed += other.hands != state.hands
            mine = observe(player_view(state, seat))
            assert np.array_equal(mine, observe(player_view(other, seat)))
    assert changed > len(STATES)  # the hidden parts really did change


def test_the_observation_reads_the_view() -> None:
    for state in STATES[:40]:
        for seat in range(state.players):
            view = player_view(state, seat)
            obs = observe(view)
            assert view.hand is not None
            counts = {code: view.hand.count(Card.from_code(code)) for code in CARD_ORDER}
            assert list(obs[LAYOUT["hand"]]) == [counts[code] for code in CARD_ORDER]
            assert obs[LAYOUT["top"]][CARD_ORDER.index(view.top.code)] == 1
            assert obs[LAYOUT["top"]].sum() == 1
            assert obs[LAYOUT["discard"]].sum() == len(view.discard)
            # Seats are relative: slot 0 is the observer, slot 1 the next seat clockwise.
            sizes = obs[LAYOUT["hand_sizes"]]
            assert sizes[0] == len(view.hand)
            assert sizes[1] == view.hand_sizes[(seat + 1) % state.players]
            assert sizes[state.players :].sum() == 0
            assert obs[LAYOUT["direction"]][0] == view.direction
            to_act = obs[LAYOUT["to_act"]]
            if view.to_act is not None:
                assert to_act[(view.to_act - seat) % state.players] == 1


def test_the_discard_counts_are_the_piles_whatever_was_observed_before() -> None:
    # The pile's counts are carried over from the last pile observed (it mostly grows by one
    # card): in game order, shuffled, and for an equal pile held in another tuple, they must
    # still be the pile's own.
    def expected(view: PlayerView) -> list[int]:
        return [view.discard.count(Card.from_code(code)) for code in CARD_ORDER]

    views = [player_view(state, 0) for state in STATES]
    shuffled = views[:]
    random.Random(3).shuffle(shuffled)
    copies = [dataclasses.replace(v, discard=tuple(list(v.discard))) for v in views[::7]]
    grown = sum(len(b.discard) == len(a.discard) + 1 for a, b in itertools.pairwise(views))
    assert grown > 10  # the carried-over path is really taken
    for view in views + shuffled + copies:
        assert list(observe(view)[LAYOUT["discard"]]) == expected(view)


def test_a_spectators_view_is_no_observation() -> None:
    with pytest.raises(ValueError, match="seat"):
        observe(player_view(STATES[0], None))


@pytest.mark.parametrize("where", ["docs", "module"])
def test_the_documented_layout_is_the_layout(where: str) -> None:
    import re
    from pathlib import Path

    import lastcard.rl.observation as module

    root = Path(__file__).resolve().parents[2]
    text = (root / "docs" / "RL.md").read_text() if where == "docs" else module.__doc__ or ""
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \|", text, flags=re.MULTILINE)
    assert [(name, int(n)) for name, n in rows] == [
        (name, s.stop - s.start) for name, s in LAYOUT.items()
    ]
