"""Lighthouse's accessibility and best-practices scores of the lobby and of a table mid-hand.

A real `lastcard serve` (its own temporary database, bots slow enough that the hand stays
still while it is scored) and Debian's Chromium, driven by Playwright to create a table, take
its seat and start the game, then scored by Lighthouse (npm `lighthouse`, pinned at 12.2.3, the
last release that runs on Node 20) over the same browser, without clearing its storage, so the
table page is scored as its player sees it: seated, mid-hand. The goal (issue 24) is 95 or more
on both categories and both pages; every audit that lost points is listed.

    python benchmarks/lighthouse.py                  # prints the scores
    python benchmarks/lighthouse.py --json out.json  # and keeps them
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

LIGHTHOUSE = "lighthouse@12.2.3"
CATEGORIES = ("accessibility", "best-practices")
GOAL = 95
TOKEN_KEY = "lastcard:token:{code}"  # as static/js/storage.js keeps a seat's token


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(directory: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [
        sys.executable, "-m", "lastcard", "serve", "--port", str(port),
        "--db", f"sqlite:///{directory / 'server.sqlite3'}",
        "--bot-delay", "600", "--hand-pause", "600",
    ]  # fmt: skip
    log = (directory / "server.log").open("wb")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit("the server exited:\n" + (directory / "server.log").read_text())
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    sys.exit("the server did not answer in 120 s")


def lighthouse(url: str, debugging_port: int, out: Path) -> dict[str, Any]:
    npx = shutil.which("npx")
    if npx is None:
        sys.exit("Lighthouse runs on Node: install node and npm (npx)")
    command = [
        npx, "--yes", LIGHTHOUSE, url,
        f"--port={debugging_port}", "--disable-storage-reset",
        f"--only-categories={','.join(CATEGORIES)}",
        "--output=json", f"--output-path={out}", "--quiet",
        "--form-factor=desktop", "--screenEmulation.disabled",
    ]  # fmt: skip
    subprocess.run(command, check=True)
    result: dict[str, Any] = json.loads(out.read_text())
    return result


def lost_points(result: dict[str, Any], category: str) -> list[str]:
    audits = result["audits"]
    lost = []
    for ref in result["categories"][category]["auditRefs"]:
        audit = audits[ref["id"]]
        if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
            lost.append(f"{ref['id']} ({audit['title']})")
    return lost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", metavar="FILE", help="also write the scores as JSON")
    parser.add_argument(
        "--reports", metavar="DIR", help="keep Lighthouse's reports (lobby.json, table.json)"
    )
    parser.add_argument(
        "--chromium",
        default=os.environ.get("LASTCARD_CHROMIUM") or shutil.which("chromium") or "chromium",
        help="the Chromium to drive (default: LASTCARD_CHROMIUM or chromium on PATH)",
    )
    args = parser.parse_args()
    scores: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="lastcard-lighthouse-") as temporary:
        directory = Path(temporary)
        server, url = start_server(directory)
        try:
            created = httpx.post(
                url + "/api/tables",
                json={"name": "Ana", "seats": 4, "bots": [
                    {"seat": seat, "level": "easy"} for seat in (1, 2, 3)
                ]},
                timeout=30,
            ).json()  # fmt: skip
            code = created["code"]
            debugging = free_port()
            os.environ["CHROME_PATH"] = args.chromium
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch_persistent_context(
                    str(directory / "profile"),
                    executable_path=args.chromium,
                    args=["--no-sandbox", f"--remote-debugging-port={debugging}"],
                )
                page = browser.new_page()
                page.goto(url + "/")
                page.evaluate(
                    "([key, token]) => localStorage.setItem(key, token)",
                    [TOKEN_KEY.format(code=code), created["token"]],
                )
                page.goto(f"{url}/t/{code}")
                page.locator('[data-testid="ready"]').click()
                page.wait_for_function(
                    "() => document.querySelector('[data-testid=waiting-hint]')"
                    ".textContent.startsWith('Everyone is ready')"
                )
                page.locator('[data-testid="start"]').click()
                page.locator('[data-testid="hand"] button.card').first.wait_for()
                for name, address in (("lobby", url + "/"), ("table", f"{url}/t/{code}")):
                    result = lighthouse(address, debugging, directory / f"{name}.json")
                    if args.reports:
                        Path(args.reports).mkdir(parents=True, exist_ok=True)
                        shutil.copy(directory / f"{name}.json", Path(args.reports))
                    scores[name] = {}
                    for category in CATEGORIES:
                        score = round(result["categories"][category]["score"] * 100)
                        scores[name][category] = score
                        lost = lost_points(result, category)
                        print(
                            f"{name:6} {category:15} {score:3d}"
                            + (f"   lost: {'; '.join(lost)}" if lost else "")
                        )
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    met = all(score >= GOAL for page in scores.values() for score in page.values())
    print(f"goal (>= {GOAL} on both pages and categories): {'met' if met else 'not met'}")
    if args.json:
        Path(args.json).write_text(json.dumps({"lighthouse": LIGHTHOUSE, "scores": scores}))


if __name__ == "__main__":
    main()
