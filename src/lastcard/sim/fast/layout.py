"""The layouts of the arrays the compiled simulator reads and writes.

`run` fills the rule and habit arrays and reads the results by these indices; `kernel` uses the
same names. Plain integers: numba treats module-level integers as constants.
"""

# -- rule parameters (an int64 array; `run.rule_parameters` fills it from a `Rules`) ------------

R_HAND_SIZE = 0
R_TARGET = 1  # 0: a single hand
R_TURN_LIMIT = 2  # 0: none
R_VOLUNTARY_DRAW = 3
R_BLUFFING = 4
R_TWO_PLAYER = 5
R_DEALER_REDRAW_NON_NUMBER = 6
R_DEALER_ROTATE = 7
R_FIRST_REVERSE_DEALER_STARTS = 8
R_FIRST_WILD = 9  # 0 first player chooses, 1 dealer chooses, 2 redraw
R_FIRST_WD4_BOTTOM = 10
R_MAX_ACTIONS = 11
R_STACKING = 12  # 0 off, 1 same, 2 mixed (§7.1)
R_SEVEN_O = 13  # §7.2
R_JUMP_IN = 14  # §7.3
R_JUMP_IN_SELF = 15  # §7.3.3
R_SIZE = 16

# -- the bots: one row of habits per seat (`run.habits` fills it from the bots) ---------------

POLICY_RANDOM = 0  # RandomBot (`random`, `eager`)
POLICY_GREEDY = 1  # GreedyBot (`greedy`)
POLICY_HEURISTIC = 2  # HeuristicBot (`heuristic`)
H_POLICY = 0
H_CALL_UNO = 1
H_CATCH_RATE = 2  # RandomBot's chance to catch
H_VOLUNTARY = 3  # RandomBot's voluntary draws
H_CATCH = 4  # GreedyBot and HeuristicBot catch
H_BLUFF = 5  # GreedyBot and HeuristicBot play dishonest WD4s
H_CHALLENGE = 6  # GreedyBot challenges every WD4; HeuristicBot those that look like bluffs
H_STACK = 7  # GreedyBot stacks when it can
H_JUMP_IN = 8  # GreedyBot jumps in when it can
H_CHALLENGE_THRESHOLD = 9  # HeuristicBot's `challenge_threshold`
H_HOLD_WILDS = 10  # HeuristicBot's `hold_wilds`
H_SIZE = 11

# -- what HeuristicBot remembers (`heuristic`; arrays kept only while one sits at the table) -----

# memory[seat, M_...]: the first two columns are about `seat` as a heuristic bot, the others
# about `seat` as the player others watch (the same for every observer: public events).
M_SEATED = 0  # the bot has been asked once in this game (it knows the table's size)
M_HAND_KNOWN = 1  # the bot has seen its hand since the last deal or exchange of hands
M_FACED = 2  # Wild Draw Fours the seat had to answer
M_CHALLENGED = 3  # ... and challenged
M_BLUFFS = 4  # challenges against the seat that succeeded
M_HONEST = 5  # ... and that failed
M_SIZE = 6
# void[observer, seat, colour]: cards `seat` received since `observer` saw it lack the colour
# (-1: not seen to lack it); known[observer, seat, kind]: the cards `observer` knows `seat`
# holds, their total in column KNOWN_TOTAL.
KNOWN_TOTAL = 54
KNOWN_SIZE = 55

# -- HeuristicBot's weights, restated for the compiled bot (`support` checks they still equal
# `lastcard.bots.heuristic`'s; a retuned bot falls back to the reference engine until these
# are updated) ------------------------------------------------------------------------------

COLOR_SHARE = 0.23
DRAW_SCORE = -2.0
KEEP_SCORE = -1.0
PASS_SCORE = -1.0
FLEX = 0.35
HOLD_WILD = 5.0
HOLD_WILD_URGENT = 2.0
DENY = 1.2
WILD_LAST = 0.8
LAST_FOLLOWS = 1.5
SMALL_HAND = 1.5
CAUGHT = 8.0
WIN = 1000.0
POINTS_TIE = 0.01
POINTS_URGENT = 0.06
THREAT_1 = 1.0
THREAT_2 = 0.6
THREAT_3 = 0.25
THREAT_WEIGHT = 2.5
SKIP_THREAT = 0.5
DRAWN_CARD = 0.25
THREAT = {1: THREAT_1, 2: THREAT_2, 3: THREAT_3}  # the bot's `_THREAT`, for the check
# The weights above by the bot's names for them (`_FLEX` ...), for the check. The prior rates of
# `_challenge_rate` (0.35) and `_bluff_chance` (0.25) are written in `heuristic` as the bot
# writes them, inside its methods.
HEURISTIC_WEIGHTS = (
    "COLOR_SHARE", "DRAW_SCORE", "KEEP_SCORE", "PASS_SCORE", "FLEX", "HOLD_WILD",
    "HOLD_WILD_URGENT", "DENY", "WILD_LAST", "LAST_FOLLOWS", "SMALL_HAND", "CAUGHT", "WIN",
    "POINTS_TIE", "POINTS_URGENT", "THREAT", "THREAT_WEIGHT", "SKIP_THREAT", "DRAWN_CARD",
)  # fmt: skip

# -- what a seat does (the bot's choice, before the engine applies it) --------------------------

A_PLAY = 0
A_DRAW = 1
A_KEEP = 2
A_CHALLENGE = 3
A_ACCEPT = 4
A_COLOR = 5
A_UNO = 6
A_CATCH = 7
A_NEXT = 8

# -- phases (lastcard.core.state.Phase) ----------------------------------------------------------

AWAIT_TURN = 0
AFTER_DRAW = 1
AWAIT_WD4_RESPONSE = 2
AWAIT_FIRST_COLOR = 3
HAND_OVER = 4
GAME_OVER = 5
AWAIT_STACK_RESPONSE = 6

# -- per-game results: out[g, ...] --------------------------------------------------------------

O_WINNER = 0  # the seat that won the game, -1 if the action limit stopped it
O_HANDS = 1
O_BLOCKED = 2
O_TURNS = 3
O_ACTIONS = 4
O_ENGINE_DRAWS = 5  # numbers drawn from the engine's generator (its final counter)
# The first hand, as `lastcard study` measures it:
O_FIRST_PLAYER = 6  # the seat that took its first turn (`study.first_player`)
O_FIRST_DIRECTION = 7  # the direction of play the first discard left (1 or -1)
O_FIRST_DISCARD = 8  # the first discard's kind
O_FIRST_WENT_OUT = 9  # -1: blocked (or stopped by the action limit)
O_FIRST_TURNS = 10
O_FIRST_DEALER = 11
O_SIZE = 12

# Per seat in the first hand: first_hand[g, F_..., seat]
F_WD4 = 0  # Wild Draw Fours played
F_BLUFFS = 1  # ... while holding a card of the current colour
F_CHALLENGES = 2
F_UPHELD = 3  # challenges that caught a bluff
F_VALUES = 4  # the value of the cards each seat held when the first hand ended (§6.2)
F_POINTS = 5  # the points each seat scored for it (§6.3)
F_SIZE = 6

# Per hand of a game, when a hand log is asked for: hand_log[g, hand - 1, HL_...]
HL_WENT_OUT = 0  # the seat that went out; -1: blocked
HL_DEALER = 1
HL_VALUES = 2  # then one column per seat: the value of the cards it held when the hand ended
