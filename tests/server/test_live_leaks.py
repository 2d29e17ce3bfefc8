"""Nothing secret on the wire (SERVER.md §3, §6): every frame a real server sends, checked
against the game's own record.

Two people (each reconnecting once, mid-hand, with `since`), a bot and a spectator play a whole
game; every frame each client receives is kept. After the game the published record is replayed
with the engine, which gives every seat's hand and the stock at every ply, and each frame is
checked against what its recipient may know: a `state` carries exactly the recipient's view of
the position at its ply (its own hand, never another's), the recipient's legal actions, and only
events as redacted for the recipient (a draw's cards to the drawer alone, a deal's hands to
nobody); no frame carries a stock, a deck, a token, or the seeds before the reveal.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from live_server import LiveServer
from ws_client import Frame, Person, get, is_state, run, start_game

from lastcard.core import Event, GameRecord, GameState, player_view, replay_steps, seat_actions
from lastcard.server.fairness import verify_text

STATE_KEYS = {
    "t",
    "seq",
    "game",
    "ply",
    "seat",
    "seats",
    "names",
    "view",
    "legal",
    "to_act",
    "deadline",
    "events",
    "story",
    "prompt",
    "cheats",
    "alerts",
}
NEVER = {"token", "token_hash", "client_seed"}  # keys no frame has, before or after the end
UNTIL_REVEAL = {"server_seed", "seed", "client_seeds", "record"}  # the reveal's alone


@pytest.fixture
def server(tmp_path: Any, database_url: str) -> Iterator[LiveServer]:
    """A server on each database: SQLite, then PostgreSQL."""
    with LiveServer(tmp_path, database_url=database_url) as live:
        yield live


@dataclass(frozen=True)
class Replayed:
    """The game as the record tells it: the state at each ply and each action's events."""

    states: list[GameState]
    opening: list[Event]
    events: list[list[Event]]  # events[k]: those of the action that made ply k + 1

    @staticmethod
    def of(record: GameRecord) -> Replayed:
        opening = record.open()
        states = [opening.state]
        events = []
        for _, _, transition in replay_steps(record):
            states.append(transition.state)
            events.append(list(transition.events))
        return Replayed(states, list(opening.events), events)

    def every_event(self) -> list[Event]:
        return self.opening + [event for step in self.events for event in step]


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def walk(data: Any, path: str = "") -> Iterator[tuple[str, str, Any]]:
    """Every (path, key, value) of a JSON value, depth first."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield path, key, value
            yield from walk(value, f"{path}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from walk(value, f"{path}[{i}]")


def check_keys(frame: Frame, revealed: bool) -> None:
    """No key that could hold a secret: tokens, the stock or a deck's order, and (before the
    reveal) the seeds and the record."""
    for path, key, value in walk(frame):
        where = f"{frame.get('t')}{path}.{key}"
        assert key not in NEVER, where
        assert revealed or key not in UNTIL_REVEAL, where
        if "stock" in key:  # the view's stock_size and a reshuffle's count: numbers only
            assert type(value) is int, where
        if key == "deck":  # the rules' deck name, or a record's (absent) stacked deck
            assert value is None or isinstance(value, str), where


def check_event(event: dict[str, Any], seat: int | None, allowed: set[str]) -> None:
    kind = event["type"]
    if kind == "draw":
        assert ("cards" in event) == (event["seat"] == seat), (seat, event)
    if kind == "deal":
        assert "hands" not in event, (seat, event)
    if kind == "challenge":
        assert ("revealed" in event) == (event["seat"] == seat), (seat, event)
    assert canonical(event) in allowed, (seat, event)


def check_state(frame: Frame, seat: int | None, game: Replayed, allowed: set[str]) -> None:
    assert set(frame) == STATE_KEYS, sorted(frame)
    assert frame["seat"] == seat
    state = game.states[frame["ply"]]
    view = frame["view"]
    own = None if seat is None else [card.code for card in state.hands[seat]]
    assert view["hand"] == own, (seat, frame["ply"])
    assert view["hand_sizes"] == [len(hand) for hand in state.hands]
    if seat is None:
        assert view["drawn"] is None
    # The whole view is the recipient's view of that ply, and the legal actions its own.
    assert view == json.loads(json.dumps(player_view(state, seat).to_dict()))
    legal = [] if seat is None else [action.code for action in seat_actions(state, seat)]
    assert frame["legal"] == legal
    for event in frame["events"]:
        check_event(event, seat, allowed)


def check_frames(
    frames: list[Frame],
    texts: list[str],
    seat: int | None,
    game: Replayed,
    secrets: list[str],
    seeds: list[str],
) -> int:
    """Check one client's frames; the number of states checked."""
    allowed = {canonical(event.redact(seat).to_dict()) for event in game.every_event()}
    revealed = False
    states = 0
    for frame, text in zip(frames, texts, strict=True):
        revealed = revealed or frame.get("t") == "reveal"
        for secret in secrets:
            assert secret not in text, f"a token in a {frame.get('t')} frame"
        if not revealed:
            for seed in seeds:
                assert seed not in text, f"a seed in a {frame.get('t')} frame before the reveal"
        check_keys(frame, revealed)
        if is_state(frame):
            check_state(frame, seat, game, allowed)
            states += 1
    assert revealed, "the game's end was revealed"
    return states


