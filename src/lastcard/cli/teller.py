"""Narration on the console, for `lastcard watch` and `lastcard replay`."""

from __future__ import annotations

import time

from rich.console import Console

from lastcard.core import (
    Event,
    EventType,
    GameState,
)
from lastcard.words import Narrator


class Teller:
    """Prints each event's lines, pausing `delay` seconds between lines on a terminal."""

    def __init__(self, console: Console, narrator: Narrator, delay: float) -> None:
        self.console = console
        self.narrator = narrator
        self.pause = delay if console.is_terminal else 0.0
        self._state: GameState | None = None

    def __call__(self, event: Event, state: GameState) -> None:
        """Tell `event`, which led to `state` (the state after its transition)."""
        if state is not self._state:  # a new transition: counts as they were after the last
            if self._state is not None:
                self.narrator.sync(self._state)
            self._state = state
        for line in self.narrator.lines(event):
            self.console.print(line)
            if self.pause:
                time.sleep(self.pause)
        if self.pause and event.type == EventType.HAND_OVER:
            time.sleep(self.pause * 25)  # a breath between hands
