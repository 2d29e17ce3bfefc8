"""What makes a `GameState` one the engine can reach: the invariants it keeps, written once.

`check_state` is asked by every reader of stored or foreign positions (`read_state`,
`from_notation`); records, saved games and the web server's restore replay their actions
through `apply`, and every state reached in play passes it (a property test). A state it
accepts can be played on by `apply`, raising only lastcard errors.

The invariants, each named in the error's field:

- **cards**: every card of the rules' deck in exactly one place (E68);
- **seats**: without elimination every seat plays; with it, the seats out are those the
  history eliminated; until the game is over at least two seats play; whoever decides, whose
  turn it is and whoever is exposed are in the game, and every seat in the game holds a card
  while a hand is under way (the player of a last card waits in Pirate's window holding none);
- **phases and what they wait on**: who decides in each phase, the current colour, the drawn
  card only after a draw, a pending draw and a challenge only while answered, the answering
  seat never the card's own player, each variant's phase only under the rules that have its
  card, a block's player in the game;
- **counters**: consecutive passes short of a full cycle, the hand's turns short of the turn
  limit while the hand goes on;
- **history**: hands numbered 1, 2, ... up to this one, each total its predecessor plus its
  points, the scores the last totals, winners exactly when the game is over.

`from_notation` describes a position, as a chess FEN does, and may leave out the history and
part of the deck (its documentation says so): it asks `check_state(state, position=True)`,
which skips the cards and the history and checks everything else.
"""

from __future__ import annotations

from collections import Counter

from .cards import Card, Kind
from .decoding import corrupt
from .errors import shown
from .facts import EffectKind, rule_facts
from .state import GameState, Phase

# Phases in which a hand is under way: a colour is current and someone must decide.
PLAYING = frozenset(
    {
        Phase.AWAIT_TURN,
        Phase.AFTER_DRAW,
        Phase.AWAIT_WD4_RESPONSE,
        Phase.AWAIT_STACK_RESPONSE,
        Phase.AWAIT_DISCARD,
        Phase.AWAIT_PIRATE,
        Phase.AWAIT_GIFT,
        Phase.AWAIT_LEAD,
        Phase.AWAIT_BLOCK,
    }
)
_UNDER_WAY = PLAYING | {Phase.AWAIT_FIRST_COLOR}
_RESPONSES = (Phase.AWAIT_WD4_RESPONSE, Phase.AWAIT_STACK_RESPONSE)
_OVER = (Phase.HAND_OVER, Phase.GAME_OVER)
# The effect without whose card a phase cannot arise.
_PHASE_EFFECT = {
    Phase.AWAIT_DISCARD: EffectKind.ALL_DISCARD_ONE,
    Phase.AWAIT_GIFT: EffectKind.MAMBO,
    Phase.AWAIT_LEAD: EffectKind.MAMBO,
}
_INVISIBILITY = Card(Kind.WILD_INVISIBILITY)


def check_state(state: GameState, *, position: bool = False) -> None:
    """Raise `CorruptDataError` naming the field if no game could have reached `state`.

    `position=True` (a position from the notation) leaves out the deck and the history."""
    if not position:
        check_deck(state)
    _check_seats(state, position)
    _check_phase(state)
    _check_pending(state)
    _check_counters(state)
    if not position:
        _check_history(state)


def check_deck(state: GameState) -> None:
    """Every card of the rules' deck is in exactly one place (E68)."""
    found = Counter(state.stock)
    found.update(state.discard)
    for hand in state.hands:
        found.update(hand)
    deck = state.rules.deck_cards()
    expected = Counter(deck)
    if found != expected:
        extra = sorted(c.code for c in (found - expected).elements())
        missing = sorted(c.code for c in (expected - found).elements())
        raise corrupt(
            "state.hands/stock/discard",
            f"the cards are not the rules' deck of {len(deck)}: "
            f"{sum(found.values())} cards, extra {shown(extra, 60)}, missing {shown(missing, 60)}",
        )


