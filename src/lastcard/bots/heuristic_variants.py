"""`HeuristicBot`'s play under the house rules that add decisions of their own: its
answers to a discard round, a Pirate window and an aimed Invisibility, and what a Mambo, a
Friendship, a Care-a-lot's round and a cheat are worth to it. The core scoring that calls on
these is `CoreScoring._score` (`lastcard.bots.heuristic_scoring`).

- **Discard round** (§7.11.4, the 2018 deck's `WC` with `all_discard_one`): it always discards
  while it may (a card shed there costs nothing and helps nobody), giving up the card it least
  wants to keep (`HeuristicBot.discard`): never a wild while it holds a coloured card, else one
  of the colour it holds fewest of, the higher points first; and it calls Uno with a discard
  that leaves it one card.
- **Pirate** (§7.6; what a seat can tell is `lastcard.bots.pirate`):
  - *Calls a cheat only when certain*: the card on top could not have matched the one beneath
    it with the colour it had to match, or (after a draw) it is not the drawn card, which it
    knows when it saw the player's whole hand before the draw (hands are open). Otherwise it
    passes: a false call costs cards, and a matching card played after a draw is almost surely
    the drawn one (after a forced draw no other card matched). It never calls a partner.
  - *Cheats when the odds favour it*: a cheat is scored as a gamble, like a bluff: its worth if
    it stands (going out counts `OUT_VALUE` cards), against being caught (the card back and
    two more: `CHEAT_CAUGHT`), at the chance that at least one opponent calls it, less a
    margin. Each opponent's chance to call a cheat is what it was seen to do with the cheats
    this seat knew of (its own, those it could prove, those called), from a prior of 90% worth
    four cheats seen; a cheat that matches (another card than the drawn one) is called half as
    often (only a seat that follows the hands can prove it). So it cheats against players who
    let cheats pass, and practically never against players who call what they see (then only
    when every honest choice is worse still: no card to draw and only a ruinous 0 or 7 to play).
    These Pirate terms were set by reasoning and checked on a few thousand hands, not tuned.
  - *Uses the open hands*: it knows which colours a seat lacks (exactly, not from its draws),
    whether a Wild Draw Four was a bluff (so it challenges exactly the bluffs), and that a bluff
    of its own would be seen (it is called as often as that seat calls cheats). A 7 may swap
    nothing: it swaps only with a hand it gains from (the smallest, smaller than its own after
    the play) and otherwise keeps its hand; a 0 passes every hand to the left.

- **Theme cards** (§7.11; the shared choices are in `lastcard.bots.themes`):
  - *Draw Three*: a Draw Two that draws three (an attack on the next player, stacked first
    like a Draw Two).
  - *Howler and Travel*: wilds that name a seat; it names the opponent with the fewest cards
    (what the leader holds is the most useful thing to know), and remembers the hand shown
    (to everyone, or to itself alone).
  - *Friendship*: it swaps into the smallest other hand, and only when that hand is smaller
    than its own after the play: otherwise the swap is scored below a draw, so it keeps the
    card. A swap is worth the cards it gains and the closeness to going out it gives away (as
    a 7's); the colour it names suits the hand it gets when it knows that hand (a Howler or a
    Travel showed it), else the one the next player is known to lack.
  - *Joker*: three cards each for the (up to three) opponents closest to going out (fewest
    cards), worth what those draws take from them (a partner is named only when no opponent
    is left).
  - *Mambo*: a wild it keeps for the end: played with at most one card more than there are
    other players, its gifts and lead empty the hand, a sure win; otherwise it is worth the
    cards it sheds (the gifts and the lead) and the cards it hands out, against the usual
    penalty for a wild played while a coloured card would do. Its gifts are its worst cards
    (`HeuristicBot.gift`: never a wild while another card will do, the colour it holds fewest
    of, the higher points first), keeping the card it means to lead; the lead is chosen as a
    play on which anything may be played (a Skip or Draw card aimed at the next player, a
    card of its longest colour; never a wild while a coloured card does as well), and a Wild
    Draw Four lead is never a bluff.
  - *Care-a-lot*: worth the card it sheds itself in the round against the card each other
    seat sheds (a large cost when an opponent is down to two or three cards); its discards
    are a discard round's (above).
  - *Invisibility* (its block): it blocks what costs it cards or a turn and a swap into a hand
    no smaller than its own, and lets a reveal, a view or a gainful swap happen
    (`lastcard.bots.themes.wants_block`), naming its favourite colour; a pending draw it
    stacks if it can, else blocks (a challenge that looks very likely to succeed first).
"""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import Action, Card, Color, Kind, PlayerView
from lastcard.core.matching import matches
from lastcard.core.seats import turn_order

from .greedy import least_wanted_card, next_active, play_variants
from .heuristic_terms import ScoringTerms
from .heuristic_weights import HARMFUL_SWAP, HIDDEN_CALL, follow_value, own_seat, targets_of
from .themes import pending_effect, wants_block


