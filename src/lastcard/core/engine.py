"""The turn loop: `legal_actions` and `apply` (RULES.md §3–§5).

`apply` validates an action against the state, copies the state into a `Draft`, resolves the
action there and freezes the result. Validation never mutates; resolution only mutates the
draft, so a rejected action leaves the caller's state exactly as it was (§5.2.1).

House rules enter only through the compiled `Variant` tables (see `effects`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from .actions import Action, ActionKind, parse_action
from .cards import COLORS, Card, Color, Kind, sort_hand
from .draft import Draft
from .effects import Play, Variant, advance, ask_next_discarder, compile_rules, penalise
from .errors import ActionSyntaxError, CorruptDataError, IllegalActionError, illegal, shown
from .events import Event, EventType, codes
from .matching import is_identical, is_wd4_legal, matches
from .scoring import end_hand
from .setup import next_hand
from .state import GameState, PendingChallenge, Phase
from .transition import Transition

_RESPONSES = (Phase.AWAIT_WD4_RESPONSE, Phase.AWAIT_STACK_RESPONSE)
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
# Actions a seat may take while a discard round waits on someone (§7.11.4, §4, §5.5).
_IN_DISCARD_ROUND = frozenset(
    {ActionKind.DISCARD, ActionKind.DECLINE, ActionKind.UNO, ActionKind.CATCH, ActionKind.PENALIZE}
)
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
            playable = {
                c
                for c in hand
                if c.is_wild
                or c.color is color
                or (not top.is_wild and c.kind is top.kind and c.rank == top.rank)
            }
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
    elif phase is Phase.AWAIT_FIRST_COLOR and seat == state.to_act:
        out += _COLOR_CHOICES
    exposed = state.exposed
    if exposed is not None:
        out.append(_UNO if exposed == seat else _action(ActionKind.CATCH, target=exposed))
    if phase is Phase.AWAIT_DISCARD and seat == state.to_act:
        out += _discard_choices(hand)
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
    targeted = variant.needs_target(card)
    if not targeted:
        plain = _PLAIN_VARIANTS.get((card, penultimate))
        if plain is not None:
            return plain
    colors: tuple[Color | None, ...] = COLORS if card.is_wild else (None,)
    if targeted:
        targets: tuple[int | None, ...] = tuple(
            s for s in range(state.players) if s != seat and state.active[s]
        )
        if size == 1:  # §7.2.4: a last card goes out and swaps nothing; a target is optional
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

    Raises an `IllegalActionError` (with a §5.2.2 `code`) for an illegal action; `state` is
    never modified either way.
    """
    if isinstance(action, str):
        action = parse_action(action)
    elif isinstance(action, Action):
        _check_shape(action)
    else:
        raise ActionSyntaxError(f"an action is an Action or its text code, not {shown(action)}")
    if not isinstance(state, GameState):
        raise CorruptDataError(f"not a GameState: {shown(state)}")
    # `type(...) is int`: a bool is an int to Python but no seat.
    if type(seat) is not int or not 0 <= seat < state.players:
        raise illegal("NOT_YOUR_TURN", f"there is no seat {shown(seat)} in this game")
    if state.phase is Phase.GAME_OVER:
        raise illegal("HAND_IS_OVER", "the game is over")
    if state.phase is Phase.HAND_OVER:
        if action.kind is not ActionKind.NEXT:
            raise illegal(
                "HAND_IS_OVER", "the hand is over: only `next` deals the next hand (§3.1)"
            )
    elif not state.active[seat]:
        raise illegal("NOT_YOUR_TURN", f"seat {seat} has been eliminated (§7.5.2)")
    elif state.phase is Phase.AWAIT_DISCARD and action.kind not in _IN_DISCARD_ROUND:
        raise _discard_round_waits(state, seat)
    d = Draft(state)
    _HANDLERS[action.kind](d, compile_rules(state.rules), seat, action)
    return Transition(d.freeze(), tuple(d.events))


Handler = Callable[[Draft, Variant, int, Action], None]


