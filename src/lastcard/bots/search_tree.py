"""The tree search of `IsmctsBot`: one search over sampled deals (`TreeSearch._search`), its
tree's nodes and the root's UCB1 choice. Apart from the bot's options and its answers to the
questions it does not search (`lastcard.bots.ismcts`).
"""

from __future__ import annotations

import math
import random
import time

from lastcard.core import Action, Phase, PlayerView

from .determinize import Knowledge, Sampler
from .rollout import RolloutPolicy
from .search_choices import honest_in, pruned_actions, search_actions
from .search_simulators import S, Simulator, engine_simulator, unchecked_simulator

_OVER = (Phase.HAND_OVER, Phase.GAME_OVER)
_AWAIT_PIRATE = Phase.AWAIT_PIRATE


class Node:
    """A tree node: reached by `actor` choosing the edge's action."""

    __slots__ = ("actor", "avail", "children", "total", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class TreeSearch:
    """Information-set MCTS over the deals `Sampler` draws (the module docstring of
    `lastcard.bots.ismcts` says what it simulates and why); its settings are `IsmctsBot`'s."""

    iterations: int | None
    seconds: float | None
    exploration: float
    rollout_depth: int
    opponents: str
    prune: bool
    voids: bool
    bluff_odds: float
    paired: bool
    tree_depth: int | None
    widening: float | None
    clock: str
    fast: bool
    last_iterations: int
    last_seconds: float
    last_statistics: dict[Action, tuple[int, float]]
    _policy: RolloutPolicy
    _rng: random.Random
    _knowledge: Knowledge

    def _search(self, view: PlayerView, options: list[Action]) -> Action:
        sampler = Sampler(view, self._knowledge, voids=self.voids, bluff_odds=self.bluff_odds)
        if self.fast and sampler.fast_rules:
            return self._search_on(view, options, unchecked_simulator(sampler))
        return self._search_on(view, options, engine_simulator(sampler))

    def _search_on(self, view: PlayerView, options: list[Action], sim: Simulator[S]) -> Action:
        seat = view.seat
        assert seat is not None
        rng = self._rng
        sample, legal_of, step, playout = sim.sample, sim.legal, sim.step, sim.playout
        policy_move = sim.policy_move
        root = Node(seat)
        budget = self.iterations
        clock = time.process_time if self.clock == "cpu" else time.perf_counter
        prune = self.prune
        deadline = None if self.seconds is None else clock() + self.seconds
        c = self.exploration
        policy = self._policy
        depth = self.rollout_depth
        tree_opponents = self.opponents == "tree"
        allowed = set(options)
        paired = self.paired
        tree_depth = self.tree_depth
        widening = self.widening
        pirate = view.rules.pirate
        jokers = "joker" in view.rules.theme_cards  # whose pruning needs the hand sizes
        seeds: list[int] = []  # paired: the k-th visit of every root action uses seeds[k]
        start = time.perf_counter()
        done = 0
        while True:
            if budget is not None and done >= budget:
                break
            if deadline is not None and done >= 1 and clock() >= deadline:
                break
            path = [root]
            node = root
            irng = rng
            first: Action | None = None
            if paired:
                # The root's actions do not depend on the hidden cards: choose one first, then
                # sample the determinization its k-th visit shares with every other action's.
                first = select_root(root, options, c, done)
                k = root.children[first].visits
                while len(seeds) <= k:
                    seeds.append(rng.getrandbits(64))
                irng = random.Random(seeds[k])
            state = sample(irng)
            if first is not None:
                node = root.children[first]
                state = step(state, seat, first)
                path.append(node)
            own = 0 if first is None else 1
            # Selection and expansion.
            while state.phase not in _OVER:
                actor = state.to_act
                assert actor is not None
                if (actor != seat and not tree_opponents) or (
                    pirate and state.phase is _AWAIT_PIRATE
                ):
                    # Opponents are modelled by the rollout policy, and so is every answer in
                    # a Pirate window: no tree node.
                    state = policy_move(state, actor, policy, irng)
                    continue
                legal = legal_of(state, actor)
                if actor == seat:
                    if tree_depth is not None and own >= tree_depth:
                        break
                    own += 1
                actions = search_actions(legal)
                if node is root:
                    actions = [a for a in actions if a in allowed]
                elif prune:
                    if pirate:
                        actions = honest_in(state, actions)
                    hands = state.hands
                    sizes = [len(hand) for hand in hands] if jokers else None
                    actions = pruned_actions(actions, hands[actor], sizes)
                children = node.children
                untried = [a for a in actions if a not in children]
                if (
                    untried
                    and widening is not None
                    and node is not root
                    and len(untried) < len(actions)
                    and len(children) >= 1 + int(widening * math.sqrt(node.visits))
                ):
                    untried = []  # progressive widening: no new child yet
                if untried:
                    action = None
                    if node is not root and len(untried) > 1:
                        action = policy(state, actor, legal, irng)  # its favourite first
                        if action not in untried:
                            action = None
                    if action is None:
                        action = untried[int(irng.random() * len(untried))]
                    child = Node(actor)
                    children[action] = child
                    state = step(state, actor, action)
                    path.append(child)
                    break
                best = None
                best_value = -1.0
                for a in actions:
                    ch = children.get(a)  # None: held back by progressive widening
                    if ch is None:
                        continue
                    ch.avail += 1
                    value = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if value > best_value:
                        best, best_value = a, value
                assert best is not None
                node = children[best]
                state = step(state, actor, best)
                path.append(node)
            rewards = playout(state, irng, policy, depth)
            for n in path:
                n.visits += 1
                n.total += rewards[n.actor]
            done += 1
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        self.last_statistics = {
            action: (child.visits, child.total) for action, child in root.children.items()
        }
        best_action = options[0]
        best_key = (-1, -1.0)
        for action in options:
            found = root.children.get(action)
            if found is None:
                continue
            key = (found.visits, found.total / found.visits)
            if key > best_key:
                best_action, best_key = action, key
        return best_action


def select_root(root: Node, options: list[Action], c: float, done: int) -> Action:
    """UCB1 over the root's actions, which are available in every determinization; each
    untried action first, in the order given."""
    children = root.children
    for action in options:
        if action not in children:
            children[action] = Node(root.actor)
            return action
    log_n = math.log(done)
    best = options[0]
    best_value = -1.0
    for action in options:
        ch = children[action]
        if not ch.visits:
            return action
        value = ch.total / ch.visits + c * math.sqrt(log_n / ch.visits)
        if value > best_value:
            best, best_value = action, value
    return best
