"""The web's own attacks (SERVER.md §8): cross-site requests and the headers of every response.

`WebGuard` wraps the app. A websocket handshake or a state-changing HTTP request whose `Origin`
is neither the server's own origin nor one given with `--allow-origin` is refused with 403
before the app sees it, so a page on another site can neither watch a table nor take a seat.
Browsers always send `Origin` on these, so a request without one comes from a program, not a
page, and is judged by its token as usual. Every HTTP response carries a Content-Security-Policy
allowing only the server's own scripts, styles and connections, and no framing, sniffing or
referrer.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# `default-src 'self'` covers scripts, styles, images, fonts and websockets to this server's
# own host; the rest closes what `default-src` does not: being framed, `<base>` and form posts.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; "
    "object-src 'none'"
)
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers that predate it
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def normalise_origin(origin: str) -> str | None:
    """`scheme://host:port` in lower case with the port always written, or None for what is
    not an origin (`null`, a path, no host)."""
    parts = urlsplit(origin.strip().lower())
    if parts.scheme not in _DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        return None
    try:
        port = parts.port or _DEFAULT_PORTS[parts.scheme]
    except ValueError:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port}"


def same_host(origin: str, host_header: str) -> bool:
    """Whether `origin` names the host and port the request was sent to (its `Host` header).
    The scheme is the origin's own: a proxy terminating TLS sends the plain Host it was asked
    for, so `https://table.example` and `Host: table.example` are one site."""
    normal = normalise_origin(origin)
    if normal is None or not host_header:
        return False
    scheme = normal.split(":", 1)[0]
    return normalise_origin(f"{scheme}://{host_header}") == normal


class WebGuard:
    """ASGI middleware: the Origin check and the security headers (see the module docstring)."""

    def __init__(self, app: ASGIApp, allow_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = frozenset(
            normal for origin in allow_origins if (normal := normalise_origin(origin))
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            if not self._origin_ok(scope):
                # Closing before accepting answers the handshake with 403.
                await receive()
                await send({"type": "websocket.close", "code": 1008, "reason": "origin"})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] not in SAFE_METHODS and not self._origin_ok(scope):
            await _refuse(send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if name.lower() not in _OURS
                ]
                message = {**message, "headers": [*headers, *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _origin_ok(self, scope: Scope) -> bool:
        headers = {name: value for name, value in scope.get("headers", [])}
        origin = headers.get(b"origin")
        if origin is None:
            return True  # not a page: a program, judged by its token as any request is
        text = origin.decode("latin-1")
        if normalise_origin(text) in self.allowed:
            return True
        return same_host(text, headers.get(b"host", b"").decode("latin-1"))


_OURS = frozenset(name for name, _ in SECURITY_HEADERS)
_REFUSAL = json.dumps(
    {
        "error": {
            "code": "BAD_ORIGIN",
            "message": "this server takes requests from its own pages and the sites it allows",
        }
    }
).encode()


async def _refuse(send: Send) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(_REFUSAL)).encode()),
                *SECURITY_HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": _REFUSAL})
