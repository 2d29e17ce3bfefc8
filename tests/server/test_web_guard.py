"""The web's own attacks (SERVER.md §8) against a real server and Chromium: a page of another
site can neither watch a table nor take a seat (unless `--allow-origin` names it); a `no-cors`
text/plain POST changes nothing; every response carries the security headers and no page of
the server breaks its own Content-Security-Policy.

The other site is a second HTTP server on another loopback port: another origin, as a stranger's
page would be, yet a loopback address, so the browser sends its requests as it would from the
internet and only the server can refuse them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser import (
    Pages,
    by_id,
    chromium_fixture,  # noqa: F401  (a fixture)
    chromium_path,
    in_thread,
    pages_fixture,  # noqa: F401  (a fixture)
    press_ready,
    seat_page,
    start_game,
)
from live_server import LiveServer, free_port
from playwright.sync_api import Browser, Page, sync_playwright
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus
from ws_client import WsClient, run

from lastcard.server.web_guard import CONTENT_SECURITY_POLICY

HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}

# The stranger's page: it watches the table (a websocket without a token) and asks for a seat
# with the only POST a page of another site can send without the server's consent.
EVIL_PAGE = """<!doctype html><meta charset="utf-8"><title>Free games</title><script>
window.seen = [];
const ws = new WebSocket("ws://127.0.0.1:{port}/ws/{code}");
ws.onopen = () => ws.send(JSON.stringify({{t: "hello", v: 1}}));
ws.onmessage = (event) => window.seen.push(JSON.parse(event.data).t);
ws.onclose = (event) => {{ window.wsClosed = event.code; }};
fetch("http://127.0.0.1:{port}/api/tables/{code}/join", {{
  method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}},
  body: JSON.stringify({{name: "EvilSite"}}),
}}).then(() => {{ window.posted = "sent"; }}, () => {{ window.posted = "failed"; }});
</script>"""


class OtherSite:
    """An HTTP server on another port serving one page: another origin."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.page = ""
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = site.page.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> OtherSite:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def other_site() -> Iterator[OtherSite]:
    with OtherSite(free_port()) as site:
        yield site


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("guarded")) as live:
        yield live


def seats_seen(server: LiveServer, code: str, token: str) -> list[dict[str, Any]]:
    """The table's seats, as its host's connection is told them."""

    async def look() -> list[dict[str, Any]]:
        client = await WsClient.open(server.ws_url(code))
        welcome = await client.hello(token)
        await client.close()
        seats: list[dict[str, Any]] = welcome["table"]["seats"]
        return seats

    return in_thread(lambda: run(look()))


def visit_as_stranger(chromium: Browser, site: OtherSite, server: LiveServer, code: str) -> Any:
    """Open the other site's page in a browser of its own; what its websocket and POST saw.
    Its console is not watched: the refusals it provokes are the server doing its job."""
    site.page = EVIL_PAGE.format(port=server.port, code=code)
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(site.origin + "/")
        page.wait_for_function("() => window.wsClosed !== undefined || window.seen.length > 0")
        page.wait_for_function("() => window.posted !== undefined")
        return page.evaluate("() => ({seen: window.seen, closed: window.wsClosed ?? null})")
    finally:
        context.close()


def test_s8_a_page_of_another_site_can_neither_watch_nor_join(
    chromium: Browser, other_site: OtherSite, server: LiveServer
) -> None:
    created = server.create_table(name="Ana", seats=3)
    code, token = created["code"], created["token"]
    saw = visit_as_stranger(chromium, other_site, server, code)
    assert "welcome" not in saw["seen"] and "table" not in saw["seen"], saw
    assert saw["closed"] is not None
    seats = seats_seen(server, code, token)
    assert [place["kind"] for place in seats] == ["human", "empty", "empty"], seats
    assert all(place["name"] != "EvilSite" for place in seats)


