"""The words of a refusal that both tables say alike: whose decision it is, and that nothing
waits for an answer of the kind tried (the decision panel and plain mode word the rest, with
their own keys)."""

from __future__ import annotations

from collections.abc import Sequence

from lastcard.core import Card, Phase, PlayerView, rule_facts

# Answers tried while nothing asks for them.
NOTHING_NOW = {
    "NO_PIRATE_WINDOW": "There is no play waiting to be let stand or called a cheat now.",
    "NO_BLOCK": "Nothing is aimed at you to block with Invisibility now.",
    "NO_MAMBO": "There is no Mambo of yours under way: cards are given and led only after one.",
}


def not_your_turn(view: PlayerView, names: Sequence[str], card: Card | None, top: str) -> str:
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
    if card is not None and rule_facts(view.rules).allows_jump_in:
        return f"It is {who}'s turn: only a card identical to {top} may jump in."
    return f"It is {who}'s turn."
