"""`IsmctsBot`: information-set Monte-Carlo tree search (single observer).

The bot searches one tree over its own information set (Cowling, Powley & Whitehouse 2012,
"SO-ISMCTS"). Each iteration:

1. **Determinize**: sample a full `GameState` consistent with the bot's view and what it has
   observed (`lastcard.bots.determinize`): the hidden hands and the stock are dealt at random.
2. **Select**: from the root, descend while every action legal *in this sample* has a child,
   picking by UCB1 with availability counts: `mean + c * sqrt(ln(avail) / visits)`, where
   `avail` counts the iterations in which the child was legal. Each node's mean is the reward of
   the seat that chose the action leading to it, so opponents pick what is best for them.
3. **Expand** one untried action (uniformly chosen).
4. **Roll out** with a fast policy (`rollout=`, `lastcard.bots.rollout`) until the hand ends
   or `rollout_depth` actions.
5. **Back up** the rewards: 1 for the seat that went out of the hand, 0 for the others (a
   blocked hand gives every seat 1/n). A rollout cut short is scored by `estimate`, from the
   hand sizes alone.

The answer is the most visited root action (ties: the higher mean, then the first legal).

**What is simulated.** Only the seat to act moves in the tree and in rollouts. Every play of a
penultimate card is made with the Uno call (`!`), so no one is ever exposed inside a search, and
nobody catches or jumps in there (out-of-turn offers are not searched, see below). Challenges,
keeping a drawn card, voluntary draws, colours, Seven-O targets and stacking are all ordinary
tree actions, and so are the discards of a discard round (§7.11.4: each with the call when it
leaves one card; declining is pruned while a discard is on offer, since shedding a card there
costs nothing).

**Rollout policies** (`rollout=`): `"smart"` (default), `"strong"` and `"random"`, described in
`lastcard.bots.rollout`.

**Simulators** (`fast=`). By default every sample is a `FastGame` (`lastcard.core.unchecked`):
the tree's steps and the rollouts change it in place with actions the engine's rules listed,
without validation, events or a new state per action, several times faster than the checked
engine. Rules it does not cover (stacking, Seven-O, the 2018 deck and so its discard round:
`Sampler.fast_rules`) are searched through the checked engine (`legal_actions`, `apply` on
`GameState` samples), as is everything with `fast=False`. Both simulators play exactly the
same games, so for a seed and an iteration budget the bot's choices do not depend on `fast`;
only the iterations a time budget buys do.

**Decisions answered without search** (always call Uno, always catch): calling `uno` when owed,
catching whenever a catch is offered, any decision with a single option, and optional
out-of-turn offers, where it always jumps in (a jump-in sheds a card at no cost) and otherwise
passes. In a Pirate window (§7.6.4) it calls only a cheat it can prove
(`lastcard.bots.pirate.PirateWatch.judge`: a card that could not have matched, or after a draw
not the drawn card when it saw the hand before the draw) and passes otherwise.

**Pirate** (§7.6). Hands are open, so a sample holds them exactly and only the stock's order is
sampled (`lastcard.bots.determinize`). With `prune` the search never considers a cheat (a card
that does not match, or after a draw another card than the drawn one): its simulated opponents
call every cheat they can see, so a cheat only loses cards there. Inside the search every Pirate
window, its own included, is answered by the rollout policy (a play that could not have
matched is called, anything else passes), not searched. Seven-O makes every Pirate game a
checked-engine search (`FastGame` does not play it).

**Theme cards** (§7.11). `FastGame` does not play them, so every theme game is searched
through the checked engine. The search's moves include a Mambo's gifts and lead (a lead leaving
one card only with its call) and a Care-a-lot's discards. With `prune` it never gives a wild
while another card could go, and it considers a Joker only in its strongest form: three cards
each for the (up to three) seats with the fewest cards (`lastcard.bots.themes.aimed_joker`),
rather than the hundreds of colour, seat set and count combinations on offer. What the samples
keep of Howler reveals, Travels, gifts and Friendship swaps is in `lastcard.bots.determinize`.
Asked to block an effect with its Invisibility card (§7.11.3) it answers without search, as
`lastcard.bots.themes.wants_block` says (a view does not say what waits beyond the card on
top); a pending draw's `block` is an ordinary tree action beside stacking and accepting.

**Budget**: `iterations=N` (deterministic given the seed), or `seconds=S` of search per
decision (default 0.2 s when neither is given). With both, the search stops at whichever comes
first. All randomness comes from the bot's own `random.Random(seed)`.

Its parts: `search_tree` (the search itself), `search_choices` (what it considers, and what it
answers without searching), `search_simulators` (the engine's and the unchecked game's
positions to search on), `determinize` (the deals it samples).
"""

