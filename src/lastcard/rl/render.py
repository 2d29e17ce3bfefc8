"""The `ansi` rendering of an environment: the table as a few lines of text."""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import GameState

_DIRECTION = {1: "clockwise", -1: "counter-clockwise"}


def table_text(state: GameState, names: Sequence[str]) -> str:
    """Every hand (a rendering is for watching an agent, not for playing against it), the
    discard pile's top, the colour, the direction and who must decide."""
    color = state.color.name.lower() if state.color is not None else "none yet"
    lines = [
        f"hand {state.hand_number} · top {state.top.code} · colour {color} · "
        f"{_DIRECTION[state.direction]} · stock {len(state.stock)} · {state.phase.value}"
    ]
    for seat, hand in enumerate(state.hands):
        marks = [
            "to act" if seat == state.to_act else "",
            "dealer" if seat == state.dealer else "",
            "out" if not state.active[seat] else "",
        ]
        note = ", ".join(mark for mark in marks if mark)
        cards = " ".join(card.code for card in hand) or "-"
        lines.append(
            f"{names[seat]:>10} {state.scores[seat]:>4}  {cards}" + (f"  ({note})" if note else "")
        )
    if state.pending_draw:
        lines.append(f"pending draw: {state.pending_draw}")
    pirate = state.pirate
    if pirate is not None:  # §7.6.4: shown whole, the cheat flag too, as the hands are
        had_to_match = pirate.color.name.lower() if pirate.color is not None else "any colour"
        verdict = "a cheat" if pirate.cheat else "fair"
        lines.append(
            f"pirate window: {names[state.turn]}'s {state.top.code} is {verdict} "
            f"(it had to match {had_to_match} or {state.discard[-2].code})"
        )
    return "\n".join(lines) + "\n"