def check_reconnect(person: Person, seat: int, game: Replayed) -> None:
    """The state after a reconnect tells the hand's events the person missed, and no more."""
    assert len(person.reconnects) == 1
    before, after = person.reconnects[0]
    assert before is not None
    first, last = before["ply"], after["ply"]
    hand = game.states[first].hand_number
    assert game.states[first].phase.value not in ("hand_over", "game_over")  # mid-hand
    if game.states[last].hand_number == hand:
        missed = [e.redact(seat).to_dict() for step in game.events[first:last] for e in step]
        assert after["events"] == json.loads(json.dumps(missed))


def test_s3_s6_no_hand_stock_seed_or_token_reaches_a_client_that_may_not_see_it(
    server: LiveServer,
) -> None:
    async def scenario() -> None:
        table = await start_game(
            server,
            people=2,
            seats=3,
            bots=[{"seat": 2, "level": "medium"}],
            target=100,
            spectator=True,
        )
        ana, ben = table.people
        spectator = table.spectator
        assert spectator is not None

        def away_until_my_turn(seat: int) -> Callable[[], Awaitable[None]]:
            """Stay away while the others play, until the game waits for this seat."""

            async def away() -> None:
                start = spectator.latest_state_index() or 0
                await spectator.wait_for(lambda f: is_state(f) and f["to_act"] == seat, start=start)

            return away

        await asyncio.gather(
            ana.autoplay(reconnect_at_ply=2, away=away_until_my_turn(0)),
            ben.autoplay(reconnect_at_ply=6, away=away_until_my_turn(1)),
        )
        for client in (ana.client, ben.client, spectator):
            await client.wait_for(lambda f: f.get("t") == "reveal")
        reply = await get(f"{server.url}/api/games/{table.game_id}/record")
        assert reply.status_code == 200
        assert verify_text(reply.text).ok
        bundle = reply.json()
        record = GameRecord.from_dict(bundle["record"])
        game = Replayed.of(record)
        assert game.states[-1].phase.value == "game_over"
        tokens = [ana.token, ben.token]
        seeds = [bundle["fairness"]["server_seed"], str(record.seed)]
        seen = {
            "ana": check_frames(ana.frames, ana.texts, 0, game, tokens, seeds),
            "ben": check_frames(ben.frames, ben.texts, 1, game, tokens, seeds),
            "spectator": check_frames(spectator.frames, spectator.texts, None, game, tokens, seeds),
        }
        # Each saw the game from its first ply to its last (frames may be merged, not lost).
        assert all(count > 10 for count in seen.values()), seen
        for person in (ana, ben):
            plies = [f["ply"] for f in person.frames if is_state(f)]
            assert plies[0] == 0 and plies[-1] == len(record.actions)
        check_reconnect(ana, 0, game)
        check_reconnect(ben, 1, game)
        # The draws a person saw with their cards are their own draws.
        own_seen = 0
        for person, seat in ((ana, 0), (ben, 1)):
            drawn_seen = {
                canonical(event)
                for frame in person.frames
                if is_state(frame)
                for event in frame["events"]
                if event["type"] == "draw" and "cards" in event
            }
            own_draws = {
                canonical(event.to_dict())
                for event in game.every_event()
                if event.type.value == "draw" and event.seat == seat
            }
            assert drawn_seen <= own_draws
            own_seen += len(drawn_seen)
        assert own_seen, "the people saw the cards of their own draws"
        for client in (ana.client, ben.client, spectator):
            await client.close()

    run(scenario(), timeout=60)
