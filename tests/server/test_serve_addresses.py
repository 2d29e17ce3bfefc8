"""`lastcard serve` tells its host the addresses friends can use, and how to listen on them:
an invite link from `localhost` works for no one else (issue 24)."""

from __future__ import annotations

from pathlib import Path

from live_server import LiveServer

from lastcard.server.addresses import invite_lines, lan_addresses

LAN = ["192.168.1.20", "10.0.0.5"]


def test_on_loopback_it_says_how_friends_on_the_network_can_join() -> None:
    lines = invite_lines("127.0.0.1", 8000, LAN)
    assert lines[0] == "lastcard serves on http://localhost:8000/ (this computer only)."
    assert "--host 0.0.0.0" in lines[1]
    assert "http://192.168.1.20:8000/ or http://10.0.0.5:8000/" in lines[1]
    assert "internet" in lines[-1] and "--trusted-proxy" in lines[-1]


def test_on_every_network_it_lists_the_addresses_to_share() -> None:
    lines = invite_lines("0.0.0.0", 8080, LAN)
    assert (
        lines[1]
        == "Friends on your network open http://192.168.1.20:8080/ or http://10.0.0.5:8080/"
    )
    assert not any("--host" in line for line in lines)
    assert invite_lines("::", 8080, [])[0] == "lastcard serves on http://localhost:8080/"


def test_on_one_address_it_names_that_one() -> None:
    assert invite_lines("192.168.1.20", 8000, LAN)[0].startswith(
        "lastcard serves on http://192.168.1.20:8000/; friends open that address."
    )
    assert "[fd00::5]" in invite_lines("fd00::5", 8000, [])[0]


def test_the_machines_addresses_are_not_loopback() -> None:
    assert all(not address.startswith("127.") for address in lan_addresses())


def test_the_real_server_prints_them_before_it_serves(tmp_path: Path) -> None:
    with LiveServer(tmp_path) as server:
        printed = server.log.read_text()
    assert f"lastcard serves on http://localhost:{server.port}/ (this computer only)." in printed
    assert "start it with --host 0.0.0.0" in printed
    for address in lan_addresses():
        assert f"http://{address}:{server.port}/" in printed
