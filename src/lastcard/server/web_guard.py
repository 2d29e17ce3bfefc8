"""The web's own attacks (SERVER.md §8): cross-site requests, rebound names and the headers of
every response.

`WebGuard` wraps the app. A request whose `Host` is a name the server does not answer to is
refused (421) before anything else: a stranger's page can point its own name at the server's
address (DNS rebinding) and so pass for the server's own origin, but it cannot change the name
the browser sends. Addresses (`127.0.0.1`, `192.168.1.20`) cannot be rebound and are always
answered; names are `localhost`, this machine's own name and those given with `--allow-host`
(a reverse proxy's public name) or `--allow-origin`. Then a websocket handshake or a
state-changing HTTP request whose `Origin` is neither the server's own origin nor one given
with `--allow-origin` is refused with 403 before the app sees it, so a page on another site
can neither watch a table nor take a seat.
Browsers always send `Origin` on these, so a request without one comes from a program, not a
page, and is judged by its token as usual. Every HTTP response carries a Content-Security-Policy
allowing only the server's own scripts, styles and connections, and no framing, sniffing or
referrer, and so does the page of an error nobody foresaw (500).
"""

from __future__ import annotations

import ipaddress
import json
import socket
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


def host_name(host_header: str) -> str:
    """The name or address of a `Host` header, in lower case, without its port or brackets."""
    host = host_header.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def own_names() -> frozenset[str]:
    """The names this machine answers to without being told: `localhost` and its own name
    (with `.local`, as the local network's name service says it)."""
    machine = socket.gethostname().lower()
    return frozenset({"localhost", machine, f"{machine.split('.', 1)[0]}.local"} - {""})


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

    def __init__(
        self,
        app: ASGIApp,
        allow_origins: Iterable[str] = (),
        allow_hosts: Iterable[str] = (),
    ) -> None:
        self.app = app
        self.allowed = frozenset(
            normal for origin in allow_origins if (normal := normalise_origin(origin))
        )
        self.hosts = (
            own_names()
            | {host_name(name) for name in allow_hosts}
            | {host_name(origin.split("//", 1)[-1]) for origin in self.allowed}
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if scope["type"] == "websocket":
            if refusal is not None:
                # Closing before accepting answers the handshake with 403.
                await receive()
                await send({"type": "websocket.close", "code": 1008, "reason": refusal.code})
                return
            await self.app(scope, receive, send)
            return
        if refusal is not None:
            await refusal.send(send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if name.lower() not in _OURS
                ]
                message = {**message, "headers": [*headers, *SECURITY_HEADERS]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            # The server's own error page (outside this guard) would go without the headers:
            # answer here, then let the error go on to be logged.
            if not started:
                await _SERVER_ERROR.send(send)
            raise

    def _refusal(self, scope: Scope) -> _Answer | None:
        """What the request is refused with, if it is: a name the server does not answer to,
        then, for what can change something, a page of another site."""
        headers = dict(scope.get("headers", []))
        host = headers.get(b"host")
        if host is not None:  # no Host: HTTP/1.0 from a program; a browser always sends one
            name = host_name(host.decode("latin-1"))
            if not (is_address(name) or name in self.hosts):
                return _BAD_HOST
        if scope["type"] == "http" and scope["method"] in SAFE_METHODS:
            return None
        origin = headers.get(b"origin")
        if origin is None:
            return None  # not a page: a program, judged by its token as any request is
        text = origin.decode("latin-1")
        if normalise_origin(text) in self.allowed or same_host(
            text, (host or b"").decode("latin-1")
        ):
            return None
        return _BAD_ORIGIN


_OURS = frozenset(name for name, _ in SECURITY_HEADERS)


class _Answer:
    """A JSON error answered by the guard itself, with the security headers."""

    def __init__(self, status: int, code: str, message: str) -> None:
        self.status, self.code = status, code
        self.body = json.dumps({"error": {"code": code, "message": message}}).encode()

    async def send(self, send: Send) -> None:
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(self.body)).encode()),
            *SECURITY_HEADERS,
        ]
        await send({"type": "http.response.start", "status": self.status, "headers": headers})
        await send({"type": "http.response.body", "body": self.body})


_BAD_ORIGIN = _Answer(
    403, "BAD_ORIGIN", "this server takes requests from its own pages and the sites it allows"
)
_BAD_HOST = _Answer(
    421,
    "BAD_HOST",
    "this server answers to its addresses and its own names: start it with --allow-host NAME "
    "to answer to another",
)
_SERVER_ERROR = _Answer(500, "SERVER_ERROR", "the server failed: try again")
