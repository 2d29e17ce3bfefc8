"""Cards, hands and the table in words, for line-by-line play (`lastcard play --plain`).

A screen reader reads the table's `R▲5` as "R, black up-pointing triangle, 5", and a Braille
line spends cells on it; here a card is what a player would say: "Red 5", "Blue Draw Two",
"Wild Draw Four, choosing green" (`lastcard.words.cards`), the names the web table says too.
Lines carry no colour, no escape codes and no decoration: every character is meant to be read.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from lastcard.core import Card, Phase, PlayerView
from lastcard.core.cards import sort_hand as hand_order
from lastcard.words.cards import COLOR_WORDS, card_name

PLAYABLE_MARK = "*"
"""After a card's name in your hand: it can be played now. One character a screen reader says
as a short word ("star") and a Braille display shows in one cell."""


def cards_count(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def hand_line(
    hand: Sequence[Card],
    playable: Sequence[Card],
    *,
    marked: str = "can be played",
    cheats: Collection[Card] = (),
) -> str:
    """Your hand, numbered from 1 in the order the full-screen table shows it, each card that
    can be played now marked (`marked` says what the mark means: in a discard round, "can be
    discarded"). Under Pirate, `cheats` are the cards whose play would be a cheat: they are
    followed by the word instead of the mark.

    >>> hand_line([Card.from_code("R5"), Card.from_code("W")], [Card.from_code("W")])
    'Your hand, 2 cards (* can be played): 1 Red 5, 2 Wild*.'
    >>> g7 = Card.from_code("G7")
    >>> hand_line([g7], [g7], cheats=[g7])
    'Your hand, 1 card (cheat: can be played as a cheat): 1 Green 7 cheat.'
    """
    if not hand:
        return "Your hand is empty."
    items = [
        f"{number} {card_name(card)}{_mark(card, playable, cheats)}"
        for number, card in enumerate(hand, 1)
    ]
    legends = [f"{PLAYABLE_MARK} {marked}"] if any(c not in cheats for c in playable) else []
    if cheats:
        legends.append(f"{CHEAT_MARK.strip()}: can be played as a cheat")
    legend = f" ({', '.join(legends)})" if legends else ""
    return f"Your hand, {cards_count(len(hand))}{legend}: {', '.join(items)}."


CHEAT_MARK = " cheat"
"""After a card's name in your hand, under Pirate: playing it now would be a cheat (§7.6.3)."""


def _mark(card: Card, playable: Sequence[Card], cheats: Collection[Card]) -> str:
    if card in cheats:
        return CHEAT_MARK
    return PLAYABLE_MARK if card in playable else ""


def open_hands_line(view: PlayerView, names: Sequence[str]) -> str | None:
    """Under Pirate (§7.6.2), every other player's cards: `Open hands: Ada Blue 1, Red 9;
    Basil Green 2.`; None when hands are hidden."""
    if view.open_hands is None:
        return None
    parts = []
    for seat, hand in enumerate(view.open_hands):
        if seat == view.seat or not view.active[seat]:
            continue
        cards = ", ".join(card_name(card) for card in hand_order(hand)) or "no cards"
        parts.append(f"{names[seat]} {cards}")
    return f"Open hands: {'; '.join(parts)}."


def discard_line(view: PlayerView) -> str:
    """The top of the discard pile and the colour to match."""
    top = view.top
    if top.is_wild:
        if view.color is None:
            return f"Discard: {card_name(top)}; no colour named yet."
        return f"Discard: {card_name(top)}; the colour is {COLOR_WORDS[view.color]}."
    return f"Discard: {card_name(top)}."


def table_lines(view: PlayerView, names: Sequence[str], levels: Sequence[str]) -> list[str]:
    """The whole table: each player's cards and score, whose turn it is, the way play goes,
    the stock and the discard. `levels[k]` is the level of seat k+1. Under Pirate each
    opponent's cards are named too (open hands, §7.6.2)."""
    lines = [f"Hand {view.hand_number}. {discard_line(view)}"]
    teams = view.rules.team_of_seats(view.players) or ()
    partners = {s for team in teams if view.seat in team for s in team}
    for seat, name in enumerate(names):
        who = "You" if seat == view.seat else f"{name}, seat {seat}, {levels[seat - 1]}"
        if seat in partners and seat != view.seat:
            who += ", your partner"
        if not view.active[seat]:
            lines.append(f"{who}: out of the game, {view.scores[seat]} points.")
            continue
        notes = []
        if view.phase is Phase.AWAIT_DISCARD:  # the round asks `to_act`; `turn` ends it
            if seat == view.to_act:
                notes.append("asked to discard")
        elif view.phase is Phase.AWAIT_PIRATE:  # §7.6.4: `turn` played, `to_act` is asked
            if seat == view.turn:
                notes.append("their play waits" if seat != view.seat else "your play waits")
            elif seat == view.to_act:
                notes.append("asked to let the play stand or call a cheat")
        elif view.phase is Phase.AWAIT_BLOCK:  # §7.11.3: `turn` played, `to_act` is asked
            if seat == view.turn:
                notes.append("their card waits" if seat != view.seat else "your card waits")
            elif seat == view.to_act:
                notes.append("asked whether to block it with Invisibility")
        elif view.phase in (Phase.AWAIT_GIFT, Phase.AWAIT_LEAD):  # §7.11.7
            if seat == view.turn:
                doing = "giving cards" if view.phase is Phase.AWAIT_GIFT else "to lead a card"
                notes.append(f"{doing} (Mambo)")
        elif seat == view.turn and view.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            notes.append("to play")
        if seat == view.exposed:
            notes.append("did not call Uno")
        extra = f", {', '.join(notes)}" if notes else ""
        held = ""
        if view.open_hands is not None and seat != view.seat and view.open_hands[seat]:
            held = f" ({', '.join(card_name(c) for c in hand_order(view.open_hands[seat]))})"
        lines.append(
            f"{who}: {cards_count(view.hand_sizes[seat])}{held}, {view.scores[seat]} points{extra}."
        )
    way = "clockwise" if view.direction == 1 else "counter-clockwise"
    lines.append(f"Play goes {way}; the stock has {cards_count(view.stock_size)}.")
    return lines
