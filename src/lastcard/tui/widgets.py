"""The pieces of the table: opponents, the pile, the hand's cards.

Each widget draws from a `PlayerView` (never a `GameState`) plus the seat names, so the table
shows exactly what the person may know. Every card reads without colour: its colour letter and
shape (`lastcard.tui.faces`) are part of the text.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from lastcard.core import Card, PlayerView

from .faces import card_style, card_text, colour_text, face_lines

DIRECTION_NAMES = {1: "↻ clockwise", -1: "↺ counter-clockwise"}


class OpponentPanel(Static):
    """One opponent: name, bot level, card count, UNO badge, score, whose turn."""

    def __init__(self, seat: int, name: str, level: str, *, partner: bool = False) -> None:
        super().__init__(id=f"seat-{seat}", classes="seat-panel")
        self.seat = seat
        self.seat_name = name
        self.level = level
        self.partner = partner  # on the person's team (§7.12)
        if partner:
            self.border_title = "your partner"

    def show(self, view: PlayerView) -> None:
        seat = self.seat
        count = view.hand_sizes[seat]
        text = Text()
        text.append(self.seat_name, style="bold")
        text.append(f"  {self.level}\n", style="dim")
        text.append(f"{count} card{'s' if count != 1 else ''}")
        if not view.active[seat]:
            text.append("  out", style="dim")
        elif count == 1 and view.exposed != seat:
            text.append("  UNO!", style="bold reverse yellow")
        if view.exposed == seat:
            text.append("  no UNO call!", style="bold reverse red")
        text.append(f"\nscore {view.scores[seat]}", style="dim")
        if view.dealer == seat:
            text.append("  dealer", style="dim")
        self.update(text)
        self.set_class(view.to_act == seat, "to-act")
        self.set_class(not view.active[seat], "eliminated")


class PileView(Static):
    """The discard pile's top card, the current colour, the direction, the stock."""

    def show(self, view: PlayerView, names: Sequence[str]) -> None:
        top = view.top
        declared = view.color if top.is_wild else None
        line1, line2 = face_lines(top, declared)
        style = card_style(top, declared)
        text = Text()
        text.append("Discard  ", style="dim")
        text.append(f" {line1} {line2} ", style=f"reverse {style}")
        text.append("\nColour   ")
        text.append(colour_text(view.color) if view.color is not None else Text("none yet"))
        text.append("\nPlay     ")
        text.append(DIRECTION_NAMES[view.direction], style="bold")
        text.append(f"\nStock    {view.stock_size} cards")
        if view.pending_draw:
            text.append(f"\nPending  +{view.pending_draw} to draw", style="bold red")
        self.update(text)


class CardWidget(Static):
    """One card of the person's hand: a small box with its colour mark and value.

    Classes: `playable` (legal now), `selected` (the keyboard's cursor), `drawn` (the card just
    drawn, the only one playable then).
    """

    class Chosen(Message):
        """The card was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, card: Card, index: int) -> None:
        super().__init__(classes="card")
        self.card = card
        self.index = index
        line1, line2 = face_lines(card)
        self.update(Text(f"{line1}\n{line2}", style=f"bold {card_style(card)}"))
        self.tooltip = card_text(card).plain

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.index))
