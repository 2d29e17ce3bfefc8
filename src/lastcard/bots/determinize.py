"""Sampling the hidden cards: a full `GameState` consistent with what one seat knows.

A search bot sees a `PlayerView`, never a `GameState` (DESIGN.md §5). To search it needs states,
so it *determinizes*: it deals the cards it cannot see at random, consistently with everything
it can see, and searches over many such samples (information-set Monte-Carlo tree search,
`lastcard.bots.ismcts`). The true state is never consulted: a sample is built from the view and
from what the seat observed.

What a sample keeps exactly (everything public, plus the seat's own hand):

- the seat's own hand, the whole discard pile, every hand size, the stock size, the colour, the
  direction, turn / to_act / phase, the pending draw, the seat's own drawn card, who is exposed
  and who is no longer catchable, the top card's player, the passes, who is active, the scores,
  the first discard, the winners, the history, the dealer and the hand number;
- cards the seat *knows* another hand holds (`Knowledge`, fed by the events the bot observes):
  a hand revealed to it by a challenge it made or by a public reveal, and the cards it passed to
  another hand in a swap or a rotation. They are a lower bound (a multiset the hand contains),
  updated as those seats play or discard (a discard round's card, §7.11.4, leaves its seat's
  hand face up for the discard pile, beneath the top card: public, like a play, so it is
  neither unseen nor in that hand any more).

The theme-pack cards (§7.11) add to what it knows: a Howler's public reveal and a Travel's
private view (the player of the Travel alone is told the cards) fix the whole hand as it was
then; a Friendship's swap is a swap, so what was known of each hand moves with it (and the
player knows exactly what it gave); a Mambo's gift (the giver alone is told the card) is a card
its receiver is known to hold, while a gift nobody else saw leaves the giver surely holding one
copy fewer of each card known of it (`lastcard.bots.themes.after_unseen_loss`); a Care-a-lot
discard is a public discard. A sample during a Mambo's gifts (phase `await_gift`) sends the
next gift where the events say it goes (`Knowledge.gift_after`). The Invisibility card (§7.11.3)
shows itself: a block plays it, and a seat asked to block, or letting an effect through, holds
it; a sample in which a block is asked rebuilds what waits from the card on top (its player's
effect on the seat asked; a Joker as `lastcard.bots.pirate` guesses its seats).

The rest is sampled: the unseen cards (`rules.deck_cards()` minus the own hand, the discard pile
and the known cards) are shuffled with the caller's `random.Random` and dealt to the other hands
by their sizes; what is left is the stock, in random order. The generator inside the sample is a
fresh `RngState("fast", ...)` drawn from the same `random.Random`, so later reshuffles are
sampled too.

Two kinds of *soft* evidence shape the samples (both can be switched off):

- **Voids** (`Knowledge.voids`): a seat that drew at the start of its turn, or passed, is taken
  to have held no card it could play then (true for players who draw only when they must; with
  voluntary draws a player may draw anyway, so this is a belief, not a fact). Of the cards it
  holds now, at most as many can match that top card and colour as it has received since. The
  deal honours these bounds when the unseen cards allow it.
- **Honest Wild Draw Fours** (`bluff_odds`): a player is assumed to play a Wild Draw Four while
  holding the colour it is judged against `bluff_odds` times as often as without (1: no
  assumption). A sample in which a pending WD4 is a bluff is kept with that probability, else
  dealt again (up to a few times), so the samples follow the posterior.

A pending Wild Draw Four challenge is rebuilt from the sampled hand of its player: `legal` is
judged against the colour the view says it is judged against (`view.challenge_color`). For the
seat's own Wild Draw Four the bot knows the answer (`Knowledge.wd4_legal`).

**Open hands** (Pirate rules, §7.6.2: `view.open_hands`). Every hand is on the table, so nothing
of them is sampled: a sample holds exactly the open hands, and only the order of the stock (the
unseen cards) is random; known cards and voids have nothing left to add. An open Pirate window
(§7.6.4) is rebuilt as the seat believes it (`lastcard.bots.pirate.PirateWatch.pending`, fed by
`Knowledge.pirate`): the cheat flag when the seat can tell, else fair (the likely case), and the
colour, the previous top card's player, the target and the Uno call of the play. Another seat's
drawn card (its after-draw phase) is the card the watch saw come into its hand, else a card of
that hand that matches.

Its parts: `knowledge` (what the seat knows, and which cards it has not seen) and `sampler`
(`Sampler`, the dealing of the hidden hands).
"""

from __future__ import annotations

import random

from lastcard.core import GameState, PlayerView

from .knowledge import DeterminizationError, Knowledge, Void, unseen_cards
from .sampler import Sampler

__all__ = ["DeterminizationError", "Knowledge", "Sampler", "Void", "determinize", "unseen_cards"]


def determinize(
    view: PlayerView,
    rng: random.Random,
    knowledge: Knowledge | None = None,
    *,
    voids: bool = True,
    bluff_odds: float = 1.0,
) -> GameState:
    """A `GameState` consistent with `view` and `knowledge`, sampled with `rng`.

    Known cards that no longer fit (more than the hand holds, or cards that are not unseen) are
    dropped for that seat rather than trusted; void bounds that the unseen cards cannot honour
    are relaxed. `voids=False` ignores the voids; `bluff_odds` is described in the module
    docstring (1.0: samples uniform over the hands consistent with the facts).
    """
    return Sampler(view, knowledge, voids=voids, bluff_odds=bluff_odds).state(rng)
