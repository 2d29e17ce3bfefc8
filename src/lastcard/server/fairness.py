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

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lastcard.core import (
    Card,
    CorruptDataError,
    Event,
    EventType,
    GameRecord,
    GameState,
    Kind,
    LastcardError,
    replay_steps,
    state_digest,
)
from lastcard.core.decoding import corrupt, read_list, read_mapping
from lastcard.core.errors import shown
from lastcard.core.rng import RngState, draw_without_replacement, shuffled
from lastcard.core.seats import next_active, turn_order

from .protocol import MAX_NAME as _MAX_NAME

ALGO = "lastcard/fair/v1 sha256-commit hmac-sha256-seed blake2b-secure-stream"
"""The scheme and its version; a bundle naming another is not checked as this one."""

COMMIT_PREFIX = b"lastcard/commit/v1"
SEED_PREFIX = "lastcard/seed/v1"
SERVER_SEED_BYTES = 32

_PART = re.compile(r"[0-9A-Za-z_-]{1,64}")
_HEX64 = re.compile(r"[0-9a-f]{64}")
_MAX_CLIENT_SEEDS = 10  # one per seat at most (§1.5.1)

Step = dict[str, Any]


class FairnessError(LastcardError):
    """A bundle asked of values that cannot make one (a record not dealt from this seed)."""

    code = "NOT_FAIR"


# -- the seeds ---------------------------------------------------------------------------------


def new_server_seed() -> bytes:
    """32 bytes from the operating system: the server's secret until the game ends."""
    return secrets.token_bytes(SERVER_SEED_BYTES)


def commitment(server_seed: bytes) -> str:
    """What the server publishes before the deal: it binds the server to `server_seed`."""
    return hashlib.sha256(COMMIT_PREFIX + _server_seed(server_seed)).hexdigest()


def game_seed(server_seed: bytes, code: str, game_id: str, client_seeds: Sequence[str]) -> int:
    """The secure generator's seed for this game (the encoding is in the module docstring).

    A part that is not 1 to 64 characters of `[0-9A-Za-z_-]` raises `CorruptDataError`: a `|`
    in one would let two different lists of parts give the same text."""
    if isinstance(client_seeds, str):
        raise corrupt("client_seeds", "expected a list of client seeds, not one text")
    parts = [
        _part(code, "code"),
        _part(game_id, "game"),
        *(_part(seed, f"client_seeds[{i}]") for i, seed in enumerate(client_seeds)),
    ]
    text = "|".join([SEED_PREFIX, *parts]) + ("" if client_seeds else "|")
    digest = hmac.new(_server_seed(server_seed), text.encode("utf-8"), hashlib.sha256).digest()
    return int.from_bytes(digest, "little")


def _part(value: object, field: str) -> str:
    if type(value) is not str or not _PART.fullmatch(value):
        raise corrupt(field, f"{shown(value)} is not 1 to 64 characters of [0-9A-Za-z_-]")
    return value


def _server_seed(value: object) -> bytes:
    if not isinstance(value, bytes) or len(value) != SERVER_SEED_BYTES:
        raise corrupt("server_seed", f"expected {SERVER_SEED_BYTES} bytes, not {shown(value)}")
    return value


# -- the bundle --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bundle:
    """A bundle as read: the record and its fairness proof (the transcript as it came)."""

    record: GameRecord
    algo: str
    commitment: str
    server_seed: bytes
    client_seeds: tuple[str, ...]
    code: str
    game: str
    transcript: list[Any]


_FAIRNESS_KEYS = ("algo", "commitment", "server_seed", "client_seeds", "code", "game", "transcript")


