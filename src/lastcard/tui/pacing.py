"""How long the bots wait before their next move: long enough for a person to keep up.

A bot decides in milliseconds; a person needs a moment to read the table and another to reach
for a key. Two moments in Uno are races decided by who speaks first (RULES.md §4.3–§4.4), and the
bots would win every one of them at machine speed:

- **You forgot to call Uno.** Any bot's next move either catches you or closes the window in
  which you may still call. The bots wait at least `UNO_GRACE` seconds: about the time a person
  at a real table takes to notice, so a late `u` is possible and a catch comes at a human pace.
- **A bot forgot to call Uno.** The bots wait at least `CATCH_WINDOW` seconds before any of them
  moves: the next player's move would close the window, and another bot's catch would beat you
  to it. A person needs about a second to notice the missing call and another to press `c`;
  2.5 seconds gives that with a margin, and is also when the bots' own catches come, so a catch
  by a bot reads like a player's (your partner's miss too, which you may not catch yourself).

Outside those moments the pause is the player's setting (`bot_delay`). Space ("bots now") cuts
any pause short: whoever presses it gives up the race on purpose.
"""

from __future__ import annotations

from lastcard.core import PlayerView

UNO_GRACE = 2.0
"""Seconds the bots wait, at least, while you owe an Uno call: time to press u."""

CATCH_WINDOW = 2.5
"""Seconds the bots wait, at least, while another player who did not call can be caught: time
to press c."""


def bot_pause(view: PlayerView, bot_delay: float) -> float:
    """Seconds before the bots' next move, seen from the person's `view`."""
    if view.exposed is None:
        return bot_delay
    if view.exposed == view.seat:
        return max(bot_delay, UNO_GRACE)
    return max(bot_delay, CATCH_WINDOW)
