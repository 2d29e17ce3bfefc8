"""`lastcard play`: Uno in the terminal against bots, built with Textual.

- `session`: the game and the timing of the bots, without any screen; `pacing`: how long the
  bots wait, so that a person can call Uno late and catch a bot.
- `app`: `PlayApp`, the application; `table`, `widgets`, `decision`: the table;
  `fit`: what gives way when the table does not fit the terminal; `uno_calls`: who called Uno;
  `play_choice`: which questions a chosen card leaves open (colour, target, Uno call);
  `pirate`: Pirate's cheats and the window that asks about them, in facts both tables word;
  `themes`: the theme cards' facts both tables word (a Mambo's next gift, what a block stops).
- `new_game`, `options`, `settings`: the new-game screen and what it remembers.
- `pickers`, `summary`, `help_screen`, `help_text`: the smaller screens.
- `faces`: how a card reads, with or without colour.
- `plain` and its `plain_*` modules: `lastcard play --plain`, the same game line by line.

Only `lastcard.cli` imports this package (DESIGN.md §1), and only when `play` runs, so the rest
of lastcard works without Textual installed.
"""