from __future__ import annotations

import random
from typing import ClassVar

from lastcard.core import Action, ActionKind, Event, Phase, PlayerView
from lastcard.core.matching import is_wd4_legal

from .determinize import Knowledge
from .options import BotOption
from .pirate import honest_actions, window_answer
from .rollout import (
    ROLLOUT_POLICIES,
    RolloutPolicy,
    estimate,
    random_policy,
    smart_policy,
    strong_policy,
)
from .search_choices import block_answer, pruned_actions, search_actions
from .search_simulators import engine_playout
from .search_tree import TreeSearch

__all__ = [
    "DEFAULT_SECONDS",
    "ROLLOUT_POLICIES",
    "IsmctsBot",
    "RolloutPolicy",
    "engine_playout",
    "estimate",
    "pruned_actions",
    "random_policy",
    "search_actions",
    "smart_policy",
    "strong_policy",
]

DEFAULT_SECONDS = 0.2

_PLAY = ActionKind.PLAY
_UNO = ActionKind.UNO
_CATCH = ActionKind.CATCH
_AWAIT_PIRATE = Phase.AWAIT_PIRATE
_AWAIT_BLOCK = Phase.AWAIT_BLOCK


class IsmctsBot(TreeSearch):
    """Information-set MCTS; see the module docstring for what it simulates and why.

    >>> from lastcard import legal_actions, new_game, player_view
    >>> state = new_game(players=2, seed=3)
    >>> seat = state.to_act
    >>> legal = legal_actions(state, seat)
    >>> IsmctsBot(seed=1, iterations=20).choose(player_view(state, seat), legal) in legal
    True
    """

    SUMMARY: ClassVar[str] = (
        "searches deals sampled from what it has seen (information-set Monte-Carlo tree "
        f"search), {DEFAULT_SECONDS} s a move unless told (seconds, iterations)"
    )
    OPTIONS: ClassVar[tuple[BotOption, ...]] = (
        BotOption("iterations", int, None, "searches per decision", minimum=1, none=True),
        BotOption(
            "seconds",
            float,
            None,
            f"seconds of search per decision ({DEFAULT_SECONDS} when neither budget is given)",
            minimum=0,
            above=True,
            none=True,
        ),
        BotOption("exploration", float, 0.7, "UCB1's exploration constant", minimum=0),
        BotOption(
            "rollout",
            str,
            "smart",
            "the policy that plays the rollouts",
            choices=("smart", "strong", "random"),
        ),
        BotOption("rollout_depth", int, 400, "actions per rollout at most", minimum=0),
        BotOption(
            "opponents",
            str,
            "policy",
            "tree: opponents' moves are searched too; policy: the rollout policy plays them",
            choices=("policy", "tree"),
        ),
        BotOption("prune", bool, True, "skips moves a sensible player never considers"),
        BotOption("voids", bool, True, "samples deals that respect the colours seen lacking"),
        BotOption(
            "bluff_odds",
            float,
            0.25,
            "the prior chance that a Wild Draw Four was a bluff",
            minimum=0,
            maximum=1,
        ),
        BotOption("paired", bool, False, "the root's actions share their sampled deals"),
        BotOption(
            "tree_depth",
            int,
            None,
            "how many of its own moves the tree looks ahead",
            minimum=1,
            none=True,
        ),
        BotOption(
            "widening",
            float,
            None,
            "progressive widening: new children while fewer than 1 + w*sqrt(visits)",
            minimum=0,
            none=True,
        ),
        BotOption("clock", str, "wall", "which clock `seconds` measures", choices=("wall", "cpu")),
        BotOption(
            "fast",
            bool,
            True,
            "simulates on the unchecked fast game where the rules allow (false: the checked "
            "engine, same choices, fewer iterations a second)",
        ),
    )

    def __init__(
        self,
        seed: int,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: str = "smart",
        rollout_depth: int = 400,
        opponents: str = "policy",
        prune: bool = True,
        voids: bool = True,
        bluff_odds: float = 0.25,
        paired: bool = False,
        tree_depth: int | None = None,
        widening: float | None = None,
        clock: str = "wall",
        fast: bool = True,
    ) -> None:
        if iterations is None and seconds is None:
            seconds = DEFAULT_SECONDS
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a positive whole number, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, not {seconds!r}")
        if rollout not in ROLLOUT_POLICIES:
            raise ValueError(
                f"unknown rollout policy {rollout!r}: choose from {', '.join(ROLLOUT_POLICIES)}"
            )
        if not exploration >= 0:
            raise ValueError(f"exploration must be >= 0, not {exploration!r}")
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.rollout = rollout
        if opponents not in ("policy", "tree"):
            raise ValueError(f"opponents must be 'policy' or 'tree', not {opponents!r}")
        if not isinstance(rollout_depth, int) or rollout_depth < 0:
            raise ValueError(f"rollout_depth must be a whole number >= 0, not {rollout_depth!r}")
        if clock not in ("wall", "cpu"):
            raise ValueError(f"clock must be 'wall' or 'cpu', not {clock!r}")
        self.rollout_depth = rollout_depth
        self.prune = bool(prune)
        if not 0.0 <= bluff_odds <= 1.0:
            raise ValueError(f"bluff_odds must be between 0 and 1, not {bluff_odds!r}")
        if tree_depth is not None and (not isinstance(tree_depth, int) or tree_depth < 1):
            raise ValueError(f"tree_depth must be a whole number >= 1 or None, not {tree_depth!r}")
        if widening is not None and not widening >= 0:
            raise ValueError(f"widening must be >= 0 or None, not {widening!r}")
        self.widening = None if widening is None else float(widening)
        self.paired = bool(paired)
        self.tree_depth = tree_depth
        self.voids = bool(voids)
        self.bluff_odds = float(bluff_odds)
        self.clock = clock
        self.opponents = opponents
        self.fast = bool(fast)
        self._policy = ROLLOUT_POLICIES[rollout]
        self._rng = random.Random(seed)
        self._knowledge = Knowledge()
        # Statistics of the last search, for benchmarks and curious callers.
        self.last_iterations = 0
        self.last_seconds = 0.0
        # Each root action's visits and summed reward.
        self.last_statistics: dict[Action, tuple[int, float]] = {}

    def __repr__(self) -> str:
        return (
            f"IsmctsBot(seed={self.seed}, iterations={self.iterations}, seconds={self.seconds}, "
            f"exploration={self.exploration}, rollout={self.rollout!r})"
        )

    # -- the Bot protocol -----------------------------------------------------------------

    def observe(self, event: Event) -> None:
        self._knowledge.observe(event)

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        if not legal:
            raise ValueError("IsmctsBot was offered no legal action")
        self._knowledge.sync(view)
        for action in legal:
            if action.kind is _UNO or action.kind is _CATCH:
                return action  # always call Uno, always catch
        if may_pass:  # an out-of-turn jump-in: always take it
            plays = [a for a in search_actions(legal) if a.kind is _PLAY]
            return plays[0] if plays else None
        if view.phase is _AWAIT_PIRATE and view.to_act == view.seat:
            return window_answer(legal, self._knowledge.pirate.judge(view) is True)
        if view.phase is _AWAIT_BLOCK and view.to_act == view.seat:
            return block_answer(view, legal)
        options = search_actions(legal)
        if self.prune and view.rules.pirate:
            options = honest_actions(view, options) or options
        if self.prune and view.hand is not None:
            options = pruned_actions(options, view.hand, view.hand_sizes)
        if not options:
            return legal[0]
        choice = options[0] if len(options) == 1 else self._search(view, options)
        self._remember(view, choice)
        self._knowledge.pirate.chose(choice)
        return choice

    def _remember(self, view: PlayerView, choice: Action) -> None:
        card = choice.card
        if card is not None and card.code == "W+4" and view.hand is not None:
            rest = list(view.hand)
            rest.remove(card)
            assert view.color is not None
            self._knowledge.wd4_legal = is_wd4_legal(rest, view.color)
