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
'Your turn: play a card marked * or draw (d) > '
"""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import Action, ActionKind, Card, Event, Phase, PlayerView, Rules
from lastcard.words.cards import COLOUR_WORDS, card_name
from lastcard.words.pirate import call_price, cheat_cards, own_window, what_it_was, window_play
from lastcard.words.themes import gift_to, gifts_after, threat

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
    after_draw: bool = False,
    log: Sequence[Event] = (),
) -> tuple[list[str], str]:
    """The situation lines and the question for what the person may do now: their own
    decision when they are to act, else their out-of-turn offers (answered, or let go with
    Enter). `armed`: Uno will be called with the next play. `after_draw`: under Pirate, the
    play in its window came right after its player drew (`pirate.played_after_drawing`).
    `log`: the events seen so far, which say whom a Mambo's gift goes to and what an
    Invisibility would block (`lastcard.tui.themes`)."""
    hand = numbered_hand(view)
    plays = [a for a in offers if a.kind is ActionKind.PLAY]
    discards = [a for a in offers if a.kind is ActionKind.DISCARD]
    gifts = [a for a in offers if a.kind is ActionKind.GIVE]
    leads = [a for a in offers if a.kind is ActionKind.LEAD]
    blocks = [a for a in offers if a.kind is ActionKind.BLOCK]
    kinds = {a.kind for a in offers}
    notes = _chances(view, offers, names, hand)
    if view.phase is Phase.AWAIT_PIRATE:
        return _pirate_window(view, names, after_draw, notes)
    if view.to_act != view.seat:
        return notes, "Press Enter to let play go on" + PROMPT_END
    cheats = cheat_cards(view, offers)
    situation = [discard_line(view)]
    if view.phase is Phase.AWAIT_DISCARD:  # §7.11.4: the marks show what may be discarded
        situation.append(hand_line(hand, playable_cards(discards), marked="can be discarded"))
    elif gifts:  # §7.11.7: any card may be given, then led
        situation.append(hand_line(hand, playable_cards(gifts), marked="can be given"))
    elif leads:
        situation.append(hand_line(hand, playable_cards(leads), marked="can be led"))
    elif view.phase is Phase.AWAIT_BLOCK:  # §7.11.3: the hand as it is; no card is chosen
        situation.append(hand_line(hand, ()))
    elif (
        view.phase is not Phase.AFTER_DRAW or cheats
    ):  # the question names the one card that matters
        situation.append(hand_line(hand, playable_cards(plays), cheats=cheats))
    held = open_hands_line(view, names)
    if held is not None:
        situation.append(held)
    notes = [*situation, *notes]
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
    if view.phase is Phase.AWAIT_GIFT:
        return notes, _gift_question(view, names, log) + PROMPT_END
    if view.phase is Phase.AWAIT_LEAD:
        lead = "Mambo: lead any card of your hand (a card marked *); it need not match"
        return notes, lead + PROMPT_END
    if view.phase is Phase.AWAIT_BLOCK:
        question = f"{threat(view, log, names)}: block it with Invisibility (b) or allow (a)"
        return notes, question + PROMPT_END
    question = _own_question(view, plays, kinds, names, cheats)
    if blocks:  # a pending draw, which a block cancels whole (§7.11.3)
        question += ", or block it all with Invisibility (b)"
    return notes, question + PROMPT_END


def _gift_question(view: PlayerView, names: Sequence[str], log: Sequence[Event]) -> str:
    """§7.11.7: your Mambo's gifts, one card to each player in turn."""
    to = gift_to(view, log)
    whom = names[to] if to is not None else "the next player"
    after = gifts_after(view, log)
    then = f"; then to {', '.join(names[seat] for seat in after)}" if after else ""
    return f"Mambo: give one card to {whom} (a card marked *){then}; then you lead"


