"""`CoreScoring`: `HeuristicBot`'s one-step evaluation of its plays, the part every game uses:
each card scored by the cards it sheds and the follow-ups it keeps, the turn and cards it
takes from its victim, the colour it leaves, its points, and a bluff or a cheat as a gamble.
The cards house rules add are valued by `VariantPlay` (`heuristic_variants`), which it builds on.
"""

from __future__ import annotations

from lastcard.core import Action, ActionKind, Card, Color, Kind, PlayerView
from lastcard.core.facts import EffectKind, rule_facts

from .greedy import is_honest_wd4, next_active, play_variants
from .heuristic_variants import VariantPlay
from .heuristic_weights import (
    ATTACKS,
    CAUGHT,
    CHEAT_CAUGHT,
    CHEAT_MARGIN,
    DRAW_SCORE,
    HOLD_WILD,
    HOLD_WILD_URGENT,
    OUT_VALUE,
    THREAT_WEIGHT,
    WIN,
    distinct_cards,
    follow_value,
    own_seat,
    points_weight,
    targets_of,
    threat_of,
)
from .pirate import is_cheat
from .themes import aimed_joker, mambo_goes_out


class CoreScoring(VariantPlay):
    """The scoring of plays of `HeuristicBot` (see the module docstring)."""

    hold_wilds: bool  # an option of `HeuristicBot`: keep wilds while a coloured card will do

    def _best(
        self, view: PlayerView, plays: list[Action], *, in_turn: bool
    ) -> tuple[Action, float]:
        """The best play and its score (relative to an ordinary play)."""
        hand = list(view.hand or ())
        me = own_seat(view)
        sizes, active = view.hand_sizes, view.active
        mates = self._teammates
        opponents = [s for s in range(view.players) if s != me and active[s] and s not in mates]
        urgent = any(sizes[s] <= 2 for s in opponents)
        nxt = next_active(view, me)
        two_players = sum(active) == 2
        pirate = view.rules.pirate
        scored: list[tuple[Card, Action, float, bool]] = []
        for card in distinct_cards(plays):
            rest = list(hand)
            if card in rest:
                rest.remove(card)
            variants = play_variants(plays, card)
            cheat = pirate and is_cheat(view, variants[0])
            if not cheat and (
                not rest
                or (card.kind is Kind.WILD_MAMBO and mambo_goes_out(len(rest), sum(active) - 1))
            ):
                return variants[0], WIN  # out now, or after a Mambo's gifts and lead
            if rest:
                score, action = self._score(
                    view, card, rest, variants, me, nxt, opponents, urgent, two_players
                )
            else:
                score, action = OUT_VALUE, variants[0]
            lead = action.kind is ActionKind.LEAD  # a Wild Draw Four lead is never a bluff
            if card.kind is Kind.WILD_DRAW_FOUR and not lead and not is_honest_wd4(view, action):
                # Under open hands the victim sees the bluff: it challenges as it calls cheats.
                caught = (
                    self._call_rate(nxt) if self._open is not None else self._challenge_rate(nxt)
                )
                score = (1.0 - caught) * score - caught * CAUGHT
            if cheat:
                caught = self._cheat_called_chance(view, card)
                score = (1.0 - caught) * score + caught * CHEAT_CAUGHT - CHEAT_MARGIN
            scored.append((card, action, score, cheat))
        # A wild is kept while a coloured card would do (one at least as good as a draw).
        colored = max(
            (score for card, _, score, cheat in scored if not card.is_wild and not cheat),
            default=None,
        )
        hold = in_turn and self.hold_wilds and colored is not None and colored >= DRAW_SCORE
        best: tuple[Action, float] | None = None
        for card, action, score, _ in scored:
            if hold and card.is_wild:
                score -= HOLD_WILD_URGENT if urgent else HOLD_WILD
            if best is None or score > best[1]:
                best = (action, score)
        assert best is not None
        return best

    def _score(
        self,
        view: PlayerView,
        card: Card,
        rest: list[Card],
        variants: list[Action],
        me: int,
        nxt: int,
        opponents: list[int],
        urgent: bool,
        two_players: bool,
    ) -> tuple[float, Action]:
        sizes = view.hand_sizes
        kind = card.kind
        facts = rule_facts(view.rules)
        effect = facts.card_effect(card).kind
        score = card.points * points_weight(view.rules, urgent)
        if effect is EffectKind.MAMBO:
            return score + self._mambo_value(view, len(rest), me), variants[0]
        if effect is EffectKind.SWAP_HANDS and card.is_wild:
            return self._swap_wild(view, rest, variants, me, nxt, score)
        if effect is EffectKind.CHOSEN_DRAWS:  # a Joker: its strongest form
            direction = view.direction
            variants = aimed_joker(variants, sizes, me, direction, avoid=self._teammates)
            count = variants[0].count
            for seat in variants[0].targets:
                score += self._harm(view, seat, count, skip=False)
        elif effect is EffectKind.ALL_DISCARD_ONE:
            score += self._discard_round_value(view, len(rest))
        # Who plays next after this card: skipped over by an attack, reversed by a Reverse.
        after = nxt
        skips = kind in ATTACKS or (
            kind is Kind.REVERSE and two_players and facts.reverse_skips_with_two
        )
        if skips:
            score += self._harm(view, nxt, card.draw_count, skip=True)
            after = next_active(view, nxt)
        elif kind is Kind.REVERSE:
            back = next_active(view, me, -view.direction)
            score += self._harm(view, nxt, 0, skip=True) - self._harm(view, back, 0, skip=True)
            after = back
        elif kind in (Kind.WILD_DOWNPOUR_1, Kind.WILD_DOWNPOUR_2):
            for seat in range(view.players):
                score += self._harm(view, seat, card.draw_count, skip=False)
        # The colour it leaves, and for a 7 or a swapping wild, the seat it names.
        color: Color | None = card.color
        if color is None:
            color = self._color_for(view, rest, after)
            variants = [a for a in variants if a.color is color] or variants
        score += follow_value(rest, color, card)
        score += self._denial(after, color)
        targets = targets_of(variants)
        if targets:
            swaps = effect is EffectKind.SWAP_HANDS
            target, gain = max(
                (
                    (t, self._exchange(view, len(rest), t, len(rest), sizes[t]) if swaps else 0.0)
                    for t in targets
                ),
                key=lambda pair: (
                    pair[1],
                    swaps or pair[0] not in self._teammates,  # a reveal tells of an opponent
                    -sizes[pair[0]],
                    -((pair[0] - me) % view.players),
                ),
            )
            if gain <= 0.0 and any(a.target is None for a in variants):
                variants = [a for a in variants if a.target is None]  # §7.6.1: swap nothing
            else:
                variants = [a for a in variants if a.target == target]
                score += gain
        elif effect is EffectKind.ROTATE_HANDS:
            # Hands pass along the direction; Pirate's 0 always to the left (§7.6.1).
            flow = 1 if view.rules.pirate else view.direction
            giver = next_active(view, me, -flow)
            taker = next_active(view, me, flow)
            score += self._exchange(view, len(rest), taker, len(rest), sizes[giver])
        elif kind is Kind.WILD_SHUFFLE_HANDS:
            seats = [s for s in range(view.players) if view.active[s]]
            average = (sum(sizes[s] for s in seats) - 1) / len(seats)
            score += self._own_value(len(rest)) - self._own_value(round(average))
            for seat in opponents:
                score += THREAT_WEIGHT * (threat_of(sizes[seat]) - threat_of(round(average)))
        return score, variants[0]
