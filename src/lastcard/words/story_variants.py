"""The story of the variants: Pirate's cheats and calls (§7.6), the theme cards' reveals,
looks, gifts, leads and blocks (§7.11), and discard rounds (§7.11.4, §7.10.2)."""

from __future__ import annotations

from rich.text import Text

from lastcard.core import Card, EffectKind, Event, EventType, Kind, rule_facts

from .story_base import StoryBase, _letter

_WILD_CUSTOMIZABLE = Card.from_code("WC")
_CARE_A_LOT = Card.from_code("WCA")
# The cards that open a discard round (§7.11.4), by the name the round is told with.
_DISCARD_ROUND_CARDS = {Kind.WILD_CARE_A_LOT: "Care-a-lot"}


class VariantStory(StoryBase):
    """One method per event of Pirate, the theme cards and discard rounds."""

    def _reveal(self, e: Event) -> list[Text]:
        """§7.11.2 (a Howler), §7.10.2 (a revealing Wild Customizable): shown to everyone."""
        seat = e.seat
        return [
            self._line(
                self._possessive(seat), " hand is revealed: ", self._cards(e.cards or (), sort=True)
            )
        ]

    def _travel(self, e: Event) -> list[Text]:
        """§7.11.8: the hand is shown to the player of the Travel alone; the others hear that
        it was seen."""
        seat, target = e.seat, e.target
        assert target is not None  # a travel always names the seat looked at
        whose = Text("your", style="bold") if target == self.you else self.seat(target) + "'s"
        cards = e.cards
        if cards is None:
            return [self._line(self.seat(seat), " looked at ", whose, " hand.")]
        if seat == self.you:
            return [self._line(self._possessive(target), " hand: ", self._cards(cards, sort=True))]
        # A full log (`lastcard watch`): the cards, and who saw them.
        return [
            self._line(
                self.seat(seat), " looked at ", whose, " hand: ", self._cards(cards, sort=True)
            )
        ]

    def _gift(self, e: Event) -> list[Text]:
        """§7.11.7: a Mambo's gift. The card is told to its giver; the receiver finds it in
        their hand, and the others know only that a card changed hands."""
        seat, target = e.seat, e.target
        assert target is not None  # a gift always names its receiver
        self.sizes[seat] -= 1
        self.sizes[target] += 1
        given = e.given
        gives = self._verb(seat, " gives ", " give ")
        if given is not None:
            card = self._card(given.code, None)
            return [self._line(self.seat(seat), gives, card, " to ", self._object(target), ".")]
        return [self._line(self.seat(seat), gives, self._object(target), " a card.")]

    def _lead(self, e: Event) -> list[Text]:
        """§7.11.7: after its gifts a Mambo's player leads any card; the play follows."""
        seat = e.seat
        whose = self._verb(seat, "their", "your")
        leads = self._verb(seat, " leads", " lead")
        return [
            self._line(
                self.seat(seat), leads, f" a card of {whose} choice (Mambo), which need not match."
            )
        ]

    def _block(self, e: Event) -> list[Text]:
        """§7.11.3: the Invisibility card goes on the pile and the effect on its holder is off."""
        seat = e.seat
        self.sizes[seat] -= 1
        parts: list[str | Text] = [
            self.seat(seat),
            self._verb(seat, " blocks", " block"),
            " it with ",
            self._card(Card(Kind.WILD_INVISIBILITY).code, _letter(e.color)),
        ]
        if self.sizes[seat] > 0:
            parts.append(f" ({self._left(seat)})")
        if e.uno:
            parts.append(Text(self._verb(seat, " and calls Uno!", " and call Uno!"), style="bold"))
        else:
            parts.append(".")
        return [self._line(*parts)]

    def _allow(self, e: Event) -> list[Text]:
        """§7.11.3: the holder of the Invisibility card lets the effect apply."""
        allows = self._verb(e.seat, " lets", " let")
        return [self._line(self.seat(e.seat), allows, " it happen.")]

    def _pirate_window(self, e: Event) -> list[Text]:
        """§7.6.4: the play waits. Its player alone (and a full log) knows whether it cheats."""
        seat = e.seat
        card = self._played
        shown = self._card(card.code, None) if card is not None else Text("the card")
        if e.cheat is None:
            return [self._line(self._possessive(seat), " play waits: anyone may call a cheat.")]
        if not e.cheat:
            return [self._line(self._possessive(seat), " play waits: it is fair.")]
        why = " is not a matching card just drawn" if self._after_draw else " does not match"
        return [
            self._line(
                Text("Cheat: ", style="bold"), shown, why, " — it stands unless someone calls it."
            )
        ]

    def _pirate_pass(self, e: Event) -> list[Text]:
        return [self._line(self.seat(e.seat), self._verb(e.seat, " lets", " let"), " it stand.")]

    def _pirate_call(self, e: Event) -> list[Text]:
        """§7.6.4: the first call closes the window; the outcome is public."""
        seat, player = e.seat, e.player
        card = self._played
        line = self._line(self.seat(seat), self._verb(seat, " calls", " call"), " a cheat: ")
        if e.cheat:
            self.sizes[player] += 1  # the card goes back; its player's draw follows
            line.append(Text("right! ", style="bold"))
            line.append(self.seat(player))
            line.append(self._verb(player, " takes ", " take "))
            line.append(self._card(card.code, None) if card is not None else Text("the card"))
            line.append(" back and" + self._verb(player, " draws 2.", " draw 2."))
            return [line]
        penalty = self.rules.pirate_false_call_penalty
        line.append(Text("wrong: ", style="bold"))
        if penalty:
            line.append(self._object(seat))
            line.append(self._verb(seat, f" draws {penalty}", f" draw {penalty}"))
            line.append(", the play stands.")
        else:
            line.append("the play stands.")
        return [line]

    def _discard_round(self, e: Event) -> list[Text]:
        """§7.11.4: a Care-a-lot, or a Wild Customizable carrying the round (§7.10.2)."""
        seat = e.seat
        card = self._played if self._player == seat else None
        rules = self.rules
        if card is not None:
            name = _DISCARD_ROUND_CARDS.get(card.kind, "Wild Customizable")
        elif _CARE_A_LOT in rules.deck_cards() and (
            rule_facts(rules).card_effect(_WILD_CUSTOMIZABLE).kind is not EffectKind.ALL_DISCARD_ONE
            or _WILD_CUSTOMIZABLE not in rules.deck_cards()
        ):
            name = "Care-a-lot"  # told from the middle of a game: the rules' only such card
        else:
            name = "Wild Customizable"
        return [self._line(self._possessive(seat), f" {name} opens a discard round.")]

    def _discard(self, e: Event) -> list[Text]:
        """§7.11.4: the card goes beneath the top card; the count left says who nears Uno."""
        seat = e.seat
        self.sizes[seat] -= 1
        parts: list[str | Text] = [
            self.seat(seat),
            self._verb(seat, " discards ", " discard "),
            self._card(e.card.code, None),
            " beneath the top card",
            f" ({self._left(seat)})",
        ]
        if e.uno:
            parts.append(Text(self._verb(seat, " and calls Uno!", " and call Uno!"), style="bold"))
        return [self._line(*parts)]

    def _decline(self, e: Event) -> list[Text]:
        declines = self._verb(e.seat, " declines", " decline")
        return [self._line(self.seat(e.seat), f"{declines} to discard.")]


HANDLERS = {
    EventType.REVEAL: "_reveal",
    EventType.TRAVEL: "_travel",
    EventType.GIFT: "_gift",
    EventType.LEAD: "_lead",
    EventType.BLOCK: "_block",
    EventType.ALLOW: "_allow",
    EventType.PIRATE_WINDOW: "_pirate_window",
    EventType.PIRATE_PASS: "_pirate_pass",
    EventType.PIRATE_CALL: "_pirate_call",
    EventType.DISCARD_ROUND: "_discard_round",
    EventType.DISCARD: "_discard",
    EventType.DECLINE: "_decline",
}
"""The event types this family tells, and the method that tells each."""
