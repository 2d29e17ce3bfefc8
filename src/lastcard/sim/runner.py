"""`play_game`: one whole game between bots, recorded as a `GameRecord`.

Who acts, in this order, after the game starts and after every transition:

1. **Out-of-turn offers**, polled in seat order (0, 1, ..., n-1), skipping `state.to_act`. A seat
   is asked only if its legal actions include out-of-turn ones (`catch N`, a late `uno`, a
   jump-in play); it is offered just those, with `may_pass=True`, and `None` passes. The first
   seat that acts ends the poll: its action is a transition, so the poll starts again from seat
   0 on the new state.
2. **The seat to act**: when nobody acted out of turn, `state.to_act` chooses from all its legal
   actions (which may include `catch N` or `uno` too).
3. **Between hands** (phase HAND_OVER, `to_act` None), the runner sends `next` for the dealer of
   the hand that ended; any seat may, so no bot is asked.

The game ends at GAME_OVER, or after `max_actions` actions (then `state.is_over` is False: a
safety net against a bot that never finishes, not a rule).

Seeds: the engine deals with the game's `seed`; the bot at seat k is built with
`bot_seed(seed, k)`, derived with `lastcard.core.rng.derive_seed`. The same bots, rules and seed
therefore always give the same game, and every recorded action replays through `lastcard.replay`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from lastcard.bots import Bot, BotFactory, make_bot
from lastcard.core import (
    Action,
    ActionKind,
    Event,
    GameRecord,
    GameState,
    LastcardError,
    Phase,
    Recorder,
    Rules,
    Transition,
    legal_actions,
    parse_action,
    player_view,
)
from lastcard.core.rng import derive_seed

DEFAULT_MAX_ACTIONS = 100_000

EventHook = Callable[[Event, GameState], None]
"""Called with each event and the state after the transition that caused it."""

StepHook = Callable[[int, Action, GameState, Transition], None]
"""Called after each action: the seat, the action, the state before it and the transition."""

_OUT_OF_TURN = frozenset({ActionKind.CATCH, ActionKind.UNO, ActionKind.PLAY})
_NEXT = parse_action("next")


class BotMistakeError(LastcardError):
    """A bot answered with something that was not on offer, or passed when it had to act."""

    code = "BOT_MISTAKE"


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at `seat` in the game dealt with `seed`."""
    return derive_seed(seed, "bot", seat)


def out_of_turn_offer(state: GameState, seat: int) -> tuple[Action, ...]:
    """The out-of-turn actions `seat` may take now (catch, late Uno call, jump-in), if any.

    Empty for the seat to act and between hands: those are not offers but decisions. Wild
    jump-ins are never offered (§7.3.1); the filter guards against an engine that lists them,
    as an earlier one did.
    """
    if seat == state.to_act or state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        return ()
    if state.exposed is None and not state.rules.jump_in:
        return ()  # the common case, answered without asking the engine
    return tuple(
        a
        for a in legal_actions(state, seat)
        if a.kind in _OUT_OF_TURN and not (a.card is not None and a.card.is_wild)
    )


def play_game(
    bots: Sequence[BotFactory | str],
    rules: Rules | None = None,
    seed: int = 0,
    *,
    on_event: EventHook | None = None,
    on_step: StepHook | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> tuple[GameRecord, GameState]:
    """Play one game between `bots` (one per seat: a registered name or a factory of a seed).

    Returns the game's record and its final state. `on_event` sees every event, starting with
    the opening deal; `on_step` sees every action.
    """
    rules = rules if rules is not None else Rules()
    players = len(bots)
    recorder = Recorder(players, rules, seed=seed)
    seated: list[Bot] = [
        make_bot(bot, bot_seed(seed, seat)) if isinstance(bot, str) else bot(bot_seed(seed, seat))
        for seat, bot in enumerate(bots)
    ]
    state = recorder.state
    by_seat = dict(enumerate(seated))
    watchers = [(seat, bot.observe) for seat, bot in enumerate(seated) if hasattr(bot, "observe")]
    _show(recorder.opening_events, state, watchers, on_event)
    for _ in range(max_actions):
        if state.phase is Phase.GAME_OVER:
            break
        seat, action = _next_action(state, by_seat)
        before = state
        transition = recorder.apply(seat, action)
        state = transition.state
        if on_step is not None:
            on_step(seat, action, before, transition)
        _show(transition.events, state, watchers, on_event)
    return recorder.record(), state


def _show(
    events: Sequence[Event],
    state: GameState,
    watchers: Sequence[tuple[int, Callable[[Event], None]]],
    on_event: EventHook | None,
) -> None:
    """Each bot that observes sees each event as its seat may (`Event.redact`)."""
    for event in events:
        for seat, observe in watchers:
            observe(event.redact(seat))
        if on_event is not None:
            on_event(event, state)


def _next_action(state: GameState, bots: Mapping[int, Bot]) -> tuple[int, Action]:
    step = poll_bots(state, bots)
    if step is not None:
        return step
    if state.phase is Phase.HAND_OVER:
        return state.dealer, _NEXT
    raise RuntimeError(f"nobody is to act in phase {state.phase.value}")


def poll_bots(
    state: GameState,
    bots: Mapping[int, Bot],
    *,
    before_choosing: Callable[[int], None] | None = None,
) -> tuple[int, Action] | None:
    """Who acts next among `bots` (seat -> bot; other seats are not asked), in the order of the
    module docstring: out-of-turn offers in seat order, then the seat to act if it is a bot.
    None: no bot acts (all passed, and the seat to act, if any, is not one of them).
    `before_choosing(seat)` runs before each question (`lastcard play` shows a bot the events
    it has not seen yet there). A bot's answer off the offer raises `BotMistakeError`."""
    for seat, bot in bots.items():
        offer = out_of_turn_offer(state, seat)
        if offer:
            if before_choosing is not None:
                before_choosing(seat)
            choice = bot.choose(player_view(state, seat), offer, may_pass=True)
            if choice is not None:
                return seat, _checked(choice, offer, seat)
    to_act = state.to_act
    if to_act is None or to_act not in bots:
        return None
    legal = legal_actions(state, to_act)
    if before_choosing is not None:
        before_choosing(to_act)
    choice = bots[to_act].choose(player_view(state, to_act), legal)
    if choice is None:
        raise BotMistakeError(f"the bot at seat {to_act} passed, but it must act now")
    return to_act, _checked(choice, legal, to_act)


def _checked(choice: Action, offer: tuple[Action, ...], seat: int) -> Action:
    if choice not in offer:
        codes = ", ".join(a.code for a in offer)
        raise BotMistakeError(
            f"the bot at seat {seat} chose {choice.code!r}, which was not offered: {codes}"
        )
    return choice
