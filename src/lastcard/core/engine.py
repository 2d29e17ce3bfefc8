"""The turn loop: `legal_actions` and `apply` (RULES.md §3–§5).

`apply` validates an action against the state, copies the state into a `Draft`, resolves the
action there and freezes the result. Validation never mutates; resolution only mutates the
draft, so a rejected action leaves the caller's state exactly as it was (§5.2.1).

House rules enter only through the compiled `Variant` tables (see `effects`).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable

from .action_index import action_index
from .actions import Action, ActionKind, parse_action
from .cards import COLORS, Card, Color, Kind, sort_hand
from .draft import LEGAL_MEMO, Draft
from .effects import (
    Play,
    Variant,
    advance,
    ask_for_gift,
    ask_next_discarder,
    compile_rules,
    penalise,
)
from .errors import ActionSyntaxError, CorruptDataError, IllegalActionError, illegal, shown
from .events import Event, EventType, codes
from .facts import rule_facts
from .invisibility import INVISIBILITY, TURN_TAKING, resume
from .matching import is_identical, is_wd4_legal, matches
from .scoring import end_hand
from .setup import next_hand
from .state import GameState, PendingChallenge, PendingPirate, Phase
from .transition import Transition

_RESPONSES = (Phase.AWAIT_WD4_RESPONSE, Phase.AWAIT_STACK_RESPONSE)
_MAMBO = (Phase.AWAIT_GIFT, Phase.AWAIT_LEAD)
_OVER = (Phase.HAND_OVER, Phase.GAME_OVER)
_LOWER = {color: color.value.lower() for color in COLORS}


# -- legal actions -------------------------------------------------------------------------


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
# Actions a seat may take while a discard round or a Pirate window waits on someone (§7.11.4,
# §7.6.4, and §4, §5.5 at any time).
_ANY_TIME = (ActionKind.UNO, ActionKind.CATCH, ActionKind.PENALIZE)
_IN_DISCARD_ROUND = frozenset({ActionKind.DISCARD, ActionKind.DECLINE, *_ANY_TIME})
_IN_PIRATE_WINDOW = frozenset({ActionKind.PASS, ActionKind.CHEAT, *_ANY_TIME})
# What each phase of a decision by one seat alone allows (§7.11.4, §7.6.4, §7.11.7).
_ALLOWED_IN = {
    Phase.AWAIT_DISCARD: _IN_DISCARD_ROUND,
    Phase.AWAIT_PIRATE: _IN_PIRATE_WINDOW,
    Phase.AWAIT_GIFT: frozenset({ActionKind.GIVE, *_ANY_TIME}),
    Phase.AWAIT_LEAD: frozenset({ActionKind.LEAD, *_ANY_TIME}),
    Phase.AWAIT_BLOCK: frozenset({ActionKind.BLOCK, ActionKind.ALLOW, *_ANY_TIME}),
}
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
        elif _may_jump_in(state, variant, seat):
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
    elif phase in _RESPONSES:
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
    colors: tuple[Color | None, ...] = COLORS if _declares_colour(card) else (None,)
    if targeted:
        targets: tuple[int | None, ...] = tuple(
            s for s in range(state.players) if s != seat and state.active[s]
        )
        # §7.2.4: a last card goes out and swaps nothing; §7.6.1: Pirate's 7 may swap nothing
        if size == 1 or _optional_target(variant, card):
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


def _declares_colour(card: Card) -> bool:
    """A wild declares a colour, but for the Mambo (§7.11.7): its lead will set one."""
    return card.is_wild and card.kind is not Kind.WILD_MAMBO


def _optional_target(variant: Variant, card: Card) -> bool:
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
    return is_wd4_legal(_without(hand, card), state.color)


def _is_playable(
    state: GameState | Draft, variant: Variant, hand: tuple[Card, ...], card: Card
) -> bool:
    assert state.color is not None
    return matches(card, state.discard[-1], state.color) and _wd4_allowed(
        state, variant, hand, card
    )


def _has_legal_play(state: GameState | Draft, hand: tuple[Card, ...]) -> bool:
    """§3.4.2, §3.11.2: a matching card; a WD4 that would be a bluff does not count."""
    color = state.color
    assert color is not None
    top = state.discard[-1]
    for card in hand:
        if matches(card, top, color) and (
            card.kind is not Kind.WILD_DRAW_FOUR or is_wd4_legal(_without(hand, card), color)
        ):
            return True
    return False


def _may_draw(state: GameState, variant: Variant, hand: tuple[Card, ...]) -> bool:
    if state.stock or len(state.discard) > 1:
        return variant.facts.allows_voluntary_draw or not _has_legal_play(state, hand)
    return not _has_legal_play(state, hand)  # §3.11: the draw is a pass


def _may_jump_in(state: GameState | Draft, variant: Variant, seat: int) -> bool:
    """§7.3.2–7.3.3: only in AWAIT_TURN, never by the player who placed the top card."""
    facts = variant.facts
    return facts.allows_jump_in and (
        state.top_player is None or state.top_player != seat or facts.allows_jump_in_on_own_card
    )


def _without(hand: tuple[Card, ...], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


# -- apply -----------------------------------------------------------------------------------


def apply(state: GameState, seat: int, action: Action | str) -> Transition:
    """Apply `seat`'s action and return the new state and its events.

    The legal-move generator is the authority (DESIGN.md §8): an action is accepted exactly
    when `legal_actions(state, seat)` lists it, or when it is one of table mode's unlisted
    mistakes and referee calls (`unlisted_but_accepted`), which their handler judges. Otherwise
    an `IllegalActionError` says why (a §5.2.2 `code`), worked out only then. `state` is never
    modified either way.
    """
    if isinstance(action, str):
        action = parse_action(action)
    elif not isinstance(action, Action):  # an Action is well formed by construction
        raise ActionSyntaxError(f"an action is an Action or its text code, not {shown(action)}")
    if not isinstance(state, GameState):
        raise CorruptDataError(f"not a GameState: {shown(state)}")
    if action not in legal_actions(state, seat) and not unlisted_but_accepted(state, seat, action):
        raise _refusal(state, seat, action)
    d = Draft(state)
    _HANDLERS[action.kind](d, compile_rules(state.rules), seat, action)
    return Transition(d.freeze(), tuple(d.events))


def unlisted_but_accepted(state: GameState, seat: int, action: Action) -> bool:
    """Whether `apply` takes `action` although `legal_actions` lists it for nobody: table
    mode's mistakes and referee calls (§5.1), which the engine accepts and penalises but
    nobody chooses: a play by the seat whose turn it is (a wrong card, §5.4.1) and
    `penalize N` from any seat (§5.5.1). Their handlers judge them (a card not held, a missing
    colour, an eliminated seat are refused)."""
    if not rule_facts(state.rules).table_mode or state.phase in _OVER:
        return False
    if type(seat) is not int or not 0 <= seat < state.players or not state.active[seat]:
        return False
    if action.kind is ActionKind.PENALIZE:
        return True
    return (
        action.kind is ActionKind.PLAY
        and seat == state.turn
        and state.phase in (Phase.AWAIT_TURN, Phase.AFTER_DRAW)
    )


def _refusal(state: GameState, seat: int, action: Action) -> IllegalActionError:
    """Why `action` is not legal: the handler's own checks, run on a throwaway draft. Should
    they find nothing, the action is simply not on the list (`NOT_OFFERED`)."""
    # `type(...) is int`: a bool is an int to Python but no seat.
    if type(seat) is not int or not 0 <= seat < state.players:
        return illegal("NOT_YOUR_TURN", f"there is no seat {shown(seat)} in this game")
    if state.phase is Phase.GAME_OVER:
        return illegal("HAND_IS_OVER", "the game is over")
    if state.phase is Phase.HAND_OVER:
        if action.kind is not ActionKind.NEXT:
            return illegal(
                "HAND_IS_OVER", "the hand is over: only `next` deals the next hand (§3.1)"
            )
    elif not state.active[seat]:
        return illegal("NOT_YOUR_TURN", f"seat {seat} has been eliminated (§7.5.2)")
    else:
        allowed = _ALLOWED_IN.get(state.phase)
        if allowed is not None and action.kind not in allowed:
            return _waits(state, seat)
    try:
        _HANDLERS[action.kind](Draft(state), compile_rules(state.rules), seat, action)
    except IllegalActionError as error:
        return error
    return illegal(
        "NOT_OFFERED", f"{action.code} is not among seat {seat}'s legal actions now (§5.2)"
    )


Handler = Callable[[Draft, Variant, int, Action], None]


def _not_your_turn(d: Draft, variant: Variant, seat: int, what: str) -> IllegalActionError:
    if variant.facts.allows_jump_in and what == "play":
        return illegal(
            "JUMP_IN_NOT_ALLOWED",
            f"seat {seat} may not play now: a jump-in needs the card identical to the top card, "
            "while a turn is awaited, by someone other than its player (§7.3)",
        )
    return illegal("NOT_YOUR_TURN", f"it is seat {d.to_act}'s decision, not seat {seat}'s (§3.1)")


def _play(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    card = action.card
    assert card is not None
    phase = d.phase
    hand = d.hands[seat]
    jump_in = False
    pirate = variant.facts.pirate
    if phase is Phase.AWAIT_TURN:
        if seat != d.turn:
            if not (_may_jump_in(d, variant, seat) and is_identical(card, d.discard[-1])):
                raise _not_your_turn(d, variant, seat, "play")
            jump_in = True
    elif phase is Phase.AFTER_DRAW:
        if seat != d.turn:
            raise _not_your_turn(d, variant, seat, "play")
        if card not in hand:
            raise illegal("CARD_NOT_IN_HAND", f"seat {seat} holds no {card.code} (§3.2.1)")
        if card is not d.drawn and not variant.facts.table_mode and not pirate:
            raise illegal(
                "ONLY_DRAWN_CARD_MAY_BE_PLAYED",
                "after drawing only the drawn card may be played, or `keep` (§3.5.3)",
            )
    elif phase in _RESPONSES:
        if seat != d.to_act:
            raise _not_your_turn(d, variant, seat, "play")
    else:  # AWAIT_FIRST_COLOR
        if seat == d.to_act:
            raise illegal(
                "RESPONSE_REQUIRED", "name the colour of the Wild first: `color c` (§2.4)"
            )
        raise _not_your_turn(d, variant, seat, "play")
    if card not in hand:
        raise illegal("CARD_NOT_IN_HAND", f"seat {seat} holds no {card.code} (§3.2.1)")
    _check_colour(card, action)
    color = d.color
    assert color is not None
    cheat = False
    if phase in _RESPONSES:
        rule = variant.stack_rule
        if rule is None or not rule(card, d.discard[-1], color):
            raise illegal(
                "RESPONSE_REQUIRED",
                f"seat {seat} must respond to the pending draw: "
                + ("stack a qualifying card, " if rule else "")
                + (
                    "challenge or accept (§3.8)"
                    if phase is Phase.AWAIT_WD4_RESPONSE
                    else "accept (§7.1.6)"
                ),
            )
    elif (phase is Phase.AFTER_DRAW and card is not d.drawn) or not matches(
        card, d.discard[-1], color
    ):
        if pirate and not jump_in:
            cheat = True  # §7.6.3, §7.13.6: accepted, flagged for its player alone
        elif not variant.facts.table_mode or jump_in:
            raise illegal(
                "CARD_DOES_NOT_MATCH",
                f"{card.code} does not match {d.discard[-1].code} "
                f"with {color.name.lower()} current (§3.2)",
            )
        else:
            # §5.4.1: at a refereed table a wrong card is a mistake paid for, not an error.
            # The play must still be well formed (§5.4.2): the checks above, the target below.
            _check_play_targets(d, variant, seat, action)
            _wrong_card(d, variant, seat, card)
            return
    legal = True
    if card.kind is Kind.WILD_DRAW_FOUR:
        legal = is_wd4_legal(_without(hand, card), color)
        if not legal and not variant.facts.allows_wd4_bluff:
            raise illegal(
                "ILLEGAL_WILD_DRAW_FOUR",
                f"a Wild Draw Four needs a hand with no {color.name.lower()} card (§3.3.1)",
            )
    _check_play_targets(d, variant, seat, action)
    if action.uno and len(hand) != 2:
        raise illegal(
            "NOTHING_TO_CALL", "Uno is called with the play of one's penultimate card (§4.1)"
        )
    on_turn = phase is Phase.AFTER_DRAW or (phase is Phase.AWAIT_TURN and not jump_in)
    _resolve_play(d, variant, seat, action, legal, jump_in, cheat if on_turn else None)
    if on_turn:
        _turn_taken(d, variant)  # a stacking answer and a jump-in are no turns (§3.11.4)


def _check_colour(card: Card, action: Action) -> None:
    """§3.2.6: a wild declares a colour (not the Mambo, §7.11.7), a coloured card none."""
    if _declares_colour(card):
        if action.color is None:
            raise illegal(
                "MISSING_COLOUR",
                f"a {card.code} needs a declared colour, e.g. {card.code}:r (§3.2.6)",
            )
    elif action.color is not None:
        what = "the Mambo declares no colour (§7.11.7)" if card.is_wild else "a coloured card"
        raise illegal("UNEXPECTED_COLOUR", f"{card.code} is {what}: declare no colour (§3.2.6)")


def _wrong_card(d: Draft, variant: Variant, seat: int, card: Card) -> None:
    """§5.4.1: the card goes back to the hand (it never left it here), the player draws 2 and
    the turn passes to next(p); nothing of the card takes effect.

    A wrong card is the player's turn, so it closes the catch window (§4.4) and counts for the
    turn limit. Decided here (RULES.md is silent): while nothing can be drawn it counts as a
    pass towards the blocked hand of §3.11.3, since the table is exactly as before it."""
    d.close_catch_window()
    d.emit(EventType.WRONG_CARD, seat=seat, card=card.code)
    got = d.draw(seat, 2, "wrong_card")
    d.drawn = None
    if got:
        d.passes = 0
    else:
        d.passes += 1
        if d.passes >= d.active_count:
            end_hand(d, None)
            _turn_taken(d, variant)
            return
    advance(d, seat)
    _turn_taken(d, variant)


def _turn_taken(d: Draft, variant: Variant) -> None:
    """Count a turn of §3 (a play, a draw and what follows it, a pass) for §3.11.4: once the
    hand has lasted `turn_limit` turns it ends blocked (§3.11.3)."""
    if d.phase is Phase.AWAIT_PIRATE:
        return  # counted when the window closes, once the turn's outcome is known
    d.hand_turns += 1
    limit = variant.facts.turn_limit
    if limit is not None and d.hand_turns >= limit and d.phase not in _OVER:
        d.emit(EventType.TURN_LIMIT, turns=d.hand_turns, limit=limit)
        end_hand(d, None)


def _check_joker(d: Draft, seat: int, action: Action) -> None:
    """§7.11.6: 1 to 3 distinct other active seats, in increasing order, and a count 1 to 3."""
    targets, count = action.targets, action.count
    others = [s for s in range(d.players) if s != seat and d.active[s]]
    if (
        not isinstance(targets, tuple)
        or not 1 <= len(targets) <= 3
        or any(type(t) is not int or t not in others for t in targets)
        or list(targets) != sorted(set(targets))
        or action.target is not None
    ):
        raise illegal(
            "INVALID_TARGET",
            "a Joker names 1 to 3 other active seats and a count, e.g. "
            f"WJ:r>{others[0]}*2 (§7.11.6)",
        )
    if count not in JOKER_COUNTS:
        raise illegal("INVALID_TARGET", "a Joker makes each seat draw 1, 2 or 3: *1, *2 or *3")


def _check_play_targets(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    card = action.card
    assert card is not None
    if card.kind is Kind.WILD_JOKER:
        _check_joker(d, seat, action)
        return
    if action.targets or action.count:
        raise illegal("INVALID_TARGET", f"{card.code} names no seats and no count (§7.11.6)")
    _check_target(d, variant, seat, card, action.target)


def _check_target(d: Draft, variant: Variant, seat: int, card: Card, target: int | None) -> None:
    if not variant.needs_target(card):
        if target is not None:
            raise illegal("INVALID_TARGET", f"{card.code} names no target here (§7.2)")
        return
    if target is None and (len(d.hands[seat]) == 1 or _optional_target(variant, card)):
        return  # §7.2.4: a 7 that goes out needs no target; §7.6.1: nor does Pirate's 7
    if target is None or not 0 <= target < d.players or target == seat or not d.active[target]:
        raise illegal(
            "INVALID_TARGET",
            f"{card.code} must name another active seat, "
            f"e.g. {card.code}>{d.next_seat(seat)} (§7.2.1)",
        )


def _resolve_play(
    d: Draft,
    variant: Variant,
    seat: int,
    action: Action,
    legal: bool,
    jump_in: bool,
    cheat: bool | None = None,
) -> None:
    """§3.6: place the card, set the colour, go out or apply the effect, then the Uno duty.

    Under Pirate an on-turn play (`cheat` not None) first opens the window of §7.6.4: the
    effect waits until everyone has let the play stand."""
    card = action.card
    assert card is not None
    d.close_catch_window()  # §4.4 (a), (b)
    if seat in d.uncaught:
        d.uncaught = tuple(s for s in d.uncaught if s != seat)
    d.take_from_hand(seat, card)
    d.discard = (*d.discard, card)
    color_before = d.color
    top_before = d.top_player
    d.color = action.color if card.is_wild else card.color
    if card.kind is Kind.WILD_MAMBO:
        d.color = color_before  # §7.11.7: no colour is declared; the lead will set one
    d.top_player = seat
    d.drawn = None
    d.challenge = None  # stacking on a WD4 gives up its challenge (§7.1.7)
    lead = action.kind is ActionKind.LEAD
    if (
        card.kind is Kind.WILD_DRAW_FOUR
        and variant.facts.allows_wd4_bluff
        and d.hands[seat]
        and not lead  # §7.11.7: a lead cannot be challenged
    ):
        d.challenge = PendingChallenge(seat, legal, d.hands[seat], color_before)
    assert d.color is not None
    d.emit(
        EventType.PLAY,
        seat=seat,
        card=card.code,
        color=_LOWER[d.color],
        target=action.target,
        uno=action.uno,
        jump_in=jump_in,
    )
    d.turn = seat
    if cheat is not None and variant.facts.pirate:
        d.pirate = PendingPirate(
            cheat, color_before, top_before, action.target, action.uno, action.targets, action.count
        )
        d.phase = Phase.AWAIT_PIRATE
        d.to_act = d.next_seat(seat)
        d.events.append(
            Event(EventType.PIRATE_WINDOW, {"seat": seat}, {"cheat": cheat}, frozenset({seat}))
        )
        return
    d.passes = 0
    play = Play(seat, card, action.target, action.targets, action.count)
    _take_effect(d, variant, play, action.uno, lead)


def _take_effect(d: Draft, variant: Variant, play: Play, uno: bool, lead: bool = False) -> None:
    """§3.6 steps 3–5 for the card `play.player` has placed on top: go out or apply the
    effect, then the Uno duty."""
    seat, card = play.player, play.card
    if not d.hands[seat]:  # §6.1: out; only the draw part of the last card still happens
        d.challenge = None
        last = variant.last_card.get(card.kind)
        if last is not None:
            last(d, play)
        end_hand(d, seat)
        return
    penultimate = len(d.hands[seat]) == 1
    if lead and card.kind is Kind.WILD_DRAW_FOUR:
        variant.unchallenged_wd4(d, play)  # §7.11.7
    else:
        variant.effects[card.kind](d, play)
    # §4.1, §4.2: only playing one's penultimate card creates the duty, and only if the
    # player still holds one card once the card's own effect (a swap, a re-deal) is done.
    if penultimate and not uno:
        if d.phase is Phase.AWAIT_BLOCK:  # judged once the holder has answered
            assert d.block is not None
            d.block = dataclasses.replace(d.block, owes_uno=True)
        elif d.phase in _MAMBO:
            pass  # §7.11.7: the play resolves with its lead, which carries the duty
        elif len(d.hands[seat]) == 1:
            d.exposed = seat


def _draw(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    phase = d.phase
    if phase in _RESPONSES and seat == d.to_act:
        # §7.1.5's "a draw counts as accept" is the `accept` action itself, which draws the
        # cards; a second code for it would be a second, unlisted answer to one question.
        raise illegal(
            "RESPONSE_REQUIRED", "take the pending draw with `accept`, which draws it (§7.1.5)"
        )
    if seat != d.turn or phase is Phase.AWAIT_FIRST_COLOR:
        if seat == d.to_act:
            raise illegal(
                "RESPONSE_REQUIRED", "name the colour of the Wild first: `color c` (§2.4)"
            )
        raise _not_your_turn(d, variant, seat, "draw")
    if phase is Phase.AFTER_DRAW:
        raise illegal("DRAW_NOT_ALLOWED", "one card only: play the drawn card or `keep` (§3.4.3)")
    hand = d.hands[seat]
    has_play = _has_legal_play(d, hand)
    if not d.can_draw():
        if has_play:
            raise illegal(
                "DRAW_NOT_ALLOWED",
                "no card can be drawn, so a player with a legal play must play (§3.11.2)",
            )
        d.close_catch_window()
        d.passes += 1
        d.emit(EventType.PASS, seat=seat)
        if d.passes >= d.active_count:  # §3.11.3: a full cycle of passes
            end_hand(d, None)
        else:
            advance(d, seat)
        _turn_taken(d, variant)
        return
    if has_play and not variant.facts.allows_voluntary_draw:
        raise illegal(
            "DRAW_NOT_ALLOWED", "voluntary draws are off: play a card you can play (§3.4.2)"
        )
    d.close_catch_window()
    (card,) = d.draw(seat, 1, "turn")
    if _is_playable(d, variant, d.hands[seat], card):  # §3.5.2: the drawn card may be played
        d.phase = Phase.AFTER_DRAW
        d.drawn = card
    else:  # §3.5.4
        advance(d, seat)
        _turn_taken(d, variant)


def _keep(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.phase is Phase.AFTER_DRAW and seat != d.turn:
        raise illegal("NOT_YOUR_TURN", f"only seat {d.turn}, who drew, may keep the card (§3.5)")
    if d.phase is not Phase.AFTER_DRAW:
        raise illegal(
            "NOTHING_TO_KEEP", "`keep` follows a draw whose card could be played (§3.5.2)"
        )
    d.emit(EventType.KEEP, seat=seat)
    advance(d, seat)
    _turn_taken(d, variant)


def _accept(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.phase not in _RESPONSES:
        raise illegal("NOTHING_TO_ACCEPT", "there is no pending draw to accept")
    if seat != d.to_act:
        raise illegal("NOT_YOUR_TURN", f"only seat {d.to_act} may accept the pending draw")
    d.close_catch_window()
    total, d.pending_draw = d.pending_draw, 0
    d.challenge = None
    d.emit(EventType.ACCEPT, seat=seat, count=total)
    penalise(d, seat, total, "accept")


def _challenge(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if not variant.facts.allows_wd4_bluff:
        raise illegal("OPTION_DISABLED", "challenges are off with wd4_bluffing = False (§3.3.4)")
    challenge = d.challenge
    if d.phase is not Phase.AWAIT_WD4_RESPONSE or challenge is None:
        raise illegal("NOT_THE_CHALLENGER", "there is no Wild Draw Four to challenge (§3.8)")
    if seat != d.to_act:
        raise illegal(
            "NOT_THE_CHALLENGER", f"only seat {d.to_act}, who must draw, may challenge (§3.8.1)"
        )
    d.close_catch_window()
    d.challenge = None
    succeeded = not challenge.legal
    d.events.append(
        Event(
            EventType.CHALLENGE,
            {"seat": seat, "player": challenge.player, "succeeded": succeeded},
            {"revealed": codes(challenge.hand)},  # §3.8.2: to the challenger only
            frozenset({seat}),
        )
    )
    if succeeded:  # §3.8.3, §7.1.7
        d.draw(challenge.player, 4, "challenge")
        d.pending_draw -= 4
        if d.pending_draw:
            d.await_response(Phase.AWAIT_STACK_RESPONSE, seat)
        else:
            d.give_turn(seat)
    else:  # §3.8.4
        total, d.pending_draw = d.pending_draw + 2, 0
        penalise(d, seat, total, "challenge")


def _call_uno(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.exposed != seat:
        raise illegal("NOTHING_TO_CALL", f"seat {seat} owes no Uno call (§4.7)")
    d.exposed = None
    d.emit(EventType.UNO, seat=seat)


def _catch(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    target = action.target
    if target is None or not 0 <= target < d.players or target == seat:
        raise illegal("CATCH_INVALID", "catch another seat that owes an Uno call (§4.6)")
    if target == d.exposed:
        d.exposed = None
        d.emit(EventType.CATCH, seat=seat, target=target)
        d.draw(target, 2, "uno_penalty")  # §4.5
        return
    if target in d.uncaught and len(d.hands[target]) == 1:
        raise illegal("CATCH_TOO_LATE", f"seat {target}'s catch window has closed (§4.4, §4.6)")
    raise illegal("CATCH_INVALID", f"seat {target} owes no Uno call (§4.6)")


def _color(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.phase is not Phase.AWAIT_FIRST_COLOR:
        raise illegal(
            "UNEXPECTED_COLOUR", "`color` names the colour of a Wild turned up first (§2.4)"
        )
    if seat != d.to_act:
        raise illegal("NOT_YOUR_TURN", f"seat {d.to_act} names the colour (§2.4)")
    d.color = action.color
    assert d.color is not None
    d.emit(EventType.COLOR, seat=seat, color=d.color.value.lower())
    d.give_turn(d.turn)


def _penalize(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§5.5.1: the referee makes a seat that suggested a play draw 2, at any time of the hand,
    turn order unchanged. Any seat may report it (the engine cannot hear who spoke), and
    nobody is offered it: it answers table talk, not a decision of the game."""
    if not variant.facts.table_mode:
        raise illegal(
            "OPTION_DISABLED", "`penalize` exists only in table mode (mode = 'table', §5.5.1)"
        )
    target = action.target
    if target is None or not 0 <= target < d.players or not d.active[target]:
        raise illegal("INVALID_TARGET", f"penalize an active seat, not {shown(target)} (§5.5.1)")
    d.emit(EventType.SUGGESTION_PENALTY, seat=target)
    if d.exposed == target:
        d.exposed = None  # it holds three cards now: no Uno is owed any more (§4.1)
    d.draw(target, 2, "suggestion")


