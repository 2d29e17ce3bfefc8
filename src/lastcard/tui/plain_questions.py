"""What line-by-line play asks, and what `help` says.

Each decision of the full-screen table is a question here, said in full sentences: the
situation first (the discard, your hand with the cards that can be played marked, a chance to
catch someone or to call a late Uno), then one line ending in `> ` that names the answers,
with the full-screen table's keys in parentheses.

>>> from lastcard.core import new_game, player_view, legal_actions
>>> state = new_game(2, seed=0, dealer=1)  # G8 turned up: seat 0 plays first
>>> view = player_view(state, 0)
>>> notes, prompt = decision_lines(view, legal_actions(state, 0), ["You", "Ada"])
>>> prompt
'Your turn: play a card marked * or draw (d) > '
"""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import Action, ActionKind, Card, Phase, PlayerView

from .faces import hand_order
from .plain_answers import COMMANDS
from .plain_words import card_name, discard_line, hand_line

PROMPT_END = " > "


def numbered_hand(view: PlayerView) -> tuple[Card, ...]:
    """Your cards in the order they are numbered: the full-screen table's order."""
    return hand_order(view.hand or ())


def playable_cards(offers: Sequence[Action]) -> list[Card]:
    return list(dict.fromkeys(a.card for a in offers if a.card is not None))


def decision_lines(
    view: PlayerView, offers: Sequence[Action], names: Sequence[str], *, armed: bool = False
) -> tuple[list[str], str]:
    """The situation lines and the question for what the person may do now: their own
    decision when they are to act, else their out-of-turn offers (answered, or let go with
    Enter). `armed`: Uno will be called with the next play."""
    hand = numbered_hand(view)
    plays = [a for a in offers if a.kind is ActionKind.PLAY]
    discards = [a for a in offers if a.kind is ActionKind.DISCARD]
    kinds = {a.kind for a in offers}
    notes = _chances(view, offers, names, hand)
    if view.to_act != view.seat:
        return notes, "Press Enter to let play go on" + PROMPT_END
    situation = [discard_line(view)]
    if view.phase is Phase.AWAIT_DISCARD:  # §7.11.4: the marks show what may be discarded
        situation.append(hand_line(hand, playable_cards(discards), marked="can be discarded"))
    elif view.phase is not Phase.AFTER_DRAW:  # the question names the one card that matters
        situation.append(hand_line(hand, playable_cards(plays)))
    notes = [*situation, *notes]
    calls = [hand.index(a.card) + 1 for a in (*plays, *discards) if a.uno and a.card in hand]
    if calls:
        what = "discard" if discards else "play"
        notes.append(
            f"Uno will be called with your {what} (uno again: not)."
            if armed
            else f"Add ! to the card to call Uno with it, as in {calls[0]}!."
        )
    return notes, _own_question(view, plays, kinds, names) + PROMPT_END


def _chances(
    view: PlayerView, offers: Sequence[Action], names: Sequence[str], hand: Sequence[Card]
) -> list[str]:
    """The out-of-turn offers: a late Uno call, a catch, a jump-in."""
    kinds = {a.kind for a in offers}
    lines = []
    if view.exposed == view.seat and ActionKind.UNO in kinds:
        lines.append("You have one card and did not call Uno: type uno (u) now!")
    for action in offers:
        if action.kind is ActionKind.CATCH and action.target is not None:
            name = names[action.target]
            lines.append(f"{name} did not call Uno: type catch {action.target} (c) to catch them!")
    if view.to_act != view.seat:
        jumps = playable_cards([a for a in offers if a.kind is ActionKind.PLAY])
        for card in jumps:
            number = hand.index(card) + 1 if card in hand else None
            lines.append(f"You may jump in with {card_name(card)}: type {number or card.code}.")
    return lines


def _own_question(
    view: PlayerView, plays: Sequence[Action], kinds: set[ActionKind], names: Sequence[str]
) -> str:
    pending = view.pending_draw
    if view.phase is Phase.AWAIT_FIRST_COLOR:
        return "The first discard is a Wild: name its colour, r, y, g or b"
    if view.phase is Phase.AWAIT_DISCARD:
        if ActionKind.DISCARD in kinds:
            return (
                "Discard round: discard one card beneath the top card (a card marked *), "
                "or decline (d)"
            )
        return "Discard round: your last card stays with you, decline (d)"
    if view.phase is Phase.AWAIT_WD4_RESPONSE:
        who = names[view.top_player] if view.top_player is not None else "Someone"
        stack = ", or stack a card marked *" if plays else ""
        return (
            f"{who} played a Wild Draw Four on you: challenge (x), "
            f"or accept (a) and draw {pending}{stack}"
        )
    if view.phase is Phase.AWAIT_STACK_RESPONSE:
        if plays:
            return f"{pending} cards are coming to you: stack a card marked *, or accept (a)"
        return f"{pending} cards are coming to you: accept (a) and draw them"
    if view.phase is Phase.AFTER_DRAW and view.drawn is not None:
        drawn = card_name(view.drawn)
        if plays:
            return f"You drew {drawn}: play it (p) or keep it (k)"
        return f"You drew {drawn}; it cannot be played: keep it (k)"
    draw = ActionKind.DRAW in kinds
    if plays:
        return "Your turn: play a card marked *" + (" or draw (d)" if draw else "")
    if draw:
        return "Your turn: nothing can be played, draw (d)"
    return "Your turn"


def help_lines(names: Sequence[str]) -> list[str]:
    """What may be typed, at any question."""
    seats = ", ".join(f"{seat} {name}" for seat, name in enumerate(names) if seat)
    lines = [
        "Answer with a card's number in your hand, as in 3, or its code: R5 is Red 5, "
        "GS Green Skip, BR Blue Reverse, Y+2 Yellow Draw Two, W Wild, W+4 Wild Draw Four.",
        "After the card, :c names a wild's colour (4:g or W:g), >N the player a Seven-O 7 "
        "swaps with (3>2), and ! calls Uno with it (3! or R7!). Left out, they are asked.",
        "Other answers: draw (d); play (p) or keep (k) the card you drew; uno (u); "
        "catch N (c); challenge (x); accept (a).",
        "In a discard round, a card's number or code discards it (with ! to call Uno), "
        "and decline (d) keeps your cards.",
        "Enter alone lets play go on when you are offered something out of turn, "
        "and deals the next hand.",
        f"Seats: {seats}.",
        "Commands:",
    ]
    lines += [f"  {name}: {what}." for name, what in COMMANDS.items()]
    lines.append("The game is saved after every move.")
    return lines
