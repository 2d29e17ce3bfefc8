"""The waiting room's words to its reader, in Chromium on a real server (issue 24): the host is
asked to be ready as "you", not named among the others who keep the table waiting; an invite
link taken from a page opened on this computer says that no one else can follow it. What the
page says of the waiting room, its connection and the next deal is `lastcard.words.page`'s,
filled in (issue 23): a sentence changed in the page only fails here.
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

from lastcard.words.page import PAGE_WORDS


def test_the_host_is_asked_to_be_ready_as_you_and_others_by_name(
    pages: Pages, server: LiveServer
) -> None:
    created = server.create_table(name="Ana", seats=3, bots=[{"seat": 2, "level": "easy"}])
    code = created["code"]
    server.join(code, name="Ben")
    host = seat_page(pages, server, code, created["token"])
    hint = by_id(host, "waiting-hint")
    waiting_for_ben = PAGE_WORDS["waiting_for"].format(names="Ben")
    hint.get_by_text(f"{PAGE_WORDS['press_ready']} {waiting_for_ben}", exact=True).wait_for()
    assert "Ana" not in hint.inner_text()
    seat = by_id(host, "wait-seat-0")
    assert seat.get_by_text(PAGE_WORDS["not_ready_you_badge"], exact=True).is_visible()
    bot = by_id(host, "wait-seat-2").inner_text()
    assert PAGE_WORDS["level_bot"].format(level="easy") in bot
    by_id(host, "connection").get_by_text(PAGE_WORDS["connected"], exact=True).wait_for()
    press_ready(host)
    hint.get_by_text(waiting_for_ben, exact=True).wait_for()


def test_the_next_deal_is_said_sealed_in_the_catalogues_words(
    pages: Pages, server: LiveServer
) -> None:
    created = server.create_table(name="Ana", seats=2, bots=[{"seat": 1, "level": "easy"}])
    host = seat_page(pages, server, created["code"], created["token"])
    sealed = by_id(host, "next-commitment")
    before, after = PAGE_WORDS["next_deal_sealed"].split("{commitment}")
    sealed.get_by_text(before, exact=False).wait_for()
    said = sealed.inner_text()
    assert said.startswith(before) and said.endswith(after), said
    hint = by_id(host, "waiting-hint")
    hint.get_by_text(PAGE_WORDS["press_ready"], exact=True).wait_for()
    press_ready(host)
    hint.get_by_text(PAGE_WORDS["all_ready_host"], exact=True).wait_for()


def test_an_invite_link_from_this_computer_says_so(pages: Pages, server: LiveServer) -> None:
    created = server.create_table(name="Ana", seats=2)
    assert server.url.startswith("http://127.0.0.1:")
    host = seat_page(pages, server, created["code"], created["token"])
    by_id(host, "invite-hint").get_by_text("works on this computer only").wait_for()
