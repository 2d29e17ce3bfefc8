"""`ExpertBot` (`expert`): a policy network trained heads-up under the official rules, played
with NumPy.

The network (2 tanh layers; `expert.npz` beside this module, the format of
`lastcard.rl.policy`) reads the version 1 observation of `lastcard.rl.observation` — the first
343 numbers, written here from the view alone (tests/rl/test_expert.py checks them against
`observe`) — and scores the version 1 action numbers of `lastcard.core.action_index` and PASS;
the bot plays the best legal one. examples/train_expert.py trained it (PPO with self-play, a
league of past selves and the rule bots, on the compiled kernel's batched games); docs/RL.md
gives its results.

It was trained for two players under the official rules: at a larger table, under rules whose
cards or options act otherwise (house rules, theme cards), and whenever only actions it never
learnt are legal, it answers as `heuristic`, which it keeps informed of the game's events all
along.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lastcard.core import Action, Color, Event, Phase, PlayerView, Rules, action_index, rule_facts
from lastcard.core.action_index import CARD_ORDER, version_size

from .heuristic import HeuristicBot
from .options import BotOption

WEIGHTS = Path(__file__).with_name("expert.npz")
PLAYERS = 2
_SEATS = 10
_CARDS = len(CARD_ORDER)
_SLOT = {code: k for k, code in enumerate(CARD_ORDER)}
_COLORS = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
_PHASES = (
    Phase.AWAIT_TURN,
    Phase.AFTER_DRAW,
    Phase.AWAIT_WD4_RESPONSE,
    Phase.AWAIT_STACK_RESPONSE,
    Phase.AWAIT_FIRST_COLOR,
    Phase.HAND_OVER,
    Phase.GAME_OVER,
)
# The version 1 observation's slices, in order (lastcard.rl.observation.LAYOUT).
_HAND = 0
_TOP = _HAND + _CARDS
_DISCARD = _TOP + _CARDS
_DRAWN = _DISCARD + _CARDS
_COLOR = _DRAWN + _CARDS
_DIRECTION = _COLOR + 4
_PHASE = _DIRECTION + 1
_TO_ACT = _PHASE + len(_PHASES)
_TURN = _TO_ACT + _SEATS
_HAND_SIZES = _TURN + _SEATS
_ACTIVE = _HAND_SIZES + _SEATS
_EXPOSED = _ACTIVE + _SEATS
_UNCAUGHT = _EXPOSED + _SEATS
_TOP_PLAYER = _UNCAUGHT + _SEATS
_DEALER = _TOP_PLAYER + _SEATS
_SCORES = _DEALER + _SEATS
_CHALLENGE = _SCORES + _SEATS
_COUNTS = _CHALLENGE + 5
OBSERVATION_SIZE = _COUNTS + 4  # 343

if TYPE_CHECKING:  # NumPy is imported when the bot plays: `lastcard bots` and the rest need not
    import numpy as np
    import numpy.typing as npt

    Floats = npt.NDArray[np.float32]


def encode(view: PlayerView) -> Floats:
    """The version 1 observation of `view`'s seat (`lastcard.rl.observation.observe`'s first
    343 numbers)."""
    import numpy as np

    me = view.seat
    assert me is not None and view.hand is not None, "an observation is a player's"
    players = view.players
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    for card in view.hand:
        slot = _SLOT.get(card.code)
        if slot is not None:
            out[_HAND + slot] += 1.0
    for card in view.discard:
        slot = _SLOT.get(card.code)
        if slot is not None:
            out[_DISCARD + slot] += 1.0
    top = _SLOT.get(view.discard[-1].code)
    if top is not None:
        out[_TOP + top] = 1.0
    if view.drawn is not None and view.drawn.code in _SLOT:
        out[_DRAWN + _SLOT[view.drawn.code]] = 1.0
    if view.color is not None:
        out[_COLOR + _COLORS.index(view.color)] = 1.0
    out[_DIRECTION] = view.direction
    if view.phase in _PHASES:
        out[_PHASE + _PHASES.index(view.phase)] = 1.0
    for start, seat in (
        (_TO_ACT, view.to_act),
        (_TURN, view.turn),
        (_EXPOSED, view.exposed),
        (_TOP_PLAYER, view.top_player),
        (_DEALER, view.dealer),
    ):
        if seat is not None:
            out[start + (seat - me) % players] = 1.0
    for k in range(players):
        seat = (me + k) % players
        out[_HAND_SIZES + k] = view.hand_sizes[seat]
        out[_ACTIVE + k] = 1.0 if view.active[seat] else 0.0
        out[_SCORES + k] = view.scores[seat] / 100.0
    for seat in view.uncaught:
        out[_UNCAUGHT + (seat - me) % players] = 1.0
    if view.challengeable_by == me:
        out[_CHALLENGE] = 1.0
        if view.challenge_color is not None:
            out[_CHALLENGE + 1 + _COLORS.index(view.challenge_color)] = 1.0
    out[_COUNTS] = view.pending_draw
    out[_COUNTS + 1] = view.stock_size
    out[_COUNTS + 2] = view.hand_turns / 100.0
    out[_COUNTS + 3] = view.passes
    return out


@functools.cache
@functools.lru_cache(maxsize=64)
def _trained_for(rules: Rules) -> bool:
    """Whether every card and option acts as under the official rules it was trained on (the
    target score and the deck's dealing aside)."""
    return rule_facts(rules) == rule_facts(Rules())


def _network(path: str) -> tuple[list[tuple[Floats, Floats]], Floats, Floats, float]:
    """(hidden layers, observation mean, variance, clip) and the output layer last among the
    layers, read once."""
    import numpy as np

    with np.load(path) as arrays:
        data: dict[str, Any] = {key: arrays[key] for key in arrays.files}
    layers = []
    k = 0
    while f"w{k}" in data:
        layers.append((data[f"w{k}"].astype(np.float32), data[f"b{k}"].astype(np.float32)))
        k += 1
    layers.append((data["w_out"].astype(np.float32), data["b_out"].astype(np.float32)))
    clip = float(data.get("obs_clip", 10.0))
    return layers, data["obs_mean"].astype(np.float32), data["obs_var"].astype(np.float32), clip


class ExpertBot:
    """The trained heads-up policy (see the module); `heuristic` at larger tables."""

    SUMMARY = "a network trained heads-up by self-play (heuristic at larger tables)"
    OPTIONS: tuple[BotOption, ...] = ()

    def __init__(self, seed: int = 0) -> None:
        self._heuristic = HeuristicBot(seed)
        self._layers, self._mean, self._var, self._clip = _network(str(WEIGHTS))
        self._known = version_size(PLAYERS, 1)  # the numbers it learnt; PASS after them
        self._index = action_index(PLAYERS)

    def observe(self, event: Event) -> None:
        self._heuristic.observe(event)

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        if view.players != PLAYERS or not _trained_for(view.rules):
            return self._heuristic.choose(view, legal, may_pass=may_pass)
        index = self._index
        numbers = []
        actions = []
        for action in legal:
            number = index.index(action)
            if number < self._known:
                numbers.append(number)
                actions.append(action)
        if not numbers:
            return self._heuristic.choose(view, legal, may_pass=may_pass)
        import numpy as np

        x = np.clip(
            (encode(view) - self._mean) / np.sqrt(self._var + 1e-8), -self._clip, self._clip
        )
        *hidden, (w_out, b_out) = self._layers
        for weight, bias in hidden:
            x = np.tanh(x @ weight + bias)
        logits = x @ w_out + b_out
        best = max(range(len(numbers)), key=lambda k: logits[numbers[k]])
        if may_pass and logits[self._known] > logits[numbers[best]]:
            return None
        return actions[best]
