"""The status line: whose turn it is and what the person may or must decide now; and why an
action was refused, in a player's words.

>>> from lastcard.core import new_game, player_view, legal_actions
>>> state = new_game(2, seed=0, dealer=1)  # G8 turned up: seat 0 plays first
>>> decision_text(player_view(state, 0), legal_actions(state, 0), ["You", "Ada"]).plain[:9]
'Your turn'
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from lastcard.core import (
    Action,
    ActionKind,
    Card,
    Color,
    Event,
    Phase,
    PlayerView,
)
from lastcard.words.pirate import call_price, cheat_cards, own_window, what_it_was, window_play
from lastcard.words.themes import gift_to, gifts_after, threat

from .faces import CHEAT_MARK, COLOUR_NAMES, card_label, card_text


def decision_text(
    view: PlayerView,
    actions: Sequence[Action],
    names: Sequence[str],
    *,
    thinking: bool = False,
    selected: Card | None = None,
    after_draw: bool = False,
    log: Sequence[Event] = (),
) -> Text:
    """One or two lines for the status bar; keys are named in brackets.

    Under Pirate (§7.6) `selected` is the card under the cursor (its play would be a cheat:
    said before it is played), and `after_draw` whether the play in a window came right after
    its player drew (`pirate.played_after_drawing`): a matching card may still be a cheat.
    `log` is the events seen so far: whom a Mambo's gift goes to and what an Invisibility would
    block are read from it (`lastcard.tui.themes`)."""
    text = Text()
    kinds = {a.kind for a in actions}
    if view.exposed == view.seat and ActionKind.UNO in kinds:
        text.append("You have one card and did not call UNO: press u now! ", style="bold red")
    if view.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        text.append("The hand is over.", style="bold")
        return text
    if view.phase is Phase.AWAIT_PIRATE:
        text.append(_pirate_window(view, names, thinking=thinking, after_draw=after_draw))
        text.append(_offers(view, actions, names))
    elif view.to_act == view.seat:
        text.append(_own_decision(view, actions, names, log))
        text.append(_cheat_note(view, actions, selected))
    else:
        who = names[view.to_act] if view.to_act is not None else "Nobody"
        if view.phase is Phase.AWAIT_DISCARD:
            text.append("Discard round: ", style="bold")
        verb = " is thinking…" if thinking else _waiting_for(view, names, log)
        text.append(f"{who}{verb}", style="italic")
        text.append(_offers(view, actions, names))
    return text


def _waiting_for(view: PlayerView, names: Sequence[str], log: Sequence[Event]) -> str:
    if view.phase is Phase.AWAIT_GIFT:  # §7.11.7
        to = gift_to(view, log)
        if to is None:
            return " gives a card to each player (Mambo)."
        whom = "you" if to == view.seat else names[to]
        return f" gives a card to {whom} (Mambo)."
    if view.phase is Phase.AWAIT_LEAD:
        return " leads a card of their choice (Mambo): it need not match."
    if view.phase is Phase.AWAIT_BLOCK:  # §7.11.3
        return " decides whether to block it with Invisibility."
    if view.phase is Phase.AWAIT_WD4_RESPONSE:
        return " decides: challenge the Wild Draw Four or accept."
    if view.phase is Phase.AWAIT_STACK_RESPONSE:
        return f" must stack or draw {view.pending_draw}."
    if view.phase is Phase.AWAIT_FIRST_COLOR:
        return " names the colour of the first discard."
    if view.phase is Phase.AWAIT_DISCARD:
        return " is asked to discard one card beneath the top card, or to decline."
    return " to play.  (Space: don't wait)"


def _own_decision(
    view: PlayerView, actions: Sequence[Action], names: Sequence[str], log: Sequence[Event]
) -> Text:
    plays = [a for a in actions if a.kind is ActionKind.PLAY]
    kinds = {a.kind for a in actions}
    text = Text()
    if view.phase is Phase.AWAIT_FIRST_COLOR:
        text.append("The first discard is a Wild: name its colour [Enter].", style="bold")
    elif view.phase is Phase.AWAIT_WD4_RESPONSE:
        text.append(_wd4_answer(view, actions, names))
        text.append(_block_note(actions))
    elif view.phase is Phase.AWAIT_DISCARD:
        text.append(_discard_question(actions))
    elif view.phase is Phase.AWAIT_BLOCK:
        text.append(_block_question(view, actions, names, log))
    elif view.phase is Phase.AWAIT_GIFT:
        text.append(_gift_question(view, names, log))
    elif view.phase is Phase.AWAIT_LEAD:
        text.append(_lead_question(actions))
    elif view.phase is Phase.AWAIT_STACK_RESPONSE:
        text.append(f"+{view.pending_draw} is coming to you: ", style="bold")
        if plays:
            text.append("stack a draw card [Enter] or ")
        text.append(f"accept [a] and draw {view.pending_draw}.")
        text.append(_block_note(actions))
    elif view.phase is Phase.AFTER_DRAW and view.drawn is not None:
        text.append("You drew ", style="bold")
        text.append(card_text(view.drawn))
        if view.drawn in cheat_cards(view, actions):  # §7.6.3: a cheat, yet it may be played
            text.append(": it does not match. Keep it [k], or play it anyway [p].")
        elif plays:
            text.append(": play it [p] or keep it [k].")
        else:
            text.append(": it cannot be played; keep it [k].")
    elif plays:
        text.append("Your turn: ", style="bold")
        text.append("play a highlighted card [←→ Enter, or click]")
        if ActionKind.DRAW in kinds:
            text.append(" or draw [d]")
        text.append(".")
    elif ActionKind.DRAW in kinds:
        text.append("Your turn: ", style="bold")
        text.append("nothing matches. Draw a card [d].")
    else:
        text.append("Your turn.", style="bold")
    text.append(_offers(view, actions, names))
    return text


def _pirate_window(
    view: PlayerView, names: Sequence[str], *, thinking: bool, after_draw: bool
) -> Text:
    """§7.6.4: a play waits in its window. Asked, you see what everyone can know of it and what
    a call costs; your own play shows what only you know; else who is deciding."""
    play = window_play(view, after_draw)
    text = Text()
    if play is None:  # a window always has a play under it; only a safeguard
        return text
    if view.to_act == view.seat:
        text.append(what_it_was(play, names, card_label, _colour_name), style="bold")
        text.append(" Let it stand [p] or call a cheat [c].\n")
        text.append(call_price(play, view, names, card_label))
        return text
    if play.player == view.seat:
        text.append(own_window(view, names), style="bold yellow" if view.cheat else "bold")
        return text
    who = names[view.to_act] if view.to_act is not None else "Nobody"
    played = card_label(play.card, play.color if play.card.is_wild else None)
    verb = " is thinking…" if thinking else f" decides: let {played} stand or call a cheat."
    text.append(f"{who}{verb}", style="italic")
    return text


def _colour_name(color: Color) -> str:
    return COLOUR_NAMES[color]


def _cheat_note(view: PlayerView, actions: Sequence[Action], selected: Card | None) -> Text:
    """§7.6.3: on your turn under Pirate, which plays would be cheats, said before you play."""
    cheats = cheat_cards(view, actions)
    if not cheats:
        return Text()
    if selected is not None and selected in cheats:
        why = (
            "is not the card you drew"
            if view.phase is Phase.AFTER_DRAW and selected is not view.drawn
            else "does not match"
        )
        return Text(
            f"\ncheat: {card_label(selected)} {why} — it stands unless someone calls it.",
            style="bold yellow",
        )
    return Text(f"\nCards marked {CHEAT_MARK} are cheats: they stand unless someone calls them.")


def _wd4_answer(view: PlayerView, actions: Sequence[Action], names: Sequence[str]) -> Text:
    """A Wild Draw Four on you, perhaps on top of a stack (§7.1.7): the answers, and what a
    challenge risks, so that the choice is made knowing the price."""
    player = view.top_player
    who = names[player] if player is not None else "Someone"
    owed = view.pending_draw
    can_challenge = any(a.kind is ActionKind.CHALLENGE for a in actions)
    text = Text()
    if owed > 4:
        text.append(f"{who} stacked a Wild Draw Four on you, +{owed} in all: ", style="bold")
    else:
        text.append(f"{who} played a Wild Draw Four on you: ", style="bold")
    text.append("challenge [x] or " if can_challenge else "")
    text.append(f"accept [a] and draw {owed}")
    if any(a.kind is ActionKind.PLAY for a in actions):
        text.append(", or stack a draw card [Enter]")
    text.append(".")
    if can_challenge:
        # §3.8.3–§3.8.4, §7.1.7: a bluff costs its player 4 and takes 4 off the stack; a fair
        # card costs the challenger the whole stack and 2 more.
        text.append(f" A failed challenge: you draw {owed + 2}. ")
        if owed > 4:
            text.append(f"A caught bluff: {who} draws 4 and you still face +{owed - 4}.")
        else:
            text.append(f"A caught bluff: {who} draws 4 instead.")
    return text


def _discard_question(actions: Sequence[Action]) -> Text:
    """§7.11.4: a discard round asks you. Choosing a card discards it, as choosing one plays it
    on your turn; `d` (and its button) declines, since nobody draws in a round."""
    discards = [a for a in actions if a.kind is ActionKind.DISCARD]
    text = Text("Discard round: ", style="bold")
    if discards:
        text.append("discard one card beneath the top card [←→ Enter, or click], or decline [d].")
    else:  # the engine passes a single card by; this is only a safeguard
        text.append("your last card stays with you: decline [d].")
    if any(a.uno for a in discards):
        text.append(" A discard leaves you one card: press u first to call UNO with it.")
    return text


def _block_question(
    view: PlayerView, actions: Sequence[Action], names: Sequence[str], log: Sequence[Event]
) -> Text:
    """§7.11.3: a card of another player's is about to hit you, and you hold the Invisibility
    card: what it would do, and the two answers."""
    text = Text(threat(view, log, names), style="bold")
    text.append(": block it with Invisibility [b] (choose a colour) or allow [a].")
    text.append(_block_call(actions))
    return text


def _block_note(actions: Sequence[Action]) -> Text:
    """§7.11.3: beside accepting a pending draw, the Invisibility block (it cancels it all)."""
    if not any(a.kind is ActionKind.BLOCK for a in actions):
        return Text()
    text = Text(" Or block it all with Invisibility [b] (choose a colour).", style="bold")
    text.append(_block_call(actions))
    return text


def _block_call(actions: Sequence[Action]) -> str:
    if any(a.kind is ActionKind.BLOCK and a.uno for a in actions):
        return " The block leaves you one card: press u first to call UNO with it."
    return ""


def _gift_question(view: PlayerView, names: Sequence[str], log: Sequence[Event]) -> Text:
    """§7.11.7: your Mambo's gifts, one card to each player in turn."""
    text = Text("Mambo: ", style="bold")
    to = gift_to(view, log)
    whom = names[to] if to is not None else "the next player"
    text.append(f"give one card to {whom} [←→ Enter, or click].")
    after = gifts_after(view, log)
    if after:
        text.append(f" Then to {_and([names[seat] for seat in after])}.")
    text.append(" Then you lead any card.")
    return text


def _lead_question(actions: Sequence[Action]) -> Text:
    """§7.11.7: after the gifts, any card of your hand, matching or not."""
    text = Text("Mambo: ", style="bold")
    text.append("lead any card of your hand [←→ Enter, or click]: it need not match.")
    if any(a.kind is ActionKind.LEAD and a.uno for a in actions):
        text.append(" A lead that leaves you one card: press u first to call UNO with it.")
    return text


def _and(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _offers(view: PlayerView, actions: Sequence[Action], names: Sequence[str]) -> Text:
    """The out-of-turn chances: catching an exposed player, jumping in."""
    text = Text()
    for action in actions:
        if action.kind is ActionKind.CATCH and action.target is not None:
            text.append(
                f"  {names[action.target]} did not call UNO: catch [c]!", style="bold yellow"
            )
            break
    if view.to_act != view.seat:
        jump = next((a for a in actions if a.kind is ActionKind.PLAY and a.card), None)
        if jump is not None and jump.card is not None:
            text.append("  Jump in with ", style="bold cyan")
            text.append(card_text(jump.card))
            text.append(" [Enter]!", style="bold cyan")
    return text
