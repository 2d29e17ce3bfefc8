"""The waiting room's words to its reader, in Chromium on a real server (issue 24): the host is
asked to be ready as "you", not named among the others who keep the table waiting; an invite
link taken from a page opened on this computer says that no one else can follow it.
"""

from __future__ import annotations

from browser import (
    Pages,
    by_id,
    chromium_fixture,  # noqa: F401  (a fixture)
    pages_fixture,  # noqa: F401  (a fixture)
    press_ready,
    seat_page,
    server_fixture,  # noqa: F401  (a fixture)
)
from live_server import LiveServer


def test_the_host_is_asked_to_be_ready_as_you_and_others_by_name(
    pages: Pages, server: LiveServer
) -> None:
    created = server.create_table(name="Ana", seats=3, bots=[{"seat": 2, "level": "easy"}])
    code = created["code"]
    server.join(code, name="Ben")
    host = seat_page(pages, server, code, created["token"])
    hint = by_id(host, "waiting-hint")
    hint.get_by_text("Press “I'm ready” when you are. Waiting for Ben to be ready.").wait_for()
    assert "Ana" not in hint.inner_text()
    assert by_id(host, "wait-seat-0").get_by_text("not ready yet").is_visible()
    press_ready(host)
    hint.get_by_text("Waiting for Ben to be ready.", exact=True).wait_for()


def test_an_invite_link_from_this_computer_says_so(pages: Pages, server: LiveServer) -> None:
    created = server.create_table(name="Ana", seats=2)
    assert server.url.startswith("http://127.0.0.1:")
    host = seat_page(pages, server, created["code"], created["token"])
    by_id(host, "invite-hint").get_by_text("works on this computer only").wait_for()