def test_s8_a_site_named_with_allow_origin_may_watch(
    chromium: Browser, other_site: OtherSite, tmp_path: Path
) -> None:
    with LiveServer(tmp_path, options=["--allow-origin", other_site.origin]) as allowing:
        created = allowing.create_table(name="Ana", seats=2)
        saw = visit_as_stranger(chromium, other_site, allowing, created["code"])
        assert "welcome" in saw["seen"], saw
        # Its text/plain POST is still refused: a body must be JSON whatever its origin.
        seats = seats_seen(allowing, created["code"], created["token"])
        assert seats[1]["kind"] == "empty", seats


def test_s8_post_bodies_must_be_json_and_cross_site_posts_get_403(server: LiveServer) -> None:
    created = server.create_table(name="Ana", seats=2)
    join = f"{server.url}/api/tables/{created['code']}/join"
    body = '{"name": "EvilSite"}'
    plain = httpx.post(join, content=body, headers={"Content-Type": "text/plain"}, timeout=10)
    assert plain.status_code == 415, plain.text
    assert plain.json()["error"]["code"] == "NOT_JSON"
    form = httpx.post(join, data={"name": "EvilSite"}, timeout=10)
    assert form.status_code == 415, form.text
    elsewhere = {"Content-Type": "application/json", "Origin": "http://evil.example"}
    crossed = httpx.post(join, content=body, headers=elsewhere, timeout=10)
    assert crossed.status_code == 403, crossed.text
    assert crossed.json()["error"]["code"] == "BAD_ORIGIN"
    created_elsewhere = httpx.post(
        server.url + "/api/tables", content='{"name": "Eve"}', headers=elsewhere, timeout=10
    )
    assert created_elsewhere.status_code == 403, created_elsewhere.text
    assert seats_seen(server, created["code"], created["token"])[1]["kind"] == "empty"
    # The server's own pages send their origin, and a program none: both are served.
    own = {"Content-Type": "application/json", "Origin": server.url}
    joined = httpx.post(join, content=body, headers=own, timeout=10)
    assert joined.status_code == 200, joined.text


@pytest.mark.parametrize(
    "path",
    ["/", "/t/ABCDEF", "/verify/nothing", "/static/js/table.js", "/api/tables", "/healthz", "/no"],
)
def test_s8_every_response_carries_the_security_headers(server: LiveServer, path: str) -> None:
    reply = httpx.get(server.url + path, timeout=10)
    for name, value in HEADERS.items():
        assert reply.headers.get(name) == value, (path, name, reply.headers)


def test_s8_refusals_carry_the_security_headers_too(server: LiveServer) -> None:
    reply = httpx.post(server.url + "/api/tables", content="{}", timeout=10)
    assert reply.status_code == 415
    for name, value in HEADERS.items():
        assert reply.headers.get(name) == value, (name, reply.headers)


# Every Content-Security-Policy violation the page meets, as the browser reports it.
WATCH_CSP = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("() => window.__violations")
    return found


def test_s8_the_pages_work_under_their_policy(pages: Pages, server: LiveServer) -> None:
    """The lobby, the waiting room, a game and the verify page, with no violation reported
    (and, through `pages`, no console error)."""
    context = pages.context()
    context.add_init_script(WATCH_CSP)
    lobby = pages.open(server.url + "/", context=context)
    by_id(lobby, "create-form").wait_for()
    assert violations(lobby) == []
    created = server.create_table(name="Ana", seats=2, bots=[{"seat": 1, "level": "easy"}])
    table = seat_page(pages, server, created["code"], created["token"], context=context)
    by_id(table, "waiting").wait_for()
    press_ready(table)
    start_game(table)
    assert violations(table) == []
    pages.allow("Failed to load resource: the server responded with a status of 404 (Not Found)")
    verify = pages.open(server.url + "/verify/unknown-game", context=context)
    verify.locator("#verdict").get_by_text("This server knows no game").wait_for()
    assert violations(verify) == []


# DNS rebinding: a stranger's name made to point at the server. Its page is then of the same
# origin as anything it asks for under that name, so only the name (Host) can give it away.
REBOUND = "rebound.test"


