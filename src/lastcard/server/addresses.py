"""The addresses friends can use to reach `lastcard serve`, printed when it starts.

An invite link carries whatever address the host's browser used: `localhost` works for no one
else. The server says where it listens, this machine's addresses on its networks, and how to
listen on them (`--host 0.0.0.0`) when it listens on loopback only.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Sequence

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})
EVERY_NETWORK = frozenset({"0.0.0.0", "::", ""})

# A documentation address (RFC 5737): "connecting" a UDP socket to it sends nothing, but makes
# the system pick the address of this machine that faces its default route.
_PROBE = ("192.0.2.1", 9)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, the default route's first."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            found.append(probe.getsockname()[0])
    except OSError:
        pass  # no route: no network to share
    try:
        named = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        named = []
    found += [str(info[4][0]) for info in named]
    usable = [a for a in found if not ipaddress.ip_address(a).is_loopback]
    return list(dict.fromkeys(usable))


def _url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def invite_lines(host: str, port: int, addresses: Sequence[str]) -> list[str]:
    """What `lastcard serve` tells its host about reaching it, listening on `host`:`port` on a
    machine with these network `addresses`."""
    if host in LOOPBACK_HOSTS:
        lines = [f"lastcard serves on {_url('localhost', port)} (this computer only)."]
        if addresses:
            where = " or ".join(_url(a, port) for a in addresses)
            lines.append(
                f"For friends on your network, start it with --host 0.0.0.0 and share {where}"
            )
        else:
            lines.append("For friends on your network, start it with --host 0.0.0.0.")
    elif host in EVERY_NETWORK:
        lines = [f"lastcard serves on {_url('localhost', port)}"]
        if addresses:
            lines.append(
                "Friends on your network open " + " or ".join(_url(a, port) for a in addresses)
            )
    else:
        lines = [f"lastcard serves on {_url(host, port)}; friends open that address."]
    lines.append(
        "Friends elsewhere need a way in from the internet: a forwarded port on your router, or "
        "a reverse proxy with HTTPS (--trusted-proxy). Share links from the address they use."
    )
    return lines
