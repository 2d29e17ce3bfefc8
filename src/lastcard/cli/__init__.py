"""The `lastcard` command: thin, it parses options and dispatches to the layers (DESIGN.md §1).

    lastcard play       play Uno against bots in the terminal (Textual)
    lastcard watch      a seeded game between bots, narrated hand by hand to the final scores
    lastcard replay     a saved game record, told with the same narration
    lastcard verify     check a web game's fair-dealing proof
    lastcard simulate   many games between bots, and their statistics
    lastcard tournament games between different bots, seats and neighbours balanced, with a report
    lastcard study      the strategy questions, answered in a report with plots
    lastcard serve      tables in the browser
    lastcard bots       the bots and the options each one takes

User errors (an unknown preset, an unreadable record, a bad number) end with a short message
and a non-zero exit status, never a traceback: 2 for a bad option (with the usage line; a bad
bot name or bot option is one line listing what the bot takes), 1 for anything else. A command
that needs an optional extra (plots, the terminal UI, the server) checks for it before doing
any work and names the command that installs it.
One module per command (`play`, `watch`, ...), registered here on `app.app`, beside what
they share: `common` (errors, checks, the console), `options` (shared options, the backend),
`teller` (narration on the console).
"""

from __future__ import annotations

from . import bots, play, replay, serve, simulate, study, tournament, verify, watch
from .app import app

__all__ = ["app", "main"]

# The commands, in the order `lastcard --help` lists them.
for _command in (
    play.play,
    watch.watch,
    replay.replay,
    verify.verify,
    simulate.simulate,
    tournament.tournament,
    study.study,
    bots.bots,
    serve.serve,
):
    app.command()(_command)


def main() -> None:
    """The `lastcard` console script."""
    app(prog_name="lastcard")