def _check_seats(state: GameState, position: bool) -> None:
    active, phase = state.active, state.phase
    playing = sum(active)
    if not state.rules.elimination and playing != state.players:
        raise corrupt("state.active", "only elimination puts a seat out of the game (§7.5)")
    if phase is not Phase.GAME_OVER and playing < 2:
        raise corrupt("state.active", f"{playing} seat(s) in the game, which would be over")
    if not position and state.rules.elimination:
        out = {seat for result in state.history for seat in result.eliminated}
        if out != {seat for seat in range(state.players) if not active[seat]}:
            raise corrupt("state.active", "the seats out are not those the history eliminated")
    if phase in _UNDER_WAY:
        if not active[state.turn]:
            raise corrupt("state.turn", f"seat {state.turn} is out of the game (§7.5)")
        for seat in range(state.players):
            if position or not active[seat] or _waits_in_window(state, seat):
                continue  # a position may show an empty hand (it draws when its turn comes)
            if not state.hands[seat]:
                raise corrupt(f"state.hands[{seat}]", "a seat in the game holds no card mid-hand")
    for name, who in (("exposed", state.exposed), ("top_player", state.top_player)):
        if who is not None and phase in _UNDER_WAY and not active[who]:
            raise corrupt(f"state.{name}", f"seat {who} is out of the game (§7.5)")


def _waits_in_window(state: GameState, seat: int) -> bool:
    """§7.6.4: the player of a last card under Pirate holds nothing while its window is open."""
    return state.phase is Phase.AWAIT_PIRATE and seat == state.turn


def _check_phase(state: GameState) -> None:
    """Who decides in each phase, and what the phase needs to be decided."""
    phase = state.phase
    to_act = state.to_act
    if phase in _UNDER_WAY:
        if to_act is None:
            raise corrupt("state.to_act", f"someone must decide in phase {phase.value}")
        if not state.active[to_act]:
            raise corrupt("state.to_act", f"seat {to_act} is out of the game (§7.5)")
    elif to_act is not None:
        raise corrupt("state.to_act", f"nobody decides in phase {phase.value}, not seat {to_act}")
    if phase in (Phase.AWAIT_TURN, Phase.AFTER_DRAW) and to_act != state.turn:
        raise corrupt("state.to_act", f"in phase {phase.value} the seat whose turn it is decides")
    if phase in PLAYING and state.color is None:
        raise corrupt("state.color", f"a colour is current in phase {phase.value}")
    if phase is Phase.AFTER_DRAW and (
        state.drawn is None or state.drawn not in state.hands[state.turn]
    ):
        raise corrupt("state.drawn", f"seat {state.turn} holds no drawn card in phase after_draw")
    if phase in _RESPONSES and to_act is not None and to_act == state.top_player:
        raise corrupt("state.to_act", "a pending draw is answered by another seat than its card's")
    if phase is Phase.AWAIT_STACK_RESPONSE and not rule_facts(state.rules).allows_stacking:
        raise corrupt("state.phase", "a stacked total is answered only with stacking on (§7.1)")
    effect = _PHASE_EFFECT.get(phase)
    if effect is not None and not _deck_has(state, effect):
        raise corrupt("state.phase", f"no card of these rules starts phase {phase.value}")
    if (phase is Phase.AWAIT_PIRATE) != (state.pirate is not None):
        raise corrupt("state.pirate", "a Pirate window is open exactly in phase await_pirate")
    if phase is Phase.AWAIT_PIRATE and (
        to_act == state.turn or state.top_player != state.turn or not state.rules.pirate
    ):
        raise corrupt("state.to_act", "a Pirate window asks the others about the turn's play")
    block = state.block
    if (phase is Phase.AWAIT_BLOCK) != (block is not None):
        raise corrupt("state.block", "an Invisibility answer is asked exactly in await_block")
    if block is not None:
        if to_act == block.player:
            raise corrupt("state.to_act", "a seat never blocks its own card (§7.11.3)")
        if not state.active[block.player]:
            raise corrupt("state.block.player", f"seat {block.player} is out of the game")
        if to_act is not None and _INVISIBILITY not in state.hands[to_act]:
            raise corrupt("state.block", f"seat {to_act} holds no Invisibility card (§7.11.3)")
    gift_to = state.gift_to
    if (phase is Phase.AWAIT_GIFT) != (gift_to is not None):
        raise corrupt("state.gift_to", "a Mambo's gift is due exactly in phase await_gift")
    if phase in (Phase.AWAIT_GIFT, Phase.AWAIT_LEAD) and to_act != state.turn:
        raise corrupt("state.to_act", f"in phase {phase.value} the Mambo's player decides")
    if gift_to is not None and (gift_to == state.turn or not state.active[gift_to]):
        raise corrupt("state.gift_to", "a gift goes to another active seat (§7.11.7)")
    if phase is Phase.AWAIT_DISCARD and (
        state.top_player != state.turn or not state.active[state.turn]
    ):
        raise corrupt("state.turn", "a discard round ends with the player of its card (§7.11.4)")
    if state.first_discard not in state.rules.deck_cards():
        raise corrupt("state.first_discard", f"{state.first_discard.code} is not in the deck")