def make_bundle(
    record: GameRecord,
    server_seed: bytes,
    code: str,
    game_id: str,
    client_seeds: Sequence[str],
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The downloadable proof of a game dealt from these seeds (see the module docstring).
    `names`, the players' in seat order, travel in the record (`record.names`, a key the
    record's readers pass over) so that `lastcard replay` tells the game with them.

    Raises `FairnessError` when the record was not dealt by the secure generator from the seed
    these values give: such a bundle could only ever fail to verify."""
    seed = game_seed(server_seed, code, game_id, client_seeds)
    if record.generator != "secure" or record.seed != seed:
        raise FairnessError("the record was not dealt by the secure generator from these seeds")
    data = record.to_dict()
    if names is not None:
        data["names"] = list(names)
    return {
        "record": data,
        "fairness": {
            "algo": ALGO,
            "commitment": commitment(server_seed),
            "server_seed": server_seed.hex(),
            "client_seeds": list(client_seeds),
            "code": code,
            "game": game_id,
            "transcript": deal_transcript(record),
        },
    }


def is_bundle(data: object) -> bool:
    """Whether `data` has a bundle's shape rather than a bare record's."""
    return isinstance(data, Mapping) and "record" in data and "fairness" in data


def read_bundle(data: object) -> Bundle:
    """The bundle `make_bundle` wrote; `CorruptDataError` naming the field for anything else."""
    top = read_mapping(data, "bundle", ("record", "fairness"), ("record", "fairness"))
    record = GameRecord.from_dict(top["record"])
    fair = read_mapping(top["fairness"], "fairness", _FAIRNESS_KEYS, _FAIRNESS_KEYS)
    algo = fair["algo"]
    if type(algo) is not str or len(algo) > 200:
        raise corrupt("fairness.algo", f"{shown(algo)} is not the name of a scheme")
    client_seeds = read_list(fair["client_seeds"], "fairness.client_seeds", None, _MAX_CLIENT_SEEDS)
    return Bundle(
        record=record,
        algo=algo,
        commitment=_hex64(fair["commitment"], "fairness.commitment"),
        server_seed=bytes.fromhex(_hex64(fair["server_seed"], "fairness.server_seed")),
        client_seeds=tuple(
            _part(seed, f"fairness.client_seeds[{i}]") for i, seed in enumerate(client_seeds)
        ),
        code=_part(fair["code"], "fairness.code"),
        game=_part(fair["game"], "fairness.game"),
        transcript=read_list(fair["transcript"], "fairness.transcript"),
    )


def _hex64(value: object, field: str) -> str:
    if type(value) is not str or not _HEX64.fullmatch(value):
        raise corrupt(field, f"{shown(value)} is not 64 lower-case hex digits")
    return value


def load_json(text: str | bytes) -> Any:
    """JSON text as data; `CorruptDataError` for text that is not JSON (or nests too deep,
    or holds NaN or Infinity)."""
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except CorruptDataError:
        raise
    except RecursionError:
        raise CorruptDataError("not a game record (its JSON nests too deep)") from None
    except ValueError as error:  # invalid JSON, bad UTF-8, an integer beyond 4300 digits
        raise CorruptDataError(f"not a game record (invalid JSON: {error})") from None


def _refuse_constant(name: str) -> Any:
    raise CorruptDataError(f"not a game record: {name} is not a number a record holds")


def record_from_json(text: str | bytes) -> GameRecord:
    """The record in a bundle's JSON, or in a bare `GameRecord`'s (what `lastcard replay` reads)."""
    return named_record_from_json(text)[0]


def named_record_from_json(text: str | bytes) -> tuple[GameRecord, list[str] | None]:
    """`record_from_json`, with the players' names a web table's record carries (`make_bundle`),
    or None for a record without them."""
    data = load_json(text)
    if is_bundle(data):
        data = data["record"]
    if not isinstance(data, dict):
        raise CorruptDataError("not a game record (expected a JSON object)")
    record = GameRecord.from_dict(data)
    names = data.get("names")
    if names is None:
        return record, None
    names = read_list(names, "record.names", record.players, record.players)
    for k, name in enumerate(names):
        if type(name) is not str or not 0 < len(name) <= _MAX_NAME:
            raise corrupt(f"record.names[{k}]", f"{shown(name)} is not a player's name")
    return record, names


# -- the deal transcript -----------------------------------------------------------------------


class TranscriptError(LastcardError):
    """The engine moved cards in a way the transcript cannot describe (a rule it does not know)."""

    code = "TRANSCRIPT"


def deal_transcript(record: GameRecord) -> list[Step]:
    """Every use of the random stream and every card moved, replaying `record` (see the module
    docstring). Raises what the replay raises for a record that does not replay."""
    return _replay_with_transcript(record)[1]


def _replay_with_transcript(record: GameRecord) -> tuple[GameState, list[Step]]:
    """The final state and the transcript, in one replay."""
    opening = record.open()
    follower = _Follower(record)
    follower.follow(opening.events, opening.state)
    state = opening.state
    for _, _, transition in replay_steps(record):
        follower.follow(transition.events, transition.state)
        state = transition.state
    return state, follower.steps


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


class _Follower:
    """Where every card is, moved as the events of each transition say, with the random stream
    run again beside the engine. After each transition it must agree with the engine's state
    (stock, discard pile, hands, direction, the stream's counter): a disagreement is a
    `TranscriptError`, never a transcript that silently describes another game."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.full_deck = record.rules.deck_cards()
        self.steps: list[Step] = []
        self.counter = 0
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(record.players)]
        self.direction = 1
        self.active: tuple[bool, ...] = (True,) * record.players
        self.player: int | None = None  # who played last: a hand shuffle deals from their left
        self.reshuffle_due = False  # a reshuffle event precedes the draw it happened in
        self.dealer_draw: Step | None = None  # shown after the `hand` step it belongs to
        self.actions = 0

    def follow(self, events: Sequence[Event], state: GameState) -> None:
        for event in events:
            handler = _HANDLERS.get(event.type)
            if handler is not None:
                handler(self, event)
        self._agree(state)
        self.active = state.active
        self.player = None

    def _agree(self, state: GameState) -> None:
        where = f"after action {self.actions}" if self.actions else "after the opening deal"
        self.actions += 1
        differs = [
            name
            for name, mine, theirs in (
                ("stock", tuple(self.stock), state.stock),
                ("discard pile", tuple(self.discard), state.discard),
                ("hands", tuple(map(tuple, self.hands)), state.hands),
                ("direction", self.direction, state.direction),
                ("stream counter", self.counter, state.rng.counter),
                ("reshuffle", self.reshuffle_due, False),
            )
            if mine != theirs
        ]
        if differs:
            raise TranscriptError(f"the transcript lost track of the {differs[0]} {where}")

    def _fail(self, problem: str) -> TranscriptError:
        return TranscriptError(f"the transcript cannot follow action {self.actions}: {problem}")

    # -- the stream ----------------------------------------------------------------------

    def _rng(self) -> RngState:
        return RngState(self.record.generator, self.record.seed, self.counter)

    def _shuffle(self, why: str, cards: Sequence[Card], **extra: Any) -> tuple[Card, ...]:
        output, after = shuffled(cards, self._rng())
        self.steps.append(
            {
                "op": "shuffle",
                "why": why,
                "counter": self.counter,
                "input": _codes(cards),
                "output": _codes(output),
                "next": after.counter,
                **extra,
            }
        )
        self.counter = after.counter
        return output

    # -- moves -----------------------------------------------------------------------------

    def _pop(self, code: str) -> Card:
        if not self.stock or self.stock[-1].code != code:
            raise self._fail(f"{code} is not the top of the stock")
        return self.stock.pop()

    def _take(self, seat: int, code: str) -> None:
        self.hands[seat].append(self._pop(code))
        self.steps.append({"op": "take", "card": code, "to": seat})

    def _turn(self, code: str) -> Card:
        card = self._pop(code)
        self.discard = [card]
        self.steps.append({"op": "turn", "card": code})
        return card

    def _move_hands(self, moves: list[list[int]]) -> None:
        old = [list(hand) for hand in self.hands]
        for source, target in moves:
            self.hands[target] = old[source]
        self.steps.append({"op": "move_hands", "moves": moves})

    # -- the events ------------------------------------------------------------------------

    def on_dealer_draw(self, event: Event) -> None:
        draws = event.data["draws"]
        start = self._rng()
        after = start  # the state after the last card turned
        turned = draw_without_replacement(self.full_deck, start)
        for (_, code), (card, state) in zip(draws, turned, strict=False):
            if card.code != code:
                raise self._fail(f"the dealer draw turned {card.code}, not {code}")
            after = state
        self.dealer_draw = {
            "op": "dealer_draw",
            "counter": start.counter,
            "input": _codes(self.full_deck),
            "output": [code for _, code in draws],
            "seats": [seat for seat, _ in draws],
            "next": after.counter,
        }
        self.counter = after.counter

    def on_deal(self, event: Event) -> None:
        number = event.data["hand"]
        dealer = event.data["dealer"]
        top = [Card.from_code(code) for code in self.record.deck or ()] if number == 1 else []
        self.steps.append({"op": "hand", "hand": number, "dealer": dealer, "top": _codes(top)})
        if self.dealer_draw is not None:
            self.steps.append(self.dealer_draw)
            self.dealer_draw = None
        rest = list(self.full_deck)
        for card in top:
            rest.remove(card)
        pile = [*top, *self._shuffle("deal", rest)]
        self.stock = pile[::-1]
        self.discard = []
        self.hands = [[] for _ in self.hands]
        self.direction = 1
        seats = turn_order(self.active, next_active(self.active, dealer, 1), 1)
        for _ in range(self.record.rules.hand_size):
            for seat in seats:
                self._take(seat, self.stock[-1].code)
        if [_codes(hand) for hand in self.hands] != event.secret["hands"]:
            raise self._fail("the deal gave other hands than the engine's")

    def on_first_discard_returned(self, event: Event) -> None:
        card = self._turn(event.data["card"])
        self.discard = []
        if self.record.rules.first_wd4 == "bottom":
            self.stock.insert(0, card)
            self.steps.append({"op": "return", "card": card.code, "to": "bottom"})
        else:
            self.steps.append({"op": "return", "card": card.code, "to": "shuffle"})
            self.stock = list(self._shuffle("first_discard", [*self.stock, card]))

    def on_first_discard(self, event: Event) -> None:
        self._turn(event.data["card"])

    def on_play(self, event: Event) -> None:
        seat, code = event.data["seat"], event.data["card"]
        hand = self.hands[seat]
        card = Card.from_code(code)
        if card not in hand:
            raise self._fail(f"seat {seat} plays {code}, which is not in their hand")
        hand.remove(card)
        self.discard.append(card)
        self.player = seat
        self.steps.append({"op": "play", "seat": seat, "card": code})

    def on_discard(self, event: Event) -> None:
        seat, code = event.data["seat"], event.data["card"]
        hand = self.hands[seat]
        card = Card.from_code(code)
        if card not in hand:
            raise self._fail(f"seat {seat} discards {code}, which is not in their hand")
        if not self.discard:
            raise self._fail(f"seat {seat} discards {code} beneath an empty discard pile")
        hand.remove(card)
        # Beneath the top card: a later reshuffle takes it with the rest of the pile.
        self.discard.insert(len(self.discard) - 1, card)
        self.steps.append({"op": "discard", "seat": seat, "card": code})

    def on_pirate_call(self, event: Event) -> None:
        # A false call moves no card here (the caller's draw is a `draw` event of its own); a
        # caught cheat puts the played card back in its player's hand, before the player draws.
        if not event.data["cheat"]:
            return
        player = event.data["player"]
        if len(self.discard) < 2:
            raise self._fail(f"seat {player}'s cheat is caught with no card played on the pile")
        card = self.discard.pop()
        self.hands[player].append(card)
        self.steps.append({"op": "take_back", "seat": player, "card": card.code})

    def on_block(self, event: Event) -> None:
        """§7.11.3: the Invisibility card goes from its holder's hand onto the pile, as a play."""
        seat = event.data["seat"]
        card = Card(Kind.WILD_INVISIBILITY)
        if card not in self.hands[seat]:
            raise self._fail(f"seat {seat} blocks without holding {card.code}")
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.steps.append({"op": "play", "seat": seat, "card": card.code})

    def on_gift(self, event: Event) -> None:
        """§7.11.7: a Mambo's player gives a card (told to the giver alone during play; the
        record, replayed, holds it)."""
        seat, target, code = event.data["seat"], event.data["target"], event.secret["given"]
        card = Card.from_code(code)
        if card not in self.hands[seat]:
            raise self._fail(f"seat {seat} gives {code}, which is not in their hand")
        self.hands[seat].remove(card)
        self.hands[target].append(card)
        self.steps.append({"op": "give", "seat": seat, "card": code, "to": target})

    def on_reshuffle(self, event: Event) -> None:
        if self.reshuffle_due:
            raise self._fail("two reshuffles in one draw")
        self.reshuffle_due = True

    def on_draw(self, event: Event) -> None:
        seat = event.data["seat"]
        for code in event.secret["cards"]:
            if not self.stock:
                if not self.reshuffle_due or len(self.discard) < 2:
                    raise self._fail("a card is drawn from an empty stock")
                self.reshuffle_due = False
                top = self.discard[-1]
                self.stock = list(self._shuffle("reshuffle", self.discard[:-1]))
                self.discard = [top]
            self._take(seat, code)

    def on_reverse(self, event: Event) -> None:
        self.direction = event.data["direction"]

    def on_swap_hands(self, event: Event) -> None:
        a, b = event.data["seats"]
        self._move_hands([[a, b], [b, a]])

    def on_rotate_hands(self, event: Event) -> None:
        direction = event.data["direction"]
        seats = [seat for seat, active in enumerate(self.active) if active]
        self._move_hands([[seat, next_active(self.active, seat, direction)] for seat in seats])

    def on_shuffle_hands(self, event: Event) -> None:
        if self.player is None:
            raise self._fail("the hands are shuffled without a card played")
        first = next_active(self.active, self.player, self.direction)
        seats = turn_order(self.active, first, self.direction)
        pool = [card for seat in seats for card in self.hands[seat]]
        cards = self._shuffle("shuffle_hands", pool, seats=seats)
        for seat in seats:
            self.hands[seat] = []
        for i, card in enumerate(cards):
            self.hands[seats[i % len(seats)]].append(card)


_HANDLERS: dict[EventType, Callable[[_Follower, Event], None]] = {
    EventType.DEALER_DRAW: _Follower.on_dealer_draw,
    EventType.DEAL: _Follower.on_deal,
    EventType.FIRST_DISCARD_RETURNED: _Follower.on_first_discard_returned,
    EventType.FIRST_DISCARD: _Follower.on_first_discard,
    EventType.PLAY: _Follower.on_play,
    EventType.DISCARD: _Follower.on_discard,
    EventType.PIRATE_CALL: _Follower.on_pirate_call,
    EventType.GIFT: _Follower.on_gift,
    EventType.BLOCK: _Follower.on_block,
    EventType.RESHUFFLE: _Follower.on_reshuffle,
    EventType.DRAW: _Follower.on_draw,
    EventType.REVERSE: _Follower.on_reverse,
    EventType.SWAP_HANDS: _Follower.on_swap_hands,
    EventType.ROTATE_HANDS: _Follower.on_rotate_hands,
    EventType.SHUFFLE_HANDS: _Follower.on_shuffle_hands,
}


# -- verification ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """One named check of a bundle: whether it passed and what it found, in words."""

    name: str
    ok: bool
    detail: str


@dataclass(frozen=True)
class Report:
    """Every check of one bundle; `ok` only if there were checks and all passed."""

    checks: tuple[Check, ...]

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(check.ok for check in self.checks)

    def failed(self) -> list[str]:
        return [check.name for check in self.checks if not check.ok]

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "checks": [{"name": c.name, "ok": c.ok, "detail": c.detail} for c in self.checks],
        }