def _pirate_window(
    view: PlayerView, names: Sequence[str], after_draw: bool, notes: list[str]
) -> tuple[list[str], str]:
    """§7.6.4: asked about a play, what everyone can know of it and what a call costs."""
    play = window_play(view, after_draw)
    if view.to_act != view.seat or play is None:
        if play is not None and play.player == view.seat:
            notes = [own_window(view, names), *notes]
        return notes, "Press Enter to let play go on" + PROMPT_END
    situation = [
        what_it_was(play, names, card_name, COLOUR_WORDS.__getitem__),
        call_price(play, view, names, card_name),
    ]
    held = open_hands_line(view, names)
    if held is not None:
        situation.append(held)
    return [*situation, *notes], "Let it stand (p) or call a cheat (c)" + PROMPT_END


def _chances(
    view: PlayerView, offers: Sequence[Action], names: Sequence[str], hand: Sequence[Card]
) -> list[str]:
    """The out-of-turn offers: a late Uno call, a catch, a jump-in."""
    kinds = {a.kind for a in offers}
    lines = []
    if view.exposed == view.seat and ActionKind.UNO in kinds:
        lines.append("You have one card and did not call Uno: type uno (u) now!")
    for action in offers:
        if action.kind is ActionKind.CATCH and action.target is not None:
            name = names[action.target]
            lines.append(f"{name} did not call Uno: type catch {action.target} (c) to catch them!")
    if view.to_act != view.seat:
        jumps = playable_cards([a for a in offers if a.kind is ActionKind.PLAY])
        for card in jumps:
            number = hand.index(card) + 1 if card in hand else None
            lines.append(f"You may jump in with {card_name(card)}: type {number or card.code}.")
    return lines


def _own_question(
    view: PlayerView,
    plays: Sequence[Action],
    kinds: set[ActionKind],
    names: Sequence[str],
    cheats: frozenset[Card] = frozenset(),
) -> str:
    pending = view.pending_draw
    if view.phase is Phase.AWAIT_FIRST_COLOR:
        return "The first discard is a Wild: name its colour, r, y, g or b"
    if view.phase is Phase.AWAIT_DISCARD:
        if ActionKind.DISCARD in kinds:
            return (
                "Discard round: discard one card beneath the top card (a card marked *), "
                "or decline (d)"
            )
        return "Discard round: your last card stays with you, decline (d)"
    if view.phase is Phase.AWAIT_WD4_RESPONSE:
        who = names[view.top_player] if view.top_player is not None else "Someone"
        stack = ", or stack a card marked *" if plays else ""
        return (
            f"{who} played a Wild Draw Four on you: challenge (x), "
            f"or accept (a) and draw {pending}{stack}"
        )
    if view.phase is Phase.AWAIT_STACK_RESPONSE:
        if plays:
            return f"{pending} cards are coming to you: stack a card marked *, or accept (a)"
        return f"{pending} cards are coming to you: accept (a) and draw them"
    if view.phase is Phase.AFTER_DRAW and view.drawn is not None:
        drawn = card_name(view.drawn)
        if cheats and view.drawn in cheats:
            return f"You drew {drawn}; it does not match: keep it (k), or play a card as a cheat"
        if cheats:
            return f"You drew {drawn}: play it (p), keep it (k), or play another card as a cheat"
        if plays:
            return f"You drew {drawn}: play it (p) or keep it (k)"
        return f"You drew {drawn}; it cannot be played: keep it (k)"
    draw = ActionKind.DRAW in kinds
    if cheats:
        some_fair = len(cheats) < len(playable_cards(plays))
        fair = "a card marked *, or any card as a cheat" if some_fair else None
        what = fair or "any card, as a cheat: none matches"
        return f"Your turn: play {what}" + (", or draw (d)" if draw else "")
    if plays:
        return "Your turn: play a card marked *" + (" or draw (d)" if draw else "")
    if draw:
        return "Your turn: nothing can be played, draw (d)"
    return "Your turn"


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
