"""`GreedyBot`: the seeds' "basic strategy": play the legal card with the highest point value.

It is the middle rung of the bot ladder: it never thinks ahead, but it never draws when it could
play, and it sheds its most expensive card first, which is what a casual player does. Its habits,
each a keyword option (so `"greedy:bluff=true"` works in a bot name):

- **Which card.** Among the cards it may play it takes the one worth the most points (§1.4: a
  Wild or Wild Draw Four 50, a Skip, Reverse or Draw Two 20, a number its rank). Ties between
  different cards (two 20-point action cards, a Wild and a Wild Draw Four) are broken by its seeded
  generator, uniformly.
- **Wild Draw Four.** `bluff` (default False): it plays a WD4 only when that is legal, i.e. it
  holds no other card of the current colour (§3.3.1); with True every WD4 on offer counts as
  playable, bluffs included.
- **Colour.** A wild names the colour it holds most of among its other cards; ties, and a hand
  with no coloured card, are broken by its generator.
- **Drawing.** It draws only when it has no play. A drawn card that may be played is played
  (with the colour and target rules above); otherwise it keeps it.
- **Responses.** `stack` (default True): under stacking it passes a pending draw on with the
  most valuable card that may be stacked. `challenge` (default False): it accepts every WD4;
  with True it challenges every one.
- **Uno.** `call_uno` (default True): it plays its penultimate card with the call (`!`), and
  makes an owed call as soon as it is offered. `catch` (default True): it catches whoever it
  can, in turn or out of turn.
- **Seven-O and other targets.** A 7 (or a wild that names a seat) is aimed at the opponent
  with the fewest cards; among equals the first one after it in the direction of play.
- **Jump-in.** `jump_in` (default True): offered a jump-in it takes it (the play is
  chosen like any other). A first Wild's colour is chosen like a wild's.
- **Discard round** (§7.11.4, the 2018 deck's `WC` with `all_discard_one`): it discards its
  highest-value coloured card (ties broken by its generator), with the call (`!`) when that
  leaves one card and `call_uno` is on; holding only wilds, it declines.
- **Pirate** (§7.6): it never cheats: it plays only cards that match (after a draw, only the
  drawn card), although the rules let it play any. Asked about another's play, it calls only a
  cheat it can see (the card on top could not have matched the one beneath it), whoever played
  it, and passes otherwise: it has no memory of the hands to tell more. A 7 may swap nothing
  there: it swaps with the smallest other hand only when that hand is smaller than its own
  after the play, and otherwise swaps nothing.

- **Theme cards** (§7.11): a Draw Three is an action card like a Draw Two (20 points, stacked
  like one); a Howler, Friendship or Travel names the opponent with the fewest cards, as a 7
  does; a Joker names the first seat set on offer (the first other seat in seat order) and
  makes it draw three; a Mambo's gifts are its highest-value cards, wilds included (ties broken
  by its generator), and its lead is the highest-value card, chosen as a play (a Wild Draw
  Four lead is never a bluff); a Care-a-lot's discards are a discard round's. Holding the
  Invisibility card, it blocks every effect it is asked about (and a pending draw it cannot
  stack), naming its favourite colour: the card is worth 50 points.

All randomness comes from `BotRng(seed)` (`lastcard.core.rng`), one `below(n)` per tie of n > 1
(the card, then the colour), so a seeded bot facing the same positions makes the same choices and
the compiled simulator (`lastcard.sim.fast`) reproduces them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from lastcard.core import Action, ActionKind, Card, Color, Kind, Phase, PlayerView
from lastcard.core.cards import COLORS
from lastcard.core.matching import is_wd4_legal
from lastcard.core.rng import BotRng
from lastcard.core.seats import next_active as next_active_seat
from lastcard.core.seats import turn_order

from .options import BotOption
from .pirate import honest_actions, visible_cheat, window_answer

__all__ = [
    "GreedyBot",
    "color_counts",
    "is_honest_wd4",
    "least_wanted_card",
    "next_active",
    "play_variants",
    "seats_by_proximity",
]


class GreedyBot:
    """Plays its highest-value legal card; see the module docstring for all its habits.

    >>> from lastcard import legal_actions, new_game, player_view
    >>> deck = "R5 G2 R+2 G3 R9 G4 R1 G5 R2 G6 R3 G7 R4 G8 R7".split()
    >>> state = new_game(2, seed=0, dealer=0, deck=deck)
    >>> [c.code for c in state.hands[1]], state.top.code
    (['R5', 'R+2', 'R9', 'R1', 'R2', 'R3', 'R4'], 'R7')
    >>> GreedyBot(seed=0).choose(player_view(state, 1), legal_actions(state, 1)).code
    'R+2'
    """

    SUMMARY: ClassVar[str] = "plays its highest-value card; draws only when it cannot play"
    OPTIONS: ClassVar[tuple[BotOption, ...]] = (
        BotOption("bluff", bool, False, "plays a Wild Draw Four while it holds the colour"),
        BotOption("challenge", bool, False, "challenges every Wild Draw Four"),
        BotOption("stack", bool, True, "stacks a pending draw when the rules allow"),
        BotOption("call_uno", bool, True, "calls Uno"),
        BotOption("catch", bool, True, "catches a player who did not call"),
        BotOption("jump_in", bool, True, "jumps in when the rules allow"),
    )

    def __init__(
        self,
        seed: int,
        *,
        bluff: bool = False,
        challenge: bool = False,
        stack: bool = True,
        call_uno: bool = True,
        catch: bool = True,
        jump_in: bool = True,
    ) -> None:
        self.seed = seed
        self.bluff = bluff
        self.challenge = challenge
        self.stack = stack
        self.call_uno = call_uno
        self.catch = catch
        self.jump_in = jump_in
        self._rng = BotRng(seed)

    def __repr__(self) -> str:
        return (
            f"GreedyBot(seed={self.seed}, bluff={self.bluff}, challenge={self.challenge}, "
            f"stack={self.stack}, call_uno={self.call_uno}, catch={self.catch}, "
            f"jump_in={self.jump_in})"
        )

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        if not legal:
            raise ValueError("GreedyBot was offered no legal action")
        plays: list[Action] = []
        draw = keep = accept = challenge = decline = None
        colors: list[Action] = []
        discards: list[Action] = []
        gifts: list[Action] = []
        leads: list[Action] = []
        blocks: list[Action] = []
        for action in legal:
            kind = action.kind
            if kind is ActionKind.PLAY:
                plays.append(action)
            elif kind is ActionKind.DISCARD:
                discards.append(action)
            elif kind is ActionKind.GIVE:
                gifts.append(action)
            elif kind is ActionKind.LEAD:
                leads.append(action)
            elif kind is ActionKind.BLOCK:
                blocks.append(action)
            elif kind is ActionKind.DECLINE:
                decline = action
            elif kind is ActionKind.UNO:
                if self.call_uno:
                    return action
            elif kind is ActionKind.CATCH:
                if self.catch:
                    return action
            elif kind is ActionKind.DRAW:
                draw = action
            elif kind is ActionKind.KEEP:
                keep = action
            elif kind is ActionKind.ACCEPT:
                accept = action
            elif kind is ActionKind.CHALLENGE:
                challenge = action
            elif kind is ActionKind.COLOR:
                colors.append(action)
        if may_pass:  # an out-of-turn offer: only jump-ins are left to decide
            if plays and self.jump_in:
                return self._best_play(view, plays)
            return None
        if view.phase is Phase.AWAIT_PIRATE and view.to_act == view.seat:
            return window_answer(legal, visible_cheat(view))
        if view.rules.pirate:  # every card is on offer: only the matching ones are plays
            plays = honest_actions(view, plays)
        if decline is not None:  # a discard round asks this seat
            return self._discard(discards, decline)
        if gifts:  # a Mambo's gift (§7.11.7)
            return self._gift(gifts)
        if leads:  # a Mambo's lead: any card, no bluff to avoid
            return self._best_play(view, leads)
        if colors:  # a first Wild: name a colour
            favourite = self._favourite(color_counts(view.hand or ()))
            return next((a for a in colors if a.color is favourite), colors[0])
        if accept is not None:  # a pending draw: stack, block, challenge or accept
            if plays and self.stack:
                return self._best_play(view, plays)
            if blocks:
                return self._block(view, blocks)
            if challenge is not None and self.challenge:
                return challenge
            return accept
        if blocks:  # an effect aimed at the Invisibility's holder (§7.11.3)
            return self._block(view, blocks)
        if not self.bluff:
            plays = [a for a in plays if is_honest_wd4(view, a)]
        if plays:
            return self._best_play(view, plays)
        if keep is not None:
            return keep
        if draw is not None:
            return draw
        return legal[0]  # only declined side actions (uno, catch) were on offer

    def _best_play(self, view: PlayerView, plays: Sequence[Action]) -> Action:
        """The highest-value card, then its colour, target and Uno call by habit."""
        top_points = max(a.card.points for a in plays if a.card is not None)
        best_cards = sorted(
            {a.card for a in plays if a.card is not None and a.card.points == top_points},
            key=lambda c: c.sort_key,
        )
        card = best_cards[0]
        if len(best_cards) > 1:
            card = best_cards[self._rng.below(len(best_cards))]
        variants = play_variants(plays, card, uno=self.call_uno)
        hand = list(view.hand or ())
        if card in hand:
            hand.remove(card)
        if card.is_wild:
            favourite = self._favourite(color_counts(hand))
            variants = [a for a in variants if a.color is favourite] or variants
        if any(a.targets for a in variants):  # a Joker: the first seat set, three cards each
            first = variants[0].targets
            top = max(a.count for a in variants)
            return next(a for a in variants if a.targets == first and a.count == top)
        if any(a.target is not None for a in variants):
            order = seats_by_proximity(view)
            sizes = view.hand_sizes
            targets = [t for t in order if any(a.target == t for a in variants)]
            if targets:
                target = min(targets, key=lambda t: (sizes[t], targets.index(t)))
                optional = view.rules.pirate and any(a.target is None for a in variants)
                if optional and sizes[target] >= len(hand):  # §7.6.1: swapping would not help
                    return next(a for a in variants if a.target is None)
                variants = [a for a in variants if a.target == target] or variants
        return variants[0]

    def _discard(self, discards: Sequence[Action], decline: Action) -> Action:
        """The highest-value coloured card, in its habitual Uno form; `decline` without one."""
        colored = {a.card for a in discards if a.card is not None and not a.card.is_wild}
        if not colored:
            return decline
        top_points = max(card.points for card in colored)
        best = sorted((c for c in colored if c.points == top_points), key=lambda c: c.sort_key)
        card = best[0] if len(best) == 1 else best[self._rng.below(len(best))]
        return play_variants(discards, card, uno=self.call_uno)[0]

    def _block(self, view: PlayerView, blocks: Sequence[Action]) -> Action:
        """A block naming its favourite colour, in its habitual Uno form."""
        rest = [card for card in view.hand or () if card.kind is not Kind.WILD_INVISIBILITY]
        favourite = self._favourite(color_counts(rest))
        forms = [a for a in blocks if a.uno is self.call_uno] or list(blocks)
        return next((a for a in forms if a.color is favourite), forms[0])

    def _gift(self, gifts: Sequence[Action]) -> Action:
        """A Mambo's gift: its highest-value card, wilds included (ties: the generator)."""
        cards = sorted({a.card for a in gifts if a.card is not None}, key=lambda c: c.sort_key)
        top_points = max(card.points for card in cards)
        best = [card for card in cards if card.points == top_points]
        card = best[0] if len(best) == 1 else best[self._rng.below(len(best))]
        return next(a for a in gifts if a.card is card)

    def _favourite(self, counts: dict[Color, int]) -> Color:
        """The colour with the highest count; ties broken by the generator."""
        most = max(counts.values())
        tied = [c for c in COLORS if counts[c] == most]
        return tied[0] if len(tied) == 1 else tied[self._rng.below(len(tied))]


