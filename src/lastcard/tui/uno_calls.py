"""Who called Uno, as the table shows it next to each player's card count.

The engine keeps who owes a call now (`exposed`: catchable) and whose miss went unpunished
(`uncaught`); it keeps no record of who *called*. A badge that said "UNO!" for every player with
one card would credit a call nobody made (dealt one card, handed one by a swap, or a miss the
window closed on), so the calls are read from the events instead: a play (or a discard round's
discard, an Invisibility block) made with the call, or a late `uno`. A call counts while its
player holds that one card.

The three marks (`badge`):

- `UNO!`: the player called.
- `no UNO call!`: the player owes a call and can be caught now (§4.4).
- `no call`: the player missed the call and the catch window closed; nobody can catch them now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text

from lastcard.core import Event, EventType, PlayerView

_NEW_HANDS = (EventType.DEAL, EventType.ROTATE_HANDS, EventType.SHUFFLE_HANDS)
# A call made with the card that leaves one: a play (a Mambo's lead too), a discard round's
# discard (§7.11.4) or an Invisibility block (§7.11.3).
_CALLS_WITH_CARD = (EventType.PLAY, EventType.DISCARD, EventType.BLOCK)

CALLED = "UNO!"
EXPOSED = "no UNO call!"
MISSED = "no call"


class UnoCalls:
    """The seats whose Uno call stands, kept up to date from the events of the game."""

    def __init__(self) -> None:
        self.called: set[int] = set()

    def read(self, events: Iterable[Event], hand_sizes: Sequence[int]) -> None:
        """Take in `events` (in order): a call stands until its player draws (a catch's
        penalty too), their hand changes owner (§7.2, §7.9) or a new hand is dealt. Last, the
        calls of seats that do not hold exactly one card now (`hand_sizes`) are dropped."""
        for event in events:
            kind = event.type
            if kind == EventType.UNO or (kind in _CALLS_WITH_CARD and event.uno):
                self.called.add(event.seat)
            elif kind == EventType.DRAW:
                self.called.discard(event.seat)
            elif kind == EventType.SWAP_HANDS:
                self.called.difference_update(event.seats)
            elif kind in _NEW_HANDS:
                self.called.clear()
        self.called = {seat for seat in self.called if hand_sizes[seat] == 1}

    def badge(self, view: PlayerView, seat: int) -> Text | None:
        """The mark next to `seat`'s card count, or None."""
        if not view.active[seat]:
            return None
        if view.exposed == seat:
            return Text(EXPOSED, style="bold reverse red")
        if view.hand_sizes[seat] != 1:
            return None
        if seat in self.called:
            return Text(CALLED, style="bold reverse yellow")
        if seat in view.uncaught:
            return Text(MISSED, style="italic")
        return None
