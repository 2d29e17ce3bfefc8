"""Card effects, and the tables one `Rules` compiles into (DESIGN.md §4).

The turn loop in `engine` never asks which house rules are on. It calls the entries of a
`Variant`: the effect of each card kind, the draws a last card still makes, how a first discard
is treated, what may be stacked, which cards name a target. A new house rule is a new option,
new entries here and a new test class. (Dealing, in `setup`, and the end of a hand and of the
game, in `scoring`, read their own options — hand size, first discard, target score,
elimination — from `Rules`: they run once a hand, outside the loop.)

Every effect runs after the card is on the discard pile with its colour set (§3.6 step 1) and
ends by deciding who acts next (§3.6 step 5).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from .cards import THEME_KINDS, Card, Kind
from .draft import Draft
from .events import EventType
from .facts import CardEffect, EffectKind, RuleFacts, rule_facts
from .hands import reveal_hand, rotate_hands, show_hand, shuffle_hands, swap_hands
from .invisibility import DRAWS, NEXT_DRAWS, REVEAL, SKIP, SWAP, VIEW, ask_to_block
from .matching import StackRule
from .rules import Rules, kept_on
from .state import Phase


class Play(NamedTuple):
    """A card being resolved: who played it (the dealer, for a first discard) and on whom."""

    player: int
    card: Card
    target: int | None = None
    targets: tuple[int, ...] = ()  # Joker's seats (§7.11.6)
    each: int = 0  # the cards each of a Joker's seats draws
    first: bool = False  # a first discard, which nobody played (no block, §7.11.3)


def _blocked(
    d: Draft,
    play: Play,
    victim: int,
    what: str,
    count: int = 0,
    reason: str = "",
) -> bool:
    """§7.11.3: whether the effect on `victim` waits for its Invisibility answer."""
    if play.first:
        return False
    return ask_to_block(d, play.player, victim, what, count, reason, play.targets)


Effect = Callable[[Draft, Play], None]


# -- shared moves ------------------------------------------------------------------------


def advance(d: Draft, after: int) -> None:
    """The next turn goes to the seat after `after`."""
    d.give_turn(d.next_seat(after))


def penalise(d: Draft, victim: int, count: int, reason: str) -> None:
    """`victim` draws `count` and loses their turn (§3.6.4, §3.6.6)."""
    d.draw(victim, count, reason)
    d.emit(EventType.SKIP, seat=victim)
    advance(d, victim)


def start_discard_round(d: Draft, player: int) -> None:
    """§7.11.4: each active player in turn order from next(p), ending with p, may discard one
    card beneath the top card or decline; then next(p) takes the turn.

    Decided here (RULES.md is silent): a seat holding a single card has no choice (it may not
    discard its last card), so the round passes it by without asking."""
    d.emit(EventType.DISCARD_ROUND, seat=player)
    ask_next_discarder(d, player, d.next_seat(player))


def ask_next_discarder(d: Draft, player: int, seat: int) -> None:
    """Ask `seat`, or the first seat after it in the round that can discard; when nobody is
    left (the round ends with `player`), `next(player)` takes the turn."""
    order = d.seats_from(d.next_seat(player))
    for candidate in order[order.index(seat) :]:
        if len(d.hands[candidate]) > 1:
            d.phase = Phase.AWAIT_DISCARD
            d.turn, d.to_act = player, candidate
            return
    advance(d, player)


# -- effects by card kind ------------------------------------------------------------------


def number_effect(d: Draft, play: Play) -> None:
    advance(d, play.player)  # §3.6.1


def seven_o_effect(pirate: bool) -> Effect:
    """§7.2: a 7 swaps with the named seat, a 0 rotates every hand; then as a number card.
    Under Pirate (§7.6.1) a 7 may name nobody and swaps nothing, and a 0 passes left."""

    def effect(d: Draft, play: Play) -> None:
        if play.card.rank == 7:
            assert play.target is not None or pirate
            if play.target is not None:
                if _blocked(d, play, play.target, SWAP):
                    return
                swap_hands(d, play.player, play.target)
        elif play.card.rank == 0:
            rotate_hands(d, play.player, to_the_left=pirate)
        advance(d, play.player)

    return effect


def skip_effect(d: Draft, play: Play) -> None:
    """§3.6.2: next(p) loses their turn."""
    victim = d.next_seat(play.player)
    d.emit(EventType.SKIP, seat=victim)
    advance(d, victim)


def skip_card_effect(d: Draft, play: Play) -> None:
    """A Skip, which its victim may block (§7.11.3); a two-player Reverse may not."""
    if not _blocked(d, play, d.next_seat(play.player), SKIP):
        skip_effect(d, play)


def reverse_effect(skips_with_two: bool) -> Effect:
    """§3.6.3: flip the direction; with two active players it also acts as a Skip (§3.9.1)
    when `skips_with_two` (`two_player_rules`), else only the direction turns (§3.9.5)."""

    def effect(d: Draft, play: Play) -> None:
        d.direction = -d.direction
        d.emit(EventType.REVERSE, direction=d.direction)
        if skips_with_two and d.active_count == 2:
            skip_effect(d, play)
        else:
            advance(d, play.player)

    return effect


def wild_effect(d: Draft, play: Play) -> None:
    advance(d, play.player)  # §3.6.5


def shuffle_hands_effect(d: Draft, play: Play) -> None:
    shuffle_hands(d, play.player)
    advance(d, play.player)  # §7.9.2


def others_draw(d: Draft, play: Play, count: int, reason: str, *, blockable: bool = True) -> bool:
    """§7.7.3, §7.11.6: the other seats (a Joker's named ones) draw in turn order from next(p);
    True when a holder of the Invisibility card was asked first (§7.11.3) and the rest waits.
    A last card's draws (§6.1.3) are not `blockable`: the hand is over."""
    named = play.targets
    for seat in d.seats_from(d.next_seat(play.player)):
        if seat == play.player or (named and seat not in named):
            continue
        if blockable and _blocked(d, play, seat, DRAWS, count, reason):
            return True
        d.draw(seat, count, reason)
    return False


def downpour_effect(count: int) -> Effect:
    def effect(d: Draft, play: Play) -> None:
        if not others_draw(d, play, count, "wild_downpour"):
            advance(d, play.player)  # §7.7.3: nobody is skipped

    return effect


def draw_card_effect(stacking: bool, count: int = 2, reason: str = "draw_two") -> Effect:
    """§3.6.4: a Draw Two (a Draw Three, §7.11.1, with 3): next(p) draws and loses the turn."""

    def effect(d: Draft, play: Play) -> None:
        victim = d.next_seat(play.player)
        if stacking:  # §7.1.1: the penalty waits for the victim's response
            d.pending_draw += count
            d.await_response(Phase.AWAIT_STACK_RESPONSE, victim)
        elif not _blocked(d, play, victim, NEXT_DRAWS, count, reason):
            penalise(d, victim, count, reason)

    return effect


def joker_effect(d: Draft, play: Play) -> None:
    if not others_draw(d, play, play.each, "joker"):
        advance(d, play.player)  # nobody is skipped


def targeted_effect(act: Callable[[Draft, int, int], None], what: str) -> Effect:
    """A card that does something to the seat its player names (which may block it, §7.11.3:
    `what` says what waits), then play goes on."""

    def effect(d: Draft, play: Play) -> None:
        assert play.target is not None
        if _blocked(d, play, play.target, what):
            return
        act(d, play.player, play.target)
        advance(d, play.player)

    return effect


def wild_draw_four_effect(bluffing: bool, stacking: bool) -> Effect:
    def effect(d: Draft, play: Play) -> None:
        victim = d.next_seat(play.player)
        d.pending_draw += 4
        if bluffing:  # §3.6.6, §3.8: the victim challenges or accepts
            d.await_response(Phase.AWAIT_WD4_RESPONSE, victim)
        elif stacking:
            d.await_response(Phase.AWAIT_STACK_RESPONSE, victim)
        else:  # every WD4 is known to be legal: nothing to decide
            d.pending_draw = 0
            if not _blocked(d, play, victim, NEXT_DRAWS, 4, "wild_draw_four"):
                penalise(d, victim, 4, "wild_draw_four")

    return effect


def custom_wild_effect(effect: CardEffect, reverse: Effect) -> Effect:
    """§7.10.2: the effect every Wild Customizable carries (`reverse`: this game's Reverse)."""
    kind, count = effect
    if kind is EffectKind.NEXT_DRAWS:

        def next_draws(d: Draft, play: Play) -> None:
            victim = d.next_seat(play.player)
            if not _blocked(d, play, victim, NEXT_DRAWS, count, "wild_customizable"):
                penalise(d, victim, count, "wild_customizable")

        return next_draws
    if kind is EffectKind.OTHERS_DRAW:
        return downpour_effect(count)
    if kind is EffectKind.SWAP_HANDS:
        return targeted_effect(swap_hands, SWAP)
    if kind is EffectKind.REVEAL:
        return targeted_effect(lambda d, player, target: reveal_hand(d, target), REVEAL)
    if kind is EffectKind.ALL_DISCARD_ONE:
        return care_a_lot_effect
    simple: dict[EffectKind, Effect] = {
        EffectKind.NONE: wild_effect,
        EffectKind.SKIP: skip_card_effect,
        EffectKind.REVERSE: reverse,
        EffectKind.SHUFFLE_HANDS: shuffle_hands_effect,
    }
    return simple[kind]


def mambo_effect(d: Draft, play: Play) -> None:
    """§7.11.7: gifts to each other active seat in turn order from next(p), keeping at least
    one card; then a lead."""
    ask_for_gift(d, play.player, d.next_seat(play.player))


def ask_for_gift(d: Draft, player: int, seat: int) -> None:
    """The gift to `seat` is due, unless the round of gifts is over (back at `player`) or the
    player is down to one card: then the lead."""
    d.turn = d.to_act = player
    if seat == player or len(d.hands[player]) <= 1:
        d.phase = Phase.AWAIT_LEAD
        d.gift_to = None
    else:
        d.phase = Phase.AWAIT_GIFT
        d.gift_to = seat


def care_a_lot_effect(d: Draft, play: Play) -> None:
    start_discard_round(d, play.player)


# -- what a last card still does (§6.1.3, §6.1.4) ----------------------------------------------


def last_card_draws(facts: RuleFacts) -> dict[Kind, Callable[[Draft, Play], None]]:
    """Only the draw part of a last card happens, before scoring."""

    def next_draws(count: int, reason: str) -> Callable[[Draft, Play], None]:
        def draws(d: Draft, play: Play) -> None:
            # With stacking the victim takes the whole pending total and cannot stack (§7.1.9).
            total = d.pending_draw + count
            d.pending_draw = 0
            d.draw(d.next_seat(play.player), total, reason)

        return draws

    def everyone_draws(count: int, reason: str = "wild_downpour") -> Callable[[Draft, Play], None]:
        def draws(d: Draft, play: Play) -> None:
            others_draw(d, play, count or play.each, reason, blockable=False)

        return draws

    table: dict[Kind, Callable[[Draft, Play], None]] = {
        Kind.DRAW_TWO: next_draws(2, "draw_two"),
        Kind.DRAW_THREE: next_draws(3, "draw_three"),
        Kind.WILD_JOKER: everyone_draws(0, "joker"),  # 0: the Joker's own count
        Kind.WILD_DRAW_FOUR: next_draws(4, "wild_draw_four"),
        Kind.WILD_DOWNPOUR_1: everyone_draws(1),
        Kind.WILD_DOWNPOUR_2: everyone_draws(2),
    }
    kind, count = facts.effects[Kind.WILD_CUSTOMIZABLE]
    if kind is EffectKind.NEXT_DRAWS:
        table[Kind.WILD_CUSTOMIZABLE] = next_draws(count, "wild_customizable")
    elif kind is EffectKind.OTHERS_DRAW:
        table[Kind.WILD_CUSTOMIZABLE] = everyone_draws(count)
    return table


# -- the compiled tables -----------------------------------------------------------------


class FirstDiscard:
    """How a first discard is treated (§2.4)."""

    NONE = "none"  # a number card: the dealer's left starts
    EFFECT = "effect"  # as if the dealer had played it
    CHOOSE_COLOR = "choose_color"  # a Wild: someone names the colour first
    REDRAW = "redraw"  # returned to the stock and another card turned


@dataclass(frozen=True)
class Variant:
    """The tables the engine calls at its variation points, compiled from one `Rules`.

    `facts` holds the rules' plain answers (may a player draw voluntarily, jump in, bluff a
    WD4?): the engine reads them here, looked up once per call, and never reads `rules`.
    """

    rules: Rules
    facts: RuleFacts
    effects: Mapping[Kind, Effect]
    last_card: Mapping[Kind, Callable[[Draft, Play], None]]
    first_discard: Mapping[Kind, str]
    stack_rule: StackRule | None
    targeted: frozenset[Card]  # cards whose play names a seat (Seven-O's 7s, a swap wild)
    # §7.11.7: a Wild Draw Four led after a Mambo cannot be challenged
    unchallenged_wd4: Effect

    def needs_target(self, card: Card) -> bool:
        return card in self.targeted


def compile_rules(rules: Rules) -> Variant:
    """The tables for `rules`, built once per `Rules` object and kept on it."""
    # Asked on every `apply` and `legal_actions`: the look-up is inline, the build kept on.
    variant: Variant | None = rules.__dict__.get("_variant")
    return variant if variant is not None else kept_on(rules, "_variant", _compile)


def _compile(rules: Rules) -> Variant:
    facts = rule_facts(rules)
    stacking = facts.allows_stacking
    reverse = reverse_effect(facts.reverse_skips_with_two)
    effects: dict[Kind, Effect] = {
        Kind.NUMBER: seven_o_effect(facts.pirate) if facts.numbers else number_effect,
        Kind.SKIP: skip_card_effect,
        Kind.REVERSE: reverse,
        Kind.DRAW_TWO: draw_card_effect(stacking),
        Kind.WILD: wild_effect,
        Kind.WILD_DRAW_FOUR: wild_draw_four_effect(facts.allows_wd4_bluff, stacking),
        Kind.WILD_SHUFFLE_HANDS: shuffle_hands_effect,
        Kind.WILD_CUSTOMIZABLE: custom_wild_effect(facts.effects[Kind.WILD_CUSTOMIZABLE], reverse),
        Kind.WILD_DOWNPOUR_1: downpour_effect(1),
        Kind.WILD_DOWNPOUR_2: downpour_effect(2),
        # §7.11
        Kind.DRAW_THREE: draw_card_effect(stacking, 3, "draw_three"),
        Kind.WILD_HOWLER: targeted_effect(lambda d, player, target: reveal_hand(d, target), REVEAL),
        Kind.WILD_INVISIBILITY: wild_effect,
        Kind.WILD_CARE_A_LOT: care_a_lot_effect,
        Kind.WILD_FRIENDSHIP: targeted_effect(swap_hands, SWAP),
        Kind.WILD_JOKER: joker_effect,
        Kind.WILD_TRAVEL: targeted_effect(show_hand, VIEW),
        Kind.WILD_MAMBO: mambo_effect,
    }
    wild_first = FirstDiscard.REDRAW if rules.first_wild == "redraw" else FirstDiscard.CHOOSE_COLOR
    first_discard = {
        Kind.NUMBER: FirstDiscard.NONE,
        Kind.SKIP: FirstDiscard.EFFECT,
        Kind.REVERSE: FirstDiscard.EFFECT,
        Kind.DRAW_TWO: FirstDiscard.EFFECT,
        Kind.WILD: wild_first,
        Kind.WILD_SHUFFLE_HANDS: wild_first,
        Kind.WILD_CUSTOMIZABLE: wild_first,
        Kind.WILD_DRAW_FOUR: FirstDiscard.REDRAW,
        Kind.WILD_DOWNPOUR_1: FirstDiscard.REDRAW,
        Kind.WILD_DOWNPOUR_2: FirstDiscard.REDRAW,
        # §2.4: a Draw Three as a Draw Two; theme wilds returned and redrawn
        Kind.DRAW_THREE: FirstDiscard.EFFECT,
        **{kind: FirstDiscard.REDRAW for kind in THEME_KINDS.values() if kind.is_wild},
    }
    return Variant(
        rules=rules,
        facts=facts,
        effects=effects,
        last_card=last_card_draws(facts),
        first_discard=first_discard,
        stack_rule=facts.stack_rule,
        # §7.2.1, §7.10.2: Seven-O's 7s, a swapping or revealing Wild Customizable
        targeted=frozenset(card for card in rules.deck_cards() if facts.names_target(card)),
        unchallenged_wd4=wild_draw_four_effect(False, stacking),
    )
