"""A reload loses nothing a player saw (SERVER.md §3): the table's recent chat and the running
game's commitment are told again to a (re)connecting client, in the room and in Chromium.
"""

from __future__ import annotations

from browser import (
    Pages,
    by_id,
    chromium_fixture,  # noqa: F401  (a fixture)
    pages_fixture,  # noqa: F401  (a fixture)
    server_fixture,  # noqa: F401  (a fixture)
    solo_game,
    wait_in_game,
)
from live_server import LiveServer
from room_harness import CODE, T0, RoomHarness

from lastcard.server.room import RECENT_CHAT, Room


def test_s3_hello_tells_the_recent_chat_again_and_only_what_since_missed() -> None:
    harness = RoomHarness({"name": "Ana", "seats": 2})
    harness.hello(0, 0)
    for k in range(RECENT_CHAT + 2):
        harness.send(0, t="chat", text=f"line {k}")
    seen = harness.last(0, "chat")["seq"]
    harness.send(0, t="chat", text="after")
    harness.hello(1, None)  # a page with nothing: the recent lines, oldest first
    told = [m["text"] for m in harness.received(1, "chat")]
    assert told == [f"line {k}" for k in range(3, RECENT_CHAT + 2)] + ["after"]
    assert all(m["earlier"] and "seq" not in m for m in harness.received(1, "chat"))
    harness.hello(2, None, since=seen)  # a reconnect: only what it missed
    assert [m["text"] for m in harness.received(2, "chat")] == ["after"]
    stored = harness.storage.load(CODE)
    assert stored is not None
    restored = Room.restore(stored, T0 + 60, chat=harness.storage.chat(CODE, RECENT_CHAT))
    assert [line["text"] for _, line in restored.recent_chat][-1] == "after"


def test_s3_a_reload_keeps_the_chat_and_the_commitment_line(
    pages: Pages, server: LiveServer
) -> None:
    page, _ = solo_game(pages, server)
    fairness = by_id(page, "fairness")
    fairness.get_by_text("committed to its seed").wait_for()
    line = fairness.inner_text()
    by_id(page, "chat-input").fill("good luck, bot")
    by_id(page, "chat-send").click()
    by_id(page, "chat").get_by_text("good luck, bot").wait_for()
    page.reload()
    wait_in_game(page)
    by_id(page, "chat").get_by_text("good luck, bot").wait_for()
    fairness.get_by_text("committed to its seed").wait_for()
    assert fairness.inner_text() == line
