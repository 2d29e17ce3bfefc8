"""A one-line notation for a whole game position, in the spirit of chess's FEN.

`to_notation(state)` writes every field of a `GameState` on one line; `from_notation(text)`
builds the state back exactly (`from_notation(to_notation(s)) == s`). Tests write positions in
it by hand, leaving out whatever keeps its default:

>>> state = from_notation("R5 B7 W+4 / G3 G4 / Y1 Y2 | discard G5 R3 | turn 1")
>>> [len(hand) for hand in state.hands], state.top.code, state.color, state.turn
([3, 2, 2], 'R3', <Color.RED: 'R'>, 1)
>>> len(state.stock), state.stock[-1].code  # the rest of the deck, W+4 on top
(99, 'W+4')
>>> to_notation(state)
'R5 B7 W+4 / G3 G4 / Y1 Y2 | discard G5 R3 | turn 1'

The syntax. Sections are separated by `|`. The first lists the hands, seat 0 first, separated
by `/`; a hand is card codes separated by spaces, `-` for an empty hand. The number of hands is
the number of players. Every other section is a keyword and its values, in any order, each at
most once, or a single word that sets one field (the first three lines below). Defaults in
brackets; `N` is a number, `C` a card code, `..` means any number of them.

- `red`, `yellow`, `green`, `blue`: the colour to match [the top card's colour; none on a wild]
- `cw`, `ccw`: the direction of play, seat numbers increasing or decreasing [`cw`]
- `await_turn`, `after_draw`, `await_wd4_response`, `await_stack_response`,
  `await_first_color`, `await_discard`, `await_pirate`, `await_gift`, `await_lead`,
  `await_block`, `hand_over`, `game_over`: the phase [`await_turn`]
- `discard C..`: the discard pile, bottom first: the last card is the top [required]
- `stock C..`: the stock, bottom first: the last card is the next one drawn [`stock ...`]
- `color c`: the colour as a letter, `-` for none (the word form above is the usual one)
- `turn N`: whose turn it is [`0`]
- `to_act N`: who must decide now, `-` for nobody [`turn`; `-` once the hand is over]
- `pending N`: the cards the victim of a draw card must draw [`0`]
- `drawn C`: the card drawn this turn, which is also in the hand [none]
- `challenge P legal|bluff c C..`: a Wild Draw Four its victim may still challenge: its
  player, whether it was legal, the colour it was judged against (`-`: none) and the player's
  hand when it was played [none]
- `pirate cheat|fair c N T uno|-`: an open Pirate window (§7.6.4) on the play of `turn`: whether
  it was a cheat, the colour (`-`: none) and the seat that placed the top card (`-`) before it,
  the seat it named (`-`; a Joker's `1,3*2`) and whether Uno was called with it [none]
- `gift_to N`: the seat a Mambo's next gift goes to (phase `await_gift`, §7.11.7) [none]
- `block WHAT P N REASON SEATS`: the effect of seat P's card that the Invisibility holder
  (`to_act`, phase `await_block`, §7.11.3) may block: `next_draws`, `skip`, `draws`, `swap`,
  `reveal` or `view`, the cards to draw and their reason (`-`), a Joker's seats (`-`), and
  `uno` when the player owes a call once it is answered [none]
- `exposed N`: the seat that can be caught for a missed Uno call [none]
- `uncaught N..`: seats whose missed call went unpunished [none]
- `top_player N`: who placed the top card [none]
- `passes N`: consecutive passes with nothing to draw [`0`]
- `hand_turns N`: turns taken in this hand [`0`]
- `dealer N`: the dealer [the seat before `turn` in the direction of play]
- `hand N`: the hand's number [`1`]
- `scores N..`: every seat's score [all `0`]
- `eliminated N..`: seats out of the game [none]
- `winners N..`: the game's winners [none]
- `first C`: the hand's first discard [the bottom card of the discard pile]
- `rng [fast|secure] SEED [COUNTER]`: the generator's state [`rng 0`: fast, counter 0]
- `history H..`: finished hands, each `number:dealer:first:went_out:values:points:totals:
  eliminated` (no spaces), lists comma-separated, `-` for a blocked hand's `went_out` [none]
- `rules NAME option=value..`: a preset and the options changed from it, values as JSON, bare
  words as text (`rules party hand_size=2`) [the `rules` argument, else the official rules]

`...` stands for the rest of the deck: every card of the rules' deck not placed in a hand, the
discard pile or the rest of the stock, in the fixed card order `R0`..`R9`, `RS`, `RR`, `R+2`,
then yellow, green and blue alike, then `W`, `W+4`, `WSH`, `WC`, `WD1`, `WD2`, then the theme
cards `R+3`, `Y+3`, `G+3`, `B+3`, `WH`, `WI`, `WCA`, `WF`, `WJ`, `WM`, `WT`, bottom first.
It may open the stock (the default) or the discard pile, not both. Without it the position
holds only the cards written, which is how a test asks for an empty stock (`stock -`).
Cards never number more copies than the deck holds.

Invalid text raises `NotationError`, naming the section at fault. Only the notation is checked:
its syntax, seat numbers within the table and no more copies of a card than the deck holds.
Whether play could reach the position is not: tests build impossible ones on purpose (a partial
deck, a hand of one card in the first turn).
"""

from __future__ import annotations

from .notation_grammar import REST, NotationError
from .notation_reader import from_notation
from .notation_writer import to_notation

__all__ = ["REST", "NotationError", "from_notation", "to_notation"]
