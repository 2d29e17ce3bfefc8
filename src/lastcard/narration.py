"""Events as short readable lines, for `lastcard watch` and `lastcard replay`.

`Narrator.lines(event)` turns one event (an `Event` or its `to_dict()`) into rich `Text` lines.
Cards are printed as their codes in their colour (`R5` in red, a Wild played as green `W:g`), so
the story reads the same without colour. Colours are named in words ("green").

The narrator tells everything, hidden cards included: it is for watching bots and reading
records, not for a seat at the table (that would narrate `event.redact(seat)` instead).

It keeps the number of cards in each hand from the events themselves; call `sync(state)` after
each transition to take the exact counts from a state (hand rotations carry no sizes).

`narration` imports only `lastcard.core` (and rich).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rich.text import Text

from lastcard.core import (
    Card,
    Color,
    EffectKind,
    Event,
    EventType,
    GameState,
    HandResult,
    Kind,
    LastcardError,
    Rules,
    rule_facts,
)

_WILD_CUSTOMIZABLE = Card.from_code("WC")
_CARE_A_LOT = Card.from_code("WCA")

CARD_STYLES = {
    "R": "bold red",
    "Y": "bold yellow",
    "G": "bold green",
    "B": "bold bright_blue",
    None: "bold magenta",  # wild-type cards with no declared colour
}
COLOUR_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}

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
# The theme wilds that name a player (§7.11.2, §7.11.5, §7.11.8): "naming Ada", and as a last
# card, which may name nobody, "naming nobody".
_NAMING_WILDS = frozenset({Kind.WILD_HOWLER, Kind.WILD_FRIENDSHIP, Kind.WILD_TRAVEL})
# The cards that open a discard round (§7.11.4), by the name the round is told with.
_DISCARD_ROUND_CARDS = {Kind.WILD_CARE_A_LOT: "Care-a-lot"}


def card_text(code: str, color: str | None = None) -> Text:
    """A card code in its colour; a wild with a declared colour reads `W:g`, styled green.

    >>> card_text("W+4", "g").plain
    'W+4:g'
    >>> card_text("R5").plain
    'R5'
    """
    card = Card.from_code(code)
    if card.is_wild:
        if color is None:
            return Text(card.code, style=CARD_STYLES[None])
        letter = color.upper()
        return Text(f"{card.code}:{letter.lower()}", style=CARD_STYLES.get(letter, ""))
    assert card.color is not None
    return Text(card.code, style=CARD_STYLES[card.color.value])


CardFormat = Callable[[str, str | None], Text]
"""Draws a card code (with a wild's declared colour letter, or None) as text."""


def cards_text(
    codes: Iterable[str], *, sort: bool = False, card_format: CardFormat | None = None
) -> Text:
    """Cards separated by spaces; `sort` orders them colour by colour, wilds last."""
    cards = [Card.from_code(code) for code in codes]
    if sort:
        cards.sort(key=lambda card: card.sort_key)
    if not cards:
        return Text("(none)", style="dim")
    draw = card_format if card_format is not None else card_text
    return Text(" ").join(draw(card.code, None) for card in cards)


def colour_text(letter: str) -> Text:
    """A colour named in words, in that colour: `green`."""
    key = letter.upper()
    return Text(COLOUR_NAMES.get(key, letter), style=CARD_STYLES.get(key, ""))


# One line per preset, for the command line's help and the new-game screen; a preset added to the
# engine later has none. "custom" is what the new-game screen calls rules that equal no preset.
PRESET_HELP = {
    **Rules.preset_summaries(),
    "custom": "your own choice of the options on the right",
}


def rules_name(rules: Rules) -> str:
    """The preset a `Rules` equals, or "custom"."""
    for name in Rules.presets():
        if Rules.preset(name) == rules:
            return name
    return "custom"


def game_goal(rules: Rules) -> str:
    """How a game under `rules` ends: `first to 500 points`, `a single hand`, ..."""
    if rules.elimination:
        return f"last player under {rules.elimination_threshold} points wins"
    if rules.target_score is None:
        return "a single hand"
    return f"first to {rules.target_score} points"


def game_title(players: int, rules: Rules, seed: int) -> Text:
    """The one-line heading of a game: players, rules, seed and how it ends."""
    return Text(
        f"lastcard · {players} players · {rules_name(rules)} rules · seed {seed} · "
        f"{game_goal(rules)}",
        style="bold",
    )


def standings(
    totals: Sequence[int],
    winners: Sequence[int],
    rules: Rules,
    history: Sequence[HandResult] = (),
) -> list[int]:
    """Seats best first: the winners, then the others.

    Under elimination (§7.5) the others are ranked by how long they lasted, the last eliminated
    first (from `history`; seats eliminated in the same hand, or without a history, by their
    totals, low first). Otherwise by total, low first when low totals are good (§6.4).
    """
    low_wins = rules.elimination or rules.scoring == "alternative"
    sign = 1 if low_wins else -1
    lasted = elimination_hands(history) if rules.elimination else {}
    never = len(history) + 1  # not eliminated: lasted longest

    def key(seat: int) -> tuple[bool, int, int, int]:
        return (seat not in winners, -lasted.get(seat, never), sign * totals[seat], seat)

    return sorted(range(len(totals)), key=key)


def elimination_hands(history: Sequence[HandResult]) -> dict[int, int]:
    """The number of the hand after which each eliminated seat was eliminated."""
    return {seat: result.number for result in history for seat in result.eliminated}


class Narrator:
    """Turns events into lines. `names[k]` names seat k (default `Seat k`); `rules` (default:
    the official game) say whether high or low totals are good and who plays in teams. `you`
    is the seat of the person reading, told in the second person ("You play R5").
    `card_format` draws the cards (default `card_text`: codes in their colours) and
    `colour_format` a declared colour's letter (default `colour_text`: its name)."""

    def __init__(
        self,
        players: int,
        rules: Rules | None = None,
        names: Sequence[str] | None = None,
        *,
        you: int | None = None,
        card_format: CardFormat | None = None,
        colour_format: Callable[[str], Text] | None = None,
    ) -> None:
        self.players = players
        self.you = you
        self._limit_reached = False  # the next blocked hand ended at the turn limit (§3.11.4)
        self._card = card_format if card_format is not None else card_text
        self._colour = colour_format if colour_format is not None else colour_text
        self.rules = rules if rules is not None else Rules()
        self.names = list(names) if names is not None else [f"Seat {k}" for k in range(players)]
        self.sizes = [0] * players
        self.hand = 0  # the number of the hand being told
        self._played: Card | None = None  # the last card played on a turn (Pirate's window)
        self._player: int | None = None  # who played it
        self._drew: int | None = None  # the seat that drew on its turn and has not yet played
        self._after_draw = False  # the last play on a turn came right after its player drew
        self._handlers: dict[EventType, Callable[[Event], list[Text]]] = {
            EventType.DEALER_DRAW: self._dealer_draw,
            EventType.DEAL: self._deal,
            EventType.FIRST_DISCARD: self._first_discard,
            EventType.FIRST_DISCARD_RETURNED: self._first_discard_returned,
            EventType.PLAY: self._play,
            EventType.DRAW: self._draw,
            EventType.RESHUFFLE: self._reshuffle,
            EventType.SKIP: self._skip,
            EventType.REVERSE: self._reverse,
            EventType.SWAP_HANDS: self._swap_hands,
            EventType.ROTATE_HANDS: self._rotate_hands,
            EventType.SHUFFLE_HANDS: self._shuffle_hands,
            EventType.REVEAL: self._reveal,
            EventType.KEEP: self._keep,
            EventType.PASS: self._pass,
            EventType.ACCEPT: self._accept,
            EventType.CHALLENGE: self._challenge,
            EventType.UNO: self._uno,
            EventType.CATCH: self._catch,
            EventType.COLOR: self._color,
            EventType.TURN_LIMIT: self._turn_limit,
            EventType.WRONG_CARD: self._wrong_card,
            EventType.SUGGESTION_PENALTY: self._suggestion_penalty,
            EventType.DISCARD_ROUND: self._discard_round,
            EventType.DISCARD: self._discard,
            EventType.DECLINE: self._decline,
            EventType.PIRATE_WINDOW: self._pirate_window,
            EventType.PIRATE_PASS: self._pirate_pass,
            EventType.PIRATE_CALL: self._pirate_call,
            EventType.TRAVEL: self._travel,
            EventType.GIFT: self._gift,
            EventType.LEAD: self._lead,
            EventType.BLOCK: self._block,
            EventType.ALLOW: self._allow,
            EventType.HAND_OVER: self._hand_over,
            EventType.GAME_OVER: self._game_over,
        }

    def sync(self, state: GameState) -> None:
        """Take each hand's size from `state`."""
        self.sizes = [len(hand) for hand in state.hands]

    def lines(self, event: Event | Mapping[str, Any]) -> list[Text]:
        """The lines telling `event` (a dict is read with `Event.from_dict`); an event this
        narrator has no words for, or a dict that is no valid event, is shown as its data."""
        if not isinstance(event, Event):
            data = event
            try:
                event = Event.from_dict(data)
            except LastcardError:
                return [_as_data(data)]
        handler = self._handlers.get(event.type)
        if handler is None:
            return [_as_data(event.to_dict())]
        return handler(event)

    # -- helpers ---------------------------------------------------------------------------

    def seat(self, seat: int) -> Text:
        return Text(self.names[seat], style="bold")

    def _object(self, seat: int) -> Text:
        """A seat after a verb: "you" for the reader."""
        return Text("you" if seat == self.you else self.names[seat], style="bold")

    def _verb(self, seat: int, third: str, second: str) -> str:
        """`third` ("plays") for others, `second` ("play") for the reader."""
        return second if seat == self.you else third

    def _line(self, *parts: str | Text) -> Text:
        return Text.assemble(*parts)

    def _left(self, seat: int) -> str:
        count = self.sizes[seat]
        return f"{count} card left" if count == 1 else f"{count} cards left"

    def _cards(self, cards: Iterable[Card], *, sort: bool = False) -> Text:
        return cards_text((card.code for card in cards), sort=sort, card_format=self._card)

    # -- one method per event type -----------------------------------------------------

    def _header(self, hand: int) -> list[Text]:
        """The blank line and title that open a hand, once per hand."""
        if hand == self.hand:
            return []
        self.hand = hand
        return [Text(""), Text(f"── Hand {hand} ──", style="bold cyan")]

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

    def _possessive(self, seat: int) -> Text:
        return Text("Your", style="bold") if seat == self.you else self.seat(seat) + "'s"

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
                self._colour(_letter(e.color)),
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

    def _turn_limit(self, e: Event) -> list[Text]:
        self._limit_reached = True
        return [Text(f"The hand has lasted {e.turns:,} turns, the limit (§3.11.4).", style="bold")]

    def _hand_over(self, e: Event) -> list[Text]:
        went_out = e.went_out
        points = e.points
        if went_out is None:
            why = "That is the limit" if self._limit_reached else "Nobody can play or draw"
            self._limit_reached = False
            out = [Text(f"{why}: the hand is blocked and scores nothing.", style="bold")]
        else:
            out = [
                self._line(
                    self.seat(went_out),
                    Text(self._verb(went_out, " goes out", " go out"), style="bold"),
                    (self._verb(went_out, " and scores", " and score") + f" {points[went_out]}.")
                    if points[went_out]
                    else ".",
                )
            ]
        width = max(len(name) for name in self.names)
        values = e.hand_values
        for seat, hand in enumerate(e.hands or ()):
            if seat == went_out or not hand:
                continue
            out.append(
                self._line(
                    "  ",
                    self.names[seat].ljust(width),
                    "  ",
                    self._cards(hand, sort=True),
                    f"  ({values[seat]} points)",
                )
            )
        totals = e.totals
        out.append(
            self._line("Scores: ", " · ".join(f"{self.names[s]} {t}" for s, t in enumerate(totals)))
        )
        for seat in e.eliminated:
            reaches = self._verb(seat, " reaches the limit and is", " reach the limit and are")
            out.append(self._line(self.seat(seat), reaches, " eliminated."))
        return out

    def _game_over(self, e: Event) -> list[Text]:
        winners = list(e.winners)
        who = " and ".join(self.names[s] for s in winners)
        verb = "win" if len(winners) > 1 or winners == [self.you] else "wins"
        out = [
            Text(""),
            Text(f"══ Game over: {who} {verb}! ══", style="bold green"),
            Text("Final scores:"),
        ]
        totals = e.totals
        order = standings(totals, winners, self.rules)
        width = max(len(name) for name in self.names)
        for place, seat in enumerate(order, 1):
            mark = "  winner" if seat in winners else ""
            out.append(Text(f"  {place}. {self.names[seat].ljust(width)}  {totals[seat]:>4}{mark}"))
        teams = self.rules.team_of_seats(self.players)
        for team in teams or ():
            names = " + ".join(self.names[s] for s in team)
            out.append(Text(f"  team {names}: {sum(totals[s] for s in team)}"))
        return out


def _letter(color: Color) -> str:
    """A colour as events write it: its lower-case letter."""
    return color.value.lower()


def _as_data(data: Mapping[str, Any]) -> Text:
    details = ", ".join(f"{k}={v}" for k, v in data.items() if k != "type")
    return Text(f"{data.get('type')}: {details}", style="dim")
