"""The end of a hand (everyone's cards and points) and the end of the game (the standings).

Both dialogs have a fixed width (no wider than the terminal), and their labels take the whole of
it, so a long line wraps instead of being cut. The hand summary's cards column takes what the
other columns leave, so that the points and the totals are in sight at 80 columns too; the
dialog scrolls when ten players do not fit in its height.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Footer, Label

from lastcard.core import Card, Event, HandResult, Rules
from lastcard.words import elimination_hands, standings

from .faces import card_text, hand_order


def cards_line(hand: Iterable[Card]) -> Text:
    """A hand as its faces, in hand order: `R▲5 B◆SKIP W★W+4`."""
    cards = hand_order(hand)
    if not cards:
        return Text("—", style="dim")
    return Text(" ").join(card_text(card) for card in cards)


CARDS_WIDTH = 54
"""The hand summary's cards column at its widest: ten cards a line."""

MIN_CARDS_WIDTH = 12
NUMBER_HEADINGS = ("value", "points", "total")
SUMMARY_WIDTH = 100  # the dialog's width when the terminal has room
DIALOG_FRAME = 2 + 4 + 2  # its border, its padding, room for a scroll bar
CELL_PADDING = 2  # a data table cell's padding, left and right


def cards_width(screen_width: int, names: Sequence[str]) -> int:
    """The cards column's width for a hand summary shown `screen_width` columns wide: what the
    player, value, points and total columns leave of the dialog, at most `CARDS_WIDTH`.

    >>> cards_width(160, ["You", "Ada"]), cards_width(80, ["You", "Ada"])
    (54, 40)
    """
    inner = min(SUMMARY_WIDTH, screen_width) - DIALOG_FRAME
    names_width = max(len("player"), *(len(name) for name in names))
    others = sum(width + CELL_PADDING for width in (names_width, *map(len, NUMBER_HEADINGS)))
    return max(MIN_CARDS_WIDTH, min(CARDS_WIDTH, inner - others - CELL_PADDING))


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

    # A modal screen takes none of the app's keys: the rules and quitting are bound here again,
    # and the dialog has a footer of its own, so that the one shown names the keys that work.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "continue", key_display="⏎"),
        Binding("question_mark", "app.help", "rules", key_display="?"),
        Binding("q", "app.quit_game", "quit"),
    ]

    DEFAULT_CSS = """
    HandSummaryScreen > .dialog {
        width: 100;
        height: auto;
        max-width: 100%;
        max-height: 100%;
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
        self._cards_width = 0  # the cards column's width the table was filled for

    def compose(self) -> ComposeResult:
        event = self.event
        with VerticalScroll(classes="dialog wide", id="hand-summary"):
            yield Label(self._headline(event.went_out), classes="title")
            table: DataTable[Any] = DataTable(id="summary-table", cursor_type="none")
            table.can_focus = False  # Enter belongs to the Continue button
            yield table
            yield from self._team_totals()
            for seat in event.eliminated:
                name = self.names[seat]
                verb = "reach" if name == "You" else "reaches"
                are = "are" if name == "You" else "is"
                threshold = self.rules.elimination_threshold
                yield Label(f"{name} {verb} {threshold} points and {are} eliminated.")
            label = "See the result" if self.game_over else "Deal the next hand"
            yield Button(f"{label} (Enter)", id="continue", variant="primary")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self._fill_table(self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self._fill_table(event.size.width)

    def _fill_table(self, screen_width: int) -> None:
        """The table, its cards column as wide as `screen_width` allows: a long hand wraps in it,
        so the numbers after it stay in sight."""
        width = cards_width(screen_width, self.names)
        if width == self._cards_width:
            return
        self._cards_width = width
        event = self.event
        went_out, eliminated = event.went_out, event.eliminated
        hands, values, points_of = event.hands or (), event.hand_values, event.points
        table: DataTable[Any] = self.query_one("#summary-table", DataTable)
        table.clear(columns=True)
        table.add_column("player")
        table.add_column("cards left", width=width)
        table.add_columns(*NUMBER_HEADINGS)
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
        Binding("question_mark", "app.help", "rules", key_display="?"),
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
        yield Footer(compact=True, show_command_palette=False)

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
