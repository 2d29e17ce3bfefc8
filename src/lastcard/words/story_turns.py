"""The story of the ordinary game: the deal, plays and draws, skips and reverses, answers to
a Wild Draw Four, Uno calls and catches, the hand rotations of Seven-O and the shuffle."""

from __future__ import annotations

from rich.text import Text

from lastcard.core import Event, EventType, Kind

from .story_base import StoryBase, _letter

# The theme wilds that name a player (§7.11.2, §7.11.5, §7.11.8): "naming Ada", and as a last
# card, which may name nobody, "naming nobody".
_NAMING_WILDS = frozenset({Kind.WILD_HOWLER, Kind.WILD_FRIENDSHIP, Kind.WILD_TRAVEL})

_DRAW_REASONS = {
    "turn": "",
    "draw_two": " (Draw Two)",
    "wild_draw_four": " (Wild Draw Four)",
    "accept": " (penalty)",
    "challenge": " (challenge)",
    "uno_penalty": " (Uno penalty)",
    "wild_downpour": " (Wild Downpour)",
    "wild_customizable": " (Wild Customizable)",
    "wrong_card": " (wrong card)",
    "suggestion": " (suggestion penalty)",
    "cheat": " (a cheat called)",
    "false_cheat_call": " (a wrong cheat call)",
    "draw_three": " (Draw Three)",
    "joker": " (Joker)",
}