def as_rebound(server: LiveServer) -> dict[str, str]:
    """The headers a page of the rebound name sends to the server."""
    return {
        "Host": f"{REBOUND}:{server.port}",
        "Origin": f"http://{REBOUND}:{server.port}",
        "Content-Type": "application/json",
    }


def test_s8_a_rebound_name_is_refused_before_anything_is_served(server: LiveServer) -> None:
    created = server.create_table(name="Ana", seats=2)
    headers = as_rebound(server)
    for path in ("/", f"/t/{created['code']}", "/api/tables"):
        page = httpx.get(server.url + path, headers=headers, timeout=10)
        assert page.status_code == 421, (path, page.text)
        assert page.json()["error"]["code"] == "BAD_HOST"
        assert "--allow-host" in page.json()["error"]["message"]
        for name, value in HEADERS.items():
            assert page.headers.get(name) == value, (path, name)
    join = f"{server.url}/api/tables/{created['code']}/join"
    joined = httpx.post(join, content='{"name": "Rebound"}', headers=headers, timeout=10)
    assert joined.status_code == 421, joined.text

    async def watch() -> int | None:
        url = f"ws://{REBOUND}:{server.port}/ws/{created['code']}"
        try:
            # Sent to the server's address under the rebound name, as the browser would.
            async with connect(
                url, host="127.0.0.1", port=server.port, origin=headers["Origin"]
            ) as socket:
                await socket.send('{"t": "hello", "v": 1}')
                await socket.recv()
        except InvalidStatus as refused:
            return refused.response.status_code
        return None

    assert in_thread(lambda: run(watch())) == 403
    assert seats_seen(server, created["code"], created["token"])[1]["kind"] == "empty"
    # Addresses cannot be rebound: the same requests by address are served.
    assert httpx.get(server.url + "/", timeout=10).status_code == 200
    ipv4 = {"Host": f"127.0.0.1:{server.port}"}
    assert httpx.get(server.url + "/healthz", headers=ipv4, timeout=10).status_code == 200
    named = {"Host": f"localhost:{server.port}"}
    assert httpx.get(server.url + "/healthz", headers=named, timeout=10).status_code == 200


def test_s8_a_browser_sent_to_the_server_under_another_name_gets_no_page(
    server: LiveServer,
) -> None:
    """Chromium resolving the stranger's name to the server, as a rebound name would (in a
    thread of its own: this module's Chromium holds this thread's Playwright)."""

    def visit() -> tuple[int, str]:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium_path(),
                args=["--no-sandbox", f"--host-resolver-rules=MAP {REBOUND} 127.0.0.1"],
            )
            try:
                page = browser.new_page()
                reply = page.goto(f"http://{REBOUND}:{server.port}/")
                return (reply.status if reply else 0), page.content()
            finally:
                browser.close()

    status, content = in_thread(visit)
    assert status == 421 and "BAD_HOST" in content, (status, content)


def test_s8_allow_host_names_a_proxy_s_public_name(tmp_path: Path) -> None:
    with LiveServer(tmp_path, options=["--allow-host", "Table.Example"]) as allowing:
        public = {"Host": "table.example"}
        assert httpx.get(allowing.url + "/", headers=public, timeout=10).status_code == 200
        other = {"Host": "other.example"}
        assert httpx.get(allowing.url + "/", headers=other, timeout=10).status_code == 421


def test_s8_an_unforeseen_error_s_page_carries_the_headers_too() -> None:
    """Starlette's own 500 page is written outside every middleware: the guard answers first."""
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.routing import Route

    from lastcard.server.web_guard import WebGuard

    async def broken(request: object) -> None:
        raise RuntimeError("a bug")

    app = Starlette(routes=[Route("/", broken)], middleware=[Middleware(WebGuard)])

    async def ask() -> httpx.Response:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
            return await client.get("/")

    reply = in_thread(lambda: run(ask()))  # this module's Chromium holds this thread
    assert reply.status_code == 500
    assert reply.json()["error"]["code"] == "SERVER_ERROR"
    for name, value in HEADERS.items():
        assert reply.headers.get(name) == value, (name, reply.headers)
