"""What every part of the story shares: who reads it, the hand sizes it keeps, and the small
pieces a line is made of (a seat's name, "you", a verb in the right person, cards)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rich.text import Text

from lastcard.core import Card, Color, Rules

from .cards import CardFormat, card_text, cards_text, color_text


class StoryBase:
    """The narrator's state and helpers; the event families (`story_turns`, `story_variants`,
    `story_scores`) add one method per event type."""

    def __init__(
        self,
        players: int,
        rules: Rules | None = None,
        names: Sequence[str] | None = None,
        *,
        you: int | None = None,
        card_format: CardFormat | None = None,
        color_format: Callable[[str], Text] | None = None,
    ) -> None:
        self.players = players
        self.you = you
        self._limit_reached = False  # the next blocked hand ended at the turn limit (§3.11.4)
        self._card = card_format if card_format is not None else card_text
        self._color_format = color_format if color_format is not None else color_text
        self.rules = rules if rules is not None else Rules()
        self.names = list(names) if names is not None else [f"Seat {k}" for k in range(players)]
        self.sizes = [0] * players
        self.hand = 0  # the number of the hand being told
        self._played: Card | None = None  # the last card played on a turn (Pirate's window)
        self._player: int | None = None  # who played it
        self._drew: int | None = None  # the seat that drew on its turn and has not yet played
        self._after_draw = False  # the last play on a turn came right after its player drew

    def seat(self, seat: int) -> Text:
        return Text(self.names[seat], style="bold")

    def _object(self, seat: int) -> Text:
        """A seat after a verb: "you" for the reader."""
        return Text("you" if seat == self.you else self.names[seat], style="bold")

    def _verb(self, seat: int, third: str, second: str) -> str:
        """`third` ("plays") for others, `second` ("play") for the reader."""
        return second if seat == self.you else third

    def _line(self, *parts: str | Text) -> Text:
        return Text.assemble(*parts)

    def _left(self, seat: int) -> str:
        count = self.sizes[seat]
        return f"{count} card left" if count == 1 else f"{count} cards left"

    def _cards(self, cards: Iterable[Card], *, sort: bool = False) -> Text:
        return cards_text((card.code for card in cards), sort=sort, card_format=self._card)

    def _possessive(self, seat: int) -> Text:
        return Text("Your", style="bold") if seat == self.you else self.seat(seat) + "'s"

    def _header(self, hand: int) -> list[Text]:
        """The blank line and title that open a hand, once per hand."""
        if hand == self.hand:
            return []
        self.hand = hand
        return [Text(""), Text(f"── Hand {hand} ──", style="bold cyan")]


def _letter(color: Color) -> str:
    """A colour as events write it: its lower-case letter."""
    return color.value.lower()


def _as_data(data: Mapping[str, Any]) -> Text:
    details = ", ".join(f"{k}={v}" for k, v in data.items() if k != "type")
    return Text(f"{data.get('type')}: {details}", style="dim")