class VariantPlay(ScoringTerms):
    """The variant-specific decisions and values of `HeuristicBot` (see the module docstring)."""

    def calls_cheat(self, view: PlayerView) -> bool:
        """Its answer to a Pirate window (§7.6.4): call only a cheat it can prove
        (`PirateWatch.judge`), and never a partner's."""
        certain = self._watch.judge(view)
        return certain is True and view.turn not in self._teammates

    @staticmethod
    def discard(view: PlayerView, discards: Sequence[Action], decline: Action) -> Action:
        """Its answer to a discard round (§7.11.4): the card it least wants to keep
        (`lastcard.bots.greedy.least_wanted_card`), with the Uno call when that leaves one card.

        Shedding a card there is always a gain: one card fewer towards going out (and fewer
        points left in hand), with no effect that could help anyone. So it declines only when
        no discard is on offer (a single card left, which the round never takes). A wild goes
        only when it holds nothing else: a wild can always be played, a coloured card only on
        its colour or symbol, and the colour it holds fewest of is the hardest to follow; among
        equals the costlier card goes first.
        """
        offered = [a.card for a in discards if a.card is not None]
        card = least_wanted_card([c for c in view.hand or () if c in offered])
        if card is None:
            return discards[0] if discards else decline
        return play_variants(discards, card, uno=True)[0]

    def blocks(self, view: PlayerView) -> bool:
        """Whether to block the effect it is asked about (`lastcard.bots.themes.wants_block`,
        the effect read from the card on top)."""
        effect = pending_effect(view.rules, view.top)
        return wants_block(effect, len(view.hand or ()), view.hand_sizes[view.turn])

    def _block(self, view: PlayerView, blocks: Sequence[Action]) -> Action:
        """A block naming its favourite colour for what it keeps (the call when it leaves one
        card)."""
        rest = [card for card in view.hand or () if card.kind is not Kind.WILD_INVISIBILITY]
        color = self._color_for(view, rest, next_active(view, own_seat(view)))
        forms = [a for a in blocks if a.uno] or list(blocks)
        return next((a for a in forms if a.color is color), forms[0])

    def _mambo_value(self, view: PlayerView, kept: int, me: int) -> float:
        """What a Mambo that does not empty the hand is worth beyond shedding itself: the
        cards its gifts and lead shed (a gift to each other seat in turn order while two cards
        are held, then the lead), and what each gift does to its receiver (a card drawn)."""
        receivers = turn_order(view.active, me, view.direction)[1:]
        gifts = receivers[: max(0, kept - 1)]
        value = float(len(gifts) + 1)  # the gifts and the lead, each a card shed
        for seat in gifts:
            value += self._harm(view, seat, 1, skip=False)
        return value

    def _swap_wild(
        self,
        view: PlayerView,
        rest: list[Card],
        variants: list[Action],
        me: int,
        nxt: int,
        score: float,
    ) -> tuple[float, Action]:
        """A Friendship (or a wild that swaps hands): the best seat to swap with and the
        colour to name. A swap into a hand no smaller than its own after the play is scored
        `HARMFUL_SWAP` lower, below a draw. The colour suits the hand it gets when it knows
        that hand, else it is the one the next player is known to lack."""
        sizes = view.hand_sizes
        best: tuple[tuple[float, int, int], int, Color, float] | None = None
        for target in targets_of(variants):
            value = self._exchange(view, len(rest), target, len(rest), sizes[target])
            got = self._whole_hand(view, target)
            color = self._color_for(view, got or [], nxt)
            value += follow_value(got, color, None) if got else 0.0
            value += self._denial(nxt, color)
            key = (value, -sizes[target], -((target - me) % view.players))
            if best is None or key > best[0]:
                best = (key, target, color, value)
        if best is None:  # a last card names no seat: it goes out (scored before this)
            return score, variants[0]
        _, target, color, value = best
        score += value
        if sizes[target] >= len(rest):
            score += HARMFUL_SWAP
        chosen = [a for a in variants if a.target == target]
        return score, next((a for a in chosen if a.color is color), chosen[0])

    def _discard_round_value(self, view: PlayerView, kept: int) -> float:
        """What a Care-a-lot's discard round is worth (§7.11.4): the card it sheds itself
        (while it keeps two or more), against the card each other seat holding two or more
        sheds (`_harm` of a card drawn back: a gift to a partner)."""
        value = 0.0
        if kept >= 2:
            value += self._own_value(kept) - self._own_value(kept - 1)
        me = own_seat(view)
        for seat in range(view.players):
            if seat != me and view.active[seat] and view.hand_sizes[seat] >= 2:
                value += self._harm(view, seat, -1, skip=False)
        return value

    def _cheat_called_chance(self, view: PlayerView, card: Card) -> float:
        """The chance that a cheat with `card` is called: every other active seat is asked in
        turn until one calls; a partner is taken never to call. A card that matches (played
        after a draw instead of the drawn card) is proved only by a seat that followed the
        hands, so it is called `HIDDEN_CALL` times as often."""
        assert view.color is not None
        hidden = matches(card, view.top, view.color)
        share = HIDDEN_CALL if hidden else 1.0
        me = own_seat(view)
        passes = 1.0
        for seat in range(view.players):
            if seat != me and view.active[seat] and seat not in self._teammates:
                passes *= 1.0 - share * self._call_rate(seat)
        return 1.0 - passes
