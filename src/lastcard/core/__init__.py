"""The rules-exact Uno engine: pure rules, standard library only (DESIGN.md §1–§5)."""

from .action_index import ActionIndex, action_index
from .actions import Action, ActionKind, parse_action
from .cards import Card, Color, Kind
from .engine import apply, legal_actions
from .errors import (
    ActionSyntaxError,
    CardCodeError,
    CardDoesNotMatchError,
    CardNotInHandError,
    ColorError,
    CorruptDataError,
    HandOverError,
    IllegalActionError,
    InvalidTargetError,
    LastcardError,
    NotYourTurnError,
    ResponseRequiredError,
    RulesError,
    UnoCallError,
)
from .events import Event, EventType
from .facts import CardEffect, EffectKind, RuleFacts, rule_facts
from .notation import NotationError, from_notation, to_notation
from .offers import (
    Offers,
    all_offers,
    anyone_may_act_out_of_turn,
    out_of_turn_actions,
    seat_actions,
    unlisted_but_accepted,
)
from .record import GameRecord, Recorder, ReplayMismatchError, replay, replay_steps, state_digest
from .rules import Rules
from .scoring import team_totals
from .setup import dealer_draw, new_game, open_game
from .state import GameState, HandResult, Phase
from .stored_state import read_state
from .transition import Transition
from .view import PlayerView, player_view

__all__ = [
    "Action",
    "ActionIndex",
    "ActionKind",
    "ActionSyntaxError",
    "Card",
    "CardCodeError",
    "CardDoesNotMatchError",
    "CardEffect",
    "CardNotInHandError",
    "Color",
    "ColorError",
    "CorruptDataError",
    "EffectKind",
    "Event",
    "EventType",
    "GameRecord",
    "GameState",
    "HandOverError",
    "HandResult",
    "IllegalActionError",
    "InvalidTargetError",
    "Kind",
    "LastcardError",
    "NotYourTurnError",
    "NotationError",
    "Offers",
    "Phase",
    "PlayerView",
    "Recorder",
    "ReplayMismatchError",
    "ResponseRequiredError",
    "RuleFacts",
    "Rules",
    "RulesError",
    "Transition",
    "UnoCallError",
    "action_index",
    "all_offers",
    "anyone_may_act_out_of_turn",
    "apply",
    "dealer_draw",
    "from_notation",
    "legal_actions",
    "new_game",
    "open_game",
    "out_of_turn_actions",
    "parse_action",
    "player_view",
    "read_state",
    "replay",
    "replay_steps",
    "rule_facts",
    "seat_actions",
    "state_digest",
    "team_totals",
    "to_notation",
    "unlisted_but_accepted",
]