# What each phase in which one seat alone decides waits for, and the rule that says so.
_ANSWERS = {
    Phase.AWAIT_DISCARD: ("a discard round", "`discard CARD` or `decline`", "§7.11.4"),
    Phase.AWAIT_PIRATE: ("the Pirate window", "`pass` or `cheat`", "§7.6.4"),
    Phase.AWAIT_GIFT: ("the Mambo", "`give CARD`", "§7.11.7"),
    Phase.AWAIT_LEAD: ("the Mambo", "`lead` and a card", "§7.11.7"),
    Phase.AWAIT_BLOCK: ("Invisibility", "`block c` or `allow`", "§7.11.3"),
}


def _waits(state: GameState | Draft, seat: int) -> IllegalActionError:
    """The refusal of any other action while `to_act` owes the answer of its phase."""
    what, answers, rule = _ANSWERS[state.phase]
    if seat == state.to_act:
        return illegal("RESPONSE_REQUIRED", f"{what} asks seat {seat} first: {answers} ({rule})")
    return illegal(
        "NOT_YOUR_TURN", f"{what} waits on seat {state.to_act}, not seat {seat} ({rule})"
    )


def _discard(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§7.11.4: the card goes beneath the top card, face up and without effect; discarding
    down to one card owes Uno (§4.1). The round moves on to the next seat."""
    if d.phase is not Phase.AWAIT_DISCARD:
        raise illegal("NO_DISCARD_ROUND", "`discard` answers a discard round (§7.11.4)")
    if seat != d.to_act:
        raise _waits(d, seat)
    card = action.card
    assert card is not None
    hand = d.hands[seat]
    if card not in hand:
        raise illegal("CARD_NOT_IN_HAND", f"seat {seat} holds no {card.code} (§7.11.4)")
    if len(hand) == 1:
        raise illegal(
            "CANNOT_DISCARD_LAST_CARD", "a discard round never takes a last card (§7.11.4)"
        )
    if action.uno and len(hand) != 2:
        raise illegal("NOTHING_TO_CALL", "Uno is called when discarding down to one card (§4.1)")
    d.close_catch_window()  # §4.4 (a): the seat due to act has acted
    if seat in d.uncaught:
        d.uncaught = tuple(s for s in d.uncaught if s != seat)
    d.take_from_hand(seat, card)
    d.discard = (*d.discard[:-1], card, d.discard[-1])
    d.emit(EventType.DISCARD, seat=seat, card=card.code, uno=action.uno)
    if len(d.hands[seat]) == 1 and not action.uno:
        d.exposed = seat
    _end_discard_turn(d, seat)


def _decline(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.phase is not Phase.AWAIT_DISCARD:
        raise illegal("NO_DISCARD_ROUND", "`decline` answers a discard round (§7.11.4)")
    if seat != d.to_act:
        raise _waits(d, seat)
    d.close_catch_window()
    d.emit(EventType.DECLINE, seat=seat)
    _end_discard_turn(d, seat)


def _end_discard_turn(d: Draft, seat: int) -> None:
    player = d.turn
    if seat == player:  # the round ends with the player of the card
        advance(d, player)
    else:
        ask_next_discarder(d, player, d.next_seat(seat))


def _check_pirate_answer(d: Draft, variant: Variant, seat: int, what: str) -> PendingPirate:
    if not variant.facts.pirate:
        raise illegal("OPTION_DISABLED", f"`{what}` answers a play under Pirate rules (§7.6.4)")
    pending = d.pirate
    if d.phase is not Phase.AWAIT_PIRATE or pending is None:
        raise illegal("NO_PIRATE_WINDOW", f"`{what}` answers a play while its window is open")
    if seat != d.to_act:
        raise _waits(d, seat)
    return pending


def _pirate_pass(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§7.6.4: the play stands as far as `seat` is concerned; the next seat is asked, and once
    every other seat has passed the play resolves as if legal."""
    _check_pirate_answer(d, variant, seat, "pass")
    d.emit(EventType.PIRATE_PASS, seat=seat)
    following = d.next_seat(seat)
    if following != d.turn:
        d.to_act = following
    else:
        _close_pirate_window(d, variant)


def _call_cheat(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§7.6.4: the first call closes the window. A cheat: the card goes back to its player,
    who draws 2 and whose turn ends, nothing of the card happening. A legal play: it stands
    and resolves, and the caller draws `pirate_false_call_penalty`."""
    pending = _check_pirate_answer(d, variant, seat, "cheat")
    player = d.turn
    d.emit(EventType.PIRATE_CALL, seat=seat, player=player, cheat=pending.cheat)
    if not pending.cheat:
        penalty = d.rules.pirate_false_call_penalty
        if penalty:
            d.draw(seat, penalty, "false_cheat_call")
        _close_pirate_window(d, variant)
        return
    card = d.discard[-1]
    d.discard = d.discard[:-1]
    d.hands[player] = (*d.hands[player], card)
    d.color, d.top_player = pending.color, pending.top_player
    d.challenge = None
    d.pirate = None
    d.draw(player, 2, "cheat")
    # Decided (RULES.md is silent): a caught cheat is a play the table saw, not a pass, so it
    # resets the passes of §3.11.3 even when nothing could be drawn. Unlike a table-mode
    # wrong card, a Pirate player may cheat every turn: counting the cheats as passes would
    # end as blocked every hand whose stock runs out, and a blocked hand scores nobody.
    d.passes = 0
    advance(d, player)
    _turn_taken(d, variant)


def _close_pirate_window(d: Draft, variant: Variant) -> None:
    pending = d.pirate
    assert pending is not None
    d.pirate = None
    d.passes = 0
    d.phase = Phase.AWAIT_TURN  # until the effect says who acts next
    play = Play(d.turn, d.discard[-1], pending.target, pending.targets, pending.count)
    _take_effect(d, variant, play, pending.uno)
    _turn_taken(d, variant)


def _block(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§7.11.3: the Invisibility card goes from the holder's hand onto the pile with the colour
    it declares, and the effect on the holder is cancelled entirely: a whole pending total,
    which can then no longer be challenged. A block by the seat due to play next is its turn.
    Uno (§4.1) and going out (§6.1) apply as to any play."""
    phase = d.phase
    if phase is Phase.AWAIT_BLOCK:
        if seat != d.to_act:
            raise _waits(d, seat)
    elif (
        phase in _RESPONSES
        and seat == d.to_act
        and variant.facts.theme_cards
        and d.top_player is not None  # a first discard was played by nobody
    ):
        pass
    else:
        raise illegal("NO_BLOCK", "`block` answers an effect aimed at the Invisibility's holder")
    hand = d.hands[seat]
    if INVISIBILITY not in hand:
        raise illegal("CARD_NOT_IN_HAND", f"seat {seat} holds no Invisibility card (§7.11.3)")
    if action.uno and len(hand) != 2:
        raise illegal("NOTHING_TO_CALL", "Uno is called with the play of one's penultimate card")
    turn = phase in _RESPONSES or (d.block is not None and d.block.what in TURN_TAKING)
    if turn:  # §4.4 (a): only the seat due to act closes the window by acting
        d.close_catch_window()
    d.uncaught = tuple(s for s in d.uncaught if s != seat)
    d.take_from_hand(seat, INVISIBILITY)
    d.discard = (*d.discard, INVISIBILITY)
    d.color = action.color
    d.top_player = seat
    d.passes = 0
    assert d.color is not None
    d.emit(EventType.BLOCK, seat=seat, color=_LOWER[d.color], uno=action.uno)
    if not d.hands[seat]:  # §6.1: out
        d.block = None
        d.pending_draw = 0
        d.challenge = None
        end_hand(d, seat)
    elif phase is Phase.AWAIT_BLOCK:
        resume(d, blocked=True)
    else:
        d.pending_draw = 0
        d.challenge = None
        advance(d, seat)
    if len(d.hands[seat]) == 1 and not action.uno and d.phase not in _OVER:
        d.exposed = seat
    if turn:
        _turn_taken(d, variant)


def _allow(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.phase is not Phase.AWAIT_BLOCK or d.block is None:
        raise illegal("NO_BLOCK", "`allow` answers an effect aimed at the Invisibility's holder")
    if seat != d.to_act:
        raise _waits(d, seat)
    if d.block.what in TURN_TAKING:  # §4.4 (a): the seat due to act answers
        d.close_catch_window()
    d.emit(EventType.ALLOW, seat=seat)
    resume(d, blocked=False)  # being skipped or made to draw is no turn (§3.11.4)


def _give(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§7.11.7: one card of the player's choice to the seat whose gift is due."""
    if d.phase is not Phase.AWAIT_GIFT or d.gift_to is None:
        raise illegal("NO_MAMBO", "`give` follows a Mambo, one card to each seat in turn")
    if seat != d.to_act:
        raise _waits(d, seat)
    card = action.card
    assert card is not None
    if card not in d.hands[seat]:
        raise illegal("CARD_NOT_IN_HAND", f"seat {seat} holds no {card.code} (§7.11.7)")
    target = d.gift_to
    d.take_from_hand(seat, card)
    d.hands[target] = (*d.hands[target], card)
    # A hand that grows owes no call: a missed one is no longer there to catch (§4.2).
    d.uncaught = tuple(s for s in d.uncaught if s != target)
    if d.exposed == target:
        d.exposed = None
    gift = Event(EventType.GIFT, {"seat": seat, "target": target}, {"given": card.code})
    d.events.append(gift._replace(secret_to=frozenset({seat})))
    ask_for_gift(d, seat, d.next_seat(target))


def _lead(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§7.11.7: any card, without matching; a wild declares its colour; the card acts as if
    played normally, but a Wild Draw Four can be neither illegal nor challenged."""
    if d.phase is not Phase.AWAIT_LEAD:
        raise illegal("NO_MAMBO", "`lead` follows a Mambo's gifts (§7.11.7)")
    if seat != d.to_act:
        raise _waits(d, seat)
    card = action.card
    assert card is not None
    hand = d.hands[seat]
    if card not in hand:
        raise illegal("CARD_NOT_IN_HAND", f"seat {seat} holds no {card.code} (§7.11.7)")
    _check_colour(card, action)
    _check_play_targets(d, variant, seat, action)
    if action.uno and len(hand) != 2:
        raise illegal(
            "NOTHING_TO_CALL", "Uno is called with the play of one's penultimate card (§4.1)"
        )
    d.emit(EventType.LEAD, seat=seat)
    _resolve_play(d, variant, seat, action, True, False)


def _next(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    if d.phase is not Phase.HAND_OVER:
        raise illegal("HAND_NOT_OVER", "`next` deals the next hand once this one is over (§6.6)")
    next_hand(d)


_HANDLERS: dict[ActionKind, Handler] = {
    ActionKind.PLAY: _play,
    ActionKind.DRAW: _draw,
    ActionKind.KEEP: _keep,
    ActionKind.ACCEPT: _accept,
    ActionKind.CHALLENGE: _challenge,
    ActionKind.UNO: _call_uno,
    ActionKind.CATCH: _catch,
    ActionKind.COLOR: _color,
    ActionKind.NEXT: _next,
    ActionKind.PENALIZE: _penalize,
    ActionKind.DISCARD: _discard,
    ActionKind.DECLINE: _decline,
    ActionKind.PASS: _pirate_pass,
    ActionKind.CHEAT: _call_cheat,
    ActionKind.GIVE: _give,
    ActionKind.LEAD: _lead,
    ActionKind.BLOCK: _block,
    ActionKind.ALLOW: _allow,
}
