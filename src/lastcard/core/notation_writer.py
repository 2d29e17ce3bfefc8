"""`to_notation`: a whole `GameState` on one line (the grammar is `lastcard.core.notation`'s)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from .cards import Card
from .notation_grammar import (
    EMPTY,
    default_first,
    default_to_act,
    top_color,
    unwritten_cards,
)
from .rng import RngState
from .rules import PRESETS, Rules
from .state import (
    GameState,
    HandResult,
    Phase,
)


def to_notation(state: GameState, *, include_rules: bool = True) -> str:
    """The position on one line, every field that differs from its default written.

    With `include_rules=False` the rules are left out and must be given to `from_notation`.
    """
    players = state.players
    sections = [" / ".join(_cards_text(hand) for hand in state.hands)]

    def add(key: str, *values: object) -> None:
        sections.append(" ".join((key, *map(str, values))))

    if include_rules and state.rules != Rules():
        add("rules", _rules_text(state.rules))
    add("discard", _cards_text(state.discard))
    if state.stock != unwritten_cards(state.rules, state.hands, state.discard, ()):
        add("stock", _cards_text(state.stock))
    default_color = top_color(state.discard)
    if state.color is not default_color:
        sections.append("color -" if state.color is None else state.color.name.lower())
    if state.direction != 1:
        sections.append("ccw")
    if state.phase is not Phase.AWAIT_TURN:
        sections.append(state.phase.value)
    if state.turn != 0:
        add("turn", state.turn)
    if state.to_act != default_to_act(state.phase, state.turn):
        add("to_act", _seat_text(state.to_act))
    if state.pending_draw:
        add("pending", state.pending_draw)
    if state.drawn is not None:
        add("drawn", state.drawn.code)
    if state.challenge is not None:
        c = state.challenge
        color = EMPTY if c.color is None else c.color.value.lower()
        add("challenge", c.player, "legal" if c.legal else "bluff", color, *_codes(c.hand))
    if state.pirate is not None:
        p = state.pirate
        add(
            "pirate",
            "cheat" if p.cheat else "fair",
            EMPTY if p.color is None else p.color.value.lower(),
            _seat_text(p.top_player),
            ",".join(map(str, p.targets)) + f"*{p.count}" if p.targets else _seat_text(p.target),
            "uno" if p.uno else EMPTY,
        )
    if state.gift_to is not None:
        add("gift_to", state.gift_to)
    if state.block is not None:
        b = state.block
        targets = ",".join(map(str, b.targets)) or EMPTY
        add("block", b.what, b.player, b.count, b.reason or EMPTY, targets)
        if b.owes_uno:
            sections[-1] += " uno"
    if state.exposed is not None:
        add("exposed", state.exposed)
    if state.uncaught:
        add("uncaught", *state.uncaught)
    if state.top_player is not None:
        add("top_player", state.top_player)
    if state.passes:
        add("passes", state.passes)
    if state.hand_turns:
        add("hand_turns", state.hand_turns)
    if state.dealer != (state.turn - state.direction) % players:
        add("dealer", state.dealer)
    if state.hand_number != 1:
        add("hand", state.hand_number)
    if any(state.scores):
        add("scores", *state.scores)
    if not all(state.active):
        add("eliminated", *(seat for seat in range(players) if not state.active[seat]))
    if state.winners:
        add("winners", *state.winners)
    if state.first_discard is not default_first(state.rules, state.discard):
        add("first", state.first_discard.code)
    rng = state.rng
    if rng != RngState("fast", 0):
        kind = () if rng.kind == "fast" else (rng.kind,)
        add("rng", *kind, rng.seed, *((rng.counter,) if rng.counter else ()))
    if state.history:
        add("history", *(_result_text(result) for result in state.history))
    return " | ".join(sections)


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(_codes(cards)) if cards else EMPTY


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


def _seat_text(seat: int | None) -> str:
    return EMPTY if seat is None else str(seat)


def _rules_text(rules: Rules) -> str:
    """The preset these rules differ least from, and the options that differ."""
    options = rules.to_dict()
    best: tuple[str, list[str]] | None = None
    for name in PRESETS:
        preset = Rules.preset(name).to_dict()
        changes = [
            f"{key}={json.dumps(value, separators=(',', ':'))}"
            for key, value in options.items()
            if value != preset[key]
        ]
        if best is None or len(changes) < len(best[1]):
            best = (name, changes)
    assert best is not None
    return " ".join((best[0], *best[1]))


def _result_text(result: HandResult) -> str:
    def numbers(values: Sequence[int]) -> str:
        return ",".join(map(str, values))

    went_out = EMPTY if result.went_out is None else str(result.went_out)
    return ":".join(
        (
            str(result.number),
            str(result.dealer),
            result.first_discard.code,
            went_out,
            numbers(result.hand_values),
            numbers(result.points),
            numbers(result.totals),
            numbers(result.eliminated),
        )
    )
