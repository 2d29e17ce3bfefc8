"""What the reader may or must decide now, in one or two sentences: the prompt of the
terminal table's status line, line mode's question and the web table's status, written once
and said in each front end's `Style` (its keys and its way of drawing cards).

>>> from lastcard.core import new_game, player_view, legal_actions
>>> from lastcard.words.style import PLAIN
>>> state = new_game(2, seed=0, dealer=1)  # G8 turned up: seat 0 plays first
>>> prompt(player_view(state, 0), legal_actions(state, 0), ["You", "Ada"], PLAIN).plain
'Your turn: play a card marked * (its number) or draw (d).'
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from lastcard.core import Action, ActionKind, Card, Event, Phase, PlayerView

from .pirate import (
    call_price,
    cheat_cards,
    own_window,
    played_after_drawing,
    what_it_was,
    window_play,
)
from .style import Style
from .themes import gift_to, gifts_after, threat


def prompt(
    view: PlayerView,
    actions: Sequence[Action],
    names: Sequence[str],
    style: Style,
    *,
    thinking: bool = False,
    selected: Card | None = None,
    log: Sequence[Event] = (),
) -> Text:
    """One or two lines for the status bar; keys are named in brackets.

    Under Pirate (§7.6) `selected` is the card under the cursor (its play would be a cheat:
    said before it is played). `log` is the events seen so far: whom a Mambo's gift goes to,
    what an Invisibility would block (`lastcard.tui.themes`) and whether the play in a Pirate
    window came right after its player drew (a matching card may still be a cheat) are read
    from it."""
    text = Text()
    kinds = {a.kind for a in actions}
    key = style.key
    if view.phase is Phase.GAME_OVER:
        text.append(_game_over(view, names), style="bold")
        return text
    if view.exposed == view.seat and ActionKind.UNO in kinds:
        text.append(
            f"You have one card and did not call Uno: call it now {key('uno')}! ", style="bold red"
        )
    if view.phase is Phase.HAND_OVER:
        text.append("The hand is over.", style="bold")
        if ActionKind.NEXT in kinds:
            text.append(f" Deal the next hand {key('next')}.")
        return text
    if view.phase is Phase.AWAIT_PIRATE:
        # Read only in the window: it walks the hand's log back.
        after_draw = played_after_drawing(log)
        text.append(_pirate_window(view, names, style, thinking=thinking, after_draw=after_draw))
        text.append(_offers(view, actions, names, style))
    elif view.to_act == view.seat:
        text.append(_own_decision(view, actions, names, style, log))
        text.append(_cheat_note(view, actions, style, selected))
    else:
        who = names[view.to_act] if view.to_act is not None else "Nobody"
        if view.phase is Phase.AWAIT_DISCARD:
            text.append("Discard round: ", style="bold")
        verb = " is thinking…" if thinking else _waiting_for(view, names, style, log)
        text.append(f"{who}{verb}", style="italic")
        text.append(_offers(view, actions, names, style))
    return text


def _game_over(view: PlayerView, names: Sequence[str]) -> str:
    """The end of the game and who won: "The game is over: Ada and Basil win."."""
    winners = ["You" if seat == view.seat else names[seat] for seat in view.winners]
    if not winners:
        return "The game is over."
    verb = "win" if len(winners) > 1 or view.winners == (view.seat,) else "wins"
    return f"The game is over: {' and '.join(winners)} {verb}."


def _waiting_for(view: PlayerView, names: Sequence[str], style: Style, log: Sequence[Event]) -> str:
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
    return f" to play.{style.hurry}"


def _own_decision(
    view: PlayerView,
    actions: Sequence[Action],
    names: Sequence[str],
    style: Style,
    log: Sequence[Event],
) -> Text:
    plays = [a for a in actions if a.kind is ActionKind.PLAY]
    kinds = {a.kind for a in actions}
    key = style.key
    text = Text()
    if view.phase is Phase.AWAIT_FIRST_COLOR:
        text.append(f"The first discard is a Wild: name its colour {key('colour')}.", style="bold")
    elif view.phase is Phase.AWAIT_WD4_RESPONSE:
        text.append(_wd4_answer(view, actions, names, style))
        text.append(_block_note(actions, style))
    elif view.phase is Phase.AWAIT_DISCARD:
        text.append(_discard_question(actions, style))
    elif view.phase is Phase.AWAIT_BLOCK:
        text.append(_block_question(view, actions, names, style, log))
    elif view.phase is Phase.AWAIT_GIFT:
        text.append(_gift_question(view, names, style, log))
    elif view.phase is Phase.AWAIT_LEAD:
        text.append(_lead_question(actions, style))
    elif view.phase is Phase.AWAIT_STACK_RESPONSE:
        text.append(f"+{view.pending_draw} is coming to you: ", style="bold")
        if plays:
            text.append(f"stack a draw card {key('stack')} or ")
        text.append(f"accept {key('accept')} and draw {view.pending_draw}.")
        text.append(_block_note(actions, style))
    elif view.phase is Phase.AFTER_DRAW and view.drawn is not None:
        text.append("You drew ", style="bold")
        text.append(style.card_text(view.drawn, None))
        keep, play = key("keep"), key("play_drawn")
        if view.drawn in cheat_cards(view, actions):  # §7.6.3: a cheat, yet it may be played
            text.append(f": it does not match. Keep it {keep}, or play it anyway {play}.")
        elif plays:
            text.append(f": play it {play} or keep it {keep}.")
        else:
            text.append(f": it cannot be played; keep it {keep}.")
    elif plays:
        text.append("Your turn: ", style="bold")
        text.append(f"play {style.playable} {key('choose')}")
        if ActionKind.DRAW in kinds:
            text.append(f" or draw {key('draw')}")
        text.append(".")
    elif ActionKind.DRAW in kinds:
        text.append("Your turn: ", style="bold")
        text.append(f"nothing matches. Draw a card {key('draw')}.")
    else:
        text.append("Your turn.", style="bold")
    text.append(_offers(view, actions, names, style))
    return text


def _pirate_window(
    view: PlayerView, names: Sequence[str], style: Style, *, thinking: bool, after_draw: bool
) -> Text:
    """§7.6.4: a play waits in its window. Asked, you see what everyone can know of it and what
    a call costs; your own play shows what only you know; else who is deciding."""
    play = window_play(view, after_draw)
    text = Text()
    if play is None:  # a window always has a play under it; only a safeguard
        return text
    if view.to_act == view.seat:
        text.append(what_it_was(play, names, style.card, style.color_word), style="bold")
        stand, call = style.key("let_stand"), style.key("call_cheat")
        text.append(f" Let it stand {stand} or call a cheat {call}.\n")
        text.append(call_price(play, view, names, style.card))
        return text
    if play.player == view.seat:
        text.append(own_window(view, names), style="bold yellow" if view.cheat else "bold")
        return text
    who = names[view.to_act] if view.to_act is not None else "Nobody"
    played = style.card(play.card, play.color if play.card.is_wild else None)
    verb = " is thinking…" if thinking else f" decides: let {played} stand or call a cheat."
    text.append(f"{who}{verb}", style="italic")
    return text


def _cheat_note(
    view: PlayerView, actions: Sequence[Action], style: Style, selected: Card | None
) -> Text:
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
            f"\ncheat: {style.card(selected, None)} {why} — it stands unless someone calls it.",
            style="bold yellow",
        )
    return Text(
        f"\nCards marked {style.cheat_mark} are cheats: they stand unless someone calls them."
    )


def _wd4_answer(
    view: PlayerView, actions: Sequence[Action], names: Sequence[str], style: Style
) -> Text:
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
    text.append(f"challenge {style.key('challenge')} or " if can_challenge else "")
    text.append(f"accept {style.key('accept')} and draw {owed}")
    if any(a.kind is ActionKind.PLAY for a in actions):
        text.append(f", or stack a draw card {style.key('stack')}")
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


def _discard_question(actions: Sequence[Action], style: Style) -> Text:
    """§7.11.4: a discard round asks you. Choosing a card discards it, as choosing one plays it
    on your turn; `d` (and its button) declines, since nobody draws in a round."""
    discards = [a for a in actions if a.kind is ActionKind.DISCARD]
    text = Text("Discard round: ", style="bold")
    if discards:
        text.append(
            f"discard one card beneath the top card {style.key('choose')}, "
            f"or decline {style.key('decline')}."
        )
    else:  # the engine passes a single card by; this is only a safeguard
        text.append(f"your last card stays with you: decline {style.key('decline')}.")
    if any(a.uno for a in discards):
        text.append(f" A discard leaves you one card: {style.call_uno_with}")
    return text


def _block_question(
    view: PlayerView,
    actions: Sequence[Action],
    names: Sequence[str],
    style: Style,
    log: Sequence[Event],
) -> Text:
    """§7.11.3: a card of another player's is about to hit you, and you hold the Invisibility
    card: what it would do, and the two answers."""
    text = Text(threat(view, log, names), style="bold")
    block, allow = style.key("block"), style.key("allow")
    text.append(f": block it with Invisibility {block} (choose a colour) or allow {allow}.")
    text.append(_block_call(actions, style))
    return text


def _block_note(actions: Sequence[Action], style: Style) -> Text:
    """§7.11.3: beside accepting a pending draw, the Invisibility block (it cancels it all)."""
    if not any(a.kind is ActionKind.BLOCK for a in actions):
        return Text()
    text = Text(
        f" Or block it all with Invisibility {style.key('block')} (choose a colour).",
        style="bold",
    )
    text.append(_block_call(actions, style))
    return text


def _block_call(actions: Sequence[Action], style: Style) -> str:
    if any(a.kind is ActionKind.BLOCK and a.uno for a in actions):
        return f" The block leaves you one card: {style.call_uno_with}"
    return ""


def _gift_question(
    view: PlayerView, names: Sequence[str], style: Style, log: Sequence[Event]
) -> Text:
    """§7.11.7: your Mambo's gifts, one card to each player in turn."""
    text = Text("Mambo: ", style="bold")
    to = gift_to(view, log)
    whom = names[to] if to is not None else "the next player"
    text.append(f"give one card to {whom} {style.key('choose')}.")
    after = gifts_after(view, log)
    if after:
        text.append(f" Then to {_and([names[seat] for seat in after])}.")
    text.append(" Then you lead any card.")
    return text


def _lead_question(actions: Sequence[Action], style: Style) -> Text:
    """§7.11.7: after the gifts, any card of your hand, matching or not."""
    text = Text("Mambo: ", style="bold")
    text.append(f"lead any card of your hand {style.key('choose')}: it need not match.")
    if any(a.kind is ActionKind.LEAD and a.uno for a in actions):
        text.append(f" A lead that leaves you one card: {style.call_uno_with}")
    return text


def _and(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _offers(
    view: PlayerView, actions: Sequence[Action], names: Sequence[str], style: Style
) -> Text:
    """The out-of-turn chances: catching an exposed player, jumping in."""
    text = Text()
    for action in actions:
        if action.kind is ActionKind.CATCH and action.target is not None:
            text.append(
                f"  {names[action.target]} did not call Uno: catch {style.key('catch')}!",
                style="bold yellow",
            )
            break
    if view.to_act != view.seat:
        jump = next((a for a in actions if a.kind is ActionKind.PLAY and a.card), None)
        if jump is not None and jump.card is not None:
            text.append("  Jump in with ", style="bold cyan")
            text.append(style.card_text(jump.card, None))
            text.append(f" {style.key('jump_in')}!", style="bold cyan")
    return text
