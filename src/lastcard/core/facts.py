"""What the house rules in force mean, as answers rather than options (DESIGN.md §4).

Bots, the terminal and help text ask questions such as "what does this card do here?",
"does a Reverse skip with two players?" or "may anyone jump in?". `RuleFacts` answers them,
once per `Rules`, so that no layer above the core has to know which options exist or how they
combine. The engine's compiled tables (`effects.Variant`) are built from the same facts, so what
the facts say is what the engine does.

>>> from lastcard.core import Card, Rules
>>> facts = rule_facts(Rules.preset("party"))
>>> facts.card_effect(Card.from_code("R7")).kind is EffectKind.SWAP_HANDS
True
>>> facts.allows_jump_in, facts.reverse_skips_with_two
(True, True)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from .cards import THEME_KINDS, Card, Color, Kind
from .matching import STACK_RULES, StackRule
from .rules import Rules, kept_on


class EffectKind(enum.Enum):
    """What playing a card does besides setting the colour (RULES.md §3.6, §7).

    The values are the words of the `custom_wild_effect` option (§7.10.2) where one exists.
    """

    NONE = "none"  # nothing: the next player takes their turn (a number card, a Wild)
    SKIP = "skip"  # the next player loses their turn (§3.6.2)
    REVERSE = "reverse"  # the direction flips (§3.6.3); see `reverse_skips_with_two`
    NEXT_DRAWS = "next_draws"  # the next player draws `draws`, loses their turn (§3.6.4, §3.6.6)
    OTHERS_DRAW = "others_draw"  # every other player draws `draws`; nobody is skipped (§7.7.3)
    SWAP_HANDS = "swap_hands"  # the player swaps hands with a seat they name (§7.2.1)
    ROTATE_HANDS = "rotate_hands"  # every hand passes on in the direction of play (§7.2.2)
    SHUFFLE_HANDS = "shuffle_hands"  # every hand is gathered, shuffled and dealt again (§7.9)
    REVEAL = "reveal"  # a seat the player names shows their hand to everyone (§7.10.2)
    ALL_DISCARD_ONE = "all_discard_one"  # a discard round: each may discard one card (§7.11.4)
    VIEW_HAND = "view_hand"  # the player alone sees the hand of a seat it names (§7.11.8)
    CHOSEN_DRAWS = "chosen_draws"  # 1–3 seats the player names draw 1–3 each (§7.11.6)
    MAMBO = "mambo"  # gifts to every other seat, then a lead (§7.11.7)


_TARGETED = frozenset({EffectKind.SWAP_HANDS, EffectKind.REVEAL, EffectKind.VIEW_HAND})
_COUNTED = frozenset({EffectKind.NEXT_DRAWS, EffectKind.OTHERS_DRAW})


class CardEffect(NamedTuple):
    """One card's effect: its kind and, for the drawing kinds, the cards each victim draws."""

    kind: EffectKind
    draws: int = 0

    @property
    def names_target(self) -> bool:
        """Whether playing the card names a seat (a swap or a reveal)."""
        return self.kind in _TARGETED

    @property
    def code(self) -> str:
        """The effect in the words of §7.10.2: `"skip"`, `"next_draws:2"`, `"others_draw:1"`."""
        if self.kind in _COUNTED:
            return f"{self.kind.value}:{self.draws}"
        return self.kind.value

    @staticmethod
    def from_code(code: str) -> CardEffect:
        """The inverse of `code` (every `custom_wild_effect` the engine supports)."""
        name, _, draws = code.partition(":")
        kind = EffectKind(name)
        return CardEffect(kind, int(draws)) if kind in _COUNTED else CardEffect(kind)


NO_EFFECT = CardEffect(EffectKind.NONE)

_FIXED: Mapping[Kind, CardEffect] = {
    Kind.NUMBER: NO_EFFECT,
    Kind.SKIP: CardEffect(EffectKind.SKIP),
    Kind.REVERSE: CardEffect(EffectKind.REVERSE),
    Kind.DRAW_TWO: CardEffect(EffectKind.NEXT_DRAWS, 2),
    Kind.WILD: NO_EFFECT,
    Kind.WILD_DRAW_FOUR: CardEffect(EffectKind.NEXT_DRAWS, 4),
    Kind.WILD_SHUFFLE_HANDS: CardEffect(EffectKind.SHUFFLE_HANDS),
    Kind.WILD_DOWNPOUR_1: CardEffect(EffectKind.OTHERS_DRAW, 1),
    Kind.WILD_DOWNPOUR_2: CardEffect(EffectKind.OTHERS_DRAW, 2),
    # §7.11: the theme-pack cards
    Kind.DRAW_THREE: CardEffect(EffectKind.NEXT_DRAWS, 3),
    Kind.WILD_HOWLER: CardEffect(EffectKind.REVEAL),
    Kind.WILD_INVISIBILITY: NO_EFFECT,  # on its holder's own turn a plain Wild (§7.11.3 a)
    Kind.WILD_CARE_A_LOT: CardEffect(EffectKind.ALL_DISCARD_ONE),
    Kind.WILD_FRIENDSHIP: CardEffect(EffectKind.SWAP_HANDS),
    Kind.WILD_JOKER: CardEffect(EffectKind.CHOSEN_DRAWS),
    Kind.WILD_MAMBO: CardEffect(EffectKind.MAMBO),
    Kind.WILD_TRAVEL: CardEffect(EffectKind.VIEW_HAND),
}

