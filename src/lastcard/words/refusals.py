"""Why an action was refused, in a player's words: one sentence for each engine error code a
player can cause (`lastcard.core.errors.ERROR_TYPES`), said alike by every front end in its
own `Style` (a test checks every code has its words).

The engine's own message names the rule for a programmer ("CARD_DOES_NOT_MATCH: R5 does not
match G7 ... (§3.2)"); a player is told what to do instead.

>>> from lastcard.core import apply, new_game, parse_action, player_view, IllegalActionError
>>> from lastcard.words.style import PLAIN
>>> state = new_game(2, seed=0, dealer=1)  # G8 turned up: seat 0 plays first
>>> action = parse_action("draw")
>>> try:
...     apply(state, 1, action)
... except IllegalActionError as error:
...     print(refusal(error, action, player_view(state, 1), ["Ann", "You"], PLAIN))
It is Ann's turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lastcard.core import Action, ActionKind, IllegalActionError, Phase, PlayerView, rule_facts

from .cards import COLOR_WORDS, value_name
from .style import Style

# Answers tried while nothing asks for them.
NOTHING_NOW = {
    "NO_PIRATE_WINDOW": "There is no play waiting to be let stand or called a cheat now.",
    "NO_BLOCK": "Nothing is aimed at you to block with Invisibility now.",
    "NO_MAMBO": "There is no Mambo of yours under way: cards are given and led only after one.",
    "NO_DISCARD_ROUND": (
        "There is no discard round now: a card is discarded only when one asks you."
    ),
    "NOTHING_TO_KEEP": "There is no drawn card to keep.",
    "NOTHING_TO_ACCEPT": "There is no penalty to accept.",
    "HAND_NOT_OVER": "The hand is not over yet: the next one is dealt when it is.",
    "NOT_OFFERED": "That is not on offer now.",
}
_ANOTHER_SEATS = ("NOT_YOUR_TURN", "JUMP_IN_NOT_ALLOWED", "NOT_THE_CHALLENGER")
_RACES = ("CATCH_INVALID", "CATCH_TOO_LATE")


def refusal(
    error: IllegalActionError,
    action: Action,
    view: PlayerView,
    names: Sequence[str],
    style: Style,
) -> str:
    """Why the engine refused `action` of the reader of `view` (named `names`), as a sentence."""
    code = error.code
    if code in NOTHING_NOW:
        return NOTHING_NOW[code]
    if code in _ANOTHER_SEATS:
        return not_your_turn(view, names, action, style)
    words = _SAID.get(code)
    if words is not None:
        said = words(action, view, style)
        if said is not None:
            return said
    return _as_sentence(error.message)


def not_your_turn(view: PlayerView, names: Sequence[str], action: Action, style: Style) -> str:
    """Whose decision it is now, in the words of the phase."""
    who = names[view.to_act] if view.to_act is not None else "nobody"
    if view.phase is Phase.AWAIT_DISCARD:
        return f"Discard round: it is {who}'s turn to discard or decline."
    if view.phase is Phase.AWAIT_PIRATE:
        return f"The play waits on {who}: to let it stand or call a cheat."
    if view.phase is Phase.AWAIT_BLOCK:
        return f"{who} decides first whether to block it with Invisibility."
    if view.phase in (Phase.AWAIT_GIFT, Phase.AWAIT_LEAD):
        return f"It is {who}'s Mambo: wait for their gifts and their lead."
    if view.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        return "The hand is over."
    if action.card is not None and rule_facts(view.rules).allows_jump_in:
        return f"It is {who}'s turn: only a card identical to {_top(view, style)} may jump in."
    return f"It is {who}'s turn."


def answer_needed(view: PlayerView, style: Style) -> str:
    """What the reader must answer before anything else."""
    key = style.key
    if view.phase is Phase.AWAIT_WD4_RESPONSE:
        return f"challenge the Wild Draw Four {key('challenge')} or accept it {key('accept')}."
    if view.phase is Phase.AWAIT_STACK_RESPONSE:
        return f"stack a draw card or accept the {view.pending_draw} cards {key('accept')}."
    if view.phase is Phase.AWAIT_FIRST_COLOR:
        return f"name the colour of the first discard {key('colour')}."
    if view.phase is Phase.AWAIT_DISCARD:
        return f"discard one card {key('choose')} or decline {key('decline')}."
    if view.phase is Phase.AWAIT_PIRATE:
        return f"let the play stand {key('let_stand')} or call a cheat {key('call_cheat')}."
    if view.phase is Phase.AWAIT_BLOCK:
        return f"block it with Invisibility {key('block')} or allow it {key('allow')}."
    if view.phase is Phase.AWAIT_GIFT:
        return f"give one card {key('choose')} to the player your Mambo names."
    if view.phase is Phase.AWAIT_LEAD:
        return f"lead any card {key('choose')} after your Mambo's gifts."
    return "see the question above your hand."


def _top(view: PlayerView, style: Style) -> str:
    return style.card(view.top, view.color if view.top.is_wild else None)


def _does_not_match(action: Action, view: PlayerView, style: Style) -> str | None:
    card = action.card
    if card is None:
        return None
    color = COLOR_WORDS[view.color] if view.color is not None else "matching"
    value = value_name(view.top)  # a wild top has no value to match
    also = f", {'an' if value == '8' else 'a'} {value}" if value is not None else ""
    return (
        f"{style.card(card, None)} does not match {_top(view, style)}: "
        f"play a {color} card{also} or a wild."
    )


def _not_in_hand(action: Action, view: PlayerView, style: Style) -> str | None:
    return f"You have no {style.card(action.card, None)}." if action.card is not None else None


def _wild_draw_four(action: Action, view: PlayerView, style: Style) -> str:
    color = COLOR_WORDS[view.color] if view.color is not None else "current"
    return f"A Wild Draw Four may be played only when you hold no {color} card."


def _only_drawn(action: Action, view: PlayerView, style: Style) -> str | None:
    if view.drawn is None:
        return None
    drawn = style.card(view.drawn, None)
    keep, play = style.key("keep"), style.key("play_drawn")
    return f"After drawing, only {drawn} may be played {play}; or keep it {keep}."


def _draw_not_allowed(action: Action, view: PlayerView, style: Style) -> str:
    if view.phase is Phase.AFTER_DRAW:
        keep, play = style.key("keep"), style.key("play_drawn")
        return f"You have drawn already: play the card drawn {play} or keep it {keep}."
    return "Drawing is not allowed now: play a card you can play."


def _last_card(action: Action, view: PlayerView, style: Style) -> str:
    return f"Your last card cannot be discarded: decline {style.key('decline')}."


def _response_required(action: Action, view: PlayerView, style: Style) -> str:
    return "Answer first: " + answer_needed(view, style)


def _option_disabled(action: Action, view: PlayerView, style: Style) -> str | None:
    if action.kind in (ActionKind.PASS, ActionKind.CHEAT):
        return "This game is not played with Pirate rules: there are no cheats to call."
    return None


def _nothing_to_call(action: Action, view: PlayerView, style: Style) -> str:
    return "There is no Uno to call now: call it with the play that leaves you one card."


def _catch(action: Action, view: PlayerView, style: Style) -> str:
    return "Too late: that player cannot be caught now."


def _hand_is_over(action: Action, view: PlayerView, style: Style) -> str:
    if view.phase is Phase.GAME_OVER:
        return "The game is over."
    return f"The hand is over: deal the next hand {style.key('next')}."


def _missing_color(action: Action, view: PlayerView, style: Style) -> str | None:
    if action.card is None:
        return None
    return f"Name the colour {style.card(action.card, None)} chooses {style.key('colour')}."


def _unexpected_color(action: Action, view: PlayerView, style: Style) -> str | None:
    if action.card is None:
        return None
    return f"{style.card(action.card, None)} names no colour: play it without one."


def _invalid_target(action: Action, view: PlayerView, style: Style) -> str | None:
    return None  # the engine's message names the seats that may be named, and why


_SAID: dict[str, Callable[[Action, PlayerView, Style], str | None]] = {
    "CARD_DOES_NOT_MATCH": _does_not_match,
    "CARD_NOT_IN_HAND": _not_in_hand,
    "ILLEGAL_WILD_DRAW_FOUR": _wild_draw_four,
    "ONLY_DRAWN_CARD_MAY_BE_PLAYED": _only_drawn,
    "DRAW_NOT_ALLOWED": _draw_not_allowed,
    "CANNOT_DISCARD_LAST_CARD": _last_card,
    "RESPONSE_REQUIRED": _response_required,
    "OPTION_DISABLED": _option_disabled,
    "NOTHING_TO_CALL": _nothing_to_call,
    "CATCH_INVALID": _catch,
    "CATCH_TOO_LATE": _catch,
    "HAND_IS_OVER": _hand_is_over,
    "MISSING_COLOUR": _missing_color,
    "UNEXPECTED_COLOUR": _unexpected_color,
    "INVALID_TARGET": _invalid_target,
}


def worded_codes() -> frozenset[str]:
    """The error codes this module words (a test checks they are all the engine's codes)."""
    return frozenset({*NOTHING_NOW, *_ANOTHER_SEATS, *_SAID})


def _as_sentence(message: str) -> str:
    """The engine's message, made a sentence: capitalised, with a full stop."""
    text = message.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."