def _deck_has(state: GameState, effect: EffectKind) -> bool:
    facts = rule_facts(state.rules)
    return any(facts.card_effect(card).kind is effect for card in set(state.rules.deck_cards()))


def _check_pending(state: GameState) -> None:
    """What waits on an answer exists only in the phase that answers it."""
    phase = state.phase
    if phase in _RESPONSES:
        if state.pending_draw < 1:
            raise corrupt("state.pending_draw", f"phase {phase.value} answers a pending draw")
    elif state.pending_draw:
        raise corrupt("state.pending_draw", f"no draw is pending in phase {phase.value}")
    if phase is Phase.AWAIT_WD4_RESPONSE and (
        not rule_facts(state.rules).allows_wd4_bluff
        or state.challenge is None
        or state.discard[-1].kind is not Kind.WILD_DRAW_FOUR
    ):
        # §3.8: only a Wild Draw Four that may be a bluff waits to be challenged or accepted.
        raise corrupt("state.challenge", "a Wild Draw Four on top waits to be challenged")
    if phase is Phase.AWAIT_WD4_RESPONSE and state.pending_draw < 4:
        # Its 4 are in the total, whatever was stacked below it: a challenge takes them off.
        raise corrupt(
            "state.pending_draw", "a Wild Draw Four waiting on its answer makes 4 at least"
        )
    if (
        phase is Phase.AWAIT_WD4_RESPONSE
        and not rule_facts(state.rules).allows_stacking
        and state.pending_draw != 4
    ):
        raise corrupt("state.pending_draw", "without stacking a Wild Draw Four makes one draw 4")
    if state.drawn is not None and phase is not Phase.AFTER_DRAW:
        raise corrupt("state.drawn", f"a drawn card waits only in after_draw, not {phase.value}")
    challenge = state.challenge
    if challenge is not None:
        if phase not in (Phase.AWAIT_WD4_RESPONSE, Phase.AWAIT_PIRATE, Phase.AWAIT_BLOCK):
            raise corrupt("state.challenge", f"no Wild Draw Four is answered in {phase.value}")
        if challenge.player != state.top_player:
            raise corrupt("state.challenge.player", "a challenge is of the top card's player")
    if state.exposed is not None and len(state.hands[state.exposed]) != 1:
        raise corrupt("state.exposed", f"seat {state.exposed} does not hold one card (§4.4)")
    if bool(state.winners) != (phase is Phase.GAME_OVER):
        raise corrupt("state.winners", "a game has winners exactly when it is over")


def _check_counters(state: GameState) -> None:
    if state.phase in _OVER:
        return
    playing = sum(state.active)
    if state.passes >= playing:
        raise corrupt("state.passes", f"{playing} passes in a row would have ended the hand")
    limit = state.rules.turn_limit
    if limit is not None and state.hand_turns >= limit:
        raise corrupt("state.hand_turns", f"the hand would have ended at {limit} turns (§3.11.4)")


def _check_history(state: GameState) -> None:
    """Hands 1, 2, ... each adding its points to the totals before; the scores the last."""
    history = state.history
    finished = state.hand_number if state.phase in _OVER else state.hand_number - 1
    if len(history) != finished:
        raise corrupt(
            "state.history",
            f"hand {state.hand_number} follows {finished} finished hands, not {len(history)}",
        )
    totals = (0,) * state.players
    for i, result in enumerate(history):
        if result.number != i + 1:
            raise corrupt(f"state.history[{i}].number", f"hand {i + 1} is numbered {result.number}")
        if len(result.totals) != state.players or result.totals != tuple(
            t + p for t, p in zip(totals, result.points, strict=False)
        ):
            raise corrupt(f"state.history[{i}].totals", "not the totals before plus the points")
        totals = result.totals
    if state.scores != totals:
        raise corrupt("state.scores", f"{list(state.scores)} are not the history's totals")