# §7.2: under Seven-O a 7 swaps and a 0 rotates; every other number has no effect.
_SEVEN_O_NUMBERS: Mapping[int, CardEffect] = MappingProxyType(
    {7: CardEffect(EffectKind.SWAP_HANDS), 0: CardEffect(EffectKind.ROTATE_HANDS)}
)
_NO_NUMBERS: Mapping[int, CardEffect] = MappingProxyType({})


@dataclass(frozen=True)
class RuleFacts:
    """The answers one `Rules` gives; build it with `rule_facts(rules)`.

    Plain data only (no callables): it may be shown, compared and sent anywhere.
    """

    effects: Mapping[Kind, CardEffect]  # the effect of each kind of card; numbers: `numbers`
    numbers: Mapping[int, CardEffect]  # number cards with an effect, by rank (Seven-O, §7.2)
    reverse_skips_with_two: bool  # §3.9.1: with two active players a Reverse acts as a Skip
    own_hand_scoring: bool  # §6.4.1, §7.5.1: each player scores their own hand, low is good
    allows_voluntary_draw: bool  # §3.4.2: drawing while holding a playable card
    allows_wd4_bluff: bool  # §3.3.4, §3.8: a WD4 may break §3.3.1, and may then be challenged
    allows_stacking: bool  # §7.1: a draw penalty may be passed on with a draw card
    stacking_mixed: bool  # §7.1.3: across kinds too (a WD4 on a Draw Two, ...)
    allows_jump_in: bool  # §7.3: an identical card may be played out of turn
    allows_jump_in_on_own_card: bool  # §7.3.3: even on the card one placed oneself
    turn_limit: int | None  # §3.11.4: turns after which a hand ends blocked; None: no limit
    table_mode: bool  # §5.1: wrong cards and suggestions are penalised, not rejected
    # §7.6: open hands, cheat plays and their window, optional 7 swaps, 0s passing left
    pirate: bool = False
    theme_cards: frozenset[str] = frozenset()  # §7.11: the theme-pack cards in the deck
    # Whether any card, in any deck, names a seat under these rules (a field, not a property:
    # a searching bot asks on every playout).
    has_targeted_cards: bool = field(init=False)

    def __post_init__(self) -> None:
        # Only the cards in the deck count: a theme card's effect is listed for every rules.
        absent = {kind for name, kind in THEME_KINDS.items() if name not in self.theme_cards}
        effects = (
            *(effect for kind, effect in self.effects.items() if kind not in absent),
            *self.numbers.values(),
        )
        object.__setattr__(self, "has_targeted_cards", any(e.names_target for e in effects))

    def card_effect(self, card: Card) -> CardEffect:
        """What playing `card` does under these rules (a Reverse: see `reverse_skips_with_two`).

        >>> from lastcard.core import Card, Rules
        >>> rule_facts(Rules()).card_effect(Card.from_code("B+2"))
        CardEffect(kind=<EffectKind.NEXT_DRAWS: 'next_draws'>, draws=2)
        """
        if card.kind is Kind.NUMBER:
            return self.numbers.get(card.rank if card.rank is not None else -1, NO_EFFECT)
        return self.effects[card.kind]

    def names_target(self, card: Card) -> bool:
        """Whether a play of `card` names a seat, and `card_effect` says why (swap or reveal)."""
        return self.card_effect(card).names_target

    @property
    def stack_rule(self) -> StackRule | None:
        """§7.1: what may be stacked on what, or None without stacking (the engine's table)."""
        if not self.allows_stacking:
            return None
        return STACK_RULES["mixed" if self.stacking_mixed else "same"]

    def may_stack(self, card: Card, top: Card, color: Color) -> bool:
        """§7.1.2–7.1.3: whether `card` may be stacked on the draw card `top` (`color` current)."""
        rule = self.stack_rule
        return rule is not None and rule(card, top, color)


def rule_facts(rules: Rules) -> RuleFacts:
    """The facts of `rules`, built once per `Rules` object and kept on it."""
    # Asked for every seat on every action (the offers): the look-up is inline, as in
    # `effects.compile_rules`, the build kept on.
    facts: RuleFacts | None = rules.__dict__.get("_facts")
    return facts if facts is not None else kept_on(rules, "_facts", _facts_of)


def _facts_of(rules: Rules) -> RuleFacts:
    # The only place outside `rules` itself that reads the options these facts stand for.
    effects = {**_FIXED, Kind.WILD_CUSTOMIZABLE: CardEffect.from_code(rules.custom_wild_effect)}
    return RuleFacts(
        effects=effects,
        numbers=_SEVEN_O_NUMBERS if rules.seven_o else _NO_NUMBERS,
        reverse_skips_with_two=rules.two_player_rules,
        own_hand_scoring=rules.elimination or rules.scoring == "alternative",
        allows_voluntary_draw=rules.allow_voluntary_draw,
        allows_wd4_bluff=rules.wd4_bluffing,
        allows_stacking=rules.stacking != "off",
        stacking_mixed=rules.stacking == "mixed",
        allows_jump_in=rules.jump_in,
        allows_jump_in_on_own_card=rules.jump_in and rules.jump_in_self,
        turn_limit=rules.turn_limit,
        table_mode=rules.mode == "table",
        pirate=rules.pirate,
        theme_cards=rules.theme_cards,
    )
