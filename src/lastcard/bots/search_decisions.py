"""Decisions a search is asked, recorded from real games: what the search's tests and its
benchmark (`benchmarks/search_speed.py`) replay, so both measure the same kind of position.

`DecisionRecorder` plays as `HeuristicBot` and keeps each decision of its seat that `IsmctsBot`
would search (in turn, no Uno call or catch on offer, more than one candidate once pruned), with
what the seat knew then (`Knowledge`), ready to hand to a new search:

    bot = IsmctsBot(seed, iterations=300)
    bot._knowledge = copy.deepcopy(decision.knowledge)
    bot.choose(decision.view, decision.legal)
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from lastcard.core import Action, ActionKind, Event, PlayerView

from .determinize import Knowledge
from .heuristic import HeuristicBot
from .search_choices import pruned_actions, search_actions

__all__ = ["DecisionRecorder", "SearchDecision"]


@dataclass(frozen=True)
class SearchDecision:
    """A decision a search would be asked: the view, the offer and what the seat knew."""

    view: PlayerView
    legal: tuple[Action, ...]
    knowledge: Knowledge


class DecisionRecorder:
    """The heuristic bot, keeping every decision of its seat that a search would answer in
    `found`."""

    def __init__(self, seed: int, found: list[SearchDecision]) -> None:
        self.inner = HeuristicBot(seed)
        self.knowledge = Knowledge()
        self.found = found

    def observe(self, event: Event) -> None:
        self.inner.observe(event)
        self.knowledge.observe(event)

    def choose(
        self, view: PlayerView, legal: tuple[Action, ...], *, may_pass: bool = False
    ) -> Action | None:
        self.knowledge.sync(view)
        side = any(a.kind in (ActionKind.UNO, ActionKind.CATCH) for a in legal)
        searched = (
            not may_pass
            and not side
            and view.hand is not None
            and len(pruned_actions(search_actions(legal), view.hand)) > 1
        )
        if searched:
            self.found.append(SearchDecision(view, legal, copy.deepcopy(self.knowledge)))
        return self.inner.choose(view, legal, may_pass=may_pass)
