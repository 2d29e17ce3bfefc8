"""`Transition`: what an action (or the opening deal) produced."""

from __future__ import annotations

from typing import NamedTuple

from .events import Event
from .state import GameState


class Transition(NamedTuple):
    """The state after an action and the events it caused, in order."""

    state: GameState
    events: tuple[Event, ...]
