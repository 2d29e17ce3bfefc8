"""The legal-move generator: `legal_actions`, every action a seat may take now (DESIGN.md §8).

The authority on legality: `engine.apply` accepts an action when this lists it. Apart from the
handlers that resolve actions because listing is the hot path of every simulation and search
(its caches and inline matching), while the handlers are run once per action applied. The few
questions both sides ask (may this seat jump in, is this WD4 allowed, does this wild declare a
colour) are answered here once.
"""

from __future__ import annotations

import functools
import itertools

from .action_index import action_index
from .actions import Action, ActionKind
from .cards import COLORS, Card, Color, Kind, sort_hand
from .draft import LEGAL_MEMO, Draft
from .effects import Variant, compile_rules
from .errors import CorruptDataError, shown
from .invisibility import INVISIBILITY
from .matching import is_wd4_legal, matches
from .state import GameState, Phase

# The phases the handlers ask about too.
RESPONSE_PHASES = (Phase.AWAIT_WD4_RESPONSE, Phase.AWAIT_STACK_RESPONSE)
MAMBO_PHASES = (Phase.AWAIT_GIFT, Phase.AWAIT_LEAD)
OVER_PHASES = (Phase.HAND_OVER, Phase.GAME_OVER)
COLOR_CODES = {color: color.value.lower() for color in COLORS}  # as a play's event says it


@functools.lru_cache(maxsize=8192)
def _action(
    kind: ActionKind,
    card: Card | None = None,
    color: Color | None = None,
    target: int | None = None,
    uno: bool = False,
) -> Action:
    return Action(kind, card, color, target, uno)


_DRAW = _action(ActionKind.DRAW)
_KEEP = _action(ActionKind.KEEP)
_ACCEPT = _action(ActionKind.ACCEPT)
_CHALLENGE = _action(ActionKind.CHALLENGE)
_UNO = _action(ActionKind.UNO)
_NEXT = _action(ActionKind.NEXT)
_DECLINE = _action(ActionKind.DECLINE)
_ALLOW = _action(ActionKind.ALLOW)
_PIRATE_ANSWERS = (_action(ActionKind.PASS), _action(ActionKind.CHEAT))
_COLOR_CHOICES = tuple(_action(ActionKind.COLOR, color=c) for c in COLORS)


def legal_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    """Every action `seat` may take now, in canonical order, out-of-turn ones included.

    Plays come first (cards in hand order, then colours, targets, and without/with the Uno
    call), then draw, keep, challenge, accept, colour choices, `uno`, `catch N`, `next`, and
    last a discard round's `discard CARD` (hand order, without/with the call) and `decline`:
    the order of `lastcard.core.action_index`.
    """
    if not isinstance(state, GameState):
        raise CorruptDataError(f"not a GameState: {shown(state)}")
    # A player asks for its choices and then `apply` asks again for the one it chose: the last
    # answer is kept on the (immutable) state, as `Rules` keeps its tables (`rules.kept_on`).
    if type(seat) is not int:  # a bool is an int to Python but no seat: no actions
        return ()
    memo = state.__dict__.get(LEGAL_MEMO)
    if memo is not None and memo[0] == seat:
        listed: tuple[Action, ...] = memo[1]
        return listed
    listed = _listed(state, seat)
    object.__setattr__(state, LEGAL_MEMO, (seat, listed))
    return listed


