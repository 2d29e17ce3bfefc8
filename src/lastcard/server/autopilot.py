"""What autopilot does for a person who is away or ran out of time (SERVER.md §7).

It decides only what the seat must decide, never anything optional: the first legal card
(calling Uno with it when that leaves one card), else draw; it plays a drawn card it may play;
it accepts a Wild Draw Four rather than gamble on a challenge; it declines a discard round
(§7.11.4: discarding is a choice, declining is not); it never catches anyone or jumps in for an
absent person, and never sends a lone `uno`.
"""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import Action, ActionKind

# The order autopilot prefers among the kinds of a decision: play, then accept a penalty, then
# draw, then the quiet choices (keep a drawn card, name a colour, deal on, keep every card when
# a discard round asks).
_PREFERENCE = (
    ActionKind.PLAY,
    ActionKind.ACCEPT,
    ActionKind.DRAW,
    ActionKind.KEEP,
    ActionKind.COLOR,
    ActionKind.NEXT,
    ActionKind.DECLINE,
)


def autopilot_choice(legal: Sequence[Action]) -> Action | None:
    """The action autopilot takes from a decision's legal actions; None if it takes none."""
    for kind in _PREFERENCE:
        options = [action for action in legal if action.kind is kind]
        if not options:
            continue
        if kind is ActionKind.PLAY:
            first = options[0]
            with_uno = [
                action
                for action in options
                if action.uno and action.card == first.card and action.target == first.target
            ]
            return with_uno[0] if with_uno else first
        return options[0]
    return None
