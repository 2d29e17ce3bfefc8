"""The terms a `HeuristicBot` scores its plays with: what harming a seat, an exchange of
hands, leaving a colour and naming one are worth to it, read against its memory."""

from __future__ import annotations

from lastcard.core import Card, Color, PlayerView
from lastcard.core.cards import COLORS

from .heuristic_memory import HeuristicMemory
from .heuristic_weights import (
    DENY,
    DRAWN_CARD,
    SKIP_THREAT,
    THREAT_WEIGHT,
    follow_value,
    threat_of,
)


class ScoringTerms(HeuristicMemory):
    """The scoring terms of `HeuristicBot`, over its memory (`HeuristicMemory`)."""

    def _whole_hand(self, view: PlayerView, seat: int) -> list[Card] | None:
        """Every card `seat` holds, when this seat knows them all (open hands, or a hand
        shown and followed since), else None."""
        if self._open is not None and 0 <= seat < len(self._open):
            return list(self._open[seat])
        known = self._known.get(seat)
        if known and sum(known.values()) == view.hand_sizes[seat]:
            return list(known.elements())
        return None

    def _exchange(self, view: PlayerView, mine: int, other: int, given: int, got: int) -> float:
        """What a hand exchange is worth: this seat goes from `mine` cards to `got`, and `other`
        from its hand to `given` cards (a Seven-O 7 or 0, a swapping wild)."""
        value = self._own_value(mine) - self._own_value(got)
        if other == self._me or not view.active[other]:
            return value
        before = threat_of(view.hand_sizes[other])
        change = THREAT_WEIGHT * (before - threat_of(given))
        return value + (-change if other in self._teammates else change)

    @staticmethod
    def _own_value(cards: int) -> float:
        """How bad holding `cards` cards is, in cards: one more per card, and more for leaving
        the last few (going down to one card is worth more than one card)."""
        return cards - THREAT_WEIGHT * threat_of(cards)

    def _harm(self, view: PlayerView, seat: int, draws: int, *, skip: bool) -> float:
        """What making `seat` draw `draws` cards, and lose its turn if `skip`, is worth to this
        seat, in cards: each card and turn shared among the opponents (all of it heads-up), plus
        what it takes from a hand close to going out. Negative for a partner."""
        if seat == self._me or not view.active[seat]:
            return 0.0
        size = view.hand_sizes[seat]
        others = sum(view.active) - 1
        value = (draws * DRAWN_CARD + (1.0 if skip else 0.0)) / max(others, 1)
        value += THREAT_WEIGHT * (threat_of(size) - threat_of(size + draws))
        if skip:
            value += SKIP_THREAT * THREAT_WEIGHT * threat_of(size)
        return -value if seat in self._teammates else value

    def _denial(self, seat: int, color: Color) -> float:
        """What leaving `color` to `seat` is worth: more the likelier it is to lack it."""
        return DENY * self._lacks(seat, color)

    def _color_for(self, view: PlayerView, rest: list[Card], victim: int | None) -> Color:
        """The colour to name: the one it holds most of, or one `victim` lacks."""
        best = COLORS[0]
        best_score = -1.0
        for color in COLORS:
            score = follow_value(rest, color, None)
            if victim is not None:
                score += self._denial(victim, color)
            if score > best_score:
                best, best_score = color, score
        return best
