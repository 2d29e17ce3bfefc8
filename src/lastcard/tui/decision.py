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

from lastcard.core import Action, ActionKind, IllegalActionError, Phase, PlayerView, rule_facts

from .faces import COLOUR_NAMES, card_label, card_text, value_label


def decision_text(
    view: PlayerView,
    actions: Sequence[Action],
    names: Sequence[str],
    *,
    thinking: bool = False,
) -> Text:
    """One or two lines for the status bar; keys are named in brackets."""
    text = Text()
    kinds = {a.kind for a in actions}
    if view.exposed == view.seat and ActionKind.UNO in kinds:
        text.append("You have one card and did not call UNO: press u now! ", style="bold red")
    if view.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        text.append("The hand is over.", style="bold")
        return text
    if view.to_act == view.seat:
        text.append(_own_decision(view, actions, names))
    else:
        who = names[view.to_act] if view.to_act is not None else "Nobody"
        if view.phase is Phase.AWAIT_DISCARD:
            text.append("Discard round: ", style="bold")
        verb = " is thinking…" if thinking else _waiting_for(view)
        text.append(f"{who}{verb}", style="italic")
        text.append(_offers(view, actions, names))
    return text


def _waiting_for(view: PlayerView) -> str:
    if view.phase is Phase.AWAIT_WD4_RESPONSE:
        return " decides: challenge the Wild Draw Four or accept."
    if view.phase is Phase.AWAIT_STACK_RESPONSE:
        return f" must stack or draw {view.pending_draw}."
    if view.phase is Phase.AWAIT_FIRST_COLOR:
        return " names the colour of the first discard."
    if view.phase is Phase.AWAIT_DISCARD:
        return " is asked to discard one card beneath the top card, or to decline."
    return " to play.  (Space: don't wait)"


def _own_decision(view: PlayerView, actions: Sequence[Action], names: Sequence[str]) -> Text:
    plays = [a for a in actions if a.kind is ActionKind.PLAY]
    kinds = {a.kind for a in actions}
    text = Text()
    if view.phase is Phase.AWAIT_FIRST_COLOR:
        text.append("The first discard is a Wild: name its colour [Enter].", style="bold")
    elif view.phase is Phase.AWAIT_WD4_RESPONSE:
        text.append(_wd4_answer(view, actions, names))
    elif view.phase is Phase.AWAIT_DISCARD:
        text.append(_discard_question(actions))
    elif view.phase is Phase.AWAIT_STACK_RESPONSE:
        text.append(f"+{view.pending_draw} is coming to you: ", style="bold")
        if plays:
            text.append("stack a draw card [Enter] or ")
        text.append(f"accept [a] and draw {view.pending_draw}.")
    elif view.phase is Phase.AFTER_DRAW and view.drawn is not None:
        text.append("You drew ", style="bold")
        text.append(card_text(view.drawn))
        if plays:
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


def refusal_text(
    error: IllegalActionError, action: Action, view: PlayerView, names: Sequence[str]
) -> str:
    """Why the table refused `action`, in a player's words (the engine's message, which names
    the rule, is the fallback)."""
    code = error.code
    card = action.card
    top = card_label(view.top, view.color if view.top.is_wild else None)
    if code == "CARD_DOES_NOT_MATCH" and card is not None:
        colour = COLOUR_NAMES[view.color] if view.color is not None else "matching"
        value = value_label(view.top) if not view.top.is_wild else None
        also = f", a {value}" if value is not None else ""
        return f"{card_label(card)} does not match {top}: play a {colour} card{also} or a wild."
    if code == "ILLEGAL_WILD_DRAW_FOUR":
        colour = COLOUR_NAMES[view.color] if view.color is not None else "current"
        return f"A Wild Draw Four may be played only when you hold no {colour} card."
    if code == "ONLY_DRAWN_CARD_MAY_BE_PLAYED" and view.drawn is not None:
        return f"After drawing, only {card_label(view.drawn)} may be played [p]; or keep it [k]."
    if code == "CANNOT_DISCARD_LAST_CARD":
        return "Your last card cannot be discarded: decline [d]."
    if code == "NO_DISCARD_ROUND":
        return "There is no discard round now."
    if code in ("NOT_YOUR_TURN", "JUMP_IN_NOT_ALLOWED"):
        who = names[view.to_act] if view.to_act is not None else "nobody"
        if view.phase is Phase.AWAIT_DISCARD:
            return f"Discard round: it is {who}'s turn to discard or decline."
        if rule_facts(view.rules).allows_jump_in and card is not None:
            return f"It is {who}'s turn: only a card identical to {top} may jump in."
        return f"It is {who}'s turn."
    if code == "RESPONSE_REQUIRED":
        return "Answer first: " + _answer_needed(view)
    return error.message


def _answer_needed(view: PlayerView) -> str:
    if view.phase is Phase.AWAIT_WD4_RESPONSE:
        return "challenge the Wild Draw Four [x] or accept [a]."
    if view.phase is Phase.AWAIT_STACK_RESPONSE:
        return f"stack a draw card or accept the {view.pending_draw} cards [a]."
    if view.phase is Phase.AWAIT_FIRST_COLOR:
        return "name the colour of the first Wild [Enter]."
    if view.phase is Phase.AWAIT_DISCARD:
        return "discard one card [Enter] or decline [d]."
    return "see the line above your hand."
