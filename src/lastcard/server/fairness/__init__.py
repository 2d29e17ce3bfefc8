"""Fair dealing you can check (docs/SERVER.md §6): the commitment, the game's seed, the proof
bundle a player downloads after the game, its deal transcript, and its verification.

**The scheme, version 1** (`ALGO`). Before any card is dealt the server draws a 32-byte
`server_seed` (`new_server_seed`) and publishes

    commitment = hex(SHA-256(b"lastcard/commit/v1" || server_seed))

Each person at the table gave a `client_seed` with `ready`; frozen in seat order after the
commitment, they fix the game's seed:

    text      = "lastcard/seed/v1|" + code + "|" + game_id + "|" + "|".join(client_seeds)
    digest    = HMAC-SHA256(key=server_seed, message=UTF-8(text))       (32 bytes)
    game_seed = int.from_bytes(digest, "little")

`code`, `game_id` and every client seed are 1 to 64 characters from `[0-9A-Za-z_-]`, so `|`
separates them unambiguously; a game without client seeds (bots only) ends its text with `|`.
The game is dealt by the engine's **secure** generator (`lastcard.core.rng`) seeded with
`game_seed`: BLAKE2b keyed with the seed's 64 little-endian bytes (the 32 HMAC bytes, then 32
zero bytes), in counter mode. The server cannot choose the seed after seeing the client seeds
(it is committed), and the players cannot choose it either (they do not know the server seed).

**The bundle** (`make_bundle`, served at `/api/games/{id}/record`, read by `lastcard verify`,
`lastcard replay` and the page `/verify/{id}`):

    {"record": GameRecord.to_dict(),
     "fairness": {"algo", "commitment", "server_seed" (64 hex), "client_seeds", "code", "game",
                  "transcript"}}

**The deal transcript** (`deal_transcript`) is every use of the random stream and every move of
a card between stock, discard pile and hands, in the order the engine made them, computed by
replaying the record. It lets a checker without the engine (the browser) confirm each dealt and
drawn card. Card lists are exactly what the engine passes to and gets from `rng.shuffled`; a
stock is a list whose *last* element is its top. The steps, each a JSON object with `op`:

- `{"op": "hand", "hand", "dealer", "top"}`: a hand begins; every card is gathered, so the
  stock, the discard pile and the hands are empty. `top` lists a stacked deck's cards (the
  record's `deck`, first hand only), normally `[]`.
- `{"op": "dealer_draw", "counter", "input", "output", "seats", "next"}`: the dealer draw
  (§2.1) turned `output` in order, `seats[i]` drawing `output[i]`, from a lazy shuffle
  (`rng.draw_without_replacement`) of `input`, the rules' full deck; `counter` is the stream's
  counter before, `next` after.
- `{"op": "shuffle", "why", "counter", "input", "output", "next"}`: `output` =
  `rng.shuffled(input)` at `counter`. `why` is `deal` (input: the full deck minus `top`; the new
  stock is `reversed(top + output)`, so `top[0]`, else `output[0]`, is dealt first),
  `reshuffle` (§3.10; input: the discard pile but its top, bottom first; the stock becomes
  `output`), `first_discard` (§2.4; input: the stock, then the returned card) or
  `shuffle_hands` (§7.9; with `seats`: the hands of those seats concatenated in that order,
  dealt back one card at a time round `seats`).
- `{"op": "take", "card", "to"}`: the top of the stock goes to seat `to` (dealt or drawn).
- `{"op": "turn", "card"}`: the top of the stock is turned as the first discard.
- `{"op": "return", "card", "to"}`: that first discard goes back (§2.4): to the stock's
  `bottom`, or (`shuffle`) into the `first_discard` shuffle that follows.
- `{"op": "play", "seat", "card"}`: a card from the seat's hand onto the discard pile (a play,
  a Mambo's lead, or an Invisibility card blocking an effect, §7.11.3).
- `{"op": "discard", "seat", "card"}`: in a discard round (§7.11.4) a card from the seat's hand
  goes beneath the top of the discard pile (the top card stays on top).
- `{"op": "take_back", "seat", "card"}`: a Pirate cheat was called and caught (§7.6.4): the
  top of the discard pile, the card the seat had just played, goes back to the end of its hand
  (the two cards it then draws are `take` steps).
- `{"op": "give", "seat", "card", "to"}`: after a Mambo (§7.11.7) a card from the seat's hand
  goes to the end of the hand of seat `to`.
- `{"op": "move_hands", "moves"}`: whole hands change seats (Seven-O §7.2, a swapping Wild
  Customizable, a Friendship §7.11.5); each `[from, to]` gives the hand of `from` to `to`.

The other theme cards (§7.11) need no step of their own: a Howler or a Travel shows a hand and
moves no card, a Joker's and a Draw Three's cards are drawn (`take` steps), a Care-a-lot's
discard round is `discard` steps, an Invisibility's block a `play` step.

**What `verify_bundle` checks**: the algorithm; the commitment; that the HMAC of the revealed
seeds is the record's seed and the generator is the secure one; that the record replays through
the engine to its recorded final digest (every action legal); and that the transcript equals
the one the replay produces, step by step. **The browser** (static/js/fair/verify.js) checks the
same commitment and seed with WebCrypto and, without the engine: that the stream's counters
chain from 0 with no gap and every shuffle and dealer draw is what the keyed BLAKE2b stream
gives for its input at its counter; that each hand's first input is the rules' full deck; that
every card dealt, drawn or turned is the top of the stock as the transcript has built it; that a
reshuffle's input is the discard pile (the first discard and the cards played or discarded
since) minus its top, a first-discard shuffle's the stock plus the returned card, a hand
shuffle's the hands it gathers; that every played, discarded or given card was in its player's
hand, and every card taken back the top of the discard pile; and that the record's plays are
the transcript's plays. The browser does not check that the
actions were legal, who receives each dealt card, or the final digest (that needs the engine:
`lastcard verify` does it).

**What none of this proves**: that the server kept the hands secret during play. It sees every
hand, so it could have told someone; the proof covers the order of the cards, not who saw them.
"""

from .bundle import (
    Bundle,
    is_bundle,
    make_bundle,
    named_record_from_json,
    read_bundle,
    record_from_json,
)
from .seeds import (
    ALGO,
    COMMIT_PREFIX,
    SEED_PREFIX,
    SERVER_SEED_BYTES,
    FairnessError,
    commitment,
    game_seed,
    new_server_seed,
)
from .transcript import Step, TranscriptError, deal_transcript
from .verify import Check, Report, verify_bundle, verify_text

__all__ = [
    "ALGO",
    "COMMIT_PREFIX",
    "SEED_PREFIX",
    "SERVER_SEED_BYTES",
    "Bundle",
    "Check",
    "FairnessError",
    "Report",
    "Step",
    "TranscriptError",
    "commitment",
    "deal_transcript",
    "game_seed",
    "is_bundle",
    "make_bundle",
    "named_record_from_json",
    "new_server_seed",
    "read_bundle",
    "record_from_json",
    "verify_bundle",
    "verify_text",
]
