"""SERVER.md §6: the browser's port of the fair-dealing checks (static/js/fair) gives exactly
what Python gives on the shared vectors (tests/server/fairness_vectors.json): the keyed BLAKE2b
stream, shuffles and dealer draws, commitments and seeds, the rules' decks, and
`verifyBundle`'s verdict on every bundle, untouched or tampered.

The port runs under node (fairness_runner.mjs prints what it computes). Without node these tests
are skipped, except where `LASTCARD_REQUIRE_NODE` is set (`make test` sets it): there they fail,
so a missing node cannot pass for a checked port. The page itself (verify.html) is driven in
Chromium on real games by test_browser_verify.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import lastcard.server

HERE = Path(__file__).parent
VECTORS = HERE / "fairness_vectors.json"
RUNNER = HERE / "fairness_runner.mjs"
STATIC = Path(lastcard.server.__file__).parent / "static"
JS = STATIC / "js" / "fair"
NODE = shutil.which("node")


@pytest.fixture(scope="module")
def vectors() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(VECTORS.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def port() -> dict[str, Any]:
    """What the JavaScript port computes on the vector file."""
    if NODE is None:
        if os.environ.get("LASTCARD_REQUIRE_NODE"):
            pytest.fail(
                "node is not on PATH, and LASTCARD_REQUIRE_NODE says these tests must run here: "
                "install Node.js (Debian: apt-get install nodejs)",
                pytrace=False,
            )
        pytest.skip("node is not installed")
    done = subprocess.run(
        [NODE, str(RUNNER), str(VECTORS), str(JS)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_s6_port_names_the_same_scheme(vectors: dict[str, Any], port: dict[str, Any]) -> None:
    assert port["algo"] == vectors["algo"]


def test_s6_port_blake2b_stream_is_rng_py(vectors: dict[str, Any], port: dict[str, Any]) -> None:
    expected = [str(vector["value"]) for vector in vectors["blake2b"]]
    assert port["blake2b"] == expected
    assert port["blake2b_generic"] == expected  # the stream's shortcut and plain BLAKE2b agree


def test_s6_port_shuffles_are_rng_py(vectors: dict[str, Any], port: dict[str, Any]) -> None:
    expected = [{"output": v["output"], "next": v["next"]} for v in vectors["shuffles"]]
    assert port["shuffles"] == expected


def test_s6_port_dealer_draws_are_rng_py(vectors: dict[str, Any], port: dict[str, Any]) -> None:
    expected = [{"output": v["output"], "counters": v["counters"]} for v in vectors["draws"]]
    assert port["draws"] == expected


def test_s6_port_commitments(vectors: dict[str, Any], port: dict[str, Any]) -> None:
    expected = [vector["commitment"] for vector in vectors["commitments"]]
    assert port["commitments"] == expected  # sha256.js, for pages without WebCrypto
    assert port["commitments_webcrypto"] == expected


def test_s6_port_game_seeds(vectors: dict[str, Any], port: dict[str, Any]) -> None:
    assert port["game_seeds"] == [str(vector["seed"]) for vector in vectors["game_seeds"]]


def test_s6_port_decks_and_played_cards(vectors: dict[str, Any], port: dict[str, Any]) -> None:
    assert port["decks"] == [vector["deck"] for vector in vectors["decks"]]
    assert port["plays"] == [vector["card"] for vector in vectors["plays"]]


def test_s6_port_verdicts_on_untouched_and_tampered_bundles(
    vectors: dict[str, Any], port: dict[str, Any]
) -> None:
    expected = {vector["name"]: vector["js"] for vector in vectors["tampered"]}
    assert port["tampered"] == expected
    assert port["tampered_without_webcrypto"] == expected
    assert {"official", "variants"} <= {name for name, v in expected.items() if v["ok"]}


def test_s6_port_checks_what_the_browser_kept_as_python_does(
    vectors: dict[str, Any], port: dict[str, Any]
) -> None:
    expected = {vector["name"]: vector["python"] for vector in vectors["own"]}
    assert port["own"] == expected
    assert expected["honest"] == {"ok": True, "failed": []}
    assert expected["seed swapped"] == {"ok": False, "failed": ["your_seed"]}
    assert expected["commitment changed"] == {"ok": False, "failed": ["your_commitment"]}


def test_s6_port_reports_every_check_in_words(port: dict[str, Any]) -> None:
    names = ["algorithm", "commitment", "seed", "generator", "stream", "deck", "cards", "plays"]
    checks = port["details"]["official"]
    assert [check["name"] for check in checks] == names
    assert all(check["ok"] and check["detail"] for check in checks)
    drawn = {c["name"]: c for c in port["details"]["a drawn card"]}
    assert "but the top of the stock is" in drawn["cards"]["detail"]


def test_s6_port_reads_the_bundle_text_with_its_seed_exact(port: dict[str, Any]) -> None:
    assert port["from_text"] == {"ok": True, "failed": []}
    assert port["from_bad_text"] == {"ok": False, "failed": ["format"]}


def test_s6_verify_page_links_what_exists() -> None:
    page = (STATIC / "verify.html").read_text(encoding="utf-8")
    assert 'href="/static/css/verify.css"' in page and (STATIC / "css" / "verify.css").is_file()
    assert 'src="/static/js/fair/verify-page.js"' in page and (JS / "verify-page.js").is_file()
    assert 'role="status"' in page
    assert "does not prove" in page and "sees every hand" in page
    assert "https://" not in page and "http://" not in page  # no CDN


def test_s6_port_modules_import_only_each_other() -> None:
    for module in JS.glob("*.js"):
        for line in module.read_text(encoding="utf-8").splitlines():
            if line.startswith("import "):
                target = line.rsplit(" from ", 1)[-1].strip(' ";')
                assert target.startswith("./") and (JS / target).is_file(), (module.name, line)
