"""A waiting room one absent joiner cannot lock (SERVER.md §8), in Chromium on a real server: the
host frees the seat of a person who joined and never came, the freed token holds nothing, and
the seat is filled again and the game starts.
"""

from __future__ import annotations

from browser import (
    Pages,
    by_id,
    chromium_fixture,  # noqa: F401  (a fixture)
    in_thread,
    pages_fixture,  # noqa: F401  (a fixture)
    press_ready,
    seat_page,
    server_fixture,  # noqa: F401  (a fixture)
    start_game,
)
from live_server import LiveServer
from ws_client import WsClient, run


def hello_closes_with(server: LiveServer, code: str, token: str) -> int:
    async def hello() -> int:
        client = await WsClient.open(server.ws_url(code))
        await client.send("hello", v=1, token=token)
        return await client.wait_closed()

    return in_thread(lambda: run(hello()))


def test_s8_the_host_frees_an_absent_joiners_seat_and_it_is_filled_again(
    pages: Pages, server: LiveServer
) -> None:
    created = server.create_table(name="Ana", seats=2)
    code = created["code"]
    absent = server.join(code, name="Ben")  # joins, then never opens the table
    host = seat_page(pages, server, code, created["token"])
    by_id(host, "waiting").wait_for()
    press_ready(host)
    by_id(host, "start").click()  # refused: Ben is not ready
    by_id(host, "kick-1").click()
    by_id(host, "wait-seat-1").get_by_text("empty", exact=True).wait_for()
    assert hello_closes_with(server, code, absent["token"]) == 4003
    cleo = server.join(code, name="Cleo")
    assert cleo["seat"] == 1
    guest = seat_page(pages, server, code, cleo["token"])
    by_id(guest, "waiting").wait_for()
    press_ready(guest)
    start_game(host)