class TurnStory(StoryBase):
    """One method per event of the ordinary game."""

    def _dealer_draw(self, e: Event) -> list[Text]:
        parts: list[str | Text] = ["Drawing for dealer:"]
        for seat, card in e.draws:
            parts += [" ", self.names[seat], " ", self._card(card.code, None), ","]
        parts[-1] = "."
        return [*self._header(self.hand + 1), self._line(*parts)]

    def _deal(self, e: Event) -> list[Text]:
        self.sizes = list(e.sizes)
        self._drew = None
        size = max(self.sizes)
        out = [
            *self._header(e.hand),
            self._line(
                self.seat(e.dealer),
                self._verb(e.dealer, " deals", " deal"),
                f" {size} cards each.",
            ),
        ]
        hands = e.hands
        if hands is not None:
            width = max(len(name) for name in self.names)
            for seat, hand in enumerate(hands):
                if hand:
                    out.append(
                        self._line(
                            "  ",
                            self.names[seat].ljust(width),
                            "  ",
                            self._cards(hand, sort=True),
                        )
                    )
        return out

    def _first_discard(self, e: Event) -> list[Text]:
        return [self._line("First discard: ", self._card(e.card.code, None), ".")]

    def _first_discard_returned(self, e: Event) -> list[Text]:
        return [
            self._line(
                "First discard ", self._card(e.card.code, None), " goes back into the stock."
            )
        ]

    def _play(self, e: Event) -> list[Text]:
        seat = e.seat
        self.sizes[seat] -= 1
        if not e.jump_in:
            self._played = e.card
            self._player = seat
            self._after_draw = self._drew == seat
        self._drew = None
        if e.jump_in:
            verb = self._verb(seat, " jumps in with ", " jump in with ")
        else:
            verb = self._verb(seat, " plays ", " play ")
        card = e.card
        # §7.11.7: a Mambo declares no colour; the one before it stays.
        declares = card.is_wild and card.kind is not Kind.WILD_MAMBO
        parts: list[str | Text] = [
            self.seat(seat),
            verb,
            self._card(card.code, _letter(e.color) if declares else None),
        ]
        naming = card.kind in _NAMING_WILDS
        if e.target is not None:
            parts += [", naming " if naming else " at ", self._object(e.target)]
        elif naming:
            parts.append(", naming nobody")  # §7.11: a last card may name no one
        elif self.rules.pirate and card.kind is Kind.NUMBER and card.rank == 7:
            parts.append(", swapping with nobody")  # §7.6.1: Pirate's 7 may name no one
        if self.sizes[seat] > 0:
            parts.append(f" ({self._left(seat)})")
        if e.uno:
            parts.append(Text(self._verb(seat, " and calls Uno!", " and call Uno!"), style="bold"))
        return [self._line(*parts)]

    def _draw(self, e: Event) -> list[Text]:
        seat, count, owed = e.seat, e.count, e.owed
        self.sizes[seat] += count
        if e.reason == "turn":
            self._drew = seat
        what = "a card" if count == 1 else f"{count} cards"
        parts: list[str | Text] = [
            self.seat(seat),
            self._verb(seat, " draws ", " draw ") + what,
            _DRAW_REASONS.get(e.reason, ""),
        ]
        cards = e.cards
        if cards:
            parts += [": ", self._cards(cards)]
        if count < owed:
            parts.append(f" (owed {owed}: no more cards to draw)")
        return [self._line(*parts)]

    def _reshuffle(self, e: Event) -> list[Text]:
        return [
            Text(
                f"The discard pile is shuffled into a new stock of {e.stock} cards.",
                style="italic",
            )
        ]

    def _skip(self, e: Event) -> list[Text]:
        return [self._line(self.seat(e.seat), self._verb(e.seat, " is", " are"), " skipped.")]

    def _reverse(self, e: Event) -> list[Text]:
        way = "clockwise" if e.direction == 1 else "counter-clockwise"
        return [Text(f"Play now goes {way}.")]

    def _swap_hands(self, e: Event) -> list[Text]:
        a, b = e.seats
        self.sizes[a], self.sizes[b] = e.sizes
        return [self._line(self.seat(a), " and ", self._object(b), " swap hands.")]

    def _rotate_hands(self, e: Event) -> list[Text]:
        if self.rules.pirate:  # §7.6.1: to the left whatever the direction of play
            return [Text("Every hand passes to the left (clockwise).")]
        return [Text("Every hand passes to the next player.")]

    def _shuffle_hands(self, e: Event) -> list[Text]:
        self.sizes = list(e.sizes)
        return [Text("All hands are gathered, shuffled and dealt out again.")]

    def _keep(self, e: Event) -> list[Text]:
        self._drew = None
        return [self._line(self.seat(e.seat), self._verb(e.seat, " keeps it.", " keep it."))]

    def _pass(self, e: Event) -> list[Text]:
        self._drew = None
        passes = self._verb(e.seat, "passes", "pass")
        return [self._line(self.seat(e.seat), f" cannot play or draw, and {passes}.")]

    def _accept(self, e: Event) -> list[Text]:
        accepts = self._verb(e.seat, "accepts", "accept")
        return [self._line(self.seat(e.seat), f" {accepts} the {e.count}-card draw.")]

    def _challenge(self, e: Event) -> list[Text]:
        player = e.player
        whose = Text("your", style="bold") if player == self.you else self.seat(player) + "'s"
        line = self._line(
            self.seat(e.seat),
            self._verb(e.seat, " challenges ", " challenge "),
            whose,
            " Wild Draw Four: ",
        )
        if e.succeeded:
            line.append("a bluff! ")
            line.append(self.seat(player))
            line.append(self._verb(player, " draws 4 instead.", " draw 4 instead."))
        else:
            line.append("it was legal.")
        out = [line]
        revealed = e.revealed
        if revealed is not None:
            out.append(
                self._line("  ", self.names[player], " held: ", self._cards(revealed, sort=True))
            )
        return out

    def _uno(self, e: Event) -> list[Text]:
        calls = self._verb(e.seat, " calls Uno!", " call Uno!")
        return [self._line(self.seat(e.seat), Text(calls, style="bold"))]

    def _catch(self, e: Event) -> list[Text]:
        target = e.target
        assert target is not None  # a catch always names the seat caught
        return [
            self._line(
                self.seat(e.seat),
                self._verb(e.seat, " catches ", " catch "),
                self._object(target),
                " without an Uno call!",
            )
        ]

    def _color(self, e: Event) -> list[Text]:
        return [
            self._line(
                self.seat(e.seat),
                self._verb(e.seat, " names the colour: ", " name the colour: "),
                self._color_format(_letter(e.color)),
                ".",
            )
        ]

    def _wrong_card(self, e: Event) -> list[Text]:
        return [
            self._line(
                self.seat(e.seat),
                self._verb(e.seat, " plays ", " play "),
                self._card(e.card.code, None),
                ", which does not match, and" + self._verb(e.seat, " takes ", " take "),
                "it back (wrong card, §5.4).",
            )
        ]

    def _suggestion_penalty(self, e: Event) -> list[Text]:
        return [
            self._line(
                self.seat(e.seat),
                self._verb(e.seat, " is ", " are "),
                "penalised for suggesting a play (§5.5).",
            )
        ]

    def _turn_limit(self, e: Event) -> list[Text]:
        self._limit_reached = True
        return [Text(f"The hand has lasted {e.turns:,} turns, the limit (§3.11.4).", style="bold")]


HANDLERS = {
    EventType.DEALER_DRAW: "_dealer_draw",
    EventType.DEAL: "_deal",
    EventType.FIRST_DISCARD: "_first_discard",
    EventType.FIRST_DISCARD_RETURNED: "_first_discard_returned",
    EventType.PLAY: "_play",
    EventType.DRAW: "_draw",
    EventType.RESHUFFLE: "_reshuffle",
    EventType.SKIP: "_skip",
    EventType.REVERSE: "_reverse",
    EventType.SWAP_HANDS: "_swap_hands",
    EventType.ROTATE_HANDS: "_rotate_hands",
    EventType.SHUFFLE_HANDS: "_shuffle_hands",
    EventType.KEEP: "_keep",
    EventType.PASS: "_pass",
    EventType.ACCEPT: "_accept",
    EventType.CHALLENGE: "_challenge",
    EventType.UNO: "_uno",
    EventType.CATCH: "_catch",
    EventType.COLOR: "_color",
    EventType.TURN_LIMIT: "_turn_limit",
    EventType.WRONG_CARD: "_wrong_card",
    EventType.SUGGESTION_PENALTY: "_suggestion_penalty",
}
"""The event types this family tells, and the method that tells each."""
