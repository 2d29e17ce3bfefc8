"""`lastcard bots`: the registered bots and the options each one takes."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from lastcard.bots import bot_names, bot_options, bot_summary

from .common import output_console


def bots() -> None:
    """List the bots, what each one does and the options it takes.

    A bot name may carry options after a colon, separated by commas:
    heuristic:bluff=false,challenge_threshold=0.5 or ismcts:seconds=0.5. Numbers, true or
    false, or text, as each option says; none where an option may be left unset.
    """
    console = output_console()
    for name in bot_names():
        console.print(Text(name, style="bold") + f"  {bot_summary(name)}")
        table = Table(box=None, pad_edge=False, show_header=False, padding=(0, 2, 0, 0))
        for column in ("option", "takes", "default"):
            table.add_column(column, no_wrap=True)
        table.add_column("what")  # the only column that wraps on a narrow terminal
        for option in bot_options(name):
            default = "required" if option.required else _option_text(option.default)
            table.add_row(f"  {option.name}", option.accepts(), default, option.help)
        console.print(table if table.rows else Text("  no options", style="dim"))
        console.print()


def _option_text(value: object) -> str:
    """A default as it is written in a bot name: true, false, none, 0.3, heuristic."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
