"""Events as short readable lines: the story every table tells, and `lastcard watch` and
`lastcard replay` print.

`Narrator.lines(event)` turns one event (an `Event` or its `to_dict()`) into rich `Text` lines.
By default cards are printed as their codes in their colour (`R5` in red, a Wild played as green
`W:g`), so the story reads the same without colour; line mode and the web table draw them in
words (`lastcard.words.spoken`). Colours are named in words ("green").

Given every event, the narrator tells everything, hidden cards included (for watching bots and
reading records); a seat at the table is told `event.redact(seat)`, with `you` its seat.

It keeps the number of cards in each hand from the events themselves; call `sync(state)` after
each transition to take the exact counts from a state (hand rotations carry no sizes).

The words are split by event family: `story_turns` (the ordinary game), `story_variants`
(Pirate, the theme cards, discard rounds) and `story_scores` (the ends of hands and games).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from rich.text import Text

from lastcard.core import Event, EventType, GameState, LastcardError, PlayerView

from . import story_scores, story_turns, story_variants
from .story_base import _as_data
from .story_scores import ScoreStory
from .story_turns import TurnStory
from .story_variants import VariantStory

_HANDLERS = {**story_turns.HANDLERS, **story_variants.HANDLERS, **story_scores.HANDLERS}


class Narrator(TurnStory, VariantStory, ScoreStory):
    """Turns events into lines. `names[k]` names seat k (default `Seat k`); `rules` (default:
    the official game) say whether high or low totals are good and who plays in teams. `you`
    is the seat of the person reading, told in the second person ("You play R5").
    `card_format` draws the cards (default `card_text`: codes in their colours) and
    `color_format` a declared colour's letter (default `color_text`: its name)."""

    def sync(self, state: GameState | PlayerView) -> None:
        """Take each hand's size from `state` (or a view: hand sizes are public)."""
        if isinstance(state, PlayerView):
            self.sizes = list(state.hand_sizes)
        else:
            self.sizes = [len(hand) for hand in state.hands]

    def lines(self, event: Event | Mapping[str, Any]) -> list[Text]:
        """The lines telling `event` (a dict is read with `Event.from_dict`); an event this
        narrator has no words for, or a dict that is no valid event, is shown as its data."""
        if not isinstance(event, Event):
            data = event
            try:
                event = Event.from_dict(data)
            except LastcardError:
                return [_as_data(data)]
        name = _HANDLERS.get(event.type)
        if name is None:
            return [_as_data(event.to_dict())]
        handler: Callable[[Event], list[Text]] = getattr(self, name)
        return [_full_stop(line) for line in handler(event)]


def _full_stop(line: Text) -> Text:
    """Every line a sentence: one ending in a word, a number or a bracket gets its full stop
    (headings end in their rules, exclamations and lists of scores in their own marks)."""
    # Invisible formatting marks (a card format's, `spoken`) are not the line's last word.
    plain = line.plain.rstrip()
    while plain and unicodedata.category(plain[-1]) == "Cf":  # read from the end: it is cheap
        plain = plain[:-1].rstrip()
    if plain and (plain[-1].isalnum() or plain[-1] == ")"):
        line.append(".")
    return line


def told_types() -> frozenset[EventType]:
    """The event types the story has words for (a test checks every type has)."""
    return frozenset(_HANDLERS)