def verify_bundle(
    data: Mapping[str, Any], *, client_seed: str | None = None, commitment: str | None = None
) -> Report:
    """Check a bundle (see the module docstring for what is and is not checked).

    `client_seed` and `commitment` are what a player kept (§6 step 2): the seed they gave and
    the commitment they were shown before they readied. Given, they are checked too: the
    server's own word that it used them proves nothing, the player's memory does.

    A bundle that does not verify gives a `Report` whose failed checks say why; data that is
    no bundle at all raises `CorruptDataError` naming the field."""
    bundle = read_bundle(data)
    record = bundle.record
    return Report(
        (
            _check_algo(bundle),
            _check_commitment(bundle),
            _check_seed(bundle),
            Check(
                "generator",
                record.generator == "secure",
                "dealt by the secure generator (keyed BLAKE2b)"
                if record.generator == "secure"
                else f"dealt by the {record.generator} generator, not the secure one",
            ),
            *_check_replay(bundle),
            *_check_own(bundle, client_seed, commitment),
        )
    )


def verify_text(
    text: str | bytes, *, client_seed: str | None = None, commitment: str | None = None
) -> Report:
    """`verify_bundle` of JSON text; `CorruptDataError` for text that is not a bundle's."""
    data = load_json(text)
    if not isinstance(data, dict):
        raise CorruptDataError("not a game's proof (expected a JSON object)")
    return verify_bundle(data, client_seed=client_seed, commitment=commitment)


