"""A game stopped mid-hand for something to happen to its server, then played to its end.

    held = await hold_mid_hand(server)       # two people and a bot; the people stop acting
    ... kill the server, end its database session, restart PostgreSQL ...
    await held.closed()                      # each person's close code; the last ack noted
    final = await held.play_on(server.url)   # played to the end; nothing acknowledged lost

While held, the people do not act, so the game waits for them (the bot cannot finish the hand
alone) however long the interruption takes on a busy machine; nobody is near going out, so the
people must come back to finish it. `play_on` checks that each came back at or past the last
acknowledged ply and that every action ever acknowledged is in the record at that ply.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from ws_client import Frame, Game, Server, get, start_game


@dataclass
class HeldGame:
    table: Game
    plays: list[asyncio.Task[Frame]]
    go: asyncio.Event
    connections: list[int] = field(default_factory=list)  # each person's before the hold
    last_ack: int = -1

    async def closed(self) -> list[int | None]:
        """Each person's close code, once their connection has closed; the last ack is noted."""
        codes = [await person.client.wait_closed() for person in self.table.people]
        self.last_ack = max(ply for person in self.table.people for _, ply in person.acked())
        return codes

    async def play_on(self, url: str) -> Frame:
        """Let the people reconnect and play to the end; the final state, checked."""
        self.go.set()
        finals = await asyncio.gather(*self.plays)
        people = self.table.people
        for person in people:
            back = [after for _, after in person.reconnects]
            assert back and back[0]["ply"] >= self.last_ack  # nothing acknowledged was lost
        reply = await get(f"{url}/api/games/{self.table.game_id}/record")
        assert reply.status_code == 200, reply.text
        actions = reply.json()["record"]["actions"]
        assert len(actions) == finals[0]["ply"] > self.last_ack  # played on after the hold
        seats = finals[0]["seats"]
        for person in people:
            for sent, ply in person.acked():
                assert actions[ply - 1] == [seats.index(person.table_seat), sent.code]
            await person.client.close()
        return finals[0]


async def hold_mid_hand(server: Server, *, timeout: float = 50) -> HeldGame:
    """Two people and an easy bot play until mid-hand, both having had actions acknowledged;
    then the people hold."""
    table = await start_game(
        server, people=2, seats=3, bots=[{"seat": 2, "level": "easy"}], target=100
    )
    people = table.people
    go = asyncio.Event()
    go.set()
    plays = [
        asyncio.create_task(person.autoplay(survive_drops=True, timeout=timeout, hold=go))
        for person in people
    ]
    watcher = people[0]

    def mid_hand() -> bool:
        state = watcher.client.latest_state()
        return (
            state is not None
            and state["ply"] >= 8
            and state["view"]["phase"] not in ("hand_over", "game_over")
            and min(state["view"]["hand_sizes"]) >= 3  # the game outlives the interruption
            and all(len(person.acked()) >= 2 for person in people)
        )

    while not mid_hand():
        await watcher.client.wait_change(watcher.client.mark())
        assert not any(play.done() for play in plays), "the game ended before the hold"
    go.clear()
    return HeldGame(table, plays, go, [len(person.connections) for person in people])
