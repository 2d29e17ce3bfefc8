"""The terminal table's status line: the prompt of `lastcard.words.prompts`, in the table's
style (faces, keys in brackets).

>>> from lastcard.core import new_game, player_view, legal_actions
>>> state = new_game(2, seed=0, dealer=1)  # G8 turned up: seat 0 plays first
>>> decision_text(player_view(state, 0), legal_actions(state, 0), ["You", "Ada"]).plain[:9]
'Your turn'
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from lastcard.core import Action, Card, Event, PlayerView
from lastcard.words.prompts import prompt

from .table_style import TABLE_STYLE


def decision_text(
    view: PlayerView,
    actions: Sequence[Action],
    names: Sequence[str],
    *,
    thinking: bool = False,
    selected: Card | None = None,
    log: Sequence[Event] = (),
) -> Text:
    """One or two lines for the status bar; keys are named in brackets."""
    return prompt(
        view,
        actions,
        names,
        TABLE_STYLE,
        thinking=thinking,
        selected=selected,
        log=log,
    )
