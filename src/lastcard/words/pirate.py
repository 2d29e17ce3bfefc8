"""Pirate Uno (RULES.md §7.6) as the tables tell it: which of your cards would be a cheat, and
what a play in its window is known to be.

Under Pirate any card may be played on one's own turn; one that does not match (or, after a
draw, any card but a matching drawn one) is a *cheat*, accepted and known to its player alone.
The others are then asked in turn to let it stand or to call a cheat (the window, §7.6.4).
What they can see: the card played (`discard[-1]`), the card it lies on (`discard[-2]`) and the
colour it had to match (`pirate_color`). Whether it matched is plain from those, except after a
draw: a matching card that is not the one drawn is a cheat too, and nobody else knows which
card was drawn. So a matching card is only said to be *possibly* fair after a draw.

Every front end words it through `lastcard.words.prompts`; these functions give the facts and
the sentences, with the card drawn by the caller's `CardFormat`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lastcard.core import Action, ActionKind, Card, Color, Event, EventType, Phase, PlayerView
from lastcard.core.matching import matches

CardFormat = Callable[[Card, Color | None], str]
"""Draws a card as text (with a wild's declared colour, or None): `R▲5`, or `Red 5`."""

ColorFormat = Callable[[Color], str]
"""Names a colour: `red`."""


def is_fair(view: PlayerView, card: Card) -> bool:
    """Whether playing `card` on one's own turn now would be fair (§7.6.3): it matches the top
    card and colour, and after a draw it is the card drawn."""
    if view.color is None:
        return True
    if view.phase is Phase.AFTER_DRAW and card is not view.drawn:
        return False
    return matches(card, view.top, view.color)


def cheat_cards(view: PlayerView, actions: Sequence[Action]) -> frozenset[Card]:
    """The cards on offer to play now whose play would be a cheat: none outside Pirate, and
    none but on the person's own turn (stacking answers and jump-ins are genuine or refused)."""
    if not view.rules.pirate or view.to_act != view.seat or view.seat != view.turn:
        return frozenset()
    if view.phase not in (Phase.AWAIT_TURN, Phase.AFTER_DRAW):
        return frozenset()
    plays = {a.card for a in actions if a.kind is ActionKind.PLAY and a.card is not None}
    return frozenset(card for card in plays if not is_fair(view, card))


def played_after_drawing(events: Sequence[Event]) -> bool:
    """Whether the last on-turn play in `events` came right after its player drew on that
    turn, when a matching card may still be a cheat (it is fair only if it is the drawn one)."""
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if event.type == EventType.PLAY and not event.jump_in:
            player = event.seat
            for back in range(index - 1, -1, -1):
                earlier = events[back]
                if earlier.data.get("seat") == player:
                    return bool(earlier.type == EventType.DRAW and earlier.reason == "turn")
            return False
    return False


@dataclass(frozen=True)
class WindowPlay:
    """A play in its Pirate window, as every seat sees it."""

    player: int
    card: Card  # the card played, on top of the pile
    color: Color  # the colour it declared (its own, for a coloured card)
    beneath: Card  # the card it lies on
    to_match: Color  # the colour current before it
    matched: bool  # it matches `beneath` and `to_match`
    after_draw: bool  # its player had drawn first: a matching card may still be a cheat


def window_play(view: PlayerView, after_draw: bool = False) -> WindowPlay | None:
    """The play whose window is open, or None when none is."""
    if view.phase is not Phase.AWAIT_PIRATE or len(view.discard) < 2:
        return None
    if view.pirate_color is None or view.color is None:
        return None
    card, beneath = view.discard[-1], view.discard[-2]
    return WindowPlay(
        player=view.turn,
        card=card,
        color=view.color,
        beneath=beneath,
        to_match=view.pirate_color,
        matched=matches(card, beneath, view.pirate_color),
        after_draw=after_draw,
    )


def what_it_was(
    play: WindowPlay, names: Sequence[str], card: CardFormat, color: ColorFormat
) -> str:
    """What everyone can know of the play: `Ada played G■7 on R▲5 (red): it does not match.`;
    after a draw, the honest version of "it matches"."""
    who = names[play.player]
    played = card(play.card, play.color if play.card.is_wild else None)
    beneath = card(play.beneath, play.to_match if play.beneath.is_wild else None)
    said = f"{who} played {played} on {beneath} ({color(play.to_match)})"
    if not play.matched:
        return f"{said}: it does not match."
    if play.after_draw:
        return (
            f"{said}: it matches, but {who} had just drawn: unless it is the card drawn, "
            "it is a cheat."
        )
    return f"{said}: it matches."


def call_price(play: WindowPlay, view: PlayerView, names: Sequence[str], card: CardFormat) -> str:
    """What a call brings, either way (§7.6.4): the choice made knowing the price."""
    who = names[play.player]
    penalty = view.rules.pirate_false_call_penalty
    played = card(play.card, play.color if play.card.is_wild else None)
    wrong = f"you draw {penalty} and it stands" if penalty else "it stands, at no cost to you"
    return f"Called: if it is a cheat, {who} takes {played} back and draws 2; if fair, {wrong}."


def own_window(view: PlayerView, names: Sequence[str]) -> str:
    """Your own play waiting in its window, with what only you know."""
    asked = names[view.to_act] if view.to_act is not None else "nobody"
    flag = " (cheat!)" if view.cheat else " (fair)" if view.cheat is False else ""
    return f"Your play waits: others may call it{flag}. {asked} decides."
