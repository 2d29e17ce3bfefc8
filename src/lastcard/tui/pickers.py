"""Small modal choices: the colour after a wild, the target of a Seven-O 7 or a swap, the seats
a Joker makes draw."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from lastcard.core import Color

from .faces import color_text


class ColorPicker(ModalScreen[Color | None]):
    """Pick one of `colors` (keys r, y, g, b or a click); Escape cancels the play."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "pick('R')", "red", show=False),
        Binding("y", "pick('Y')", "yellow", show=False),
        Binding("g", "pick('G')", "green", show=False),
        Binding("b", "pick('B')", "blue", show=False),
        Binding("escape", "cancel", "cancel"),
    ]

    def __init__(self, colors: Sequence[Color], prompt: str = "Name a colour") -> None:
        super().__init__()
        self.offered = tuple(colors)
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"{self.prompt} (r, y, g, b; Escape cancels)")
            with Horizontal(classes="choices"):
                for color in self.offered:
                    label = color_text(color)
                    yield Button(label, id=f"colour-{color.letter.lower()}", classes="colour")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        self.action_pick(button_id.removeprefix("colour-").upper())

    def action_pick(self, letter: str) -> None:
        color = Color.from_letter(letter)
        if color in self.offered:
            self.dismiss(color)

    def action_cancel(self) -> None:
        self.dismiss(None)


NO_TARGET = -1
"""What `TargetPicker` gives for its `nobody` choice: the card names no player."""


class TargetPicker(ModalScreen[int | None]):
    """Pick a seat among `targets` (number keys 1.. in the order shown, or a click). With
    `nobody` (its label: Pirate's 7 may swap nothing, §7.6.1) a last choice names no player and
    gives `NO_TARGET`; None is left for Escape, which cancels the play."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]

    def __init__(
        self,
        targets: Sequence[int],
        labels: Sequence[str],
        prompt: str,
        *,
        nobody: str | None = None,
    ) -> None:
        super().__init__()
        self.targets = tuple(targets)
        self.labels = tuple(labels)
        self.prompt = prompt
        self.nobody = nobody
        self.choices = (*self.targets, NO_TARGET) if nobody is not None else self.targets

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"{self.prompt} (1–{len(self.choices)}; Escape cancels)")
            for position, (seat, label) in enumerate(zip(self.targets, self.labels, strict=True)):
                yield Button(f"{position + 1}. {label}", id=f"target-{seat}", classes="target")
            if self.nobody is not None:
                number = len(self.choices)
                yield Button(f"{number}. {self.nobody}", id="target-none", classes="target")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        if button_id == "target-none":
            self.dismiss(NO_TARGET)
        else:
            self.dismiss(int(button_id.removeprefix("target-")))

    def on_key(self, event: events.Key) -> None:
        key = event.key
        if key.isdigit() and 1 <= int(key) <= len(self.choices):
            self.dismiss(self.choices[int(key) - 1])

    def action_cancel(self) -> None:
        self.dismiss(None)


class SeatsPicker(ModalScreen[tuple[int, ...] | None]):
    """Pick between 1 and `most` seats among `seats` (a Joker's, §7.11.6): number keys 1.. (or
    a click) tick and untick them in the order shown, Enter gives the seats ticked, in
    increasing order; Escape cancels the play. The first seat starts ticked, so that Enter
    alone names one player, as a single choice would."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "done", "done", show=False),
        Binding("escape", "cancel", "cancel"),
    ]

    def __init__(
        self, seats: Sequence[int], labels: Sequence[str], prompt: str, *, most: int = 3
    ) -> None:
        super().__init__()
        self.seats = tuple(seats)
        self.labels = tuple(labels)
        self.prompt = prompt
        self.most = most
        self.ticked: list[int] = list(self.seats[:1])

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            most = min(self.most, len(self.seats))
            yield Label(
                f"{self.prompt} Keys 1–{len(self.seats)} tick up to {most}, "
                "then Enter; Escape cancels"
            )
            # One line each: with nine opponents the list still fits 24 lines.
            for position, seat in enumerate(self.seats):
                button = Button(
                    self._label(position), id=f"seat-{seat}", classes="target", compact=True
                )
                button.can_focus = False  # Enter confirms; the keys tick
                yield button
            done = Button("Done (Enter)", id="seats-done", variant="primary", compact=True)
            done.can_focus = False
            yield done
            yield Label("", id="seats-note")

    def _label(self, position: int) -> Text:
        # A Text, not a string: the brackets of the tick are not markup.
        mark = "[x]" if self.seats[position] in self.ticked else "[ ]"
        return Text(f"{mark} {position + 1}. {self.labels[position]}")

    def toggle(self, seat: int) -> None:
        """Tick `seat`, or untick it; a tick beyond `most` is refused, and said."""
        note = ""
        if seat in self.ticked:
            self.ticked.remove(seat)
        elif len(self.ticked) < self.most:
            self.ticked.append(seat)
        else:
            note = f"At most {self.most}: untick one first."
        if not self.is_mounted:
            return
        for position, each in enumerate(self.seats):
            self.query_one(f"#seat-{each}", Button).label = self._label(position)
        self.query_one("#seats-note", Label).update(note)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        if button_id == "seats-done":
            self.action_done()
        elif button_id.startswith("seat-"):
            self.toggle(int(button_id.removeprefix("seat-")))

    def on_key(self, event: events.Key) -> None:
        key = event.key
        if key.isdigit() and 1 <= int(key) <= len(self.seats):
            self.toggle(self.seats[int(key) - 1])

    def action_done(self) -> None:
        if self.ticked:
            self.dismiss(tuple(sorted(self.ticked)))
        else:
            self.query_one("#seats-note", Label).update("Tick at least one player.")

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: `yes_label` (first letter or Enter) or `no_label` (first letter or
    Escape, which never does anything that cannot be undone)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "answer(True)", "yes", show=False),
        Binding("escape", "answer(False)", "no", show=False),
    ]

    def __init__(self, question: str, yes_label: str, no_label: str) -> None:
        super().__init__()
        self.question = question
        self.yes_label = yes_label
        self.no_label = no_label

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="confirm"):
            yield Label(self.question)
            with Horizontal(classes="choices"):
                yield Button(self.yes_label, id="yes", variant="primary")
                yield Button(self.no_label, id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def on_key(self, event: events.Key) -> None:
        if event.key == self.yes_label[0].lower():
            self.dismiss(True)
        elif event.key == self.no_label[0].lower():
            self.dismiss(False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
