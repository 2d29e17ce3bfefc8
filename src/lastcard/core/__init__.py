"""The rules-exact Uno engine: pure rules, standard library only (DESIGN.md §1–§5)."""

from .actions import Action, ActionKind, parse_action
from .cards import Card, Color, Kind
from .engine import apply, legal_actions
from .errors import (
    ActionSyntaxError,
    CardDoesNotMatchError,
    CardNotInHandError,
    ColourError,
    HandOverError,
    IllegalActionError,
    InvalidTargetError,
    LastcardError,
    NotYourTurnError,
    ResponseRequiredError,
    RulesError,
    UnoCallError,
)
from .events import Event
from .offers import Offers, all_offers, out_of_turn_actions, seat_actions
from .record import GameRecord, Recorder, ReplayMismatchError, replay, replay_steps, state_digest
from .rules import Rules
from .scoring import team_totals
from .setup import dealer_draw, new_game, open_game
from .state import GameState, HandResult, Phase
from .transition import Transition
from .view import PlayerView, player_view

__all__ = [
    "Action",
    "ActionKind",
    "ActionSyntaxError",
    "Card",
    "CardDoesNotMatchError",
    "CardNotInHandError",
    "Color",
    "ColourError",
    "Event",
    "GameRecord",
    "GameState",
    "HandOverError",
    "HandResult",
    "IllegalActionError",
    "InvalidTargetError",
    "Kind",
    "LastcardError",
    "NotYourTurnError",
    "Offers",
    "Phase",
    "PlayerView",
    "Recorder",
    "ReplayMismatchError",
    "ResponseRequiredError",
    "Rules",
    "RulesError",
    "Transition",
    "UnoCallError",
    "all_offers",
    "apply",
    "dealer_draw",
    "legal_actions",
    "new_game",
    "open_game",
    "out_of_turn_actions",
    "parse_action",
    "player_view",
    "replay",
    "replay_steps",
    "seat_actions",
    "state_digest",
    "team_totals",
]
