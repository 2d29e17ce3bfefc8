"""The turn loop: `legal_actions` and `apply` (RULES.md §3–§5).

`apply` validates an action against the state, copies the state into a `Draft`, resolves the
action there and freezes the result. Validation never mutates; resolution only mutates the
draft, so a rejected action leaves the caller's state exactly as it was (§5.2.1).

House rules enter only through the compiled `Variant` tables (see `effects`).
"""

from __future__ import annotations

from . import playing, special_phases, word_actions
from .actions import Action, ActionKind, parse_action
from .draft import Draft
from .effects import compile_rules
from .errors import ActionSyntaxError, CorruptDataError, IllegalActionError, illegal, shown
from .facts import rule_facts
from .legal_moves import OVER_PHASES, legal_actions
from .special_phases import waits
from .state import GameState, Phase
from .transition import Transition

__all__ = ["apply", "legal_actions", "unlisted_but_accepted"]

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

# Every action kind's handler, from the modules that resolve them.
_HANDLERS = {**playing.HANDLERS, **word_actions.HANDLERS, **special_phases.HANDLERS}


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
    if not rule_facts(state.rules).table_mode or state.phase in OVER_PHASES:
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
            return waits(state, seat)
    try:
        _HANDLERS[action.kind](Draft(state), compile_rules(state.rules), seat, action)
    except IllegalActionError as error:
        return error
    return illegal(
        "NOT_OFFERED", f"{action.code} is not among seat {seat}'s legal actions now (§5.2)"
    )
