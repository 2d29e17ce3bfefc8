"""Invisibility's block (RULES.md §7.11.3 b): before an effect of another player's card applies
to the holder of the Invisibility card, the engine asks the holder to block it or allow it.

An effect that may be blocked calls `ask_to_block` first; when it returns True the effect has
paused in phase `AWAIT_BLOCK` (the holder decides, `state.block` says what waits) and the
engine's `block`/`allow` answer calls `resume`. A pending Draw or Wild Draw Four total is
answered in its own response phase instead, where the holder is offered `block c` beside
`accept` (the engine's `_block`).

Decided here (RULES.md is silent): a first discard is played by nobody, so its effect cannot
be blocked; nor can the draws a last card still makes (§6.1.3), since the hand is over. The deck
holds one Invisibility card, so one effect pauses at most once.
"""

from __future__ import annotations

from .cards import Card, Kind
from .draft import Draft
from .events import EventType
from .hands import reveal_hand, show_hand, swap_hands
from .seats import next_active
from .state import PendingBlock, Phase

INVISIBILITY = Card(Kind.WILD_INVISIBILITY)

# What waits for the holder's answer (`PendingBlock.what`).
NEXT_DRAWS = "next_draws"  # the next player draws and loses the turn (Draw Two/Three, WD4)
SKIP = "skip"  # the next player loses the turn
DRAWS = "draws"  # several seats draw one after the other (Wild Downpour, Joker)
SWAP = "swap"  # the holder is named for a hand exchange (a 7, Friendship)
REVEAL = "reveal"  # the holder's hand is shown to everyone (Howler)
VIEW = "view"  # the holder's hand is shown to the player (Travel)
WHATS = (NEXT_DRAWS, SKIP, DRAWS, SWAP, REVEAL, VIEW)
# The holder was the seat due to play next: a block is its turn (§7.11.3).
TURN_TAKING = frozenset({NEXT_DRAWS, SKIP})


def ask_to_block(
    d: Draft,
    player: int,
    victim: int,
    what: str,
    count: int = 0,
    reason: str = "",
    targets: tuple[int, ...] = (),
) -> bool:
    """Pause the effect and ask `victim` if it holds the Invisibility card; True when asked."""
    if victim == player or INVISIBILITY not in d.hands[victim]:
        return False
    d.block = PendingBlock(what, player, count, reason, targets)
    d.phase = Phase.AWAIT_BLOCK
    d.turn = player
    d.to_act = victim
    return True


def resume(d: Draft, blocked: bool) -> None:
    """Go on with the effect that waited: on the holder unless `blocked`, then on the others."""
    pending = d.block
    assert pending is not None
    d.block = None
    victim = d.to_act
    assert victim is not None
    player, what = pending.player, pending.what
    if what in TURN_TAKING:
        if blocked:
            d.give_turn(d.next_seat(victim))  # the block was the holder's turn
        elif what == NEXT_DRAWS:
            d.draw(victim, pending.count, pending.reason)
            d.emit(EventType.SKIP, seat=victim)
            d.give_turn(d.next_seat(victim))
        else:
            d.emit(EventType.SKIP, seat=victim)
            d.give_turn(d.next_seat(victim))
        _owed_call(d, pending.owes_uno, player)
        return
    if what == DRAWS:
        if not blocked:
            d.draw(victim, pending.count, pending.reason)
        for seat in d.seats_from(victim)[1:]:  # the rest of the turn order, at most one lap
            if seat == player:
                break  # nobody else holds the card
            if not pending.targets or seat in pending.targets:
                d.draw(seat, pending.count, pending.reason)
    elif not blocked:
        if what == SWAP:
            swap_hands(d, player, victim)
        elif what == REVEAL:
            reveal_hand(d, victim)
        else:
            show_hand(d, player, victim)
    d.give_turn(next_active(d.active, player, d.direction))
    _owed_call(d, pending.owes_uno, player)


def _owed_call(d: Draft, owes: bool, player: int) -> None:
    """§4.2: the duty of a penultimate card played uncalled, once its effect has resolved."""
    if owes and len(d.hands[player]) == 1:
        d.exposed = player
