"""What line-by-line play asks, and what `help` says.

Each decision of the full-screen table is a question here, said in full sentences: the
situation first (the discard, your hand with the cards that can be played marked, a chance to
catch someone or to call a late Uno), then one line ending in `> ` that names the answers,
with the full-screen table's keys in parentheses.

>>> from lastcard.core import new_game, player_view, legal_actions
>>> state = new_game(2, seed=0, dealer=1)  # G8 turned up: seat 0 plays first
>>> view = player_view(state, 0)
>>> notes, prompt = decision_lines(view, legal_actions(state, 0), ["You", "Ada"])
>>> prompt
'Your turn: play a card marked * (its number) or draw (d). > '
"""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import Action, ActionKind, Card, Event, Phase, PlayerView, Rules
from lastcard.words.pirate import cheat_cards
from lastcard.words.prompts import prompt
from lastcard.words.style import PLAIN

from .faces import hand_order
from .plain_answers import COMMANDS
from .plain_words import discard_line, hand_line, open_hands_line

PROMPT_END = " > "


def numbered_hand(view: PlayerView) -> tuple[Card, ...]:
    """Your cards in the order they are numbered: the full-screen table's order."""
    return hand_order(view.hand or ())


def playable_cards(offers: Sequence[Action]) -> list[Card]:
    return list(dict.fromkeys(a.card for a in offers if a.card is not None))


def decision_lines(
    view: PlayerView,
    offers: Sequence[Action],
    names: Sequence[str],
    *,
    armed: bool = False,
    log: Sequence[Event] = (),
) -> tuple[list[str], str]:
    """The situation lines and the question for what the person may do now: their own
    decision when they are to act, else their out-of-turn offers (answered, or let go with
    Enter). The question is the prompt every table says (`lastcard.words.prompts`), in line
    mode's words. `armed`: Uno will be called with the next play.
    `log`: the events seen so far, which say whom a Mambo's gift goes to, what an
    Invisibility would block (`lastcard.words.themes`) and whether a Pirate window's play
    followed its player's draw."""
    said = " ".join(prompt(view, offers, names, PLAIN, log=log).plain.split())
    asked = view.to_act == view.seat
    if not asked:
        return [said], "Press Enter to let play go on" + PROMPT_END
    hand = numbered_hand(view)
    plays = [a for a in offers if a.kind is ActionKind.PLAY]
    discards = [a for a in offers if a.kind is ActionKind.DISCARD]
    gifts = [a for a in offers if a.kind is ActionKind.GIVE]
    leads = [a for a in offers if a.kind is ActionKind.LEAD]
    blocks = [a for a in offers if a.kind is ActionKind.BLOCK]
    cheats = cheat_cards(view, offers)
    notes = [] if view.phase is Phase.AWAIT_PIRATE else [discard_line(view)]
    if view.phase is Phase.AWAIT_PIRATE:
        pass  # the question says what the play was; the hand is not chosen from
    elif view.phase is Phase.AWAIT_DISCARD:  # §7.11.4: the marks show what may be discarded
        notes.append(hand_line(hand, playable_cards(discards), marked="can be discarded"))
    elif gifts:  # §7.11.7: any card may be given, then led
        notes.append(hand_line(hand, playable_cards(gifts), marked="can be given"))
    elif leads:
        notes.append(hand_line(hand, playable_cards(leads), marked="can be led"))
    elif view.phase is Phase.AWAIT_BLOCK:  # §7.11.3: the hand as it is; no card is chosen
        notes.append(hand_line(hand, ()))
    elif view.phase is not Phase.AFTER_DRAW or cheats:  # else the question names the card
        notes.append(hand_line(hand, playable_cards(plays), cheats=cheats))
    held = open_hands_line(view, names)
    if held is not None:
        notes.append(held)
    calls = [
        hand.index(a.card) + 1 for a in (*plays, *discards, *leads) if a.uno and a.card in hand
    ]
    what = "discard" if discards else "lead" if leads else "play"
    if calls:
        notes.append(
            f"Uno will be called with your {what} (uno again: not)."
            if armed
            else f"Add ! to the card to call Uno with it, as in {calls[0]}!."
        )
    elif any(a.uno for a in blocks):
        notes.append(
            "Uno will be called with your block (uno again: not)."
            if armed
            else "A block leaves you one card: add ! to call Uno with it, as in block g!."
        )
    return notes, said + PROMPT_END


def help_lines(
    names: Sequence[str], *, pirate: bool = False, rules: Rules | None = None
) -> list[str]:
    """What may be typed, at any question (`pirate`: with Pirate's answers, §7.6; `rules`:
    with the answers the theme cards in them need, §7.11)."""
    themes = rules.theme_cards if rules is not None else frozenset()
    seats = ", ".join(f"{seat} {name}" for seat, name in enumerate(names) if seat)
    lines = [
        "Answer with a card's number in your hand, as in 3, or its code: R5 is Red 5, "
        "GS Green Skip, BR Blue Reverse, Y+2 Yellow Draw Two, W Wild, W+4 Wild Draw Four.",
        "After the card, :c names a wild's colour (4:g or W:g), >N the player a Seven-O 7 "
        "swaps with (3>2), and ! calls Uno with it (3! or R7!). Left out, they are asked.",
        "Other answers: draw (d); play (p) or keep (k) the card you drew; uno (u); "
        "catch N (c); challenge (x); accept (a).",
        "In a discard round, a card's number or code discards it (with ! to call Uno), "
        "and decline (d) keeps your cards.",
        *(
            [
                "Pirate: any card may be played on your turn; those marked cheat do not match. "
                "Asked about a play, pass (p) lets it stand and cheat (c) calls a cheat. "
                "A 7 may swap with nobody: answer none when asked whom.",
            ]
            if pirate
            else []
        ),
        *_theme_help(themes),
        "Enter alone lets play go on when you are offered something out of turn, "
        "and deals the next hand.",
        f"Seats: {seats}.",
        "Commands:",
    ]
    lines += [f"  {name}: {what}." for name, what in COMMANDS.items()]
    lines.append("The game is saved after every move.")
    return lines


def _theme_help(themes: frozenset[str]) -> list[str]:
    """The answers the theme cards in play need (§7.11)."""
    lines = []
    if themes & {"howler", "friendship", "travel"}:
        lines.append(
            "Howler, Friendship and Travel name a player after the colour (4:g>2), or it is "
            "asked; played as your last card they may name nobody: answer none."
        )
    if "joker" in themes:
        lines.append(
            "Joker: after the colour, the players who draw and how many each, as in 4:g>1,3*2 "
            "(seats 1 and 3 draw 2 each); left out, they are asked."
        )
    if "mambo" in themes:
        lines.append(
            "Mambo: then give one card to each player in turn (a card's number, or give 3), "
            "and lead any card (its number, or lead 3:g); it need not match."
        )
    if "invisibility" in themes:
        lines.append(
            "Invisibility: asked whether to block a card aimed at you, block (b) and name a "
            "colour (block g, block g! to call Uno), or allow (a)."
        )
    return lines