# -- helpers shared with the heuristic bot ------------------------------------------------------


def color_counts(cards: Iterable[Card]) -> dict[Color, int]:
    """How many cards of each colour (wilds count for none)."""
    counts = dict.fromkeys(COLORS, 0)
    for card in cards:
        if card.color is not None:
            counts[card.color] += 1
    return counts


def is_honest_wd4(view: PlayerView, action: Action) -> bool:
    """False only for a WD4 play that would be a bluff: the rest of the hand holds a card of the
    current colour (§3.3.1). Every other action is True."""
    card = action.card
    if card is None or card.kind is not Kind.WILD_DRAW_FOUR:
        return True
    hand = list(view.hand or ())
    if card in hand:
        hand.remove(card)
    # No current colour (a first Wild not yet named) means no play is on offer to judge.
    return view.color is None or is_wd4_legal(hand, view.color)


def play_variants(plays: Iterable[Action], card: Card, *, uno: bool = True) -> list[Action]:
    """The plays (or a discard round's discards) of `card`, in the preferred Uno form: with the
    call when `uno` and both forms are on offer, without it otherwise."""
    own = [a for a in plays if a.card is card]
    preferred = [a for a in own if a.uno is uno]
    return preferred or own


def least_wanted_card(hand: Sequence[Card]) -> Card | None:
    """The card a discard round (§7.11.4) should take from `hand`: the one least worth keeping,
    or None when `hand` holds a single card (which may not be discarded) or none.

    Shedding a card is always a gain there (one card fewer, no effect on anyone), so there is
    always a card to give up while two are held. Never a wild while a coloured card is held
    (a wild can always be played, a coloured card only on its colour or symbol); among the
    coloured cards, one of the colour held fewest of (the hardest to follow), the higher points
    first (fewer points left to score against it), then the first in hand order. Holding only
    wilds, it gives up one of those, keeping a Wild Draw Four longest and a plain Wild next
    (the special wilds of the 2018 deck are the weakest to play; any kept wild is still a last
    card that can always be played).

    >>> from lastcard.core import Card
    >>> least_wanted_card([Card.from_code(c) for c in "W R9 B1 B2".split()]).code
    'R9'
    """
    if len(hand) < 2:
        return None
    counts = color_counts(hand)
    colored = [
        (counts[card.color], -card.points, i)
        for i, card in enumerate(hand)
        if card.color is not None
    ]
    if colored:
        return hand[min(colored)[2]]
    return min(
        hand,
        key=lambda c: (c.kind is Kind.WILD_DRAW_FOUR, c.kind is Kind.WILD, -c.points),
    )


def next_active(view: PlayerView, seat: int, direction: int | None = None) -> int:
    """The next active seat after `seat` in `direction` (default: the current one), as `view`
    shows the table (`lastcard.core.seats.next_active`)."""
    return next_active_seat(view.active, seat, view.direction if direction is None else direction)


def seats_by_proximity(view: PlayerView) -> list[int]:
    """The other active seats in turn order, starting with the next one."""
    me = view.seat if view.seat is not None else 0
    return turn_order(view.active, me, view.direction)[1:]