def _listed(state: GameState, seat: int) -> tuple[Action, ...]:
    phase = state.phase
    if phase is Phase.GAME_OVER or type(seat) is not int or not 0 <= seat < state.players:
        return ()  # no seat (a bool is none either): no actions
    if phase is Phase.HAND_OVER:
        return (_NEXT,)  # any seat may deal on, eliminated ones included
    if not state.active[seat]:
        return ()
    variant = compile_rules(state.rules)
    out: list[Action] = []
    hand = state.hands[seat]
    if phase is Phase.AWAIT_TURN:
        if seat == state.turn:
            color = state.color
            top = state.discard[-1]
            # The hot path of every simulation: match each distinct card once, inline.
            playable = (
                set(hand)  # §7.6.3: under Pirate any card may be played, as a cheat
                if variant.facts.pirate
                else {
                    c
                    for c in hand
                    if c.is_wild
                    or c.color is color
                    or (not top.is_wild and c.kind is top.kind and c.rank == top.rank)
                }
            )
            penultimate = len(hand) == 2
            targeted = variant.targeted
            for card in sort_hand(playable):
                wd4 = card.kind is Kind.WILD_DRAW_FOUR
                if wd4 and not _wd4_allowed(state, variant, hand, card):
                    continue
                plain = None if card in targeted else _PLAIN_VARIANTS.get((card, penultimate))
                out += plain if plain is not None else _play_variants(state, variant, seat, card)
            if _may_draw(state, variant, hand):
                out.append(_DRAW)
        elif may_jump_in(state, variant, seat):
            top = state.top
            if top in hand and not top.is_wild:  # §7.3.1: never with a wild-type card
                out += _play_variants(state, variant, seat, top)
    elif phase is Phase.AFTER_DRAW:
        if seat == state.turn:
            assert state.drawn is not None
            if variant.facts.pirate:  # §7.6.3: any card, the drawn one or not
                for card in _distinct(hand):
                    if _wd4_allowed(state, variant, hand, card):
                        out += _play_variants(state, variant, seat, card)
            elif _wd4_allowed(state, variant, hand, state.drawn):
                # A drawn WD4 was legal when drawn, but a referee's penalty (§5.5.1) may since
                # have brought the current colour into the hand.
                out += _play_variants(state, variant, seat, state.drawn)
            out.append(_KEEP)
    elif phase in RESPONSE_PHASES:
        if seat == state.to_act:
            rule = variant.stack_rule
            if rule is not None:
                assert state.color is not None
                for card in _distinct(hand):
                    stackable = rule(card, state.top, state.color)
                    if stackable and _wd4_allowed(state, variant, hand, card):
                        out += _play_variants(state, variant, seat, card)
            if phase is Phase.AWAIT_WD4_RESPONSE:
                out.append(_CHALLENGE)
            out.append(_ACCEPT)
            # §7.11.3, §7.13.5: a block cancels the whole total, of cards someone played
            if INVISIBILITY in hand and state.top_player is not None:
                out += _block_choices(hand)
    elif phase is Phase.AWAIT_FIRST_COLOR and seat == state.to_act:
        out += _COLOR_CHOICES
    exposed = state.exposed
    if exposed is not None:
        out.append(_UNO if exposed == seat else _action(ActionKind.CATCH, target=exposed))
    if phase is Phase.AWAIT_DISCARD and seat == state.to_act:
        out += _discard_choices(hand)
    elif phase is Phase.AWAIT_PIRATE and seat == state.to_act:
        out += _PIRATE_ANSWERS
    elif phase is Phase.AWAIT_BLOCK and seat == state.to_act:
        out += _block_choices(hand)
        out.append(_ALLOW)
    elif phase is Phase.AWAIT_GIFT and seat == state.to_act:
        out += [_action(ActionKind.GIVE, card) for card in _distinct(hand)]
    elif phase is Phase.AWAIT_LEAD and seat == state.to_act:
        for card in _distinct(hand):  # §7.11.7: any card, no match needed, a WD4 too
            out += _lead_variants(state, variant, seat, card)
    if variant.facts.theme_cards and len(out) > 1:
        # The theme cards were numbered after everything else: keep the index's order.
        out.sort(key=action_index(state.players).index)
    return tuple(out)


def _discard_choices(hand: tuple[Card, ...]) -> list[Action]:
    """§7.11.4: any one card but the last, then `decline`."""
    calls = (False, True) if len(hand) == 2 else (False,)
    out = [
        _action(ActionKind.DISCARD, card, uno=uno)
        for card in (_distinct(hand) if len(hand) > 1 else ())
        for uno in calls
    ]
    out.append(_DECLINE)
    return out


def _distinct(hand: tuple[Card, ...]) -> list[Card]:
    return list(sort_hand(set(hand)))


def _play_variants(state: GameState, variant: Variant, seat: int, card: Card) -> list[Action]:
    size = len(state.hands[seat])
    penultimate = size == 2
    if card.kind is Kind.WILD_JOKER:
        return _joker_variants(state, seat, card, penultimate)
    targeted = variant.needs_target(card)
    if not targeted:
        plain = _PLAIN_VARIANTS.get((card, penultimate))
        if plain is not None:
            return plain
    colors: tuple[Color | None, ...] = COLORS if declares_color(card) else (None,)
    if targeted:
        targets: tuple[int | None, ...] = tuple(
            s for s in range(state.players) if s != seat and state.active[s]
        )
        # §7.2.4: a last card goes out and swaps nothing; §7.6.1: Pirate's 7 may swap nothing
        if size == 1 or optional_target(variant, card):
            targets = (None, *targets)
    else:
        targets = (None,)
    key = (card, targets, penultimate)
    variants = _VARIANTS.get(key)
    if variants is None:
        calls = (False, True) if penultimate else (False,)
        kind = ActionKind.PLAY
        variants = [Action(kind, card, c, t, u) for c in colors for t in targets for u in calls]
        _VARIANTS[key] = variants
        if targets == (None,):
            _PLAIN_VARIANTS[card, penultimate] = variants
    return variants


