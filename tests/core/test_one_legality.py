"""One legality (DESIGN.md §8): `apply` accepts an action exactly when `legal_actions` lists it.

For every rule set a player can choose (each preset, and the 2018 deck with each effect of its
Wild Customizable, §7.10.2) at every table size from 2 to 10 players, random games are played
and positions sampled along them. In each, for every seat: every listed action is applied and
must be accepted, and numbers of the fixed action index that are not listed must be refused with
an `IllegalActionError` whose code explains the refusal (not merely `NOT_OFFERED`, the code of an
action the handlers would have taken). The one exception is table mode's mistakes (§5.4, §5.5),
which nobody is offered and the engine accepts and penalises (`unlisted_but_accepted`).

`LASTCARD_LEGALITY_SCALE` (default 1) multiplies the states and numbers tried, and
`LASTCARD_LEGALITY_COUNTS` names a file to which each case appends what it tried (one JSON line):
`benchmarks/legality_audit.py` runs this module at a larger scale and sums them.
"""

from __future__ import annotations

import functools
import json
import os
import random
from collections import Counter

import pytest

from lastcard import (
    Action,
    ActionKind,
    IllegalActionError,
    Rules,
    action_index,
    apply,
    legal_actions,
)
from lastcard.core import seat_actions, unlisted_but_accepted
from lastcard.core.facts import EffectKind
from lastcard.core.rules import CUSTOM_WILD_EFFECTS
from positions import position
from random_play import play_at_random, seatable

SCALE = int(os.environ.get("LASTCARD_LEGALITY_SCALE", "1"))
STATES_PER_GAME = 3 * SCALE
UNLISTED_PER_SEAT = 25 * SCALE
STEPS = 120


def rule_sets() -> list[tuple[str, Rules]]:
    """Every preset, and the 2018 deck with each kind of Wild Customizable effect."""
    sets = [(name, Rules.preset(name)) for name in Rules.presets()]
    kinds_seen: set[str] = set()
    for effect in CUSTOM_WILD_EFFECTS:
        kind = effect.partition(":")[0]  # one `next_draws:k` stands for the four
        if kind in kinds_seen:
            continue
        kinds_seen.add(kind)
        sets.append(
            (f"2018 {effect}", Rules.preset("official-2018").changed(custom_wild_effect=effect))
        )
    return sets


CASES = [
    (name, rules, players)
    for name, rules in rule_sets()
    for players in range(2, 11)
    if seatable(rules, players)
]


@functools.cache
def words(players: int) -> tuple[Action, ...]:
    """The index's actions that name no card (draw, keep, catch N, block c, ...): few, and
    each asks a handler of its own, so every one is tried everywhere."""
    return tuple(a for a in action_index(players) if a.card is None)


def judge(state: object, seat: int, action: Action) -> str | None:
    """None when `apply` accepts the action, else the refusal's code."""
    try:
        apply(state, seat, action)  # type: ignore[arg-type]
    except IllegalActionError as error:
        return error.code
    return None


@pytest.mark.parametrize(
    ("name", "rules", "players"), CASES, ids=[f"{n}-{p}p" for n, _, p in CASES]
)
def test_an_action_is_accepted_if_and_only_if_it_is_listed(
    name: str, rules: Rules, players: int
) -> None:
    rng = random.Random(f"{name}/{players}")
    played = play_at_random(name, rules, players, rng.randrange(10**6), STEPS)
    index = action_index(players)
    tried: Counter[str] = Counter()
    states = rng.sample(played.states, min(STATES_PER_GAME, len(played.states)))
    for state in states:
        for seat in range(players):
            listed = legal_actions(state, seat)
            for action in listed:
                code = judge(state, seat, action)
                assert code is None, f"{action} listed for seat {seat}, refused {code}: {state}"
                tried["listed"] += 1
            numbers = rng.sample(range(len(index)), UNLISTED_PER_SEAT)
            sampled = [index.action_at(number) for number in numbers]
            for action in [*words(players), *sampled]:
                if action in listed:
                    continue
                code = judge(state, seat, action)
                if code is None:
                    assert unlisted_but_accepted(state, seat, action), (
                        f"{action} not listed for seat {seat}, but accepted: {state}"
                    )
                else:
                    assert code != "NOT_OFFERED", f"{action} by seat {seat}: no reason given"
                tried["unlisted"] += 1
    assert tried["listed"] > 0
    counts = os.environ.get("LASTCARD_LEGALITY_COUNTS")
    if counts:
        line = {"case": f"{name}-{players}p", "states": len(states), **tried}
        with open(counts, "a") as out:
            out.write(json.dumps(line) + "\n")


def test_s1_a_drawn_wild_draw_four_made_illegal_by_a_penalty_is_neither_listed_nor_accepted() -> (
    None
):
    # Table mode without bluffing: seat 0 draws a Wild Draw Four (legal: no yellow in hand);
    # the referee's penalty then brings yellow cards, so playing it is now illegal (§3.3.1).
    rules = Rules(wd4_bluffing=False, mode="table")
    state = position(["G2 B3", "R1 R2"], "Y5", rules=rules, stock_top="W+4 Y1 Y2")
    state = apply(state, 0, "draw").state
    state = apply(state, 1, "penalize 0").state
    assert [a.code for a in legal_actions(state, 0) if a.code.startswith("W+4")] == []
    assert judge(state, 0, Action(ActionKind.KEEP)) is None
    with pytest.raises(IllegalActionError) as refused:
        apply(state, 0, "W+4:r")
    assert refused.value.code == "ILLEGAL_WILD_DRAW_FOUR"


def test_rule_7_1_5_draw_is_refused_alike_by_the_engine_a_table_and_the_mask() -> None:
    # Decided: the penalty is drawn with `accept`; `draw` has one answer everywhere: refused.
    rules = Rules(stacking="same")
    state = position(["R+2 G1 G2", "B1 B2 B3", "Y7 Y8"], "R5", rules=rules, top_player=2)
    state = apply(state, 0, "R+2").state
    assert judge(state, 1, Action(ActionKind.DRAW)) == "RESPONSE_REQUIRED"
    index = action_index(3)
    assert index.mask(legal_actions(state, 1))[index.index("draw")] == 0
    # What a table offers and passes on (`Table.submit` refuses anything else).
    assert Action(ActionKind.DRAW) not in seat_actions(state, 1)
    assert not unlisted_but_accepted(state, 1, Action(ActionKind.DRAW))


def test_every_kind_of_discard_round_card_is_among_the_rule_sets() -> None:
    effects = {rules.custom_wild_effect for _, rules in rule_sets() if rules.deck == "2018"} | {
        "care_a_lot" for _, rules in rule_sets() if "care_a_lot" in rules.theme_cards
    }
    assert EffectKind.ALL_DISCARD_ONE.value in effects and "care_a_lot" in effects


def test_the_kept_answer_is_for_its_seat_alone() -> None:
    # `legal_actions` keeps its last answer on the state; a bool is no seat, and another seat
    # gets its own answer.
    state = position(["R5 G7", "R6 B3", "Y1 Y2"], "R3", turn=1)
    ones = legal_actions(state, 1)
    assert legal_actions(state, True) == () and legal_actions(state, 1) == ones
    assert legal_actions(state, 0) == () and legal_actions(state, 1) == ones
    assert [a.code for a in ones] == ["R6", "R6!", "B3", "B3!", "draw"]
