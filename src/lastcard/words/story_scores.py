"""The story of a hand's end and the game's: who went out, the cards left and their points,
the scores, eliminations, the winners and the final standings."""

from __future__ import annotations

from rich.text import Text

from lastcard.core import Event, EventType

from .story_base import StoryBase
from .titles import standings


class ScoreStory(StoryBase):
    """One method per event that ends a hand or the game."""

    def _hand_over(self, e: Event) -> list[Text]:
        went_out = e.went_out
        points = e.points
        if went_out is None:
            why = "That is the limit" if self._limit_reached else "Nobody can play or draw"
            self._limit_reached = False
            out = [Text(f"{why}: the hand is blocked and scores nothing.", style="bold")]
        else:
            out = [
                self._line(
                    self.seat(went_out),
                    Text(self._verb(went_out, " goes out", " go out"), style="bold"),
                    (self._verb(went_out, " and scores", " and score") + f" {points[went_out]}.")
                    if points[went_out]
                    else ".",
                )
            ]
        width = max(len(name) for name in self.names)
        values = e.hand_values
        for seat, hand in enumerate(e.hands or ()):
            if seat == went_out or not hand:
                continue
            out.append(
                self._line(
                    "  ",
                    self.names[seat].ljust(width),
                    "  ",
                    self._cards(hand, sort=True),
                    f"  ({values[seat]} points)",
                )
            )
        totals = e.totals
        out.append(
            self._line("Scores: ", " · ".join(f"{self.names[s]} {t}" for s, t in enumerate(totals)))
        )
        for seat in e.eliminated:
            reaches = self._verb(seat, " reaches the limit and is", " reach the limit and are")
            out.append(self._line(self.seat(seat), reaches, " eliminated."))
        return out

    def _game_over(self, e: Event) -> list[Text]:
        winners = list(e.winners)
        who = " and ".join(self.names[s] for s in winners)
        verb = "win" if len(winners) > 1 or winners == [self.you] else "wins"
        out = [
            Text(""),
            Text(f"══ Game over: {who} {verb}! ══", style="bold green"),
            Text("Final scores:"),
        ]
        totals = e.totals
        order = standings(totals, winners, self.rules)
        width = max(len(name) for name in self.names)
        for place, seat in enumerate(order, 1):
            mark = "  winner" if seat in winners else ""
            out.append(Text(f"  {place}. {self.names[seat].ljust(width)}  {totals[seat]:>4}{mark}"))
        teams = self.rules.team_of_seats(self.players)
        for team in teams or ():
            names = " + ".join(self.names[s] for s in team)
            out.append(Text(f"  team {names}: {sum(totals[s] for s in team)}"))
        return out


HANDLERS = {
    EventType.HAND_OVER: "_hand_over",
    EventType.GAME_OVER: "_game_over",
}
"""The event types this family tells, and the method that tells each."""
