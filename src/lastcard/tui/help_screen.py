"""The rules help screen: how Uno is played, the house rules in this game, and the keys."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from lastcard.core import Rules

from .help_text import KEYS_MARKDOWN, rules_markdown


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "close", "close")]

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="help"):
            yield Markdown(rules_markdown(self.rules) + "\n\n" + KEYS_MARKDOWN)

    def on_mount(self) -> None:
        # Focused, the scroll answers the arrows, PageUp/PageDown, Home and End.
        self.query_one("#help", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
