"""One running game: seats that are bots or outside players, the ply, per-seat inboxes of
redacted events, the bots' poll and the record (see `lastcard.table.table`).

The simulation runner, the terminal, the web server and the RL environments all wrap a `Table`;
none of them decides on its own who is asked next.
"""

from .table import BotMistakeError, BotMove, StaleActionError, Table, bot_seed, fresh_seed

__all__ = ["BotMistakeError", "BotMove", "StaleActionError", "Table", "bot_seed", "fresh_seed"]
