"""The web page's own words: what it says outside the server's story, prompts and refusals.

The lobby's forms, the waiting room (its seats, who is ready, what the host may do), the table's
pile, buttons, hand and choices, the end of a hand and of the game, the state of the connection
(connecting, lost, closed and why), the fair-deal lines and the page that checks a deal are the
page's alone: no other front end has them in these words. They are written here all the same,
so that every sentence a player reads has one source; the server serves them to the page as a
module (`/static/js/words.js`, made by `lastcard.server.page_words`, with the cards' and
colours' names of `lastcard.words.cards`), and the page fills in each template's `{fields}`
(static/js/page_words.js). The page writes none of these sentences itself:
tests/server/test_page_words.py fails if any script does, or asks for a template not written
here.
"""

from __future__ import annotations

PAGE_WORDS: dict[str, str] = {
    # -- the waiting room: its seats ------------------------------------------------------
    "seat_empty": "empty",
    "seat_bot": "{name} ({level})",
    "seat_player": "Player",
    "seat_you": "you",
    "seat_host": "host",
    "seat_offline": "offline",
    "level_bot": "{level} bot",
    "level_unknown": "bot",
    "bot_name": "Bot",
    "empty_seat_choice": "empty seat",
    "seat_number": "Seat {seat}",
    "sit": "Sit in seat {seat}",
    "free_seat": "Free seat {seat}",
    "ready_badge": "✓ ready",
    "not_ready_you_badge": "… not ready yet",
    "not_ready_badge": "… not ready",
    "someone": "someone",
    # -- the waiting room: the reader's own controls and what keeps the game waiting ------
    "ready_pressed": "Ready ✓ (press to wait)",
    "ready": "I'm ready",
    "waiting_for": "Waiting for {names} to be ready.",
    "press_ready": "Press “I'm ready” when you are.",
    "needs_two_seats": "A game needs at least two filled seats: invite someone or add a bot.",
    "all_ready_host": "Everyone is ready: start when you like.",
    "all_ready_guest": "Everyone is ready: the host starts the game.",
    "watching_waiting_room": "Watching the waiting room.",
    "link_copied": "Link copied.",
    "copy_refused": "Copying is not allowed here: select the link and copy it.",
    # -- the lobby --------------------------------------------------------------------------
    "name_needed": "Enter your name: the others see it at the table.",
    "target_invalid": "The target score is a whole number above 0, or empty.",
    "creating_table": "Creating the table…",
    "code_needed": "Enter the table's code: six letters and digits.",
    "join_name_needed": "Enter your name to join.",
    "no_open_tables": "No open tables right now: create one.",
    "table_join": "Join",
    "table_watch": "Watch",
    "table_action": "{action} {table}",
    "seats_taken": "{taken} of {seats} seats",
    "facts_separator": " · ",
    "table_waiting": "waiting",
    "table_playing": "playing",
    "table_default_name": "Table {code}",
    "seat_person": "a person",
    "presets_failed": "The rule presets could not be loaded ({why}); the official rules apply.",
    "server_answered": "The server answered {status} {text}.",
    # -- the rules as the table shows them --------------------------------------------------
    "preset_custom": "custom: your own choice of house rules",
    "rules_custom": "custom: {changes}",
    "rules_custom_official": "custom (official options)",
    "rules_summary": "Rules: {rules}{target}{timer}{watch}.",
    "rules_target_one": ", to 1 point",
    "rules_target": ", to {target} points",
    "rules_timer": ", {seconds} s per turn",
    "rules_no_timer": ", no turn timer",
    "rules_spectators": ", spectators welcome",
    "rules_no_spectators": ", no spectators",
    # -- the table: its title, joining, watching and leaving ----------------------------------
    "title": "{name} · lastcard",
    "title_your_turn": "(Your turn) {name} · lastcard",
    "table_heading": "Table ",
    "table_heading_named": "{name} · Table ",
    "connected_watching": "Connected, watching",
    "back_in_waiting_room": "── Back in the waiting room ──",
    "chat_spectator": "spectator",
    "chat_line": "{who}: ",
    "join_or_watch": "Enter your name to join, or press Watch.",
    "watching_started": "The game has started: you are watching.",
    "leave_autopilot": "Leave the table? Autopilot plays your seat until you come back.",
    "leave_seat": "Leave the table and give up your seat?",
    "autopilot_on": "Autopilot on",
    "autopilot_off": "Autopilot off",
    "deadline_you": "You have {seconds} s",
    "deadline_other": "{name} has {seconds} s",
    "deadline_near": "{seconds} seconds left to decide.",
    # -- the board: the pile, the stock and the open hands ---------------------------------
    "discard_pile": "Discard pile: {card}",
    "colour_shown": "Colour: {color}",
    "colour_not_named": "Colour: not named yet",
    "colour_to_match": "Colour to match: {color}",
    "not_named_yet": "not named yet",
    "direction_clockwise": "↻ clockwise",
    "direction_counter": "↺ counter-clockwise",
    "direction_label": "Direction of play: {direction}",
    "clockwise": "clockwise",
    "counter_clockwise": "counter-clockwise",
    "stock": "Stock: {count}",
    "stock_label": "Stock: {count} cards",
    "hand_number": "Hand {hand}",
    "pending_draw": "+{count} pending",
    "pirate_window": "In its window, on {card}",
    "pirate_window_colour": "In its window, on {card}, {color} to match",
    "cards_one": "1 card",
    "cards": "{count} cards",
    "no_cards": "no cards",
    "open_hand": "{name}: {count}",
    # -- the board: the players around the table --------------------------------------------
    "seat_name_you": "{name} (you)",
    "seat_said_you": "{name}, you",
    "seat_kind_bot": "bot, {level}",
    "seat_out": "out",
    "seat_out_of_game": "out of the game",
    "seat_score": "score {score}",
    "seat_asked_discard": "asked to discard",
    "seat_asked_window": "asked: let the play stand or call cheat",
    "seat_to_play": "to play",
    "seat_window_waiting": "play waiting in its window",
    "badge_no_uno": "no Uno call!",
    "presence_away": "away",
    "presence_autopilot": "autopilot",
    "presence_offline": "offline",
    "list_separator": ", ",
    "open_hand_label": "{name}'s hand, open: {count}",
    # -- the board: the decisions ----------------------------------------------------------
    "play_card": "Play {card}",
    "keep": "Keep it",
    "draw": "Draw a card",
    "stack": "Stack a draw card",
    "challenge": "Challenge",
    "accept_draw": "Accept: draw {count}",
    "name_colour": "Name the colour: {color}",
    "jump_in": "Jump in with {card}",
    "uno": "Uno!",
    "catch": "Catch {name}",
    "block": "Block with Invisibility",
    "allow": "Allow it",
    "decline": "Decline",
    "let_stand": "Let it stand",
    "call_cheat": "Call cheat",
    "next_hand": "Deal the next hand",
    # -- the hand ---------------------------------------------------------------------------
    "just_drawn": "{card}, just drawn",
    "a_cheat": "{card}, a cheat: {why}",
    "cheat_mark": "cheat",
    "cheat_not_drawn": "not the card just drawn",
    "cheat_no_match": "it does not match",
    "hand_empty": "No cards in hand.",
    "hand_playable": "Your hand: {held}, {count} playable",
    "hand_discard": "Your hand: {held}; choose one to discard beneath the top card",
    "hand_give": "Your hand: {held}; choose one to give",
    "hand_lead": "Your hand: {held}; choose one to lead",
    "hand_cheats": "Your hand: {held}, {matching} matching, {cheating} more playable as cheats",
    "card_blocked": "{card}: {why}.",
    "wait_for_move": "wait for your last move to arrive",
    "cannot_play_now": "it cannot be played now",
    # -- the choices a card asks for ---------------------------------------------------------
    "choose_colour": "Choose the colour to play on",
    "seat_choice": "{name} ({cards})",
    "joker_count_of": "Cards {name} draws",
    "joker_count": "Cards each of them draws",
    "joker_who": "Who draws ({up_to})",
    "players_one": "1 player",
    "players_up_to": "1 to {most} players",
    "joker_none": "Choose at least one player to draw.",
    "joker_at_most_one": "Choose at most 1 player.",
    "joker_at_most": "Choose at most {most} players.",
    "choice_gone": "That choice is not on offer: choose again.",
    "no_longer_played": "{card} can no longer be played.",
    "no_longer_discarded": "{card} can no longer be discarded.",
    "no_longer_given": "{card} can no longer be given.",
    "no_longer_blocked": "The effect can no longer be blocked.",
    # -- the end of a hand and of the game ---------------------------------------------------
    "points_one": "1 point",
    "points": "{count} points",
    "points_won": "+{points}",
    "summary_you": "You",
    "summary_out": "{name} (out)",
    "summary_none": "none",
    "hand_blocked": "Hand {hand} is blocked: nobody scores",
    "hand_you_out": "Hand {hand}: {name} go out",
    "hand_you_out_score": "Hand {hand}: {name} go out and score {points}",
    "hand_out": "Hand {hand}: {name} goes out",
    "hand_out_score": "Hand {hand}: {name} goes out and scores {points}",
    "names_and": "{names} and {last}",
    "winner": "{names} wins!",
    "winners": "{names} win!",
    "no_winner": "The game ended without a winner.",
    "final_score": "{name}: {score} points",
    "final_winner": "{line}, winner",
    "team_score": "Team {names}: {score} points",
    "team_joiner": " + ",
    # -- the connection -------------------------------------------------------------------
    "connecting": "Connecting…",
    "connected": "Connected",
    "reconnecting_in": "{words} (in {seconds} s)",
    "connection_lost": "Connection lost: reconnecting…",
    "not_connected": "Not connected",
    "wait_for_connection": "Not connected: wait for the connection to come back.",
    "disconnected": "Disconnected.",
    "seat_elsewhere": "This seat is now open in another tab.",
    "play_here": "Play in this tab instead",
    "seat_freed": "The host freed your seat.",
    "no_spectators": "This table allows no spectators: join to play.",
    "you_left": "You left the table.",
    "table_closed_because": "The table closed ({reason}).",
    "table_closed": "This table is closed.",
    "no_table_code": "No table code in the address.",
    "unreachable": "The server cannot be reached. Check the connection and try again.",
    "refused": "Refused ({code}).",
    # -- fair dealing (docs/SERVER.md §6) -------------------------------------------------
    "next_deal_sealed": (
        "The next deal is sealed: the server has committed to its seed (commitment"
        " {commitment}…). When you are ready, this browser adds a seed of its own and keeps"
        " both, to check after the game that they were used."
    ),
    "fair_deal": (
        "Fair deal: before dealing, the server committed to its seed (commitment"
        " {commitment}…); check it after the game."
    ),
    "seed_revealed": "The server's seed for game {game} is revealed: the deal can now be checked.",
    # -- checking a game's deal: the page /verify/{id} (static/js/fair/verify-page.js) --------
    "verify_choose_first": "Choose a file or paste its text first.",
    "verify_choose": "Choose or paste a game's record below to check it.",
    "verify_source_file": "the file {name}",
    "verify_source_pasted": "the pasted text",
    "verify_source_game": "game {id} from this server",
    "verify_loading": "Loading game {id}…",
    "verify_unreachable": (
        "Could not reach the server. You can still check a downloaded record below."
    ),
    "verify_not_over": (
        "Game {id} is not over yet. The server reveals its seed when the game ends: come back then."
    ),
    "verify_unknown_game": (
        "This server knows no game {id}. Check the address, or choose a downloaded record below."
    ),
    "verify_load_failed": (
        "Could not load game {id} (the server answered {status}). You can check a downloaded"
        " record below."
    ),
    "verify_checking": "Checking…",
    "verify_could_not_check": "Could not check {source}: {why}",
    "verify_verified_own": "Verified, with your seed",
    "verify_verified": "Verified",
    "verify_all_passed": "All {count} checks of {source} passed.",
    "verify_own_checked": (
        " The seed this browser gave and the commitment it was shown before it was ready are"
        " this game's."
    ),
    "verify_own_unchecked": (
        " This browser gave no seed to this game (or does not remember it), so it could not"
        " check that its own seed was used."
    ),
    "verify_seed_unused": "Mismatch: your seed was not used",
    "verify_seed_unused_why": (
        "The seed this browser gave when it was ready is not among the seeds of this game: the"
        " server did not deal the game it promised you."
    ),
    "verify_mismatch": "Mismatch",
    "verify_unreadable": "{source} is not a game's proof this page can read.",
    "verify_some_failed": "{failed} of {count} checks of {source} failed: {titles}.",
    "verify_titles_separator": "; ",
    "verify_passed": "Passed: ",
    "verify_failed": "Failed: ",
    "verify_download": "Download this record",
    "verify_keep": " to keep it, or to check it again with {command}.",
    # What each check of a game's proof establishes (fair/verify.js and fairness/verify.py
    # name the checks; these are their titles on the page).
    "check_format": "The file is a game's proof",
    "check_algorithm": "The proof uses the scheme this page knows",
    "check_commitment": "The server seed is the one promised before the deal",
    "check_seed": "The game's seed comes from the server seed and the players' seeds",
    "check_generator": "The cards were dealt by the secure generator",
    "check_stream": "Every shuffle is what the seeded stream gives",
    "check_deck": "Every hand starts from the full deck",
    "check_cards": "Every card dealt, drawn or played follows from the shuffles",
    "check_plays": "The record's plays are the transcript's",
    "check_your_commitment": (
        "The commitment is the one this browser was shown before it was ready"
    ),
    "check_your_seed": "This browser's own seed is among the seeds the game was dealt from",
}
"""Each template by the name the page asks for; `{field}`s are filled in by the page."""

_LOST = PAGE_WORDS["connection_lost"]

CLOSE_WORDS: dict[int, str] = {
    4001: PAGE_WORDS["seat_elsewhere"],
    4003: "This browser's key for the table was not accepted: join again.",
    4004: "There is no table with this code.",
    4400: "This page is out of date: reload it.",
    1008: "The server closed the connection: too many messages.",
    1009: "The server closed the connection: a message was too long.",
    1012: "The server is restarting: reconnecting…",
    4008: _LOST,
    1001: _LOST,
    1006: _LOST,
    1011: _LOST,
    1013: _LOST,
}
"""What a closed websocket means for the person, by close code (SERVER.md §3); a code not here
closes quietly."""
