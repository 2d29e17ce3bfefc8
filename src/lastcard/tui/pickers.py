"""Small modal choices: the colour after a wild, the target of a Seven-O 7 or a swap."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from lastcard.core import Color

from .faces import colour_text


class ColourPicker(ModalScreen[Color | None]):
    """Pick one of `colours` (keys r, y, g, b or a click); Escape cancels the play."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "pick('R')", "red", show=False),
        Binding("y", "pick('Y')", "yellow", show=False),
        Binding("g", "pick('G')", "green", show=False),
        Binding("b", "pick('B')", "blue", show=False),
        Binding("escape", "cancel", "cancel"),
    ]

    def __init__(self, colours: Sequence[Color], prompt: str = "Name a colour") -> None:
        super().__init__()
        self.colours = tuple(colours)
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"{self.prompt} (r, y, g, b; Escape cancels)")
            with Horizontal(classes="choices"):
                for color in self.colours:
                    label = colour_text(color)
                    yield Button(label, id=f"colour-{color.letter.lower()}", classes="colour")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        self.action_pick(button_id.removeprefix("colour-").upper())

    def action_pick(self, letter: str) -> None:
        color = Color.from_letter(letter)
        if color in self.colours:
            self.dismiss(color)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TargetPicker(ModalScreen[int | None]):
    """Pick a seat among `targets` (number keys 1.. in the order shown, or a click)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]

    def __init__(self, targets: Sequence[int], labels: Sequence[str], prompt: str) -> None:
        super().__init__()
        self.targets = tuple(targets)
        self.labels = tuple(labels)
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"{self.prompt} (1–{len(self.targets)}; Escape cancels)")
            for position, (seat, label) in enumerate(zip(self.targets, self.labels, strict=True)):
                yield Button(f"{position + 1}. {label}", id=f"target-{seat}", classes="target")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        self.dismiss(int(button_id.removeprefix("target-")))

    def on_key(self, event: events.Key) -> None:
        key = event.key
        if key.isdigit() and 1 <= int(key) <= len(self.targets):
            self.dismiss(self.targets[int(key) - 1])

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
