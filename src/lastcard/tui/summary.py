"""The end of a hand (everyone's cards and points) and the end of the game (the standings)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Label

from lastcard.core import Card, Rules

from .faces import card_text, hand_order


def cards_line(codes: Sequence[str]) -> Text:
    """A hand as its faces, in hand order: `R▲5 B◆SKIP W★W+4`."""
    cards = hand_order(Card.from_code(code) for code in codes)
    if not cards:
        return Text("—", style="dim")
    return Text(" ").join(card_text(card) for card in cards)


class HandSummaryScreen(ModalScreen[None]):
    """Who went out, every hand left with its value, the points and the totals."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space,escape", "close", "continue")]

    def __init__(
        self, hand_over: Mapping[str, Any], names: Sequence[str], *, game_over: bool
    ) -> None:
        super().__init__()
        self.data = hand_over
        self.names = tuple(names)
        self.game_over = game_over

    def compose(self) -> ComposeResult:
        went_out = self.data.get("went_out")
        with Vertical(classes="dialog wide", id="hand-summary"):
            if went_out is None:
                yield Label("Nobody can play or draw: the hand is blocked.", classes="title")
            else:
                points = self.data["points"][went_out]
                yield Label(
                    f"{self.names[went_out]} went out and scores {points} points.",
                    classes="title",
                )
            table: DataTable[Any] = DataTable(id="summary-table", cursor_type="none")
            table.can_focus = False  # Enter belongs to the Continue button
            table.add_columns("player", "cards left", "value", "points", "total")
            for seat, name in enumerate(self.names):
                table.add_row(
                    name,
                    cards_line(self.data["hands"][seat]),
                    str(self.data["hand_values"][seat]),
                    str(self.data["points"][seat]),
                    str(self.data["totals"][seat]),
                )
            yield table
            for seat in self.data.get("eliminated", ()):
                yield Label(f"{self.names[seat]} reaches the limit and is eliminated.")
            label = "See the result" if self.game_over else "Deal the next hand"
            yield Button(f"{label} (Enter)", id="continue", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


def standings(totals: Sequence[int], winners: Sequence[int], rules: Rules) -> list[int]:
    """Seats best first: winners, then by total (low first when low totals are good)."""
    low_wins = rules.elimination or rules.scoring == "alternative"
    sign = 1 if low_wins else -1
    return sorted(range(len(totals)), key=lambda s: (s not in winners, sign * totals[s], s))


class GameOverScreen(ModalScreen[str]):
    """The final standings; dismisses with "new" or "quit"."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,enter", "new", "new game"),
        Binding("q,escape", "quit_game", "quit"),
    ]

    def __init__(
        self, totals: Sequence[int], winners: Sequence[int], names: Sequence[str], rules: Rules
    ) -> None:
        super().__init__()
        self.totals = tuple(totals)
        self.winners = tuple(winners)
        self.names = tuple(names)
        self.rules = rules

    def compose(self) -> ComposeResult:
        who = " and ".join(self.names[s] for s in self.winners) or "Nobody"
        verb = "win" if len(self.winners) != 1 or self.names[self.winners[0]] == "You" else "wins"
        with Vertical(classes="dialog", id="game-over"):
            yield Label(f"Game over: {who} {verb}!", classes="title")
            for place, seat in enumerate(standings(self.totals, self.winners, self.rules), 1):
                mark = "  ★ winner" if seat in self.winners else ""
                yield Label(f"{place}. {self.names[seat]:<10} {self.totals[seat]:>5}{mark}")
            with Horizontal(classes="choices"):
                yield Button("New game (n)", id="new", variant="primary")
                yield Button("Quit (q)", id="quit")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("new" if event.button.id == "new" else "quit")

    def action_new(self) -> None:
        self.dismiss("new")

    def action_quit_game(self) -> None:
        self.dismiss("quit")
