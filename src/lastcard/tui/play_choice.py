"""From "play this card" to one action: what must be asked first.

The engine lists a wild once per colour, a Seven-O 7 once per target and a penultimate card
with and without the Uno call. Choosing a card therefore leaves a set of offers that differ in
colour, target and call; these functions say which question narrows them next, so the table
asks only what is still open (a colour picker, then a target picker) and settles the call
from the `u` key. Under Pirate a 7 is also listed naming nobody (§7.6.1): the target question
offers that too (`may_name_nobody`), as it does for a Howler, Friendship or Travel played as a
last card (§7.11).

A Joker (§7.11.6) is listed once per colour, set of seats and count: after the colour, the
seats are asked (`seat_sets_to_ask`, chosen together) and then the count (`counts_to_ask`).
The same questions settle a Mambo's lead (§7.11.7), whose offers are plays in all but name.

>>> from lastcard.core import new_game, legal_actions, Card
>>> state = new_game(2, seed=5, dealer=1)  # a Wild turned up: seat 0 names its colour
>>> [c.letter for c in colors_to_ask(legal_actions(state, 0))]
['R', 'Y', 'G', 'B']
"""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import Action, Card, Color, EffectKind, Kind, Rules, rule_facts
from lastcard.words.choices import NOBODY, NOBODY_SEVEN, TARGET_QUESTIONS


def colors_to_ask(offers: Sequence[Action]) -> list[Color]:
    """The colours to choose between, in order; fewer than two: nothing to ask."""
    return list(dict.fromkeys(a.color for a in offers if a.color is not None))


def targets_to_ask(offers: Sequence[Action]) -> list[int]:
    """The seats to choose between, in order; fewer than two: nothing to ask."""
    return list(dict.fromkeys(a.target for a in offers if a.target is not None))


def may_name_nobody(offers: Sequence[Action]) -> bool:
    """Whether the card may also be played naming nobody while others name a player: Pirate's
    7, which may swap nothing (§7.6.1), and a theme wild played as a last card (§7.11). The
    target question then offers "no swap" (`nobody_label`)."""
    return any(a.target is not None for a in offers) and any(a.target is None for a in offers)


def nobody_label(card: Card) -> str:
    """The target question's answer that names nobody: a 7 swaps nothing, a theme wild
    names nobody."""
    return NOBODY_SEVEN if card.kind is Kind.NUMBER else NOBODY


def seat_sets_to_ask(offers: Sequence[Action]) -> list[tuple[int, ...]]:
    """A Joker's sets of seats to choose between (§7.11.6), in order; fewer than two: nothing
    to ask."""
    return list(dict.fromkeys(a.targets for a in offers if a.targets))


def counts_to_ask(offers: Sequence[Action]) -> list[int]:
    """A Joker's counts to choose between, in order; fewer than two: nothing to ask."""
    return list(dict.fromkeys(a.count for a in offers if a.count))


def settle_call(offers: Sequence[Action], *, armed: bool) -> Action:
    """The one action left once colour and target are settled: with the Uno call when the
    person armed it (or when only the call is offered), else without."""
    with_call = [a for a in offers if a.uno]
    without = [a for a in offers if not a.uno]
    return (with_call if with_call and (armed or not without) else without)[0]


def target_prompt(card: Card, rules: Rules) -> str:
    """What naming a player does with `card`: a Seven-O 7's swap, a Wild Customizable's
    effect, a Howler's, Friendship's or Travel's (§7.11)."""
    kind = rule_facts(rules).card_effect(card).kind
    return TARGET_QUESTIONS.get(kind, TARGET_QUESTIONS[EffectKind.SWAP_HANDS])