def _check_own(bundle: Bundle, client_seed: str | None, promised: str | None) -> list[Check]:
    """The checks of what a player kept (static/js/fair/verify.js says the same)."""
    checks = []
    if promised is not None:
        shown = f"the commitment you were shown before you were ready ({promised[:12]}…)"
        if promised == bundle.commitment:
            checks.append(Check("your_commitment", True, f"{shown} is this game's"))
        else:
            checks.append(Check("your_commitment", False, f"{shown} is not this game's"))
    if client_seed is not None:
        seeds = len(bundle.client_seeds)
        if client_seed in bundle.client_seeds:
            detail = f"your seed {client_seed[:12]}… is one of the game's {seeds} client seed(s)"
            checks.append(Check("your_seed", True, detail))
        else:
            detail = (
                f"your seed was not used: {client_seed[:12]}… is not among the game's {seeds} "
                "client seed(s)"
            )
            checks.append(Check("your_seed", False, detail))
    return checks


def _check_algo(bundle: Bundle) -> Check:
    if bundle.algo == ALGO:
        return Check("algorithm", True, f"the scheme is {ALGO}")
    return Check("algorithm", False, f"unknown scheme {shown(bundle.algo, 80)}; expected {ALGO}")


def _check_commitment(bundle: Bundle) -> Check:
    if hmac.compare_digest(commitment(bundle.server_seed), bundle.commitment):
        return Check(
            "commitment",
            True,
            "the revealed server seed is the one committed to before the deal",
        )
    return Check(
        "commitment",
        False,
        "the revealed server seed does not hash to the commitment sent before the deal",
    )