def _block_choices(hand: tuple[Card, ...]) -> list[Action]:
    calls = (False, True) if len(hand) == 2 else (False,)
    return [_action(ActionKind.BLOCK, color=c, uno=u) for c in COLORS for u in calls]


def _lead_variants(state: GameState, variant: Variant, seat: int, card: Card) -> list[Action]:
    plays = _play_variants(state, variant, seat, card)
    key = tuple(plays)
    leads = _LEAD_VARIANTS.get(key)
    if leads is None:
        leads = _LEAD_VARIANTS[key] = [
            Action(ActionKind.LEAD, a.card, a.color, a.target, a.uno, a.targets, a.count)
            for a in plays
        ]
    return leads


_LEAD_VARIANTS: dict[tuple[Action, ...], list[Action]] = {}


def _joker_variants(state: GameState, seat: int, card: Card, penultimate: bool) -> list[Action]:
    """§7.11.6: a colour, 1 to 3 distinct other active seats (in increasing order) and a count
    1 to 3; the order of `lastcard.core.action_index`."""
    others = tuple(s for s in range(state.players) if s != seat and state.active[s])
    key = (card, others, penultimate)
    variants = _JOKER_VARIANTS.get(key)
    if variants is None:
        calls = (False, True) if penultimate else (False,)
        variants = [
            Action(ActionKind.PLAY, card, c, None, u, targets, count)
            for c in COLORS
            for targets in joker_target_sets(others)
            for count in JOKER_COUNTS
            for u in calls
        ]
        _JOKER_VARIANTS[key] = variants
    return variants


JOKER_COUNTS = (1, 2, 3)


def joker_target_sets(seats: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every set of 1 to 3 of `seats`, by size, then in increasing order."""
    return [group for size in (1, 2, 3) for group in itertools.combinations(seats, size)]


_JOKER_VARIANTS: dict[tuple[Card, tuple[int, ...], bool], list[Action]] = {}


def declares_color(card: Card) -> bool:
    """A wild declares a colour, but for the Mambo (§7.11.7): its lead will set one."""
    return card.is_wild and card.kind is not Kind.WILD_MAMBO


def optional_target(variant: Variant, card: Card) -> bool:
    return variant.facts.pirate and card.kind is Kind.NUMBER


# Play actions by (card, targets, penultimate): the same few hundred lists serve every game.
_VARIANTS: dict[tuple[Card, tuple[int | None, ...], bool], list[Action]] = {}
_PLAIN_VARIANTS: dict[tuple[Card, bool], list[Action]] = {}


def _wd4_allowed(
    state: GameState | Draft, variant: Variant, hand: tuple[Card, ...], card: Card
) -> bool:
    """A WD4 is always playable while bluffing is on; otherwise only when legal (§3.3.4)."""
    if card.kind is not Kind.WILD_DRAW_FOUR or variant.facts.allows_wd4_bluff:
        return True
    assert state.color is not None
    return is_wd4_legal(without(hand, card), state.color)


def is_playable(
    state: GameState | Draft, variant: Variant, hand: tuple[Card, ...], card: Card
) -> bool:
    assert state.color is not None
    return matches(card, state.discard[-1], state.color) and _wd4_allowed(
        state, variant, hand, card
    )


def has_legal_play(state: GameState | Draft, hand: tuple[Card, ...]) -> bool:
    """§3.4.2, §3.11.2: a matching card; a WD4 that would be a bluff does not count."""
    color = state.color
    assert color is not None
    top = state.discard[-1]
    for card in hand:
        if matches(card, top, color) and (
            card.kind is not Kind.WILD_DRAW_FOUR or is_wd4_legal(without(hand, card), color)
        ):
            return True
    return False


def _may_draw(state: GameState, variant: Variant, hand: tuple[Card, ...]) -> bool:
    if state.stock or len(state.discard) > 1:
        return variant.facts.allows_voluntary_draw or not has_legal_play(state, hand)
    return not has_legal_play(state, hand)  # §3.11: the draw is a pass


def may_jump_in(state: GameState | Draft, variant: Variant, seat: int) -> bool:
    """§7.3.2–7.3.3: only in AWAIT_TURN, never by the player who placed the top card."""
    facts = variant.facts
    return facts.allows_jump_in and (
        state.top_player is None or state.top_player != seat or facts.allows_jump_in_on_own_card
    )


def without(hand: tuple[Card, ...], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest
