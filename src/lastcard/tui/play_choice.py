"""From "play this card" to one action: what must be asked first.

The engine lists a wild once per colour, a Seven-O 7 once per target and a penultimate card
with and without the Uno call. Choosing a card therefore leaves a set of offers that differ in
colour, target and call; these functions say which question narrows them next, so the table
asks only what is still open (a colour picker, then a target picker) and settles the call
from the `u` key.

>>> from lastcard.core import new_game, legal_actions, Card
>>> state = new_game(2, seed=5, dealer=1)  # a Wild turned up: seat 0 names its colour
>>> [c.letter for c in colours_to_ask(legal_actions(state, 0))]
['R', 'Y', 'G', 'B']
"""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import Action, Card, Color, EffectKind, Rules, rule_facts


def colours_to_ask(offers: Sequence[Action]) -> list[Color]:
    """The colours to choose between, in order; fewer than two: nothing to ask."""
    return list(dict.fromkeys(a.color for a in offers if a.color is not None))


def targets_to_ask(offers: Sequence[Action]) -> list[int]:
    """The seats to choose between, in order; fewer than two: nothing to ask."""
    return list(dict.fromkeys(a.target for a in offers if a.target is not None))


def settle_call(offers: Sequence[Action], *, armed: bool) -> Action:
    """The one action left once colour and target are settled: with the Uno call when the
    person armed it (or when only the call is offered), else without."""
    with_call = [a for a in offers if a.uno]
    without = [a for a in offers if not a.uno]
    return (with_call if with_call and (armed or not without) else without)[0]


def target_prompt(card: Card, rules: Rules) -> str:
    """What naming a player does with `card`: a Seven-O 7's swap, or a Wild Customizable's
    effect."""
    if rule_facts(rules).card_effect(card).kind is EffectKind.REVEAL:
        return "Who must show their hand to everyone?"
    return "Swap hands with whom?"
