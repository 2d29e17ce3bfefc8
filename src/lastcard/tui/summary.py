"""The end of a hand (everyone's cards and points) and the end of the game (the standings).

Both dialogs have a fixed width, and their labels take the whole of it, so a long line wraps
instead of being cut.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Label

from lastcard.core import Card, Event, HandResult, Rules
from lastcard.narration import elimination_hands, standings

from .faces import card_text, hand_order


def cards_line(hand: Iterable[Card]) -> Text:
    """A hand as its faces, in hand order: `R▲5 B◆SKIP W★W+4`."""
    cards = hand_order(hand)
    if not cards:
        return Text("—", style="dim")
    return Text(" ").join(card_text(card) for card in cards)


CARDS_WIDTH = 54
"""The hand summary's cards column: ten cards a line."""


def team_name(team: Sequence[int], names: Sequence[str]) -> str:
    """`Team You + Basil`."""
    return "Team " + " + ".join(names[seat] for seat in team)


def _points(points: int) -> str:
    return f"{points} point" if points == 1 else f"{points} points"


class HandSummaryScreen(ModalScreen[None]):
    """Who went out, every hand left with its value, the points and the totals.

    `hand_over` is the data of the `hand_over` event; `out` the seats eliminated in an earlier
    hand (§7.5), which were not dealt in. `rules` (None: the official rules) tell the teams.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space,escape", "close", "continue")]

    DEFAULT_CSS = """
    HandSummaryScreen > .dialog {
        width: 100;
        height: auto;
        max-width: 100%;
    }
    HandSummaryScreen .dialog Label {
        width: 100%;
    }
    HandSummaryScreen #summary-table {
        margin-bottom: 1;
    }
    """

    def __init__(
        self,
        hand_over: Event | Mapping[str, Any],
        names: Sequence[str],
        *,
        game_over: bool,
        rules: Rules | None = None,
        out: Sequence[int] = (),
    ) -> None:
        super().__init__()
        # A `hand_over` event, or its `to_dict()`.
        self.event = hand_over if isinstance(hand_over, Event) else Event.from_dict(hand_over)
        self.names = tuple(names)
        self.game_over = game_over
        self.rules = rules if rules is not None else Rules()
        self.out = tuple(out)

    def compose(self) -> ComposeResult:
        event = self.event
        went_out = event.went_out
        eliminated = event.eliminated
        hands, values, points_of = event.hands or (), event.hand_values, event.points
        with Vertical(classes="dialog wide", id="hand-summary"):
            yield Label(self._headline(went_out), classes="title")
            table: DataTable[Any] = DataTable(id="summary-table", cursor_type="none")
            table.can_focus = False  # Enter belongs to the Continue button
            # The cards column has a width of its own and a long hand wraps in it, so the numbers
            # after it stay in sight.
            table.add_column("player")
            table.add_column("cards left", width=CARDS_WIDTH)
            table.add_columns("value", "points", "total")
            for seat, name in enumerate(self.names):
                if seat in self.out:  # not dealt in: nothing to show but the total
                    cards = Text("out", style="dim")
                    value = points = "—"
                else:
                    cards = cards_line(hands[seat])
                    if seat == went_out:
                        cards = Text("went out", style="bold")
                    elif seat in eliminated:
                        cards.append("  eliminated", style="bold red")
                    value = str(values[seat])
                    points = str(points_of[seat])
                total = str(event.totals[seat])
                table.add_row(name, cards, value, points, total, height=None)
            yield table
            yield from self._team_totals()
            for seat in eliminated:
                name = self.names[seat]
                verb = "reach" if name == "You" else "reaches"
                are = "are" if name == "You" else "is"
                threshold = self.rules.elimination_threshold
                yield Label(f"{name} {verb} {threshold} points and {are} eliminated.")
            label = "See the result" if self.game_over else "Deal the next hand"
            yield Button(f"{label} (Enter)", id="continue", variant="primary")

    def _headline(self, went_out: int | None) -> str:
        if went_out is None:
            return "Nobody can play or draw: the hand is blocked."
        name = self.names[went_out]
        points = self.event.points[went_out]
        if not points:  # elimination and alternative scoring give the winner nothing
            return f"{name} went out."
        scores = "score" if went_out == 0 else "scores"  # seat 0 is "You"
        return f"{name} went out and {scores} {_points(points)}."

    def _team_totals(self) -> ComposeResult:
        teams = self.rules.team_of_seats(len(self.names))
        if teams is None:
            return
        totals = self.event.totals
        for team in teams:
            total = sum(totals[seat] for seat in team)
            yield Label(f"{team_name(team, self.names)}: {total}", classes="team-total")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


def team_standings(
    totals: Sequence[int], winners: Sequence[int], teams: Sequence[Sequence[int]], rules: Rules
) -> list[tuple[int, ...]]:
    """Teams best first: the winning team, then by team total (§7.12.3)."""
    low_wins = rules.scoring == "alternative"
    sign = 1 if low_wins else -1

    def key(team: Sequence[int]) -> tuple[bool, int, int]:
        won = bool(winners) and all(seat in winners for seat in team)
        return (not won, sign * sum(totals[seat] for seat in team), min(team))

    return [tuple(team) for team in sorted(teams, key=key)]


class GameOverScreen(ModalScreen[str]):
    """The final standings; dismisses with "new" or "quit".

    With teams (§7.12) the teams are ranked by their totals, each with its players' totals.
    Under elimination (§7.5) `history` (the game's `HandResult`s) tells who lasted longest;
    without it the others are ranked by their totals.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,enter", "new", "new game"),
        Binding("q,escape", "quit_game", "quit"),
    ]

    DEFAULT_CSS = """
    GameOverScreen > .dialog {
        width: 76;
        height: auto;
        max-width: 100%;
    }
    GameOverScreen .dialog Label {
        width: 100%;
    }
    """

    def __init__(
        self,
        totals: Sequence[int],
        winners: Sequence[int],
        names: Sequence[str],
        rules: Rules,
        *,
        history: Sequence[HandResult] = (),
    ) -> None:
        super().__init__()
        self.totals = tuple(totals)
        self.winners = tuple(winners)
        self.names = tuple(names)
        self.rules = rules
        self.history = tuple(history)

    def compose(self) -> ComposeResult:
        who = " and ".join(self.names[s] for s in self.winners) or "Nobody"
        verb = "win" if len(self.winners) != 1 or self.names[self.winners[0]] == "You" else "wins"
        with Vertical(classes="dialog", id="game-over"):
            yield Label(f"Game over: {who} {verb}!", classes="title")
            teams = self.rules.team_of_seats(len(self.names))
            if teams is not None:
                yield from self._team_lines(teams)
            else:
                yield from self._seat_lines()
            with Horizontal(classes="choices"):
                yield Button("New game (n)", id="new", variant="primary")
                yield Button("Quit (q)", id="quit")

    def _seat_lines(self) -> ComposeResult:
        out_after = elimination_hands(self.history) if self.rules.elimination else {}
        ranked = standings(self.totals, self.winners, self.rules, self.history)
        for place, seat in enumerate(ranked, 1):
            if seat in self.winners:
                mark = "  ★ winner"
            elif seat in out_after:
                mark = f"  out after hand {out_after[seat]}"
            else:
                mark = ""
            yield Label(f"{place}. {self.names[seat]:<10} {self.totals[seat]:>5}{mark}")

    def _team_lines(self, teams: Sequence[Sequence[int]]) -> ComposeResult:
        ranked = team_standings(self.totals, self.winners, teams, self.rules)
        for place, team in enumerate(ranked, 1):
            total = sum(self.totals[seat] for seat in team)
            won = bool(self.winners) and all(seat in self.winners for seat in team)
            mark = "  ★ winners" if won else ""
            name = team_name(team, self.names)
            yield Label(f"{place}. {name:<24} {total:>5}{mark}", classes="team")
            for seat in team:
                yield Label(f"     {self.names[seat]:<22} {self.totals[seat]:>5}", classes="member")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss("new" if event.button.id == "new" else "quit")

    def action_new(self) -> None:
        self.dismiss("new")

    def action_quit_game(self) -> None:
        self.dismiss("quit")