def _check_shape(action: Action) -> None:
    """An `Action` built by hand must have the parts its kind needs (parsed ones always do),
    each of its type: a bool is no seat and no colour, `uno` is True or False."""
    kind = action.kind
    if kind is ActionKind.PLAY:
        if not isinstance(action.card, Card):
            raise ActionSyntaxError("a play needs a card")
    elif kind is ActionKind.DISCARD:
        if not isinstance(action.card, Card):
            raise ActionSyntaxError("a discard needs a card: discard R5")
        if action.color is not None or action.target is not None:
            raise ActionSyntaxError("a discard names a card only: no colour, no target")
    elif kind is ActionKind.COLOR:
        if not isinstance(action.color, Color):
            raise ActionSyntaxError("`color` needs a colour: color r, y, g or b")
    elif kind is ActionKind.CATCH or kind is ActionKind.PENALIZE:
        if type(action.target) is not int:
            raise ActionSyntaxError(f"`{kind.value}` needs a seat number: {kind.value} N")
    elif not isinstance(kind, ActionKind):
        raise ActionSyntaxError(f"not an action kind: {shown(kind)}")
    target = action.target
    if target is not None and type(target) is not int:
        raise ActionSyntaxError(f"a target is a seat number, not {shown(target)}")
    color = action.color
    if color is not None and not isinstance(color, Color):
        raise ActionSyntaxError(f"not a colour: {shown(color)}")
    uno = action.uno
    if uno is not False and uno is not True:
        raise ActionSyntaxError(f"uno is True or False, not {shown(uno)}")


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
        if card is not d.drawn and not variant.facts.table_mode:
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
    if card.is_wild and action.color is None:
        raise illegal(
            "MISSING_COLOUR", f"a {card.code} needs a declared colour, e.g. {card.code}:r (§3.2.6)"
        )
    if not card.is_wild and action.color is not None:
        raise illegal(
            "UNEXPECTED_COLOUR", f"{card.code} is a coloured card: declare no colour (§3.2.6)"
        )
    color = d.color
    assert color is not None
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
        if not variant.facts.table_mode or jump_in:
            raise illegal(
                "CARD_DOES_NOT_MATCH",
                f"{card.code} does not match {d.discard[-1].code} "
                f"with {color.name.lower()} current (§3.2)",
            )
        # §5.4.1: at a refereed table a wrong card is a mistake paid for, not an error. The
        # play must still be well formed (§5.4.2): the checks above and the target below.
        _check_target(d, variant, seat, card, action.target)
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
    _check_target(d, variant, seat, card, action.target)
    if action.uno and len(hand) != 2:
        raise illegal(
            "NOTHING_TO_CALL", "Uno is called with the play of one's penultimate card (§4.1)"
        )
    _resolve_play(d, variant, seat, action, legal, jump_in)
    if phase is Phase.AFTER_DRAW or (phase is Phase.AWAIT_TURN and not jump_in):
        _turn_taken(d, variant)  # a stacking answer and a jump-in are no turns (§3.11.4)


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
    d.hand_turns += 1
    limit = variant.facts.turn_limit
    if limit is not None and d.hand_turns >= limit and d.phase not in _OVER:
        d.emit(EventType.TURN_LIMIT, turns=d.hand_turns, limit=limit)
        end_hand(d, None)


def _check_target(d: Draft, variant: Variant, seat: int, card: Card, target: int | None) -> None:
    if not variant.needs_target(card):
        if target is not None:
            raise illegal("INVALID_TARGET", f"{card.code} names no target here (§7.2)")
        return
    if target is None and len(d.hands[seat]) == 1:
        return  # §7.2.1, §7.2.4: a 7 that goes out exchanges nothing and needs no target
    if target is None or not 0 <= target < d.players or target == seat or not d.active[target]:
        raise illegal(
            "INVALID_TARGET",
            f"{card.code} must name another active seat, "
            f"e.g. {card.code}>{d.next_seat(seat)} (§7.2.1)",
        )


def _resolve_play(
    d: Draft, variant: Variant, seat: int, action: Action, legal: bool, jump_in: bool
) -> None:
    """§3.6: place the card, set the colour, go out or apply the effect, then the Uno duty."""
    card = action.card
    assert card is not None
    d.close_catch_window()  # §4.4 (a), (b)
    if seat in d.uncaught:
        d.uncaught = tuple(s for s in d.uncaught if s != seat)
    d.take_from_hand(seat, card)
    d.discard = (*d.discard, card)
    color_before = d.color
    d.color = action.color if card.is_wild else card.color
    d.top_player = seat
    d.passes = 0
    d.drawn = None
    d.challenge = None  # stacking on a WD4 gives up its challenge (§7.1.7)
    if card.kind is Kind.WILD_DRAW_FOUR and variant.facts.allows_wd4_bluff and d.hands[seat]:
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
    play = Play(seat, card, action.target)
    d.turn = seat
    if not d.hands[seat]:  # §6.1: out; only the draw part of the last card still happens
        d.challenge = None
        last = variant.last_card.get(card.kind)
        if last is not None:
            last(d, play)
        end_hand(d, seat)
        return
    penultimate = len(d.hands[seat]) == 1
    variant.effects[card.kind](d, play)
    # §4.1, §4.2: only playing one's penultimate card creates the duty, and only if the
    # player still holds one card once the card's own effect (a swap, a re-deal) is done.
    if penultimate and len(d.hands[seat]) == 1 and not action.uno:
        d.exposed = seat


def _draw(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    phase = d.phase
    if phase in _RESPONSES:  # §7.1.5: a draw counts as accepting the penalty
        _accept(d, variant, seat, action)
        return
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


def _discard_round_waits(state: GameState | Draft, seat: int) -> IllegalActionError:
    if seat == state.to_act:
        return illegal(
            "RESPONSE_REQUIRED",
            f"a discard round asks seat {seat}: `discard CARD` or `decline` (§7.11.4)",
        )
    return illegal(
        "NOT_YOUR_TURN",
        f"a discard round waits on seat {state.to_act}, not seat {seat} (§7.11.4)",
    )


def _discard(d: Draft, variant: Variant, seat: int, action: Action) -> None:
    """§7.11.4: the card goes beneath the top card, face up and without effect; discarding
    down to one card owes Uno (§4.1). The round moves on to the next seat."""
    if d.phase is not Phase.AWAIT_DISCARD:
        raise illegal("NO_DISCARD_ROUND", "`discard` answers a discard round (§7.11.4)")
    if seat != d.to_act:
        raise _discard_round_waits(d, seat)
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
        raise _discard_round_waits(d, seat)
    d.close_catch_window()
    d.emit(EventType.DECLINE, seat=seat)
    _end_discard_turn(d, seat)


def _end_discard_turn(d: Draft, seat: int) -> None:
    player = d.turn
    if seat == player:  # the round ends with the player of the card
        advance(d, player)
    else:
        ask_next_discarder(d, player, d.next_seat(seat))


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
}
