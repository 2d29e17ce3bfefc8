"""What in a push's events concerns its reader alone, said at once (the web table's alert):
"You were caught by Ada without an Uno call.", "You draw 4.". The story tells everything; an
alert is the part a reader must not miss.

>>> from lastcard.core import Event
>>> alerts([Event.from_dict({"type": "skip", "seat": 0})], 0, ["You", "Ada"], 2)
['You are skipped.']
"""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import Event, EventType

# The draws a reader is told of: penalties and effects, not the draws of their own turn.
_PENALTIES = frozenset(
    {
        "draw_two",
        "wild_draw_four",
        "challenge",
        "uno_penalty",
        "wild_downpour",
        "wild_customizable",
        "wrong_card",
        "suggestion",
        "draw_three",
        "joker",
    }
)


def alerts(
    events: Sequence[Event], you: int | None, names: Sequence[str], false_call_penalty: int
) -> list[str]:
    """The alerts for the reader at seat `you` (None: a spectator, who gets none); `names` as
    the reader reads them; `false_call_penalty` the cards a wrong Pirate call costs."""
    if you is None:
        return []
    out: list[str] = []
    for e in events:
        kind = e.type
        if kind == EventType.CATCH and e.target == you:
            out.append(f"You were caught by {names[e.seat]} without an Uno call.")
        elif kind == EventType.SKIP and e.seat == you:
            out.append("You are skipped.")
        elif kind == EventType.DRAW and e.seat == you and e.reason in _PENALTIES:
            out.append(f"You draw {e.count}.")
        elif kind == EventType.PIRATE_CALL:
            out += _pirate_call(e, you, names, false_call_penalty)
        elif kind == EventType.CHALLENGE:
            out += _challenge(e, you, names)
        elif kind == EventType.SWAP_HANDS and e.seats[1] == you:
            out.append(f"{names[e.seats[0]]} swapped hands with you.")
        elif kind == EventType.REVEAL and e.seat == you:  # a Howler (§7.11.2)
            out.append("Your hand is revealed to everyone.")
        elif kind == EventType.TRAVEL and e.target == you:  # §7.11.8: its player alone saw it
            out.append(f"{names[e.seat]} looked at your hand.")
    return out


def _pirate_call(e: Event, you: int, names: Sequence[str], penalty: int) -> list[str]:
    """§7.6.4: a call concerns its caller and the player of the card; the draws that follow
    are said here, not again with their draw events."""
    caller, player = names[e.seat], names[e.player]
    if e.player == you:
        if e.cheat:
            return [f"{caller} called cheat on you: caught. Your card comes back and you draw 2."]
        return [f"{caller} called cheat on your fair play: {caller} draws {penalty}."]
    if e.seat == you:
        if e.cheat:
            return [f"Your call was right: {player} cheated, takes the card back and draws 2."]
        return [f"{player}'s play was fair: you draw {penalty} for the false call."]
    return []


def _challenge(e: Event, you: int, names: Sequence[str]) -> list[str]:
    if e.player == you:
        verdict = "a bluff." if e.succeeded else "and lost."
        joiner = ": " if e.succeeded else " "
        return [f"{names[e.seat]} challenged your Wild Draw Four{joiner}{verdict}"]
    if e.seat == you:
        return ["Your challenge succeeded." if e.succeeded else "Your challenge failed."]
    return []