def _check_seed(bundle: Bundle) -> Check:
    seed = game_seed(bundle.server_seed, bundle.code, bundle.game, bundle.client_seeds)
    seeds = len(bundle.client_seeds)
    if seed == bundle.record.seed:
        return Check(
            "seed",
            True,
            f"the server seed, table {bundle.code}, game {bundle.game} and {seeds} client "
            "seed(s) give the record's seed",
        )
    return Check(
        "seed",
        False,
        f"the server seed, table {bundle.code}, game {bundle.game} and {seeds} client "
        "seed(s) give another seed than the record's",
    )


def _check_replay(bundle: Bundle) -> tuple[Check, Check]:
    record = bundle.record
    try:
        state, transcript = _replay_with_transcript(record)
    except LastcardError as error:
        return (
            Check("replay", False, f"the record does not replay: {error}"),
            Check("transcript", False, "not compared: the record does not replay"),
        )
    actions = len(record.actions)
    if record.digest is None:
        replay = Check("replay", False, f"{actions} actions replay, but no final digest is given")
    elif state_digest(state) != record.digest:
        replay = Check("replay", False, f"{actions} actions replay to another final state")
    else:
        replay = Check("replay", True, f"{actions} actions replay to the recorded final state")
    return replay, _compare_transcripts(transcript, bundle.transcript)


def _compare_transcripts(expected: list[Step], given: list[Any]) -> Check:
    # Compared as canonical JSON, so that `true` is not taken for 1 nor 1.0 for 1.
    for i, (mine, theirs) in enumerate(zip(_canonical(expected), _canonical(given), strict=False)):
        if mine != theirs:
            op = expected[i].get("op", "?")
            return Check("transcript", False, f"step {i} ({op}) differs from the replay's")
    if len(expected) != len(given):
        return Check(
            "transcript",
            False,
            f"the transcript has {len(given)} steps; the replay gives {len(expected)}",
        )
    shuffles = sum(1 for step in expected if step["op"] in ("shuffle", "dealer_draw"))
    cards = sum(1 for step in expected if step["op"] in ("take", "turn"))
    return Check(
        "transcript",
        True,
        f"all {len(expected)} steps match the replay: {shuffles} uses of the stream, "
        f"{cards} cards dealt, drawn or turned",
    )


def _canonical(steps: list[Any]) -> Iterator[str]:
    for step in steps:
        try:
            yield json.dumps(step, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError, RecursionError):
            yield repr(step)
